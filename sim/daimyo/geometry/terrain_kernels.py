"""Which sampled stands touch which terrain patches (Daimyo 4.3.1), from the patches cut into
triangles once a game (straight_ahead.terrain_triangles).

A stand meets a patch exactly when it meets one of the patch's triangles (they cover it, their
corners are its own). Each stand is tested against each triangle by separating axes
(cut_kernels.convex_gap): a gap below -tol surely meets, every gap above tol surely misses; a
stand-patch pair with neither is marked unsure and the caller asks Shapely, so the answers
are Shapely's (tests/daimyo/test_terrain_kernels.py compares them on random poses).

Numba, `cache=True`, floats only.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from sim.daimyo.geometry.cut_kernels import convex_gap
from sim.daimyo.geometry.kernels import MARGIN, boxes_near, hull_of, near_all, segment_quad_distance

MEETS, APART, UNSURE = 1, 0, -1


@njit(cache=True)
def stands_meet_patches(quads, tris, owner, patches, tol):
    """For each stand (m, 4, 2) and patch index 0..patches-1: MEETS, APART or UNSURE against the
    triangles `tris` (p, >= 3, 2; the first three corners are read) of patch `owner[j]`."""
    return stands_meet_some(quads, tris, owner, np.ones(patches, np.bool_), tol)


@njit(cache=True)
def stands_meet_some(quads, tris, owner, which, tol):
    """stands_meet_patches against the triangles of the patches `which` (a bool per patch) only,
    the others' states APART: the same as asking it of those triangles alone, in their order."""
    out = np.zeros((len(quads), len(which)), np.int8)
    if len(quads) == 0:
        return out
    tbox = _boxes(tris)
    # only the triangles whose boxes come within tol of the stands' common box: every stand's
    # own box test in _polygon_meets passes over the others (the same answers, fewer tests)
    x0, y0, x1, y1 = quads[0, 0, 0], quads[0, 0, 1], quads[0, 0, 0], quads[0, 0, 1]
    for i in range(len(quads)):
        for k in range(4):
            x0, y0 = min(x0, quads[i, k, 0]), min(y0, quads[i, k, 1])
            x1, y1 = max(x1, quads[i, k, 0]), max(y1, quads[i, k, 1])
    keep = np.empty(len(tris), np.int64)
    m = 0
    for j in range(len(tris)):
        if which[owner[j]] and not (x0 > tbox[j, 2] + tol or x1 < tbox[j, 0] - tol or y0 > tbox[j, 3] + tol
                                    or y1 < tbox[j, 1] - tol):
            keep[m] = j
            m += 1
    keep = keep[:m]
    near, near_box, near_owner = tris[keep], tbox[keep], owner[keep]
    for i in range(len(quads)):
        _polygon_meets(quads[i], 4, near, near_box, near_owner, tol, out[i])
    return out


@njit(cache=True)
def stands_on_road(quads, tris, box, tol):
    """terrain_touch.stands_on_road's kernel part: for each stand (m, 4, 2), whether it is
    surely APART from every triangle `tris` (the grown table outside the road zone, as
    stands_meet_patches tells it), and whether Shapely must be asked: UNSURE, or a corner within
    1e-6 cm of the grown table's `box` (x0, y0, x1, y1) or beyond it."""
    state = stands_meet_patches(quads, tris, np.zeros(len(tris), np.int64), 1, tol)
    on = np.empty(len(quads), np.bool_)
    ask = np.empty(len(quads), np.bool_)
    for i in range(len(quads)):
        x0, y0, x1, y1 = quads[i, 0, 0], quads[i, 0, 1], quads[i, 0, 0], quads[i, 0, 1]
        for k in range(1, 4):
            x0, y0 = min(x0, quads[i, k, 0]), min(y0, quads[i, k, 1])
            x1, y1 = max(x1, quads[i, k, 0]), max(y1, quads[i, k, 1])
        on[i] = state[i, 0] == APART
        ask[i] = state[i, 0] == UNSURE or x0 <= box[0] + 1e-6 or y0 <= box[1] + 1e-6 or x1 >= box[2] - 1e-6 \
            or y1 >= box[3] - 1e-6
    return on, ask


@njit(cache=True)
def hull_meets_patches(points, tris, owner, patches, tol):
    """MEETS, APART or UNSURE for the convex hull of `points` (n >= 3, 2) against each patch
    (as stands_meet_patches): the ground a straight move sweeps, from its stands' corners at
    the start and the end."""
    out = np.zeros(patches, np.int8)
    hull = hull_of(points)
    _polygon_meets(hull, len(hull), tris, _boxes(tris), owner, tol, out)
    return out


