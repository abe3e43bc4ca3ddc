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
every answer is Shapely's (tests/daimyo/test_unit_groups.py). `friend_terms` answers a pose's
two lane questions (4.4, 4.5.2) in one call the same way: "surely", "surely not" or "ask
Shapely".
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from .cut_kernels import convex_gap
from .kernels import group_boxes, point_quads_distance, quad_distance

MEETS, APART, UNSURE = 1, 0, -1


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

    def corner_bound(self, quads: np.ndarray) -> float:
        """At least the least distance from the stands `quads` to any member (inf for none): the
        least distance from their first corner to each member's first corner, two points of
        the shapes measured. As `distances`' `beyond`, plus the caller's margin, it sets aside
        only members further than the nearest (they get their box's distance)."""
        if not len(self):
            return math.inf
        firsts = self.corners[self.start, 0]
        return float(np.hypot(firsts[:, 0] - quads[0, 0, 0], firsts[:, 1] - quads[0, 0, 1]).min())

    def within(self, quads: np.ndarray, margin: float) -> list[int]:
        """Indices of the members whose stands lie within `margin` of the stands `quads`."""
        return np.flatnonzero(self.distances(quads, margin) <= margin).tolist()

    def point_distances(self, px: float, py: float, beyond: float = math.inf) -> np.ndarray:
        """Distance from the point to each member (0 inside), as `distances`."""
        return point_to_units(px, py, self.corners, self.start, self.count, self.boxes, beyond)

    def poses_distances(self, quads: list[np.ndarray], beyond: float = math.inf) -> np.ndarray:
        """(poses, members): row i `distances(quads[i], beyond)` (the same kernel, one call for
        all of a decision's poses)."""
        count = np.array([len(q) for q in quads], dtype=np.int64)
        start = np.concatenate([[0], np.cumsum(count)[:-1]]).astype(np.int64)
        return poses_to_units(_read_only(np.concatenate(quads).reshape(-1, 4, 2)), start, count, self.corners,
                              self.start, self.count, self.boxes, beyond)

    def points_distances(self, points: np.ndarray) -> np.ndarray:
        """(n, members): row i `point_distances` of points[i] (the same kernel, one call for
        all of a decision's poses)."""
        return points_to_units(np.ascontiguousarray(points, dtype=np.float64), self.corners, self.start,
                               self.count, self.boxes, math.inf)

    def friend_terms(self, quads: np.ndarray, x: float, y: float, facing: float, half_width: float,
                     length: float, lanes: "UnitGroup", skip: int, lane_skip: int, margin: float) -> tuple[int, int]:
        """kernel friend_terms with this group the friends' stands and `lanes` their lanes."""
        return friend_terms(quads, x, y, facing, half_width, length, self.corners, self.start, self.count,
                            self.boxes, skip, lanes.corners, lanes.start, lanes.count, lanes.boxes, lane_skip,
                            margin)


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
    n = len(quads)
    qb = group_boxes(quads)
    for k in range(len(start)):
        if out[k] < 0.0:
            best = np.inf
            for t in range(start[k], start[k] + count[k]):
                c = corners[t]
                x0, y0 = min(c[0, 0], c[1, 0], c[2, 0], c[3, 0]), min(c[0, 1], c[1, 1], c[2, 1], c[3, 1])
                x1, y1 = max(c[0, 0], c[1, 0], c[2, 0], c[3, 0]), max(c[0, 1], c[1, 1], c[2, 1], c[3, 1])
                for s in range(n):
                    # a pair whose boxes lie more than the nearest pair yet (and a nanometre, far
                    # above rounding) apart is further than it: its distance cannot be the least
                    dx = max(0.0, max(qb[s, 0] - x1, x0 - qb[s, 2]))
                    dy = max(0.0, max(qb[s, 1] - y1, y0 - qb[s, 3]))
                    if dx * dx + dy * dy > (best + 1e-9) * (best + 1e-9):
                        continue
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


