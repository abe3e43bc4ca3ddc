"""4.5 (ruling D-2): a target the arc kernel calls surely inside a stand's fire arc (infantry's
45-degree wedge cut by the range band, cavalry's all-round band) meets Shapely's arc polygon,
on random shooters, targets and ranges; and the kernel does call the plain cases."""
import numpy as np
import shapely
from hypothesis import given, strategies as stn

from sim.daimyo.geometry import all_round_arc, arc_hits, fire_arc, footprint, stand_corners
from tests.daimyo.test_geometry_kernels import SETTINGS, units


def _hits(a, b, stand, reach, cavalry):
    corners = stand_corners(b)
    start, count = np.array([0], np.int64), np.array([len(corners)], np.int64)
    c = np.ascontiguousarray(stand_corners(a)[stand])
    return arc_hits.surely_hits(c, float(a.facing), float(reach), cavalry, corners, start, count, 0), c


@given(units("a"), units("b", "west"), stn.integers(0, 7), stn.sampled_from([4.0, 10.0, 25.0, 40.0]), stn.booleans())
@SETTINGS
def test_4_5_ruling_d2_a_sure_hit_meets_shapelys_arc(a, b, stand, reach, cavalry):
    stand = min(stand, a.stands - 1)
    sure, c = _hits(a, b, stand, reach, cavalry)
    if sure:
        arc = all_round_arc(c, reach) if cavalry else fire_arc(c, a.facing, reach)
        assert shapely.intersects(arc, footprint(b))


def test_4_5_a_target_straight_ahead_in_range_is_a_sure_hit():
    from tests.daimyo.table_kit import game, scenario, unit
    st = game(scenario([unit("a", 50, 50)], [unit("b", 50, 65, facing=270)])).state
    a, b = st.units["a"], st.units["b"]
    assert _hits(a, b, 1, 25.0, False)[0] and _hits(a, b, 1, 25.0, True)[0]
    assert not _hits(a, b, 1, 3.0, False)[0]          # out of range: left to Shapely
