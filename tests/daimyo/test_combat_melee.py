"""Daimyo 4.6 melee: who fights (4.6.1), every 4.6.3 modifier, hits (4.6.2), results (4.6.5),
push back and follow up (4.6.6), multiple-unit melee (4.6.9). Dice are forced."""
import pytest

from sim.daimyo.combat import melee
from sim.daimyo.combat.common import footprint
from sim.daimyo.model import Armour, Quality, Weapon
from sim.daimyo.terrain import Feature

from sim.daimyo import actions as A
from sim.daimyo.charge_odds import charge_odds
from sim.daimyo.combat import Charge, React

from .combat_helpers import activate, east_first_next_turn, kinds, new_game, scenario, step, unit


def clash(a=None, b=None, a_stands=(4, 4), b_stands=(4, 4), **kw):
    """East unit 'a' (y=30 facing north) and west unit 'b' front to front in contact."""
    da = dict(troop="ashigaru", quality="regular", weapons=["imw"], armour="light")
    da.update(a or {})
    db = dict(troop="ashigaru", quality="regular", weapons=["imw"], armour="light")
    db.update(b or {})
    sc = scenario([unit("a", da.pop("troop"), da.pop("quality"), da.pop("weapons"), da.pop("armour"), *a_stands, 60, 30, 90, **da)],
                  [unit("b", db.pop("troop"), db.pop("quality"), db.pop("weapons"), db.pop("armour"), *b_stands, 60, 30, 270, **db)],
                  east_daimyo=(30, 20), west_daimyo=(30, 70), **kw)
    g = new_game(sc)
    activate(g, "east", "e", "shooting")
    return g


def mods(g, rounds=0, who="a"):
    st = g.state
    a, b = (st.units["a"], st.units["b"]) if who == "a" else (st.units["b"], st.units["a"])
    return {label: v for label, v, _ in melee.modifiers(st, a, b, rounds)}


IMW_BASE = {"improvised weapon vs infantry": 1}


@pytest.mark.parametrize("weapons,troop,quality,armour,vs_cav,expected", [
    (["long_spear"], "ashigaru", "regular", "light", False, {"long spear vs infantry": 1, "good order long spear/lance, first round": 2}),
    (["long_spear"], "ashigaru", "regular", "light", True, {"long spear vs cavalry": 2, "good order long spear/lance, first round": 2}),
    (["pole_arm"], "ashigaru", "regular", "light", False, {"pole arm": 2, "good order pole arm, first round": 1}),
    (["imw"], "ashigaru", "regular", "light", False, {"improvised weapon vs infantry": 1}),
    (["imw"], "ashigaru", "regular", "light", True, {}),
    (["lance"], "mounted_samurai", "veteran", "medium", False, {"lance": 1, "good order long spear/lance, first round": 2}),
    (["arquebus"], "ashigaru", "regular", "light", False, {"improvised weapon vs infantry": 1}),  # 4.6.1
])
def test_4_6_3_weapon_modifiers_first_round(weapons, troop, quality, armour, vs_cav, expected):
    b = dict(troop="mounted_samurai", quality="veteran", weapons=["lance"], armour="medium") if vs_cav else None
    g = clash(a=dict(troop=troop, quality=quality, weapons=weapons, armour=armour), b=b)
    got = mods(g)
    got.pop("enemy of higher quality", None)
    got.pop("medium-armoured enemy", None)
    assert got == expected


def test_4_6_3_first_round_bonuses_only_in_round_one_and_good_order():
    g = clash(a=dict(weapons=["pole_arm"]))
    assert mods(g, rounds=1) == {"pole arm": 2}
    g.state.units["a"].disordered = True
    assert mods(g, rounds=0) == {"pole arm": 2, "disordered": -1}


@pytest.mark.parametrize("cavalry,label,value", [(True, "cavalry charge", 2), (False, "infantry charge", 1)])
def test_4_6_3_charge_bonus_first_round_only(cavalry, label, value):
    a = dict(troop="mounted_samurai", quality="veteran", weapons=["lance"], armour="medium") if cavalry else None
    g = clash(a=a, b=dict(quality="veteran", troop="ronin", weapons=["imw"]))
    u = g.state.units["a"]
    u.charge_target, u.charge_bonus = "b", True
    assert mods(g)[label] == value
    assert label not in mods(g, rounds=1)
    u.charge_bonus = False                   # straight run shorter than half the charge move
    assert label not in mods(g)


