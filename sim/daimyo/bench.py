"""`kassen bench`: how fast whole AI-vs-AI battles and the exact odds are (issue 5 goals).

Goal: 1,000 battles of the ~150-stand reference table (bundled scenario `reference`), up to 15
turns, in <= 60 s on 2 cores, i.e. 0.12 s a battle per core; exact odds in <= 10 ms.
Battles run one after another in this process (per-core speed; the batch runner's process pool
multiplies it by the cores). docs/performance.md records results and where the time goes.
"""
from __future__ import annotations

import math
import time

from sim.core.players import play_out
from sim.core.scenario import open_game

GOAL_BATTLES, GOAL_SECONDS, GOAL_CORES, GOAL_ODDS_MS = 1000, 60.0, 2, 10.0
REACH_CM = 60.0      # centre to centre: beyond any charge move (4.3 table) plus two unit widths


def time_battles(path: str, battles: int, turn_limit: int, level: str) -> list[dict]:
    from sim.daimyo import make_player
    out = []
    for seed in range(1, battles + 1):
        game = open_game(path, seed=seed, max_turns=turn_limit)
        players = {s: make_player(s, level, seed * 10 + i) for i, s in enumerate(game.sides())}
        start = time.perf_counter(), time.process_time()
        play_out(game, players)
        wall, cpu = time.perf_counter() - start[0], time.process_time() - start[1]
        res = game.result()
        out.append({"seed": seed, "wall": wall, "cpu": cpu, "actions": len(game.actions),
                    "turns": game.state.turn, "winner": res.winner if res else None,
                    "rules": replay_cpu(path, seed, turn_limit, game.actions)})
    return out


def replay_cpu(path: str, seed: int, turn_limit: int, actions) -> float:
    """CPU seconds the rules alone take to carry out a battle's orders, replayed into a fresh
    game with no decisions made: the floor under any player's cost."""
    game = open_game(path, seed=seed, max_turns=turn_limit)
    start = time.process_time()
    for a in actions:
        game.apply(a)
    return time.process_time() - start


def time_odds(path: str, repeat: int = 21, max_actions: int = 3000) -> tuple[float, str]:
    """Median CPU milliseconds of the exact odds of a whole charge (plan, closing fire, fighting
    stands, modifiers, arithmetic). Armies rarely start in reach, so an eager-random game on the
    table (seed 1) is played until some unit may charge an enemy; if none ever may, the largest
    pure melee round (8 stands against 8, arithmetic only) is timed instead, and said so."""
    import statistics
    from sim.daimyo.charge_odds import charge_odds
    from sim.daimyo.fuzz import EagerRandomPlayer
    from sim.daimyo.odds import melee_odds
    game = open_game(path, seed=1)
    players = {s: EagerRandomPlayer(7 + i) for i, s in enumerate(game.sides())}
    pair = _first_charge(game.state)
    for n in range(1, max_actions):
        side = game.to_act()
        if pair or side is None:
            break
        game.apply(players[side].choose(game, side))
        if n % 10 == 0:                # asking every pair is dear; a charge stays open a while
            pair = _first_charge(game.state)
    st = game.state
    if pair:
        fn = lambda: charge_odds(st, *pair)      # noqa: E731
        what = (f"charge {pair[0]} ({st.units[pair[0]].stands} stands) -> {pair[1]} "
                f"({st.units[pair[1]].stands}), turn {st.turn} of a random game (rules + arithmetic)")
    else:
        fn, what = (lambda: melee_odds([2] * 8, [1] * 8)), "melee round 8 stands vs 8 (arithmetic only)"
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), what


def _first_charge(st) -> tuple[str, str] | None:
    """The first (attacker, defender) pair whose charge the rules allow now, if any."""
    from sim.core.errors import RuleError
    from sim.daimyo.charge_odds import charge_odds
    from sim.daimyo.model import Troop
    for u in st.living():
        if u.troop in (Troop.HQ, Troop.ARTILLERY) or u.routing:
            continue
        for t in st.living(st.enemy(u.side)):
            if math.hypot(u.x - t.x, u.y - t.y) > REACH_CM:
                continue
            try:
                charge_odds(st, u.id, t.id)
            except RuleError:
                continue
            return u.id, t.id
    return None


def run_bench(battles: int, path: str, turn_limit: int, level: str) -> int:
    rows = time_battles(path, battles, turn_limit, level)
    for r in rows:
        print(f"battle seed {r['seed']}: {r['turns']} turns, {r['actions']} actions, "
              f"{r['wall']:.1f} s wall, {r['cpu']:.1f} s CPU, winner {r['winner'] or 'none'}")
    cpu = sum(r["cpu"] for r in rows) / len(rows)
    need = GOAL_SECONDS * GOAL_CORES / GOAL_BATTLES
    verdict = f"{cpu / need:.0f}x too slow" if cpu > need else "met"
    print(f"{path}, {level} vs {level}, up to {turn_limit} turns: {cpu:.2f} CPU s a battle = "
          f"{1 / cpu:.3f} battles/s per core; 1,000 battles on 2 cores would take "
          f"{cpu * GOAL_BATTLES / GOAL_CORES:.0f} s (goal {GOAL_SECONDS:.0f} s: {verdict})")
    rules = sum(r["rules"] for r in rows) / len(rows)
    print(f"of which the rules carrying out the orders (replayed, no decisions): {rules:.2f} CPU s "
          f"a battle, {rules / need:.1f}x the whole goal of {need:.2f} s")
    ms, what = time_odds(path)
    print(f"exact odds, {what}: {ms:.2f} CPU ms, median of repeats with warm shape caches (goal <= {GOAL_ODDS_MS:.0f} ms)")
    return 0
