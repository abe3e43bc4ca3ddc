"""Daimyo 4.5 shooting: eligibility, arcs, ranges, sight, every 4.5.4 modifier, 2d6 >= 8 per
stand, 3 hits a stand from the rear rank, leader casualties (4.5.5). Dice are forced."""
import pytest

from sim.daimyo.combat import shooting
from sim.daimyo.combat.actions import Shoot
from sim.daimyo.model import Armour, Quality
from sim.daimyo.terrain import Feature

from .combat_helpers import activate, east_first_next_turn, kinds, new_game, scenario, step, unit


def duel(shooter_kw=None, target_kw=None, gap=6.0, **kw):
    """An east shooter at y=30 facing north and a west target `gap` cm ahead, facing it."""
    s = dict(troop="ashigaru", quality="regular", weapons=["arquebus"], armour="light")
    s.update(shooter_kw or {})
    t = dict(troop="ashigaru", quality="regular", weapons=["long_spear"], armour="medium")
    t.update(target_kw or {})
    sc = scenario([unit("s", s.pop("troop"), s.pop("quality"), s.pop("weapons"), s.pop("armour"), 4, 4, 60, 30, 90, **s)],
                  [unit("t", t.pop("troop"), t.pop("quality"), t.pop("weapons"), t.pop("armour"), 4, 4, 60, 30 + gap, 270, **t)],
                  east_daimyo=(60, 24), west_daimyo=(60, 60), **kw)
    g = new_game(sc)
    activate(g, "east", "e", "shooting")
    g.state.first_shot_done = ["s", "t"]       # both units have had their first volley (4.5.4)
    return g


def mods(g, effective=True):
    st = g.state
    return {label: v for label, v, _ in shooting.modifiers(st, st.units["s"], st.units["t"], effective)}


def test_4_5_4_no_modifiers_in_the_base_case():
    assert mods(duel(), effective=False) == {}


def test_4_5_4_first_shot_of_the_game_plus_2_only_in_good_order():
    g = duel()
    g.state.first_shot_done = []
    assert mods(g, False) == {"first shot of the game": 2}
    g.state.units["s"].disordered = True
    assert "first shot of the game" not in mods(g, False)


def test_4_5_4_first_volley_plus_2_for_each_unit_once_in_the_game_ruling_D_101():
    """Two east arquebus units shoot in turn 1: each gets +2 on its first volley; in turn 2
    the first unit's second volley does not."""
    sc = scenario([unit("s1", "ashigaru", "regular", ["arquebus"], "light", 4, 4, 40, 30, 90),
                   unit("s2", "ashigaru", "regular", ["arquebus"], "light", 4, 4, 80, 30, 90)],
                  [unit("t1", "ashigaru", "regular", ["long_spear"], "medium", 4, 4, 40, 40, 270),
                   unit("t2", "ashigaru", "regular", ["long_spear"], "medium", 4, 4, 80, 40, 270)],
                  east_daimyo=(60, 24), west_daimyo=(60, 70))
    g = new_game(sc)
    activate(g, "east", "e", "shooting")
    first = []
    for uid in ("s1", "s2"):
        g.dice.force(*[1, 1] * 4)
        shot = kinds(g.apply(Shoot("east", uid)), "ShotResolved")[0]
        first.append(dict((label, v) for label, v, _ in shot.modifiers))
    assert first == [{"first shot of the game": 2}] * 2                    # 10 cm: long range
    east_first_next_turn(g)
    g.dice.force(*[1, 1] * 4)
    shot = kinds(g.apply(Shoot("east", "s1")), "ShotResolved")[0]
    assert "first shot of the game" not in {label for label, _, _ in shot.modifiers}


@pytest.mark.parametrize("setup,label,value", [
    (lambda g: setattr(g.state.units["t"], "armour", Armour.LIGHT), "target in light armour", 1),
    (None, "effective range", 1),
    (lambda g: setattr(g.state.units["t"], "files", 1), "target in column or shot in the flank", 1),
    (lambda g: setattr(g.state.units["s"], "disordered", True), "shooter disordered", -1),
    (lambda g: setattr(g.state.units["s"], "quality", Quality.RAW), "shooter raw", -1),
    (lambda g: g.state.units["s"].charged_by.append("t"), "shooter being charged", -1),
    (lambda g: setattr(g.state.units["s"], "moved", True), "shooter moved this turn", -1),
])
def test_4_5_4_modifier(setup, label, value):
    g = duel()
    if setup:
        setup(g)
    got = mods(g, effective=label == "effective range")
    assert got == {label: value}


