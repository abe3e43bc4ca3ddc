"""Daimyo 6.2 weather (season, the 2d6 table cell by cell, clearing roll, effects on shooting
and charges) and 5.3 random events. Dice are forced."""
import pytest

from sim.daimyo import combat
from sim.daimyo.combat import melee, random_event as random_events, shooting, weather

from .combat_helpers import activate, new_game, scenario, step, unit

# 6.2 weather table, 2d6 = 2..12 (from the rules)
TABLE = {
    "spring_autumn": ["fine"] * 8 + ["fine", "light_rain", "fog", "heavy_rain"][1:],
    "summer": ["fine"] * 9 + ["light_rain", "thunderstorm"],
    "winter": ["fine"] * 7 + ["light_rain", "fog", "heavy_rain", "snowing"],
}
TABLE["spring_autumn"] = ["fine"] * 8 + ["light_rain", "fog", "heavy_rain"]


def game(**options):
    sc = scenario([unit("s", "ashigaru", "regular", ["arquebus"], "light", 4, 4, 60, 30, 90)],
                  [unit("t", "ashigaru", "regular", ["bow"], "medium", 4, 4, 60, 36, 270)],
                  east_daimyo=(60, 24), west_daimyo=(60, 60))
    sc["options"].update(options)
    return new_game(sc)


@pytest.mark.parametrize("face,season", [(1, "spring_autumn"), (3, "spring_autumn"), (4, "summer"),
                                         (5, "summer"), (6, "winter")])
def test_6_2_season_roll(face, season):
    g = game()
    g.state.options["weather"] = True
    g.dice.force(face)
    step(g, lambda: weather.roll_season(g))
    assert g.state.season == season


@pytest.mark.parametrize("season", sorted(TABLE))
@pytest.mark.parametrize("total", range(2, 13))
def test_6_2_weather_table_cell(season, total):
    g = game(weather=True, season=season)
    st = g.state
    st.turn = 2
    st.weather = "fine"
    g.dice.force(max(1, total - 6), min(6, total - 1))
    step(g, lambda: weather.turn_weather(g))
    assert st.weather == TABLE[season][total - 2]


@pytest.mark.parametrize("season,face,clears", [("summer", 4, True), ("summer", 3, False),
                                                ("winter", 4, False), ("winter", 5, True)])
def test_6_2_bad_weather_clears_on_4_plus_winter_minus_1(season, face, clears):
    g = game(weather=True, season=season)
    st = g.state
    st.turn, st.weather = 3, "heavy_rain"
    g.dice.force(face)
    step(g, lambda: weather.turn_weather(g))
    assert (st.weather == "fine") is clears


@pytest.mark.parametrize("w,label_value", [("light_rain", ("light_rain", -1)), ("heavy_rain", ("heavy_rain", -2)),
                                           ("snowing", ("snowing", -2)), ("fine", None)])
def test_6_2_arquebus_shooting_modifiers(w, label_value):
    g = game(weather=True)
    st = g.state
    st.weather = w
    st.first_shot_done = list(st.units)     # every unit has had its first volley
    mods = [(l, v) for l, v, _ in shooting.modifiers(st, st.units["s"], st.units["t"], False)]
    assert mods == ([label_value] if label_value else [])


def test_6_2_thunderstorm_no_arquebus_fire_bow_minus_2():
    g = game(weather=True)
    st = g.state
    st.weather = "thunderstorm"
    assert "no arquebus fire" in shooting.may_shoot(st, st.units["s"])
    st.first_shot_done = list(st.units)     # every unit has had its first volley
    mods = [(l, v) for l, v, _ in shooting.modifiers(st, st.units["t"], st.units["s"], False)]
    assert ("thunderstorm", -2) in mods


@pytest.mark.parametrize("w,cm", [("heavy_rain", 30), ("thunderstorm", 25), ("snowing", 20), ("fog", 10)])
def test_6_2_visibility_limits_shooting_range(w, cm):
    g = game(weather=True)
    st = g.state
    st.weather = w
    assert shooting.reach(st, st.units["s"]) == min(15, cm)


@pytest.mark.parametrize("w", ["thunderstorm", "snowing"])
def test_6_2_no_charge_bonus_in_thunderstorm_or_snow(w):
    g = game(weather=True)
    st = g.state
    a, b = st.units["s"], st.units["t"]
    a.charge_target, a.charge_bonus = "t", True
    assert "infantry charge" in [l for l, _, _ in melee.modifiers(st, a, b, 0)]
    st.weather = w
    assert "infantry charge" not in [l for l, _, _ in melee.modifiers(st, a, b, 0)]


# -- 5.3 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("face,event", list(enumerate(
    ["poor_visibility", "sunset", "surprise_march", "heroic_charge", "superhuman_discipline", "fanaticism"], 1)))
def test_5_3_event_table(face, event):
    g = game(random_events=True)
    st = g.state
    g.dice.force(6, face, 3, 4)
    ev = step(g, lambda: random_events.roll(g))
    assert [e.event for e in ev if e.kind == "RandomEvent"] == [event]
    if event == "sunset":
        assert st.options["max_turns"] == st.turn + 7
    else:
        assert st.event == event and st.event_turns == st.turn + 1


def test_5_3_no_event_below_6():
    g = game(random_events=True)
    g.dice.force(5)
    step(g, lambda: random_events.roll(g))
    assert g.state.event == ""


