import json

import pytest

from sim.core import save as saves
from sim.core.codec import decode, encode
from sim.core.errors import RuleError, SaveError
from sim.core.events import DiceRolled
from tests.core.toygame import Advance, Moved, RaceGame


def play(seed, n=6):
    g = RaceGame.new({}, seed)
    for _ in range(n):
        g.apply(Advance(g.to_act(), 2))
    return g


def test_apply_returns_dice_event_then_effect():
    g = RaceGame.new({}, 1)
    g.dice.force(3, 4)
    events = g.apply(Advance("a", 2))
    assert events == [DiceRolled("advance", (3, 4), "R1"), Moved("a", 7)]


def test_illegal_action_names_rule_and_leaves_state_untouched():
    g = play(2, 2)
    before = encode(g.state)
    with pytest.raises(RuleError) as err:
        g.apply(Advance(g.to_act(), 3))
    assert err.value.rule == "R1"
    assert encode(g.state) == before and len(g.actions) == 2


def test_out_of_turn_action_is_refused():
    g = RaceGame.new({}, 1)
    with pytest.raises(RuleError) as err:
        g.apply(Advance("b", 1))
    assert err.value.rule == "turn"


def test_replay_from_seed_and_actions_is_identical():
    g = play(5)
    again = RaceGame.replay({}, 5, list(g.actions))
    assert encode(again.state) == encode(g.state)
    assert again.events == g.events


def test_snapshot_is_an_equal_copy_whose_rolls_stay_out_of_the_history():
    g = play(5)
    snap = g.snapshot()
    assert encode(snap) == encode(g.state) and snap is not g.state
    events = list(g.events)
    snap.dice.roll(2, "looked at", "R1")          # a replay's snapshot is only looked at
    assert g.events == events and encode(g.state) != encode(snap)
    g.apply(Advance(g.to_act(), 1))                # the game still records its own rolls
    assert isinstance(g.events[len(events)], DiceRolled)


def test_codec_round_trips_state():
    g = play(3)
    assert decode(json.loads(json.dumps(encode(g.state)))) == g.state


def test_save_load_round_trip(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "game_class", lambda system: RaceGame)
    g = play(4)
    path = tmp_path / "g.json"
    saves.save(g, path)
    loaded = saves.load(path)
    assert loaded.state == g.state and loaded.actions == g.actions
    # the loaded game continues exactly as the original would
    assert loaded.apply(Advance(loaded.to_act(), 1)) == g.apply(Advance(g.to_act(), 1))


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("format"), "not a Kassen save"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.update(system="chess"), "unknown game system"),
    (lambda d: d["state"]["positions"]["__dict"].update(a=99), "checksum"),
    (lambda d: d.pop("actions"), "missing key 'actions'"),
])
def test_corrupt_or_foreign_save_is_rejected(tmp_path, monkeypatch, mutate, message):
    g = play(4)
    doc = saves.to_document(g)
    mutate(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    real = saves.game_class
    monkeypatch.setattr(saves, "game_class", lambda s: RaceGame if s == "race" else real(s))
    with pytest.raises(SaveError, match=message):
        saves.load(path)


def test_truncated_save_is_rejected(tmp_path):
    path = tmp_path / "cut.json"
    path.write_text('{"format": "kassen-save", "vers')
    with pytest.raises(SaveError, match="not valid JSON"):
        saves.load(path)
