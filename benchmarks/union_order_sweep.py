"""Sweep the premise of geometry/union_order.py: GEOS's union of a unit's stands has a ring
whose corners and order depend only on the formation and on every comparison of the stands'
box centres (`union_order.order_key`). For random poses of each formation (random, 15-degree
and nearly 15-degree facings), record the union's ring as indices into the stands' corners
under that key, and count keys that met two different rings (must be 0).

    PYTHONPATH=. python benchmarks/union_order_sweep.py [poses per formation] [seed]
"""
from __future__ import annotations

import argparse
import random
import sys

import numpy as np
import shapely

from sim.core import args
from sim.daimyo.geometry import local_corners, stand_corners, union_order
from sim.daimyo.geometry.shapes import union_of_stands
from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon

# (stands, files, stand depth): lines, columns, blocks and part-filled rear ranks (1.5)
FORMATIONS = [(4, 4, 1.5), (4, 2, 1.5), (6, 3, 3.0), (8, 4, 1.5), (2, 1, 3.0), (4, 1, 1.5), (6, 6, 1.5),
              (8, 2, 3.0), (6, 2, 1.5), (3, 3, 1.5), (2, 2, 3.0), (8, 8, 1.5), (6, 4, 1.5), (3, 1, 3.0)]


def sweep(per: int = 2000, seed: int = 11) -> int:
    rng = random.Random(seed)
    rings: dict = {}
    poses = clashes = 0
    for stands, files, depth in FORMATIONS:
        u = Unit("u", "u", "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT,
                 stands, files, 0.0, 0.0, 0.0, 4.0, depth)
        assert union_order.aligned(*local_corners(u))
        for _ in range(per):
            x, y = rng.uniform(0, 240), rng.uniform(0, 120)
            if rng.random() < 0.3:
                x, y = round(x, 1), round(y, 1)
            facing = rng.choice([rng.uniform(0, 360), float(rng.randrange(0, 360, 15)),
                                 rng.randrange(0, 360, 15) + rng.choice([1e-9, -1e-9, 1e-13])])
            corners = stand_corners(u, x=x, y=y, facing=facing)
            order = union_order.learn(union_of_stands(shapely.polygons(corners)), corners)
            assert order is not None, (stands, files, depth, x, y, facing)
            key = (stands, files, depth) + union_order.order_key(corners)
            poses += 1
            clashes += not np.array_equal(rings.setdefault(key, order), order)
    print(f"{poses} poses of {len(FORMATIONS)} formations, {len(rings)} keys, {clashes} keys met two rings")
    return clashes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("per", nargs="?", type=args.runs, default=2000, help="poses per formation (default 2000)")
    ap.add_argument("seed", nargs="?", type=args.seed, default=11, help="the poses' random seed (default 11)")
    got = ap.parse_args(argv)
    return 1 if sweep(got.per, got.seed) else 0


if __name__ == "__main__":
    sys.exit(main())
