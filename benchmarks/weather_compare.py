"""Weather on against weather off (Daimyo 6.2), AI against AI on one scenario, paired seeds.

Game i of both arms uses the same seed, so the two arms differ only by the option. Games are
played alternately (on, off, on, off, ...) until --runs pairs or --minutes run out, and every
finished game is appended to a JSON-lines file at once, so an interrupted run keeps its games
and a later run with the same --out adds more pairs (it resumes at the next index).

Run (what docs/weather.md reports):
    nice -n 10 .venv/bin/python benchmarks/weather_compare.py scenarios/daimyo/kawanakajima.toml \
        --minutes 25 --out benchmarks/results/weather_kawanakajima.jsonl
    .venv/bin/python benchmarks/weather_compare.py --report benchmarks/results/weather_kawanakajima.jsonl
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path

from sim.batch.spec import default_level, spec_from_file
from sim.batch.stats import Z95, wilson
from sim.batch.worker import play_game

ARMS = {"on": True, "off": False}


def _done(out: Path) -> list[dict]:
    if not out.exists():
        return []
    return [json.loads(line) for line in out.read_text().splitlines() if line.strip()]


def play(scenario: str, out: Path, runs: int, minutes: float, seed: int, level: str | None) -> None:
    base = spec_from_file(scenario, seed=seed)
    base = replace(base, lineup=(level or default_level(base),))
    specs = {arm: replace(base, options={"weather": on}) for arm, on in ARMS.items()}
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = _done(out)
    start = max((r["index"] for r in rows), default=-1) + 1
    deadline = time.time() + minutes * 60
    for i in range(start, start + runs):
        for arm, spec in specs.items():
            t0 = time.time()
            s = play_game(spec, i)
            row = {"arm": arm, "index": i, "seconds": round(time.time() - t0, 1), **asdict(s)}
            row.pop("positions", None)
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
            print(f"game {i} weather {arm}: {s.winner or 'draw'} in {s.turns} turns "
                  f"({row['seconds']} s){' ERROR ' + s.error if s.error else ''}", flush=True)
        if time.time() > deadline:
            break


def _mean_ci(xs: list[float]) -> str:
    if not xs:
        return "-"
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return f"{m:.2f}"
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    h = Z95 * sd / math.sqrt(len(xs))
    return f"{m:.2f} [{m - h:.2f}, {m + h:.2f}]"


def _rate(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {k / n:.0%} [{lo:.0%}, {hi:.0%}]" if n else "-"


def report(out: Path) -> str:
    rows = [r for r in _done(out) if r["error"] is None]
    pairs = {r["index"] for r in rows if r["arm"] == "on"} & {r["index"] for r in rows if r["arm"] == "off"}
    rows = [r for r in rows if r["index"] in pairs]     # complete pairs only
    sides = sorted({s for r in rows for s in r["sides"]})
    lines = [f"{len(pairs)} paired games per arm (errors and unpaired games left out); "
             "rates with 95 % Wilson intervals, means with 95 % normal intervals", "",
             "| | weather on | weather off |", "|---|---|---|"]
    arm_rows = {arm: [r for r in rows if r["arm"] == arm] for arm in ARMS}
    n = len(pairs)
    for side in sides:
        lines.append(f"| {side} wins | " + " | ".join(
            _rate(sum(r["winner"] == side for r in arm_rows[a]), n) for a in ARMS) + " |")
    lines.append("| no winner (turn limit) | " + " | ".join(
        _rate(sum(r["winner"] is None for r in arm_rows[a]), n) for a in ARMS) + " |")
    lines.append("| turns played | " + " | ".join(
        _mean_ci([r["turns"] for r in arm_rows[a]]) for a in ARMS) + " |")
    for side in sides:
        for stat in ("stands_lost", "units_lost"):
            lines.append(f"| {side} {stat.replace('_', ' ')} | " + " | ".join(
                _mean_ci([r["sides"].get(side, {}).get(stat, 0) for r in arm_rows[a]]) for a in ARMS) + " |")
    lines.append(f"| seconds per game | " + " | ".join(
        _mean_ci([r["seconds"] for r in arm_rows[a]]) for a in ARMS) + " |")
    by = {(r["arm"], r["index"]): r for r in rows}
    diffs = [sum(by[("on", i)]["sides"][s]["stands_lost"] for s in sides)
             - sum(by[("off", i)]["sides"][s]["stands_lost"] for s in sides) for i in sorted(pairs)]
    lines += ["", f"paired difference in total stands lost (on - off): {_mean_ci(diffs)}"]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario", nargs="?")
    p.add_argument("--out", default="benchmarks/results/weather_compare.jsonl")
    p.add_argument("--runs", type=int, default=1000, help="pairs at most (default: until --minutes)")
    p.add_argument("--minutes", type=float, default=25.0, help="stop starting pairs after this")
    p.add_argument("--seed", type=int, default=1, help="master seed (game seeds derive from it)")
    p.add_argument("--ai", help="AI level for both sides (default: the system's default)")
    p.add_argument("--report", metavar="JSONL", help="only summarise a results file")
    a = p.parse_args(argv)
    if a.report:
        print(report(Path(a.report)))
        return 0
    if not a.scenario:
        p.error("a scenario is needed unless --report is given")
    play(a.scenario, Path(a.out), a.runs, a.minutes, a.seed, a.ai)
    print(report(Path(a.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
