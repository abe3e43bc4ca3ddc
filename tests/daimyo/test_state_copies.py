"""A game's state deep-copies with the refusals its plan memo keeps: a replay's timeline
(render --event N, the replay window) snapshots the state after every action. It failed with a
TypeError from RuleError's copy on a reference game's save at event 1302."""
from __future__ import annotations

import copy

from sim.core.errors import RuleError
from sim.core.players import play_out
from sim.core.scenario import open_game
from sim.daimyo import make_player, plan_memo


def _refusals(st) -> list:
    return [r for _, kept in plan_memo.memo(st).units.values() for r, _box in kept.values()
            if isinstance(r, RuleError)]


def test_state_with_a_kept_refusal_deep_copies_4_3_1():
    game = open_game("training", seed=1)
    players = {side: make_player(side, "normal", seed=k) for k, side in enumerate(game.sides())}
    play_out(game, players, max_actions=20)
    kept = _refusals(game.state)
    assert kept, "the game should keep a refused plan here (4.3.1: a move beyond what is left)"
    twin = copy.deepcopy(game.state)
    again = _refusals(twin)
    assert [str(r) for r in again] == [str(r) for r in kept]
    assert [(r.rule, r.system) for r in again] == [(r.rule, r.system) for r in kept]
