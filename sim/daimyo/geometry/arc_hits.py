"""Targets surely inside a stand's fire arc (Daimyo 4.5, ruling D-2), so the arc's polygon need
not be built to say so.

Shapely's arc of infantry is the 45-degree wedge from the front corners cut by the front edge
buffered by the range (round ends of 8 segments a quarter circle); of cavalry the stand
buffered by the range. Those polygons hold every point ahead of the edge, inside both rays and
nearer the edge (or a stand edge) than the range times cos(pi/16) (a chord of the round ends
comes no closer than cos(pi/32)), each by MARGIN_CM. A target with a stand corner there meets the arc; for every other
target the caller asks Shapely as before. tests/daimyo/test_arc_hits.py checks it against the
polygons themselves.

Numba, `cache=True`, floats only.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.daimyo.geometry.kernels import point_segment

MARGIN_CM = 1e-7
ROUND = math.cos(math.pi / 16)       # within the nearest a buffer's chord comes, as a share of the range


@njit(cache=True)
def surely_hits(stand, facing, reach, cavalry, corners, start, count, row):
    """Whether some stand corner of the unit in table row `row` lies surely inside the arc of
    the shooting stand `stand` (4, 2) cut at `reach` cm."""
    inner = reach * ROUND - MARGIN_CM
    r = math.radians(facing)
    fx, fy = math.cos(r), math.sin(r)
    rx, ry = fy, -fx
    flx, fly, frx, fry = stand[0, 0], stand[0, 1], stand[1, 0], stand[1, 1]
    h = math.sqrt(0.5)
    lnx, lny = (fx + rx) * h, (fy + ry) * h      # unit inward normal of the left ray
    rnx, rny = (fx - rx) * h, (fy - ry) * h      # of the right ray
    for s in range(start[row], start[row] + count[row]):
        for m in range(4):
            px, py = corners[s, m, 0], corners[s, m, 1]
            if cavalry:                  # nearer a stand edge than that: inside the buffer
                for k in range(4):
                    if point_segment(px, py, stand[k, 0], stand[k, 1], stand[(k + 1) % 4, 0],
                                     stand[(k + 1) % 4, 1]) < inner:
                        return True
                continue
            if (px - flx) * fx + (py - fly) * fy <= MARGIN_CM:
                continue
            if (px - flx) * lnx + (py - fly) * lny <= MARGIN_CM or (px - frx) * rnx + (py - fry) * rny <= MARGIN_CM:
                continue
            if point_segment(px, py, flx, fly, frx, fry) < inner:
                return True
    return False


def warm() -> None:
    quad = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    corners = np.stack([quad, quad + 3.0])
    start, count = np.array([0, 1], np.int64), np.array([1, 1], np.int64)
    surely_hits(quad, 90.0, 10.0, False, corners, start, count, 1)
