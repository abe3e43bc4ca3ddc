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
from sim.daimyo.geometry.kernels import hull_of, segment_quad_distance

MEETS, APART, UNSURE = 1, 0, -1


@njit(cache=True)
def stands_meet_patches(quads, tris, owner, patches, tol):
    """For each stand (m, 4, 2) and patch index 0..patches-1: MEETS, APART or UNSURE against the
    triangles `tris` (p, >= 3, 2; the first three corners are read) of patch `owner[j]`."""
    out = np.zeros((len(quads), patches), np.int8)
    tbox = _boxes(tris)
    for i in range(len(quads)):
        _polygon_meets(quads[i], 4, tris, tbox, owner, tol, out[i])
    return out


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
def pieces_meet_shapes(coords, first, verts, shape, tris, owner, exact, tol):
    """MEETS, APART or UNSURE for each pair (convex ring i, shape[i]), as stands_meet_patches:
    ring i is coords[first[i]:first[i] + verts[i]] (ring order, unclosed; a unit's swept
    pieces, geometry.shapes.Swept.rings); UNSURE where the ring has fewer than 3 corners (none
    here) or the shape is not `exact`ly its triangles."""
    out = np.full(len(first), UNSURE, np.int8)
    tbox = _boxes(tris)
    row = np.zeros(len(exact), np.int8)
    for i in range(len(first)):
        o = shape[i]
        if verts[i] < 3 or not exact[o]:
            continue
        row[o] = APART
        _polygon_meets(coords[first[i]:first[i] + verts[i]], verts[i], tris, tbox, owner, tol, row, o)
        out[i] = row[o]
    return out


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
    pieces_meet_shapes(quad, np.array([0], np.int64), np.array([4], np.int64), np.array([0], np.int64), tri,
                       np.array([0], np.int64), np.array([True]), 1e-11)
    segment_distances(0.0, 0.0, 1.0, 1.0, tri, np.array([0], np.int64), 1)