@pytest.mark.parametrize("setup,label,value", [
    (lambda st: setattr(st.leaders["general-east"], "attached_to", "a"), "General with the unit", 2),
    (lambda st: setattr(st.leaders["daimyo-e"], "attached_to", "a"), "daimyo with the unit", 1),
    (lambda st: setattr(st.units["a"], "frenzied", True), "frenzy", 2),
    (lambda st: setattr(st.units["a"], "pursuit_bonus", "b"), "pursuit", 2),
    (lambda st: setattr(st.units["a"], "follow_up_bonus", "b"), "follow-up", 1),
    (lambda st: setattr(st.units["b"], "armour", Armour.HEAVY), "heavy-armoured enemy", -2),
    (lambda st: setattr(st.units["b"], "armour", Armour.MEDIUM), "medium-armoured enemy", -1),
    (lambda st: setattr(st.units["b"], "quality", Quality.VETERAN), "enemy of higher quality", -1),
    (lambda st: setattr(st.units["a"], "disordered", True), "disordered", -1),
    (lambda st: st.terrain.append(Feature("h", "low_hill", ((40, 30.5), (80, 30.5), (80, 50), (40, 50)))),
     "enemy uphill or behind an obstacle", -1),
    (lambda st: st.terrain.append(Feature("f", "fence", ((40, 30.2), (80, 30.2)))),
     "enemy uphill or behind an obstacle", -1),
    (lambda st: st.terrain.append(Feature("h", "house", ((40, 30.5), (80, 30.5), (80, 50), (40, 50)))),
     "enemy in a building", -2),
])
def test_4_6_3_modifier(setup, label, value):
    g = clash()
    setup(g.state)
    got = mods(g, rounds=1)
    assert got[label] == value
    extra = set(got) - set(IMW_BASE) - {label}
    assert not extra or extra == {"enemy uphill or behind an obstacle"}


def test_4_6_3_attacked_in_flank_minus_2_per_stand_ruling_D_13():
    g = clash()
    st = g.state
    b = st.units["b"]
    b.x, b.y, b.facing = 52, 28, 0            # on a's left flank, facing it (front corner at a's)
    b.files, b.stands = 2, 2
    a = st.units["a"]
    got = melee.fighting_stands(st, a, b, 0, set())
    assert got == [(0, True)]                  # a's end stand fights to the flank, at -2
    g.dice.force(4, 4, 4, 4, 4, 4)
    ev = step(g, lambda: melee.resolve_group(g, [a, b]))
    rounds = {e.unit: e for e in kinds(ev, "MeleeRound")}
    assert ("attacked in flank or rear", -2, "4.6.3") in rounds["a"].rolls[0].modifiers
    assert rounds["a"].rolls[0].total == 8 + 1 - 2


# -- 4.6.1 who fights ----------------------------------------------------------------------
def test_4_6_1_front_rank_only_in_round_one_two_ranks_from_round_two():
    g = clash(a_stands=(8, 4))
    st = g.state
    a, b = st.units["a"], st.units["b"]
    assert [i for i, _ in melee.fighting_stands(st, a, b, 0, set())] == [0, 1, 2, 3]
    assert sorted(i for i, _ in melee.fighting_stands(st, a, b, 1, set())) == list(range(8))
    a.disordered = True
    assert sorted(i for i, _ in melee.fighting_stands(st, a, b, 1, set())) == [0, 1, 2, 3]


def test_4_6_1_long_spear_fights_in_two_ranks_in_round_one():
    g = clash(a=dict(weapons=["long_spear"]), a_stands=(8, 4))
    st = g.state
    assert len(melee.fighting_stands(st, st.units["a"], st.units["b"], 0, set())) == 8


