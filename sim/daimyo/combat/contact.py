"""Fast, exact answers to "which stand edges touch the other unit" (4.6.1 base contact).

The rule's test (melee.edge_contacts) is the length of each stand edge inside the other unit's
footprint buffered by the contact tolerance (ruling D-3), compared with half a cm. Shapely
answers it with a buffered union and one intersection per edge. Here numpy bounds that length
from both sides with rectangles clipped in each enemy stand's frame:

- lower: a stand grown by the tolerance straight out from its edges (a "plus" shape, no
  corners) lies inside the polygonal buffer, so the longest piece of the edge inside one such
  shape is inside the zone;
- upper: the stand grown by the tolerance with square corners holds the true round buffer,
  which holds the polygonal one, so the pieces inside those, summed, bound the length above.

Only an edge whose bounds straddle half a cm goes to Shapely, so the answer is the same.
"""
from __future__ import annotations

import math

import numpy as np
import shapely

from sim.daimyo.geometry import CONTACT_TOLERANCE

MIN_TOUCH = 0.5         # cm of edge in contact (melee.edge_contacts)
SAFE = 1e-6             # cm kept clear of every boundary, far above float error
EDGES = ("front", "right", "rear", "left")


def stand_edges(corners: np.ndarray) -> np.ndarray:
    """(stands, 4, 2, 2): each stand's front, right, rear and left edge as two points."""
    return np.stack([corners[:, [0, 1]], corners[:, [1, 2]], corners[:, [2, 3]], corners[:, [3, 0]]], axis=1)


def _clip(p0: np.ndarray, d: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Fraction of each segment p0 + s d, s in [0, 1], inside each axis box [lo, hi]
    (Liang-Barsky): p0, d (segs, 2); lo, hi (boxes, 2); returns (segs, boxes)."""
    a, v = p0[:, None, :], d[:, None, :]
    flat = np.abs(v) < 1e-12
    with np.errstate(divide="ignore", invalid="ignore"):
        t1, t2 = (lo - a) / v, (hi - a) / v
    inside = (a >= lo) & (a <= hi)
    never = np.where(inside, -np.inf, np.inf)
    enter = np.where(flat, never, np.minimum(t1, t2)).max(axis=-1)
    leave = np.where(flat, -never, np.maximum(t1, t2)).min(axis=-1)
    return np.clip(np.minimum(leave, 1.0) - np.maximum(enter, 0.0), 0.0, None)


def touch_bounds(segs: np.ndarray, pose, local, tol: float = CONTACT_TOLERANCE) -> tuple[np.ndarray, np.ndarray]:
    """Lower and upper bounds, in cm, of each segment's length within `tol` of the union of a
    unit's stands, given by its pose (x, y, facing) and geometry.local_corners. The stands are
    boxes in the unit's own frame (ahead, right), so one rotation puts every segment there."""
    x, y, facing = pose
    r = math.radians(facing)
    c, s = math.cos(r), math.sin(r)
    q = ((segs.reshape(-1, 2) - (x, y)) @ np.array([[c, s], [s, -c]])).reshape(-1, 2, 2)
    p0, d = q[:, 0], q[:, 1] - q[:, 0]
    low = np.stack([local[0].min(axis=1), local[1].min(axis=1)], axis=1)
    top = np.stack([local[0].max(axis=1), local[1].max(axis=1)], axis=1)
    g, e, grown = tol - SAFE, SAFE, tol + SAFE
    lo = np.concatenate([low + (-g, e), low + (e, -g), low - grown])
    hi = np.concatenate([top + (g, -e), top + (-e, g), top + grown])
    frac = _clip(p0, d, lo, hi) * np.hypot(d[:, 0], d[:, 1])[:, None]
    n = len(low)
    return frac[:, :2 * n].max(axis=1), frac[:, 2 * n:].sum(axis=1)


def edges_touching(corners_a: np.ndarray, pose_b, local_b, zone) -> np.ndarray:
    """(stands of a, 4) booleans: which edges of a's stands touch b's stands (pose and local
    corners as in touch_bounds) along more than MIN_TOUCH; `zone()` gives b's buffered
    footprint for the edges the bounds leave open."""
    segs = stand_edges(corners_a).reshape(-1, 2, 2)
    lower, upper = touch_bounds(segs, pose_b, local_b)
    touch = lower > MIN_TOUCH + SAFE
    open_ = ~touch & (upper >= MIN_TOUCH - SAFE)
    if open_.any():
        lines = shapely.linestrings(segs[open_])
        touch[open_] = shapely.length(shapely.intersection(lines, zone())) > MIN_TOUCH
    return touch.reshape(-1, 4)
