"""AI-against-AI results of the Daimyo scenarios (the five battles, the training and reference
tables), as the table in docs/scenarios.md.

Each scenario is played with `kassen simulate --json` (same seed, same AI, one worker unless
told otherwise); each scenario's JSON is kept in --out as soon as it is done, so a long run
that is stopped keeps what it finished, and --table-only rebuilds the table from those files.

    python -m benchmarks.scenarios_report --runs 200 --workers 2      # the issue's table
    python -m benchmarks.scenarios_report --runs 2 --scenarios okehazama nagashino
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ("nagashino", "kawanakajima", "okehazama", "mikatagahara", "anegawa", "training", "reference")
PATHS = {"reference": ROOT / "benchmarks" / "reference.toml"}   # the rest: scenarios/daimyo/<name>.toml
DOC = ROOT / "docs" / "scenarios.md"
START, END = "<!-- results: start -->", "<!-- results: end -->"


def simulate(name: str, runs: int, seed: int, workers: int, out: Path) -> dict:
    path = PATHS.get(name, ROOT / "scenarios" / "daimyo" / f"{name}.toml")
    cmd = [sys.executable, "-m", "sim.cli", "simulate", str(path), "--runs", str(runs),
           "--seed", str(seed), "--workers", str(workers), "--json", "--no-progress"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if not done.stdout.strip():
        raise SystemExit(f"{name}: kassen simulate failed:\n{done.stderr[-2000:]}")
    report = json.loads(done.stdout)
    (out / f"{name}.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    return report


def _pct(r: dict) -> str:
    if r["rate"] is None:
        return "-"
    lo, hi = r["ci95"]
    return f"{r['count']} ({100 * r['rate']:.0f} % [{100 * lo:.0f}, {100 * hi:.0f}])"


def row(name: str, rep: dict) -> str:
    wins = "; ".join(f"{side} {_pct(r)}" for side, r in rep["sides"].items())
    turns = rep["turns"]
    mean_turns = f"{turns['mean']:.1f} ({turns['min']}-{turns['max']})" if turns else "-"
    reasons = "; ".join(f"{n}x {why}" for why, n in rep["reasons"].items())
    return (f"| {name} | {rep['played']}/{rep['games']} | {wins} | {_pct(rep['draws'])} | "
            f"{_pct(rep['timeouts'])} | {mean_turns} | {rep['errors']['count']} | {reasons} |")


def table(reports: dict[str, dict]) -> str:
    seeds = {rep["seed"] for rep in reports.values()}
    runs = {rep["runs"] for rep in reports.values()}
    head = [f"Runs per scenario: {' to '.join(map(str, sorted(runs)[::max(1, len(runs) - 1)]))} (the played column); "
            f"master seed {', '.join(map(str, sorted(seeds)))}; "
            "AI level: the default of `kassen simulate`. Win, draw and timeout counts with the rate "
            "and its 95 % Wilson interval; turns as mean (min-max).", "",
            "| scenario | played | wins | draws (turn limit, no winner) | timeouts | turns | errors | how games ended |",
            "|---|---|---|---|---|---|---|---|"]
    stuck = [f"- timeout in {n} (unfinished at the max-actions cap: a rules or AI loop): {line}"
             for n in SCENARIOS if n in reports for line in reports[n]["timeouts"].get("games", [])]
    return "\n".join(head + [row(n, reports[n]) for n in SCENARIOS if n in reports] + ([""] + stuck if stuck else []))


def write_doc(text: str) -> None:
    doc = DOC.read_text(encoding="utf-8")
    a, b = doc.index(START) + len(START), doc.index(END)
    DOC.write_text(doc[:a] + "\n" + text + "\n" + doc[b:], encoding="utf-8")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--scenarios", nargs="+", default=list(SCENARIOS), choices=SCENARIOS)
    p.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "scenarios_results")
    p.add_argument("--table-only", action="store_true", help="rebuild the table from --out")
    p.add_argument("--no-doc", action="store_true", help="print the table, leave the doc alone")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    reports = {}
    for name in args.scenarios:
        if args.table_only:
            f = args.out / f"{name}.json"
            if f.exists():
                reports[name] = json.loads(f.read_text(encoding="utf-8"))
            continue
        reports[name] = simulate(name, args.runs, args.seed, args.workers, args.out)
        print(row(name, reports[name]), flush=True)
    text = table(reports)
    print(text)
    if not args.no_doc:
        write_doc(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
