"""The crossing kernels of Daimyo 4.3 sweeps (sim/daimyo/geometry/crossing_kernels.py) against the
plain numpy form they replaced (kept here as the reference): the same instants and margins, in
the same order, for straight moves and wheels of random units against the stands of another
unit, including facings square to each other (corners sliding along edges) and wheels whose
corners graze an edge (no bound, both). Equal to 1e-12 of s (the margins are 1e-10 cm wide); the
bisections built on them are checked against Shapely itself in test_crossings.py."""
import math

import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo import crossings
from sim.daimyo.geometry import crossing_kernels, stand_corners
from sim.daimyo.sweep import Motion
from tests.daimyo.table_kit import game, scenario, unit
from tests.daimyo.test_geometry_kernels import units

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MARGIN_CM, PARALLEL, GRAZE_CM = crossing_kernels.MARGIN_CM, crossing_kernels.PARALLEL, crossing_kernels.GRAZE_CM
_velocity = crossings._velocity


# -- the numpy form the kernels replaced (the reference) ---------------------------------------
def _cross(a, b):
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def _stand_edges(c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Corners (k, 4, 2) -> edge starts and edge vectors, each (4k, 2)."""
    return c.reshape(-1, 2), (np.roll(c, -1, axis=1) - c).reshape(-1, 2)


def _straight(motion, c0, seg):
    v = _velocity(motion)
    speed = math.hypot(*v)
    if speed == 0:
        return np.empty(0), np.empty(0)
    p, e = seg[:, 0], seg[:, 1] - seg[:, 0]
    a, f = _stand_edges(c0)
    times, margins = [], []
    # a stand corner a + s v on a fixed edge p + t e, and a fixed vertex p on a stand edge a + s v + t f
    for pts, starts, edges, sign in ((a, p, e, 1.0), (p, a, f, -1.0)):
        w = starts[None, :, :] - pts[:, None, :]                 # (points, edges, 2)
        den = _cross(v, edges)[None, :]                          # cross(v, e)
        lens = np.hypot(edges[:, 0], edges[:, 1])[None, :]
        sin = np.abs(den) / (speed * np.maximum(lens, 1e-300))
        par = sin < PARALLEL
        # a corner moving (nearly) along an edge's line: parallel lines apart never meet
        if par.any():
            off = np.abs(_cross(w, edges[None, :, :])) / np.maximum(lens, 1e-300)
            slide = par & (off < GRAZE_CM + sin * speed)
            if slide.any():
                # while it runs along the edge itself Shapely's answer is down to rounding:
                # that stretch of s (t in [0, 1]) becomes one instant wide enough to hold it
                i, j = np.nonzero(slide)
                ee = np.maximum(lens[0, j] ** 2, 1e-300)
                t0 = np.einsum("ij,ij->i", -w[i, j], edges[j]) / ee
                dt = sign * (edges[j] @ v) / ee
                ends = np.stack([(-1e-6 - t0) / dt, (1 + 1e-6 - t0) / dt])
                first, last = ends.min(axis=0), ends.max(axis=0)
                times.append((first + last) / 2)
                margins.append((last - first) / 2 + MARGIN_CM / speed)
        with np.errstate(divide="ignore", invalid="ignore"):
            s = sign * _cross(w, edges[None, :, :]) / den
            t = _cross(w, v) / den if sign > 0 else _cross(v, -w) / den
        ok = ~par & (t >= -1e-6) & (t <= 1 + 1e-6)
        times.append(s[ok])
        margins.append(MARGIN_CM / (speed * np.broadcast_to(sin, s.shape)[ok]))
    return np.concatenate(times), np.concatenate(margins)


def _wheel(motion, c0, seg):
    """A corner turning about the pivot traces a circle; where it meets an edge gives the angle.
    Fixed vertices turn the other way against the stand edges at the start."""
    ang = math.radians(motion.angle)
    if ang == 0:
        return np.empty(0), np.empty(0)
    P = np.asarray(motion.pivot, dtype=float)
    a, f = _stand_edges(c0)
    p, e = seg[:, 0], seg[:, 1] - seg[:, 0]
    times, margins = [], []
    for pts, starts, edges, turn in ((a, p, e, 1.0), (p, a, f, -1.0)):
        rel = pts - P                                           # (points, 2)
        r = np.hypot(rel[:, 0], rel[:, 1])[:, None]
        phi0 = np.arctan2(rel[:, 1], rel[:, 0])[:, None]
        q = (starts - P)[None, :, :]                            # edge starts about the pivot
        ee = np.einsum("ij,ij->i", edges, edges)[None, :]
        b = np.einsum("ij,kij->ki", edges, np.broadcast_to(q, (len(pts),) + q.shape[1:]))
        cc = np.einsum("kij,kij->ki", q, q) - r ** 2
        disc = b * b - ee * cc
        lens = np.sqrt(ee)
        # how far the edge's line passes from the circle: near zero means a graze
        h = np.abs(_cross(q, edges[None, :, :])) / np.maximum(lens, 1e-300)
        foot = -b / np.maximum(ee, 1e-300)
        graze = (np.abs(h - r) < GRAZE_CM) & (foot >= -1e-6) & (foot <= 1 + 1e-6)
        if graze.any():
            return None
        root = np.sqrt(np.maximum(disc, 0.0))
        for sgn in (-1.0, 1.0):
            t = (-b + sgn * root) / np.maximum(ee, 1e-300)
            ok = (disc > 0) & (t >= -1e-6) & (t <= 1 + 1e-6)
            if not ok.any():
                continue
            x = q + t[..., None] * edges[None, :, :]             # the meeting point about the pivot
            phi = np.arctan2(x[..., 1], x[..., 0])
            theta = turn * (phi - phi0)                           # the wheel's turn at the meeting
            # the corner's velocity is along the tangent; its angle to the edge sets the margin
            tangent = np.stack([-x[..., 1], x[..., 0]], axis=-1) / np.maximum(r[..., None], 1e-300)
            sin = np.abs(_cross(tangent, edges[None, :, :])) / np.maximum(lens, 1e-300)
            speed = r * abs(ang)
            for k in (-1, 0, 1):
                s = (theta + 2 * math.pi * k) / ang
                times.append(s[ok])
                margins.append((MARGIN_CM / np.maximum(speed * sin, 1e-300))[ok])
    if not times:
        return np.empty(0), np.empty(0)
    return np.concatenate(times), np.concatenate(margins)


# -- the comparison ------------------------------------------------------------------------------
def _same(want, got):
    if want is None or got is None:
        assert want is None and got is None
        return
    (wt, wm), (gt, gm) = want, got
    assert len(wt) == len(gt)
    assert np.allclose(gt, wt, rtol=1e-12, atol=1e-12)
    assert np.allclose(gm, wm, rtol=1e-9, atol=1e-15)


def _kernel(motion, c0, seg):
    if motion.kind == "straight":
        v = crossings._velocity(motion)
        return crossing_kernels.straight_instants(c0, seg, float(v[0]), float(v[1]))
    t, m, ok = crossing_kernels.wheel_instants(c0, seg, float(motion.pivot[0]), float(motion.pivot[1]),
                                               math.radians(motion.angle))
    return (t, m) if ok else None


def _check(motion, other):
    c0 = np.ascontiguousarray(motion.corners(0.0)[0])
    seg = crossings.segments(shapely.polygons(stand_corners(other)))
    want = _straight(motion, c0, seg) if motion.kind == "straight" else _wheel(motion, c0, seg)
    _same(want, _kernel(motion, c0, seg))


@given(units("a"), units("b", "west"), stn.one_of(stn.sampled_from([-3.0, 0.5, 12.0]), stn.floats(-20, 40)))
@SETTINGS
def test_4_3_straight_move_instants_equal_the_numpy_form(a, b, length):
    if abs(length) < 1e-3:
        return
    _check(Motion(a, "straight", (a.x, a.y, a.facing), length=length), b)


@given(units("a"), units("b", "west"), stn.one_of(stn.sampled_from([-90.0, 45.0, 180.0]), stn.floats(-180, 180)))
@SETTINGS
def test_4_3_5_1_wheel_instants_equal_the_numpy_form(a, b, angle):
    if abs(angle) < 1e-3:
        return
    side = -1 if angle > 0 else 1
    fwd = np.array([math.cos(math.radians(a.facing)), math.sin(math.radians(a.facing))])
    right = np.array([fwd[1], -fwd[0]])
    pivot = np.array([a.x, a.y]) + right * side * (a.width / 2)
    motion = Motion(a, "wheel", (a.x, a.y, a.facing), length=math.radians(abs(angle)) * a.width, angle=angle,
                    pivot=(float(pivot[0]), float(pivot[1])))
    _check(motion, b)


def test_4_3_corner_sliding_along_an_edge_and_a_grazing_wheel_match():
    """Square to each other and flush: a straight move slides corners along edges; a wheel about
    a corner touching another stand's edge grazes it."""
    st = game(scenario([unit("a", 50, 50)], [unit("b", 90, 50)])).state
    a, b = st.units["a"], st.units["b"]
    a.facing = b.facing = 90.0
    b.x, b.y = a.x + a.width, a.y                  # side by side, flush
    _check(Motion(a, "straight", (a.x, a.y, a.facing), length=10.0), b)
    _check(Motion(a, "wheel", (a.x, a.y, a.facing), length=1.0, angle=-30.0,
                  pivot=(a.x + a.width / 2, a.y)), b)
