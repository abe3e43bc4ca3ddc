"""`kassen simulate` and `kassen duel`: turn parsed arguments into specs, run, print, plot."""
from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.table import Table

from sim.batch.duel import duel_report, duel_spec
from sim.batch.games import check_target, game_row, write_games
from sim.batch.report import pct, print_report
from sim.batch.runner import check_counts, dask_executor, run_batch
from sim.batch.spec import BatchError, RunSpec, default_level, spec_from_file, system_entry
from sim.batch.stats import summarise
from sim.core.output import make_folder


def _pairs(items: list[str], what: str) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise BatchError(f"{what} expects KEY=VALUE, got {item!r}")
        out[key] = value
    return out


def base_spec(args, path: str) -> RunSpec:
    check_counts(args.runs, args.workers)
    if args.dask and args.workers is not None:
        raise BatchError("--workers sizes the local pool; with --dask the cluster's workers are used")
    from sim.cli import rule_options
    options = {"turn_limit": args.turn_limit} if args.turn_limit is not None else {}
    options.update(rule_options(args))
    personality = dict(args.personality or [])      # KEY=NUMBER pairs, checked by argparse
    return spec_from_file(path, seed=args.seed, options=options, personality=personality,
                          max_actions=args.max_actions)


def _executor(args):
    return dask_executor(args.dask) if args.dask else nullcontext((None, args.workers))


def _run(spec: RunSpec, args) -> list:
    with _executor(args) as (executor, workers):
        return run_batch(spec, args.runs, executor=executor, workers=workers,
                         progress=not args.no_progress)


def simulate(args) -> int:
    spec = base_spec(args, args.scenario)
    # --ai LEVEL sets every side; --ai SIDE=LEVEL overrides one side.
    plain = [a for a in args.ai or [] if "=" not in a]
    spec = replace(spec, lineup=(plain[-1] if plain else default_level(spec),),
                   levels=_pairs([a for a in args.ai or [] if "=" in a], "--ai"))
    if args.games:
        check_target(args.games)
    if args.plots:
        make_folder(args.plots, "plots folder")     # refused now, not after the games
    summaries = _run(spec, args)
    report = summarise(summaries)
    title = spec.scenario.get("meta", {}).get("title") or spec.source
    meta = {"scenario": spec.source, "system": spec.game.system, "seed": spec.seed,
            "runs": args.runs, "levels": summaries[0].levels if summaries else {}}
    try:
        _write_files(args, spec, summaries, title, meta)
    finally:        # a file that could not be written does not lose the games' results
        _print_simulation(args, spec, meta, report, title)
    return 1 if report["errors"]["count"] else 0


def _write_files(args, spec: RunSpec, summaries: list, title: str, meta: dict) -> None:
    """The games file and the plots asked for; each written one is named in `meta`."""
    if args.games:
        meta["games_file"] = str(write_games([game_row(spec, s) for s in summaries], args.games))
    if args.plots:
        from sim.batch.plots import write_plots  # matplotlib only when plots are asked for
        entry = system_entry(spec)
        written, skipped = write_plots(summaries, args.plots, title, scenario=args.scenario,
                                       plots=entry.plots, labels={s.key: s.label for s in entry.stats})
        meta["plots"] = [str(p) for p in written]
        meta["plots_skipped"] = skipped


def _print_simulation(args, spec: RunSpec, meta: dict, report: dict, title: str) -> None:
    if args.json:
        print(json.dumps({**meta, **report}, indent=1))
    else:
        console = _console()
        levels = ", ".join(f"{s}: {lv}" for s, lv in meta["levels"].items())
        console.print(f"{spec.source} ({spec.game.system}), seed {spec.seed}, AI {levels}")
        print_report(report, title, console)
        for path in meta.get("plots", []):
            console.print(f"plot: {path}")
        if "games_file" in meta:
            console.print(f"games: {meta['games_file']} (one row per game; "
                          f"kassen replay --from {meta['games_file']} --game N shows one)")
        for line in meta.get("plots_skipped", []):
            console.print(f"[dim]skipped {line}[/dim]")


def _console() -> Console:
    """A terminal's own width; piped into a file, wide enough that no table column folds."""
    return Console() if sys.stdout.isatty() else Console(width=160)


def duel(args) -> int:
    # every scenario is read and checked before the first game: a bad last one must not cost
    # the games of the others and then drop their results
    specs = [(path, duel_spec(base_spec(args, path), args.a, args.b)) for path in args.scenarios]
    reports = [{"scenario": path, "system": spec.game.system, "seed": spec.seed,
                **duel_report(_run(spec, args), args.a, args.b)} for path, spec in specs]
    if args.json:
        print(json.dumps(reports if len(reports) > 1 else reports[0], indent=1))
    else:
        table = Table(title=f"duel: A = {args.a} against B = {args.b}, sides alternated "
                            "(rates with 95 % Wilson CI)")
        table.add_column("Scenario", overflow="fold")
        table.add_column("A on")
        table.add_column("Games", justify="right")
        table.add_column("A wins", justify="right", no_wrap=True)
        table.add_column("B wins", justify="right", no_wrap=True)
        table.add_column("Draws", justify="right")
        table.add_column("Timeouts", justify="right")
        table.add_column("Units lost A / B", justify="right")
        table.add_column("Ahead A / B (sign p)", justify="right")
        for r in reports:
            lost = r["units_lost"]
            table.add_row(Path(r["scenario"]).name, "all", str(r["played"]), pct(r["a_wins"]), pct(r["b_wins"]),
                          str(r["draws"]["count"]), str(r["timeouts"]["count"]),
                          f"{lost['a']['mean']:.2f} / {lost['b']['mean']:.2f}" if lost and lost["a"] else "-",
                          f"{lost['a_ahead']} / {lost['b_ahead']} ({lost['sign_p']:.2g})" if lost else "-")
            for side, v in r["a_by_seat"].items():
                table.add_row("", side, str(v["games"]), pct(v), "", "", "", "", "", style="dim")
        _console().print(table)
        for r in reports:
            for line in r["errors"]["first"]:
                print(f"error in {r['scenario']}: {line}", file=sys.stderr)
            for line in r["timeouts"]["games"]:
                print(f"timeout (unfinished at the max-actions cap) in {r['scenario']}: {line}", file=sys.stderr)
    return 1 if any(r["errors"]["count"] for r in reports) else 0
