"""A scenario prepared once for a batch's games (`DaimyoGame.maker`, sim/daimyo/prepared.py):
its games share the terrain's triangles read-only (4.3, 4.3.1: movement's terrain prices) and
play exactly as games started alone; a save of one loads and replays alone."""
from collections import ChainMap
from types import MappingProxyType

import pytest

from sim.batch.spec import spec_from_file
from sim.batch.worker import play_chunk, play_game
from sim.core.players import play_out
from sim.core.save import from_document, state_digest, to_document
from sim.core.scenario import read_toml
from sim.daimyo.fuzz import EagerRandomPlayer
from sim.daimyo.game import DaimyoGame

TRAINING = "scenarios/daimyo/training.toml"


def _play(game, seed: int, actions: int = 250):
    return play_out(game, {s: EagerRandomPlayer(seed * 10 + i) for i, s in enumerate(game.sides())}, actions)


def test_4_3_games_of_one_prepared_scenario_share_its_triangles_read_only():
    maker = DaimyoGame.maker(read_toml(TRAINING), max_turns=3)
    a, b = maker(1), maker(2)
    memos = [g.state.geometry_cache["triangles"] for g in (a, b)]
    assert all(isinstance(m, ChainMap) and m.maps[1] is maker.triangles for m in memos)
    assert memos[0].maps[0] is not memos[1].maps[0]          # each game's own cuts stay its own
    assert isinstance(maker.triangles, MappingProxyType) and len(maker.triangles)
    assert not any(t.flags.writeable for t in maker.triangles.values())
    with pytest.raises(AttributeError):
        maker.triangles = {}                                  # frozen: nothing to swap under a game


@pytest.mark.parametrize("seed", [1, 2])
def test_4_3_a_prepared_game_plays_as_a_game_started_alone(seed):
    data = read_toml(TRAINING)
    maker = DaimyoGame.maker(data, max_turns=3)
    _play(maker(seed + 7), seed + 7)                          # another game of it first
    shared, alone = _play(maker(seed), seed), _play(DaimyoGame.new(data, seed, max_turns=3), seed)
    assert shared.actions == alone.actions and shared.events == alone.events
    assert state_digest(shared) == state_digest(alone)
    assert shared.state.geometry_cache["triangles"].maps[0] == {}   # the scenario's cuts were all it asked


def test_4_3_a_prepared_games_save_loads_and_replays_alone():
    game = _play(DaimyoGame.maker(read_toml(TRAINING), max_turns=3)(3), 3, 150)
    loaded = from_document(to_document(game))
    assert not isinstance(loaded.state.geometry_cache.get("triangles", {}), ChainMap)
    assert state_digest(loaded) == state_digest(game)
    again = _play(loaded, 4, 60)
    alone = _play(from_document(to_document(game)), 4, 60)
    assert again.events == alone.events and state_digest(again) == state_digest(alone)


def test_4_3_a_batch_chunk_plays_each_game_as_when_played_alone():
    spec = spec_from_file(TRAINING, seed=5, lineup=("random",), options={"turn_limit": 2})
    chunk = play_chunk(spec, 0, 3)                  # one prepared scenario for the three
    assert chunk == [play_game(spec, i) for i in range(3)]     # each started by Game.new
    assert all(s.error is None and s.digest for s in chunk)
