"""A unit's footprint from a kept ring order (geometry/union_order.py) against GEOS's union of
its stands, the oracle (1.5, DESIGN seam 6): the same coordinates in the same ring order, bit
for bit, on random formations, stand sizes and poses."""
import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo.geometry import footprint, local_corners, stand_corners, union_order
from sim.daimyo.geometry.shapes import union_of_stands
from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
coord = stn.floats(0, 240, allow_nan=False)
angle = stn.one_of(stn.sampled_from([0.0, 15.0, 45.0, 90.0, 135.0, 180.0, 270.0]),
                   stn.floats(0, 360, allow_nan=False))


def _unit(stands, files, w=4.0, d=1.5, facing=0.0) -> Unit:
    return Unit("u", "u", "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT,
                stands, files, 0.0, 0.0, facing, w, d)


def _ring(geom) -> np.ndarray:
    return shapely.get_coordinates(geom)


@given(stn.integers(1, 8), stn.integers(1, 8), stn.sampled_from([4.0, 3.0]), stn.sampled_from([1.5, 3.0, 2.0]),
       angle, stn.lists(stn.tuples(coord, coord), min_size=2, max_size=5))
@SETTINGS
def test_1_5_footprint_is_the_union_of_stands_bit_for_bit(stands, files, w, d, facing, places):
    u = _unit(stands, min(files, stands), w, d, facing)
    kept = 0
    for x, y in places:
        got = footprint(u, x=x, y=y, facing=facing)
        want = union_of_stands(shapely.polygons(stand_corners(u, x=x, y=y, facing=facing)))
        assert np.array_equal(_ring(got), _ring(want)), (stands, files, w, d, facing, x, y)
        key = ("ring", u.stands, u.files, w, d) + union_order.order_key(stand_corners(u, x=x, y=y, facing=facing))
        kept += key in u.shapes and len(u.shapes[key]) > 0
    if union_order.aligned(*local_corners(u)) and stands > 1:
        assert kept                          # the kept order was there to use (and matched above)


def test_1_5_stands_meeting_corner_to_corner_are_aligned_t_junctions_are_not():
    # 1.5: the surplus stands stand the rear rank, centred
    assert union_order.aligned(*local_corners(_unit(4, 2)))
    assert union_order.aligned(*local_corners(_unit(6, 4)))        # rear pair under the middle pair
    assert union_order.aligned(*local_corners(_unit(7, 3)))        # rear one under the middle one
    assert not union_order.aligned(*local_corners(_unit(3, 2)))    # rear one under a junction
    assert not union_order.aligned(*local_corners(_unit(8, 3)))


def test_1_5_order_key_tells_the_stands_box_centre_comparisons():
    u = _unit(2, 2)                                  # two stands side by side, facing +x
    ahead = union_order.order_key(stand_corners(u, x=10.0, y=10.0, facing=0.0))
    across = union_order.order_key(stand_corners(u, x=10.0, y=10.0, facing=90.0))
    # facing +x the stands share x centres and differ in y; facing +y the other way round
    assert ahead[0] == 1 and ahead[1] in (0, 2)
    assert across[0] in (0, 2)
    assert union_order.order_key(stand_corners(_unit(8, 4), x=1.0, y=1.0)) != (-1, -1)
