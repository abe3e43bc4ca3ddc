"""Worked Daimyo combat scenarios with forced dice, every intermediate number asserted:
a cavalry charge on arquebusiers in the open (4.4 reaction test, closing fire, 4.6 two melee
rounds, 4.6.7 rout, 4.6.8 pursuit); a rout blocked by friends; frenzy on a natural 12."""
import pytest

from sim.daimyo import actions as A
from sim.daimyo import combat
from sim.daimyo.combat import Charge, React
from sim.daimyo.combat import morale, rout
from sim.daimyo.surroundings import overlapping

from .combat_helpers import activate, kinds, new_game, scenario, step, unit


def one(events, kind):
    found = kinds(events, kind)
    assert len(found) == 1, [e.kind for e in events]
    return found[0]


def test_4_4_4_6_cavalry_charge_on_ashigaru_in_the_open_worked_example():
    sc = scenario([unit("teppo", "ashigaru", "regular", ["arquebus"], "light", 4, 4, 60, 30, 90)],
                  [unit("horse", "mounted_samurai", "veteran", ["lance"], "heavy", 4, 4, 60, 50, 270)],
                  east_daimyo=(80, 22), west_daimyo=(75, 40))
    g = new_game(sc)
    st = g.state
    teppo, horse = st.units["teppo"], st.units["horse"]
    activate(g, "west", "w")
    assert Charge("west", "horse", "teppo") in g.legal_actions("west")

    # -- 4.4 declaration and the reason-3 test (infantry charged by cavalry in the open) ----
    g.dice.force(4, 4)
    ev = g.apply(Charge("west", "horse", "teppo"))
    decl = one(ev, "ChargeDeclared")
    assert (decl.edge, decl.distance, decl.turn_cost, decl.charge_move, decl.bonus) == ("front", 20, 0, 20, True)
    test = one(ev, "MoraleTested")
    assert (test.reason, test.faces, test.total, test.pass_score, test.passed) == (3, (4, 4), 7, 6, True)
    assert test.modifiers == (("infantry charged by cavalry", -1, "5.1"),)
    assert g.to_act() == "east"
    assert [a.choice for a in g.legal_actions("east")] == ["stand", "shoot", "retire", "shoot_retire"]  # no counter-charge (4.4)

    # -- closing fire: charger started 20 cm away (> half of 20): long range, Regular ------
    g.dice.force(6, 1, 3, 3, 2, 3, 1, 1)
    ev = g.apply(React("east", "teppo", "shoot"))
    shot = one(ev, "ShotResolved")
    assert (shot.band, shot.stands, shot.closing_fire, shot.hits) == ("long", 4, True, 2)
    assert shot.modifiers == (("first shot of the game", 2, "4.5.4"), ("arquebus vs cavalry", 1, "4.5.4"),
                              ("shooter being charged", -1, "4.5.4"))
    assert horse.hits == 2 and horse.stands == 4
    moved = one(ev, "ChargeMoved")
    assert moved.contact and moved.path[0] == (60, 50, 270) and moved.path[-1] == (60, 30, 270)

    # -- melee round 1 (4.6.2): horse +5, teppo -3 -----------------------------------------
    g.apply(A.EndMovement("west"))
    g.dice.force(3, 3, 1, 1, 1, 2, 1, 1,    # horse: 11 hit, 7, 8 hit, 7
                 6, 6, 5, 5, 1, 1, 1, 1)    # teppo: 9 hit, 7, -1, -1
    ev = g.apply(A.EndShooting("west"))
    r_h, r_t = kinds(ev, "MeleeRound")
    assert (r_h.unit, r_h.round, r_h.hits) == ("horse", 1, 2)
    assert [s.total for s in r_h.rolls] == [11, 7, 8, 7]
    assert {m[0]: m[1] for m in r_h.rolls[0].modifiers} == {
        "lance": 1, "cavalry charge": 2, "good order long spear/lance, first round": 2}
    assert (r_t.unit, r_t.hits) == ("teppo", 1)
    assert [s.total for s in r_t.rolls] == [9, 7, -1, -1]
    assert {m[0]: m[1] for m in r_t.rolls[0].modifiers} == {"heavy-armoured enemy": -2, "enemy of higher quality": -1}
    assert horse.stands == 3 and horse.hits == 0          # 2 shooting + 1 melee hit = a stand
    assert teppo.hits == 2
    push = one(ev, "PushedBack")
    assert push.path[0][1] == 30 and push.path[-1][1] == pytest.approx(27)
    follow = one(ev, "FollowedUp")
    assert follow.path[-1][1] == pytest.approx(27) and horse.follow_up_bonus == "teppo"

    # -- end of turn 1: the horse lost a stand (reason 1): 4+3 -2 = 5 vs 5, passed ---------
    g.dice.force(4, 3)
    ev = step(g, lambda: combat.end_of_turn_morale(g))
    test = one(ev, "MoraleTested")
    assert (test.unit, test.reason, test.total, test.passed, test.result) == ("horse", 1, 5, True, "none")

    # -- turn 2, east active: round 2 in good order (the 4.2.1 cause 6 disorder comes when
    # the melee ends, ruling D-100); one rank each (4 x 1 teppo, 3 x 1 horse) -------------
    st.turn += 1
    step(g, lambda: combat.start_of_turn(g))
    activate(g, "east", "e", "shooting")
    g.dice.force(1, 1, 1, 1, 1, 1, 1, 1,    # teppo: 4 stands at -3, all miss
                 3, 3, 4, 4, 1, 1,          # horse: 3 stands at +2: 8 hit, 10 hit, 4
                 2,                          # rout 1d6 = 2: 12 cm (light infantry)
                 1)                          # pursuit 1d6 = 1: 15 cm (heavy cavalry)
    ev = g.apply(A.EndShooting("east"))
    r_t, r_h = kinds(ev, "MeleeRound")
    assert ev.index(r_t) < ev.index(kinds(ev, "Disordered")[0])
    assert (r_t.unit, r_t.round, len(r_t.rolls), r_t.hits) == ("teppo", 2, 4, 0)
    assert {m[0]: m[1] for m in r_t.rolls[0].modifiers} == {
        "heavy-armoured enemy": -2, "enemy of higher quality": -1}
    assert (r_h.unit, len(r_h.rolls), r_h.hits) == ("horse", 3, 2)
    assert {m[0]: m[1] for m in r_h.rolls[0].modifiers} == {"lance": 1, "follow-up": 1}
    assert {e.unit: e.outcome for e in kinds(ev, "MeleeResult")} == {"teppo": "rout", "horse": "win"}
    routed = one(ev, "UnitRouted")
    assert (routed.roll, routed.distance, routed.outcome) == (2, 12, "moved")
    assert routed.path[-1][2] == 270                          # about-face, back to the enemy
    pursued = one(ev, "Pursued")
    assert (pursued.roll, pursued.distance, pursued.outcome) == (1, 15, "caught")
    assert teppo.gone == "destroyed"
    assert horse.disordered                               # 4.2.1 cause 6: a two-turn melee ended
    assert g.is_over() and g.result().winner == "west"


