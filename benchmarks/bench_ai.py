"""AI-vs-AI battle speed and exact-odds time on the reference table (same as `kassen bench`).

    PYTHONPATH=. python -m benchmarks.bench_ai [battles] [turn limit]
"""
import argparse
import os
import sys
from pathlib import Path

from sim.core import args
from sim.daimyo.bench import run_bench

# as benchmarks/reference.toml from the repository's root, and found from any other folder
REFERENCE = os.path.relpath(Path(__file__).resolve().parent / "reference.toml")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("battles", nargs="?", type=args.integer(1, 1000), default=2, help="battles to time (default 2)")
    ap.add_argument("turns", nargs="?", type=args.integer(1, 1000), default=15, metavar="turn_limit",
                    help="each battle's turn limit (default 15)")
    got = ap.parse_args(argv)
    return run_bench(got.battles, REFERENCE, got.turns, "hard")


if __name__ == "__main__":
    sys.exit(main())
