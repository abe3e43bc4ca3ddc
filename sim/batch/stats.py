"""Statistics over game summaries: win rates with Wilson intervals, turns, losses.

The report is plain JSON-ready data (`--json` prints it as is). Games that raised an error
are counted and listed, and left out of every rate, so a rate is over games actually played.
"""
from __future__ import annotations

import math
from collections import Counter
from statistics import mean, median

from sim.batch.worker import GameSummary

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (sound near 0 and 1, unlike p±z·se)."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= k <= n:
        raise ValueError(f"{k} successes in {n} trials")
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At k = 0 or k = n one bound is exactly 0 or 1; rounding would otherwise leave 1e-19.
    return (0.0 if k == 0 else max(0.0, centre - half), 1.0 if k == n else min(1.0, centre + half))


def rate(k: int, n: int) -> dict:
    lo, hi = wilson(k, n)
    return {"count": k, "rate": k / n if n else None, "ci95": [lo, hi]}


def sign_test(k: int, m: int) -> float:
    """Exact two-sided sign test: the chance of a split at least as uneven as k against m
    if either side were equally likely to come out ahead in each game (ties left out)."""
    n = k + m
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(k, m) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def histogram(values: list[int], max_bins: int = 30) -> dict:
    """One bin per integer value when few, else `max_bins` equal integer-aligned bins."""
    if not values:
        return {"edges": [], "counts": []}
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // max_bins))
    edges = list(range(lo, hi + width + 1, width))
    counts = [0] * (len(edges) - 1)
    for v in values:
        counts[(v - lo) // width] += 1
    return {"edges": edges, "counts": counts}


def spread(values: list[float]) -> dict | None:
    if not values:
        return None
    return {"games": len(values), "mean": mean(values), "median": median(values),
            "min": min(values), "max": max(values)}


def _losses(groups: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, dict]]:
    """Totals and per-game means of every numeric stat, over the games that reported the group."""
    seen: Counter = Counter()
    totals: dict[str, Counter] = {}
    for group in groups:
        for name, numbers in group.items():
            seen[name] += 1
            totals.setdefault(name, Counter()).update(numbers)
    return {name: {stat: {"total": total, "mean": total / seen[name]}
                   for stat, total in sorted(totals[name].items())}
            for name in sorted(totals)}


def summarise(summaries: list[GameSummary]) -> dict:
    played = [s for s in summaries if s.error is None]
    n = len(played)
    sides = sorted({side for s in summaries for side in s.levels}
                   | {s.winner for s in played if s.winner})
    wins = Counter(s.winner for s in played if s.winner)
    turns = [s.turns for s in played if s.turns is not None]
    clans = _losses([s.clans for s in played])
    for s in played:
        for clan, side in s.clan_side.items():
            clans.setdefault(clan, {})["side"] = side
    return {
        "games": len(summaries),
        "played": n,
        "errors": {"count": len(summaries) - n,
                   "first": [s.error for s in summaries if s.error][:5]},
        "sides": {side: rate(wins[side], n) for side in sides},
        "draws": rate(sum(s.draw for s in played), n),
        "timeouts": timeouts(played),
        "reasons": dict(Counter(s.reason for s in played).most_common()),
        "turns": spread(turns) and {**spread(turns), "histogram": histogram(turns)},
        "actions": spread([s.actions for s in played]),
        "losses": {"sides": _losses([s.sides for s in played]), "clans": clans},
        "positions": sum(len(s.positions) for s in played),
        "split": outcome_split(played),
    }


def timeouts(played: list[GameSummary]) -> dict:
    """Games the max-actions guard stopped, counted apart from draws, and each named (game,
    seed, what it kept doing) so the endless loop can be replayed: such a game is a bug."""
    stuck = [s for s in played if s.timeout]
    return {**rate(len(stuck), len(played)),
            "games": [f"game {s.index}: {s.reason}" for s in stuck[:20]]}


MARGIN_KEY = "points_down"       # a side's per-game stat of how far it is toward losing


def outcome_split(played: list[GameSummary]) -> dict | None:
    """Decisive games, drawn games one side leads (marginal: the other is further toward
    losing by the system's `points_down` stat, e.g. a tabletop game's victory points with units routing or at
    half strength counted half) and level draws, with the margins; None if the system does not
    report `points_down`."""
    if not played or not all(len(s.sides) == 2 and all(MARGIN_KEY in v for v in s.sides.values()) for s in played):
        return None
    draws = [s for s in played if s.draw]
    leads: Counter = Counter()
    margins: list[float] = []
    for s in draws:
        (a, na), (b, nb) = sorted(s.sides.items())
        diff = nb[MARGIN_KEY] - na[MARGIN_KEY]           # > 0: a leads
        if diff:
            leads[a if diff > 0 else b] += 1
            margins.append(abs(diff))
    n = len(played)
    return {"decisive": rate(sum(1 for s in played if s.winner), n),
            "marginal": {side: rate(k, n) for side, k in sorted(leads.items())},
            "level": rate(len(draws) - sum(leads.values()), n),
            "margin": spread(margins)}


def convergence(summaries: list[GameSummary], outcome) -> list[tuple[int, float, float, float]]:
    """(games so far, rate, CI low, CI high) after each played game, in index order, of an
    outcome: a side's name (its wins) or a test of a summary (e.g. `lambda s: s.draw`)."""
    test = outcome if callable(outcome) else (lambda s: s.winner == outcome)
    out, k, n = [], 0, 0
    for s in summaries:
        if s.error is not None:
            continue
        n += 1
        k += bool(test(s))
        out.append((n, k / n, *wilson(k, n)))
    return out
