"""Figures of a batch of games, for the CLI's PNGs and for notebooks.

Every function takes the games as GameSummary objects, as rows (a games file read back, a list
of dicts) or as the pandas DataFrame of sim.batch.api, and returns a matplotlib Figure: it
writes no file and closes nothing, so a notebook shows it and a caller may change it.
Figures are built with matplotlib's object API (no pyplot): no global figure state, no
backend chosen here. Each is drawn only from what the games reported; `write_plots` skips a
figure with nothing to show and says why.
"""
from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from sim.batch.report import KNOWN
from sim.batch.stats import convergence, wilson
from sim.batch.worker import GameSummary
from sim.core.output import make_folder, writing
from sim.core.registry import PLOTS


# -- the games, whatever form they come in -------------------------------------------------------

def summaries(games) -> list[GameSummary]:
    """GameSummary objects from summaries, rows (dicts) or a DataFrame of rows."""
    if hasattr(games, "to_dict"):
        games = games.to_dict("records")
    games = list(games)
    if all(isinstance(g, GameSummary) for g in games):
        return games
    from sim.batch.games import summary_from_row
    return [summary_from_row(row) for row in games]


def _played(games) -> list[GameSummary]:
    return [s for s in summaries(games) if s.error is None]


def _title(games, title: str | None) -> str:
    return title or getattr(games, "attrs", {}).get("title") or "games"


def _figure(rows: int = 1, cols: int = 1, figsize=None, **kw):
    # Constrained layout keeps titles, colour bars and outside legends from overlapping.
    fig = Figure(layout="constrained", figsize=figsize)
    return fig, fig.subplots(rows, cols, squeeze=False, **kw)


def _integer(axis) -> None:
    # min_n_ticks=1: a narrow range (every game the same length) still gets whole-number ticks
    axis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))


def _sides(played: list[GameSummary]) -> list[str]:
    return list(dict.fromkeys(side for s in played for side in s.levels))


# -- outcomes ------------------------------------------------------------------------------------

def _outcomes(played: list[GameSummary], sides: list[str]) -> dict[str, int]:
    out = {f"{side} wins": sum(s.winner == side for s in played) for side in sides}
    out["draws"] = sum(s.draw for s in played)
    out["timeouts"] = sum(s.timeout for s in played)
    return out


def outcomes(games, title: str | None = None) -> Figure:
    """Share of each outcome (each side's wins, draws, timeouts) with its 95 % Wilson interval.
    `games` may be a dict {label: games} to compare batches (two AI levels, two scenario versions)."""
    batches = games if isinstance(games, dict) else {_title(games, title): games}
    played = {label: _played(g) for label, g in batches.items()}
    sides = list(dict.fromkeys(side for p in played.values() for side in _sides(p)))
    names = list(_outcomes([], sides))
    fig, axes = _figure(figsize=(8, 1.2 + 0.45 * len(names) * len(batches)))
    ax = axes[0, 0]
    height = 0.8 / len(batches)
    for b, (label, games_b) in enumerate(played.items()):
        n = len(games_b)
        counts = _outcomes(games_b, sides)
        rates = np.array([counts[k] / n if n else 0.0 for k in names])
        lo_hi = np.array([wilson(counts[k], n) for k in names])
        y = np.arange(len(names)) + b * height - 0.4 + height / 2
        ax.barh(y, rates, height=height * 0.9, label=f"{label} ({n} games)",
                xerr=[rates - lo_hi[:, 0], lo_hi[:, 1] - rates], capsize=3, color=f"C{b}", alpha=0.85)
        for yi, k, r, hi in zip(y, names, rates, lo_hi[:, 1]):
            ax.text(hi + 0.01, yi, f"{counts[k]} ({100 * r:.0f} %)", va="center", fontsize="small")
    ax.set_yticks(np.arange(len(names)), names)
    ax.invert_yaxis()
    ax.set(xlim=(0, 1.15), xlabel="share of games (bars: 95 % Wilson interval)",
           title=f"{_title(games, title) if len(batches) == 1 else title or 'comparison'}: outcomes")
    ax.grid(axis="x", alpha=0.3)
    if len(batches) > 1:
        ax.legend(loc="lower right", fontsize="small")
    return fig


