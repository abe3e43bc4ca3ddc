"""How long the reference table's armies take to reach and cross its river (issue 19 item 7:
the evidence for its turn limit), at the rules' own move rates, with no enemy in the way.

Each unit: a reform into a column one stand wide (4.3.5.4, its whole activation), the march
of that column (4.3: the normal move + 3 cm) along the cheapest way its frontage can take
(routes.py, the AI's own ways: the river is crossed only at the bridge or the ford, 4.3.1) to
a point 6 cm beyond the far bank of the nearer crossing, and a reform back into a line. A
clan acts on 8+ on 2d6 + its daimyo's rating (4.1), so the turns are the activations over
that chance. The road (a column goes double on it, 4.3) is ignored: the numbers are an upper
bound for the units that march along it.

    PYTHONPATH=. python -m benchmarks.reference_march [benchmarks/reference.toml]
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from itertools import product
from pathlib import Path

from sim.core.errors import ScenarioError
from sim.core.scenario import open_game
from sim.daimyo.ai.routes import RouteBook
from sim.daimyo.game import DaimyoGame
from sim.daimyo.model import Troop
from sim.daimyo.tables import tables

BEYOND_CM = 6.0
REFERENCE = os.path.relpath(Path(__file__).resolve().parent / "reference.toml")


def activation_chance(rating: int) -> float:
    """4.1: P(2d6 + rating >= the activation target)."""
    need = tables().command.activation_target - rating
    return sum(a + b >= need for a, b in product(range(1, 7), repeat=2)) / 36


def crossings(st):
    """(name, x, near-bank y, far-bank y) for each bridge and ford, seen from each side."""
    out = []
    for p in st.terrain:
        if p.kind in ("bridge", "ford"):
            xs = [x for x, _ in p.points]
            ys = [y for _, y in p.points]
            out.append((p.id, (min(xs) + max(xs)) / 2, min(ys), max(ys)))
    return out


def march(path: str = REFERENCE) -> int:
    g = open_game(path, seed=1)
    if not isinstance(g, DaimyoGame):
        raise ScenarioError(path, "", "not a Daimyo table")
    st, book = g.state, RouteBook()
    bonus = tables().manoeuvre.column_bonus_cm
    rows = []
    for u in st.units.values():
        if u.troop is Troop.HQ:
            continue
        routes = book.for_unit(st, u, files=1)
        best = None
        for name, x, lo, hi in crossings(st):
            goal = (x, hi + BEYOND_CM) if u.y < lo else (x, lo - BEYOND_CM)
            d = routes.distance((u.x, u.y), goal)
            if best is None or d < best[0]:
                best = (d, name)
        d, name = best
        acts = 1 + math.ceil(d / (u.move_row.normal + bonus)) + 1
        p = activation_chance(st.daimyo(u.clan).rating)
        rows.append((u.side, u.id, u.troop.value, name, d, acts, acts / p))
    for side, uid, troop, name, d, acts, turns in sorted(rows, key=lambda r: (r[0], r[6])):
        print(f"{side:5} {uid:10} {troop:16} over the {name:6}: {d:5.1f} cm, {acts} activations, "
              f"{turns:4.1f} turns")
    for side in sorted({r[0] for r in rows}):
        ts = sorted(r[6] for r in rows if r[0] == side)
        print(f"{side}: first unit over in {ts[0]:.1f} turns, a third of its units in "
              f"{ts[len(ts) // 3]:.1f}, all in {ts[-1]:.1f} (expected, activation chance included)")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table", nargs="?", default=REFERENCE, help="the Daimyo table (default benchmarks/reference.toml)")
    table = ap.parse_args(argv).table
    if not os.path.isfile(table):
        ap.error(f"argument table: no such file: {table[:200]}")
    try:
        return march(table)
    except ScenarioError as exc:     # not a Daimyo table: the reader's one line
        ap.error(f"argument table: {exc}")


if __name__ == "__main__":
    sys.exit(main())
