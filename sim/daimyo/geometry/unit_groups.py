"""A group of units as arrays, and compiled distances from a weighed pose to each of them
(issue 18 item 5: the scorer's geometry on arrays).

The Daimyo scorer weighs thousands of poses of a unit against the same few groups each
decision - the enemies that could charge (4.4), the enemies it could reach, its friends and
their lanes ahead (4.4, 4.5.2). A `UnitGroup` holds each member's stands as convex
quadrilaterals (the same corners its Shapely footprint is made of), so one kernel call gives
the distance from a pose's stands, or from a point, to every member: the distance to a union
of stands is the least distance to one of them.

These distances agree with Shapely's to about 1e-12 cm. Callers use them only to set aside
members clear of a rule's threshold by `kernels.MARGIN` and ask Shapely about the rest, so
every answer is Shapely's (tests/daimyo/test_unit_groups.py).
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from .kernels import point_quads_distance, quad_distance


class UnitGroup:
    """Members' stands (S, 4, 2), member k's stands `start[k]` .. + `count[k]`, and each
    member's axis box (k, 4: min x, min y, max x, max y)."""

    def __init__(self, quads: list[np.ndarray]):
        self.count = np.array([len(q) for q in quads], dtype=np.int64)
        self.start = np.concatenate([[0], np.cumsum(self.count)[:-1]]).astype(np.int64) if quads \
            else np.empty(0, np.int64)
        self.corners = _read_only(np.concatenate(quads).reshape(-1, 4, 2) if quads else np.empty((0, 4, 2)))
        self.boxes = np.concatenate([np.minimum.reduceat(self.corners.min(axis=1), self.start),
                                     np.maximum.reduceat(self.corners.max(axis=1), self.start)], axis=1) \
            if quads else np.empty((0, 4))

    def __len__(self) -> int:
        return len(self.count)

    def distances(self, quads: np.ndarray, beyond: float = math.inf) -> np.ndarray:
        """Distance from the stands `quads` (n, 4, 2) to each member; a member whose box lies
        more than `beyond` away gets its box's distance instead (a lower bound, > beyond)."""
        return quads_to_units(_read_only(quads), self.corners, self.start, self.count, self.boxes, beyond)

    def within(self, quads: np.ndarray, margin: float) -> list[int]:
        """Indices of the members whose stands lie within `margin` of the stands `quads`."""
        return np.flatnonzero(self.distances(quads, margin) <= margin).tolist()

    def point_distances(self, px: float, py: float, beyond: float = math.inf) -> np.ndarray:
        """Distance from the point to each member (0 inside), as `distances`."""
        return point_to_units(px, py, self.corners, self.start, self.count, self.boxes, beyond)


def _read_only(a: np.ndarray) -> np.ndarray:
    # every array the kernels get is read-only (the footprints' corners are shared), so Numba
    # compiles each kernel once, not once per mix of writable and read-only arrays
    if a.flags.writeable:
        a = a.view()
        a.flags.writeable = False
    return a


def lane_quad(x: float, y: float, facing: float, half_width: float, length: float) -> np.ndarray:
    """The rectangle `length` cm straight ahead of a front edge centred at (x, y), `half_width`
    to either side (the scorer's lane, a flat-capped buffer of the centre line) as (1, 4, 2)."""
    r = math.radians(facing)
    fx, fy = math.cos(r), math.sin(r)
    ox, oy = fy * half_width, -fx * half_width
    return np.array([[[x - ox, y - oy], [x + ox, y + oy],
                      [x + ox + length * fx, y + oy + length * fy],
                      [x - ox + length * fx, y - oy + length * fy]]])


@njit(cache=True)
def _box_gap(box, lo_x, lo_y, hi_x, hi_y):
    dx = max(0.0, max(box[0] - hi_x, lo_x - box[2]))
    dy = max(0.0, max(box[1] - hi_y, lo_y - box[3]))
    return math.sqrt(dx * dx + dy * dy)


@njit(cache=True)
def _set_aside(boxes, lo_x, lo_y, hi_x, hi_y, beyond):
    """Each unit's box distance from the box given where it is more than `beyond`, else -1
    (a unit still to be measured)."""
    out = np.empty(len(boxes))
    for k in range(len(boxes)):
        gap = _box_gap(boxes[k], lo_x, lo_y, hi_x, hi_y)
        out[k] = gap if gap > beyond else -1.0
    return out


@njit(cache=True)
def quads_to_units(quads, corners, start, count, boxes, beyond):
    """Edge-to-edge distance from the stands `quads` (n, 4, 2) to each unit (the nearest pair
    of stands; 0 where they meet); a unit whose box is further than `beyond` from the stands'
    box gets that box distance."""
    out = _set_aside(boxes, quads[:, :, 0].min(), quads[:, :, 1].min(), quads[:, :, 0].max(),
                     quads[:, :, 1].max(), beyond)
    for k in range(len(start)):
        if out[k] < 0.0:
            best = np.inf
            for t in range(start[k], start[k] + count[k]):
                for s in range(len(quads)):
                    best = min(best, quad_distance(quads[s], corners[t]))
            out[k] = best
    return out


@njit(cache=True)
def point_to_units(px, py, corners, start, count, boxes, beyond):
    """Distance from point p to each unit's stands (0 inside one), as quads_to_units."""
    out = _set_aside(boxes, px, py, px, py, beyond)
    for k in range(len(start)):
        if out[k] < 0.0:
            out[k] = point_quads_distance(corners[start[k]:start[k] + count[k]], px, py)
    return out


def warm() -> None:
    """Load (or compile) the kernels before anything is timed (kernels.warm calls this)."""
    quad = np.array([[[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]])
    group = UnitGroup([quad, quad + 3.0])
    group.distances(quad + 1.0)
    group.point_distances(0.5, 0.5)
    point_quads_distance(_read_only(quad), 0.5, 0.5)     # the scorer's command range (read-only stands)