def test_4_5_4_arquebus_vs_cavalry_plus_1():
    g = duel(target_kw=dict(troop="mounted_samurai", quality="veteran", weapons=["lance"], armour="medium"))
    assert mods(g, False) == {"arquebus vs cavalry": 1}


def test_4_5_4_bow_vs_heavy_armour_minus_1():
    g = duel(shooter_kw=dict(weapons=["bow"]),
             target_kw=dict(troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy"))
    assert mods(g, False) == {"bow vs heavy armour": -1}


def test_4_5_4_target_shot_in_the_flank_plus_1():
    g = duel()
    t = g.state.units["t"]
    t.x, t.y, t.facing = 70, 36, 0           # facing east, its left flank toward the shooter
    assert mods(g, False) == {"target in column or shot in the flank": 1}


def test_4_5_4_target_in_cover_minus_1_and_building_minus_2():
    g = duel()
    g.state.terrain.append(Feature("sc", "scrub", ((50, 35), (70, 35), (70, 40), (50, 40))))
    assert mods(g, False) == {"target in cover": -1}
    g.state.terrain[-1] = Feature("h", "house", ((50, 35), (70, 35), (70, 40), (50, 40)))
    assert mods(g, False) == {"target in a building": -2}


# -- who shoots, arcs, ranges --------------------------------------------------------------
def test_4_5_two_ranks_in_good_order_one_disordered():
    sc = scenario([unit("s", "ashigaru", "regular", ["bow"], "light", 6, 3, 60, 30, 90)],
                  [unit("t", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 36, 270)],
                  east_daimyo=(60, 20))
    g = new_game(sc)
    u = g.state.units["s"]
    assert shooting.shooting_stands(g.state, u) == [0, 1, 2, 3, 4, 5]
    u.disordered = True
    assert shooting.shooting_stands(g.state, u) == [0, 1, 2]


def test_4_5_at_most_two_stands_shoot_from_a_building():
    g = duel()
    g.state.terrain.append(Feature("h", "house", ((50, 27), (70, 27), (70, 31), (50, 31))))
    assert len(shooting.shooting_stands(g.state, g.state.units["s"])) == 2


@pytest.mark.parametrize("gap,band", [(5, "effective"), (8, "effective"), (8.5, "long"), (15, "long")])
def test_4_5_1_range_bands(gap, band):
    g = duel(gap=gap)
    got = shooting.targets(g.state, g.state.units["s"])
    assert got and all(abs(d - gap) < 1e-6 for _, d in got.values())
    g.dice.force(*[1] * 8)
    ev = g.apply(Shoot("east", "s"))
    assert [e.band for e in ev if e.kind == "ShotResolved"] == [band]


def test_4_5_1_beyond_15_cm_no_target():
    g = duel(gap=15.5)
    assert shooting.targets(g.state, g.state.units["s"]) == {}


def test_4_5_45_degree_arc_of_infantry_and_360_of_cavalry():
    g = duel()
    t = g.state.units["t"]
    t.x, t.y, t.facing = 60, 22, 90           # behind the shooter
    assert shooting.targets(g.state, g.state.units["s"]) == {}
    s = g.state.units["s"]
    s.troop = __import__("sim.daimyo.model", fromlist=["Troop"]).Troop.MOUNTED_SAMURAI
    assert shooting.targets(g.state, s)


def test_4_5_2_no_shooting_through_units_without_a_4_cm_gap():
    g = duel(gap=12)
    from sim.daimyo.model import Unit
    st = g.state
    src = st.units["s"]
    st.units["block"] = Unit("block", "block", "east", "e", src.troop, src.quality, src.weapons,
                             src.armour, 6, 6, 60, 36, 90)
    assert shooting.targets(st, src) == {}


def test_4_5_1_woods_limit_range_to_3_cm():
    g = duel(gap=5)
    g.state.terrain.append(Feature("w", "wood", ((40, 20), (80, 20), (80, 50), (40, 50))))
    assert shooting.targets(g.state, g.state.units["s"]) == {}
    g2 = duel(gap=3)
    g2.state.terrain.append(Feature("w", "wood", ((40, 20), (80, 20), (80, 50), (40, 50))))
    assert shooting.targets(g2.state, g2.state.units["s"])


# -- procedure and results ------------------------------------------------------------------
def test_4_5_3_each_stand_hits_on_8_or_more_and_3_hits_remove_a_stand():
    g = duel(gap=6)                      # effective range: +1, no other modifier
    # faces: 7 (+1 = 8 hit), 6 (7 miss), 12 hit, 9 hit
    g.dice.force(3, 4, 3, 3, 6, 6, 4, 5)
    ev = g.apply(Shoot("east", "s"))
    shot = [e for e in ev if e.kind == "ShotResolved"][0]
    assert shot.stands == 4 and shot.band == "effective" and shot.hits == 3
    assert shot.rolls == ((3, 4), (3, 3), (6, 6), (4, 5))
    assert shot.modifiers == (("effective range", 1, "4.5.4"),)
    t = g.state.units["t"]
    assert t.stands == 3 and t.hits == 0 and t.hit_by_shooting
    assert [e.kind for e in ev].count("StandRemoved") == 1


def test_4_5_5_hits_below_3_carry_over_ruling_D_20():
    g = duel(gap=6)
    g.dice.force(4, 4, 1, 1, 1, 1, 1, 1)
    g.apply(Shoot("east", "s"))
    assert g.state.units["t"].hits == 1 and g.state.units["t"].stands == 4


def test_4_5_5_leader_killed_on_1d6_plus_stands_4_or_less():
    g = duel(gap=6)
    t = g.state.units["t"]
    t.stands, t.files = 2, 2
    g.state.leaders["daimyo-w"].attached_to = "t"
    g.dice.force(6, 6, 6, 6, 6, 6, 6, 6)
    g.dice.force(3)                        # leader test: 3 + 1 stand left = 4: killed
    ev = g.apply(Shoot("east", "s"))
    test = [e for e in ev if e.kind == "LeaderHitTest"][0]
    assert (test.roll, test.stands, test.killed) == (3, 1, True)
    assert not g.state.leaders["daimyo-w"].alive
    assert 5 in t.morale_reasons


def test_4_5_illegal_shots_raise_and_leave_the_state_untouched():
    from sim.core.codec import encode
    from sim.core.errors import RuleError
    g = duel(gap=20)
    before = encode(g.state)
    with pytest.raises(RuleError) as exc:
        g.apply(Shoot("east", "s"))
    assert exc.value.rule == "4.5" and encode(g.state) == before
    g = duel(gap=6)
    g.state.units["s"].shot = True
    with pytest.raises(RuleError):
        g.apply(Shoot("east", "s"))


def test_4_3_5_3_missile_ashigaru_falling_back_shoot_from_where_they_started():
    """Arquebusiers 13 cm from the target fall back 5.5 cm: measured from the start the
    target is at long range (8-15 cm), not out of range at 18.5 cm."""
    from sim.daimyo import actions as A
    sc = scenario([unit("s", "ashigaru", "regular", ["arquebus"], "light", 4, 4, 60, 30, 90)],
                  [unit("t", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 43, 270)],
                  east_daimyo=(60, 24), west_daimyo=(60, 70))
    g = new_game(sc)
    st = g.state
    activate(g, "east", "e")
    g.apply(A.FallBack("east", "s", 5.5))
    assert st.units["s"].y == pytest.approx(24.5)
    got = shooting.targets(st, st.units["s"])
    assert {v.id for v, _ in got.values()} == {"t"}
    assert all(d == pytest.approx(13) for _, d in got.values())
    st.units["s"].shoot_from = ()                     # from where it stands now: out of range
    assert shooting.targets(st, st.units["s"]) == {}