def test_4_6_7_rout_blocked_by_friends_is_placed_behind_them_and_disorders_them():
    """A routing unit runs into a friendly unit: it goes through, ends behind it; the friend
    is disordered and tests at the end of the turn (reason 7)."""
    sc = scenario([unit("runner", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 90),
                   unit("friend", "ashigaru", "regular", ["long_spear"], "light", 6, 3, 60, 30, 90)],
                  [unit("foe", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 270)],
                  east_daimyo=(75, 25), west_daimyo=(90, 80))
    g = new_game(sc)
    st = g.state
    runner, friend = st.units["runner"], st.units["friend"]
    g.dice.force(1)                                       # 11 cm: would stop inside friend
    ev = step(g, lambda: rout.start_rout(g, runner, about_face=True))
    r = one(ev, "UnitRouted")
    assert (r.roll, r.distance, r.outcome) == (1, 11, "behind_friend")
    # friend occupies y 27..30; the runner (1.5 deep, facing south) ends with its rear edge
    # clear of friend's rear edge at y = 27
    assert runner.facing == 270 and runner.y + runner.depth <= 27 + 1e-6
    assert runner.y + runner.depth == pytest.approx(27, abs=0.51)
    assert friend.disordered and 7 in friend.morale_reasons
    g.dice.force(3, 3)                                    # friend tests reason 7
    ev = step(g, lambda: morale.end_of_turn(g))
    t = [e for e in ev if e.kind == "MoraleTested" and e.unit == "friend"][0]
    assert [(m[0], m[1]) for m in t.modifiers] == [("disordered", -1), ("runner (equal or better) routing within range", -1)]
    assert (t.reason, t.total, t.margin, t.result) == (7, 4, 2, "retreat")
    move = [e for e in ev if e.kind == "MoraleMove" and e.unit == "friend"][0]
    assert move.result == "retreat" and move.path[-1][2] == 270


