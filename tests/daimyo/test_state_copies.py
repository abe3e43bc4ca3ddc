"""A replay's timeline (render --event N, the replay window) deep-copies the state after every
action. A copy holds the game, not what the game works out from it: the derived cache (table
arrays, terrain views, the plan memo with its refused plans) starts empty, as each unit's shapes
do (model.Derived). Copying the cache doubled the timeline's time and memory, and its kept
RuleErrors could not be copied at all (a TypeError on a reference game's save at event 1302)."""
from __future__ import annotations

import copy

from sim.core.errors import RuleError
from sim.core.players import play_out
from sim.core.scenario import open_game
from sim.daimyo import make_player, plan_memo


def _refusals(st) -> list:
    return [r for _, kept in plan_memo.memo(st).units.values() for r, _box in kept.values()
            if isinstance(r, RuleError)]


def test_a_state_deep_copies_without_its_derived_cache_4_3_1():
    game = open_game("training", seed=1)
    players = {side: make_player(side, "normal", seed=k) for k, side in enumerate(game.sides())}
    play_out(game, players, max_actions=20)
    kept = _refusals(game.state)
    assert kept, "the game should keep a refused plan here (4.3.1: a move beyond what is left)"
    twin = copy.deepcopy(game.state)
    assert len(twin.geometry_cache) == 0 and len(game.state.geometry_cache) > 0
    assert twin == game.state                      # every field of the game itself
    assert _refusals(game.state) == kept           # the original keeps its memo
    assert not _refusals(twin)                     # the copy works its plans out afresh