@njit(cache=True)
def pieces_meet_near(bounds, boxes, coords, first, verts, tris, owner, exact, tol):
    """terrain_touch.pieces_meet's kernel part in one call, for swept pieces with axis boxes
    `bounds` (p, 4) and convex rings coords[first[i]:first[i] + verts[i]] (ring order,
    unclosed; verts[i] < 3: no ring, only Shapely can tell) against shapes with axis boxes
    `boxes` (s, 4) cut into the triangles `tris` of shape owner[j]. The pairs asked are
    kernels.box_pairs(bounds, boxes, 0.0)'s, in its order; each is MEETS, APART or UNSURE as
    stands_meet_patches tells it (UNSURE also where the shape is not `exact`ly its triangles).
    Returns which shapes some pair surely meets, and the UNSURE pairs (piece, shape) of the
    shapes none meets, for Shapely."""
    g = MARGIN
    near = near_all(bounds, boxes, g)
    m = len(near)
    met = np.zeros(len(boxes), np.bool_)
    ask_i = np.empty(len(bounds) * max(m, 1), np.int64)
    ask_j = np.empty(len(bounds) * max(m, 1), np.int64)
    k = 0
    if m == 0:
        return met, ask_i[:0], ask_j[:0]
    tbox = _boxes(tris)
    row = np.zeros(len(exact), np.int8)
    for i in range(len(bounds)):
        for n in range(m):
            j = near[n]
            if met[j] or not boxes_near(bounds, i, boxes, j, g):
                continue
            state = UNSURE
            if verts[i] >= 3 and exact[j]:
                row[j] = APART
                _polygon_meets(coords[first[i]:first[i] + verts[i]], verts[i], tris, tbox, owner, tol, row, j)
                state = row[j]
            if state == MEETS:
                met[j] = True
            elif state == UNSURE:
                ask_i[k], ask_j[k] = i, j
                k += 1
    keep = 0
    for n in range(k):
        if not met[ask_j[n]]:
            ask_i[keep], ask_j[keep] = ask_i[n], ask_j[n]
            keep += 1
    return met, ask_i[:keep], ask_j[:keep]


@njit(cache=True)
def _boxes(tris):
    tbox = np.empty((len(tris), 4))
    for j in range(len(tris)):
        tbox[j, 0], tbox[j, 1] = min(tris[j, 0, 0], tris[j, 1, 0], tris[j, 2, 0]), \
            min(tris[j, 0, 1], tris[j, 1, 1], tris[j, 2, 1])
        tbox[j, 2], tbox[j, 3] = max(tris[j, 0, 0], tris[j, 1, 0], tris[j, 2, 0]), \
            max(tris[j, 0, 1], tris[j, 1, 1], tris[j, 2, 1])
    return tbox


@njit(cache=True)
def _polygon_meets(q, n, tris, tbox, owner, tol, row, only=-1):
    """One convex polygon q[:n] (ring order) against the triangles (of patch `only` alone
    where given), into row[patch]."""
    x0, y0, x1, y1 = q[0, 0], q[0, 1], q[0, 0], q[0, 1]
    for k in range(1, n):
        x0, y0 = min(x0, q[k, 0]), min(y0, q[k, 1])
        x1, y1 = max(x1, q[k, 0]), max(y1, q[k, 1])
    for j in range(len(tris)):
        o = owner[j]
        if row[o] == MEETS or (only >= 0 and o != only):
            continue
        if x0 > tbox[j, 2] + tol or x1 < tbox[j, 0] - tol or y0 > tbox[j, 3] + tol or y1 < tbox[j, 1] - tol:
            continue
        g = convex_gap(q, n, tris[j], 3)
        if g < -tol:
            row[o] = MEETS
        elif g <= tol:
            row[o] = UNSURE


@njit(cache=True)
def lines_apart(ax, ay, ends, tris, owner, tol):
    """How many of the straight lines from (ax, ay) to ends[0], ends[1], ... (k, 2), in turn,
    are surely APART from the one patch `tris` make (owner 0): each as stands_meet_patches
    tells it of the line as a stand (a, b, b, a), stopping at the first that is not."""
    quad = np.empty((1, 4, 2))
    quad[0, 0, 0], quad[0, 0, 1], quad[0, 3, 0], quad[0, 3, 1] = ax, ay, ax, ay
    for k in range(len(ends)):
        quad[0, 1, 0], quad[0, 1, 1], quad[0, 2, 0], quad[0, 2, 1] = ends[k, 0], ends[k, 1], ends[k, 0], ends[k, 1]
        if stands_meet_patches(quad, tris, owner, 1, tol)[0, 0] != APART:
            return k
    return len(ends)


@njit(cache=True)
def segment_distances(ax, ay, bx, by, tris, owner, shapes):
    """The distance from the segment a-b (a point where a == b) to each of `shapes` shapes cut
    into the triangles `tris` (p, 4, 2: a, b, c, a) of shape owner[j]: the least over its
    triangles (0 where the segment meets one), inf for a shape with none."""
    out = np.full(shapes, np.inf)
    for j in range(len(tris)):
        o = owner[j]
        out[o] = min(out[o], segment_quad_distance(ax, ay, bx, by, tris[j]))
    return out


def warm() -> None:
    quad = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    tri = np.array([[[0.5, 0.5], [3.0, 0.5], [0.5, 3.0], [0.5, 0.5]]])
    stands_meet_patches(quad[None], tri, np.array([0], np.int64), 1, 1e-11)
    lines_apart(0.0, 0.0, quad, tri, np.array([0], np.int64), 1e-11)
    hull_meets_patches(quad, tri, np.array([0], np.int64), 1, 1e-11)
    stands_on_road(quad[None], tri, np.array([-1.0, -1.0, 5.0, 5.0]), 1e-11)
    stands_meet_some(quad[None], tri, np.array([0], np.int64), np.array([True]), 1e-11)
    pieces_meet_near(np.array([[0.0, 0.0, 1.0, 1.0]]), np.array([[0.5, 0.5, 3.0, 3.0]]), quad,
                     np.array([0], np.int64), np.array([4], np.int64), tri, np.array([0], np.int64),
                     np.array([True]), 1e-11)
    segment_distances(0.0, 0.0, 1.0, 1.0, tri, np.array([0], np.int64), 1)
