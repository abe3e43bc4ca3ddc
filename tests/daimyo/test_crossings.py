"""The event-guided boundary searches (crossings.py, sweep.bisect/first_true with `against`)
give bit-identical answers to asking Shapely at every halving (Daimyo 4.3 sweeps), on
randomised poses with fixed seeds and on the edge cases: touching, flush and parallel edges,
a contact at a sample, the table edge, wheels pivoting on a touching corner."""
import math
import random

import numpy as np
import pytest
import shapely

from sim.daimyo import crossings
from sim.daimyo.geometry import direction, local_corners, place_corners
from sim.daimyo.sweep import Motion, bisect, first_true
from tests.daimyo.table_kit import game, scenario, unit


def _unit(stands=4, files=4, x=50.0, y=50.0, facing=90.0):
    u = game(scenario([unit("u", 50, 50)])).state.units["u"]
    u.stands, u.files, u.x, u.y, u.facing = stands, files, x, y, facing
    return u


def _preds(geoms):
    """The predicates movement.py bisects on, each against `geoms`."""
    shapes = np.asarray(geoms, dtype=object)
    return {
        "intersects": lambda c: bool(shapely.intersects(shapely.polygons(c)[:, None], shapes[None, :]).any()),
        "within": lambda c: bool(shapely.contains(shapes[0], shapely.polygons(c)).all()),
        "covered": lambda c: bool(shapely.covers(shapes[0], shapely.polygons(c)).all()),
    }


def _compare(motion, geoms, asked=None) -> int:
    """Every change of every predicate between samples, searched both ways: equal floats."""
    found = 0
    s = motion.samples()
    for name, test in _preds(geoms).items():
        flags = [test(motion.corners(v)[0]) for v in s]
        for i in range(len(s) - 1):
            if flags[i] == flags[i + 1]:
                continue
            found += 1
            search = bisect if flags[i] else first_true
            slow = search(motion, s[i], s[i + 1], test)
            for sure in (False, True):
                assert search(motion, s[i], s[i + 1], test, against=geoms, sure=sure) == slow, (name, motion, i)
    return found


def _star(rng, cx, cy, r, n):
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    return shapely.Polygon([(cx + r * rng.uniform(0.4, 1) * math.cos(a), cy + r * rng.uniform(0.4, 1) * math.sin(a))
                            for a in angles])


def _motion(rng, u):
    if rng.random() < 0.5:
        return Motion(u, "straight", (u.x, u.y, u.facing), length=rng.choice([-1, 1]) * rng.uniform(2, 20))
    angle = rng.choice([-1, 1]) * rng.uniform(5, 90)
    fwd, right = direction(u.facing), direction(u.facing - 90)
    side = -1 if angle > 0 else 1
    pivot = np.array([u.x, u.y]) + right * side * (u.width / 2)
    return Motion(u, "wheel", (u.x, u.y, u.facing), length=math.radians(abs(angle)) * u.width, angle=angle,
                  pivot=(float(pivot[0]), float(pivot[1])))


@pytest.mark.parametrize("seed", range(6))
def test_4_3_random_poses_against_terrain_and_stands_same_boundaries(seed):
    rng = random.Random(seed)
    found = 0
    for _ in range(25):
        grid = rng.random() < 0.5                  # integer poses, right angles: flush and parallel edges
        stands = rng.randint(2, 8)
        u = _unit(stands, rng.randint(1, stands), rng.randint(30, 70) if grid else rng.uniform(30, 70),
                  rng.randint(30, 70) if grid else rng.uniform(30, 70),
                  rng.choice([0, 90, 180, 270]) if grid else rng.uniform(0, 360))
        other = _unit(4, rng.choice([2, 4]), u.x + rng.randint(-8, 8), u.y + rng.randint(-8, 8),
                      rng.choice([0, 90, 180, 270]) if grid else rng.uniform(0, 360))
        stands_of_other = shapely.polygons(place_corners(local_corners(other),
                                                               [(other.x, other.y, other.facing)])[0])
        shrunk = shapely.buffer(stands_of_other, -1e-7, join_style="mitre")
        box = shapely.box(u.x - rng.randint(2, 12), u.y - rng.randint(2, 12), u.x + rng.randint(2, 12), u.y + 10)
        motion = _motion(rng, u)
        for geoms in (stands_of_other, shrunk, [_star(rng, u.x, u.y, rng.uniform(5, 25), rng.randint(3, 12))], [box],
                      [box.difference(shapely.box(u.x - 1, u.y - 20, u.x + 1, u.y + 20))]):
            found += _compare(motion, np.asarray(geoms, dtype=object))
    assert found > 40                              # the searches were really exercised


def test_4_3_4_the_table_edge_same_boundary():
    table = shapely.box(0, 0, 100, 60).buffer(1e-9)
    for facing, x, y in ((90, 30, 55), (0, 95, 30), (45, 90, 50), (270, 20, 3.0)):
        u = _unit(4, 2, x, y, facing)
        assert _compare(Motion(u, "straight", (x, y, facing), length=12), np.array([table])) >= 2
    u = _unit(4, 4, 90, 50, 0)                   # a wheel out over the edge
    wheel = Motion(u, "wheel", (90, 50, 0), length=math.radians(60) * u.width, angle=60, pivot=(90, 58))
    assert _compare(wheel, np.array([table])) >= 1