def win_rate(games, title: str | None = None) -> Figure:
    """Each outcome's running rate as games accumulate, with its 95 % band and the final value."""
    played = _played(games)
    fig, axes = _figure(figsize=(8, 4.5))
    ax = axes[0, 0]
    tests = {f"{side} wins": (lambda s, side=side: s.winner == side) for side in _sides(played)}
    tests["draws"] = lambda s: s.draw
    for label, test in tests.items():
        curve = np.array(convergence(played, test))
        n, rate, lo, hi = curve[-1]
        line, = ax.plot(curve[:, 0], curve[:, 1], label=f"{label}: {100 * rate:.0f} % [{100 * lo:.0f}, {100 * hi:.0f}]")
        ax.fill_between(curve[:, 0], curve[:, 2], curve[:, 3], color=line.get_color(), alpha=0.15)
    ax.set(title=f"{_title(games, title)}: rates as games accumulate (band: 95 % Wilson interval)",
           xlabel="games played", ylabel="rate", ylim=(-0.02, 1.02), xlim=(1, max(2, len(played))))
    _integer(ax.xaxis)
    ax.grid(alpha=0.3)
    ax.legend(title="final rate [95 % CI]", fontsize="small")
    return fig


# -- length and losses ---------------------------------------------------------------------------

def game_length(games, title: str | None = None) -> Figure:
    """Games by length in turns (or in actions where a system reports no turns)."""
    played = _played(games)
    turns = [s.turns for s in played if s.turns is not None]
    values, unit = (turns, "turns") if turns else ([s.actions for s in played], "actions")
    fig, axes = _figure(figsize=(8, 4.5))
    ax = axes[0, 0]
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // 30))         # whole-number bins, at most about 30
    edges = np.arange(lo, hi + width + 1, width) - 0.5
    ax.hist(values, bins=edges, edgecolor="white")
    ax.set_xlim(edges[0] - width, edges[-1] + width)     # a bin's neighbours show it is alone
    ax.axvline(float(np.mean(values)), color="black", linestyle="--",
               label=f"mean {np.mean(values):.1f}, median {np.median(values):g}")
    ax.set(title=f"{_title(games, title)}: game length", xlabel=unit, ylabel="games")
    _integer(ax.xaxis)
    _integer(ax.yaxis)
    ax.legend()
    return fig


def _stat_order(names: Iterable[str]) -> list[str]:
    names = set(names)
    return [k for k in KNOWN if k in names] + sorted(names - set(KNOWN))


def _spread(groups: dict[str, list[dict[str, float]]], colour_of: dict[str, str],
            legend: dict[str, str], title: str, xlabel: str, named: dict[str, str] | None = None) -> Figure:
    """One panel per statistic: a box per group over its games (box: middle half, whiskers:
    lowest to highest, dot: mean). `named`: {stat: label} in the system's order, shown first."""
    named = named or {}
    found = {k for rows in groups.values() for row in rows for k in row}
    stats = [k for k in named if k in found] + _stat_order(found - set(named))
    labels = list(groups)
    fig, axes = _figure(1, len(stats), figsize=(3.2 * len(stats) + 1.6, 0.45 * len(labels) + 1.9), sharey=True)
    for ax, stat in zip(axes[0], stats):
        data = [[row.get(stat, 0.0) for row in groups[name]] for name in labels]
        box = ax.boxplot(data, orientation="horizontal", whis=(0, 100), patch_artist=True, widths=0.6,
                         tick_labels=labels, medianprops={"color": "black"})
        for patch, name in zip(box["boxes"], labels):
            patch.set(facecolor=colour_of[name], alpha=0.6)
        ax.plot([np.mean(d) for d in data], range(1, len(labels) + 1), "o", color="black", markersize=4)
        ax.set(title=named.get(stat, stat.replace("_", " ")), xlabel=xlabel)
        if all(float(v).is_integer() for d in data for v in d):
            _integer(ax.xaxis)
        ax.grid(axis="x", alpha=0.3)
    axes[0, 0].invert_yaxis()
    fig.legend([Patch(color=c, alpha=0.6) for c in legend.values()], list(legend), title="side",
               loc="outside right upper", fontsize="small")
    fig.suptitle(f"{title}\n(box: middle half of the games, whiskers: fewest to most, dot: mean)")
    return fig


