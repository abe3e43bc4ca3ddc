"""The first-contact kernels of straight moves (sim/daimyo/geometry/first_contact.py) against
Shapely, the oracle: a bisection over Shapely's swept hulls, as max_straight's was (4.3), finds
the same first contact with the 4.4 approach limit, with friends' stands (4.3.2) and with
terrain (4.3.1), on random poses and formations. Tolerance 1e-6 cm on the distance moved."""
import math

import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn
from shapely.geometry import Polygon

from sim.daimyo.geometry import direction, first_contact, stand_corners, swept_pieces
from tests.daimyo.test_geometry_kernels import units

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOL = 1e-6          # cm of distance moved
FAR = 80.0          # cm: the longest move tried


def _swept(corners: np.ndarray, v: np.ndarray, d: float):
    return swept_pieces(np.stack([corners, corners + v * d]))


def _oracle(corners, v, shape, r) -> float:
    """First d in [0, FAR] at which the stands swept from the start come within r of
    `shape` (Shapely's distance, bisected to 1e-12); inf if not by FAR."""
    def near(d):
        shapes = np.atleast_1d(np.asarray(shape, dtype=object))
        return float(shapely.distance(_swept(corners, v, d)[:, None], shapes[None, :]).min()) <= r
    if near(0.0):
        return 0.0
    if not near(FAR):
        return math.inf
    lo, hi = 0.0, FAR
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if near(mid) else (mid, hi)
    return hi


@given(units("a"), units("b", "west"), stn.sampled_from([0.0, 1e-8, 3.0 - 1e-6, 1.3]))
@SETTINGS
def test_4_4_first_approach_within_r_matches_a_shapely_bisection(a, b, r):
    ca, cb = stand_corners(a), stand_corners(b)
    v = direction(a.facing)
    got = first_contact.stands_first_within(ca, float(v[0]), float(v[1]), cb, np.full(len(cb), r)).min()
    want = _oracle(ca, v, shapely.polygons(cb), r)
    if math.isinf(want):
        assert got > FAR - TOL
    else:
        assert abs(got - want) <= TOL


@given(units("a"), units("f"), stn.floats(0, FAR))
@SETTINGS
def test_4_3_2_outside_the_deep_intervals_stands_share_no_area(a, f, d):
    ca, cf = stand_corners(a), stand_corners(f)
    v = direction(a.facing)
    lo, hi = first_contact.deep_overlaps(ca, float(v[0]), float(v[1]), cf, 1e-9)
    moved = shapely.polygons(ca + v * d)
    # GEOS's snap-rounded overlay: the plain one can share a whole stand's area between stands
    # that only touch, where edges nearly coincide (libgeos/geos#1344)
    area = shapely.area(shapely.intersection(moved[:, None], shapely.polygons(cf)[None, :], grid_size=1e-12))
    outside = ~((lo < d) & (d < hi))
    assert (area[outside] <= 1e-7).all()
    # and inside, well clear of the ends, they do overlap
    deep = (lo + 1e-6 < d) & (d < hi - 1e-6)
    assert (area[deep] > 0).all()


@stn.composite
def patches(draw):
    """A star-shaped polygon (often not convex) of 5-9 points round a centre on the table."""
    cx, cy = draw(stn.floats(0, 60)), draw(stn.floats(0, 60))
    n = draw(stn.integers(5, 9))
    radii = draw(stn.lists(stn.floats(1, 12), min_size=n, max_size=n))
    turn = draw(stn.floats(0, 6.28))
    return Polygon([(cx + r * math.cos(turn + 2 * math.pi * k / n), cy + r * math.sin(turn + 2 * math.pi * k / n))
                    for k, r in enumerate(radii)])


@given(units("a"), patches(), stn.floats(0, FAR))
@SETTINGS
def test_4_3_1_terrain_cut_into_triangles_is_touched_where_shapely_says(a, patch, d):
    ca = stand_corners(a)
    v = direction(a.facing)
    tri = shapely.get_parts(shapely.constrained_delaunay_triangles(patch))
    pieces = shapely.get_coordinates(tri).reshape(-1, 4, 2)
    touches = shapely.intersects(shapely.polygons(ca + v * d), patch)
    lo, hi = first_contact.deep_overlaps(ca, float(v[0]), float(v[1]), pieces, -1e-8)
    maybe = ((lo <= d) & (d <= hi)).any(axis=1)
    lo, hi = first_contact.deep_overlaps(ca, float(v[0]), float(v[1]), pieces, 1e-8)
    sure = ((lo < d) & (d < hi)).any(axis=1)
    assert (touches | ~sure).all() and (maybe | ~touches).all()