def test_4_3_2_flush_neighbour_sliding_and_touching_corner_pivot():
    """A unit moving along a friend it is flush with, and wheeling on a corner that touches one."""
    u = _unit(4, 4, 50, 50, 90)                  # stands x 42..58, y 48.5..50
    friend = _unit(4, 4, 66, 56, 90)             # flush with u's right flank line x = 58
    polys = shapely.polygons(place_corners(local_corners(friend), [(66, 56, 90)])[0])
    assert _compare(Motion(u, "straight", (50, 50, 90), length=10), polys) == 2     # touches, then leaves
    assert _compare(Motion(u, "straight", (50, 50, 90), length=10), shapely.buffer(polys, -1e-7, join_style="mitre")) == 0
    ahead = _unit(4, 4, 52, 51.5, 90)           # rear edge on u's front edge, half a stand over
    polys = shapely.polygons(place_corners(local_corners(ahead), [(52, 51.5, 90)])[0])
    wheel = Motion(u, "wheel", (50, 50, 90), length=math.radians(30) * u.width, angle=-30, pivot=(58, 50))
    for geoms in (polys, shapely.buffer(polys, -1e-7, join_style="mitre")):
        _compare(wheel, geoms)


def test_4_3_crossing_instant_is_the_exact_contact_and_few_shapely_calls():
    """Moving 10 cm north at a rectangle 4.25 cm ahead: one instant at s = 0.425, and the
    search asks Shapely a handful of times instead of 32."""
    u = _unit(2, 2, 50, 50, 90)
    block = shapely.box(40, 54.25, 60, 60)
    motion = Motion(u, "straight", (50, 50, 90), length=10)
    times, margins = crossings.crossings(motion, 0.4, 0.45, np.array([block]))
    assert np.allclose(times, 0.425, atol=1e-12) and len(times) >= 1 and margins.max() < 1e-9
    calls = []

    def clear(c):
        calls.append(1)
        return not bool(shapely.intersects(shapely.polygons(c), block).any())
    at = bisect(motion, 0.4, 0.45, clear, against=np.array([block]), sure=True)
    assert abs(at * 10 - 4.25) < 1e-9 and len(calls) <= 4
    assert at == bisect(motion, 0.4, 0.45, clear)


def test_4_3_no_bound_for_shapes_that_are_not_polygons():
    u = _unit(2, 2, 50, 50, 90)
    motion = Motion(u, "straight", (50, 50, 90), length=10)
    assert crossings.crossings(motion, 0.0, 0.1, np.array([shapely.LineString([(0, 55), (90, 55)])])) is None


@pytest.mark.parametrize("seed", range(3))
def test_4_3_3_leaders_in_reach_same_as_testing_every_leader(seed):
    """The bounding-box filter in leaders_contacted drops no leader the sweep reaches (ruling
    D-31: 1 cm round base, D-3: 1 mm contact), including ones just inside and outside."""
    from sim.daimyo.geometry import CONTACT_TOLERANCE, LEADER_RADIUS
    from sim.daimyo.geometry.shapes import Swept
    from sim.daimyo.movement import leaders_contacted
    rng = random.Random(seed)
    g = game(scenario([unit("a", 50, 20)], [unit("w", 150, 100, facing=270)], west_daimyo=(50, 28)))
    u, leader = g.state.units["a"], g.state.leaders["daimyo-west-clan"]
    reach = LEADER_RADIUS + CONTACT_TOLERANCE
    hits = 0
    for _ in range(200):
        motion = _motion(rng, u)
        pieces = Swept(motion.corners(motion.samples()))
        x0, y0, x1, y1 = shapely.total_bounds(pieces.all())
        leader.x = rng.choice([x0 - reach - 1e-9, x1 + reach + 1e-9, x0 - reach + 1e-9, rng.uniform(x0 - 3, x1 + 3)])
        leader.y = rng.choice([rng.uniform(y0 - 3, y1 + 3), y1 + reach - 1e-9, y0 - reach - 1e-9])
        want = bool(shapely.dwithin(pieces.all(), shapely.Point(leader.x, leader.y), reach).any())
        assert (leaders_contacted(g.state, u, pieces) == [leader.id]) == want
        hits += want
    assert 10 < hits < 190


def test_4_3_repeated_vertices_add_no_edge_and_no_nan_instant():
    """A polygon with a repeated vertex (as overlays can leave): same boundary as without it."""
    u = _unit(2, 2, 50, 50, 90)
    block = shapely.Polygon([(40, 54.25), (60, 54.25), (60, 54.25), (60, 60), (40, 60)])
    motion = Motion(u, "straight", (50, 50, 90), length=10)
    assert len(crossings.segments(np.array([block]))) == 4
    times, margins = crossings.crossings(motion, 0.0, 1.0, np.array([block]))
    assert np.isfinite(times).all() and np.isfinite(margins).all()
    assert _compare(motion, np.array([block])) >= 1