def casualties(games, title: str | None = None) -> Figure:
    """Losses per game of each clan (or side, where a system has no clans), with their spread."""
    played = _played(games)
    by_clan = any(s.clans for s in played)
    if by_clan:
        side_of = {c: side for s in played for c, side in s.clan_side.items()}
        groups = {c: [s.clans.get(c, {}) for s in played] for c in sorted({c for s in played for c in s.clans})}
    else:
        side_of = {side: side for side in _sides(played)}
        groups = {side: [s.sides.get(side, {}) for s in played] for side in side_of}
    legend = {side: f"C{i}" for i, side in enumerate(dict.fromkeys(side_of.values()))}
    colour = {name: legend[side_of.get(name, name)] for name in groups}
    return _spread(groups, colour, legend, f"{_title(games, title)}: casualties per "
                   f"{'clan' if by_clan else 'side'} over {len(played)} games", "per game")


def statistics(games, title: str | None = None, labels: dict[str, str] | None = None) -> Figure:
    """Every number the system reports per side (its own `stats()`), per game with its spread.
    `labels` {stat: label}, in order (the registry entry's stats; sim.batch.api puts them in a
    DataFrame's attrs["stats"]), name the panels."""
    played = _played(games)
    sides = _sides(played)
    groups = {side: [s.sides.get(side, {}) for s in played] for side in sides}
    legend = {side: f"C{i}" for i, side in enumerate(sides)}
    named = labels or getattr(games, "attrs", {}).get("stats")
    return _spread(groups, legend, legend, f"{_title(games, title)}: each side's statistics over "
                                           f"{len(played)} games", "per game", named)


def reasons(games, title: str | None = None) -> Figure:
    """How the games ended: the count of each ending reason the game's result() gave."""
    played = _played(games)
    counts = Counter(s.reason for s in played).most_common()
    fig, axes = _figure(figsize=(8, 0.45 * len(counts) + 1.6))
    ax = axes[0, 0]
    ax.barh([reason or "(none)" for reason, _ in counts], [n for _, n in counts])
    ax.invert_yaxis()
    _integer(ax.xaxis)
    ax.grid(axis="x", alpha=0.3)
    ax.set(title=f"{_title(games, title)}: how the {len(played)} games ended", xlabel="games")
    return fig


# -- where units broke ---------------------------------------------------------------------------

def _terrain_colours() -> dict:
    from sim.core.bundled import ASSETS, folder
    with (folder(ASSETS) / "colours.toml").open("rb") as fh:
        return tomllib.load(fh)["terrain"]


def table_terrain(scenario) -> list[tuple[object, str]]:
    """(shape, kind) of each terrain feature on a scenario's table: the `terrain` list of a game
    state whose features carry a Shapely `shape` and a `kind` (colours.toml names the kinds)."""
    from sim.core.scenario import open_game
    game = open_game(scenario, seed=0)
    return [(f.shape, f.kind) for f in getattr(game.state, "terrain", ())]


def _draw_terrain(ax, terrain) -> None:
    colours = _terrain_colours()
    for shape, kind in terrain:
        row = colours.get(kind, colours["default"])
        for part in getattr(shape, "geoms", [shape]):
            xs, ys = part.exterior.xy
            ax.fill(xs, ys, facecolor=np.array(row["fill"]) / 255, edgecolor=np.array(row["edge"]) / 255,
                    linewidth=0.6, zorder=1)


def _edges(lo: float, hi: float, bins: int, values: np.ndarray) -> np.ndarray:
    """Bin edges; whole-number positions get whole-number bins, or bins would alias into stripes."""
    if values.size and np.all(values == np.round(values)):
        step = max(1, int(np.ceil((hi - lo) / bins)))
        return np.arange(np.floor(lo), hi + step, step)
    return np.linspace(lo, hi, bins + 1)


