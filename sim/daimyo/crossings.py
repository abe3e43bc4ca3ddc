"""Where along a motion a unit's stands can start or stop touching fixed shapes (Daimyo 4.3).

A stand is a convex quadrilateral; whether it intersects, is inside or covers a fixed polygon
can change only at an instant when a stand corner lies on an edge of the polygon or a polygon
vertex lies on a stand edge. For a straight move each such instant solves a 2x2 linear
system; for a wheel, a circle meets a segment. `crossings` returns those instants in one
numpy pass, each with a margin in s wide enough for the floating-point error of both the
instant and the pose computed at it (wider where the motion runs nearly along the edge). Away
from every instant, by more than its margin, a predicate of the stands against those shapes
has the same truth value throughout each gap between instants, so sweep.py's bisection asks
Shapely only once per gap and near the instants, and still returns bit-identical answers.

None means "cannot bound this safely" (a stand corner sliding along an edge, a wheel's corner
grazing an edge, a shape that is not made of polygons): the caller then asks Shapely at every
step, as before.
"""
from __future__ import annotations

import math

import numpy as np
import shapely

MARGIN_CM = 1e-10       # ~1000x the ~1e-13 cm error of poses and instants on a 2 m table
PARALLEL = 1e-7         # |sin| below which a corner runs along an edge
GRAZE_CM = 1e-11        # a corner this close to sliding along or grazing an edge: no bound
_SEGMENTS: dict[int, tuple[object, np.ndarray]] = {}


def segments(geoms) -> np.ndarray | None:
    """Every boundary edge of the polygons `geoms` as (m, 2, 2) start and end points, or None
    if some geometry is not a polygon or multipolygon. A single geometry's are memoised (the
    table and terrain patches are asked about again and again)."""
    geoms = np.atleast_1d(np.asarray(geoms, dtype=object))
    if len(geoms) == 1:
        hit = _SEGMENTS.get(id(geoms[0]))
        if hit is not None and hit[0] is geoms[0]:
            return hit[1]
    if len(geoms) == 0:
        return np.empty((0, 2, 2))
    if not np.isin(shapely.get_type_id(geoms), (3, 6)).all():       # Polygon, MultiPolygon
        return None
    rings = shapely.get_rings(shapely.get_parts(geoms))
    c, ring = shapely.get_coordinates(rings, return_index=True)
    same = (ring[:-1] == ring[1:]) & (c[:-1] != c[1:]).any(axis=1)      # no zero-length edges
    seg = np.stack([c[:-1][same], c[1:][same]], axis=1)
    if len(geoms) == 1:
        if len(_SEGMENTS) > 4096:
            _SEGMENTS.clear()
        _SEGMENTS[id(geoms[0])] = (geoms[0], seg)
    return seg


