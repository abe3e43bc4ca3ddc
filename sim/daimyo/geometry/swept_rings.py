"""The ground a motion's stands sweep (Daimyo 4.3), as arrays, in one kernel call.

A plan's swept pieces (geometry.shapes.Swept) are the hulls of each stand at two consecutive
sampled poses (a straight move: its two ends; a wheel: every step). `swept_arrays` makes, from
the sampled corners, what Swept keeps of them: the point groups, GEOS's hull of each where
`kernels.hulls` can call it, the groups' axis boxes, and the stand-in rings of the hulls it
cannot (`kernels.near_hulls`: every straight move's, whose corners are collinear). It runs the
very kernels Swept ran one by one, on the same arrays, so each number is the same
(tests/daimyo/test_swept_rings.py compares them with the step-by-step arrays bit for bit).

Numba, `cache=True`, floats and ints only.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from sim.daimyo.geometry.kernels import group_boxes, hulls, near_hulls


@njit(cache=True)
def _starts(size):
    """Each ring's first row when rings of `size` coordinates are packed one after another."""
    first = np.zeros(len(size), np.int64)
    for i in range(1, len(size)):
        first[i] = first[i - 1] + size[i - 1]
    return first


@njit(cache=True)
def swept_arrays(corners, ends, bound):
    """The swept pieces of sampled stands `corners` (n, stands, 4, 2): with `ends`, only the
    first and last poses' (a straight move's hull per stand); else each consecutive pair's.
    Returns the point groups (m, 8, 2) (the earlier pose's corners, then the later's), GEOS's
    hulls packed (`kernels.hulls`; `size` 0 where `unsure`), each hull's first row, `unsure`,
    the groups' boxes, and the rings a kernel reads: the coordinates with the stand-ins
    (`kernels.near_hulls` within `bound`) appended, each ring's first row and coordinate count,
    and `none` (no ring: a stand-in that stands for nothing)."""
    n, k = corners.shape[0], corners.shape[1]
    steps = 1 if ends else n - 1
    pairs = np.empty((steps * k, 8, 2))
    for i in range(steps):
        a, b = (0, n - 1) if ends else (i, i + 1)
        for j in range(k):
            for c in range(4):
                pairs[i * k + j, c, 0], pairs[i * k + j, c, 1] = corners[a, j, c, 0], corners[a, j, c, 1]
                pairs[i * k + j, 4 + c, 0], pairs[i * k + j, 4 + c, 1] = corners[b, j, c, 0], corners[b, j, c, 1]
    coords, size, unsure = hulls(pairs)
    first = _starts(size)
    boxes = group_boxes(pairs)
    which = np.flatnonzero(unsure)
    if len(which) == 0:
        return pairs, coords, size, first, unsure, boxes, coords, first, size, unsure
    extra, extra_size, far = near_hulls(pairs[which], bound)
    ring_first, ring_size, none = first.copy(), size.copy(), unsure.copy()
    extra_first = _starts(extra_size)
    for i in range(len(which)):
        ring_first[which[i]] = len(coords) + extra_first[i]
        ring_size[which[i]] = extra_size[i]
        none[which[i]] = far[i]
    return pairs, coords, size, first, unsure, boxes, np.concatenate((coords, extra)), ring_first, ring_size, none


def warm() -> None:
    quad = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    corners = np.stack((quad, quad + 3.0)).reshape(2, 1, 4, 2)
    for ends in (True, False):
        swept_arrays(corners, ends, 1e-12)
