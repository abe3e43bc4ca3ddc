"""Daimyo 4.2.2.1 rally from rout, 4.2.2.2 rally from frenzy, 4.1 step 1 rally decisions,
5.2 victory points, 4.4 duels and 4.6.4 challenges. Dice are forced."""
import pytest

from sim.daimyo import combat
from sim.daimyo.combat import AnswerChallenge, Challenge, Rally, rout
from sim.daimyo.combat.victory import points, scores, tally, victory
from sim.daimyo.model import Troop

from .combat_helpers import activate, kinds, new_game, scenario, step, unit


def lone(**kw):
    sc = scenario([unit("u", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 90, **kw),
                   unit("v", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 20, 40, 90)],
                  [unit("far", "ashigaru", "raw", ["long_spear"], "light", 2, 2, 10, 85, 270)],
                  east_daimyo=(60, 36), east_general=(110, 5))
    return new_game(sc)


def routing(g):
    u = g.state.units["u"]
    u.routing, u.disordered, u.rout_moves, u.times_routed = True, True, 1, 1
    return u


def test_4_2_2_1_rally_offered_at_activation_passed_rallies():
    g = lone()
    u = routing(g)
    step(g, lambda: activate(g, "east", "e"))
    step(g, lambda: combat.start_of_activation(g))
    assert g.legal_actions("east") == [Rally("east", "u", True), Rally("east", "u", False)]
    g.dice.force(6, 4)                          # 10 - 2 routing - 1 disordered = 7 vs 6
    ev = g.apply(Rally("east", "u", True))
    t = kinds(ev, "MoraleTested")[0]
    assert (t.reason, t.total, t.result) == (8, 7, "rally")
    assert not u.routing and u.rally_used and u.activated
    assert kinds(ev, "Rallied")[0].what == "rout"


def test_4_2_2_1_failed_rally_disperses_the_unit():
    g = lone()
    u = routing(g)
    g.dice.force(3, 3)
    step(g, lambda: rout.rally(g, u))
    assert u.gone == "dispersed" and g.state.armies["east"].units_destroyed == 1


def test_4_2_2_1_rally_once_per_game_and_not_after_a_shooting_hit_ruling_D_11():
    g = lone()
    u = routing(g)
    assert rout.rally_options(g.state, u) == ["rout"]
    u.hit_by_shooting = True
    assert rout.rally_options(g.state, u) == []
    u.hit_by_shooting = False
    u.rally_used = True
    assert rout.rally_options(g.state, u) == []
    u.rally_used, u.rout_moves = False, 0       # needs at least one rout move first
    assert rout.rally_options(g.state, u) == []


def test_4_2_2_1_declining_the_rally_then_rout_move_toward_own_edge():
    g = lone()
    u = routing(g)
    step(g, lambda: activate(g, "east", "e"))
    step(g, lambda: combat.start_of_activation(g))
    g.dice.force(1)
    ev = g.apply(Rally("east", "u", False))
    r = kinds(ev, "UnitRouted")[0]
    assert (r.roll, r.distance) == (1, 11) and u.facing == 270


def test_4_6_7_second_rout_removes_the_unit_at_end_of_turn():
    g = lone()
    u = g.state.units["u"]
    u.times_routed = 1
    g.dice.force(1)
    step(g, lambda: rout.start_rout(g, u, about_face=False))
    assert u.alive and u.remove_at_end_of_turn
    step(g, lambda: combat.end_of_turn_morale(g))
    assert u.gone == "dispersed"


@pytest.mark.parametrize("troop,quality,weapons,armour,faces,bonus,stays", [
    ("samurai", "veteran", ["pole_arm"], "heavy", (4, 4), 0, False),
    ("samurai", "veteran", ["pole_arm"], "heavy", (4, 5), 0, True),
    ("warrior_monk", "veteran", ["pole_arm"], "medium", (3, 3), 2, False),
    ("warrior_monk", "veteran", ["pole_arm"], "medium", (3, 4), 2, True),
    ("young_samurai", "regular", ["pole_arm"], "medium", (3, 4), 1, False),
    ("young_samurai", "regular", ["pole_arm"], "medium", (4, 4), 1, True),
])
def test_4_2_2_2_rally_from_frenzy_2d6_under_9(troop, quality, weapons, armour, faces, bonus, stays):
    sc = scenario([unit("u", troop, quality, weapons, armour, 4, 4, 60, 40, 90)],
                  [unit("far", "ashigaru", "raw", ["long_spear"], "light", 2, 2, 10, 85, 270)])
    g = new_game(sc)
    u = g.state.units["u"]
    u.frenzied = True
    g.dice.force(*faces)
    ev = step(g, lambda: rout.rally(g, u))
    fr = kinds(ev, "FrenzyRally")[0]
    assert (fr.bonus, fr.total, fr.stays_frenzied) == (bonus, sum(faces) + bonus, stays)
    assert u.frenzied is stays


