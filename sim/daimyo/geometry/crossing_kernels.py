"""The instants at which a moving unit's stand boundaries can meet fixed edges (Daimyo 4.3), as
Numba kernels for crossings.py: a stand corner on a fixed edge or a fixed vertex on a stand edge,
for a straight move (a 2x2 linear system) and for a wheel (a circle against a segment).

Each kernel does the arithmetic of the plain numpy form it replaced, in the same order (numba
does not fuse multiplications and additions without fastmath), and returns the instants in the
same order: `tests/daimyo/test_crossing_kernels.py` checks them equal, float for float, to that
numpy form on random motions. A wheel's corner grazing an edge returns ok = False (crossings.py
then cannot bound the instants and the bisection asks Shapely at every step).

Numba, `cache=True`, floats only; per call a few microseconds where numpy's many small arrays
took about half a millisecond.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

MARGIN_CM = 1e-10       # ~1000x the ~1e-13 cm error of poses and instants on a 2 m table
PARALLEL = 1e-7         # |sin| below which a corner runs along an edge
GRAZE_CM = 1e-11        # a corner this close to sliding along or grazing an edge: no bound


@njit(cache=True)
def _edges(corners, seg):
    """Stand corners (k, 4, 2) and segments (m, 2, 2) as: corner points and the stand edges
    leaving them (4k, 2 each), segment starts and segment vectors (m, 2 each)."""
    k, m = corners.shape[0], seg.shape[0]
    a = corners.reshape(-1, 2)
    f = np.empty_like(a)
    for g in range(k):
        for c in range(4):
            nxt = (c + 1) % 4
            f[4 * g + c, 0] = corners[g, nxt, 0] - corners[g, c, 0]
            f[4 * g + c, 1] = corners[g, nxt, 1] - corners[g, c, 1]
    p = np.ascontiguousarray(seg[:, 0])
    e = np.empty((m, 2))
    for j in range(m):
        e[j, 0] = seg[j, 1, 0] - seg[j, 0, 0]
        e[j, 1] = seg[j, 1, 1] - seg[j, 0, 1]
    return a, f, p, e


@njit(cache=True)
def _straight_pass(pts, starts, edges, vx, vy, speed, sign, times, margins, n):
    """Points pts + s v against segments starts + t edges (sign 1: stand corners against fixed
    edges; -1: fixed vertices against stand edges, the stand moving by +v). Appends to times and
    margins from index n, the sliding stretches first and then the crossings (each in point-major
    order), and returns the new count."""
    npts, nedg = pts.shape[0], starts.shape[0]
    cross_t, cross_m = np.empty(npts * nedg), np.empty(npts * nedg)
    q = 0
    for i in range(npts):
        for j in range(nedg):
            ex, ey = edges[j, 0], edges[j, 1]
            lens = math.hypot(ex, ey)
            den = vx * ey - vy * ex
            sin = abs(den) / (speed * max(lens, 1e-300))
            wx, wy = starts[j, 0] - pts[i, 0], starts[j, 1] - pts[i, 1]
            if sin < PARALLEL:
                # a corner moving (nearly) along an edge's line: the stretch of s in which it
                # runs along the edge itself becomes one instant wide enough to hold it
                off = abs(wx * ey - wy * ex) / max(lens, 1e-300)
                if off < GRAZE_CM + sin * speed:
                    ee = max(lens ** 2, 1e-300)
                    t0 = (-wx * ex + -wy * ey) / ee
                    dt = sign * (ex * vx + ey * vy) / ee
                    a, b = (-1e-6 - t0) / dt, (1 + 1e-6 - t0) / dt
                    first, last = min(a, b), max(a, b)
                    times[n] = (first + last) / 2
                    margins[n] = (last - first) / 2 + MARGIN_CM / speed
                    n += 1
                continue
            s = sign * (wx * ey - wy * ex) / den
            if sign > 0:
                t = (wx * vy - wy * vx) / den
            else:
                t = (vx * -wy - vy * -wx) / den
            if t >= -1e-6 and t <= 1 + 1e-6:
                cross_t[q], cross_m[q] = s, MARGIN_CM / (speed * sin)
                q += 1
    times[n:n + q] = cross_t[:q]
    margins[n:n + q] = cross_m[:q]
    return n + q


@njit(cache=True)
def straight_instants(corners, seg, vx, vy):
    """Instants s (and margins) at which a stand boundary of corners (k, 4, 2) moving by s (vx, vy)
    meets a segment of seg (m, 2, 2)."""
    speed = math.hypot(vx, vy)
    a, f, p, e = _edges(corners, seg)
    size = 2 * len(a) * len(p)
    times, margins = np.empty(size), np.empty(size)
    n = _straight_pass(a, p, e, vx, vy, speed, 1.0, times, margins, 0)
    n = _straight_pass(p, a, f, vx, vy, speed, -1.0, times, margins, n)
    return times[:n], margins[:n]


@njit(cache=True)
def _wheel_pass(pts, starts, edges, px, py, ang, turn, times, margins, n):
    """Points pts turning by s * ang about (px, py) (turn 1; fixed vertices turn the other way
    against the stand edges, turn -1) against segments starts + t edges. Appends the instants
    (each root of each point-edge pair once per turn of the circle: the lesser roots, then the
    greater, each for k = -1, 0, 1 in point-major order) and returns the new count, or -1 if a
    point's circle grazes an edge."""
    npts, nedg = pts.shape[0], starts.shape[0]
    theta = np.empty((2, npts * nedg))
    margin = np.empty((2, npts * nedg))
    found = np.zeros(2, np.int64)
    for i in range(npts):
        rel_x, rel_y = pts[i, 0] - px, pts[i, 1] - py
        r = math.hypot(rel_x, rel_y)
        phi0 = math.atan2(rel_y, rel_x)
        for j in range(nedg):
            qx, qy = starts[j, 0] - px, starts[j, 1] - py
            ex, ey = edges[j, 0], edges[j, 1]
            ee = ex * ex + ey * ey
            b = ex * qx + ey * qy
            lens = math.sqrt(ee)
            h = abs(qx * ey - qy * ex) / max(lens, 1e-300)
            foot = -b / max(ee, 1e-300)
            if abs(h - r) < GRAZE_CM and foot >= -1e-6 and foot <= 1 + 1e-6:
                return -1
            cc = (qx * qx + qy * qy) - r ** 2
            disc = b * b - ee * cc
            if not disc > 0:
                continue
            root = math.sqrt(max(disc, 0.0))
            for k in range(2):
                t = (-b + (2 * k - 1.0) * root) / max(ee, 1e-300)
                if not (t >= -1e-6 and t <= 1 + 1e-6):
                    continue
                x0, x1 = qx + t * ex, qy + t * ey        # the meeting point about the pivot
                rr = max(r, 1e-300)
                sin = abs(-x1 / rr * ey - x0 / rr * ex) / max(lens, 1e-300)
                theta[k, found[k]] = turn * (math.atan2(x1, x0) - phi0)
                margin[k, found[k]] = MARGIN_CM / max(r * abs(ang) * sin, 1e-300)
                found[k] += 1
    for k in range(2):
        for wrap in (-1, 0, 1):
            for q in range(found[k]):
                times[n] = (theta[k, q] + 2 * math.pi * wrap) / ang
                margins[n] = margin[k, q]
                n += 1
    return n


@njit(cache=True)
def wheel_instants(corners, seg, px, py, ang):
    """Instants s (and margins) at which a stand boundary of corners (k, 4, 2) turning by s * ang
    radians about (px, py) meets a segment of seg (m, 2, 2); ok False if some corner grazes an
    edge (no safe bound)."""
    a, f, p, e = _edges(corners, seg)
    size = 2 * 2 * 3 * len(a) * len(p)
    times, margins = np.empty(size), np.empty(size)
    n = _wheel_pass(a, p, e, px, py, ang, 1.0, times, margins, 0)
    if n >= 0:
        n = _wheel_pass(p, a, f, px, py, ang, -1.0, times, margins, n)
    if n < 0:
        return times[:0], margins[:0], False
    return times[:n], margins[:n], True


def warm() -> None:
    """Load (or compile) the kernels before anything is timed."""
    quad = np.array([[[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]])
    seg = np.array([[[2.0, -1.0], [2.0, 3.0]]])
    straight_instants(quad, seg, 3.0, 0.0)
    wheel_instants(quad, seg, 0.0, 0.0, 0.5)
