"""Bad scenario data is rejected with one ScenarioError naming the key at fault (issue 7).

Each test takes the valid training scenario, breaks one thing and checks the key path and the
reason. The tests at the end were holes in the validator found while writing the historical
scenarios (strict xfails until issue 2's scenario validation closed them).
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from sim.cli import main as kassen
from sim.core.errors import ScenarioError
from sim.core.scenario import read_toml
from sim.daimyo.scenario import parse

SCEN = Path(__file__).resolve().parents[2] / "scenarios" / "daimyo"
BASE = read_toml(SCEN / "training.toml")

# training.toml, for orientation: armies.0 = east (south edge, deploy y 0-30), clans.0 = honda
# (units.0 honda-teppo at 40,26; units.1 honda-yari at 40,20), clans.1 = sakai (units.2 is the
# hatamoto at 60,16); armies.1 = west (north edge, deploy y 60-90).


def broken(change) -> dict:
    data = copy.deepcopy(BASE)
    change(data)
    return data


def rejected(data) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        parse(data, "bad.toml")
    assert str(err.value) == f"bad.toml: {err.value.key}: {err.value.reason}"   # the one line shown
    return err.value


def unit(data, army=0, clan=0, n=0) -> dict:
    return data["armies"][army]["clans"][clan]["units"][n]


def test_the_unbroken_base_is_valid():
    parse(copy.deepcopy(BASE), "training.toml")


# -- overlapping deployment -----------------------------------------------------------------
def test_two_units_on_the_same_ground():
    err = rejected(broken(lambda d: unit(d, n=1).update(x=42, y=26)))
    assert err.key == "armies.0.clans.0.units.1"
    assert "overlaps unit 'honda-teppo'" in err.reason


def test_units_of_different_armies_overlapping():
    # west's shima-horse moved onto east's sakai-samurai (both zones widened to allow it)
    def change(d):
        d["armies"][0]["deploy"] = d["armies"][1]["deploy"] = []
        unit(d, army=1).update(x=80, y=22, facing=270)
    err = rejected(broken(change))
    assert err.key == "armies.1.clans.0.units.0"
    assert "overlaps unit 'sakai-samurai'" in err.reason


def test_unit_outside_its_deployment_zone():
    err = rejected(broken(lambda d: unit(d, n=0).update(y=40)))
    assert err.key == "armies.0.clans.0.units.0"
    assert "outside its army's deployment zone" in err.reason


def test_deployment_zone_that_is_a_bow_tie():
    err = rejected(broken(lambda d: d["armies"][0].update(deploy=[[0, 0], [120, 30], [120, 0], [0, 30]])))
    assert err.key == "armies.0.deploy"
    assert "valid polygon" in err.reason


# -- units off the table -------------------------------------------------------------------
def test_unit_off_the_left_edge():
    def change(d):
        d["armies"][0]["deploy"] = []
        unit(d).update(x=1)          # 4 stands, 16 cm wide, centred on x = 1
    err = rejected(broken(change))
    assert err.key == "armies.0.clans.0.units.0"
    assert "off the table" in err.reason


def test_unit_whose_rear_ranks_hang_off_the_table():
    # honda-yari: 6 stands in 3 files = 2 ranks, 3 cm deep behind a front edge at y = 2
    def change(d):
        d["armies"][0]["deploy"] = []
        unit(d, n=1).update(y=2)
    err = rejected(broken(change))
    assert err.key == "armies.0.clans.0.units.1"
    assert "off the table" in err.reason


def test_general_off_the_table():
    err = rejected(broken(lambda d: d["armies"][1]["general"].update(y=95)))
    assert err.key == "armies.1.general"
    assert "off the table" in err.reason


# -- unknown or impossible troops ------------------------------------------------------------
def test_unknown_troop_type():
    err = rejected(broken(lambda d: unit(d).update(troop="ninja")))
    assert err.key == "armies.0.clans.0.units.0.troop"
    assert "unknown troop type 'ninja'" in err.reason and "ashigaru" in err.reason


def test_quality_the_troop_type_cannot_have():
    err = rejected(broken(lambda d: unit(d).update(quality="elite")))
    assert err.key == "armies.0.clans.0.units.0.quality"
    assert err.reason.startswith("1.2:")


def test_cavalry_without_the_lance():
    err = rejected(broken(lambda d: unit(d, army=1).update(weapons=["bow"])))
    assert err.key == "armies.1.clans.0.units.0.weapons"
    assert "must carry ['lance']" in err.reason


def test_samurai_with_the_long_spear():
    err = rejected(broken(lambda d: unit(d, clan=1).update(weapons=["long_spear"])))
    assert err.key == "armies.0.clans.1.units.0.weapons"
    assert err.reason.startswith("1.3:")


def test_unit_of_nine_stands():
    err = rejected(broken(lambda d: unit(d, n=1).update(stands=9)))
    assert err.key == "armies.0.clans.0.units.1.stands"
    assert "2-8 stands" in err.reason


def test_hatamoto_of_five_stands():
    err = rejected(broken(lambda d: unit(d, clan=1, n=2).update(stands=5, files=5)))
    assert err.key == "armies.0.clans.1.units.2.stands"
    assert "hatamoto has 2-4 stands" in err.reason


def test_hatamoto_too_far_from_the_general():
    err = rejected(broken(lambda d: unit(d, clan=1, n=2).update(x=100, y=10)))
    assert err.key == "armies.0.clans.1.units.2"
    assert "within 20 cm of the General" in err.reason


def test_clan_of_seven_units():
    def change(d):
        units = d["armies"][0]["clans"][0]["units"]
        for i in range(5):
            units.append(dict(units[0], id=f"extra-{i}", x=5 + 10 * i, y=4, stands=2, files=2))
    err = rejected(broken(change))
    assert err.key == "armies.0.clans.0.units"
    assert "at most 6" in err.reason


def test_daimyo_rating_out_of_range():
    err = rejected(broken(lambda d: d["armies"][0]["clans"][0]["daimyo"].update(rating=4)))
    assert err.key == "armies.0.clans.0.daimyo.rating"
    assert "1-3" in err.reason


def test_general_rating_out_of_range():
    err = rejected(broken(lambda d: d["armies"][0]["general"].update(rating=1)))
    assert err.key == "armies.0.general.rating"
    assert "2-4" in err.reason


def test_same_id_twice():
    err = rejected(broken(lambda d: unit(d, n=1).update(id="honda-teppo")))
    assert err.key == "armies.0.clans.0.units.1.id"
    assert "used twice" in err.reason


def test_unknown_key_is_refused():
    err = rejected(broken(lambda d: unit(d).update(morale=5)))
    assert err.key == "armies.0.clans.0.units.0.morale"
    assert err.reason.startswith("unknown key (the keys here: id, name, troop, quality, weapons, ")


# -- terrain --------------------------------------------------------------------------------
def test_terrain_polygon_that_is_a_bow_tie():
    err = rejected(broken(lambda d: d["terrain"][0].update(points=[[0, 0], [10, 10], [10, 0], [0, 10]])))
    assert err.key == "terrain.0.points"
    assert "invalid polygon" in err.reason and "Self-intersection" in err.reason


def test_area_terrain_with_two_points():
    err = rejected(broken(lambda d: d["terrain"][1].update(points=[[80, 30], [98, 30]])))
    assert err.key == "terrain.1.points"
    assert "at least 3 points" in err.reason


def test_linear_obstacle_with_one_point():
    err = rejected(broken(lambda d: d["terrain"][4].update(points=[[50, 58]])))
    assert err.key == "terrain.4.points"
    assert "at least 2 items" in err.reason


def test_terrain_polygon_with_no_area():
    err = rejected(broken(lambda d: d["terrain"][0].update(points=[[0, 0], [10, 10], [20, 20]])))
    assert err.key == "terrain.0.points"
    assert "invalid polygon" in err.reason


def test_terrain_polygon_wholly_off_the_table():
    err = rejected(broken(lambda d: d["terrain"][0].update(points=[[130, 0], [150, 0], [150, 20]])))
    assert err.key == "terrain.0.points"
    assert "wholly off the table" in err.reason


def test_linear_obstacle_wholly_off_the_table():
    err = rejected(broken(lambda d: d["terrain"][4].update(points=[[-20, 58], [-5, 58]])))
    assert err.key == "terrain.4.points"
    assert "wholly off the table" in err.reason


def test_unknown_terrain_kind():
    err = rejected(broken(lambda d: d["terrain"][0].update(kind="lava")))
    assert err.key == "terrain.0.kind"
    assert "unknown terrain 'lava'" in err.reason


def test_unit_standing_on_impassable_ground():
    def change(d):
        d["terrain"].append({"id": "cliff", "kind": "impassable", "points": [[30, 15], [50, 15], [50, 28], [30, 28]]})
    err = rejected(broken(change))
    assert err.key == "armies.0.clans.0.units.0"
    assert "impassable terrain 'cliff'" in err.reason


def test_kassen_check_prints_one_line_naming_the_key(tmp_path, capsys):
    text = (SCEN / "training.toml").read_text(encoding="utf-8").replace('troop = "ashigaru"', 'troop = "ninja"', 1)
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    assert kassen(["check", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith(f"kassen: {bad}: armies.0.clans.0.units.0.troop: unknown troop type 'ninja'")


# -- once holes in the validator (issue 7), closed by the movement work (issue 2) -----------
def _closed_hole(change):
    rejected(broken(change))


def test_closed_hole_hq_off_the_table():
    _closed_hole(lambda d: d["armies"][0].update(hq={"x": -50, "y": 8, "facing": 90}))


def test_closed_hole_hq_on_top_of_a_unit():
    _closed_hole(lambda d: d["armies"][0].update(hq={"x": 40, "y": 26, "facing": 90}))


def test_closed_hole_daimyo_off_the_table():
    _closed_hole(lambda d: d["armies"][0]["clans"][0]["daimyo"].update(x=-100))


def test_closed_hole_unknown_start_weather():
    _closed_hole(lambda d: d.setdefault("options", {}).update(start_weather="sunny"))


def test_closed_hole_unit_deployed_in_a_river():
    _closed_hole(lambda d: d["terrain"].append({"id": "riv", "kind": "river", "points": [[30, 20], [50, 20], [50, 30], [30, 30]]}))


def test_closed_hole_general_attached_to_a_unit_that_does_not_exist():
    _closed_hole(lambda d: d["armies"][0]["general"].update(attach="nobody"))


def test_closed_hole_mounted_hatamoto_for_a_seated_general():
    _closed_hole(lambda d: unit(d, clan=1, n=2).update(troop="mounted_samurai", weapons=["lance"]))


def test_closed_hole_nan_coordinate_is_a_clear_error():
    err = rejected(broken(lambda d: unit(d).update(x=float("nan"))))
    assert err.key == "armies.0.clans.0.units.0.x"
