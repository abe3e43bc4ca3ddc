"""Daimyo geometry and movement benchmarks (plain script, not a test).

Reports: stand-polygon derivation per second; within-15-cm queries for 300 stands (STRtree);
swept-collision queries with Shapely (swept hulls + STRtree) against pymunk shape queries; a
full movement phase (every unit of both armies given its longest legal straight move, and
every unit's order menu) on the generated 150-stand benchmarks/reference.toml.

Run: PYTHONPATH=. python -m benchmarks.bench_daimyo
"""
from __future__ import annotations

import copy
import time
from pathlib import Path

import numpy as np
import pymunk
import shapely

from sim.core.scenario import read_toml
from sim.daimyo import actions as A
from sim.daimyo import menus
from sim.daimyo.game import DaimyoGame
from sim.daimyo.geometry import (StandIndex, corners_of_units, footprint, stand_corners, stand_polygons,
                                 swept_pieces)
from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon

REFERENCE = Path(__file__).resolve().parent / "reference.toml"


def timed(fn, repeat: int) -> float:
    """Best-of-3 seconds per call."""
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - t) / repeat)
    return best


def random_units(n_units: int, stands: int, seed: int = 1) -> list[Unit]:
    rng = np.random.default_rng(seed)
    return [Unit(f"u{i}", f"u{i}", "east" if i % 2 else "west", "c", Troop.ASHIGARU, Quality.REGULAR,
                 (Weapon.BOW,), Armour.LIGHT, stands, 2 if i % 3 else stands,
                 float(rng.uniform(10, 230)), float(rng.uniform(10, 110)), float(rng.uniform(0, 360)))
            for i in range(n_units)]


def bench_polygons() -> str:
    units = random_units(60, 5)                 # 300 stands
    per = timed(lambda: [stand_polygons(u) for u in units], 20)
    batch = timed(lambda: shapely.polygons(corners_of_units(units)), 50)
    return (f"stand polygons: {300 / batch:,.0f} stands/s batched over the table "
            f"(corners_of_units + shapely.polygons), {300 / per:,.0f} stands/s unit by unit")


def bench_within() -> str:
    units = random_units(60, 5)
    index = StandIndex.build(units)
    shapes = np.array([footprint(u) for u in units], dtype=object)
    build = timed(lambda: StandIndex.build(units), 20)
    bulk = timed(lambda: index.near_many(shapes, 15.0), 20)
    stands = index.polygons
    one_each = timed(lambda: index.pairs_within(stands, 15.0), 20)
    predicate = timed(lambda: index.tree.query(stands, predicate="dwithin", distance=15.0), 20)
    return (f"within 15 cm, 300 stands: STRtree build {build * 1e3:.2f} ms; every unit's neighbours "
            f"(60 queries, one bulk call) {bulk * 1e3:.2f} ms; every stand's neighbours (300) "
            f"{one_each * 1e3:.2f} ms = {300 / one_each:,.0f} stand queries/s "
            f"(STRtree 'dwithin' predicate instead: {predicate * 1e3:.2f} ms)")


def bench_sweeps() -> str:
    """The same question both ways: which of 300 stands does each of 30 straight 10 cm sweeps
    come within touching distance of?"""
    units = random_units(60, 5)
    movers = units[:30]
    others = np.concatenate([stand_polygons(u) for u in units[30:]])
    tree = shapely.STRtree(others)
    swept = []
    for u in movers:
        c0 = stand_corners(u)
        d = np.array([np.cos(np.radians(u.facing)), np.sin(np.radians(u.facing))]) * 10
        swept.append(swept_pieces(np.stack([c0, c0 + d])))

    def with_shapely():
        return [len(tree.query(p, predicate="intersects")[0]) for p in swept]

    space = pymunk.Space()
    body = space.static_body
    for poly in others:
        space.add(pymunk.Poly(body, list(poly.exterior.coords)[:-1]))
    probe_body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    hulls = [[pymunk.Poly(probe_body, list(h.exterior.coords)[:-1]) for h in p] for p in swept]

    def with_pymunk():
        return [sum(len(space.shape_query(h)) for h in hs) for hs in hulls]

    ts, tp = timed(with_shapely, 20), timed(with_pymunk, 20)
    faster = "Shapely" if ts < tp else "pymunk"
    return (f"swept collision, 30 sweeps vs 150 stands: Shapely hulls + STRtree {ts * 1e3:.2f} ms, "
            f"pymunk shape_query {tp * 1e3:.2f} ms (space built once) -> {faster} is faster")


def bench_movement_phase() -> str:
    data = read_toml(REFERENCE)
    base = DaimyoGame.new(copy.deepcopy(data), 1)
    n_stands = sum(u.stands for u in base.state.living())

    def phase(menus: bool):
        g = DaimyoGame.new(copy.deepcopy(data), 1)
        st = g.state
        orders = 0
        for side in g.sides():
            for clan in [c for c in st.clans.values() if c.side == side]:
                st.pending, st.phase, st.to_move, st.active_clan = [], "orders", side, clan.id
                for u in st.clan_units(clan.id):
                    u.obedience = "passed"
                    if menus:
                        menus.candidates(st, u)
                    far = menus.max_straight(st, u)
                    g.apply(A.Move(side, u.id, far) if far > 0.01 else A.Hold(side, u.id))
                    orders += 1
        return orders

    t = time.perf_counter()
    orders = phase(False)
    plain = time.perf_counter() - t
    t = time.perf_counter()
    phase(True)
    full = time.perf_counter() - t
    return (f"movement phase, {n_stands} stands / {orders} units (reference.toml): longest legal move "
            f"for every unit {plain:.2f} s ({plain / orders * 1e3:.0f} ms a unit); with each unit's full "
            f"order menu as well {full:.2f} s")


def main() -> None:
    for bench in (bench_polygons, bench_within, bench_sweeps, bench_movement_phase):
        print(bench())


if __name__ == "__main__":
    main()
