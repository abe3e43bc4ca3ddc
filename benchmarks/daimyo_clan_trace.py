"""Each clan's plan, turn by turn, in one AI-vs-AI Daimyo game (issue 19): its state, the
crossing it receives at, the turn it first stood at a bridge or ford on its way (`at`, where the
plan keeps it) and the factor its temper puts on its aggression (`a`, where the scorer has one),
with the army plan's clock pressure and 5.2 margin; then the winner and the charges declared.
The game is the one `kassen simulate` and `benchmarks.daimyo_ai_fights` play for that master
seed and index.

    PYTHONPATH=. nice python -m benchmarks.daimyo_clan_trace reference 2 2 [--a normal --b normal]
"""
from __future__ import annotations

import argparse

from sim.batch.duel import duel_spec
from sim.batch.spec import derive_seed, seat_levels, spec_from_file
from sim.batch.worker import _play
from sim.daimyo.ai.scorer import DaimyoScorer
from sim.daimyo.combat.events import ChargeDeclared, MeleeRound


def _line(scorer, st, side: str) -> str:
    army, parts = scorer.commander.army, []
    tempers = getattr(scorer, "_tempers", {})
    for clan, p in sorted(scorer.plans.items()):
        t = tempers.get(clan)
        at = getattr(p, "at_crossing", 0)
        parts.append(f"{clan.rsplit('-', 1)[-1]}:{p.state}{'@' + p.crossing if p.crossing else ''}"
                     f"{f' at{at}' if at else ''}{f' a{t[1]:.1f}' if t else ''}")
    return f"t{st.turn:2d} {side}: pressure {army.pressure:.2f} margin {army.margin:+.2f} | " + " ".join(parts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("seed", type=int, help="master seed")
    ap.add_argument("index", type=int, help="game index")
    ap.add_argument("--a", default="normal")
    ap.add_argument("--b", default="normal")
    args = ap.parse_args(argv)
    spec = duel_spec(spec_from_file(args.scenario, seed=args.seed), args.a, args.b)
    seed = derive_seed(spec.seed, args.index)
    game = spec.game.new(spec.scenario, seed, **spec.options)
    seen: set = set()
    prepare = DaimyoScorer.prepare

    def traced(scorer, g, side):
        prepare(scorer, g, side)
        if scorer.commander is not None and (side, g.state.turn) not in seen:
            seen.add((side, g.state.turn))
            print(_line(scorer, g.state, side), flush=True)
    DaimyoScorer.prepare = traced
    try:
        _play(spec, game, seed, seat_levels(spec, tuple(game.sides()), args.index))
    finally:
        DaimyoScorer.prepare = prepare
    charges = [e for e in game.events if isinstance(e, ChargeDeclared)]
    rounds = sum(isinstance(e, MeleeRound) for e in game.events)
    print(f"winner {game.state.winner or '-'}: {game.state.over_reason}; {len(charges)} charges, {rounds} melee rounds")
    for e in charges:
        print(f"  {e.unit} charges {e.target} ({e.edge}, {e.distance:.1f} cm, bonus {e.bonus})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
