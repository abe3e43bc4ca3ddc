"""Fast, exact answers to "which stand edges touch the other unit" (4.6.1 base contact).

The rule's test (melee.edge_contacts) is the length of each stand edge inside the other unit's
footprint buffered by the contact tolerance (ruling D-3), compared with half a cm. Shapely
answers it with a buffered union and one intersection per edge. Here a kernel bounds that length
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

from sim.daimyo.geometry import CONTACT_TOLERANCE, kernels

MIN_TOUCH = 0.5         # cm of edge in contact (melee.edge_contacts)
SAFE = 1e-6             # cm kept clear of every boundary, far above float error
EDGES = ("front", "right", "rear", "left")


def stand_edges(corners: np.ndarray) -> np.ndarray:
    """(stands, 4, 2, 2): each stand's front, right, rear and left edge as two points."""
    return np.stack([corners[:, [0, 1]], corners[:, [1, 2]], corners[:, [2, 3]], corners[:, [3, 0]]], axis=1)


def touch_bounds(segs: np.ndarray, pose, local, tol: float = CONTACT_TOLERANCE) -> tuple[np.ndarray, np.ndarray]:
    """Lower and upper bounds, in cm, of each segment's length within `tol` of the union of a
    unit's stands, given by its pose (x, y, facing) and geometry.local_corners. The stands are
    boxes in the unit's own frame (ahead, right), so one rotation puts every segment there;
    each segment is clipped to each box (Liang-Barsky) in one kernel (geometry.kernels)."""
    x, y, facing = pose
    r = math.radians(facing)
    return kernels.touch_bounds(np.ascontiguousarray(segs, dtype=float), float(x), float(y), math.cos(r), math.sin(r),
                                local[0], local[1], float(tol), SAFE)


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
