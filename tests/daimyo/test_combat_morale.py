"""Daimyo 5.1 morale: pass scores, the results table cell by cell, every modifier, automatic
12 and 2, frenzy; 4.3 rout/pursuit table rows. Dice are forced."""
import pytest

from sim.daimyo.combat import morale, rout
from sim.daimyo.model import Weapon

from .combat_helpers import new_game, scenario, step, unit

# 5.1 results table, rows: passed, failed by 1, 2, 3, 4+ (copied from the rules, not the data).
RESULTS = {
    1: ["none", "halt", "retire", "retreat", "rout"],
    2: ["stand_retire_or_countercharge", "retire", "retreat", "retreat", "rout"],
    3: ["stand_retire_or_countercharge", "retire", "retreat", "retreat", "rout"],
    4: ["charge", "halt", "halt", "halt", "retire"],
    5: ["none", "retire", "retreat", "rout", "rout"],
    6: ["none", "retire", "retreat", "rout", "rout"],
    7: ["none", "retire", "retreat", "rout", "rout"],
    8: ["rally", "dispersed", "dispersed", "dispersed", "dispersed"],
}
# a Raw unit passes on 7: these faces give pass, fail by 1, 2, 3, 4 with no modifiers
FACES = [(3, 4), (3, 3), (2, 3), (2, 2), (1, 2)]


def lone(troop="ashigaru", quality="raw", weapons=("long_spear",), armour="light", **kw):
    """One east unit alone in mid-table with its daimyo beside it (in command, 1.8) and the
    General far away: no morale modifier applies."""
    sc = scenario([unit("u", troop, quality, weapons, armour, 4, 4, 60, 40, 90, **kw)],
                  [unit("far", "ashigaru", "raw", ["long_spear"], "light", 2, 2, 10, 85, 270)],
                  east_daimyo=(60, 36), east_general=(110, 5))
    return new_game(sc)


@pytest.mark.parametrize("reason", sorted(RESULTS))
@pytest.mark.parametrize("row", range(5))
def test_5_1_results_table_cell(reason, row):
    g = lone()
    u = g.state.units["u"]
    assert morale.modifiers(g.state, u, reason) == []
    g.dice.force(*FACES[row])
    out = []
    step(g, lambda: out.append(morale.test(g, u, reason)))
    assert out[0].passed is (row == 0)
    assert out[0].margin == row
    assert out[0].result == RESULTS[reason][row]