# -- 5.2 victory -------------------------------------------------------------------------
def army(n_units, peasants=0, hatamoto=False):
    out = [unit(f"x{i}", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 10 + 10 * i, 20, 90)
           for i in range(n_units)]
    out += [unit(f"p{i}", "peasant", "raw", ["imw"], "light", 2, 2, 10 + 10 * i, 40, 90) for i in range(peasants)]
    if hatamoto:
        out.append(unit("hat", "mounted_samurai", "elite", ["lance"], "heavy", 2, 2, 15, 12, 90, hatamoto=True))
    return out


def test_5_2_points_peasants_0_hatamoto_2_hq_3():
    sc = scenario(army(3, peasants=2, hatamoto=True),
                  [unit("wu", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 60, 80, 270)])
    g = new_game(sc)
    st = g.state
    assert tally(st, "east") == (3 + 0 + 2, 0)
    hq = st.units["x0"]
    hq.troop = Troop.HQ
    assert points(hq) == 3


def test_5_2_more_than_a_third_lost_loses_at_end_of_turn():
    sc = scenario(army(5) + [unit("x9", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 100, 20, 90)],
                  [unit("wu", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 60, 80, 270)])
    g = new_game(sc)
    st = g.state
    st.units["x0"].gone = "destroyed"
    st.units["x1"].gone = "destroyed"           # 2 of 6 = exactly a third: not yet
    st.phase = "end"
    assert victory(st) is None
    st.units["x2"].gone = "dispersed"           # 3 of 6: more than a third
    assert victory(st)[0] == "west"
    st.phase = "orders"
    assert victory(st) is None                 # checked only at the end of the turn


def test_5_2_peasant_losses_do_not_count():
    sc = scenario(army(2, peasants=4), [unit("wu", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 60, 80, 270)])
    g = new_game(sc)
    st = g.state
    for i in range(4):
        st.units[f"p{i}"].gone = "destroyed"
    st.phase = "end"
    assert victory(st) is None and scores(st)["west"] == 0


def test_5_2_scenario_share_replaces_the_third():
    sc = scenario(army(4), [unit("wu", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 60, 80, 270)])
    sc["armies"][0]["victory_share"] = 0.5
    g = new_game(sc)
    st = g.state
    st.units["x0"].gone = st.units["x1"].gone = "destroyed"
    st.phase = "end"
    assert victory(st) is None                 # 2 of 4 is not more than a half


def _with_conditions(*conds):
    sc = scenario(army(3), [unit("wu", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 60, 80, 270)])
    sc["victory"] = [dict(c) for c in conds]
    return new_game(sc)


def test_5_2_scenario_condition_leader_killed_wins_at_once():
    g = _with_conditions({"winner": "west", "when": "leader_killed", "target": "general-east",
                          "text": "the east General is dead"})
    st = g.state
    assert victory(st) is None
    st.leaders["general-east"].alive = False
    assert victory(st) == ("west", "the east General is dead", "5.2")   # mid-turn too


def test_5_2_scenario_condition_unit_lost_and_turn_end():
    g = _with_conditions({"winner": "west", "when": "unit_lost", "target": "x1"},
                         {"winner": "east", "when": "turn_end", "turn": 3})
    st = g.state
    st.turn, st.phase = 3, "orders"
    assert victory(st) is None                 # turn 3 not over yet
    st.phase = "end"
    assert victory(st)[0] == "east"
    st.units["x1"].gone = "destroyed"          # a unit lost decides before any turn_end
    assert victory(st)[0] == "west" and "lost" in victory(st)[1]


def test_5_2_game_ends_when_a_scenario_leader_dies_in_a_duel():
    g = _with_conditions({"winner": "east", "when": "leader_killed", "target": "daimyo-w"})
    st = g.state
    activate(g, "east", "e")
    st.leaders["daimyo-e"].x, st.leaders["daimyo-e"].y = 60, 45
    st.leaders["daimyo-w"].x, st.leaders["daimyo-w"].y = 61, 45
    g.apply(Challenge("east", "daimyo-e", "daimyo-w"))
    g.dice.force(6, 1)                          # 6 + 2 against 1 + 2
    g.apply(AnswerChallenge("west", "daimyo-w", True))
    assert g.is_over() and g.result().winner == "east"


@pytest.mark.parametrize("cond,key", [
    ({"winner": "north", "when": "turn_end", "turn": 2}, "victory.0.winner"),
    ({"winner": "east", "when": "leader_killed", "target": "general-nowhere"}, "victory.0.target"),
    ({"winner": "east", "when": "unit_lost", "target": "ghost"}, "victory.0.target"),
    ({"winner": "east", "when": "turn_end"}, "victory.0.turn"),
])
def test_5_2_bad_scenario_conditions_are_rejected_naming_the_key(cond, key):
    from sim.core.errors import ScenarioError
    from sim.daimyo.scenario import parse
    sc = scenario(army(3), [unit("wu", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 60, 80, 270)])
    sc["victory"] = [cond]
    with pytest.raises(ScenarioError) as err:
        parse(sc, "bad.toml")
    assert err.value.key == key


