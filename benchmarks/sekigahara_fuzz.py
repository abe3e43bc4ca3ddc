"""Random-play fuzz of Sekigahara: N games (default 1000) of uniformly random legal actions.

Every action offered by legal_actions must apply without error and every game must end.
Run: PYTHONPATH=. python benchmarks/sekigahara_fuzz.py [N]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from sim.core import args
from sim.core.players import RandomPlayer, play_out
from sim.core.scenario import read_toml
from sim.sekigahara import GAME

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios/sekigahara/campaign.toml"


def fuzz(n: int = 1000) -> int:
    scenario = read_toml(SCENARIO)
    start, wins, reasons, actions, errors, weeks = time.time(), Counter(), Counter(), 0, 0, Counter()
    for seed in range(n):
        g = GAME.new(scenario, seed)
        try:
            play_out(g, {s: RandomPlayer(seed * 31 + i) for i, s in enumerate(g.sides())})
        except Exception as exc:  # report and carry on: the count is the point
            errors += 1
            print(f"seed {seed}: {exc!r}")
            continue
        r = g.result()
        if r is None:
            errors += 1
            print(f"seed {seed}: did not finish")
            continue
        wins[r.winner] += 1
        reasons[r.reason.split(" (")[0]] += 1
        actions += len(g.actions)
        weeks[g.state.week] += 1
    secs = time.time() - start
    print(f"{n} random games in {secs:.1f}s, errors {errors}, mean actions {actions / max(1, n - errors):.0f}")
    print("wins", dict(wins))
    print("endings", dict(reasons))
    print("final week", dict(sorted(weeks.items())))
    return 1 if errors else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=args.integer(0, args.MAX_RUNS), default=1000,
                    help="games to play (default 1000)")
    return fuzz(ap.parse_args(argv).n)


if __name__ == "__main__":
    sys.exit(main())
