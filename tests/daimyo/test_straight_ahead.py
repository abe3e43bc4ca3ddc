"""Straight-move verdicts from first contacts (sim/daimyo/straight_ahead.py) against the rules'
own plan (4.3, 4.3.1, 4.3.2, 4.3.4, 4.4), on real positions of played games: wherever `Reach`
answers, the plan answers the same; and the menus' longest straight move is the same with it as
with a plan at every halving."""
import numpy as np
import pytest

from sim.core.errors import RuleError
from sim.core.scenario import read_toml
from sim.daimyo import actions as A
from sim.daimyo import movement, straight_ahead
from sim.daimyo.fuzz import EagerRandomPlayer
from sim.daimyo.game import DaimyoGame
from sim.daimyo.model import Unit


def _planned(st, u: Unit, d: float) -> bool:
    with movement.afresh(st):
        try:
            return not movement.plan(st, A.Move(u.side, u.id, d)).leaves_table
        except RuleError:
            return False


def _positions(path: str, seed: int, actions: int, every: int):
    game = DaimyoGame.new(read_toml(path), seed, weather=True, random_events=True)
    players = {s: EagerRandomPlayer(seed + i) for i, s in enumerate(game.sides())}
    for n in range(actions):
        if game.is_over():
            return
        side = game.to_act()
        if n % every == 0:
            yield game.state
        game.apply(players[side].choose(game, side))


@pytest.mark.parametrize("path,seed", [("scenarios/daimyo/training.toml", 3),
                                       ("benchmarks/reference.toml", 4)])
def test_4_3_verdicts_from_first_contacts_are_the_plans(path, seed):
    rng = np.random.default_rng(seed)
    answered = asked = 0
    for st in _positions(path, seed, 240, 12):
        for u in st.living():
            length = movement.straight_reach(st, u)
            if length <= 0.1:
                continue
            quick = straight_ahead.reach(st, u, length)
            for d in np.concatenate([rng.uniform(0, length, 4), [length, length / 2]]).tolist():
                asked += 1
                got = quick.verdict(st, u, d, movement.max_move(st, u))
                if got is not None:
                    answered += 1
                    assert got == _planned(st, u, d), (u.id, d)
    assert answered > asked / 3                  # it answers most questions itself


def test_4_3_longest_straight_move_is_the_one_plans_find():
    for st in _positions("scenarios/daimyo/training.toml", 6, 200, 20):
        for u in st.living():
            if movement.straight_reach(st, u) <= 0.1:
                continue
            fast = movement.max_straight(st, u)
            with movement.afresh(st):
                slow = movement.max_straight(st, u)          # every halving planned
            assert fast == slow