@njit(cache=True)
def poses_to_units(quads, qstart, qcount, corners, start, count, boxes, beyond):
    """quads_to_units for each pose's stands quads[qstart[i]:qstart[i] + qcount[i]]: (poses, units)."""
    out = np.empty((len(qstart), len(start)))
    for i in range(len(qstart)):
        out[i] = quads_to_units(quads[qstart[i]:qstart[i] + qcount[i]], corners, start, count, boxes, beyond)
    return out


@njit(cache=True)
def points_to_units(points, corners, start, count, boxes, beyond):
    """point_to_units for each of the points (n, 2): (n, units)."""
    out = np.empty((len(points), len(start)))
    for i in range(len(points)):
        out[i] = point_to_units(points[i, 0], points[i, 1], corners, start, count, boxes, beyond)
    return out


@njit(cache=True)
def meets_any(quads, corners, start, count, boxes, skip, margin):
    """Whether the stands `quads` (n, 4, 2) meet (touch or overlap) any member's stands but
    member `skip`'s: MEETS where a pair of stands overlaps by more than `margin` along every
    separating axis, APART where every member lies more than `margin` away, else UNSURE (a pair
    within `margin` of touching: the caller asks Shapely)."""
    lo_x, lo_y = quads[:, :, 0].min(), quads[:, :, 1].min()
    hi_x, hi_y = quads[:, :, 0].max(), quads[:, :, 1].max()
    unsure = False
    a, b = np.empty((4, 2)), np.empty((4, 2))     # one array type for the pair kernels
    for k in range(len(start)):
        if k == skip or _box_gap(boxes[k], lo_x, lo_y, hi_x, hi_y) > margin:
            continue
        for t in range(start[k], start[k] + count[k]):
            b[:] = corners[t]
            for s in range(len(quads)):
                a[:] = quads[s]
                if quad_distance(a, b) > margin:
                    continue
                if convex_gap(a, 4, b, 4) < -margin:
                    return MEETS
                unsure = True
    return UNSURE if unsure else APART


@njit(cache=True)
def _lane_at(x, y, facing, half_width, length):
    # lane_quad's rectangle (1, 4, 2)
    r = math.radians(facing)
    fx, fy = math.cos(r), math.sin(r)
    ox, oy = fy * half_width, -fx * half_width
    out = np.empty((1, 4, 2))
    out[0, 0, 0], out[0, 0, 1] = x - ox, y - oy
    out[0, 1, 0], out[0, 1, 1] = x + ox, y + oy
    out[0, 2, 0], out[0, 2, 1] = x + ox + length * fx, y + oy + length * fy
    out[0, 3, 0], out[0, 3, 1] = x - ox + length * fx, y - oy + length * fy
    return out


@njit(cache=True)
def friend_terms(quads, x, y, facing, half_width, length, f_corners, f_start, f_count, f_boxes, f_skip,
                 l_corners, l_start, l_count, l_boxes, l_skip, margin):
    """A weighed pose's two lane questions as meets_any answers: (the lane `length` cm ahead of
    the front edge centred at (x, y), `half_width` to either side, against the friends' stands
    but member `f_skip`'s; the pose's stands `quads` against the friends' lanes but `l_skip`)."""
    lane = _lane_at(x, y, facing, half_width, length)
    return (meets_any(lane, f_corners, f_start, f_count, f_boxes, f_skip, margin),
            meets_any(quads, l_corners, l_start, l_count, l_boxes, l_skip, margin))


def warm() -> None:
    """Load (or compile) the kernels before anything is timed (kernels.warm calls this)."""
    quad = np.array([[[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]])
    group = UnitGroup([quad, quad + 3.0])
    group.distances(quad + 1.0)
    group.point_distances(0.5, 0.5)
    group.points_distances(np.array([[0.5, 0.5]]))           # a decision's poses at once (ai/pose_batch.py)
    group.poses_distances([quad + 1.0, quad])
    point_quads_distance(_read_only(quad), 0.5, 0.5)     # the scorer's command range (read-only stands)
    group.friend_terms(_read_only(quad), 0.5, 0.5, 90.0, 0.5, 8.0, group, 0, -1, 1e-5)
