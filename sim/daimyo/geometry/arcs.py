"""Fire arcs and sight lanes on the table arrays (4.5, ruling D-2; 4.5.2, ruling D-21): which
enemies may be in a stand's arc, and which stands may stand in a sight lane. Both narrow the
Shapely questions the shooting rules ask to the few that can be true; the answers are Shapely's.
"""
from __future__ import annotations

import numpy as np

from . import kernels
from .shapes import LOS_GAP
from .table import arrays


def in_arc_candidates(st, stand: np.ndarray, facing: float, cavalry: bool, reach: float, foes: list) -> list:
    """The units of `foes` (living units of the state) that may have a stand inside the arc of
    the shooting stand `stand` (its (4, 2) corners) cut at `reach` cm; the others surely do not."""
    if not foes:
        return []
    t = arrays(st)
    rows = np.array([t.row[v.id] for v in foes], dtype=np.int64)
    hit = kernels.arc_may_hit(np.ascontiguousarray(stand, dtype=float), float(facing), float(reach),
                              bool(cavalry), t.corners, t.start, t.count, rows)
    return [v for v, h in zip(foes, hit.tolist()) if h]


def lane_blockers(st, bounds, exclude: tuple[str, ...]) -> list:
    """Stand polygons of every living unit but `exclude` that may meet a sight lane (4.5.2: a
    line buffered LOS_GAP / 2) whose line lies within the box `bounds` (minx, miny, maxx, maxy)."""
    t = arrays(st)
    g = LOS_GAP / 2
    near = kernels.boxes_meet(t.boxes, bounds[0] - g, bounds[1] - g, bounds[2] + g, bounds[3] + g)
    for uid in exclude:
        if uid in t.row:
            near[t.stands_of(uid)] = False
    return t.polygons()[near].tolist()
