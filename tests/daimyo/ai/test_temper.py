"""Issue 19: a clan that has stood at a bridge or ford on its way to the enemy (4.3.1: the river
impassable elsewhere) grows bolder turn by turn (scorer TEMPER, TEMPER_TURNS; docs/ai.md "A
temper that rises at a crossing"), and the fixed costs of the crossing's discipline grow with
its aggression. Hand-built tables; the turns are played by the real engine (every side ends
its activations and leader moves), nothing set by hand but the movement step (table_kit)."""
import math

import pytest

from sim.daimyo import actions as A
from sim.daimyo import movement
from sim.daimyo.ai import crossing_axis
from sim.daimyo.ai.scorer import TEMPER, TEMPER_TURNS, DaimyoScorer
from tests.daimyo.ai.test_queue_crossing import BRIDGE, END, RAW, RIVER
from tests.daimyo.table_kit import game, give_orders, scenario, unit

QUIET = ("EndActivations", "EndLeaderMoves", "EndMovement", "Hold")


def _game(*columns, terrain=(RIVER, BRIDGE)):
    return game(scenario([unit(uid, x, y, f, stands=5, files=1, **RAW) for uid, x, y, f in columns],
                         [unit("foe", 60, 100, 270, stands=2, files=2)],
                         terrain=list(terrain), width=120, height=120,
                         east_daimyo=(20.0, 20.0), west_daimyo=(60, 112)))


def _play_to(g, turn: int) -> None:
    """Both sides pass (no unit or leader moves) until `turn` begins: the engine's own turns."""
    while g.state.turn < turn:
        acts = g.legal_actions(g.state.to_move)
        quiet = [a for a in acts if type(a).__name__ in QUIET]
        g.apply(quiet[0] if quiet else acts[0])


def _temper_by_turn(g, scorer, turns):
    out = {}
    for t in turns:
        _play_to(g, t)
        scorer.prepare(give_orders(g), "east")
        u = g.state.units["first"]
        p = scorer._temper(u)     # over the side's personality as the clock runs (5.2)
        out[t] = (p.aggression / scorer.p.aggression, p.caution / scorer.p.caution, scorer._firm(u))
    return out


def test_4_3_1_5_2_a_clan_at_a_bridge_grows_bolder_turn_by_turn():
    """The column stands 4 cm short of the bridge on its way to the enemy beyond the river
    (turn 1): from then its clan's aggression rises and its caution falls each turn, to
    TEMPER after TEMPER_TURNS, and the crossing's fixed costs grow with the aggression."""
    g = _game(("first", 60.0, 50.0, 90.0))
    s = DaimyoScorer(planning=True)
    got = _temper_by_turn(g, s, [1, 3, 1 + TEMPER_TURNS, 3 + TEMPER_TURNS])
    assert s.plans["east-clan"].at_crossing == 1
    assert got[1] == (1.0, 1.0, 1.0)
    half = (1 + (TEMPER[0] - 1) / 2, 1 + (TEMPER[1] - 1) / 2)
    assert got[3][0] == pytest.approx(half[0]) and got[3][1] == pytest.approx(half[1])
    assert got[3][2] == pytest.approx(half[0])
    for t in (1 + TEMPER_TURNS, 3 + TEMPER_TURNS):
        assert got[t] == pytest.approx((TEMPER[0], TEMPER[1], TEMPER[0]))


def test_5_2_a_clan_with_no_crossing_on_its_way_keeps_its_temper():
    """The same column with no river between it and the enemy (training has none): no crossing
    on its way, the side's personality throughout."""
    g = _game(("first", 60.0, 50.0, 90.0), terrain=())
    s = DaimyoScorer(planning=True)
    got = _temper_by_turn(g, s, [1, 3 + TEMPER_TURNS])
    assert s.plans["east-clan"].at_crossing == 0
    assert set(got.values()) == {(1.0, 1.0, 1.0)}


def test_4_3_2_a_bold_clan_still_keeps_a_second_column_out_of_the_room_at_the_bridge():
    """At full temper (the approach's pull tripled) the second column, coming at the bridge's
    end from the side, is still kept out of QUEUE_CM about it: the queue's cost grew with the
    aggression (the lead's river-wide temper, with QUEUE fixed, put it 9.8 cm from the end)."""
    first, second = ("first", 60.0, 50.0, 90.0), ("second", 46.0, 42.0, 30.0)
    g = _game(first, second)
    s = DaimyoScorer(planning=True)
    got = _temper_by_turn(g, s, [1, 1 + TEMPER_TURNS])
    assert got[1 + TEMPER_TURNS] == pytest.approx((TEMPER[0], TEMPER[1], TEMPER[0]))
    assert list(s._queue) == ["second"] and s._queue["second"][0] == END
    orders = [a for a in g.legal_actions("east") if getattr(a, "unit", None) == "second"]
    best = max(orders, key=s.score)
    u = g.state.units["second"]
    x, y, f = movement.plan(g.state, best).path[-1] if not isinstance(best, A.Hold) else (u.x, u.y, u.facing)
    assert math.dist(crossing_axis.centre(u, x, y, f, u.files), END) >= crossing_axis.QUEUE_CM


def test_4_3_1_a_clan_receiving_at_a_ford_stands_at_it_too():
    """Receivers stand back from a crossing's end (scorer.receive_off), beyond a move and a
    charge of it: a clan receiving there has stood at it all the same (clan_plan
    `at_crossing`), and grows bolder from that turn."""
    from tests.daimyo.ai.test_clan_plan import ARQ, SAM, step, table
    from tests.daimyo.ai.test_receive import FORD, RIVER as FORD_RIVER
    g = table([unit("sam", 155, 25, 90, stands=4, files=1, **SAM)],
              [unit("arq", 155, 70, 270, stands=4, files=1, **ARQ)], terrain=[FORD_RIVER, FORD])
    sam = g.state.units["sam"]
    assert 56 - 25 - sam.depth / 2 > sam.move_row.normal + sam.move_row.charge
    p = step(g)
    assert (p.state, p.crossing, p.at_crossing) == ("receive", "ford", g.state.turn)
