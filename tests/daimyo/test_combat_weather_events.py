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
    st.first_shot_done = ["east", "west"]
    mods = [(l, v) for l, v, _ in shooting.modifiers(st, st.units["s"], st.units["t"], False)]
    assert mods == ([label_value] if label_value else [])


def test_6_2_thunderstorm_no_arquebus_fire_bow_minus_2():
    g = game(weather=True)
    st = g.state
    st.weather = "thunderstorm"
    assert "no arquebus fire" in shooting.may_shoot(st, st.units["s"])
    st.first_shot_done = ["east", "west"]
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
