"""What the Daimyo scorer plays for (issue 5 item 1): the clock of a timed battle (5.2), the
scenario's own way to win at once (ruling D-85), and the approach counted in moves with the
reform turn a crossing will cost (4.3.1, 4.2.2)."""
import pytest

from sim.daimyo.ai.scorer import MOVE_WORTH, URGENCY, DaimyoScorer
from sim.ai.scored import Personality
from sim.daimyo import actions as A
from sim.daimyo.combat import Charge
from sim.daimyo.geometry import footprint
from tests.daimyo.table_kit import game, give_orders, scenario, unit

STREAM = {"id": "stream", "kind": "stream", "points": [[0, 44], [200, 44], [200, 48], [0, 48]]}
HQ_WIN = {"winner": "east", "when": "unit_lost", "target": "hq-west"}
SEATED = {"name": "west general", "rating": 3, "seated": True, "x": 170, "y": 110}


def prepared(sc, turn=1, side="east", personality=Personality()):
    g = give_orders(game(sc))
    g.state.turn = turn
    s = DaimyoScorer(personality)
    s.prepare(g, side)
    return g, s


def timed(sc, victory=()):
    sc = dict(sc, options={"max_turns": 10}, victory=list(victory))
    return sc


def test_5_2_the_clock_presses_a_side_that_does_not_win_at_the_turn_limit():
    """A draw at the limit is no win: aggression grows from 1x on turn 1 to URGENCY x on the
    last turn, caution falls to half; in between it grows linearly."""
    sc = timed(scenario([unit("spear", 100, 40, 90)], [unit("foe", 100, 80, 270)]))
    base = Personality(aggression=1.2, caution=0.8)
    assert prepared(sc, 1, personality=base)[1].p == base
    last = prepared(sc, 10, personality=base)[1].p
    assert last.aggression == pytest.approx(1.2 * URGENCY) and last.caution == pytest.approx(0.4)
    mid = prepared(sc, 4, personality=base)[1].p              # a third of the way
    assert mid.aggression == pytest.approx(1.2 * (1 + (URGENCY - 1) / 3))


def test_5_2_a_side_that_wins_at_the_turn_limit_keeps_its_personality():
    """Ruling D-85: with a turn_end condition for its side it need not attack; the enemy must."""
    sc = timed(scenario([unit("spear", 100, 40, 90)], [unit("foe", 100, 80, 270)]),
               [{"winner": "east", "when": "turn_end", "turn": 10}])
    assert prepared(sc, 10)[1].p == Personality()
    assert prepared(sc, 10, side="west")[1].p.aggression == pytest.approx(URGENCY)


def test_4_6_5_a_pressed_side_takes_longer_odds():
    """The losing charge of test_4_6_5_charge_at_losing_odds_scores_below_holding: caution weighs
    its loss, so on turn 5 of 10 of a battle the clock does not favour it scores as far below a
    hold as on the first times the caution left (1 - 0.5 x 4/9), and still below it. (From the
    battle's second half the plan-less scorer's charges also gain edge, test_easy.py.)"""
    elite = dict(troop="samurai", quality="elite", weapons=["pole_arm"], armour="heavy")
    sc = timed(scenario([unit("spear", 100, 40, 90, stands=2, files=2, quality="raw")],
                        [unit("sam", 100, 48, 270, **elite)]))
    charge = Charge("east", "spear", "sam")
    first = prepared(sc, 1)[1].score(charge)
    mid = prepared(sc, 5)[1].score(charge)
    assert first < mid < 0.0
    assert mid + 0.2 == pytest.approx((first + 0.2) * (1 - 0.5 * 4 / 9))


def test_4_3_1_wading_in_is_progress_not_a_sudden_loss():
    """The way to the enemy crosses a stream, so the reform turn it will cost (4.3.1 disorders,
    4.2.2 reforms) is counted on the bank already; a few cm into the water, disordered, the
    unit is closer by the ground it crossed and no worse for the disorder. No enemy can
    charge it there."""
    g, s = prepared(scenario([unit("spear", 100, 40, 90)], [unit("foe", 100, 100, 270)],
                             terrain=[STREAM], east_daimyo=(100, 36)))
    u = g.state.units["spear"]
    dist, wades = s.ground.approach(u, footprint(u), s.enemy_shapes["foe"])
    assert wades and dist > 100 - 40 - 3 - 3               # straight gap plus the stream's extra
    bank = s._value(u, 100, 43, 90, 4)
    wading = s._value(u, 100, 46, 90, 4, disordered=True)
    assert wading > bank
    across = s._value(u, 100, 52, 90, 4, disordered=True)
    assert across > wading


