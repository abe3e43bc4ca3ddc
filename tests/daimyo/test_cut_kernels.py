"""The halvings of a motion cut short by a friend (sim/daimyo/geometry/cut_kernels.py, Daimyo
4.3.2, ruling D-42) against Shapely, the oracle: the separating-axis gap agrees with Shapely's
intersects wherever it is clear of 0, and `sweep.bisect_clear` returns the very float that
asking Shapely at every halving does, for straight moves and wheels into a friend's stands
shrunk by 1e-7 cm, on random poses and formations (flush, right-angled poses included)."""
import math

import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo.geometry import cut_kernels, direction, local_corners, stand_corners
from sim.daimyo.sweep import Motion, bisect, bisect_clear
from tests.daimyo.test_geometry_kernels import _numpy_place_corners, units

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
            got = bisect_clear(motion, s[i], s[i + 1], stand_corners(f), lambda which: shrunk[which])
            assert got == want and type(got) is type(want)       # the same float, of the same type


def _numpy_poses(motion, s):
    # the numpy expressions cut_kernels.motion_poses replaced (the oracle: bit for bit)
    x, y, f = motion.start
    out = np.empty((len(s), 3))
    if motion.kind == "straight":
        r = math.radians(f)
        out[:, 0] = x + math.cos(r) * motion.length * s
        out[:, 1] = y + math.sin(r) * motion.length * s
        out[:, 2] = f
        return out
    a = np.radians(motion.angle * s)
    ox, oy = x - motion.pivot[0], y - motion.pivot[1]
    cos, sin = np.cos(a), np.sin(a)
    out[:, 0] = motion.pivot[0] + ox * cos - oy * sin
    out[:, 1] = motion.pivot[1] + ox * sin + oy * cos
    out[:, 2] = (f + motion.angle * s) % 360
    return out


@given(units("a"), stn.booleans(), stn.floats(-180, 180).filter(lambda v: abs(v) > 1e-6),
       stn.lists(stn.floats(0, 1), max_size=6))
@SETTINGS
def test_4_3_a_motions_poses_are_numpys_bit_for_bit(a, wheel, amount, extra):
    motion = _motion(a, wheel, amount if wheel else amount / 3)
    for s in (motion.samples(), np.array(extra + [0.0, 1.0], dtype=float)):
        assert np.array_equal(motion.poses(s), _numpy_poses(motion, s))
        assert np.array_equal(motion.corners(s), _numpy_place_corners(local_corners(a), _numpy_poses(motion, s)))


@given(units("a"), stn.booleans(), stn.floats(-180, 180).filter(lambda v: abs(v) > 1e-6))
@SETTINGS
def test_4_3_a_motions_sampled_corners_in_one_call_are_numpys_bit_for_bit(a, wheel, amount):
    """cut_kernels.motion_corners: the sampled poses and their corners from one kernel call (a
    plan's first `corners`), then the kept poses placed again, both numpy's numbers."""
    motion = _motion(a, wheel, amount if wheel else amount / 3)
    s = motion.samples()
    want = _numpy_place_corners(local_corners(a), _numpy_poses(motion, s))
    first = motion.corners(s)
    assert np.array_equal(motion.sample_poses(), _numpy_poses(motion, s))
    assert np.array_equal(first, want) and np.array_equal(motion.corners(s), want)
    assert first.tobytes() == want.tobytes()


def test_4_3_a_wheels_facings_wrap_as_numpys():
    # facings turned past 0 or 360 either way wrap as numpy's remainder does
    for facing, angle in ((0.0, -30.0), (350.0, 30.0), (359.5, 0.5), (0.25, -0.25), (180.0, -180.0)):
        u = _unit_at(facing)
        motion = _motion(u, True, angle)
        s = np.concatenate([motion.samples(), [0.5, 1.0, 0.0]])
        assert np.array_equal(motion.poses(s), _numpy_poses(motion, s))


def _unit_at(facing):
    from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon
    return Unit("u", "u", "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT, 4, 2,
                50.0, 50.0, facing)


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
