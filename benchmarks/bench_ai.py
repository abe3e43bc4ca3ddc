"""AI-vs-AI battle speed and exact-odds time on the reference table (same as `kassen bench`).

    PYTHONPATH=. python -m benchmarks.bench_ai [battles] [turn limit]
"""
import sys

from sim.daimyo.bench import run_bench

if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    sys.exit(run_bench(args[0] if args else 2, "benchmarks/reference.toml", args[1] if len(args) > 1 else 15, "hard"))
