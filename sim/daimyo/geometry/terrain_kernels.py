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

MEETS, APART, UNSURE = 1, 0, -1


@njit(cache=True)
def stands_meet_patches(quads, tris, owner, patches, tol):
    """For each stand (m, 4, 2) and patch index 0..patches-1: MEETS, APART or UNSURE against the
    triangles `tris` (p, >= 3, 2; the first three corners are read) of patch `owner[j]`."""
    m, p = len(quads), len(tris)
    out = np.zeros((m, patches), np.int8)
    tbox = np.empty((p, 4))
    for j in range(p):
        tbox[j, 0], tbox[j, 1] = min(tris[j, 0, 0], tris[j, 1, 0], tris[j, 2, 0]), \
            min(tris[j, 0, 1], tris[j, 1, 1], tris[j, 2, 1])
        tbox[j, 2], tbox[j, 3] = max(tris[j, 0, 0], tris[j, 1, 0], tris[j, 2, 0]), \
            max(tris[j, 0, 1], tris[j, 1, 1], tris[j, 2, 1])
    for i in range(m):
        q = quads[i]
        x0, y0 = min(q[0, 0], q[1, 0], q[2, 0], q[3, 0]), min(q[0, 1], q[1, 1], q[2, 1], q[3, 1])
        x1, y1 = max(q[0, 0], q[1, 0], q[2, 0], q[3, 0]), max(q[0, 1], q[1, 1], q[2, 1], q[3, 1])
        for j in range(p):
            o = owner[j]
            if out[i, o] == MEETS:
                continue
            if x0 > tbox[j, 2] + tol or x1 < tbox[j, 0] - tol or y0 > tbox[j, 3] + tol or y1 < tbox[j, 1] - tol:
                continue
            g = convex_gap(q, 4, tris[j], 3)
            if g < -tol:
                out[i, o] = MEETS
            elif g <= tol:
                out[i, o] = UNSURE
    return out


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


def warm() -> None:
    quad = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    tri = np.array([[[0.5, 0.5], [3.0, 0.5], [0.5, 3.0], [0.5, 0.5]]])
    stands_meet_patches(quad[None], tri, np.array([0], np.int64), 1, 1e-11)
    lines_apart(0.0, 0.0, quad, tri, np.array([0], np.int64), 1e-11)