def test_4_6_7_rout_ending_in_friends_seven_deep_is_placed_behind_the_last_and_disorders_all():
    """Seven friendly units, each 3 cm deep, stand one behind another: the router's 11 cm end
    inside the first, and it is placed behind each in turn, 22 cm on, behind the seventh
    (the engine once gave up after 20 cm and left it overlapping: the fuzz's Mikatagahara
    seed 76). Every friend it went through is disordered and tests (reason 7)."""
    fronts = (30, 26.5, 23, 19.5, 16, 12.5, 9)       # rears 27 ... 6
    friends = [unit(f"f{i}", "ashigaru", "regular", ["long_spear"], "light", 6, 3, 60, y, 90)
               for i, y in enumerate(fronts)]
    rear = {"id": "e2", "name": "E2", "daimyo": {"name": "E2 daimyo", "rating": 2, "x": 100, "y": 20},
            "units": friends[5:]}                        # a clan holds at most six units
    sc = scenario([unit("runner", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 90)] + friends[:5],
                  [unit("foe", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 270)],
                  east_daimyo=(90, 25), west_daimyo=(90, 80), extra_east=[rear])
    g = new_game(sc)
    st = g.state
    runner = st.units["runner"]
    g.dice.force(1)                                       # 11 cm: ends inside f0
    r = one(step(g, lambda: rout.start_rout(g, runner, about_face=True)), "UnitRouted")
    assert (r.roll, r.distance, r.outcome) == (1, 11, "behind_friend")
    assert runner.y + runner.depth <= 6 + 1e-6 and runner.y + runner.depth == pytest.approx(6, abs=0.51)
    assert runner.alive and overlapping(st, runner, 1e-4) == []
    for i in range(7):
        f = st.units[f"f{i}"]
        assert f.disordered and 7 in f.morale_reasons, f.id


def test_4_6_7_rout_with_no_way_round_enemies_is_destroyed():
    """Enemy behind it and impassable ground on both flanks: no wheel gets it away."""
    blocks = [{"id": "l", "kind": "impassable", "points": [[20, 20], [51.9, 20], [51.9, 55], [20, 55]]},
              {"id": "r", "kind": "impassable", "points": [[68.1, 20], [100, 20], [100, 55], [68.1, 55]]}]
    sc = scenario([unit("runner", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 90)],
                  [unit("foe", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 270),
                   unit("wall", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 30, 90)],
                  east_daimyo=(110, 20), west_daimyo=(110, 80), terrain=blocks)
    g = new_game(sc)
    runner = g.state.units["runner"]
    g.dice.force(6)
    ev = step(g, lambda: rout.start_rout(g, runner, about_face=True))
    assert one(ev, "UnitRouted").outcome == "destroyed" and runner.gone == "destroyed"


