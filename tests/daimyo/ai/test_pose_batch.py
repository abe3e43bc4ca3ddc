"""A decision's poses weighed together (sim/daimyo/ai/pose_batch.py) give each pose the answer
the scorer works out for it alone: the nearest enemy (5.1's measure, the scorer's closing in)
as Shapely measures it, the first of equals in the enemies' order; the batched kernel row for
row the single-point kernel, bit for bit. Whole battles with the batch checked answer by answer
are in test_pose_memo.py (check mode)."""
import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn
from shapely.geometry import Point

from sim.daimyo.ai.pose_batch import nearest_all, within_charge
from sim.daimyo.geometry import footprint, stand_quads
from sim.daimyo.geometry.unit_groups import UnitGroup
from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon
from tests.daimyo.test_unit_groups import _shapely_within     # every unit within its charge (or reach), by Shapely

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# whole cm and right angles as well as any: units and points at equal distances (ties)
coord = stn.one_of(stn.integers(0, 40).map(float), stn.floats(0, 40, allow_nan=False, allow_subnormal=False))
angle = stn.one_of(stn.sampled_from([0.0, 90.0, 180.0, 270.0]), stn.floats(0, 360, allow_nan=False, allow_subnormal=False))


@stn.composite
def units(draw, uid):
    stands = draw(stn.integers(1, 6))
    files = draw(stn.integers(1, stands))
    return Unit(uid, uid, "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.LONG_SPEAR,), Armour.LIGHT,
                stands, files, draw(coord), draw(coord), draw(angle), 4.0, draw(stn.sampled_from([1.5, 2.0, 3.0])))


@stn.composite
def armies(draw):
    n = draw(stn.integers(1, 7))
    return [draw(units(f"e{i}")) for i in range(n)]


def _alone(shapes, px, py):
    """The scorer's scan for one pose (DaimyoScorer._nearest_now without its kernel filter,
    which only sets aside units that cannot be the nearest): a strictly smaller distance wins."""
    best, dist = None, np.inf
    for k, s in enumerate(shapes):
        d = s.distance(Point(px, py))
        if d < dist:
            best, dist = k, d
    return best, dist


@given(armies(), stn.lists(stn.tuples(coord, coord), min_size=1, max_size=12), stn.data())
@SETTINGS
def test_5_1_nearest_enemy_of_every_pose_in_one_call_is_each_poses_own(army, points, data):
    routers = data.draw(stn.integers(0, len(army) - 1))    # the group's last units are not weighed
    n = len(army) - routers
    group = UnitGroup([stand_quads(e) for e in army])
    shapes = np.array([footprint(e) for e in army], dtype=object)
    got = nearest_all(np.array(points, dtype=float), group, shapes, n)
    assert got == [_alone(shapes[:n], px, py) for px, py in points]


@given(armies(), stn.lists(stn.tuples(coord, coord), min_size=1, max_size=12))
@SETTINGS
def test_batched_point_distances_are_the_single_point_kernels_bit_for_bit(army, points):
    group = UnitGroup([stand_quads(e) for e in army])
    rows = group.points_distances(np.array(points, dtype=float))
    for row, (px, py) in zip(rows, points):
        assert row.tobytes() == group.point_distances(px, py).tobytes()


def test_5_1_ties_go_to_the_first_enemy_in_order():
    # two equal units either side of the point, 5 cm from it each way
    a = Unit("a", "a", "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.LONG_SPEAR,), Armour.LIGHT,
             2, 2, 10.0, 20.0, 0.0, 4.0, 2.0)
    b = Unit("b", "b", "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.LONG_SPEAR,), Armour.LIGHT,
             2, 2, 30.0, 20.0, 180.0, 4.0, 2.0)
    shapes = np.array([footprint(b), footprint(a)], dtype=object)
    group = UnitGroup([stand_quads(b), stand_quads(a)])
    px = (shapely.bounds(shapes[0])[0] + shapely.bounds(shapes[1])[2]) / 2
    (k, d), = nearest_all(np.array([[px, 20.0]]), group, shapes, 2)
    assert shapes[0].distance(Point(px, 20.0)) == shapes[1].distance(Point(px, 20.0)) == d
    assert k == 0


@given(armies(), stn.lists(units("p"), min_size=1, max_size=8), stn.sampled_from([None, 4.0, 8.0, 12.0]))
@SETTINGS
def test_4_4_units_within_a_charge_of_every_pose_in_one_call_are_each_poses_own(army, poses, reach):
    group = UnitGroup([stand_quads(e) for e in army])
    shapes = np.array([footprint(e) for e in army], dtype=object)
    got = within_charge(army, shapes, group, [stand_quads(p) for p in poses], [footprint(p) for p in poses], reach)
    assert got == [_shapely_within(army, footprint(p), reach) for p in poses]
    for p, near in zip(poses, got):     # the same as one call per pose
        assert near == within_charge(army, shapes, group, [stand_quads(p)], [footprint(p)], reach)[0]


@given(armies(), stn.lists(units("p"), min_size=1, max_size=8), stn.sampled_from([3.0, 15.0, 1e9]))
@SETTINGS
def test_batched_pose_distances_are_the_single_pose_kernels_bit_for_bit(army, poses, beyond):
    group = UnitGroup([stand_quads(e) for e in army])
    rows = group.poses_distances([stand_quads(p) for p in poses], beyond)
    for row, p in zip(rows, poses):
        assert row.tobytes() == group.distances(stand_quads(p), beyond).tobytes()
