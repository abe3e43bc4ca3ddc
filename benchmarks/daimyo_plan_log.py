"""Log every movement plan of six short AI battles, to show a speed change to the plan code
changed no plan: run it on the code before and after and compare the two files (`cmp`).

Each line is a digest of the order and its Plan's repr (every float of path and cost, the
friends passed, leaders killed, terrain paid) or of the refusal's text, then the start of
that text to read.

    PYTHONPATH=. python -m benchmarks.daimyo_plan_log /tmp/plans_before.txt   # before
    PYTHONPATH=. python -m benchmarks.daimyo_plan_log /tmp/plans_after.txt    # after
"""
from __future__ import annotations

import argparse
import hashlib
import sys

from sim.core.errors import RuleError
from sim.core.players import play_out
from sim.core.scenario import open_game
from sim.daimyo import make_player, movement

BATTLES = [("benchmarks/reference.toml", 1, 3), ("scenarios/daimyo/training.toml", 1, 6),
           ("scenarios/daimyo/training.toml", 2, 6), ("scenarios/daimyo/nagashino.toml", 3, 4),
           ("scenarios/daimyo/anegawa.toml", 1, 3), ("scenarios/daimyo/kawanakajima.toml", 1, 3)]


def log_plans(path: str) -> int:
    lines: list[str] = []
    plan = movement._plan

    def logged(st, action):
        try:
            got = plan(st, action)
        except RuleError as exc:
            lines.append(f"{action!r} refused: {exc}")
            raise
        lines.append(f"{action!r} {got!r}")
        return got
    movement._plan = logged
    try:
        for scenario, seed, turns in BATTLES:
            game = open_game(scenario, seed=seed, max_turns=turns)
            players = {s: make_player(s, "hard", seed * 10 + i) for i, s in enumerate(game.sides())}
            play_out(game, players)
            lines.append(f"battle {scenario} seed {seed}: {len(game.actions)} actions")
    finally:
        movement._plan = plan
    with open(path, "w") as out:
        for line in lines:
            out.write(f"{hashlib.sha1(line.encode()).hexdigest()[:16]} {line[:160]!r}\n")
    print(f"{len(lines)} lines written to {path}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="the file the plans' digests are written to")
    return log_plans(ap.parse_args(argv).out)


if __name__ == "__main__":
    sys.exit(main())