def test_4_3_1_the_approach_is_counted_in_moves_of_the_unit():
    """Cavalry (normal move 18 cm) are fewer moves from the enemy than foot (11 cm) at the same
    distance: the approach term is MOVE_WORTH per normal move."""
    from tests.daimyo.table_kit import CAV
    g, s = prepared(scenario([unit("spear", 60, 20, 90), unit("horse", 140, 20, 90, **CAV)],
                             [unit("foe", 60, 100, 270), unit("foe2", 140, 100, 270)]))
    st = g.state
    for uid, far in (("spear", 70.0), ("horse", 70.0)):
        u = st.units[uid]
        near, further = s._value(u, u.x, 30, 90, 4), s._value(u, u.x, 20, 90, 4)
        assert near - further == pytest.approx(MOVE_WORTH * 10 / u.move_row.normal, abs=1e-6)


def test_d85_a_scenario_objective_draws_the_fighting_units():
    """Two enemy units as far off, one the HQ whose loss wins the battle for east (ruling
    D-85): moving towards it scores better than moving the same distance towards the other."""
    west_army = {"hq": {"x": 160, "y": 100, "facing": 270}, "general": SEATED}
    sc = scenario([unit("spear", 100, 40, 90)], [unit("foe", 40, 100, 270)], west_army=west_army)
    sc["victory"] = [HQ_WIN]
    g, s = prepared(sc)
    assert set(s.objectives) == {"hq-west"}
    u = g.state.units["spear"]
    assert s._value(u, 108, 48, 90, 4) > s._value(u, 92, 48, 90, 4)
    plain = prepared(scenario([unit("spear", 100, 40, 90)], [unit("foe", 40, 100, 270)],
                              west_army=west_army))[1]
    assert plain.objectives == {}
    assert plain._value(u, 108, 48, 90, 4) < plain._value(u, 92, 48, 90, 4)


def test_d85_charging_the_objective_is_worth_more_than_its_points():
    """5.2 counts the HQ 3 points; as the scenario's win at once its charge is worth more."""
    west_army = {"hq": {"x": 100, "y": 52, "facing": 270}, "general": SEATED}
    sc = scenario([unit("spear", 100, 40, 90)], [unit("foe", 20, 100, 270)], west_army=west_army)
    charge = Charge("east", "spear", "hq-west")
    g, plain = prepared(sc)
    sc["victory"] = [HQ_WIN]
    aimed = prepared(sc)[1]
    assert charge in g.legal_actions("east")
    assert aimed.score(charge) > plain.score(charge) > plain.score(A.Hold("east", "spear"))


def test_d41_a_unit_touching_the_stream_counts_the_reform_its_next_move_costs():
    """Ruling D-41: any move while touching difficult ground disorders, so a unit that reformed
    at the water's edge already owes the reform turn; stepping out onto the far bank,
    disordered, is progress by the ground crossed and costs no further turn."""
    g, s = prepared(scenario([unit("spear", 100, 47, 90)], [unit("foe", 100, 100, 270)],
                             terrain=[STREAM], east_daimyo=(100, 40)))
    u = g.state.units["spear"]
    assert "difficult" in s.ground.effects(u, footprint(u))
    edge = s._value(u, 100, 47, 90, 4)
    out = s._value(u, 100, 52, 90, 4, disordered=True)
    (d_edge, _), (d_out, _) = (s.ground.approach(u, footprint(u, x=100, y=y, facing=90), s.enemy_shapes["foe"])
                               for y in (47, 52))
    assert d_edge - d_out == pytest.approx(5 + 1)           # the last cm of water counts double
    # the ground gained, and the 0.1 for standing in the stream; no reform turn either way
    assert out - edge == pytest.approx(MOVE_WORTH * 6 / u.move_row.normal + 0.1, abs=1e-6)
