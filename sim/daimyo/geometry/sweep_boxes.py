"""What a motion's sweep comes near (Daimyo 4.3.1-4.3.4, 4.4), from axis boxes in one kernel
call: most moves pass far from every friend, enemy, terrain patch and loose leader, and then
each of a movement plan's questions about them (friends overlapped on the way or at the end,
4.3.2; enemies within the approach, 4.4; terrain entered or touched, 4.3.1; leaders contacted,
4.3.3) would answer "none" after its own box test. This asks those box tests at once, each no
finer than the one it stands for: a stand's box over every sampled pose holds each of its
swept pieces' boxes, and the comparisons are the same (`kernels.box_pairs`, grown by MARGIN),
so a kind not near here is one whose question finds no candidate.

Numba, `cache=True`, floats only.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.daimyo.geometry.kernels import MARGIN


FRIENDS, ENEMIES, TERRAIN, LEADERS, EDGE = 1, 2, 4, 8, 16     # what a sweep comes near: bits of `near`
POSES, STRAIGHT, END = 0, 1, 2          # a sweep's friends asked of: every pose's box, the hull, the end


@njit(cache=True)
def near(corners, boxes, side, mine, own_lo, own_hi, enemy_grow, shapes, leaders, reach, lo, hi_x, hi_y,
         stands, kind, overlap):
    """`corners` (n, k, 4, 2): k stands at n sampled poses. Which of FRIENDS, ENEMIES, TERRAIN,
    LEADERS the stands' boxes over the poses come near: a friend's box (`boxes`, (m, 4), of the
    stands whose `side` is `mine`, but for its own rows own_lo to own_hi) or a shape's
    (`shapes`) within MARGIN, an enemy's within `enemy_grow` + MARGIN, a leader (l, 2) within
    `reach` of the box round them all (movement.leaders_contacted's test); the table's EDGE, a
    corner below `lo` or above `hi_x`, `hi_y` (movement._well_inside's test).

    A friend's stand (`stands`, its corners) whose box is near is FRIENDS only if it may share
    more than `overlap` cm2 with the sweep, which is all 4.3.2 asks (ending inside a friend,
    passing through one): for a STRAIGHT move, the hull of a stand's first and last pose (its
    swept piece); for a turn or reform (END), the stand's last pose; for a wheel (POSES) the box
    decides. Their common part lies in a slab as wide as their projections' overlap along any
    axis, and so covers at most that overlap times the friend's diameter."""
    k = corners.shape[1]
    own = np.empty((k, 4))
    for j in range(k):
        x0, y0 = corners[0, j, 0, 0], corners[0, j, 0, 1]
        x1, y1 = x0, y0
        for i in range(corners.shape[0]):
            for c in range(4):
                x, y = corners[i, j, c, 0], corners[i, j, c, 1]
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
        own[j, 0], own[j, 1], own[j, 2], own[j, 3] = x0, y0, x1, y1
    g = 0.0 + MARGIN
    out = 0
    for m in range(len(shapes)):
        if _box_near(own, shapes[m], g):
            out |= TERRAIN
            break
    for m in range(len(boxes)):
        if side[m] != mine:
            if not out & ENEMIES and _box_near(own, boxes[m], enemy_grow + MARGIN):
                out |= ENEMIES
        elif not out & FRIENDS and (m < own_lo or m >= own_hi) and _box_near(own, boxes[m], g):
            if kind == POSES or _may_share(corners, own, boxes[m], g, stands[m], kind, overlap):
                out |= FRIENDS
    x0, y0, x1, y1 = own[:, 0].min(), own[:, 1].min(), own[:, 2].max(), own[:, 3].max()
    for m in range(len(leaders)):
        if x0 - reach <= leaders[m, 0] <= x1 + reach and y0 - reach <= leaders[m, 1] <= y1 + reach:
            out |= LEADERS
            break
    if not (x0 >= lo and y0 >= lo and x1 <= hi_x and y1 <= hi_y):
        out |= EDGE
    return out


@njit(cache=True)
def _axis_overlap(nx, ny, a, na, b):
    """How far the projections on the unit axis (nx, ny) of the points a[:na] and the quad b
    overlap (negative: the gap between them)."""
    a0, a1 = np.inf, -np.inf
    for i in range(na):
        p = a[i, 0] * nx + a[i, 1] * ny
        a0, a1 = min(a0, p), max(a1, p)
    b0, b1 = np.inf, -np.inf
    for i in range(4):
        p = b[i, 0] * nx + b[i, 1] * ny
        b0, b1 = min(b0, p), max(b1, p)
    return min(a1, b1) - max(a0, b0)


@njit(cache=True)
def _least_overlap(pts, npts, quad, b, motion_x, motion_y):
    """The least overlap of the projections of the points (the swept stand: its quad's corners at
    the start and end, or at its end alone) and the quad b along the edge normals of both quads
    and the normal of the motion (`motion_x`, `motion_y`; zero: none). Any axis bounds the
    two's common part: it lies in a slab that wide."""
    least = np.inf
    for src in range(3):
        for e in range(2):
            if src == 0:
                dx, dy = quad[e + 1, 0] - quad[e, 0], quad[e + 1, 1] - quad[e, 1]
            elif src == 1:
                dx, dy = b[e + 1, 0] - b[e, 0], b[e + 1, 1] - b[e, 1]
            else:
                if e == 1:
                    break
                dx, dy = motion_x, motion_y
            size = math.sqrt(dx * dx + dy * dy)
            if size < 1e-9:
                continue
            least = min(least, _axis_overlap(-dy / size, dx / size, pts, npts, b))
    return least


@njit(cache=True)
def _may_share(corners, own, box, g, b, kind, overlap):
    """Whether some stand of the sweep whose box is near `box` may share more than `overlap`
    cm2 with the quad b (STRAIGHT: its swept hull; END: its last pose)."""
    diameter = max(math.hypot(b[2, 0] - b[0, 0], b[2, 1] - b[0, 1]), math.hypot(b[3, 0] - b[1, 0], b[3, 1] - b[1, 1]))
    last = corners.shape[0] - 1
    pts = np.empty((8, 2))
    for j in range(corners.shape[1]):
        if not _box_near(own[j:j + 1], box, g):
            continue
        for c in range(4):
            pts[c, 0], pts[c, 1] = corners[last, j, c, 0], corners[last, j, c, 1]
            pts[c + 4, 0], pts[c + 4, 1] = corners[0, j, c, 0], corners[0, j, c, 1]
        n = 8 if kind == STRAIGHT else 4
        mx = corners[last, j, 0, 0] - corners[0, j, 0, 0] if kind == STRAIGHT else 0.0
        my = corners[last, j, 0, 1] - corners[0, j, 0, 1] if kind == STRAIGHT else 0.0
        if _least_overlap(pts, n, corners[last, j], b, mx, my) * diameter > overlap:
            return True
    return False


@njit(cache=True)
def _box_near(a, b, g):
    """Whether some a[i] and the box b pass `kernels.box_pairs`' test."""
    for i in range(len(a)):
        if a[i, 0] <= b[2] + g and b[0] <= a[i, 2] + g and a[i, 1] <= b[3] + g and b[1] <= a[i, 3] + g:
            return True
    return False


def warm() -> None:
    """Load (or compile) the kernel before anything is timed (kernels.warm calls this)."""
    quad = np.array([[[[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]]])
    box = np.array([[5.0, 5.0, 6.0, 6.0]])
    for kind in (POSES, STRAIGHT):
        near(quad, box, np.zeros(1, np.int64), 0, 0, 0, 3.0, box, np.array([[9.0, 9.0]]), 1.0, 1e-6, 9.0, 9.0,
             quad[0] + 5.0, kind, 1e-7)
