"""Compiled kernels for the Daimyo scripted opponent's geometry (issue 18 item 5): flat float
arrays in, arrays out, no Python objects inside, compiled once by Numba and cached on disk.

`route_field` is the shortest-way field of sim/daimyo/ai/routes.py (Dijkstra over the 8
neighbours of each cell). It pops cells in the same order as the Python heap it replaces
(by distance, then cell index) and adds the same terms in the same order, so every distance is
the same float as before and no AI decision changes; tests/daimyo/ai/test_ai_kernels.py
compares it with the plain Python search on random grids. `route_descent` walks down such a
field (routes.Routes._descent) choosing each step's neighbour as Python's `min` chose it.
"""
from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _before(d1, i1, j1, d2, i2, j2):
    """(d1, i1, j1) < (d2, i2, j2), compared as tuples (what heapq orders by)."""
    if d1 != d2:
        return d1 < d2
    if i1 != i2:
        return i1 < i2
    return j1 < j2


@njit(cache=True)
def route_field(cost, gi, gj, step, moves):
    """cm along the cheapest way from each cell to cell (gi, gj), inf where there is none.
    `cost` (nx, ny): what a cm across each cell costs (inf: impassable); `moves` (8, 3): each
    neighbour's (dx, dy, length in cells). A step between two cells costs its length times the
    mean of their costs."""
    nx, ny = cost.shape
    dist = np.full((nx, ny), np.inf)
    dist[gi, gj] = 0.0
    cap = 8 * nx * ny + 1
    hd = np.empty(cap)
    hi = np.empty(cap, np.int64)
    hj = np.empty(cap, np.int64)
    hd[0], hi[0], hj[0] = 0.0, gi, gj
    n = 1
    while n > 0:
        d, i, j = hd[0], hi[0], hj[0]
        n -= 1                                  # pop: the last entry sifted down from the root
        if n > 0:
            ld, li, lj = hd[n], hi[n], hj[n]
            k = 0
            while True:
                c = 2 * k + 1
                if c >= n:
                    break
                if c + 1 < n and _before(hd[c + 1], hi[c + 1], hj[c + 1], hd[c], hi[c], hj[c]):
                    c += 1
                if not _before(hd[c], hi[c], hj[c], ld, li, lj):
                    break
                hd[k], hi[k], hj[k] = hd[c], hi[c], hj[c]
                k = c
            hd[k], hi[k], hj[k] = ld, li, lj
        if d > dist[i, j]:
            continue
        here = cost[i, j]
        for m in range(moves.shape[0]):
            a, b = i + int(moves[m, 0]), j + int(moves[m, 1])
            if 0 <= a < nx and 0 <= b < ny:
                c2 = cost[a, b]
                if c2 == np.inf:
                    continue
                nd = d + moves[m, 2] * step * (here + c2) / 2
                if nd < dist[a, b]:
                    dist[a, b] = nd
                    k = n                       # push: sift up from the end
                    n += 1
                    while k > 0:
                        p = (k - 1) // 2
                        if not _before(nd, a, b, hd[p], hi[p], hj[p]):
                            break
                        hd[k], hi[k], hj[k] = hd[p], hi[p], hj[p]
                        k = p
                    hd[k], hi[k], hj[k] = nd, a, b
    return dist


@njit(cache=True)
def route_descent(dist, ci, cj, moves):
    """The cells (k, 2) from (ci, cj) down the field `dist` to its goal: each step to the
    neighbour of least distance, the first of equals in `moves`' order (what Python's `min`
    over routes.NEIGHBOURS returned), stopping where no neighbour is nearer the goal."""
    nx, ny = dist.shape
    out = np.empty((nx * ny + 1, 2), np.int64)
    out[0, 0], out[0, 1] = ci, cj
    k = 1
    for _ in range(nx * ny):
        bi, bj = -1, -1
        for m in range(moves.shape[0]):
            a, b = ci + int(moves[m, 0]), cj + int(moves[m, 1])
            if 0 <= a < nx and 0 <= b < ny and (bi < 0 or dist[a, b] < dist[bi, bj]):
                bi, bj = a, b
        if dist[bi, bj] >= dist[ci, cj]:
            break
        ci, cj = bi, bj
        out[k, 0], out[k, 1] = ci, cj
        k += 1
    return out[:k]


def warm() -> None:
    """Load (or on a fresh machine compile) the kernels before anything is timed."""
    moves = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
    route_descent(route_field(np.ones((2, 2)), 0, 0, 1.0, moves), 1, 1, moves)
