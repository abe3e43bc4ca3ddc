"""Hard plans a blocked straight move in full as soon as it comes up (ai/shortlist.py `_whole`):
the longest legal move and its half (4.3, menus.straight_moves), with no halving probes
between; normal still estimates the range max_straight's first halvings leave. Hand-built
table, the real engine."""
from sim.ai.scored import Option
from sim.daimyo import actions as A
from sim.daimyo.ai import shortlist
from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.table_kit import game, give_orders, scenario, unit


def _resolved(exact: bool):
    """e1 faces the table's edge 9 cm away with 11 cm to move: the whole move would leave the
    table (4.3.4), so max_straight stops it short."""
    g = give_orders(game(scenario([unit("e1", 100, 9, facing=270)], [unit("w1", 100, 105, facing=270)])))
    s = DaimyoScorer(planning=True, exact=exact)
    opts = shortlist.options(s, g, "east")
    menu = g.orders_menu("east", planned=False)
    (move,) = [o for a, o in zip(menu, opts) if isinstance(a, A.Move) and a.unit == "e1"]
    return move.resolve()


def test_4_3_4_hard_plans_a_straight_move_stopped_at_the_table_edge_at_once():
    got = _resolved(exact=True)
    assert [a for a, _ in got] == [A.Move("east", "e1", 9.0), A.Move("east", "e1", 4.5)]


def test_4_3_4_normal_probes_a_straight_move_stopped_at_the_table_edge_first():
    assert isinstance(_resolved(exact=False), Option)
