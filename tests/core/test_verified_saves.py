"""Saves are verified by replay: a save whose state its seed and actions do not reproduce is
refused, naming where they part; the codec refuses malformed objects; old saves migrate."""
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from sim.core import save as saves
from sim.core.codec import decode, encode
from sim.core.errors import SaveError
from tests.core.real_games import SCENARIOS, played, save_document

SYSTEMS = sorted(SCENARIOS)


def _write(tmp_path, doc, fix_checksum=True):
    doc = copy.deepcopy(doc)
    if fix_checksum:     # a forger recomputes the (unkeyed) checksum: the replay must still catch it
        doc["checksum"] = saves._digest({k: v for k, v in doc.items() if k != "checksum"})
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_real_save_loads_and_equals_the_game(tmp_path, system):
    game = played(system)
    saves.save(game, tmp_path / "g.json")
    again = saves.load(tmp_path / "g.json")
    assert encode(again.state) == encode(game.state) and again.actions == game.actions


@pytest.mark.parametrize("system", SYSTEMS)
def test_deleting_every_action_is_refused_naming_the_difference(tmp_path, system):
    doc = copy.deepcopy(save_document(system))
    doc["actions"] = []
    with pytest.raises(SaveError, match=r"does not reproduce its state \(first difference at state\."):
        saves.load(_write(tmp_path, doc))


@pytest.mark.parametrize("system", SYSTEMS)
def test_forced_dice_queued_in_the_state_are_refused(tmp_path, system):
    doc = copy.deepcopy(save_document(system))
    doc["state"]["dice"]["forced"] = [6] * 200
    with pytest.raises(SaveError, match=r"state\.dice\.forced"):
        saves.load(_write(tmp_path, doc))


def test_a_wrongly_typed_state_field_is_refused_by_the_codec(tmp_path):
    doc = copy.deepcopy(save_document("sekigahara"))
    doc["state"]["turn"] = 7
    with pytest.raises(SaveError, match=r"state\.turn: expected str, got 7"):
        saves.load(_write(tmp_path, doc))


def test_a_forged_winner_is_refused_with_its_path(tmp_path):
    doc = copy.deepcopy(save_document("sekigahara"))
    doc["state"]["winner"] = "ishida"
    with pytest.raises(SaveError, match=r"state\.winner: saved 'ishida', replay gives ''"):
        saves.load(_write(tmp_path, doc))


def test_a_damaged_save_fails_its_checksum(tmp_path):
    doc = copy.deepcopy(save_document("hellas"))
    doc["seed"] += 1
    with pytest.raises(SaveError, match="checksum mismatch"):
        saves.load(_write(tmp_path, doc, fix_checksum=False))


@pytest.mark.parametrize("system", ["daimyo", "hellas"])
def test_a_save_whose_system_was_edited_names_the_system_not_an_action(tmp_path, system):
    doc = copy.deepcopy(save_document(system))
    doc["system"] = "sekigahara"
    with pytest.raises(SaveError, match=rf"system 'sekigahara' does not match its state \('{system}\."):
        saves.load(_write(tmp_path, doc))


def test_a_game_with_forced_dice_saves_and_replays_exactly(tmp_path):
    game = played("daimyo", actions=10)
    game.dice.force(6, 6, 6)
    while game.dice.forced and not game.is_over():      # the forced sixes are used by the next rolls
        game.apply(game.legal_actions(game.to_act())[0])
    assert game.forced, "the test needs an action taken with forced dice"
    saves.save(game, tmp_path / "g.json")
    assert encode(saves.load(tmp_path / "g.json").state) == encode(game.state)


@pytest.mark.parametrize("bad, message", [
    ({"__t": "sekigahara.NoSuchThing"}, "unknown type"),
    ({"__t": "core.Dice", "seed": "x"}, r"seed: expected int"),
    ({"__t": "core.Dice", "seed": 1, "forced": [[1]]}, "forced: expected"),
    ({"__t": "core.Dice"}, "lacks field 'seed'"),
    ({"__t": "core.Dice", "seed": 1, "colour": 3}, "has no field 'colour'"),
    ({"__set": [[1], [2]]}, "malformed set"),
    ({"__pairs": [[1, 2, 3]]}, "malformed pairs"),
    ({"__tuple": 5}, "expected a list"),
    ({"__enum": "core.Dice", "v": 1}, "malformed enum"),
    ({"a": 1, "b": 2}, "without a type tag"),
])
def test_the_codec_refuses_malformed_objects_naming_the_path(bad, message):
    with pytest.raises(SaveError, match=message):
        decode({"__dict": {"x": bad}}, "s.json")


def test_a_version_1_save_migrates_and_loads(tmp_path):
    doc = copy.deepcopy(save_document("sekigahara"))
    v1 = {k: v for k, v in doc.items() if k not in ("forced", "checksum")}
    v1["version"] = 1
    for key in ("actions", "state"):          # version 1 tagged objects by module path
        v1[key] = json.loads(json.dumps(v1[key]).replace('"sekigahara.', '"sim.sekigahara.X:'))
    # the version-1 names of the classes, as the registry knows them
    from sim.core import codec
    names = {new: old for old, new in codec._FORMER.items()}
    text = json.dumps(v1)
    for new, old in names.items():
        text = text.replace(f'"sim.{new.split(".")[0]}.X:{new.split(".", 1)[1]}"', json.dumps(old))
    v1 = json.loads(text)
    v1["checksum"] = saves._digest(v1["state"])
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(v1))
    assert encode(saves.load(path).state) == doc["state"]
    # a fresh process has imported no system yet: the migration imports the save's own
    code = f"from sim.core.save import load; print(load({str(path)!r}).system)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.strip() == "sekigahara", done.stderr


def test_a_version_1_save_naming_a_vanished_class_says_why(tmp_path):
    doc = {"format": "kassen-save", "version": 1, "state": {"__t": "sim.gone:Thing"}, "actions": []}
    doc["checksum"] = saves._digest(doc["state"])
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="older Kassen: type 'sim.gone:Thing' no longer exists"):
        saves.load(path)


def test_an_unknown_version_is_refused_naming_the_readable_ones(tmp_path):
    doc = copy.deepcopy(save_document("sekigahara"))
    doc["version"] = 99
    with pytest.raises(SaveError, match="versions 1 to 2"):
        saves.load(_write(tmp_path, doc))


DOC_SAVES = sorted((Path(__file__).resolve().parents[2] / "docs" / "screenshots").glob("*.json"))


@pytest.mark.parametrize("path", DOC_SAVES, ids=lambda p: p.name)
def test_the_documentation_saves_still_load(path):
    """The saves the docs' pictures come from must replay on today's engine; a rules change
    that alters their replay shows up here, and they are re-recorded with it."""
    game = saves.load(path)
    assert len(game.actions) == len(json.loads(path.read_text())["actions"])
