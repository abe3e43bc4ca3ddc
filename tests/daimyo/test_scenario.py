"""Daimyo scenario files: each kind of bad data gives one ScenarioError naming file, key and
what was expected; `kassen check` prints it on one line with exit code 2."""
import copy
import subprocess
import sys
from pathlib import Path

import pytest

from sim.cli import main
from sim.core.errors import ScenarioError
from sim.core.scenario import read_toml
from sim.daimyo.game import DaimyoGame

ROOT = Path(__file__).resolve().parents[2]
TRAINING = ROOT / "scenarios" / "daimyo" / "training.toml"
BASE = read_toml(TRAINING)


def broken(change):
    data = copy.deepcopy(BASE)
    change(data)
    with pytest.raises(ScenarioError) as err:
        DaimyoGame.check(data, "bad.toml")
    return err.value


def east_unit(data, i=0, clan=0):
    return data["armies"][0]["clans"][clan]["units"][i]


def test_training_scenario_is_valid():
    DaimyoGame.check(copy.deepcopy(BASE), str(TRAINING))


def test_overlapping_deployment():
    def change(d):
        east_unit(d, 1)["y"] = 27            # the spearmen onto the arquebusiers
    e = broken(change)
    assert (e.file, e.key) == ("bad.toml", "armies.0.clans.0.units.1") and "overlaps unit 'honda-teppo'" in e.reason


def test_unit_off_table():
    e = broken(lambda d: east_unit(d).update(x=2))
    assert e.key == "armies.0.clans.0.units.0" and "off the table" in e.reason


def test_unit_outside_deployment_zone():
    e = broken(lambda d: east_unit(d).update(y=40))
    assert e.key == "armies.0.clans.0.units.0" and "deployment zone" in e.reason


def test_unknown_troop_type():
    e = broken(lambda d: east_unit(d).update(troop="ninja"))
    assert e.key == "armies.0.clans.0.units.0.troop" and "'ninja'" in e.reason and "ashigaru" in e.reason


def test_hq_is_not_a_troop_type_of_a_unit():
    e = broken(lambda d: east_unit(d).update(troop="hq"))
    assert e.key == "armies.0.clans.0.units.0.troop"


def test_1_2_illegal_quality_for_troop_type():
    e = broken(lambda d: east_unit(d).update(quality="elite"))
    assert e.key == "armies.0.clans.0.units.0.quality" and "1.2" in e.reason and "regular or raw" in e.reason


def test_1_3_illegal_weapon_for_troop_type():
    e = broken(lambda d: d["armies"][0]["clans"][1]["units"][0].update(weapons=["long_spear"]))
    assert e.key == "armies.0.clans.1.units.0.weapons" and "1.3" in e.reason


def test_1_3_cavalry_must_carry_the_lance():
    e = broken(lambda d: d["armies"][1]["clans"][0]["units"][0].update(weapons=["bow"]))
    assert e.key == "armies.1.clans.0.units.0.weapons" and "must carry ['lance']" in e.reason


def test_1_4_illegal_armour_for_troop_type():
    e = broken(lambda d: east_unit(d).update(armour="heavy"))
    assert e.key == "armies.0.clans.0.units.0.armour" and "1.4" in e.reason


@pytest.mark.parametrize("stands", [1, 9])
def test_1_5_unit_has_2_to_8_stands(stands):
    e = broken(lambda d: east_unit(d).update(stands=stands, files=1))
    assert e.key == "armies.0.clans.0.units.0.stands" and "2-8" in e.reason


def test_1_5_files_cannot_exceed_stands():
    e = broken(lambda d: east_unit(d).update(files=5))
    assert e.key == "armies.0.clans.0.units.0.files"


def test_1_5_clan_has_at_most_6_units():
    def change(d):
        units = d["armies"][0]["clans"][0]["units"]
        for i in range(5):
            units.append(dict(units[0], id=f"extra{i}", x=10 + 20 * i, y=4, stands=2, files=2))
    e = broken(change)
    assert e.key == "armies.0.clans.0.units" and "at most 6" in e.reason


def test_1_7_hatamoto_has_2_to_4_stands():
    e = broken(lambda d: d["armies"][0]["clans"][1]["units"][2].update(stands=5, files=5))
    assert e.key == "armies.0.clans.1.units.2.stands" and "2-4" in e.reason


def test_1_7_hatamoto_starts_within_20cm_of_the_general():
    e = broken(lambda d: d["armies"][0]["clans"][1]["units"][2].update(x=110, y=28))
    assert e.key == "armies.0.clans.1.units.2" and "20 cm" in e.reason


def test_1_7_seated_generals_hatamoto_is_on_foot():
    def change(d):
        d["armies"][0]["clans"][1]["units"][2].update(troop="mounted_samurai", weapons=["lance"])
    e = broken(change)
    assert e.key == "armies.0.clans.1.units.2.troop" and "foot" in e.reason


