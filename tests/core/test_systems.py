"""Every bundled system against its registry entry (sim.core.registry) and the game protocol:
levels and sides as declared, random play to the end, save/load, seed + actions replay, the
declared per-game statistics, and views that do not change when another side's hand does."""
import json
from pathlib import Path

import pytest

from sim.core.codec import encode
from sim.core.players import play_out
from sim.core.registry import BUNDLED, PLOTS, RANDOM, LevelError, System, bundled, system
from sim.core.save import from_document, to_document
from sim.core.scenario import read_toml

ROOT = Path(__file__).resolve().parents[2]
# One small scenario per system, and a cap that finishes a random game of it.
SCENARIOS = {"daimyo": ("training.toml", 4000), "sekigahara": ("campaign.toml", 6000),
             "amdt": ("amdt_short_2p.toml", 6000), "hellas": ("431_short.toml", 6000)}


def new(name: str, seed: int):
    entry = system(name)
    return entry.game.new(read_toml(ROOT / "scenarios" / name / SCENARIOS[name][0]), seed)


def random_game(name: str, seed: int, cap: int | None = None):
    entry, game = system(name), new(name, seed)
    players = {s: entry.player(s, RANDOM, seed * 7 + i) for i, s in enumerate(game.sides())}
    return play_out(game, players, max_actions=cap or SCENARIOS[name][1])


def test_registry_lists_the_four_systems_each_declared_once():
    assert tuple(s.name for s in bundled()) == BUNDLED == ("daimyo", "sekigahara", "amdt", "hellas")
    for entry in bundled():
        assert isinstance(entry, System) and entry.game.system == entry.name
        assert entry.levels[0] == RANDOM and len(set(entry.levels)) == len(entry.levels)
        assert entry.default_level in entry.levels and set(entry.plots) <= set(PLOTS)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_level_makes_a_player_for_every_side_and_unknown_ones_are_refused(name):
    entry, game = system(name), new(name, 1)
    for side in game.sides():
        assert entry.sides is None or side in entry.sides
        for level in entry.levels:
            action = entry.player(side, level, 3).choose(game, side) if side == game.to_act() else None
            assert action is None or action in game.legal_actions(side)
    with pytest.raises(LevelError, match="valid levels: " + ", ".join(entry.levels)):
        entry.player(game.sides()[0], "grandmaster", 1)


@pytest.mark.parametrize("name", BUNDLED)
def test_random_play_ends_and_reports_the_declared_statistics(name):
    game = random_game(name, 2)
    assert game.is_over(), f"{name}: a random game did not end within {SCENARIOS[name][1]} actions"
    result = game.result()
    assert result.reason
    stats = game.stats()
    assert isinstance(stats["turns"], int) and stats["turns"] >= 1
    for side in game.sides():
        for stat in system(name).stats:
            value = stats["sides"][side][stat.key]
            assert isinstance(value, (int, float)) and not isinstance(value, bool)


@pytest.mark.parametrize("name", BUNDLED)
def test_save_load_and_replay_rebuild_the_game(name):
    game = random_game(name, 3, cap=300)
    again = system(name).game.replay(game.scenario, game.seed, list(game.actions))
    assert encode(again.state) == encode(game.state)
    loaded = from_document(json.loads(json.dumps(to_document(game))))
    assert encode(loaded.state) == encode(game.state) and loaded.to_act() == game.to_act()


def _hidden_swap(game, holder: str) -> bool:
    """Change something only `holder` may know, keeping everything public: a card of its hand
    for one of its deck (Sekigahara, AMDT), or where two of its blocks of one kind stand on the
    map (Hellas: all six cards are dealt at once, blocks stand face-down). False if none."""
    st = game.state
    if game.system == "hellas":
        from sim.hellas.query import aboard
        mine = [b for b in st.blocks.values() if b.side == holder and b.location not in ("pool", "box")
                and not aboard(b) and not b.marks.get("revealed")]
        pair = next(((a, b) for a in mine for b in mine if a.location < b.location
                     and (a.marks["kind"], a.face) != (b.marks["kind"], b.face)
                     and a.marks["kind"] == b.marks["kind"]), None)
        if pair is None:
            return False
        pair[0].location, pair[1].location = pair[1].location, pair[0].location
        return True
    if game.system == "sekigahara":
        hand, deck = st.cards[holder].hand, st.cards[holder].deck
    else:
        from sim.amdt.control import hand_of
        hand, deck = st.hands[hand_of(st, holder)], st.deck
    other = next((i for i, c in enumerate(deck) if hand and c != hand[0]), None)
    if other is None:
        return False
    hand[0], deck[other] = deck[other], hand[0]
    return True


@pytest.mark.parametrize("name", [n for n in BUNDLED if n != "daimyo"])   # Daimyo's table is open
def test_a_view_does_not_change_when_another_sides_secrets_do(name):
    game = random_game(name, 4, cap=30)
    swapped = 0
    for viewer in game.sides():
        for holder in game.sides():
            if holder == viewer or (game.system == "amdt" and game.state.mode == 4):
                continue
            twin = system(name).game.replay(game.scenario, game.seed, list(game.actions))
            if not _hidden_swap(twin, holder):
                continue
            assert encode(twin.state) != encode(game.state)
            assert twin.view(viewer) == game.view(viewer), f"{viewer} sees {holder}'s secrets"
            assert twin.view(holder) != game.view(holder)     # the holder does see them
            swapped += 1
    assert swapped


def test_board_game_statistics_agree_with_the_final_state():
    """Sekigahara: VP are 2.2's score and destroyed blocks lie in the dead pile (8.7); Hellas:
    Prestige is one track seen from both sides (§16) and cities held are the controllers'."""
    seki = random_game("sekigahara", 5)
    stats = seki.stats()["sides"]
    for side in seki.sides():
        assert stats[side]["vp"] == seki.scores()[side]
        assert stats[side]["blocks_lost"] == sum(1 for b in seki.state.blocks.values()
                                                 if b.side == side and b.location == "dead")
    hellas = random_game("hellas", 5)
    stats = hellas.stats()["sides"]
    assert stats["athens"]["prestige"] == -stats["sparta"]["prestige"] == hellas.state.prestige
    held = [c["controller"] for c in hellas.view(None)["cities"].values()]
    assert [stats[s]["cities"] for s in hellas.sides()] == [held.count(s) for s in hellas.sides()]
