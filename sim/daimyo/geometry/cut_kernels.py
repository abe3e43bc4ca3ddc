"""The halvings of a motion cut short in one kernel (Daimyo 4.3.2: a unit that would end
inside a friend stops behind it, ruling D-42).

sweep.bisect halves a bracket of s BISECT times, asking at each midpoint whether the stands
are clear of some fixed convex polygons (a friend's stands, shrunk by 1e-7 cm so that touching
is not overlapping). `clear_halvings` does those halvings here: the stands' corners at each
midpoint are placed by the same sums as sweep.Motion.corners, and each stand is tested against
each polygon by separating axes (the edge normals of both, made unit): the largest gap along
them is positive when the two are apart by at least that much, negative when they overlap by
at least that much along every axis. Only an answer clear of 0 by `tol` (far above the 1e-13 cm
rounding of coordinates of a few hundred cm) is taken; at the first midpoint that is not, the
kernel stops and hands the bracket back, and the caller asks Shapely for the remaining
halvings. The midpoints are the same floats, so the result is bit-identical to asking Shapely at
every halving (tests/daimyo/test_cut_kernels.py compares both on random poses).

Numba, `cache=True`, floats only.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.daimyo.geometry.kernels import place_at

STRAIGHT, WHEEL = 0, 1
TOL = 1e-11         # cm: a separating-axis gap this close to 0 goes to Shapely


@njit(cache=True)
def convex_gap(a, na, b, nb):
    """The largest gap between the projections of convex polygons a[:na] and b[:nb] (points
    (n, 2), in ring order, unclosed) onto the unit edge normals of either: > 0 apart by at least
    that, < 0 overlapping along every such axis by at least its size."""
    best = -np.inf
    for which in range(2):
        p, n, q, m = (a, na, b, nb) if which == 0 else (b, nb, a, na)
        for k in range(n):
            x0, y0 = p[k, 0], p[k, 1]
            x1, y1 = p[(k + 1) % n, 0], p[(k + 1) % n, 1]
            nx, ny = y1 - y0, x0 - x1
            ll = math.sqrt(nx * nx + ny * ny)
            if ll == 0.0:
                continue
            nx, ny = nx / ll, ny / ll
            lo1, hi1 = np.inf, -np.inf
            for j in range(n):
                v = p[j, 0] * nx + p[j, 1] * ny
                lo1, hi1 = min(lo1, v), max(hi1, v)
            lo2, hi2 = np.inf, -np.inf
            for j in range(m):
                v = q[j, 0] * nx + q[j, 1] * ny
                lo2, hi2 = min(lo2, v), max(hi2, v)
            best = max(best, max(lo2 - hi1, lo1 - hi2))
    return best


@njit(cache=True)
def motion_poses(kind, x, y, f, length, angle, px, py, s):
    """sweep.Motion.poses of a straight move or wheel at each s, by the same sums in the same
    order (numpy's radians, cosine and sine are libm's, as math's here: bit for bit,
    tests/daimyo/test_cut_kernels.py)."""
    out = np.empty((len(s), 3))
    if kind == STRAIGHT:
        r = math.radians(f)
        dx, dy = math.cos(r) * length, math.sin(r) * length
        for i in range(len(s)):
            out[i, 0] = x + dx * s[i]
            out[i, 1] = y + dy * s[i]
            out[i, 2] = f
        return out
    ox, oy = x - px, y - py
    for i in range(len(s)):
        a = math.radians(angle * s[i])
        ca, sa = math.cos(a), math.sin(a)
        out[i, 0] = px + ox * ca - oy * sa
        out[i, 1] = py + ox * sa + oy * ca
        out[i, 2] = (f + angle * s[i]) % 360.0
    return out


@njit(cache=True)
def motion_corners(kind, x, y, f, length, angle, px, py, s, local_f, local_r):
    """`motion_poses` at each s and the stands' corners at those poses (kernels.place_at's
    sums: shapes.place_corners'), in one call: sweep.Motion's sampled poses and corners."""
    poses = motion_poses(kind, x, y, f, length, angle, px, py, s)
    return poses, place_at(poses, local_f, local_r)


@njit(cache=True)
def _stands_at(kind, x, y, f, length, angle, px, py, local_f, local_r, s, out):
    """The stands' corners at s into out (stands, 4, 2), by sweep.Motion.poses and
    shapes.place_corners' sums."""
    if kind == STRAIGHT:
        r = math.radians(f)
        dx, dy = math.cos(r), math.sin(r)
        ux, uy, uf = x + dx * length * s, y + dy * length * s, f
    else:
        a = math.radians(angle * s)
        ox, oy = x - px, y - py
        ca, sa = math.cos(a), math.sin(a)
        ux, uy = px + ox * ca - oy * sa, py + ox * sa + oy * ca
        uf = (f + angle * s) % 360.0
    r = math.radians(uf)
    c, sn = math.cos(r), math.sin(r)
    for k in range(local_f.shape[0]):
        for m in range(4):
            out[k, m, 0] = ux + local_f[k, m] * c + local_r[k, m] * sn
            out[k, m, 1] = uy + local_f[k, m] * sn - local_r[k, m] * c


