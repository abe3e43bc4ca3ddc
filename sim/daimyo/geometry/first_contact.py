"""First contact of stands moving straight ahead (Daimyo 4.3, 4.3.1, 4.3.2, 4.4), analytic.

A stand moving straight is a convex quadrilateral translated by t along a unit vector v. The
first t at which it comes within r of a fixed shape is the first t at which one of its corners
comes within r of one of the shape's edges, or one of the shape's corners comes within r of one
of its edges (moving by -v): a point on a ray against a capsule (a segment grown by r), solved
exactly. While they are apart the distance of two polygons is the least of those corner-edge
distances, so the least such t is the distance's first fall to r (4.4: the 3 cm approach).

`deep_overlaps` answers the other questions of a straight move, the stretch of t in which a
stand and a convex piece overlap by more than p along every edge normal of either (separating
axes): only there can a stand share an area with a friend's (4.3.2: ending inside a friend), and
with p slightly below or above 0, where it may and where it surely does touch a piece of
terrain cut into triangles (4.3.1).

Numba, `cache=True`, floats only. tests/daimyo/test_first_contact.py compares each with Shapely
on random poses; the callers (sim/daimyo/straight_reach.py) keep a margin between these answers
and the rules' thresholds and ask the rules' own plan inside it.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.daimyo.geometry.kernels import point_segment, quad_distance


@njit(cache=True)
def ray_capsule(px, py, vx, vy, ax, ay, bx, by, r):
    """Least t >= 0 at which the point p + t v (v a unit vector) lies within r of segment ab;
    inf if never."""
    if point_segment(px, py, ax, ay, bx, by) <= r:
        return 0.0
    best = np.inf
    for k in range(2):                          # the discs round the two ends
        cx, cy = (ax, ay) if k == 0 else (bx, by)
        qx, qy = px - cx, py - cy
        b = qx * vx + qy * vy
        disc = b * b - (qx * qx + qy * qy - r * r)
        if disc >= 0.0:
            t = -b - math.sqrt(disc)
            if 0.0 <= t < best:
                best = t
    dx, dy = bx - ax, by - ay
    ll = math.sqrt(dx * dx + dy * dy)
    if ll > 0.0:                                # the two long sides of the capsule
        ux, uy = dx / ll, dy / ll
        s0 = (px - ax) * -uy + (py - ay) * ux
        sv = vx * -uy + vy * ux
        w0 = (px - ax) * ux + (py - ay) * uy
        wv = vx * ux + vy * uy
        if sv != 0.0:
            for k in range(2):
                side = r if k == 0 else -r
                t = (side - s0) / sv
                if 0.0 <= t < best:
                    w = w0 + t * wv
                    if 0.0 <= w <= ll:
                        best = t
    return best


@njit(cache=True)
def quad_first_within(a, vx, vy, b, r):
    """Least t >= 0 with the convex quadrilateral a (4, 2) moved by t v within r of the convex
    quadrilateral b; inf if never."""
    if quad_distance(a, b) <= r:
        return 0.0
    best = np.inf
    for m in range(4):
        for k in range(4):
            n = (k + 1) % 4
            best = min(best, ray_capsule(a[m, 0], a[m, 1], vx, vy, b[k, 0], b[k, 1], b[n, 0], b[n, 1], r))
            best = min(best, ray_capsule(b[m, 0], b[m, 1], -vx, -vy, a[k, 0], a[k, 1], a[n, 0], a[n, 1], r))
    return best


@njit(cache=True)
def stands_first_within(moving, vx, vy, quads, r):
    """For each fixed quadrilateral j of `quads` (m, 4, 2): the least t at which any of the
    `moving` stands (k, 4, 2) comes within r[j] of it (inf: never)."""
    out = np.full(len(quads), np.inf)
    for j in range(len(quads)):
        for i in range(len(moving)):
            out[j] = min(out[j], quad_first_within(moving[i], vx, vy, quads[j], r[j]))
    return out


@njit(cache=True)
def deep_overlaps(moving, vx, vy, quads, p):
    """(lo, hi), each (k, m): for moving stand i and fixed convex piece j (a quadrilateral, or a
    triangle with a corner repeated), the open interval of t in which the two overlap by more
    than p along every edge normal of either (empty when lo >= hi). Outside it some normal sees
    them overlap by at most p, so they share no more area than p times their size; with p < 0,
    outside it they are more than -p apart along some normal, so they do not touch."""
    k, m = len(moving), len(quads)
    lo = np.full((k, m), -np.inf)
    hi = np.full((k, m), np.inf)
    for i in range(k):
        for j in range(m):
            tlo, thi = -np.inf, np.inf
            for w in range(8):
                poly = moving[i] if w < 4 else quads[j]
                e = w % 4
                n = (e + 1) % 4
                nx, ny = poly[n, 1] - poly[e, 1], poly[e, 0] - poly[n, 0]
                ln = math.sqrt(nx * nx + ny * ny)
                if ln == 0.0:
                    continue                    # a triangle's repeated corner
                nx, ny = nx / ln, ny / ln
                amin, amax, bmin, bmax = np.inf, -np.inf, np.inf, -np.inf
                for c in range(4):
                    pa = moving[i][c, 0] * nx + moving[i][c, 1] * ny
                    pb = quads[j][c, 0] * nx + quads[j][c, 1] * ny
                    amin, amax = min(amin, pa), max(amax, pa)
                    bmin, bmax = min(bmin, pb), max(bmax, pb)
                s = vx * nx + vy * ny
                # deeper than p along n: amax + t s > bmin + p and amin + t s < bmax - p
                if amax - amin <= p or bmax - bmin <= p:
                    tlo, thi = np.inf, -np.inf
                elif s > 0.0:
                    tlo = max(tlo, (bmin + p - amax) / s)
                    thi = min(thi, (bmax - p - amin) / s)
                elif s < 0.0:
                    tlo = max(tlo, (bmax - p - amin) / s)
                    thi = min(thi, (bmin + p - amax) / s)
                elif not (amax > bmin + p and amin < bmax - p):
                    tlo, thi = np.inf, -np.inf
            lo[i, j], hi[i, j] = tlo, thi
    return lo, hi


def warm() -> None:
    """Load (or compile) these kernels before anything is timed."""
    quad = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    moving, fixed = quad[None], (quad + 3.0)[None]
    stands_first_within(moving, 1.0, 0.0, fixed, np.array([0.5]))
    deep_overlaps(moving, 1.0, 0.0, fixed, 1e-9)