def test_1_7_mobile_general_has_no_hq():
    e = broken(lambda d: d["armies"][0]["general"].update(seated=False))
    assert e.key == "armies.0.hq"


def test_1_7_seated_general_needs_an_hq():
    e = broken(lambda d: d["armies"][0].pop("hq"))
    assert e.key == "armies.0.hq" and "Seated General" in e.reason


def test_invalid_terrain_polygon():
    e = broken(lambda d: d["terrain"][0].update(points=[[0, 0], [10, 10], [10, 0], [0, 10]]))
    assert e.key == "terrain.0.points" and "invalid polygon" in e.reason and "Self-intersection" in e.reason


def test_unknown_terrain_kind():
    e = broken(lambda d: d["terrain"][1].update(kind="volcano"))
    assert e.key == "terrain.1.kind" and "'volcano'" in e.reason


def test_duplicate_ids():
    e = broken(lambda d: east_unit(d, 1).update(id="honda-teppo"))
    assert e.key == "armies.0.clans.0.units.1.id" and "used twice" in e.reason


@pytest.mark.parametrize("who,value,key", [("general", 5, "armies.0.general.rating"),
                                           ("daimyo", 4, "armies.0.clans.0.daimyo.rating")])
def test_1_7_1_8_bad_command_ratings(who, value, key):
    def change(d):
        target = d["armies"][0]["general"] if who == "general" else d["armies"][0]["clans"][0]["daimyo"]
        target["rating"] = value
    e = broken(change)
    assert e.key == key and "command rating" in e.reason


def test_wrong_type_names_the_key_path():
    e = broken(lambda d: east_unit(d).update(stands="four"))
    assert e.key == "armies.0.clans.0.units.0.stands" and "integer" in e.reason


def test_unexpected_key_is_refused():
    e = broken(lambda d: east_unit(d).update(colour="red"))
    assert e.key == "armies.0.clans.0.units.0.colour"


def test_kassen_check_on_training_scenario(capsys):
    assert main(["check", str(TRAINING)]) == 0
    assert capsys.readouterr().out.startswith("ok  ")


def test_kassen_check_on_broken_file_one_line_exit_2(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(TRAINING.read_text().replace('troop = "ronin"', 'troop = "ninja"'))
    proc = subprocess.run([sys.executable, "-m", "sim.cli", "check", str(bad)], cwd=ROOT,
                          capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert lines[0].startswith(f"kassen: {bad}: armies.1.clans.1.units.1.troop: unknown troop type 'ninja'")


def test_kassen_check_on_invalid_toml(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("system = 'daimyo'\n[meta\n")
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not valid TOML" in err[0]


def test_4_3_1_unit_deployed_in_a_river_or_too_big_for_a_house():
    river = {"id": "riv", "kind": "river", "points": [[30, 20], [50, 20], [50, 30], [30, 30]]}
    e = broken(lambda d: d["terrain"].append(river))
    assert e.key == "armies.0.clans.0.units.0" and "impassable terrain 'riv' (river" in e.reason
    house = {"id": "h", "kind": "house", "points": [[30, 14], [50, 14], [50, 30], [30, 30]]}
    e = broken(lambda d: d["terrain"].append(house))              # the 6-stand spearmen at y 17-20
    assert e.key == "armies.0.clans.0.units.1" and "impassable terrain 'h' (house" in e.reason


def test_6_2_unknown_start_weather():
    e = broken(lambda d: d["options"].update(start_weather="sunny"))
    assert e.key == "options.start_weather" and "heavy_rain" in e.reason


def test_nan_coordinate_is_a_clear_error():
    e = broken(lambda d: east_unit(d).update(x=float("nan")))
    assert e.key == "armies.0.clans.0.units.0.x" and "finite" in e.reason


def test_clans_without_colours_take_their_armys_palette():
    """A clan's colour is optional: one left out takes the next of its army's palette, so the
    two armies never look alike on the table (the generated reference table has none); a
    colour given is kept."""
    data = copy.deepcopy(BASE)
    for army in data["armies"]:
        for clan in army["clans"]:
            clan.pop("colour", None)
    data["armies"][1]["clans"][1]["colour"] = [1, 2, 3]
    st = DaimyoGame.new(data, 1).state
    by_side = {}
    for clan in st.clans.values():
        by_side.setdefault(clan.side, []).append(clan.colour)
    east, west = by_side["east"], by_side["west"]
    assert len(set(east)) == len(east) and (1, 2, 3) in west
    assert not set(east) & set(west)
    assert st.clans[data["armies"][1]["clans"][0]["id"]].colour != (200, 200, 200)