@pytest.mark.parametrize("quality,score", [("raw", 7), ("regular", 6), ("veteran", 5), ("elite", 4)])
def test_5_1_pass_scores(quality, score):
    troop = {"raw": "ashigaru", "regular": "ashigaru", "veteran": "ronin", "elite": "samurai"}[quality]
    weapons = ("pole_arm",) if troop != "ashigaru" else ("long_spear",)
    armour = "heavy" if troop == "samurai" else "light"
    g = lone(troop, quality, weapons, armour)
    u = g.state.units["u"]
    for faces, passed in (((score // 2, score - score // 2), True),
                          ((score // 2, score - score // 2 - 1), False)):
        g.dice.force(*faces)
        out = []
        step(g, lambda: out.append(morale.test(g, u, 1)))
        assert out[0].passed is passed and out[0].total == sum(faces)


def test_5_1_unmodified_2_fails_and_routs_whatever_the_margin():
    g = lone("samurai", "elite", ("pole_arm",), "heavy")
    u = g.state.units["u"]
    g.state.leaders["daimyo-e"].attached_to = "u"     # +2 rating: 1+1+2 = 4 would pass
    g.dice.force(1, 1)
    out = []
    step(g, lambda: out.append(morale.test(g, u, 5)))
    assert out[0].total == 4 and not out[0].passed and out[0].result == "rout"


def test_5_1_unmodified_12_passes_and_samurai_become_frenzied():
    g = lone("samurai", "veteran", ("pole_arm",), "heavy")
    u = g.state.units["u"]
    u.stands = 1                                      # 3 stands lost: -6
    g.dice.force(6, 6)
    out = []
    ev = step(g, lambda: out.append(morale.test(g, u, 1)))
    assert out[0].total == 12 - 6 and out[0].passed and u.frenzied
    assert [e.kind for e in ev].count("FrenzyBegan") == 1


@pytest.mark.parametrize("troop,quality,weapons,natural,frenzy", [
    ("samurai", "veteran", ("pole_arm",), 12, True),
    ("ronin", "veteran", ("pole_arm",), 12, True),
    ("samurai", "veteran", ("pole_arm",), 11, False),
    ("warrior_monk", "veteran", ("pole_arm",), 11, True),
    ("warrior_monk", "veteran", ("pole_arm",), 12, True),
    ("warrior_monk", "veteran", ("pole_arm",), 10, False),
    ("ashigaru", "regular", ("long_spear",), 12, False),
])
def test_5_1_frenzy_faces(troop, quality, weapons, natural, frenzy):
    armour = "heavy" if troop == "samurai" else "medium" if troop == "warrior_monk" else "light"
    g = lone(troop, quality, weapons, armour)
    u = g.state.units["u"]
    g.dice.force(natural - 6, 6)
    step(g, lambda: morale.test(g, u, 6))
    assert u.frenzied is frenzy


def test_5_1_no_frenzy_on_a_rally_test():
    g = lone("samurai", "veteran", ("pole_arm",), "heavy")
    u = g.state.units["u"]
    g.dice.force(6, 6)
    step(g, lambda: morale.test(g, u, 8))
    assert not u.frenzied


def test_5_1_frenzied_units_never_take_end_of_turn_tests():
    g = lone("samurai", "veteran", ("pole_arm",), "heavy")
    u = g.state.units["u"]
    u.frenzied = True
    u.morale_reasons = [1]
    ev = step(g, lambda: morale.end_of_turn(g))
    assert not [e for e in ev if e.kind == "MoraleTested"]


def test_5_1_highest_reason_is_tested():
    g = lone()
    u = g.state.units["u"]
    u.morale_reasons = [1, 5, 6]
    g.dice.force(3, 4)
    ev = step(g, lambda: morale.end_of_turn(g))
    assert [e.reason for e in ev if e.kind == "MoraleTested"] == [6]


# -- 5.1 modifiers, one by one --------------------------------------------------------------
def _mods(g, reason=1, charger=None):
    return {label: v for label, v, _ in morale.modifiers(g.state, g.state.units["u"], reason, charger)}


def test_5_1_modifier_attached_leader_rating():
    g = lone()
    g.state.leaders["daimyo-e"].attached_to = "u"
    assert _mods(g)["E daimyo attached"] == 2


def test_5_1_modifier_pursuing_plus_2():
    g = lone()
    g.state.units["u"].pursuing = True
    assert _mods(g)["pursuing"] == 2


def test_5_1_modifier_in_cover_plus_1():
    g = lone()
    g.state.terrain.append(__import__("sim.daimyo.terrain", fromlist=["Feature"]).Feature(
        "w", "wood", ((50, 30), (70, 30), (70, 45), (50, 45))))
    assert _mods(g)["uphill of all enemy within range, or in cover"] == 1


def test_5_1_modifier_uphill_of_all_enemy_within_15_plus_1():
    g = lone()
    st = g.state
    st.terrain.append(__import__("sim.daimyo.terrain", fromlist=["Feature"]).Feature(
        "h", "low_hill", ((50, 30), (70, 30), (70, 45), (50, 45))))
    far = st.units["far"]
    far.x, far.y = 60, 52                   # within 15 cm, below the hill
    assert _mods(g)["uphill of all enemy within range, or in cover"] == 1
    far.y = 44                              # now on the hill too
    assert "uphill of all enemy within range, or in cover" not in _mods(g)


def test_5_1_modifier_general_within_15_plus_1():
    g = lone()
    gen = g.state.general("east")
    gen.x, gen.y = 60, 30                   # 8.5 cm from the unit's rear edge
    assert _mods(g)["General within range"] == 1
    gen.y = 20                              # 18.5 cm: out of range
    assert "General within range" not in _mods(g)


def test_5_1_modifiers_infantry_charged_by_cavalry_and_long_spear_frontal():
    g = lone()
    st = g.state
    horse = st.units["far"]
    horse.troop = __import__("sim.daimyo.model", fromlist=["Troop"]).Troop.MOUNTED_SAMURAI
    horse.x, horse.y, horse.facing = 60, 55, 270
    m = _mods(g, 3, horse)
    assert m["infantry charged by cavalry"] == -1
    assert m["long spear in good order charged frontally by cavalry"] == 1
    st.units["u"].weapons = (Weapon.POLE_ARM,)
    assert "long spear in good order charged frontally by cavalry" not in _mods(g, 3, horse)


def test_5_1_modifier_enemy_routing_within_15_plus_1():
    g = lone()
    far = g.state.units["far"]
    far.x, far.y = 60, 52
    far.routing = True
    assert _mods(g)["enemy routing within range"] == 1


def test_5_1_modifier_hatamoto_plus_1():
    g = lone()
    g.state.units["u"].hatamoto = True
    g.state.general("east").x, g.state.general("east").y = 60, 20
    assert _mods(g)["hatamoto"] == 1


def test_5_1_modifier_disordered_minus_1():
    g = lone()
    g.state.units["u"].disordered = True
    assert _mods(g)["disordered"] == -1


def test_5_1_modifier_outside_command_range_minus_1():
    g = lone()
    d = g.state.leaders["daimyo-e"]
    d.x, d.y = 60, 5                        # 33.5 cm away: beyond 20 cm
    assert _mods(g)["outside command range"] == -1


def test_5_1_modifier_each_friend_of_equal_or_better_quality_routing_minus_1():
    sc = scenario([unit("u", "ashigaru", "raw", ["long_spear"], "light", 4, 4, 60, 40, 90),
                   unit("f1", "ashigaru", "raw", ["long_spear"], "light", 2, 2, 40, 40, 90),
                   unit("f2", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 80, 40, 90),
                   unit("f3", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 60, 50, 90)],
                  [unit("far", "ashigaru", "raw", ["long_spear"], "light", 2, 2, 10, 85, 270)],
                  east_daimyo=(60, 36), east_general=(110, 5))
    g = new_game(sc)
    for f in ("f1", "f2"):
        g.state.units[f].routing = True
    mods = morale.modifiers(g.state, g.state.units["u"], 1)
    assert sorted(v for label, v, _ in mods if "routing within range" in label) == [-1, -1]
    g.state.units["u"].quality = __import__("sim.daimyo.model", fromlist=["Quality"]).Quality.VETERAN
    mods = morale.modifiers(g.state, g.state.units["u"], 1)
    assert [v for label, v, _ in mods if "routing within range" in label] == []


def test_5_1_modifier_minus_2_per_stand_lost():
    g = lone()
    g.state.units["u"].stands = 2
    assert _mods(g)["2 stand(s) lost"] == -4


def test_5_1_modifier_enemy_facing_flank_within_15_minus_2():
    g = lone()
    far = g.state.units["far"]
    far.x, far.y, far.facing = 45, 34, 0    # behind its front line, to its left, facing it
    assert _mods(g)["enemy facing flank or rear within range"] == -2
    far.facing = 180                        # facing away
    assert "enemy facing flank or rear within range" not in _mods(g)


def test_5_1_modifier_leader_killed_this_turn_within_15_minus_2():
    g = lone()
    g.state.leader_deaths.append((60, 30, "east"))
    assert _mods(g)["leader killed this turn within range"] == -2


def test_5_1_modifier_routing_minus_2():
    g = lone()
    g.state.units["u"].routing = True
    assert _mods(g)["routing"] == -2


def test_5_1_range_is_5_cm_in_melee():
    g = lone()
    st = g.state
    far = st.units["far"]
    far.x, far.y, far.facing = 60, 40, 270  # front to front: in contact, so in melee
    gen = st.general("east")
    gen.x, gen.y = 60, 30                   # 8.5 cm: inside 15 but outside 5
    assert "General within range" not in _mods(g)


# -- 4.3 rout and pursuit distances, row by row ---------------------------------------------
ROUT = {  # 4.3 movement table, rout & pursuit 1d6 = 1..6
    ("mounted_samurai", "heavy"): [15, 16, 17, 17, 18, 19],
    ("mounted_samurai", "medium"): [18, 18, 19, 20, 21, 22],
    ("samurai", "heavy"): [8, 8, 9, 10, 10, 11],
    ("ronin", "medium"): [10, 11, 11, 12, 13, 14],
    ("ashigaru", "light"): [11, 12, 13, 13, 14, 15],
}


@pytest.mark.parametrize("troop,armour", sorted(ROUT))
@pytest.mark.parametrize("face", range(1, 7))
def test_4_3_rout_and_pursuit_table_cell(troop, armour, face):
    weapons = ("lance",) if troop == "mounted_samurai" else ("pole_arm",)
    quality = "regular" if troop in ("ronin", "ashigaru") else "veteran"
    g = lone(troop, quality, weapons, armour)
    u = g.state.units["u"]
    for purpose in ("rout", "pursuit"):
        g.dice.force(face)
        got = []
        step(g, lambda: got.append(rout.rout_distance(g, u, purpose, "4.6.7")))
        assert got[0] == (face, ROUT[(troop, armour)][face - 1])


@pytest.mark.parametrize("face", range(1, 7))
def test_4_6_7_rout_move_covers_the_rolled_distance_toward_own_edge(face):
    sc = scenario([unit("u", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 60, 90)],
                  [unit("far", "ashigaru", "raw", ["long_spear"], "light", 2, 2, 10, 85, 270)],
                  east_daimyo=(30, 36), east_general=(110, 5))
    g = new_game(sc)
    u = g.state.units["u"]
    rear_y = u.y - u.depth
    g.dice.force(face)
    ev = step(g, lambda: rout.start_rout(g, u, about_face=False))
    routed = [e for e in ev if e.kind == "UnitRouted"][0]
    assert routed.distance == ROUT[("ashigaru", "light")][face - 1]
    assert u.facing == 270 and u.routing and u.disordered
    assert u.y == pytest.approx(rear_y - routed.distance)    # front edge now where the rear was
    assert routed.path[0] == (60, 60, 90) and routed.path[-1][1] == pytest.approx(u.y)


# -- 5.1 Halt: motionless, but may turn 180 degrees in its second turn (ruling D-80) ----------
def _next_turn(g):
    from sim.daimyo import command
    step(g, lambda: command.end_of_turn_reform(g))
    command.reset_turn(g.state)


def _orders_of(g, uid="u"):
    return [a for a in g.legal_actions("east") if getattr(a, "unit", "") == uid]


@pytest.mark.parametrize("result,may_turn", [("halt", True), ("retreat", True), ("retire", False)])
def test_5_1_halted_unit_may_turn_180_next_turn(result, may_turn):
    from sim.core.errors import RuleError
    from sim.daimyo import actions as A
    from .combat_helpers import activate
    g = lone()
    st = g.state
    u = st.units["u"]
    step(g, lambda: morale.apply(g, u, result))
    activate(g, "east", "e")
    assert _orders_of(g) == []                      # this turn: motionless
    with pytest.raises(RuleError) as exc:
        g.apply(A.Turn("east", "u", 180))
    assert exc.value.rule == "5.1"
    _next_turn(g)
    activate(g, "east", "e")
    if not may_turn:
        assert _orders_of(g) == []
        return
    assert _orders_of(g) == [A.Hold("east", "u"), A.Turn("east", "u", 180)]
    for bad in (A.Turn("east", "u", 90), A.Move("east", "u", 1), A.FallBack("east", "u", 3)):
        with pytest.raises(RuleError) as exc:
            g.apply(bad)
        assert exc.value.rule == "5.1"
    facing = u.facing
    g.apply(A.Turn("east", "u", 180))
    assert u.facing == pytest.approx((facing + 180) % 360) and u.activated and u.move_used == 0
    _next_turn(g)
    assert u.halted_turns == 0 and not u.halt_about_face


def test_5_1_halted_unit_may_not_charge_or_countercharge():
    from sim.daimyo import combat
    from sim.daimyo.combat import reactions
    g = lone()
    st = g.state
    u, far = st.units["u"], st.units["far"]
    step(g, lambda: morale.apply(g, u, "halt"))
    assert combat.charge_candidates(st, u) == []
    assert not reactions.may_countercharge(st, u, far)


# -- 5.1 Frenzied troops must charge the reachable enemy in front of them -------------------
def frenzied(foe_y=40):
    from .combat_helpers import activate
    sc = scenario([unit("sam", "samurai", "veteran", ["pole_arm"], "heavy", 4, 4, 60, 30, 90)],
                  [unit("foe", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, foe_y, 270)],
                  east_daimyo=(40, 26), west_daimyo=(90, 80))
    g = new_game(sc)
    g.state.units["sam"].frenzied = True
    activate(g, "east", "e")
    return g


def test_5_1_frenzied_unit_may_not_hold_or_end_movement_without_charging():
    from sim.core.errors import RuleError
    from sim.daimyo import actions as A
    from sim.daimyo.combat import Charge
    g = frenzied()
    acts = g.legal_actions("east")
    assert [a for a in acts if getattr(a, "unit", "") == "sam"] == [Charge("east", "sam", "foe")]
    assert A.EndMovement("east") not in acts
    for bad in (A.Hold("east", "sam"), A.EndMovement("east"), A.Reform("east", "sam", 2, 90)):
        with pytest.raises(RuleError) as exc:
            g.apply(bad)
        assert exc.value.rule == "5.1" and "sam" in str(exc.value)
    assert g.state.phase == "orders" and not g.state.units["sam"].activated
    g.apply(Charge("east", "sam", "foe"))
    while g.state.pending:
        g.apply(g.legal_actions(g.to_act())[0])
    assert A.EndMovement("east") in g.legal_actions("east")


def test_5_1_frenzied_unit_with_no_enemy_in_reach_acts_freely():
    from sim.daimyo import actions as A
    g = frenzied(foe_y=70)                          # 40 cm away: beyond its 12 cm charge
    acts = g.legal_actions("east")
    assert A.EndMovement("east") in acts and A.Hold("east", "sam") in acts
    g.apply(A.EndMovement("east"))


@pytest.mark.parametrize("quality,weapons,disordered", [("raw", ("arquebus",), False), ("regular", ("bow",), False),
                                                        ("regular", ("bow",), True)])
def test_5_1_pass_chance_is_the_share_of_the_36_throws_that_pass(quality, weapons, disordered):
    """morale.pass_chance counts the throws of 2d6 that `test` passes (reason 4, the test to
    charge), each forced in turn: raw needs 7 (21 of 36), regular 6 (26), disordered one more."""
    g = lone("ashigaru", quality, weapons)
    u = g.state.units["u"]
    u.disordered = disordered            # the position: a unit in disorder (4.2.1)
    chance = morale.pass_chance(g.state, u, 4)
    passed = 0
    for a in range(1, 7):
        for b in range(1, 7):
            g.dice.force(a, b)
            out = []
            step(g, lambda: out.append(morale.test(g, u, 4)))
            passed += out[0].passed
    assert chance * 36 == passed
    assert passed == {("raw", False): 21, ("regular", False): 26, ("regular", True): 21}[(quality, disordered)]
