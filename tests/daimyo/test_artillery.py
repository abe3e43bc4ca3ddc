"""Daimyo 6.1 artillery: movement (5 / 3 cm, straight ahead on clear ground, double on roads,
pivoting is the move), no charge / wheel / turn / fall back, no moving and shooting in one
turn, ranges and firing factors with forced dice, improvised melee weapons, capture by the
melee winner, crew abandonment and the first unit to reach the gun, the captor's clan using it
from the next turn; 6.2 guns only pivot in thunderstorm and snow; the scenario schema."""
import pytest

from sim.core.errors import RuleError, ScenarioError
from sim.daimyo import actions as A
from sim.daimyo import command, movement
from sim.daimyo.combat import Charge, melee, morale, shooting
from sim.daimyo.combat.victory import points
from sim.daimyo.combat.actions import Shoot
from sim.daimyo.model import Armour

from .combat_helpers import activate, kinds, new_game, scenario, step, unit

LIGHT = dict(troop="artillery", quality="regular", weapons=["light_cannon"], armour="light")


def gun(uid="g", cannon="light_cannon", x=60, y=30, facing=90):
    return unit(uid, "artillery", "regular", [cannon], "light", 1, 1, x, y, facing)


def target(uid="t", y=50, troop="ashigaru", weapons=("long_spear",), armour="medium", x=60, quality="regular", stands=4):
    return unit(uid, troop, quality, list(weapons), armour, stands, stands, x, y, 270)


def table(east, west, terrain=(), phase="orders"):
    # daimyo within command range of the guns (1.8), clear of every path
    g = new_game(scenario(east, west, east_daimyo=(40, 22), west_daimyo=(75, 48), terrain=terrain))
    activate(g, "east", "e", phase)
    return g


# -- ranges and firing factors (6.1) ----------------------------------------------------------
@pytest.mark.parametrize("cannon,eff,long", [("light_cannon", 20, 40), ("heavy_cannon", 30, 60)])
def test_6_1_ranges_light_20_40_heavy_30_60(cannon, eff, long):
    g = table([gun(cannon=cannon)], [target(y=30 + eff - 0.5)])
    st = g.state
    assert shooting.ranges(st.units["g"]) == (eff, long)
    assert shooting.reach(st, st.units["g"]) == long
    (v, d), = shooting.targets(st, st.units["g"]).values()
    assert v.id == "t" and d == pytest.approx(eff - 0.5)
    st.units["t"].y = 30 + long - 0.5                  # inside long range
    assert list(shooting.targets(st, st.units["g"]).values())[0][1] == pytest.approx(long - 0.5)
    st.units["t"].y = 30 + long + 0.5                  # out of range
    assert shooting.targets(st, st.units["g"]) == {}


def _shoot(g, *faces):
    g.dice.force(*faces)
    return kinds(g.apply(Shoot("east", "g")), "ShotResolved")


def test_6_1_worked_light_gun_at_cavalry_long_range_7_misses_8_hits():
    # 35 cm: long range (-1), cavalry (+1): net 0, so 2d6 = 7 misses and 8 hits (4.5.3).
    g = table([gun()], [target(troop="mounted_samurai", weapons=["lance"], quality="veteran", y=65)], phase="shooting")
    g.state.first_shot_done = []                      # 4.5.4's +2 is not a gun factor (ruling D-91)
    shot, = _shoot(g, 3, 4)
    assert shot.band == "long" and [(l, v) for l, v, _ in shot.modifiers] == [("gun at cavalry", 1), ("gun at long range", -1)]
    assert shot.hits == 0
    g = table([gun()], [target(troop="mounted_samurai", weapons=["lance"], quality="veteran", y=65)], phase="shooting")
    shot, = _shoot(g, 4, 4)
    assert shot.hits == 1 and g.state.units["t"].hits == 1


def test_6_1_worked_heavy_gun_at_foot_in_cover_effective_range():
    # 25 cm from a heavy gun is effective range (no factor); target behind a fence: -1 cover.
    fence = {"id": "fence", "kind": "fence", "points": [[50, 55.2], [70, 55.2]]}
    g = table([gun(cannon="heavy_cannon")], [target(y=55, armour="light")], terrain=[fence], phase="shooting")
    shot, = _shoot(g, 4, 4)                           # 8 - 1 = 7: a miss
    assert shot.band == "effective"
    assert [(l, v) for l, v, _ in shot.modifiers] == [("target in cover", -1)]
    assert shot.hits == 0
    g = table([gun(cannon="heavy_cannon")], [target(y=55, armour="light")], terrain=[fence], phase="shooting")
    assert _shoot(g, 4, 5)[0].hits == 1              # 9 - 1 = 8: a hit


