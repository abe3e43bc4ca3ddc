"""The `kassen simulate` / `kassen duel` tables, printed with rich from a stats report."""
from __future__ import annotations

from rich.console import Console
from rich.table import Table

# Shown first when a system reports them; any other numeric stat follows in name order.
KNOWN = ("stands_lost", "units_lost", "leaders_killed")


def pct(rate: dict) -> str:
    if rate["rate"] is None:
        return "-"
    lo, hi = rate["ci95"]
    return f"{100 * rate['rate']:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"


def _stat_names(groups: dict) -> list[str]:
    names = {k for numbers in groups.values() for k in numbers if k != "side"}
    return [k for k in KNOWN if k in names] + sorted(names - set(KNOWN))


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def losses_table(title: str, groups: dict, side_column: bool = False) -> Table | None:
    stats = _stat_names(groups)
    if not stats:
        return None
    table = Table(title=title + " (mean per game, total)")
    table.add_column(title.split()[0].rstrip("s").capitalize() if not side_column else "Clan")
    if side_column:
        table.add_column("Side")
    for stat in stats:
        table.add_column(stat.replace("_", " "), justify="right")
    for name, numbers in groups.items():
        cells = [f"{_num(numbers[s]['mean'])}  ({_num(numbers[s]['total'])})" if s in numbers else "-"
                 for s in stats]
        table.add_row(name, *([str(numbers.get("side", "-"))] if side_column else []), *cells)
    return table


def print_report(report: dict, title: str, console: Console | None = None) -> None:
    console = console or Console()
    n = report["played"]
    outcome = Table(title=f"{title}: {n} games played")
    outcome.add_column("Outcome")
    outcome.add_column("Games", justify="right")
    outcome.add_column("Rate  [95 % CI, Wilson]", justify="right")
    for side, r in report["sides"].items():
        outcome.add_row(f"{side} wins", str(r["count"]), pct(r))
    outcome.add_row("draws", str(report["draws"]["count"]), pct(report["draws"]))
    outcome.add_row("timeouts (max actions)", str(report["timeouts"]["count"]), pct(report["timeouts"]))
    console.print(outcome)
    for line in report["timeouts"].get("games", []):
        console.print(f"timeout (unfinished at the max-actions cap: a rules or AI loop?): {line}",
                      style="bold red", markup=False)
    split = report.get("split")
    if split:
        table = Table(title="Decisive, marginal and level (drawn games led on points_down)")
        table.add_column("Outcome")
        table.add_column("Games", justify="right")
        table.add_column("Rate  [95 % CI, Wilson]", justify="right")
        table.add_row("decisive", str(split["decisive"]["count"]), pct(split["decisive"]))
        for side, r in split["marginal"].items():
            table.add_row(f"marginal, {side} ahead", str(r["count"]), pct(r))
        table.add_row("level draws", str(split["level"]["count"]), pct(split["level"]))
        console.print(table)
        if split["margin"]:
            console.print(f"margin of the marginal games (points_down): mean {_num(split['margin']['mean'])}, "
                          f"max {_num(split['margin']['max'])}")

    if report["reasons"]:
        reasons = Table(title="How the games ended")
        reasons.add_column("Reason", overflow="fold")
        reasons.add_column("Games", justify="right")
        for reason, count in report["reasons"].items():
            reasons.add_row(reason, str(count))
        console.print(reasons)

    turns, actions = report["turns"], report["actions"]
    length = Table(title="Game length")
    for col in ("", "mean", "median", "min", "max"):
        length.add_column(col, justify="right" if col else "left")
    if turns:
        length.add_row("turns", *(_num(turns[k]) for k in ("mean", "median", "min", "max")))
    if actions:
        length.add_row("actions", *(_num(actions[k]) for k in ("mean", "median", "min", "max")))
    console.print(length)
    if not turns:
        console.print("[dim]turns: not reported by this system (game.stats()['turns'])[/dim]")

    for table in (losses_table("Sides", report["losses"]["sides"]),
                  losses_table("Clans", report["losses"]["clans"], side_column=True)):
        if table is not None:
            console.print(table)
    if not report["losses"]["sides"] and not report["losses"]["clans"]:
        console.print("[dim]casualties: not reported by this system (game.stats())[/dim]")
    errors = report["errors"]
    if errors["count"]:
        console.print(f"[bold red]{errors['count']} games raised an error[/bold red] (left out of the rates):")
        for line in errors["first"]:
            console.print(f"  {line}", markup=False)
