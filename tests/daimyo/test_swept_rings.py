"""A motion's swept pieces in one kernel call (geometry.swept_rings, Daimyo 4.3 sweeps) against
the step-by-step arrays it replaced: the point groups, GEOS's hulls where `kernels.hulls` calls
them, the boxes and the stand-in rings (`kernels.near_hulls`) bit for bit, on random straight
moves (short ones, whose stand-ins may stand for nothing, included) and wheels. Swept's
polygons and answers against Shapely are test_swept.py's and test_near_hulls.py's."""
import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo.geometry import kernels
from sim.daimyo.geometry.shapes import NEAR_HULL_CM, Swept
from sim.daimyo.geometry.swept_rings import swept_arrays
from tests.daimyo.test_geometry_kernels import units
from tests.daimyo.test_near_hulls import AMOUNTS, KINDS, sampled_corners

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def step_by_step(corners: np.ndarray):
    """The arrays as Swept made them before, kernel by kernel with numpy between."""
    pairs = np.concatenate([corners[:-1], corners[1:]], axis=2).reshape(-1, 8, 2)
    coords, size, unsure = kernels.hulls(pairs)
    size = np.where(unsure, 0, size)
    first = np.concatenate([[0], np.cumsum(size)[:-1]]).astype(np.int64)
    rings = coords, first, size, unsure
    if unsure.any():
        which = np.flatnonzero(unsure)
        extra, extra_size, far = kernels.near_hulls(pairs[which], NEAR_HULL_CM)
        ring_first, ring_size, none = first.copy(), size.copy(), unsure.copy()
        ring_first[which] = len(coords) + np.concatenate([[0], np.cumsum(extra_size)[:-1]]).astype(np.int64)
        ring_size[which], none[which] = extra_size, far
        rings = np.concatenate([coords, extra]), ring_first, ring_size, none
    return (pairs, coords, size, first, unsure, kernels.group_boxes(pairs)) + rings


def _identical(got, want) -> None:
    assert len(got) == len(want)
    for a, b in zip(got, want):
        assert a.dtype == b.dtype and a.shape == b.shape
        assert np.array_equal(a, b) and a.tobytes() == b.tobytes()


@given(units("a"), KINDS, AMOUNTS)
@SETTINGS
def test_4_3_swept_arrays_are_the_step_by_step_arrays(a, kind, amount):
    corners = sampled_corners(a, kind, amount)
    if kind == "straight":
        _identical(swept_arrays(corners, True, NEAR_HULL_CM), step_by_step(corners[[0, -1]]))
    _identical(swept_arrays(corners, False, NEAR_HULL_CM), step_by_step(corners))


@given(units("a"), stn.floats(-90, 90).filter(lambda v: abs(v) > 1))
@SETTINGS
def test_4_3_a_straight_moves_pieces_from_its_ends(a, amount):
    """Swept(corners, ends=True) is Swept(corners[[0, -1]]): the same rings, boxes and polygons."""
    corners = sampled_corners(a, "straight", amount)
    got, want = Swept(corners, ends=True), Swept(corners[[0, -1]])
    rows = np.arange(len(want))
    _identical(got.rings(rows), want.rings(rows))
    _identical(got.kernel_rings(), want.kernel_rings())
    _identical((got.bounds,), (want.bounds,))
    assert all(x.equals_exact(y, 0.0) for x, y in zip(got.all(), want.all()))


def test_4_3_points_on_one_line_have_no_stand_in():
    """Groups with no area between them keep no ring (their pieces go to GEOS's hull)."""
    line = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0]])
    corners = np.stack([line, line]).reshape(2, 1, 4, 2)
    got = swept_arrays(corners, True, NEAR_HULL_CM)
    _identical(got, step_by_step(corners))
    assert got[4][0] and got[9][0]          # unsure, and no stand-in
