"""Issue 19: a stand-off at a crossing (clan_plan `_goes_over`; docs/ai.md "A temper that rises
at a crossing"): a clan receiving at a ford (4.3.1) whose enemy stands off it for
STANDOFF_TURNS goes over when the fight there favours its side (4.6.5, 5.2), and keeps
receiving when it does not. Hand-built tables; the turns are played by the real engine (both
sides pass), the plan stepped from its last one as the Commander steps it."""
from sim.daimyo.ai import clan_plan
from sim.daimyo.ai.clan_plan import STANDOFF_TURNS
from sim.daimyo.ai.matchups import Matchups
from sim.daimyo.ai.planner import plan_army
from sim.daimyo.ai.routes import RouteBook
from tests.daimyo.ai.test_clan_plan import ARQ, SAM, table
from tests.daimyo.ai.test_receive import FORD, RIVER
from tests.daimyo.ai.test_temper import _play_to
from tests.daimyo.table_kit import unit


def _plans_by_turn(east: dict, west: dict, last: int) -> dict:
    """East's clan plan each turn from 1 to `last`, stepped from the one before."""
    g = table([unit("e", 155, 40, 90, stands=4, files=1, **east)],
              [unit("w", 155, 70, 270, stands=4, files=1, **west)], terrain=[RIVER, FORD])
    routes, prev, out = RouteBook(), None, {}
    for t in range(1, last + 1):
        _play_to(g, t)
        st = g.state
        mu = Matchups(st, "east")
        prev = out[t] = clan_plan.step(prev, st, "east", "east-clan", plan_army(st, "east", mu), mu, routes)
    return out


def test_4_3_1_4_6_5_a_clan_that_wins_the_fight_at_the_ford_goes_over_a_stand_off():
    """East samurai 16 cm from the ford, the west's arquebusiers 4 cm beyond it and standing
    there: east receives (the enemy is nearer, 4.3.1), watches STANDOFF_TURNS turns, and then,
    winning the fight there (samurai against arquebusiers, 4.6.5), goes over."""
    plans = _plans_by_turn(SAM, ARQ, 2 + STANDOFF_TURNS)
    assert plans[1].state == "receive" and plans[1].watch[0] == "ford"
    assert all(plans[t].state == "receive" and not plans[t].going for t in range(1, 1 + STANDOFF_TURNS))
    last = plans[1 + STANDOFF_TURNS]
    assert last.going == "ford" and last.state != "receive"
    assert plans[2 + STANDOFF_TURNS].going == "ford"


def test_4_3_1_4_6_5_a_clan_that_loses_the_fight_at_the_ford_keeps_receiving():
    """The same stand-off with the arms swapped: the east's arquebusiers lose to the samurai
    beyond the ford, so they keep receiving (the samurai's side is the one to come over)."""
    plans = _plans_by_turn(ARQ, SAM, 2 + STANDOFF_TURNS)
    assert all(p.state == "receive" and not p.going for p in plans.values())
