"""The bounding-circle shortcut of the overlap searches (4.3.2, 4.4, 4.6, 5.1: combat sweeps,
charge paths, counter-charge turns, routers passing friends): a unit `clear_of_box` of an axis
box has no stand touching anything inside it, on random units and boxes (Shapely decides)."""
import shapely
from hypothesis import given, strategies as stn

from sim.daimyo.geometry import footprint
from sim.daimyo.surroundings import clear_of_box
from tests.daimyo.test_geometry_kernels import SETTINGS, units

edge = stn.floats(-20, 90, allow_nan=False)


@given(units("a"), edge, edge, stn.floats(0, 40), stn.floats(0, 40))
@SETTINGS
def test_4_3_2_a_unit_clear_of_a_box_touches_nothing_in_it(a, x, y, w, h):
    box = (x, y, x + w, y + h)
    if clear_of_box(a, box):
        assert not shapely.intersects(footprint(a), shapely.box(*box))


def test_4_3_2_a_unit_over_a_box_is_not_clear_of_it():
    from tests.daimyo.table_kit import game, scenario, unit
    u = game(scenario([unit("u", 50, 50)])).state.units["u"]
    assert not clear_of_box(u, footprint(u).bounds)
    assert clear_of_box(u, (150.0, 150.0, 160.0, 160.0))


def test_4_3_1_features_at_follows_the_terrain_after_it_is_kept():
    """surroundings.features_at keeps its answer per footprint and terrain: a feature added,
    replaced or removed under a unit that was asked about before changes the answer."""
    from sim.daimyo.surroundings import features_at, in_building, on_hill
    from sim.daimyo.terrain import Feature
    from tests.daimyo.table_kit import game, scenario, unit
    st = game(scenario([unit("u", 50, 50)])).state
    u = st.units["u"]
    assert features_at(st, u) == [] and not in_building(st, u)
    st.terrain.append(Feature("h", "house", ((40, 40), (60, 40), (60, 60), (40, 60))))
    assert in_building(st, u) and not on_hill(st, u)
    st.terrain[-1] = Feature("k", "low_hill", ((40, 40), (60, 40), (60, 60), (40, 60)))
    assert on_hill(st, u) and not in_building(st, u)
    st.terrain.pop()
    assert features_at(st, u) == []
