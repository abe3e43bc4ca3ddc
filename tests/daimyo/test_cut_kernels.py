"""The halvings of a motion cut short by a friend (sim/daimyo/geometry/cut_kernels.py, Daimyo
4.3.2, ruling D-42) against Shapely, the oracle: the separating-axis gap agrees with Shapely's
intersects wherever it is clear of 0, and `sweep.bisect_clear` returns the very float that
asking Shapely at every halving does, for straight moves and wheels into a friend's stands
shrunk by 1e-7 cm, on random poses and formations (flush, right-angled poses included)."""
import math

import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo.geometry import cut_kernels, direction, stand_corners
from sim.daimyo.sweep import Motion, bisect, bisect_clear
from tests.daimyo.test_geometry_kernels import units

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _shrunk(u) -> np.ndarray:
    return shapely.buffer(shapely.polygons(stand_corners(u)), -1e-7, join_style="mitre")


@given(units("a"), units("b"), stn.sampled_from([0.0, 1e-7, -1e-7, 1.0]))
@SETTINGS
def test_4_3_2_separating_gap_agrees_with_shapely_intersects(a, b, grow):
    ca = stand_corners(a)
    polys = shapely.buffer(shapely.polygons(stand_corners(b)), grow, join_style="mitre") if grow \
        else shapely.polygons(stand_corners(b))
    for i in range(len(ca)):
        for poly in polys:
            ring = shapely.get_coordinates(poly)[:-1]
            gap = cut_kernels.convex_gap(np.ascontiguousarray(ca[i]), 4, ring, len(ring))
            if abs(gap) > cut_kernels.TOL:
                assert (gap < 0) == bool(shapely.intersects(shapely.polygons(ca[i]), poly))


def _motion(u, wheel: bool, amount: float) -> Motion:
    if not wheel:
        return Motion(u, "straight", (u.x, u.y, u.facing), length=amount)
    right = direction(u.facing - 90)
    side = -1 if amount > 0 else 1
    pivot = np.array([u.x, u.y]) + right * side * (u.width / 2)
    return Motion(u, "wheel", (u.x, u.y, u.facing), length=math.radians(abs(amount)) * u.width, angle=amount,
                  pivot=(float(pivot[0]), float(pivot[1])))


@given(units("a"), units("f"), stn.booleans(), stn.floats(-90, 90).filter(lambda v: abs(v) > 1),
       stn.floats(0, 20), stn.floats(-6, 6))
@SETTINGS
def test_4_3_2_cut_short_halvings_equal_shapely_at_every_halving(a, f, wheel, amount, ahead, aside):
    # the friend stands somewhere in the mover's way
    f.x, f.y = (np.array([a.x, a.y]) + direction(a.facing) * ahead + direction(a.facing - 90) * aside).tolist()
    motion = _motion(a, wheel, amount if wheel else amount / 3)
    shrunk = _shrunk(f)

    def clear(c):
        return not shapely.intersects(shapely.polygons(c)[:, None], shrunk[None, :]).any()
    s = motion.samples()
    flags = [clear(motion.corners(v)[0]) for v in s]
    for i in range(len(s) - 1):
        if flags[i] and not flags[i + 1]:
            want = bisect(motion, s[i], s[i + 1], clear)
            got = bisect_clear(motion, s[i], s[i + 1], stand_corners(f), lambda: shrunk)
            assert got == want and type(got) is type(want)       # the same float, of the same type


@given(units("f"), stn.sampled_from([1e-7, 1e-3, 0.2]))
@SETTINGS
def test_4_3_2_inset_stands_are_geos_mitred_buffer_within_1e_13(f, d):
    quads = stand_corners(f)
    got = cut_kernels.inset(np.ascontiguousarray(quads), d)
    want = shapely.buffer(shapely.polygons(quads), -d, join_style="mitre")
    for mine, geos in zip(got, want):
        ring = shapely.get_coordinates(geos)[:-1]
        assert len(ring) == 4
        far = np.hypot(*(mine[:, None, :] - ring[None, :, :]).transpose(2, 0, 1)).min(axis=1)
        assert far.max() <= 1e-13                 # each inset corner on one of GEOS's
