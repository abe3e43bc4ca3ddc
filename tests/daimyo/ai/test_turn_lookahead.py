"""Issue 19: a unit turned one way at one activation and back at the next (training duel game 0,
the honda-yari). A turn or wheel is valued with the move straight ahead it opens (LOOKAHEAD);
the pose the unit holds was valued without the move it already opens, so a turn toward any
better move beat standing - and so did the turn back (4.3, 4.3.5.2)."""
from sim.daimyo import actions as A
from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.combat_helpers import east_first_next_turn
from tests.daimyo.table_kit import game, give_orders, scenario, unit


def test_4_3_5_2_a_turn_and_its_undoing_do_not_both_beat_standing():
    """e1 faces up the table, the enemy well ahead and off to its left: turning toward the
    side and turning back at its next activation are not both worth more than standing."""
    g = give_orders(game(scenario([unit("e1", 60, 30)], [unit("w1", 140, 100, facing=270)])))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    there = s.score(A.Turn("east", "e1", -90))
    g.apply(A.Turn("east", "e1", -90))
    east_first_next_turn(g, "east-clan", end_movement=False)   # its next activation: the backtrack memory is gone
    assert g.state.turn == 2 and g.state.units["e1"].facing == 0
    s.prepare(g, "east")
    back = s.score(A.Turn("east", "e1", 90))
    assert not (there > 0 and back > 0), (there, back)
