"""Where along a motion a unit's stands can start or stop touching fixed shapes (Daimyo 4.3).

A stand is a convex quadrilateral; whether it intersects, is inside or covers a fixed polygon
can change only at an instant when a stand corner lies on an edge of the polygon or a polygon
vertex lies on a stand edge. For a straight move each such instant solves a 2x2 linear
system; for a wheel, a circle meets a segment. `crossings` returns those instants from one
kernel call (geometry/crossing_kernels.py), each with a margin in s wide enough for the
floating-point error of both the instant and the pose computed at it (wider where the motion
runs nearly along the edge). Away from every instant, by more than its margin, a predicate of
the stands against those shapes has the same truth value throughout each gap between instants,
so sweep.py's bisection asks Shapely only once per gap and near the instants, and still returns
bit-identical answers.

None means "cannot bound this safely" (a stand corner sliding along an edge, a wheel's corner
grazing an edge, a shape that is not made of polygons): the caller then asks Shapely at every
step, as before.
"""
from __future__ import annotations

import math

import numpy as np
import shapely

from sim.daimyo.geometry import crossing_kernels


def segments(geoms, memo: dict | None = None) -> np.ndarray | None:
    """Every boundary edge of the polygons `geoms` as (m, 2, 2) start and end points, or None
    if some geometry is not a polygon or multipolygon. A single geometry's are kept in `memo`
    (the moving unit's transient shapes: the table and terrain patches are asked about again
    and again), under its id while it is the very same object."""
    geoms = np.atleast_1d(np.asarray(geoms, dtype=object))
    key = ("segments", id(geoms[0])) if len(geoms) == 1 and memo is not None else None
    if key is not None:
        hit = memo.get(key)
        if hit is not None and hit[0] is geoms[0]:
            return hit[1]
    if len(geoms) == 0:
        return np.empty((0, 2, 2))
    types = shapely.get_type_id(geoms)
    if (types == 3).all() and not shapely.get_num_interior_rings(geoms).any():
        # plain polygons (a friend's shrunk stands): one ring each, read without making
        # geometries of their parts and rings
        c, ring = shapely.get_coordinates(geoms, return_index=True)
    elif not np.isin(types, (3, 6)).all():       # Polygon, MultiPolygon
        return None
    else:
        rings = shapely.get_rings(shapely.get_parts(geoms))
        c, ring = shapely.get_coordinates(rings, return_index=True)
    same = (ring[:-1] == ring[1:]) & (c[:-1] != c[1:]).any(axis=1)      # no zero-length edges
    seg = np.stack([c[:-1][same], c[1:][same]], axis=1)
    if key is not None:
        memo[key] = (geoms[0], seg)
    return seg


def crossings(motion, lo: float, hi: float, geoms) -> tuple[np.ndarray, np.ndarray] | None:
    """Sorted instants in about [lo, hi] where a stand boundary can meet a boundary of `geoms`,
    and their margins (both in s); None if they cannot be bounded safely."""
    seg = segments(geoms, motion.unit.shapes)
    if seg is None or motion.kind not in ("straight", "wheel"):
        return None
    c0 = motion.corners(0.0)[0]                         # (k, 4, 2) at s = 0
    box = _reach(motion, c0, lo, hi)
    keep = ((np.minimum(seg[:, 0, 0], seg[:, 1, 0]) <= box[2]) & (np.maximum(seg[:, 0, 0], seg[:, 1, 0]) >= box[0])
            & (np.minimum(seg[:, 0, 1], seg[:, 1, 1]) <= box[3]) & (np.maximum(seg[:, 0, 1], seg[:, 1, 1]) >= box[1]))
    seg = seg[keep]
    if len(seg) == 0:
        return np.empty(0), np.empty(0)
    c0 = np.ascontiguousarray(c0, dtype=float)
    seg = np.ascontiguousarray(seg, dtype=float)
    if motion.kind == "straight":
        v = _velocity(motion)
        if math.hypot(*v) == 0:
            return np.empty(0), np.empty(0)
        t, m = crossing_kernels.straight_instants(c0, seg, float(v[0]), float(v[1]))
    else:
        ang = math.radians(motion.angle)
        if ang == 0:
            return np.empty(0), np.empty(0)
        t, m, ok = crossing_kernels.wheel_instants(c0, seg, float(motion.pivot[0]), float(motion.pivot[1]), ang)
        if not ok:
            return None
    if np.isnan(t).any() or np.isnan(m).any():
        return None
    near = (t + m >= lo) & (t - m <= hi)
    t, m = t[near], m[near]
    order = np.argsort(t)
    return t[order], m[order]


def _reach(motion, c0, lo, hi) -> np.ndarray:
    """A box holding every stand corner over [lo, hi], grown by a centimetre."""
    if motion.kind == "straight":
        v = _velocity(motion)
        pts = np.concatenate([c0 + lo * v, c0 + hi * v]).reshape(-1, 2)
    else:
        r = np.hypot(*(c0.reshape(-1, 2) - motion.pivot).T).max()
        turn = abs(hi - lo) * math.radians(abs(motion.angle))
        if turn > 0.1:
            pts = np.array(motion.pivot) + np.array([[-r, -r], [r, r]])
        else:
            # a short stretch of a wheel: each corner's arc strays from its chord by at most
            # r (1 - cos(turn / 2)) <= r turn^2 / 8, far inside the centimetre of slack
            ends = motion.corners(np.array([lo, hi])).reshape(-1, 2)
            bulge = r * turn * turn / 8
            return np.concatenate([ends.min(axis=0) - 1.0 - bulge, ends.max(axis=0) + 1.0 + bulge])
    return np.concatenate([pts.min(axis=0) - 1.0, pts.max(axis=0) + 1.0])


def _velocity(motion) -> np.ndarray:
    """A straight move's displacement per unit of s."""
    return np.asarray(motion.poses(1.0)[0][:2]) - motion.start[:2]
