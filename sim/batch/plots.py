"""PNG plots of a batch (matplotlib with the Agg backend: no display needed).

Each plot is drawn only from data the games reported; a plot with nothing to show is skipped
and named in the returned `skipped` list instead of being drawn empty.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)
import numpy as np  # noqa: E402

from sim.batch.report import KNOWN  # noqa: E402
from sim.batch.stats import convergence  # noqa: E402
from sim.batch.worker import GameSummary  # noqa: E402
from sim.core.registry import PLOTS  # noqa: E402


def _figure(rows=1, cols=1, **kw):
    # Constrained layout keeps titles, colour bars and outside legends from overlapping.
    return plt.subplots(rows, cols, layout="constrained", squeeze=False, **kw)


def _save(fig, path: Path) -> Path:
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def win_rate_convergence(summaries, report, title, path):
    fig, axes = _figure(figsize=(8, 4.5))
    ax = axes[0, 0]
    for side in report["sides"]:
        curve = np.array(convergence(summaries, side))
        line, = ax.plot(curve[:, 0], curve[:, 1], label=f"{side} wins")
        ax.fill_between(curve[:, 0], curve[:, 2], curve[:, 3], color=line.get_color(), alpha=0.2)
    ax.set(title=f"{title}: win rate as games accumulate (band: 95 % Wilson CI)",
           xlabel="games played", ylabel="win rate", ylim=(-0.02, 1.02), xlim=(1, max(2, report["played"])))
    ax.grid(alpha=0.3)
    ax.legend()
    return _save(fig, path)


def turn_histogram(report, title, path):
    hist = report["turns"]["histogram"]
    edges = np.array(hist["edges"])
    widths = np.diff(edges)
    fig, axes = _figure(figsize=(8, 4.5))
    ax = axes[0, 0]
    # A bin [e, e + w) of whole turns is centred on its middle turn, so a width-1 bar sits on its value.
    ax.bar(edges[:-1] + (widths - 1) / 2, hist["counts"], width=widths, edgecolor="white")
    ax.axvline(report["turns"]["mean"], color="black", linestyle="--",
               label=f"mean {report['turns']['mean']:.1f}")
    ax.set(title=f"{title}: game length", xlabel="turns", ylabel="games")
    ax.legend()
    return _save(fig, path)


def ending_reasons(report, title, path):
    reasons = report["reasons"]
    labels = list(reasons)
    fig, axes = _figure(figsize=(8, 0.45 * len(labels) + 1.6))
    ax = axes[0, 0]
    ax.barh(labels, [reasons[r] for r in labels])
    ax.invert_yaxis()
    ax.grid(axis="x", alpha=0.3)
    ax.set(title=f"{title}: how the {report['played']} games ended", xlabel="games")
    return _save(fig, path)


def casualties(report, title, path, what: str = "casualties"):
    groups = report["losses"]["clans"] or report["losses"]["sides"]
    names = {k for numbers in groups.values() for k in numbers if k != "side"}
    stats = [k for k in KNOWN if k in names] + sorted(names - set(KNOWN))
    sides = sorted({numbers.get("side", name) for name, numbers in groups.items()})
    colours = {side: f"C{i}" for i, side in enumerate(sides)}
    labels = list(groups)
    fig, axes = _figure(1, len(stats), figsize=(3.2 * len(stats) + 1.5, 0.45 * len(labels) + 1.8))
    for ax, stat in zip(axes[0], stats):
        values = [groups[name].get(stat, {}).get("mean", 0.0) for name in labels]
        ax.barh(labels, values, color=[colours[groups[n].get("side", n)] for n in labels])
        ax.set(title=stat.replace("_", " "), xlabel="mean per game")
        ax.invert_yaxis()
        ax.grid(axis="x", alpha=0.3)
    for ax in axes[0][1:]:
        ax.tick_params(labelleft=False)
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in colours.values()]
    fig.legend(handles, list(colours), title="side", loc="outside right upper", fontsize="small")
    fig.suptitle(f"{title}: {what} per {'clan' if report['losses']['clans'] else 'side'}")
    return _save(fig, path)


def _edges(lo: float, hi: float, bins: int, values: np.ndarray) -> np.ndarray:
    """Bin edges; whole-number positions get whole-number bins, or bins would alias into stripes."""
    if values.size and np.all(values == np.round(values)):
        step = max(1, int(np.ceil((hi - lo) / bins)))
        return np.arange(np.floor(lo), hi + step, step)
    return np.linspace(lo, hi, bins + 1)


def heatmap(summaries, title, path):
    points = [p for s in summaries for p in s.positions]
    table = next((s.table for s in summaries if s.table), None)
    order = {"routed": 0, "destroyed": 1}
    kinds = sorted({k for _, _, k in points}, key=lambda k: (order.get(k, 2), k))
    xs, ys = np.array([p[0] for p in points]), np.array([p[1] for p in points])
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
    # Each panel: the table drawn about 4.8 in wide (the rest: labels, colour bar), plus titles.
    panel = 2.6 if flat else 4.8 * height / width
    fig, axes = _figure(len(kinds), 1, figsize=(8 if flat else 7, len(kinds) * (panel + 0.9) + 0.4))
    for ax, kind in zip(axes[:, 0], kinds):
        mask = np.array([k == kind for _, _, k in points])
        counts, _, _ = np.histogram2d(xs[mask], ys[mask], bins=(ex, ey))
        image = ax.pcolormesh(ex, ey, counts.T, cmap="magma")
        ax.set(xlim=extent[:2], ylim=extent[2:], aspect="auto" if flat else "equal")
        fig.colorbar(image, ax=ax, label="events")
        ax.set(title=f"{kind} ({int(mask.sum())} over {len(summaries)} games)", xlabel="x", ylabel="y")
    fig.suptitle(f"{title}: where units {' / '.join(kinds)}" + ("" if table else " (table size not reported)"))
    return _save(fig, path)


def write_plots(summaries: list[GameSummary], report: dict, out_dir: str | Path,
                title: str = "batch", plots: tuple[str, ...] = PLOTS) -> tuple[list[Path], list[str]]:
    """Write the PNGs a system declares (sim.core.registry.System.plots) into out_dir; returns
    (files written, plots skipped with the reason)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written, skipped = [], []
    losses = report["losses"]["clans"] or report["losses"]["sides"]
    played = [s for s in summaries if s.error is None]
    drawers = {  # name: (file, has data, draw, why skipped)
        "win_rate": ("win_rate.png", report["played"], lambda p: win_rate_convergence(summaries, report, title, p),
                     "no game finished without an error"),
        "turns": ("turns.png", report["turns"], lambda p: turn_histogram(report, title, p),
                  "the system does not report turns"),
        "reasons": ("reasons.png", report["reasons"], lambda p: ending_reasons(report, title, p),
                    "no game finished without an error"),
        "casualties": ("casualties.png", losses, lambda p: casualties(report, title, p),
                       "the system does not report losses"),
        "side_stats": ("sides.png", losses, lambda p: casualties(report, title, p, "mean numbers at the end"),
                       "the system does not report per-side numbers"),
        "heatmap": ("heatmap.png", any(s.positions for s in played), lambda p: heatmap(played, title, p),
                    "no rout/destruction positions reported"),
    }
    for name in plots:
        file, has_data, draw, why = drawers[name]
        if has_data:
            written.append(draw(out / file))
        else:
            skipped.append(f"{file}: {why}")
    return written, skipped
