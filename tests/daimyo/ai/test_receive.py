"""Issue 19: a clan whose way runs over a bridge or ford the enemy reaches first lines up on
its own bank and receives what comes over (clan_plan: receive), so that two columns do not
meet head on where one stand a side fights (4.3.1, 4.3.5.4, 4.6.1). Hand-built tables, the
real engine; the plan reads only the table."""
from sim.daimyo import actions as A
from sim.daimyo.ai import line_up
from sim.daimyo.ai.clan_plan import ClanPlan
from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.ai.test_clan_plan import ARQ, SAM, step, table
from tests.daimyo.table_kit import give_orders, unit

RIVER = {"id": "river", "kind": "river", "points": [[0, 58], [200, 58], [200, 64], [0, 64]]}
FORD = {"id": "ford", "kind": "ford", "points": [[150, 56], [160, 56], [160, 66], [150, 66]]}


def _table(east_y: float, west_y: float):
    """East samurai in a column south of the ford, west arquebusiers in a column north of it."""
    return table([unit("sam", 155, east_y, 90, stands=4, files=1, **SAM)],
                 [unit("arq", 155, west_y, 270, stands=4, files=1, **ARQ)], terrain=[RIVER, FORD])


def test_4_3_1_a_clan_receives_at_a_ford_the_enemy_is_nearer():
    """The arquebusiers stand 4 cm from the ford, the samurai 16 cm: the samurai's way to them
    runs over the ford (the river is impassable elsewhere, 4.3.1), so they line up on their
    own bank by the ford instead of walking into the column coming over."""
    p = step(_table(40, 70))
    assert (p.state, p.crossing, p.target) == ("receive", "ford", "arq")
    assert 150 <= p.objective[0] <= 160 and p.objective[1] == 56.0


def test_4_3_1_the_side_nearer_the_crossing_goes_over():
    """The samurai 4 cm from the ford, the arquebusiers 16 cm: no receiving, the samurai march
    on (the same rule seen from the other side receives)."""
    p = step(_table(52, 82))
    assert p.state != "receive" and p.crossing == ""


def test_4_3_1_a_tie_at_the_crossing_goes_to_the_side_named_first():
    """Both 6 cm from the ford: east (named first) goes over; west would receive."""
    p = step(_table(50, 72))
    assert p.state != "receive"


def test_4_3_1_a_receiving_clan_goes_over_once_its_side_is_nearer():
    """Receiving last time does not hold the clan back: with the samurai 3 cm from the ford and
    the arquebusiers 5 cm, the samurai go over (both sides decide from the same table, so one
    of them always does)."""
    g = _table(53, 71)
    was = ClanPlan("east-clan", "attack", "receive", (155.0, 56.0), "arq", "", g.state.turn - 1, "ford")
    assert step(g, was).state != "receive"


def test_4_4_receive_ends_when_the_enemy_is_over_the_ford():
    """The arquebusiers have come over (on the samurai's bank, in reach): the way to them no
    longer crosses the river, and the samurai, who beat them, charge (engage)."""
    g = _table(40, 50)
    was = ClanPlan("east-clan", "attack", "receive", (155.0, 56.0), "arq", "", g.state.turn - 1, "ford")
    p = step(g, was)
    assert (p.state, p.target) == ("engage", "arq")


def test_4_3_5_4_a_receiving_column_reforms_into_a_line_facing_the_crossing():
    """1.5, 4.3.5.4: the receiving column is offered the reform into a line two ranks deep
    facing the ford's end on its bank, and the rules accept it."""
    g = give_orders(_table(40, 70))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert s.plans["east-clan"].state == "receive"
    got = line_up.crossing(s, g.state, g.state.units["sam"])
    assert len(got) == 1 and isinstance(got[0], A.Reform) and got[0].files == 2
    assert abs(got[0].facing - 90) < 1e-6


def test_4_4_receivers_stand_back_a_charge_and_a_column_from_the_ford():
    """scorer.receive_off: the receiving samurai (charge 12 cm) stand off the ford's end on their
    bank by the longer charge of the two (the arquebusiers' 15 cm, 4.4), 2 cm and the length of
    the arquebusiers' column (4 stands 1.5 cm deep, 1.5): 23 cm - room for the column to come
    off the ford out of the samurai's reach, and not the 17 cm that left it stepping off into
    their charge. The pose 23 cm from the ford (y 56) is worth more than the one 17 cm off."""
    from sim.daimyo.ai.scorer import receive_off
    g = give_orders(_table(40, 70))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    st = g.state
    sam, arq = st.units["sam"], st.units["arq"]
    assert s.plans["east-clan"].state == "receive"
    assert receive_off(sam, arq) == 15 + 2 + 4 * 1.5
    assert s._value(sam, 155.0, 56.0 - 23.0, 90.0, 1) > s._value(sam, 155.0, 56.0 - 17.0, 90.0, 1)
