"""Games per second of the batch runner on the toy race game (runner overhead, not AI speed).

The toy game is a few dozen actions, so this measures what the runner adds per game: spawning
the pool, pickling specs and summaries, progress. Baseline: the same games played in a plain
loop with no runner at all.

    PYTHONPATH=. python benchmarks/bench_batch.py [--runs 4000]
"""
from __future__ import annotations

import argparse
import os
import time

from sim.batch.runner import run_batch
from sim.batch.spec import RunSpec
from sim.batch.worker import play_game
from tests.batch.toysystem import StatRace


def timed(fn, repeat: int = 3) -> float:
    """Best of `repeat` wall-clock times (the least disturbed by other load)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=4000)
    args = p.parse_args()
    spec = RunSpec(game=StatRace, scenario={}, seed=1, lineup=("mixed",))
    actions = sum(s.actions for s in run_batch(spec, 200, workers=1, progress=False)) / 200  # warm-up too
    print(f"toy race game: {actions:.1f} actions per game, {args.runs} games, {os.cpu_count()} CPUs")
    rows = [("plain loop, no runner", timed(lambda: [play_game(spec, i) for i in range(args.runs)]))]
    for workers in (1, 2):
        rows.append((f"run_batch workers={workers}",
                     timed(lambda: run_batch(spec, args.runs, workers=workers, progress=False))))
    rows.append(("run_batch workers=2 + progress bar",
                 timed(lambda: run_batch(spec, args.runs, workers=2, progress=True))))
    for name, seconds in rows:
        print(f"{name:38s} {seconds:7.2f} s  {args.runs / seconds:9.0f} games/s")


if __name__ == "__main__":
    main()