# -- 4.4 duels, 4.6.4 challenges -------------------------------------------------------------
def duel_game():
    sc = scenario([unit("u", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 30, 20, 90)],
                  [unit("wu", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 90, 80, 270)],
                  east_daimyo=(60, 45), west_daimyo=(61, 45))
    g = new_game(sc)
    activate(g, "east", "e")
    return g


def test_4_4_duel_accepted_loser_killed_winner_gains_glory():
    g = duel_game()
    st = g.state
    assert Challenge("east", "daimyo-e", "daimyo-w") in g.legal_actions("east")
    g.apply(Challenge("east", "daimyo-e", "daimyo-w"))
    assert g.to_act() == "west"
    g.dice.force(3, 3, 5, 2)                    # 3+2 v 3+2 tie, re-rolled: 5+2 v 2+2
    ev = g.apply(AnswerChallenge("west", "daimyo-w", True))
    d = kinds(ev, "DuelFought")[0]
    assert d.rolls == ((5, 5), (7, 4)) and d.winner == "daimyo-e" and d.winner_rating == 3
    assert not st.leaders["daimyo-w"].alive and st.leaders["daimyo-e"].rating == 3


def test_4_4_a_challenge_ends_the_challengers_move_ruling_D_87():
    from sim.core.errors import RuleError
    from sim.daimyo import actions as A
    g = duel_game()
    st = g.state
    g.apply(Challenge("east", "daimyo-e", "daimyo-w"))
    g.apply(AnswerChallenge("west", "daimyo-w", False))
    assert st.leaders["daimyo-e"].moved
    assert not [a for a in g.legal_actions("east") if a.kind == "MoveLeader" and a.leader == "daimyo-e"]
    with pytest.raises(RuleError):
        g.apply(A.MoveLeader("east", "daimyo-e", 60, 40, ""))


def test_4_4_glory_at_most_4():
    g = duel_game()
    st = g.state
    st.leaders["daimyo-e"].rating = 4
    g.apply(Challenge("east", "daimyo-e", "daimyo-w"))
    g.dice.force(6, 1)
    g.apply(AnswerChallenge("west", "daimyo-w", True))
    assert st.leaders["daimyo-e"].rating == 4


def test_4_4_refusal_costs_1_rating_and_withdraws_5_cm():
    g = duel_game()
    st = g.state
    g.apply(Challenge("east", "daimyo-e", "daimyo-w"))
    ev = g.apply(AnswerChallenge("west", "daimyo-w", False))
    w = st.leaders["daimyo-w"]
    assert w.rating == 1 and (w.x, w.y) == pytest.approx((66, 45))
    assert kinds(ev, "ChallengeRefused")[0].rating == 1


def test_4_4_general_refusing_a_daimyo_keeps_his_rating():
    g = duel_game()
    st = g.state
    gen = st.general("west")
    gen.x, gen.y = 60, 46
    g.apply(Challenge("east", "daimyo-e", "general-west"))
    g.apply(AnswerChallenge("west", "general-west", False))
    assert gen.rating == 2


def test_4_6_4_challenge_offered_when_units_with_leaders_meet():
    sc = scenario([unit("a", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 30, 90)],
                  [unit("b", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 270)],
                  east_daimyo=(60, 26), west_daimyo=(60, 44))
    g = new_game(sc)
    st = g.state
    st.leaders["daimyo-e"].attached_to = "a"
    st.leaders["daimyo-w"].attached_to = "b"
    st.initiative = "west"
    activate(g, "east", "e")
    from sim.daimyo.combat import Charge, React
    g.apply(Charge("east", "a", "b"))
    g.apply(React("west", "b", "stand"))
    assert g.to_act() == "west"                  # the initiative holder may challenge
    assert Challenge("west", "daimyo-w", "daimyo-e") in g.legal_actions("west")
    g.apply(Challenge("west", "daimyo-w", "daimyo-e"))
    g.dice.force(1, 6)                          # 1+2 v 6+2: the challenger dies
    ev = g.apply(AnswerChallenge("east", "daimyo-e", True))
    assert kinds(ev, "DuelFought")[0].loser == "daimyo-w"
    assert 5 in st.units["b"].morale_reasons     # his unit tests at the end of the turn


def test_5_2_points_down_counts_lost_units_and_half_the_shaken():
    """Batch reports (issue 19 item 7): lost units count their 5.2 points, units routing or at
    half strength half of them."""
    from sim.daimyo.combat.victory import points_down
    from tests.daimyo.table_kit import game as new_game, scenario as table, unit as spec
    g = new_game(table([spec("a", 50, 20), spec("b", 80, 20), spec("c", 110, 20)], [spec("foe", 100, 100, 270)]))
    st = g.state
    assert points_down(st, "east") == 0.0
    st.units["a"].routing = True
    st.units["b"].stands = 2                         # 2 of its 4 stands left
    st.units["c"].gone = "destroyed"
    assert points_down(st, "east") == 0.5 + 0.5 + 1
    assert g.stats()["sides"]["east"]["points_down"] == 2.0