def test_5_3_poor_visibility_limits_to_effective_range_then_clears_on_4_plus():
    g = game(random_events=True)
    st = g.state
    st.event, st.event_turns, st.turn = "poor_visibility", 2, 2
    assert shooting.reach(st, st.units["s"]) == 8
    st.turn = 3
    g.dice.force(3)
    step(g, lambda: random_events.start_of_turn(g))
    assert st.event == "poor_visibility"
    g.dice.force(4)
    step(g, lambda: random_events.start_of_turn(g))
    assert st.event == ""


def test_5_3_superhuman_discipline_reforms_the_first_activated_clan():
    g = game(random_events=True)
    st = g.state
    st.event, st.event_turns = "superhuman_discipline", st.turn
    st.units["s"].disordered = True
    activate(g, "east", "e")
    step(g, lambda: combat.start_of_activation(g))
    assert not st.units["s"].disordered and st.event_clan == "e"


def test_5_3_heroic_charge_plus_3_for_the_first_charger():
    g = game(random_events=True)
    st = g.state
    st.event, st.event_turns = "heroic_charge", st.turn
    st.units["t"].y = 40
    activate(g, "east", "e")
    from sim.daimyo.combat import Charge, React
    g.apply(Charge("east", "s", "t"))
    if st.pending:
        g.apply(React("west", "t", "stand"))
    assert st.heroic_unit == "s"
    assert ("heroic charge", 3, "5.3") in melee.modifiers(st, st.units["s"], st.units["t"], 0)


# -- 5.3 event 6 fanaticism, event 3 surprise march -------------------------------------------
def fanatics(event="fanaticism"):
    """East samurai 's' (x 52-68, front y 30) facing north; west 'near' 8 cm ahead on its left,
    'far' 10 cm ahead on its right: both within its 14 cm charge (4.3)."""
    sc = scenario([unit("s", "samurai", "veteran", ["pole_arm"], "medium", 4, 4, 60, 30, 90)],
                  [unit("near", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 50, 38, 270),
                   unit("far", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 70, 40, 270)],
                  east_daimyo=(40, 24), west_daimyo=(90, 70))
    g = new_game(sc, seed=3)
    st = g.state
    st.event, st.event_turns = event, st.turn
    activate(g, "east", "e")
    step(g, lambda: random_events.clan_activated(g))   # the first clan activated this turn
    return g


def _orders(g, uid="s"):
    return [a for a in g.legal_actions("east") if getattr(a, "unit", "") == uid]


def test_5_3_fanaticism_must_charge_the_nearest_visible_enemy():
    from sim.core.errors import RuleError
    from sim.daimyo import actions as A
    from sim.daimyo.combat import Charge
    free = fanatics(event="")
    assert {a.target for a in _orders(free) if a.kind == "Charge"} == {"near", "far"}
    g = fanatics()
    st = g.state
    assert st.event_clan == "e" and random_events.fanatic_target(st, st.units["s"]).id == "near"
    assert _orders(g) == [Charge("east", "s", "near")]
    assert A.EndMovement("east") not in g.legal_actions("east")
    for bad in (Charge("east", "s", "far"), A.Hold("east", "s"), A.EndMovement("east")):
        with pytest.raises(RuleError) as exc:
            g.apply(bad)
        assert exc.value.rule == "5.3"
    assert st.units["s"].y == 30 and not st.units["s"].charge_target      # nothing half-applied


def test_5_3_fanaticism_nearest_visible_skips_an_enemy_hidden_in_a_wood():
    from sim.daimyo.terrain import Feature
    g = fanatics()
    st = g.state
    # 'near' stands 5 cm inside a wood: the sight line to it runs more than 3 cm through it
    st.terrain.append(Feature("w", "wood", ((40, 33), (57, 33), (57, 45), (40, 45))))
    assert random_events.fanatic_target(st, st.units["s"]).id == "far"


def test_5_3_fanaticism_only_samurai_ronin_monks_in_good_order_of_the_first_clan():
    g = fanatics()
    st = g.state
    s = st.units["s"]
    s.disordered = True
    assert random_events.fanatic_target(st, s) is None
    s.disordered = False
    st.event_clan = "w"
    assert random_events.fanatic_target(st, s) is None


@pytest.mark.parametrize("event,clan,cm", [("surprise_march", "e", 16.0), ("surprise_march", "w", 8.0),
                                           ("", "e", 8.0)])
def test_5_3_surprise_march_doubles_the_first_activated_clans_move(event, clan, cm):
    from sim.core.errors import RuleError
    from sim.daimyo import actions as A
    from sim.daimyo.movement import max_move
    sc = scenario([unit("u", "samurai", "veteran", ["pole_arm"], "heavy", 4, 4, 60, 20, 90)],
                  [unit("far", "ashigaru", "regular", ["long_spear"], "light", 2, 2, 10, 85, 270)],
                  east_daimyo=(40, 14))
    g = new_game(sc)
    st = g.state
    st.event, st.event_turns, st.event_clan = event, st.turn, clan
    activate(g, "east", "e")
    assert max_move(st, st.units["u"]) == cm           # heavy foot: 8 cm (4.3)
    if cm > 8:
        g.apply(A.Move("east", "u", 15))
        assert st.units["u"].y == pytest.approx(35)
    else:
        with pytest.raises(RuleError):
            g.apply(A.Move("east", "u", 15))


def test_5_3_surprise_march_falls_on_the_first_clan_activated():
    g = fanatics(event="surprise_march")
    assert g.state.event_clan == "e"