def test_4_6_1_one_overlap_each_side_from_round_two():
    g = clash(a_stands=(6, 6), b_stands=(2, 2))     # a is 24 cm wide, b 8 cm, centred
    st = g.state
    a, b = st.units["a"], st.units["b"]
    assert sorted(i for i, _ in melee.fighting_stands(st, a, b, 0, set())) == [2, 3]
    assert sorted(i for i, _ in melee.fighting_stands(st, a, b, 1, set())) == [1, 2, 3, 4]


def test_4_6_1_one_stand_against_an_hq_from_the_front():
    g = clash(b_stands=(2, 2))
    st = g.state
    from sim.daimyo.model import Troop
    st.units["b"].troop = Troop.HQ
    assert len(melee.fighting_stands(st, st.units["a"], st.units["b"], 0, set())) == 1


def test_4_6_1_at_most_two_stands_fight_from_or_against_a_building():
    g = clash()
    st = g.state
    st.terrain.append(Feature("h", "house", ((40, 30.5), (80, 30.5), (80, 50), (40, 50))))
    assert len(melee.fighting_stands(st, st.units["a"], st.units["b"], 0, set())) == 2
    assert len(melee.fighting_stands(st, st.units["b"], st.units["a"], 0, set())) == 2


# -- 4.6.2 / 4.6.5 / 4.6.6 results -----------------------------------------------------------
def _fight(g, faces):
    st = g.state
    g.dice.force(*faces)
    return step(g, lambda: melee.melee_step(g))


def test_4_6_5_one_hit_more_pushes_back_3_cm_and_winner_follows_up():
    g = clash()
    # a: +1 (imw vs inf): 7+1 hit, 7+1 hit, 2 miss, 2 miss; b: 7+1 hit, 2, 2, 2
    ev = _fight(g, [3, 4, 3, 4, 1, 1, 1, 1, 3, 4, 1, 1, 1, 1, 1, 1])
    st = g.state
    res = {e.unit: e.outcome for e in kinds(ev, "MeleeResult")}
    assert res == {"a": "win", "b": "pushed_back"}
    push = kinds(ev, "PushedBack")[0]
    assert push.path[0][1] == 30 and push.path[-1][1] == pytest.approx(33)
    follow = kinds(ev, "FollowedUp")[0]
    assert follow.path[-1][1] == pytest.approx(33) and st.units["a"].follow_up_bonus == "b"
    assert st.units["b"].hits == 2 and st.units["a"].hits == 1


def test_4_6_5_two_hits_more_routs_and_winner_pursues():
    g = clash()
    ev = _fight(g, [3, 4, 3, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6])  # 2-0, rout 6 = 15, pursuit 6
    res = {e.unit: e.outcome for e in kinds(ev, "MeleeResult")}
    assert res == {"a": "win", "b": "rout"}
    r = kinds(ev, "UnitRouted")[0]
    assert (r.roll, r.distance) == (6, 15)
    p = kinds(ev, "Pursued")[0]
    assert (p.roll, p.distance, p.outcome) == (6, 15, "caught")
    assert g.state.units["b"].gone == "destroyed"


def test_4_6_5_draw_continues_next_turn():
    g = clash()
    ev = _fight(g, [3, 4] + [1, 1] * 3 + [3, 4] + [1, 1] * 3)
    assert {e.outcome for e in kinds(ev, "MeleeResult")} == {"draw"}
    st = g.state
    assert melee.groups(st) and st.melee_rounds["a|b"] == 1
    assert not kinds(ev, "Disordered")


# -- 4.2.1 cause 6 with 4.6.1: a melee of more than one turn, played through the turn sequence --
def samurai_charge():
    """East 3x2 bow samurai (improvised weapons in melee) charge west's 3x2 bow samurai, turn 1."""
    sc = scenario([unit("a", "samurai", "veteran", ["bow"], "medium", 6, 3, 60, 30, 90)],
                  [unit("b", "samurai", "veteran", ["bow"], "medium", 6, 3, 60, 40, 270)],
                  east_daimyo=(60, 20), west_daimyo=(60, 50))
    g = new_game(sc)
    activate(g, "east", "e")
    g.apply(Charge("east", "a", "b"))
    g.apply(React("west", "b", "stand"))
    g.apply(A.EndMovement("east"))
    return g


