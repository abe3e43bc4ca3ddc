"""Daimyo 4.3.2 / 4.6.7 swept combat moves (rout, pursuit, push back, follow-up, retire:
combat.common.sweep) ask the kernels first: the hull round a straight move's ends against a
unit's stands (SweptMove.meets, which also finds the friends a rout passes through) and the
mover's stands at each step against a blocker's (overlaps_beyond), both the sum of the stands'
clipped areas, with Shapely's area near the threshold. Against Shapely's footprints, the
oracle, on random formations, poses and moves; and the box a sweep sets nothing aside from."""
import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo.combat.common import OVERLAP, StandsOf, SweptMove, overlaps_beyond
from sim.daimyo.geometry import direction, footprint
from tests.daimyo.test_geometry_kernels import angle, units

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _area(a, b) -> float:
    """Shapely's common area; the snap-rounded one where GEOS's plain overlay is wildly wrong
    (edges nearly coinciding, libgeos/geos#1344; see test_swept.py), the plain one elsewhere."""
    plain, snapped = a.intersection(b).area, shapely.intersection(a, b, grid_size=1e-12).area
    return snapped if abs(plain - snapped) > 1e-9 else plain


def _move(a, heading, dist):
    return SweptMove(a, a.x, a.y, a.facing, direction(heading), dist)


@given(units("a"), units("v"), angle, stn.floats(0, 20, allow_subnormal=False))
@SETTINGS
def test_4_3_2_swept_hull_meets_a_unit_as_shapely_measures_it(a, v, heading, dist):
    move = _move(a, heading, dist)
    h = direction(heading)
    hull = shapely.union_all([footprint(a), footprint(a, x=a.x + h[0] * dist, y=a.y + h[1] * dist)]).convex_hull
    assert move.meets(lambda: footprint(v), StandsOf(v)) == (_area(hull, footprint(v)) > OVERLAP)
    x0, y0, x1, y1 = hull.bounds                       # the box holds Shapely's hull
    assert move.box[0] <= x0 and move.box[1] <= y0 and move.box[2] >= x1 and move.box[3] >= y1


@given(units("a"), units("v"), angle, stn.floats(0, 20, allow_subnormal=False),
       stn.sampled_from(["overlap", "as at the start", "exactly", "just below"]))
@SETTINGS
def test_4_3_2_stands_overlapping_beyond_an_allowance_as_shapely_measures_them(a, v, heading, d, allowed):
    h = direction(heading)
    pose = (a.x + h[0] * d, a.y + h[1] * d, a.facing)
    there = footprint(a, x=pose[0], y=pose[1], facing=pose[2])
    common = _area(there, footprint(v))
    limit = {"overlap": OVERLAP, "as at the start": OVERLAP + _area(footprint(a), footprint(v)),
             "exactly": common, "just below": common - 1e-10}[allowed]
    assert overlaps_beyond(a, pose, footprint(v), limit, StandsOf(v)) == (common > limit)


def test_4_3_2_a_stand_laid_edge_to_edge_does_not_overlap():
    """Edges that coincide share no area (the case GEOS's plain overlay can get wrong)."""
    from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon

    def unit(uid, x, y):
        return Unit(uid, uid, "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT,
                    2, 2, x, y, 90.0, 4.0, 3.0)
    a, v = unit("a", 10.0, 10.0), unit("v", 18.0, 10.0)       # v's left edge on a's right edge
    assert not overlaps_beyond(a, (10.0, 10.0, 90.0), footprint(v), OVERLAP, StandsOf(v))
    assert overlaps_beyond(a, (10.5, 10.0, 90.0), footprint(v), OVERLAP, StandsOf(v))
    assert not _move(a, 90.0, 5.0).meets(lambda: footprint(v), StandsOf(v))
    assert _move(a, 0.0, 0.5).meets(lambda: footprint(v), StandsOf(v))
    assert np.isclose(_area(footprint(a, x=10.5), footprint(v)), 0.5 * 3.0)     # one rank, 0.5 cm in


@given(units("a"), stn.lists(stn.tuples(stn.floats(-10, 10, allow_subnormal=False),
                                         stn.floats(-10, 10, allow_subnormal=False), angle), min_size=1, max_size=4),
       stn.floats(-20, 80, allow_subnormal=False), stn.floats(-20, 80, allow_subnormal=False))
@SETTINGS
def test_4_3_3_a_leader_outside_the_paths_box_is_out_of_reach(a, steps, lx, ly):
    """4.3.3 (ruling D-31): ride_down_leaders sets aside a leader outside _path_box; Shapely's
    distance from the swept ground to him is then beyond the reach."""
    from sim.daimyo.combat.common import _path_box
    from sim.daimyo.geometry import CONTACT_TOLERANCE, LEADER_RADIUS
    poses = [(a.x, a.y, a.facing)] + [(a.x + dx, a.y + dy, f) for dx, dy, f in steps]
    reach_cm = LEADER_RADIUS + CONTACT_TOLERANCE
    fps = [footprint(a, x=x, y=y, facing=f) for x, y, f in poses]
    swept = shapely.union_all([shapely.union_all([p, q]).convex_hull for p, q in zip(fps, fps[1:])])
    x0, y0, x1, y1 = _path_box(a, poses, reach_cm)
    sx0, sy0, sx1, sy1 = swept.bounds
    assert x0 < sx0 - reach_cm and y0 < sy0 - reach_cm and x1 > sx1 + reach_cm and y1 > sy1 + reach_cm
    if not (x0 <= lx <= x1 and y0 <= ly <= y1):
        assert swept.distance(shapely.Point(lx, ly)) > reach_cm
