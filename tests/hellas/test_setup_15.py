"""Rule 15.1 set-ups and ruling H-64: a scenario file that would start a battle or a siege the
rules cannot play is refused with one line naming the block or siege."""
import copy

import pytest

from sim.core.errors import ScenarioError
from sim.core.scenario import read_toml
from sim.hellas import HellasGame

from tests.hellas.helpers import SCENARIO


def _data():
    return copy.deepcopy(read_toml(SCENARIO))


def _index(data, side, at):
    return next(i for i, b in enumerate(data["block"]) if b["side"] == side and b["at"] == at)


def _refused(data) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        HellasGame.new(data, 0)
    return err.value


def test_15_1_the_431_set_up_is_accepted():
    g = HellasGame.new(_data(), 0)
    assert g.state.sieges["Potidaea"].besieger == "athens"


def test_h64_a_block_in_a_city_loyal_to_the_enemy_is_refused():
    data = _data()
    i = _index(data, "athens", "Samos")
    data["block"][i]["at"] = "Sparta"
    err = _refused(data)
    assert err.key == f"block[{i}].at"
    assert "Sparta is loyal to sparta" in str(err) and "H-64" in str(err)


def test_h64_both_sides_in_one_area_is_refused_naming_both_blocks():
    data = _data()
    j = _index(data, "sparta", "Sparta")
    i = _index(data, "athens", "Samos")
    data["block"][i]["at"] = "Laconia"           # the area, not the city: no loyalty to break
    err = _refused(data)                         # the later of the two blocks is named, with the first
    assert err.key == f"block[{j}].at"
    assert f"Laconia already holds athens's block[{i}]" in str(err)


def test_h64_both_sides_at_sea_is_refused():
    data = _data()
    i = _index(data, "sparta", "Leucas")
    data["block"][i]["at"] = "Thermaic Gulf"     # Athens' blockading fleet is there
    assert _refused(data).key == f"block[{i}].at"


def test_10_3_a_siege_with_no_besieging_land_block_is_refused():
    data = _data()
    for b in data["block"]:
        if b["at"] == "Pallene":
            b["at"] = "Athens"
    err = _refused(data)
    assert err.key == "siege[0].besieger"
    assert "no athens land block starts in Pallene" in str(err)


def test_h64_a_side_cannot_besiege_its_own_city():
    data = _data()
    data["siege"][0]["besieger"] = "sparta"
    err = _refused(data)
    assert err.key == "siege[0].besieger" and "loyal to sparta" in str(err)