def test_4_2_1_cause_6_4_6_1_second_turn_round_in_two_ranks_disorder_when_the_melee_ends():
    """4.6.1: from the second round all weapons fight in 2 ranks, so the second turn's round is
    6 v 6 at +0 (improvised weapon +1, medium armour -1), not 3 v 3 disordered at -1: the
    4.2.1 cause 6 disorder comes at the conclusion of the melee (ruling D-100)."""
    g = samurai_charge()
    g.dice.force(*[1, 1] * 6)                                   # round 1: 3 v 3, no hits: a draw
    ev = g.apply(A.EndShooting("east"))
    assert [len(e.rolls) for e in kinds(ev, "MeleeRound")] == [3, 3]
    east_first_next_turn(g)
    st = g.state
    a, b = st.units["a"], st.units["b"]
    assert st.turn == 2 and not a.disordered and not b.disordered
    o = charge_odds(st, "a", "b")                               # kassen odds agrees: 6 v 6 at +0
    assert (o.a_stands, o.b_stands) == ((0,) * 6, (0,) * 6) and round(float(o.melee.draw), 3) == 0.229
    g.dice.force(*[6, 6] * 6, *[1, 1] * 6, 1, 1)                # 6 hits to 0: b routs; rout 1, pursuit 1
    ev = g.apply(A.EndShooting("east"))
    ra, rb = kinds(ev, "MeleeRound")
    assert (ra.round, len(ra.rolls), len(rb.rolls)) == (2, 6, 6)
    assert {sum(v for _, v, _ in r.modifiers) for r in ra.rolls + rb.rolls} == {0}
    assert [e.unit for e in kinds(ev, "Disordered")][-1:] == ["a"]
    assert ev.index(kinds(ev, "Disordered")[-1]) > ev.index(kinds(ev, "MeleeResult")[-1])
    assert a.disordered and "a|b" not in st.melee_start and "a|b" not in st.melee_rounds


def test_4_2_1_cause_6_a_melee_decided_in_its_first_turn_leaves_the_winner_in_good_order():
    g = samurai_charge()
    g.dice.force(*[6, 6] * 3, *[1, 1] * 3, 1, 1)                # 3 hits to 0: b routs
    ev = g.apply(A.EndShooting("east"))
    assert {e.unit: e.outcome for e in kinds(ev, "MeleeResult")} == {"a": "win", "b": "rout"}
    assert not g.state.units["a"].disordered and "a|b" not in g.state.melee_start


def test_4_6_6_infantry_do_not_follow_up_cavalry_that_charged():
    g = clash(b=dict(troop="mounted_samurai", quality="veteran", weapons=["lance"], armour="medium"))
    st = g.state
    st.units["b"].charged = True
    st.units["a"].weapons = (Weapon.POLE_ARM,)
    # a: pole arm +2, first round +1, medium enemy -1, better enemy -1 = +1; b: lance +1, first round +2
    assert sum(mods(g).values()) == 1 and sum(mods(g, who="b").values()) == 3
    ev = _fight(g, [3, 4, 3, 4, 1, 1, 1, 1, 3, 3, 1, 1, 1, 1, 1, 1])
    assert {e.unit: e.outcome for e in kinds(ev, "MeleeResult")} == {"a": "win", "b": "pushed_back"}
    assert not kinds(ev, "FollowedUp")


def test_4_6_6_push_back_blocked_by_friends_disorders():
    g = clash()
    st = g.state
    from sim.daimyo.model import Unit
    b = st.units["b"]
    st.units["f"] = Unit("f", "friend", "west", "w", b.troop, b.quality, b.weapons, b.armour, 4, 4, 60, 32.5, 270)
    ev = _fight(g, [3, 4, 3, 4, 1, 1, 1, 1, 3, 4, 1, 1, 1, 1, 1, 1])
    push = kinds(ev, "PushedBack")[0]
    assert push.blocked and push.path[-1][1] == pytest.approx(31, abs=0.01)
    assert b.disordered


