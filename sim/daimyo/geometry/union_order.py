"""A unit's footprint (the ground its stands tile, 1.5) without GEOS's overlay each time.

The footprint is GEOS's union of the stands (`shapes.union_of_stands`); the rules and the AI
read it, and a few of its uses (the shortest line between two footprints, whose ties GEOS
breaks by the ring's vertex order) depend on where its ring starts, so a hand-made outline
would change games. Where every stand corner that meets another stand meets it at a corner
(`aligned`), the union's ring holds only the stands' own corners, and which corners in which
order follows from the formation and from GEOS's STR tree, which sorts the stands by their boxes'
centres: nothing else. So the order one union gave is kept (in the unit's transient `shapes`)
under the formation and every comparison of the stands' box centres (`order_key`), and the next
footprint with the same key is the stands' corners in that order: the same coordinates in the
same ring order as the union, bit for bit (tests/daimyo/test_union_order.py against the union;
benchmarks/union_order_sweep.py 8000 11: 112,000 random poses of 14 formations, 15-degree
facings included, 590 keys, no key with two rings). A formation with a corner inside another
stand's edge (a T-junction: GEOS nodes it with computed points, ruling out a kept order) always
takes the union.
"""
from __future__ import annotations

import numpy as np
from numba import njit

MAX_STANDS = 8      # 1.5: 2-8 stands; 28 pairs of comparisons fill a base-3 int64 key


@njit(cache=True)
def order_key(corners):
    """The comparisons of the stands' box centres (x and y, each <, = or > for every pair) that
    GEOS's STR tree sorts the stands by, as two base-3 integers; (-1, -1) for more than
    MAX_STANDS stands. `corners`: (stands, 4, 2)."""
    n = corners.shape[0]
    if n > MAX_STANDS:
        return -1, -1
    xs = np.empty(n)
    ys = np.empty(n)
    for i in range(n):
        x0 = x1 = corners[i, 0, 0]
        y0 = y1 = corners[i, 0, 1]
        for k in range(1, 4):
            x0 = min(x0, corners[i, k, 0])
            x1 = max(x1, corners[i, k, 0])
            y0 = min(y0, corners[i, k, 1])
            y1 = max(y1, corners[i, k, 1])
        xs[i] = x0 + x1            # twice the centre: the same comparisons
        ys[i] = y0 + y1
    kx = 0
    ky = 0
    for i in range(n):
        for j in range(i + 1, n):
            kx = kx * 3 + (1 if xs[i] == xs[j] else 2 if xs[i] > xs[j] else 0)
            ky = ky * 3 + (1 if ys[i] == ys[j] else 2 if ys[i] > ys[j] else 0)
    return kx, ky


@njit(cache=True)
def aligned(local_f, local_r):
    """Whether no stand corner lies inside another stand's edge, in the unit's own frame (exact
    sums of halves and multiples of the stand size): then stands meet corner to corner and the
    union's ring is made of their corners alone. `local_f`, `local_r`: (stands, 4) forward and
    rightward offsets of the corners (shapes.local_corners)."""
    n = local_f.shape[0]
    for i in range(n):
        for k in range(4):
            af, ar = local_f[i, k], local_r[i, k]
            bf, br = local_f[i, (k + 1) % 4], local_r[i, (k + 1) % 4]
            for j in range(n):
                if j == i:
                    continue
                for m in range(4):
                    pf, pr = local_f[j, m], local_r[j, m]
                    if af == bf == pf and min(ar, br) < pr < max(ar, br):
                        return False
                    if ar == br == pr and min(af, bf) < pf < max(af, bf):
                        return False
    return True


def learn(whole, corners: np.ndarray) -> np.ndarray | None:
    """The indices into the flattened corners (stands * 4) that make `whole`'s ring, closing
    vertex included; None where the union is not one polygon without holes made of the corners
    alone (then it is never kept)."""
    if whole.geom_type != "Polygon" or len(whole.interiors):
        return None
    ring = np.asarray(whole.exterior.coords)
    flat = corners.reshape(-1, 2)
    same = (ring[:, None, :] == flat[None, :, :]).all(axis=2)
    if not same.any(axis=1).all():
        return None
    return same.argmax(axis=1)


def warm() -> None:
    order_key(np.zeros((2, 4, 2)))
    kept = np.zeros((2, 4, 2))
    kept.flags.writeable = False                  # shapes keys its rings with kept corners too
    order_key(kept)
    local = np.zeros((1, 4))
    local.flags.writeable = False                 # local_corners' arrays are read-only
    aligned(local, local)