def test_6_1_no_4_5_4_factors_for_guns_ruling_D_91():
    # light-armoured target in column, gun disordered and being charged: none of it counts
    g = table([gun()], [target(armour="light", stands=4)])
    st = g.state
    st.units["t"].files = 1
    st.units["g"].disordered = True
    st.units["g"].charged_by.append("t")
    assert shooting.modifiers(st, st.units["g"], st.units["t"], True) == []


def test_6_1_missile_fire_at_a_gun_has_no_column_bonus():
    # a gun is one stand, not a column (4.5.4 +1 for a column does not apply)
    g = table([unit("s", "ashigaru", "regular", ["arquebus"], "light", 4, 4, 60, 30, 90)], [gun("wg", y=40, facing=270)])
    st = g.state
    st.first_shot_done = list(st.units)     # every unit has had its first volley
    got = {l: v for l, v, _ in shooting.modifiers(st, st.units["s"], st.units["wg"], False)}
    assert got == {"target in light armour": 1}


@pytest.mark.parametrize("weather,reach", [("light_rain", 40), ("heavy_rain", 30), ("snowing", 20), ("fog", 10)])
def test_6_2_guns_take_no_weather_factor_but_visibility_limits_them_ruling_D_92(weather, reach):
    g = table([gun()], [target(y=45)])
    st = g.state
    st.options["weather"] = True
    st.weather = weather
    assert not shooting.may_shoot(st, st.units["g"])
    assert shooting.reach(st, st.units["g"]) == reach
    assert shooting.modifiers(st, st.units["g"], st.units["t"], True) == []


def test_5_3_poor_visibility_limits_a_gun_to_its_effective_range():
    g = table([gun(cannon="heavy_cannon")], [target(y=45)])
    st = g.state
    st.event = "poor_visibility"
    assert shooting.reach(st, st.units["g"]) == 30


# -- no moving and shooting (6.1) ---------------------------------------------------------------
@pytest.mark.parametrize("order", [lambda: A.Move("east", "g", 2.0), lambda: A.Reform("east", "g", 1, 120.0)])
def test_6_1_a_gun_that_moved_or_pivoted_may_not_shoot(order):
    g = table([gun()], [target(y=50)])
    g.apply(order())
    g.apply(A.EndMovement("east"))
    st = g.state
    assert "6.1" in shooting.may_shoot(st, st.units["g"])
    assert not any(isinstance(a, Shoot) for a in g.legal_actions("east"))


@pytest.mark.parametrize("order", [lambda: A.Move("east", "g", 2.0), lambda: A.Reform("east", "g", 1, 120.0)])
def test_6_1_a_gun_that_shot_may_not_move_or_pivot(order):
    g = table([gun()], [target(y=50)])
    g.state.units["g"].shot = True                    # e.g. closing fire earlier this turn
    with pytest.raises(RuleError) as e:
        g.apply(order())
    assert e.value.rule == "6.1"


# -- movement (6.1, 6.2) ------------------------------------------------------------------------
@pytest.mark.parametrize("cannon,cm", [("light_cannon", 5), ("heavy_cannon", 3)])
def test_6_1_guns_move_5_or_3_cm_straight_ahead(cannon, cm):
    g = table([gun(cannon=cannon)], [target(y=70)])
    st = g.state
    assert movement.max_move(st, st.units["g"]) == cm
    with pytest.raises(RuleError):
        g.apply(A.Move("east", "g", cm + 0.1))
    g.apply(A.Move("east", "g", cm))
    assert st.units["g"].y == pytest.approx(30 + cm)


def test_6_1_guns_move_double_on_roads():
    road = {"id": "road", "kind": "road", "points": [[56, 0], [64, 0], [64, 90], [56, 90]]}
    g = table([gun()], [target(y=80, x=20)], terrain=[road])
    g.apply(A.Move("east", "g", 10.0))
    assert g.state.units["g"].y == pytest.approx(40)


def test_6_1_guns_move_on_clear_terrain_only():
    hill = {"id": "hill", "kind": "low_hill", "points": [[50, 32], [70, 32], [70, 40], [50, 40]]}
    g = table([gun()], [target(y=80)], terrain=[hill])
    with pytest.raises(RuleError) as e:
        g.apply(A.Move("east", "g", 4.0))
    assert e.value.rule == "6.1"


@pytest.mark.parametrize("order", [lambda: A.Wheel("east", "g", 30), lambda: A.Turn("east", "g", 90),
                                   lambda: A.FallBack("east", "g", 2.0)])