def test_4_6_6_push_back_into_an_enemy_destroys():
    g = clash()
    st = g.state
    from sim.daimyo.model import Unit
    a = st.units["a"]
    st.units["e2"] = Unit("e2", "enemy behind", "east", "e", a.troop, a.quality, a.weapons, a.armour, 4, 4, 60, 34, 270)
    ev = _fight(g, [3, 4, 3, 4, 1, 1, 1, 1, 3, 4, 1, 1, 1, 1, 1, 1])
    assert st.units["b"].gone == "destroyed"


def b_fought_by(*east):
    """West's b, 4 ashigaru stands in line at (60, 30) facing 270, and the east units
    (id, stands in one rank, x, y, facing) touching it, in the east's shooting step."""
    sc = scenario([unit(uid, "ashigaru", "regular", ["imw"], "light", n, n, x, y, f) for uid, n, x, y, f in east],
                  [unit("b", "ashigaru", "regular", ["imw"], "light", 4, 4, 60, 30, 270)],
                  east_daimyo=(30, 20), west_daimyo=(30, 70))
    g = new_game(sc)
    activate(g, "east", "e", "shooting")
    return g


def test_4_6_6_pushed_into_an_enemy_it_already_touches_is_destroyed():
    """Ruling D-117: b is fought on both flanks (one class of side, so not 4.6.9's several
    sides); c beats it by one hit and pushes it out of c's front, straight into a, which it
    touches: it runs into an enemy and is destroyed (4.6.6). Before, enemies in contact were
    passed over and b ended 2.25 cm2 inside a (the 500-game fuzz, seeds 138 and 147)."""
    g = b_fought_by(("c", 2, 68, 34, 180), ("a", 2, 52, 34, 0))
    st = g.state
    assert melee.contact_sides(st, st.units["b"]) == {"flank"}
    g.dice.force(1, 1, 1, 1, 6, 6, 1, 1)        # a and b miss; c's stand hits, b's misses
    ev = step(g, lambda: melee.melee_step(g))
    assert {e.unit: e.outcome for e in kinds(ev, "MeleeResult")} == {"a": "draw", "b": "pushed_back", "c": "win"}
    push = kinds(ev, "PushedBack")[0]
    assert push.by == "c" and push.blocked and push.path[-1] == push.path[0]
    assert st.units["b"].gone == "destroyed"
    assert [e.rule for e in kinds(ev, "UnitRemoved")] == ["4.6.6"]


@pytest.mark.parametrize("b_pose, stands, faces, pushed_to", [
    ((60, 28.5, 90), (4, 4), [6, 6] + [1, 1] * 7, (60, 25.5)),     # b charged a's rear
    ((68, 29.25, 180), (2, 2), [6, 6] + [1, 1] * 2, (71, 29.25)),  # b charged a's right flank
])
def test_4_6_6_a_charger_beaten_at_the_flank_or_rear_is_pushed_out_of_that_side(b_pose, stands, faces, pushed_to):
    """Ruling D-113: 'backwards, facing the enemy' is straight out of the winner's edge the
    loser touches; along the winner's facing (D-65) it would pass through the winner. The
    winner, not facing it, does not follow up."""
    sc = scenario([unit("a", "ashigaru", "regular", ["imw"], "light", 4, 4, 60, 30, 90)],
                  [unit("b", "ashigaru", "regular", ["imw"], "light", *stands, *b_pose)],
                  east_daimyo=(30, 20), west_daimyo=(30, 70))
    g = new_game(sc)
    activate(g, "east", "e", "shooting")
    ev = _fight(g, faces)
    assert {e.unit: e.outcome for e in kinds(ev, "MeleeResult")} == {"a": "win", "b": "pushed_back"}
    push = kinds(ev, "PushedBack")[0]
    assert push.path[-1][:2] == pytest.approx(pushed_to) and not push.blocked
    assert not kinds(ev, "FollowedUp")
    st = g.state
    assert footprint(st.units["a"]).intersection(footprint(st.units["b"])).area == pytest.approx(0, abs=1e-9)
    assert (st.units["a"].x, st.units["a"].y, st.units["a"].facing) == (60, 30, 90)