def _cross(a, b):
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def _stand_edges(c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Corners (k, 4, 2) -> edge starts and edge vectors, each (4k, 2)."""
    return c.reshape(-1, 2), (np.roll(c, -1, axis=1) - c).reshape(-1, 2)


def crossings(motion, lo: float, hi: float, geoms) -> tuple[np.ndarray, np.ndarray] | None:
    """Sorted instants in about [lo, hi] where a stand boundary can meet a boundary of `geoms`,
    and their margins (both in s); None if they cannot be bounded safely."""
    seg = segments(geoms)
    if seg is None or motion.kind not in ("straight", "wheel"):
        return None
    c0 = motion.corners(0.0)[0]                         # (k, 4, 2) at s = 0
    box = _reach(motion, c0, lo, hi)
    keep = ((np.minimum(seg[:, 0, 0], seg[:, 1, 0]) <= box[2]) & (np.maximum(seg[:, 0, 0], seg[:, 1, 0]) >= box[0])
            & (np.minimum(seg[:, 0, 1], seg[:, 1, 1]) <= box[3]) & (np.maximum(seg[:, 0, 1], seg[:, 1, 1]) >= box[1]))
    seg = seg[keep]
    if len(seg) == 0:
        return np.empty(0), np.empty(0)
    if motion.kind == "straight":
        got = _straight(motion, c0, seg, lo, hi)
    else:
        got = _wheel(motion, c0, seg)
    if got is None:
        return None
    t, m = got
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
        pts = np.array(motion.pivot) + np.array([[-r, -r], [r, r]])
    return np.concatenate([pts.min(axis=0) - 1.0, pts.max(axis=0) + 1.0])


def _velocity(motion) -> np.ndarray:
    """A straight move's displacement per unit of s."""
    return np.asarray(motion.poses(1.0)[0][:2]) - motion.start[:2]


def _straight(motion, c0, seg, lo, hi):
    v = _velocity(motion)
    speed = math.hypot(*v)
    if speed == 0:
        return np.empty(0), np.empty(0)
    p, e = seg[:, 0], seg[:, 1] - seg[:, 0]
    a, f = _stand_edges(c0)
    times, margins = [], []
    # a stand corner a + s v on a fixed edge p + t e, and a fixed vertex p on a stand edge a + s v + t f
    for pts, starts, edges, sign in ((a, p, e, 1.0), (p, a, f, -1.0)):
        w = starts[None, :, :] - pts[:, None, :]                 # (points, edges, 2)
        den = _cross(v, edges)[None, :]                          # cross(v, e)
        lens = np.hypot(edges[:, 0], edges[:, 1])[None, :]
        sin = np.abs(den) / (speed * np.maximum(lens, 1e-300))
        par = sin < PARALLEL
        # a corner moving (nearly) along an edge's line: parallel lines apart never meet
        if par.any():
            off = np.abs(_cross(w, edges[None, :, :])) / np.maximum(lens, 1e-300)
            slide = par & (off < GRAZE_CM + sin * speed)
            if slide.any():
                # while it runs along the edge itself Shapely's answer is down to rounding:
                # that stretch of s (t in [0, 1]) becomes one instant wide enough to hold it
                i, j = np.nonzero(slide)
                ee = np.maximum(lens[0, j] ** 2, 1e-300)
                t0 = np.einsum("ij,ij->i", -w[i, j], edges[j]) / ee
                dt = sign * (edges[j] @ v) / ee
                ends = np.stack([(-1e-6 - t0) / dt, (1 + 1e-6 - t0) / dt])
                first, last = ends.min(axis=0), ends.max(axis=0)
                times.append((first + last) / 2)
                margins.append((last - first) / 2 + MARGIN_CM / speed)
        with np.errstate(divide="ignore", invalid="ignore"):
            s = sign * _cross(w, edges[None, :, :]) / den
            t = _cross(w, v) / den if sign > 0 else _cross(v, -w) / den
        ok = ~par & (t >= -1e-6) & (t <= 1 + 1e-6)
        times.append(s[ok])
        margins.append(MARGIN_CM / (speed * np.broadcast_to(sin, s.shape)[ok]))
    return np.concatenate(times), np.concatenate(margins)


def _wheel(motion, c0, seg):
    """A corner turning about the pivot traces a circle; where it meets an edge gives the angle.
    Fixed vertices turn the other way against the stand edges at the start."""
    ang = math.radians(motion.angle)
    if ang == 0:
        return np.empty(0), np.empty(0)
    P = np.asarray(motion.pivot, dtype=float)
    a, f = _stand_edges(c0)
    p, e = seg[:, 0], seg[:, 1] - seg[:, 0]
    times, margins = [], []
    for pts, starts, edges, turn in ((a, p, e, 1.0), (p, a, f, -1.0)):
        rel = pts - P                                           # (points, 2)
        r = np.hypot(rel[:, 0], rel[:, 1])[:, None]
        phi0 = np.arctan2(rel[:, 1], rel[:, 0])[:, None]
        q = (starts - P)[None, :, :]                            # edge starts about the pivot
        ee = np.einsum("ij,ij->i", edges, edges)[None, :]
        b = np.einsum("ij,kij->ki", edges, np.broadcast_to(q, (len(pts),) + q.shape[1:]))
        cc = np.einsum("kij,kij->ki", q, q) - r ** 2
        disc = b * b - ee * cc
        lens = np.sqrt(ee)
        # how far the edge's line passes from the circle: near zero means a graze
        h = np.abs(_cross(q, edges[None, :, :])) / np.maximum(lens, 1e-300)
        foot = -b / np.maximum(ee, 1e-300)
        graze = (np.abs(h - r) < GRAZE_CM) & (foot >= -1e-6) & (foot <= 1 + 1e-6)
        if graze.any():
            return None
        root = np.sqrt(np.maximum(disc, 0.0))
        for sgn in (-1.0, 1.0):
            t = (-b + sgn * root) / np.maximum(ee, 1e-300)
            ok = (disc > 0) & (t >= -1e-6) & (t <= 1 + 1e-6)
            if not ok.any():
                continue
            x = q + t[..., None] * edges[None, :, :]             # the meeting point about the pivot
            phi = np.arctan2(x[..., 1], x[..., 0])
            theta = turn * (phi - phi0)                           # the wheel's turn at the meeting
            # the corner's velocity is along the tangent; its angle to the edge sets the margin
            tangent = np.stack([-x[..., 1], x[..., 0]], axis=-1) / np.maximum(r[..., None], 1e-300)
            sin = np.abs(_cross(tangent, edges[None, :, :])) / np.maximum(lens, 1e-300)
            speed = r * abs(ang)
            for k in (-1, 0, 1):
                s = (theta + 2 * math.pi * k) / ang
                times.append(s[ok])
                margins.append((MARGIN_CM / np.maximum(speed * sin, 1e-300))[ok])
    if not times:
        return np.empty(0), np.empty(0)
    return np.concatenate(times), np.concatenate(margins)
