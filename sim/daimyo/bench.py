"""`kassen bench`: how fast whole AI-vs-AI battles and the exact odds are (issue 5 goals).

Goal: 1,000 battles of the ~150-stand reference table (benchmarks/reference.toml), up to 15
turns, in <= 60 s on 2 cores, i.e. 0.12 s a battle per core; exact odds in <= 10 ms.
Battles run one after another in this process (per-core speed; the batch runner's process pool
multiplies it by the cores). docs/performance.md records results and where the time goes.
"""
from __future__ import annotations

import time

from sim.core.players import play_out
from sim.core.scenario import open_game

GOAL_BATTLES, GOAL_SECONDS, GOAL_CORES, GOAL_ODDS_MS = 1000, 60.0, 2, 10.0


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
                    "turns": game.state.turn, "winner": res.winner if res else None})
    return out


def time_odds(path: str, repeat: int = 20) -> tuple[float, str]:
    """Milliseconds for the exact odds of the first charge found on the table's start (or of the
    largest pure melee round, 8 stands against 8, when no charge is in reach)."""
    from sim.core.errors import RuleError
    from sim.daimyo.charge_odds import charge_odds
    from sim.daimyo.odds import melee_odds
    game = open_game(path, seed=1)
    st = game.state
    pair = None
    for u in st.living():
        for t in st.living(st.enemy(u.side)):
            try:
                charge_odds(st, u.id, t.id)
            except RuleError:
                continue
            pair = (u.id, t.id)
            break
        if pair:
            break
    fn, what = ((lambda: charge_odds(st, *pair)), f"charge {pair[0]} -> {pair[1]} (rules + arithmetic)") if pair \
        else ((lambda: melee_odds([2] * 8, [1] * 8)), "melee round 8 stands vs 8 (arithmetic only)")
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1000, what


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
    ms, what = time_odds(path)
    print(f"exact odds, {what}: {ms:.2f} ms (goal <= {GOAL_ODDS_MS:.0f} ms)")
    return 0