# -- 4.6.9 multiple-unit melee with a flank attack -------------------------------------------
def test_4_6_9_multiple_melee_flank_attack_destroys_a_unit_forced_to_give_ground():
    """b fights a in front and c charges b's right flank. b loses to c by one hit and draws
    with a: the worse result (pushed back) applies and, attacked from two sides, b is
    destroyed; nobody follows up in a multiple melee."""
    g = b_fought_by(("a", 4, 60, 30, 90), ("c", 2, 68, 34, 180))
    st = g.state
    a, b, c = st.units["a"], st.units["b"], st.units["c"]
    from sim.daimyo.combat.common import side_of
    assert side_of(b, c) == "left"
    assert melee.contact_sides(st, b) == {"front", "flank"}
    # pairs: (a, b) then (c, b). a's 4 stands and b's 4 stands all miss: 0-0.
    # c's one stand touching b's flank: 7 + 1 = 8, a hit; b's end stand already fought a
    # this turn, so b strikes back at c with nothing: c wins by 1.
    faces = [1, 1] * 4 + [1, 1] * 4 + [3, 4]
    g.dice.force(*faces)
    ev = step(g, lambda: melee.melee_step(g))
    rounds = kinds(ev, "MeleeRound")
    assert [(r.unit, r.enemy, r.hits) for r in rounds] == [("a", "b", 0), ("b", "a", 0), ("c", "b", 1), ("b", "c", 0)]
    # b's stand that fought a may not fight c as well: b fights c with what is left
    assert {e.unit: e.outcome for e in kinds(ev, "MeleeResult")}["b"] == "pushed_back"
    assert b.gone == "destroyed"
    assert not kinds(ev, "FollowedUp")


def test_4_4_unit_in_melee_charged_in_rear_turns_its_rear_rank():
    """A two-rank unit fighting to its front and charged in the rear: its rear rank turns and
    fights the new enemy without the flank/rear -2."""
    sc = scenario([unit("a", "ashigaru", "regular", ["imw"], "light", 8, 4, 60, 30, 90)],
                  [unit("b", "ashigaru", "regular", ["imw"], "light", 4, 4, 60, 30, 270),
                   unit("r", "ashigaru", "regular", ["imw"], "light", 4, 4, 60, 27, 90)],
                  east_daimyo=(30, 20), west_daimyo=(30, 70))
    g = new_game(sc)
    st = g.state
    a, r = st.units["a"], st.units["r"]
    got = melee.fighting_stands(st, a, r, 0, set())
    assert sorted(got) == [(4, False), (5, False), (6, False), (7, False)]
    st.units["b"].gone = "destroyed"            # not engaged to its front: the -2 applies
    got = melee.fighting_stands(st, a, r, 0, set())
    assert sorted(got) == [(4, True), (5, True), (6, True), (7, True)]


def test_4_4_one_rank_unit_in_melee_charged_in_rear_splits_its_stands():
    sc = scenario([unit("a", "ashigaru", "regular", ["imw"], "light", 4, 4, 60, 30, 90)],
                  [unit("b", "ashigaru", "regular", ["imw"], "light", 4, 4, 60, 30, 270),
                   unit("r", "ashigaru", "regular", ["imw"], "light", 4, 4, 60, 28.5, 90)],
                  east_daimyo=(30, 20), west_daimyo=(30, 70))
    g = new_game(sc)
    st = g.state
    a, b, r = st.units["a"], st.units["b"], st.units["r"]
    assert sorted(melee.fighting_stands(st, a, b, 0, set())) == [(0, False), (1, False)]
    assert sorted(melee.fighting_stands(st, a, r, 0, set())) == [(2, False), (3, False)]


# -- 4.6.6 / 4.6.8 defenders of an obstacle may hold it --------------------------------------
def _fenced(frenzied=False):
    """b (west) defends a fence along the contact; east's activation ends its shooting."""
    from sim.daimyo import actions as A
    g = clash()
    g.state.terrain.append(Feature("f", "fence", ((40, 30.2), (80, 30.2))))
    g.state.units["b"].frenzied = frenzied
    a = g.state.units["a"]
    a.charge_target, a.charged = "b", True    # a charged the fence (no bonus: a short run)
    return g, A.EndShooting("east")


# a: +1 imw -1 obstacle = 0, all four miss; b: +1 imw, first stand 7+1 hits, the rest miss
ONE_HIT_TO_B = [1, 1] * 4 + [3, 4] + [1, 1] * 3
TWO_HITS_TO_B = [1, 1] * 4 + [3, 4, 3, 4] + [1, 1] * 2