def test_6_1_guns_do_not_wheel_turn_or_fall_back(order):
    g = table([gun()], [target(y=70)])
    with pytest.raises(RuleError) as e:
        g.apply(order())
    assert e.value.rule == "6.1"


def test_6_1_pivoting_counts_as_movement_a_gun_that_pivoted_does_not_move():
    g = table([gun()], [target(y=70)])
    g.apply(A.Reform("east", "g", 1, 45.0))
    assert g.state.units["g"].facing == 45
    with pytest.raises(RuleError):
        g.apply(A.Move("east", "g", 1.0))
    g = table([gun()], [target(y=70)])
    g.apply(A.Move("east", "g", 1.0))
    with pytest.raises(RuleError) as e:
        g.apply(A.Reform("east", "g", 1, 45.0))
    assert e.value.rule == "4.3.5.4"


@pytest.mark.parametrize("weather", ["thunderstorm", "snowing"])
def test_6_2_in_thunderstorm_and_snow_guns_only_pivot(weather):
    g = table([gun()], [target(y=70)])
    g.state.weather = weather
    with pytest.raises(RuleError) as e:
        g.apply(A.Move("east", "g", 1.0))
    assert e.value.rule == "6.2"
    g.apply(A.Reform("east", "g", 1, 60.0))
    assert g.state.units["g"].facing == 60


def test_6_1_guns_may_not_charge():
    g = table([gun()], [target(y=40)])
    assert not any(isinstance(a, Charge) for a in g.legal_actions("east"))
    with pytest.raises(RuleError) as e:
        g.apply(Charge("east", "g", "t"))
    assert e.value.rule in ("6.1", "4.4")


def test_6_1_menu_offers_pivots_to_face_the_enemy_and_every_gun_order_is_legal():
    g = table([gun()], [target(y=50, x=90)])
    orders = [a for a in g.legal_actions("east") if getattr(a, "unit", "") == "g"]
    kinds_ = {type(a).__name__ for a in orders}
    assert "Reform" in kinds_ and not kinds_ & {"Wheel", "Turn", "FallBack", "Charge"}
    for a in orders:
        g.validate(a)                                 # none is refused


# -- melee and capture (6.1) --------------------------------------------------------------------
def _clash(gun_wins: bool):
    """A west infantry unit front to front with the gun (one stand of it touches)."""
    g = table([gun()], [unit("b", "ashigaru", "regular", ["imw"], "light", 2, 1, 60, 30, 270)], phase="shooting")
    # gun (imw +1 vs infantry) rolls first as the active side, then the enemy stand
    faces = [4, 4, 1, 1] if gun_wins else [1, 1, 4, 4]
    g.dice.force(*faces)
    return g, step(g, lambda: melee.melee_step(g))


def test_6_1_guns_fight_with_improvised_weapons():
    g, _ = _clash(True)
    st = g.state
    assert melee.melee_weapon(st.units["g"]).value == "imw"


def test_6_1_a_gun_that_loses_a_melee_is_taken_by_the_winner():
    g, ev = _clash(False)
    st = g.state
    assert {e.unit: e.outcome for e in kinds(ev, "MeleeResult")} == {"g": "pushed_back", "b": "win"}
    taken, = kinds(ev, "GunTaken")
    assert (taken.gun, taken.by, taken.clan, taken.how) == ("g", "b", "w", "melee")
    assert st.units["g"].gone == "captured" and st.armies["east"].units_destroyed == 1
    new = st.units[taken.new_unit]
    assert (new.side, new.clan, new.captured_from, new.quality.value) == ("west", "w", "east", "regular")
    assert (new.x, new.y, new.facing) == (60, 30, 90)
    assert not kinds(ev, "PushedBack") and not kinds(ev, "FollowedUp")
    assert points(new) == 0                   # ruling D-94


def test_6_1_a_gun_that_wins_does_not_follow_up():
    g, ev = _clash(True)
    assert {e.unit: e.outcome for e in kinds(ev, "MeleeResult")} == {"g": "win", "b": "pushed_back"}
    assert kinds(ev, "PushedBack") and not kinds(ev, "FollowedUp")


def test_6_1_captured_gun_is_activated_by_the_captors_clan_from_next_turn():
    g, ev = _clash(False)
    st = g.state
    new = st.units[kinds(ev, "GunTaken")[0].new_unit]
    activate(g, "west", "w")
    assert new not in command.orderable_units(st)     # not this turn
    assert shooting.may_shoot(st, new)                 # it counts as having moved this turn
    command.reset_turn(st)
    activate(g, "west", "w")
    assert new in command.orderable_units(st)
    g.apply(A.Reform("west", new.id, 1, 270.0))       # the new crew turns it on its old owners


