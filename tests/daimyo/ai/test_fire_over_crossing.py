"""Issue 19 (fordfire): fire over a river breaks the stand-off at a crossing. A clan receiving
at a ford goes over once the enemy at its far end is worn down (clan_plan._far_end_weakened),
and a foot shooter of a receiving clan makes for a spot on its own bank from which it shoots
over the water out of every charge's reach (ai/banks.py). Hand-built tables, the real engine."""
from sim.daimyo.ai import banks
from sim.daimyo.ai.scorer import DaimyoScorer
from sim.daimyo.geometry import footprint
from tests.daimyo.ai.test_clan_plan import ARQ, SAM, step, table
from tests.daimyo.table_kit import give_orders, unit

RIVER = {"id": "river", "kind": "river", "points": [[0, 58], [200, 58], [200, 64], [0, 64]]}
FORD = {"id": "ford", "kind": "ford", "points": [[150, 56], [160, 56], [160, 66], [150, 66]]}


def _table(west_y: float = 70, stands: int = 4, east=()):
    """East samurai in a column 16 cm north of the ford, west arquebusiers in a column `west_y`
    (4 cm south of the ford at 70): the west is nearer, so the east receives (4.3.1)."""
    return table([unit("sam", 155, 40, 90, stands=4, files=1, **SAM), *east],
                 [unit("arq", 155, west_y, 270, stands=stands, files=1, **ARQ)], terrain=[RIVER, FORD])


def test_4_3_1_receive_while_the_far_end_is_whole():
    assert step(_table()).state == "receive"


def test_4_2_1_go_over_when_the_far_end_is_disordered_off_the_crossing():
    """The arquebusiers at the ford's far end are disordered (as after a shot with a hit, which
    also keeps them from reforming, 4.2.2): they may not charge what comes over (4.2.1), so the
    samurai do not wait for them."""
    g = _table()
    g.state.units["arq"].disordered = True
    assert step(g).state != "receive"


def test_4_3_1_a_disordered_enemy_wading_the_ford_still_holds_it():
    """Disordered in the ford itself (4.3.1) it is coming over: the samurai receive it."""
    g = _table(west_y=65)
    g.state.units["arq"].disordered = True
    assert step(g).state == "receive"


def test_4_5_5_go_over_when_the_far_end_is_down_to_half():
    g = _table()
    g.state.units["arq"].stands = 2                 # 2 of its 4 stands shot away (4.5.5)
    assert step(g).state != "receive"


def test_4_5_5_go_over_when_the_far_end_lost_two_stands_more_than_the_clan():
    """Six stands down to four (not half): two lost against none of the samurai's."""
    g = _table(stands=6)
    g.state.units["arq"].stands = 4
    assert step(g).state != "receive"
    g = _table(stands=6)
    g.state.units["arq"].stands = 5                 # one stand more lost: still receive
    assert step(g).state == "receive"


def test_4_5_1_a_receiving_clans_shooter_makes_for_its_bank_out_of_reach():
    """The samurai's clan receives at the ford; its arquebusiers (line, 20 cm south of the
    river's north bank at x 117-133) take a spot on their bank from which the west column
    at the ford's far end is in range (4.5.1), off the ford and out of every charge (4.3.1:
    the river is impassable but at the ford, 4.4)."""
    g = give_orders(_table(east=[unit("shot", 125, 38, 90, stands=4, files=4, **ARQ)]))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    st = g.state
    assert s.plans["east-clan"].state == "receive"
    spot = s._spot(st.units["shot"])
    assert spot is not None and spot[1] < 58
    river = banks.rivers(st)
    shooter = footprint(st.units["shot"], x=spot[0], y=spot[1], facing=90.0)
    assert not shooter.intersects(river)
    assert shooter.distance(footprint(st.units["arq"])) <= 15.0
