"""Issue 19: which bridge or ford a clan makes for (crossing_feed.py; docs/ai.md "Both
crossings"). A river is crossed only at its bridges and fords (4.3.1); a clan standing off at one
crossing goes where its side holds a bridgehead, and clans spread over the crossings by load.
Hand-built tables, the real engine."""
import copy

from sim.daimyo.ai import crossing_feed
from sim.daimyo.ai.commander import Commander
from sim.daimyo.ai.matchups import Matchups
from sim.daimyo.ai.planner import plan_army
from sim.daimyo.ai.routes import RouteBook
from sim.daimyo.game import DaimyoGame
from tests.daimyo.table_kit import scenario, unit

RIVER = {"id": "river", "kind": "river", "points": [[0, 56], [200, 56], [200, 62], [0, 62]]}
BRIDGE = {"id": "bridge", "kind": "bridge", "points": [[40, 54], [50, 54], [50, 64], [40, 64]]}
FORD = {"id": "ford", "kind": "ford", "points": [[100, 54], [115, 54], [115, 64], [100, 64]]}
SAM = dict(troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy")


def _clan(cid, units, at):
    return {"id": cid, "name": cid, "daimyo": {"name": f"{cid} daimyo", "rating": 2, "x": at[0], "y": at[1]},
            "units": units}


def _game(clans, west, turns=20) -> DaimyoGame:
    """East (south bank, y < 56) in the given clans, west beyond the river (4.3.1)."""
    sc = scenario([], west, terrain=[RIVER, BRIDGE, FORD], east_army={"clans": clans}, west_daimyo=(195, 115))
    return DaimyoGame.new(copy.deepcopy(sc), 0, max_turns=turns)


def _stand_off(over_the_bridge=True, turns=20):
    """Clan a stands at the ford (its centre within NEAR_CM, none over) facing a west unit on the
    far bank by the ford; clan b's unit is over the bridge (or home on the south bank)."""
    b = (45, 72, 90) if over_the_bridge else (45, 30, 90)
    clans = [_clan("east-a", [unit("a1", 104, 42, 90, **SAM), unit("a2", 112, 40, 90, **SAM)], (108, 30)),
             _clan("east-b", [unit("b1", *b, **SAM)], (45, 20))]
    return _game(clans, [unit("w1", 107, 80, 270, **SAM), unit("w2", 45, 105, 270, **SAM)], turns)


def _feed_turns(g, first, last):
    st = g.state
    feeder, book = crossing_feed.Feeder(feed=True, spread=False), RouteBook()
    for turn in range(first, last + 1):
        st.turn = turn
        feeder.turn(st, "east", {}, plan_army(st, "east", Matchups(st, "east")), book)
    return feeder


def test_4_3_1_a_clan_standing_off_at_the_ford_feeds_the_bridge_where_its_side_is_over():
    """After FEED_AFTER turns standing off at the ford the clan is sent to the bridge (its side's
    unit over the river there, 4.3.1), and its plan becomes the walk along its own bank to the
    bridge's end: `receive` at the bridge."""
    g = _stand_off()
    feeder = _feed_turns(g, 2, 2 + crossing_feed.FEED_AFTER - 1)
    assert "east-a" not in feeder.going
    feeder = _feed_turns(g, 2, 2 + crossing_feed.FEED_AFTER)
    assert feeder.going["east-a"][0] == "bridge" and "east-b" not in feeder.going
    st = g.state
    c = Commander()
    c.feeder = feeder
    c.update(st, "east")
    p = c.clans["east-a"]
    assert (p.state, p.crossing) == ("receive", "bridge") and p.why.startswith("feed")
    assert p.objective[0] <= 50 and p.objective[1] <= 56


def test_4_3_1_no_bridgehead_no_feed():
    """With no unit of its side over the river at the bridge the clan stays at the ford."""
    feeder = _feed_turns(_stand_off(over_the_bridge=False), 2, 2 + crossing_feed.FEED_AFTER + 2)
    assert feeder.going == {}


def test_5_2_no_feed_that_cannot_arrive_before_the_turn_limit():
    """A walk of about 60 cm at 8 cm a move cannot reach the bridge with ARRIVE_TURNS to spare on
    turn 18 of 20 (5.2: the battle ends at the limit)."""
    feeder = _feed_turns(_stand_off(), 15, 15 + crossing_feed.FEED_AFTER)
    assert feeder.going == {}


def test_4_3_1_clans_spread_over_the_crossings_by_load():
    """Three clans, the furthest back (east-c0) the reserve; two march on an enemy beyond the
    bridge: the one about as near the ford as the bridge (east-c2) goes to the ford, the one
    west of it keeps the bridge."""
    clans = [_clan("east-c0", [unit("c0", 15, 20, 90, **SAM)], (15, 10)),
             _clan("east-c1", [unit("c1", 40, 20, 90, **SAM)], (40, 10)),
             _clan("east-c2", [unit("c2", 75, 30, 90, **SAM)], (75, 10))]
    g = _game(clans, [unit("w1", 45, 95, 270, **SAM)])
    st = g.state
    c = Commander()
    c.feeder = crossing_feed.Feeder(feed=False, spread=True)
    st.turn = 1
    c.update(st, "east")
    assert all(p.state == "approach" for p in c.clans.values())
    st.turn = 2
    c.update(st, "east")
    assert list(c.feeder.going) == ["east-c2"] and c.feeder.going["east-c2"][0] == "ford"
    p = c.clans["east-c2"]
    assert (p.state, p.crossing) == ("receive", "ford") and p.why.startswith("spread")
    assert c.clans["east-c0"].state == "approach" and c.clans["east-c1"].state == "approach"
