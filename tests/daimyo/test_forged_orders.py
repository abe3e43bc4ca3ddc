"""Orders with impossible numbers or out of their step are RuleErrors naming the rule, never
an OverflowError, a GEOS error or an UnboundLocalError (issue 23); the game is untouched."""
import math

import pytest

from sim.core.codec import encode
from sim.core.errors import RuleError
from sim.core.players import RandomPlayer
from sim.daimyo import actions as A
from tests.core.real_games import played


def _orders_step():
    """A training game at a point where some unit may move (4.3)."""
    game, rng = played("daimyo", actions=0), RandomPlayer(1)
    for _ in range(400):
        moves = [a for a in game.legal_actions(game.to_act()) if isinstance(a, A.Move)]
        if moves:
            return game, moves[0]
        game.apply(rng.choose(game, game.to_act()))
    pytest.fail("no Move offered in 400 actions")


@pytest.mark.parametrize("forge", [
    lambda m: A.Move(m.side, m.unit, math.inf),
    lambda m: A.Move(m.side, m.unit, -math.inf),
    lambda m: A.Move(m.side, m.unit, math.nan),
    lambda m: A.Move(m.side, m.unit, 1e300),
    lambda m: A.Reform(m.side, m.unit, 2, math.nan),
    lambda m: A.Reform(m.side, m.unit, 10**9, 0.0),
    lambda m: A.Wheel(m.side, m.unit, math.inf),
    lambda m: A.FallBack(m.side, m.unit, math.nan),
])
def test_a_move_with_no_real_measure_is_refused_under_4_3(forge):
    game, move = _orders_step()
    before = encode(game.state)
    with pytest.raises(RuleError, match=r"\[daimyo 4\.3\] .*not a measure on the table"):
        game.apply(forge(move))
    assert encode(game.state) == before


def test_1_7_mount_up_outside_the_orders_step_is_a_rule_error():
    game = played("daimyo", actions=0)
    assert game.state.phase != "orders"
    before = encode(game.state)
    with pytest.raises(RuleError, match=r"\[daimyo 1\.7\] mount up during the General's activation"):
        game.apply(A.MountUp(game.to_act()))
    assert encode(game.state) == before