def heatmap(games, title: str | None = None, scenario=None) -> Figure:
    """Where units were lost, one panel per side (per kind of loss where positions name no
    side), drawn over the table's terrain when `scenario` (a name or file) is given."""
    played = _played(games)
    points = [p for s in played for p in s.positions]
    table = next((s.table for s in played if s.table), None)
    by_side = all(len(p) > 3 for p in points)
    panels = list(dict.fromkeys(p[3] if by_side else p[2] for p in points))
    kinds = sorted({p[2] for p in points})
    xs, ys = np.array([p[0] for p in points], float), np.array([p[1] for p in points], float)
    if table:
        extent = (0.0, table[0], 0.0, table[1])
        # a unit that left the table is last seen just beyond its edge: count it at the edge
        xs, ys = np.clip(xs, 0.0, table[0]), np.clip(ys, 0.0, table[1])
    else:  # no table size from the game: frame the data itself
        extent = (xs.min(), max(xs.max(), xs.min() + 1), ys.min(), max(ys.max(), ys.min() + 1))
    width, height = extent[1] - extent[0], extent[3] - extent[2]
    nx = 40 if width >= height else max(2, round(40 * width / height))
    ny = 40 if height > width else max(2, round(40 * height / width))
    ex, ey = _edges(*extent[:2], nx, xs), _edges(*extent[2:], ny, ys)
    flat = max(width, height) / min(width, height) > 4   # e.g. a track: stretch it to be readable
    panel = 2.6 if flat else 4.8 * height / width
    fig, axes = _figure(len(panels), 1, figsize=(8 if flat else 7, len(panels) * (panel + 0.9) + 0.5))
    terrain = table_terrain(scenario) if scenario is not None else []
    for ax, name in zip(axes[:, 0], panels):
        mask = np.array([(p[3] if by_side else p[2]) == name for p in points])
        counts, _, _ = np.histogram2d(xs[mask], ys[mask], bins=(ex, ey))
        _draw_terrain(ax, terrain)
        image = ax.pcolormesh(ex, ey, np.ma.masked_equal(counts.T, 0), cmap="magma_r", zorder=2,
                              alpha=0.85 if terrain else 1.0)
        ax.set(xlim=extent[:2], ylim=extent[2:], aspect="auto" if flat else "equal")
        bar = fig.colorbar(image, ax=ax, label="units lost here")
        _integer(bar.ax.yaxis)
        what = f"{name}: {int(mask.sum())} units lost" if by_side else f"{name}: {int(mask.sum())}"
        ax.set(title=f"{what} over {len(played)} games", xlabel="x (cm)" if table else "x", ylabel="y")
    fig.suptitle(f"{_title(games, title)}: where units were lost\n({', '.join(kinds)}"
                 + (")" if table else "; table size not reported)"))
    return fig


# -- the CLI's files -----------------------------------------------------------------------------

def write_plots(games, out_dir: str | Path, title: str = "batch", scenario=None,
                plots: tuple[str, ...] = PLOTS, labels: dict[str, str] | None = None
                ) -> tuple[list[Path], list[str]]:
    """Write the PNGs a system declares (sim.core.registry.System.plots) into out_dir; returns
    (files written, plots skipped with the reason)."""
    out = make_folder(out_dir, "plots folder")
    played = _played(games)
    has = {"outcomes": bool(played), "win_rate": bool(played), "length": bool(played),
           "reasons": bool(played),
           "casualties": any(s.clans or s.sides for s in played),
           "statistics": any(s.sides for s in played),
           "heatmap": any(s.positions for s in played)}
    why = {"outcomes": "no game finished without an error", "win_rate": "no game finished without an error",
           "length": "no game finished without an error",
           "reasons": "no game finished without an error", "casualties": "the system does not report losses",
           "statistics": "the system reports no statistics per side (game.stats())",
           "heatmap": "no positions of lost units reported"}
    draw = {"outcomes": lambda: outcomes(played, title), "win_rate": lambda: win_rate(played, title),
            "length": lambda: game_length(played, title), "reasons": lambda: reasons(played, title),
            "casualties": lambda: casualties(played, title),
            "statistics": lambda: statistics(played, title, labels),
            "heatmap": lambda: heatmap(played, title, scenario)}
    written, skipped = [], []
    for name in plots:
        make = draw[name]
        if not has[name]:
            skipped.append(f"{name}.png: {why[name]}")
            continue
        path = out / f"{name}.png"
        with writing(path, "plot"):
            make().savefig(path, dpi=110)
        written.append(path)
    return written, skipped