# -- crew abandonment (6.1) ---------------------------------------------------------------------
def test_6_1_a_gun_that_must_rout_is_abandoned_not_routed():
    g = table([gun()], [target(y=60)])
    st = g.state
    ev = step(g, lambda: morale.apply(g, st.units["g"], "rout"))
    assert not kinds(ev, "UnitRouted")
    assert [(e.unit, e.reason, e.rule) for e in kinds(ev, "UnitRemoved")] == [("g", "crew_fled", "6.1")]
    g_ = st.units["g"]
    assert g_.gun_on_table and (g_.x, g_.y) == (60, 30) and st.armies["east"].units_destroyed == 1


@pytest.mark.parametrize("who,side", [("t", "west"), ("f", "east")])
def test_6_1_an_abandoned_gun_goes_to_the_first_unit_to_contact_it_enemy_or_friend(who, side):
    # the enemy 't' comes down from the north, the friend 'f' from the south; whoever moves
    # into contact first takes the gun
    g = table([gun(), unit("f", "ashigaru", "regular", ["imw"], "light", 2, 2, 60, 20, 90)],
              [unit("t", "ashigaru", "regular", ["imw"], "light", 2, 2, 60, 40, 270)])
    st = g.state
    step(g, lambda: morale.apply(g, st.units["g"], "rout"))
    mover, clan = ("t", "w") if who == "t" else ("f", "e")
    activate(g, side, clan)
    dist = 10.0 if who == "t" else 7.0                # to the gun's front edge / its rear edge
    ev = g.apply(A.Move(side, mover, dist))
    taken, = kinds(ev, "GunTaken")
    assert (taken.by, taken.how) == (mover, "contact")
    new = st.units[taken.new_unit]
    assert new.side == side and not st.units["g"].gun_on_table
    assert new.activated                              # used from the next turn


def test_6_1_routing_units_do_not_take_an_abandoned_gun():
    g = table([gun()], [unit("t", "ashigaru", "regular", ["imw"], "light", 2, 2, 60, 30, 270)])
    st = g.state
    st.units["t"].routing = True
    step(g, lambda: morale.apply(g, st.units["g"], "rout"))
    assert st.units["g"].gun_on_table


# -- scenario schema (6.1) ----------------------------------------------------------------------
@pytest.mark.parametrize("change,key,words", [
    (dict(weapons=["light_cannon", "heavy_cannon"]), "weapons", "light or heavy"),
    (dict(quality="veteran"), "quality", "always regular"),
    (dict(stands=2, files=1), "stands", "one stand"),
    (dict(weapons=["arquebus"]), "weapons", "may not carry"),
])
def test_6_1_scenario_rejects_bad_guns(change, key, words):
    spec = gun()
    spec.update(change)
    with pytest.raises(ScenarioError) as e:
        new_game(scenario([spec], [target(y=70)]))
    assert key in str(e.value) and words in str(e.value)


def test_6_1_scenario_option_artillery_false_refuses_guns():
    sc = scenario([gun()], [target(y=70)])
    sc["options"]["artillery"] = False
    with pytest.raises(ScenarioError) as e:
        new_game(sc)
    assert "options.artillery" in str(e.value)


def test_6_1_gun_stand_is_40_by_30_mm():
    g = table([gun()], [target(y=70)])
    u = g.state.units["g"]
    assert (u.stand_w, u.stand_d, u.armour) == (4.0, 3.0, Armour.LIGHT)


def test_6_1_a_gun_gives_closing_fire_at_chargers_with_its_own_ranges_ruling_D_91():
    # spearmen (charge 15 cm) charge a gun 10 cm away: beyond half their charge move, so the
    # gun may shoot (4.4); 10 cm is inside its 20 cm effective range, no factor vs foot: 8 hits
    from sim.daimyo.combat import React
    g = table([unit("c", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 30, 90)],
              [gun("wg", y=40, facing=270)])
    g.apply(Charge("east", "c", "wg"))
    assert "shoot" in [a.choice for a in g.legal_actions("west")]
    g.dice.force(4, 4)
    shot, = kinds(g.apply(React("west", "wg", "shoot")), "ShotResolved")
    assert (shot.unit, shot.band, shot.modifiers, shot.hits) == ("wg", "effective", (), 1)
    assert g.state.units["wg"].shot                      # and so it may not move this turn (6.1)
