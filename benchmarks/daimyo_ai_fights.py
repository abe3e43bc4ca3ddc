"""Does the Daimyo scripted opponent fight? (issue 19: at least 3 charges and 5 melee rounds a
game on the training table, and most games decided.)

Plays the games `kassen duel` plays (the same game seeds from the master seed, sides
alternated) and counts, a game, the charges declared (4.4), the melee rounds fought (4.6) and
how the game ended; with `--why` it also prints, for each game, the turn of the first charge
and the turn limit. One process, no workers: run it niced.

    PYTHONPATH=. nice -n 10 python -m benchmarks.daimyo_ai_fights training normal normal 20
    PYTHONPATH=. nice -n 10 python -m benchmarks.daimyo_ai_fights training hard normal 20 --turn-limit 18
"""
from __future__ import annotations

import argparse
import sys
import time

from sim.batch.duel import duel_spec
from sim.batch.spec import RunSpec, derive_seed, seat_levels, spec_from_file
from sim.batch.worker import _play
from sim.batch.stats import rate
from sim.daimyo.combat.events import ChargeDeclared, MeleeRound


def fights(spec: RunSpec, index: int) -> dict:
    """One duel game: who won, with which level, and the charges and melee rounds in it."""
    seed = derive_seed(spec.seed, index)
    game = spec.game.new(spec.scenario, seed, **spec.options)
    levels = seat_levels(spec, tuple(game.sides()), index)
    _play(spec, game, seed, levels)
    charges = [e for e in game.events if isinstance(e, ChargeDeclared)]
    rounds = [e for e in game.events if isinstance(e, MeleeRound)]
    winner = game.state.winner or ""
    return {"index": index, "levels": levels, "winner": winner, "won_by": levels.get(winner, ""),
            "charges": len(charges), "rounds": len(rounds), "turns": game.state.turn,
            "reason": game.state.over_reason}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("runs", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="first game index (to split a batch)")
    ap.add_argument("--turn-limit", type=int)
    ap.add_argument("--why", action="store_true", help="one line a game")
    args = ap.parse_args(argv)
    options = {"turn_limit": args.turn_limit} if args.turn_limit else {}
    spec = duel_spec(spec_from_file(args.scenario, seed=args.seed, options=options), args.a, args.b)
    t0, games = time.process_time(), []
    for i in range(args.start, args.start + args.runs):
        g = fights(spec, i)
        games.append(g)
        if args.why:
            print(f"game {i}: {g['levels']} winner {g['winner'] or '-'} ({g['won_by'] or 'draw'}), "
                  f"{g['charges']} charges, {g['rounds']} rounds, turn {g['turns']}: {g['reason']}", flush=True)
    n = len(games)
    decisive = sum(bool(g["winner"]) for g in games)
    a_won = sum(g["won_by"] == args.a and bool(g["winner"]) for g in games) if args.a != args.b else \
        sum(g["winner"] == sorted(g["levels"])[0] for g in games)
    b_won = decisive - a_won
    d = rate(decisive, n)
    print(f"{args.scenario} {args.a} - {args.b}, {n} games: {a_won}-{b_won}-{n - decisive} "
          f"(decisive {decisive}, {100 * d['rate']:.0f} %, CI {100 * d['ci95'][0]:.0f}-{100 * d['ci95'][1]:.0f}); "
          f"a game {sum(g['charges'] for g in games) / n:.2f} charges, {sum(g['rounds'] for g in games) / n:.2f} "
          f"melee rounds; {time.process_time() - t0:.0f} CPU s")
    if args.a == args.b:
        print("(same level both sides: the first count is the side named first alphabetically)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
