"""The ends of a motion's runs over terrain in the kernel (sweep.runs with a `kernel`:
cut_kernels.clear_halvings against the shapes' triangles, Daimyo 4.3.1 difficult ground and 4.3
a column wholly on the road) against Shapely asked at every halving, the oracle: the very same
floats, for straight moves and wheels, on random poses, patches and roads."""
import math

import numpy as np
import shapely
from hypothesis import HealthCheck, assume, given, settings, strategies as stn

from sim.daimyo import terrain_touch
from sim.daimyo.geometry import direction
from sim.daimyo.sweep import runs
from tests.daimyo.test_cut_kernels import _motion
from tests.daimyo.test_geometry_kernels import units

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
amounts = stn.floats(-90, 90).filter(lambda v: abs(v) > 1)


def _both(motion, test, kernel):
    s = motion.samples()
    flags = np.array([test(motion.corners(v)[0]) for v in s])
    want = runs(s, flags, motion, test)                  # Shapely at every halving
    got = runs(s, flags, motion, test, kernel=kernel)
    assert got == want
    return flags


@given(units("a"), stn.booleans(), amounts, stn.floats(0, 20), stn.floats(-6, 6), stn.floats(1, 8),
       stn.floats(0, 360), stn.integers(3, 7))
@SETTINGS
def test_4_3_1_run_ends_over_a_patch_equal_shapely_at_every_halving(a, wheel, amount, ahead, aside, size, turn, points):
    # a star-shaped (not convex) patch somewhere in the mover's way
    centre = np.array([a.x, a.y]) + direction(a.facing) * ahead + direction(a.facing - 90) * aside
    ring = [centre + direction(turn + 180 * k / points) * (size if k % 2 == 0 else size / 2) for k in range(2 * points)]
    shape = shapely.Polygon(ring)
    tris, _, exact = terrain_touch.shapes_triangles([shape])
    assume(exact[0])

    def touching(c):
        return bool(shapely.intersects(shapely.polygons(c), shape).any())
    _both(_motion(a, wheel, amount if wheel else amount / 3), touching, (tris, False))


@given(units("a"), stn.booleans(), amounts, stn.floats(-20, 20), stn.floats(-4, 4), stn.floats(3, 14))
@SETTINGS
def test_4_3_run_ends_on_a_road_equal_shapely_at_every_halving(a, wheel, amount, skew, aside, width):
    # a road along the mover's way, a little askew, and the grown table outside it
    start = np.array([a.x, a.y]) + direction(a.facing - 90) * aside - direction(a.facing + skew) * 30
    zone = shapely.LineString([start, start + direction(a.facing + skew) * 60]).buffer(width / 2, cap_style="flat")
    box = (-1.0, -1.0, 301.0, 301.0)
    outside = shapely.difference(shapely.box(*box), zone)
    tris, _, exact = terrain_touch.shapes_triangles([outside])
    assume(exact[0])
    motion = _motion(a, wheel, amount if wheel else amount / 3)
    corners = motion.corners(motion.samples())
    assume(corners[..., 0].min() >= box[0] + 0.5 and corners[..., 1].min() >= box[1] + 0.5
           and corners[..., 0].max() <= box[2] - 0.5 and corners[..., 1].max() <= box[3] - 0.5)

    def on_road(c):
        return bool(shapely.covers(zone, shapely.polygons(c)).all())
    _both(motion, on_road, (tris, True))


def test_4_3_run_ends_in_the_kernel_are_found_on_a_road_crossed_at_an_angle():
    # a column of 3 crossing a 6 cm road at 30 degrees: its stands get on and off the road, and
    # the kernel finds both ends (not only the samples'), as Shapely does
    from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon
    u = Unit("u", "u", "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT,
             3, 1, 100.0, 100.0, 30.0, 4.0, 1.5)
    zone = shapely.LineString([(100.0, 90.0), (150.0, 140.0)]).buffer(3.0, cap_style="flat")
    outside = shapely.difference(shapely.box(-1.0, -1.0, 301.0, 301.0), zone)
    tris, _, exact = terrain_touch.shapes_triangles([outside])
    assert exact[0]

    def on_road(c):
        return bool(shapely.covers(zone, shapely.polygons(c)).all())
    flags = _both(_motion(u, False, 30.0 * math.cos(0)), on_road, (tris, True))
    assert flags.any() and not flags.all()