@njit(cache=True)
def clear_halvings(kind, x, y, f, length, angle, px, py, local_f, local_r, coords, first, count, lo, hi,
                   steps, tol, clear_at_lo=True):
    """Up to `steps` halvings of [lo, hi] keeping lo clear of the convex polygons (coords[first[i]:
    first[i] + count[i]], unclosed rings), or not clear if `clear_at_lo` is False: at each
    midpoint, clear when no stand meets any polygon. Returns (lo, hi, halvings done): fewer than
    `steps` where a midpoint's answer was within `tol` of the threshold (the caller asks Shapely
    from there)."""
    stands = np.empty((local_f.shape[0], 4, 2))
    npoly = len(first)
    boxes = np.empty((npoly, 4))
    for i in range(npoly):
        bx0, by0, bx1, by1 = np.inf, np.inf, -np.inf, -np.inf
        for j in range(first[i], first[i] + count[i]):
            bx0, by0 = min(bx0, coords[j, 0]), min(by0, coords[j, 1])
            bx1, by1 = max(bx1, coords[j, 0]), max(by1, coords[j, 1])
        boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3] = bx0, by0, bx1, by1
    for done in range(steps):
        mid = (lo + hi) / 2
        _stands_at(kind, x, y, f, length, angle, px, py, local_f, local_r, mid, stands)
        met = False
        unsure = False
        for k in range(stands.shape[0]):
            sx0, sy0 = stands[k, :, 0].min(), stands[k, :, 1].min()
            sx1, sy1 = stands[k, :, 0].max(), stands[k, :, 1].max()
            for i in range(npoly):
                if (sx0 > boxes[i, 2] + tol or sx1 < boxes[i, 0] - tol
                        or sy0 > boxes[i, 3] + tol or sy1 < boxes[i, 1] - tol):
                    continue
                g = convex_gap(stands[k], 4, coords[first[i]:], count[i])
                if g < -tol:
                    met = True
                    break
                if g <= tol:
                    unsure = True
            if met:
                break
        if not met and unsure:
            return lo, hi, done
        if met != clear_at_lo:
            lo = mid
        else:
            hi = mid
    return lo, hi, steps


@njit(cache=True)
def inset(quads, d):
    """Convex quadrilaterals (m, 4, 2) shrunk by `d` cm with mitred corners: each corner moved
    to where its two edges, moved in by d, meet - GEOS's buffer(-d, join_style="mitre") of a
    stand, whose corners these are within 1e-13 cm (tests/daimyo/test_cut_kernels.py), far
    below TOL: the halvings answer on these as on GEOS's."""
    out = np.empty(quads.shape)
    nx, ny = np.empty(4), np.empty(4)
    for i in range(quads.shape[0]):
        q = quads[i]
        area = 0.0
        for k in range(4):
            area += q[k, 0] * q[(k + 1) % 4, 1] - q[(k + 1) % 4, 0] * q[k, 1]
        side = 1.0 if area > 0.0 else -1.0           # counter-clockwise: the inside lies left
        for k in range(4):
            ex, ey = q[(k + 1) % 4, 0] - q[k, 0], q[(k + 1) % 4, 1] - q[k, 1]
            ll = math.sqrt(ex * ex + ey * ey)
            nx[k], ny[k] = -ey / ll * side, ex / ll * side
        for k in range(4):
            p = (k + 3) % 4                           # the edge ending at corner k
            c = 1.0 + nx[p] * nx[k] + ny[p] * ny[k]
            out[i, k, 0] = q[k, 0] + d * (nx[p] + nx[k]) / c
            out[i, k, 1] = q[k, 1] + d * (ny[p] + ny[k]) / c
    return out


def warm() -> None:
    quad = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    local = np.zeros((1, 4))
    local.flags.writeable = False
    convex_gap(quad, 4, quad + 3.0, 4)
    inset(np.stack((quad, quad + 3.0)), 1e-7)
    kept = np.zeros(2)
    kept.flags.writeable = False                  # a motion's samples are read-only
    for kind in (STRAIGHT, WHEEL):
        motion_poses(kind, 0.0, 0.0, 90.0, 1.0, 10.0, 1.0, 0.0, np.zeros(2))
        motion_poses(kind, 0.0, 0.0, 90.0, 1.0, 10.0, 1.0, 0.0, kept)
        motion_corners(kind, 0.0, 0.0, 90.0, 1.0, 10.0, 1.0, 0.0, kept, local, local)   # a unit's read-only frame
        for at_lo in (True, False):
            clear_halvings(kind, 0.0, 0.0, 90.0, 1.0, 10.0, 1.0, 0.0, local, local, quad + 3.0,
                           np.array([0], np.int64), np.array([4], np.int64), 0.0, 1.0, 2, 1e-10, at_lo)