def test_5_1_frenzy_on_a_natural_12_then_must_charge():
    """Samurai testing for a lost stand roll 6+6: they pass, become frenzied, take no further
    tests, may only charge the enemy ahead, and fight at +2 (4.6.3)."""
    sc = scenario([unit("sam", "samurai", "veteran", ["pole_arm"], "heavy", 4, 4, 60, 30, 90)],
                  [unit("foe", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 270)],
                  east_daimyo=(40, 26), west_daimyo=(90, 80))
    g = new_game(sc)
    st = g.state
    sam = st.units["sam"]
    sam.stands = 3
    sam.files = 3
    sam.morale_reasons = [1]
    g.dice.force(6, 6)
    ev = step(g, lambda: morale.end_of_turn(g))
    t = one(ev, "MoraleTested")
    assert (t.faces, t.total, t.passed) == ((6, 6), 12 - 2, True)
    assert one(ev, "FrenzyBegan").faces == (6, 6) and sam.frenzied
    sam.morale_reasons = [5]
    assert not kinds(step(g, lambda: morale.end_of_turn(g)), "MoraleTested")   # never test
    activate(g, "east", "e")
    orders = [a for a in g.legal_actions("east") if getattr(a, "unit", "") == "sam"]
    assert orders == [Charge("east", "sam", "foe")]
    from sim.core.errors import RuleError
    with pytest.raises(RuleError) as exc:
        g.apply(A.Move("east", "sam", 2))
    assert exc.value.rule == "5.1"
    ev = g.apply(Charge("east", "sam", "foe"))
    assert not kinds(ev, "MoraleTested")             # long spearmen charged by infantry: no test
    assert [a.choice for a in g.legal_actions("west")] == ["stand", "countercharge"]
    ev = g.apply(React("west", "foe", "stand"))
    assert one(ev, "ChargeMoved").contact
    from sim.daimyo.combat import melee
    assert ("frenzy", 2, "4.6.3") in melee.modifiers(st, sam, st.units["foe"], 0)


def test_4_6_8_pursuers_hitting_a_new_enemy_fight_next_turn_at_plus_2_after_its_test():
    """Cavalry pursue routers into arquebusiers behind them: those test as if charged
    (reason 3); passing, they stand; the melee waits for the next turn, the horse at +2."""
    sc = scenario([unit("router", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 40, 90),
                   unit("teppo", "ashigaru", "regular", ["arquebus"], "light", 4, 4, 60, 22, 90)],
                  [unit("horse", "mounted_samurai", "veteran", ["lance"], "heavy", 4, 4, 60, 40, 270)],
                  east_daimyo=(85, 25), west_daimyo=(85, 55))
    g = new_game(sc)
    st = g.state
    horse, router, teppo = st.units["horse"], st.units["router"], st.units["teppo"]
    activate(g, "west", "w", "shooting")
    g.dice.force(1)                                   # router: 11 cm, to y = 27.5 .. 29
    ev = step(g, lambda: rout.start_rout(g, router, about_face=True))
    router.x = 20                                     # it got out of the way
    g.dice.force(6,                                   # pursuit: 19 cm, stops on teppo at 22
                 4, 4)                                # teppo's reason-3 test: 8 - 1 = 7 vs 6
    ev = step(g, lambda: rout.pursue(g, horse, router))
    p = one(ev, "Pursued")
    assert (p.roll, p.distance, p.outcome) == (6, 19, "new_enemy:teppo")
    assert horse.y == pytest.approx(22, abs=0.01)
    t = one(ev, "MoraleTested")
    assert (t.unit, t.reason, t.total, t.passed) == ("teppo", 3, 7, True)
    assert horse.pursuit_bonus == "teppo"
    from sim.daimyo.combat import melee
    assert not kinds(step(g, lambda: melee.melee_step(g)), "MeleeRound")   # not this turn
    st.turn += 1
    step(g, lambda: combat.start_of_turn(g))
    assert ("pursuit", 2, "4.6.8") in melee.modifiers(st, horse, teppo, 0)


def test_4_6_8_frenzied_pursuers_keep_after_their_routers():
    sc = scenario([unit("router", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 70, 20, 270)],
                  [unit("horse", "mounted_samurai", "veteran", ["lance"], "heavy", 4, 4, 60, 40, 270)],
                  east_daimyo=(100, 10), west_daimyo=(85, 55))
    g = new_game(sc)
    st = g.state
    horse, router = st.units["horse"], st.units["router"]
    router.routing = True
    horse.frenzied, horse.frenzy_pursuit = True, "router"
    activate(g, "west", "w")
    g.dice.force(1)                                   # 15 cm
    ev = step(g, lambda: rout.frenzied_pursuits(g, "w"))
    p = one(ev, "Pursued")
    assert p.distance == 15 and p.path[1][2] != 270   # turned toward the routers first
    horse.frenzied = False
    assert not kinds(step(g, lambda: rout.frenzied_pursuits(g, "w")), "Pursued")
