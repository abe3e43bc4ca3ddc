"""4.5.2 line of sight on a table: units in the way, woods, hedges."""
from sim.daimyo.geometry import footprint
from sim.daimyo.sight import can_see, sight_point
from tests.daimyo.table_kit import game, scenario, unit

SHOOTER = unit("t", 50, 20, stands=2, files=2, weapons=["arquebus"])     # stand 0: x 46-50
TARGET = unit("w", 62, 32, facing=270, stands=2, files=2)                 # x 58-66, y 32-33.5


def see(sc):
    st = game(sc).state
    return can_see(st, st.units["t"], 0, st.units["w"])


def test_4_5_sight_is_taken_from_the_front_edge_point_nearest_the_target():
    st = game(scenario([SHOOTER], [TARGET])).state
    assert sight_point(st.units["t"], 0, footprint(st.units["w"])) == (50, 20)


def test_4_5_2_clear_sight():
    assert see(scenario([SHOOTER], [TARGET]))


def test_4_5_2_unit_in_the_way_blocks():
    assert not see(scenario([SHOOTER, unit("f", 56, 26, stands=2, files=2)], [TARGET]))


def test_4_5_2_wood_blocks_beyond_3cm_ruling_D32():
    wood = {"id": "w1", "kind": "wood", "points": [[40, 24], [70, 24], [70, 28], [40, 28]]}
    assert not see(scenario([SHOOTER], [TARGET], [wood]))
    thin = {"id": "w1", "kind": "wood", "points": [[40, 24], [70, 24], [70, 25.5], [40, 25.5]]}
    assert see(scenario([SHOOTER], [TARGET], [thin]))          # the sight line runs 1.8 cm through it


def test_4_5_2_hedge_blocks_unless_lined_ruling_D32():
    hedge = {"id": "h", "kind": "hedge", "points": [[40, 26], [70, 26]]}
    assert not see(scenario([SHOOTER], [TARGET], [hedge]))
    lined = {"id": "h", "kind": "hedge", "points": [[40, 20.25], [70, 20.25]]}   # along the shooter's front
    assert see(scenario([SHOOTER], [TARGET], [lined]))