@pytest.mark.parametrize("go", [True, False])
def test_4_6_6_defender_of_an_obstacle_chooses_whether_to_follow_up(go):
    from sim.core.errors import RuleError
    from sim.daimyo.combat import FollowUp
    g, end = _fenced()
    st = g.state
    g.dice.force(*ONE_HIT_TO_B)
    ev = g.apply(end)
    assert {e.unit: e.outcome for e in kinds(ev, "MeleeResult")} == {"a": "pushed_back", "b": "win"}
    assert st.units["a"].y == pytest.approx(27)          # pushed back 3 cm
    assert st.phase == "melee" and g.to_act() == "west"  # the melee step waits for the choice
    assert g.legal_actions("west") == [FollowUp("west", "b", True), FollowUp("west", "b", False)]
    with pytest.raises(RuleError) as exc:
        g.apply(FollowUp("west", "a", True))
    assert exc.value.rule == "4.6.6"
    ev = g.apply(FollowUp("west", "b", go))
    b = st.units["b"]
    if go:
        assert kinds(ev, "FollowedUp")[0].path[-1][1] == pytest.approx(27) and b.follow_up_bonus == "a"
    else:
        assert not kinds(ev, "FollowedUp") and b.y == 30 and b.follow_up_bonus == ""
        assert any(e.kind == "Note" and e.rule == "4.6.6" for e in ev)
    assert st.phase == "activation"                      # the activation then ends as usual


@pytest.mark.parametrize("go", [True, False])
def test_4_6_8_defender_of_an_obstacle_chooses_whether_to_pursue(go):
    from sim.daimyo.combat import FollowUp
    g, end = _fenced()
    st = g.state
    g.dice.force(*TWO_HITS_TO_B, 1)                      # 2-0: a routs 11 cm (light infantry, 1)
    ev = g.apply(end)
    assert kinds(ev, "UnitRouted")[0].distance == 11 and st.units["a"].routing
    assert not kinds(ev, "Pursued") and g.to_act() == "west"
    if go:
        g.dice.force(6)                                  # pursuit 15 cm catches the routers
    ev = g.apply(FollowUp("west", "b", go))
    if go:
        p = kinds(ev, "Pursued")[0]
        assert (p.roll, p.distance, p.outcome) == (6, 15, "caught") and st.units["a"].gone == "destroyed"
    else:
        assert not kinds(ev, "Pursued") and st.units["b"].y == 30 and st.units["a"].alive
        assert any(e.kind == "Note" and e.rule == "4.6.8" for e in ev)


def test_4_6_6_frenzied_defenders_of_an_obstacle_must_follow_up():
    g, end = _fenced(frenzied=True)
    g.dice.force(*ONE_HIT_TO_B)                           # frenzy +2 changes no hit here
    ev = g.apply(end)
    assert kinds(ev, "FollowedUp") and not g.state.pending


def test_4_6_6_no_choice_without_an_obstacle():
    g = clash()
    from sim.daimyo import actions as A
    g.dice.force(*[1, 1] * 4 + [3, 4] + [1, 1] * 3)      # b: 7+1 hits
    ev = g.apply(A.EndShooting("east"))
    assert kinds(ev, "FollowedUp") and not g.state.pending


def test_4_6_9_melee_lists_follow_contact_when_nothing_touches_twice():
    """refresh_melee_lists skips the units when the contacts answer is the one it last emptied
    them for; apart, together, apart again and called twice each way, the lists are the full
    loop's."""
    g = clash()
    st = g.state
    a, b = st.units["a"], st.units["b"]
    for y, want in ((20.0, []), (20.0, []), (30.0, ["b"]), (30.0, ["b"]), (20.0, []), (20.0, [])):
        a.y = y
        melee.refresh_melee_lists(st)
        assert a.in_melee_with == want and b.in_melee_with == (["a"] if want else [])
        if want:
            st.melee_rounds["a|b"] = 2
        melee.refresh_melee_lists(st)
        assert a.melee_rounds == (2 if want else 0)
