"""The stand-in rings of swept pieces whose GEOS hull the hull kernel leaves unsure (every
straight move's: its corners are collinear; geometry.kernels.near_hulls, shapes.Swept.rings)
against Shapely's hull, the oracle: inside it, and it within NEAR_HULL_CM of the stand-in, on
random straight moves (short ones included) and wheels (Daimyo 4.3). What the rings answer
(4.3.1 terrain touched, 4.3.2 friends overlapped) is checked against Shapely in
test_terrain_kernels.py and test_swept.py."""
import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo.geometry import kernels
from sim.daimyo.geometry.shapes import NEAR_HULL_CM, Swept
from tests.daimyo.test_geometry_kernels import units
from tests.daimyo.test_swept import _motion

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


KINDS = stn.sampled_from(["straight", "wheel"])
AMOUNTS = stn.one_of(stn.floats(-90, 90).filter(lambda v: abs(v) > 1), stn.floats(1e-9, 1e-3))   # short ones too


def sampled_corners(a, kind: str, amount: float) -> np.ndarray:
    """The sampled stands of a straight move or wheel of `a` (test_swept._motion)."""
    motion = _motion(a, kind, amount)
    return motion.corners(motion.samples())


@given(units("a"), KINDS, AMOUNTS)
@SETTINGS
def test_4_3_stand_in_rings_lie_within_near_hull_cm_of_geos_hulls(a, kind, amount):
    corners = sampled_corners(a, kind, amount)
    pieces = Swept(corners if kind == "wheel" else corners[[0, -1]])
    rows = np.arange(len(pieces))
    coords, first, verts, none = pieces.rings(rows)
    geos = pieces.all()
    if kind == "straight" and abs(amount) > 1:
        # a straight move's hull has its stand-in; one shorter than about 1e-3 cm may not, where an
        # edge that short cannot measure the points against it (that piece goes to GEOS's hull)
        assert not none.any()
    for i in rows[~none]:
        ring = shapely.Polygon(coords[first[i]:first[i] + verts[i]])
        assert ring.is_valid and not shapely.is_ccw(ring.exterior)      # clockwise, as GEOS's
        # inside GEOS's hull (up to rounding), and GEOS's hull within the bound of it
        assert shapely.buffer(geos[i], 1e-12, join_style="mitre").covers(ring)
        assert shapely.hausdorff_distance(geos[i], ring) <= 2 * NEAR_HULL_CM
        assert abs(geos[i].area - ring.area) <= NEAR_HULL_CM * geos[i].length


def test_4_3_no_stand_in_for_points_on_one_line():
    """Points with no area between them have no ring to stand in (their pieces go to Shapely)."""
    pts = np.array([[[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0], [0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0]]])
    assert kernels.near_hulls(pts, NEAR_HULL_CM)[2][0]
