"""Daimyo 6.2 / 5.3, the cells the first weather tests left out: every movement effect of the
weather effects table, fog's command range, bows in rain and snow, surprise march, fanaticism,
sunset by agreement; and the switches: scenario [options] and the CLI flags. Dice are forced."""
import pytest

from sim.cli import build_parser, rule_options
from sim.core.errors import ScenarioError
from sim.core.scenario import open_game
from sim.daimyo import command, movement
from sim.daimyo.combat import random_event, shooting, weather

from .combat_helpers import activate, new_game, scenario, step, unit

KAWANAKAJIMA = "scenarios/daimyo/kawanakajima.toml"


def game(**options):
    sc = scenario([unit("s", "ashigaru", "regular", ["bow"], "light", 4, 4, 60, 30, 90),
                   unit("c", "ashigaru", "regular", ["long_spear"], "light", 4, 1, 20, 20, 90)],
                  [unit("t", "samurai", "veteran", ["pole_arm"], "medium", 4, 4, 60, 36, 270)],
                  east_daimyo=(60, 24), west_daimyo=(60, 60))
    sc["options"].update(options)
    return new_game(sc)


# -- 6.2 weather effects table: movement, command range, bows ------------------------------------
@pytest.mark.parametrize("w,line,column", [("fine", 11, 14), ("light_rain", 11, 14), ("fog", 11, 14),
                                           ("heavy_rain", 8, 11), ("thunderstorm", 8, 11),
                                           ("snowing", 5.5, 7)])
def test_6_2_weather_movement_effects(w, line, column):
    # light infantry move 11 cm, +3 in column (4.3); heavy rain and thunder -3 cm, snow halves
    g = game(weather=True)
    st = g.state
    st.weather = w
    assert movement.max_move(st, st.units["s"]) == line
    assert movement.max_move(st, st.units["c"]) == column


@pytest.mark.parametrize("w,cm", [("fine", 20), ("light_rain", 20), ("heavy_rain", 20), ("fog", 10)])
def test_6_2_fog_cuts_command_range_to_10_cm(w, cm):
    g = game(weather=True)
    g.state.weather = w
    assert command.command_range(g.state) == cm


@pytest.mark.parametrize("w,mod", [("light_rain", None), ("heavy_rain", -1), ("thunderstorm", -2),
                                   ("snowing", -1), ("fog", None)])
def test_6_2_bow_shooting_modifiers(w, mod):
    g = game(weather=True)
    st = g.state
    st.weather = w
    st.first_shot_done = list(st.units)     # every unit has had its first volley
    got = {l: v for l, v, _ in shooting.modifiers(st, st.units["s"], st.units["t"], False)}
    assert got.get(w) == mod


def test_6_2_fog_shooting_range_10_cm_even_with_visibility_off_the_table():
    g = game(weather=True)
    g.state.weather = "fog"
    assert shooting.reach(g.state, g.state.units["s"]) == 10


def test_6_2_first_turn_is_fine_and_weather_rolls_only_from_turn_2():
    g = game(weather=True, season="winter")
    st = g.state
    assert st.turn == 1 and st.weather == "fine"
    step(g, lambda: weather.turn_weather(g))          # turn 1: no roll at all
    assert st.weather == "fine" and g.dice.forced == []


# -- 5.3 events -----------------------------------------------------------------------------------
def event_falls_on(event, side, clan):
    """The event in force this turn, and `clan` the first clan activated."""
    g = game(random_events=True)
    st = g.state
    st.event, st.event_turns = event, st.turn
    activate(g, side, clan)
    step(g, lambda: random_event.clan_activated(g))
    return g, st


def test_5_3_surprise_march_doubles_the_first_activated_clans_move():
    g, st = event_falls_on("surprise_march", "east", "e")
    assert st.event_clan == "e"
    assert movement.max_move(st, st.units["s"]) == 22         # 11 cm doubled
    assert movement.max_move(st, st.units["t"]) == 10         # the other clan: medium foot, as usual


def test_5_3_surprise_march_is_over_after_its_turn():
    g = game(random_events=True)
    st = g.state
    st.event, st.event_turns, st.event_clan = "surprise_march", st.turn, "e"
    st.turn += 1
    step(g, lambda: random_event.start_of_turn(g))
    assert st.event == "" and movement.max_move(st, st.units["s"]) == 11


def test_5_3_fanaticism_seizes_samurai_of_the_first_activated_clan_in_good_order_only():
    g, st = event_falls_on("fanaticism", "west", "w")
    t, s = st.units["t"], st.units["s"]
    assert random_event.fanatic(st, t)                    # samurai of the first activated clan
    assert not random_event.fanatic(st, s)                # ashigaru of the other clan
    t.disordered = True
    assert not random_event.fanatic(st, t)                # not when disordered


@pytest.mark.parametrize("ignored,limit", [(False, 1 + 3 + 4), (True, 20)])
def test_5_3_sunset_ends_the_game_within_2d6_turns_unless_ignored_by_agreement(ignored, limit):
    g = game(random_events=True, sunset_ignored=ignored)
    g.dice.force(6, 2, 3, 4)                              # event, sunset, then 2d6 = 3 + 4
    step(g, lambda: random_event.roll(g))
    assert g.state.options["max_turns"] == limit


# -- switches: scenario [options] and CLI flags ---------------------------------------------------
def test_6_2_weather_off_means_fine_weather_even_where_the_scenario_starts_in_fog():
    on = open_game(KAWANAKAJIMA, seed=1)
    off = open_game(KAWANAKAJIMA, seed=1, weather=False)
    assert on.state.weather == "fog" and on.state.options["weather"] is True
    assert off.state.weather == "fine" and command.command_range(off.state) == 20
    assert shooting.reach(off.state, off.state.units["kansuke-bow"]) == 15


def test_options_default_off_in_a_scenario_that_does_not_set_them():
    g = open_game("scenarios/daimyo/training.toml", seed=1)
    assert g.state.options["weather"] is False and g.state.options["random_events"] is False
    assert g.state.options["artillery"] is True


def test_cli_flags_switch_each_optional_rule():
    args = build_parser().parse_args(["simulate", KAWANAKAJIMA, "--no-weather", "--random-events",
                                      "--option", "season=winter", "--option", "sunset_ignored=true"])
    assert rule_options(args) == {"weather": False, "random_events": True, "season": "winter",
                                  "sunset_ignored": True}
    args = build_parser().parse_args(["run", KAWANAKAJIMA])
    assert rule_options(args) == {}                       # the scenario's own [options]
    g = open_game(KAWANAKAJIMA, seed=1, **rule_options(build_parser().parse_args(
        ["run", KAWANAKAJIMA, "--random-events", "--no-weather"])))
    assert g.state.options["random_events"] is True and g.state.weather == "fine"


def test_cli_batch_spec_carries_the_switches():
    from sim.batch.commands import base_spec
    args = build_parser().parse_args(["simulate", KAWANAKAJIMA, "--no-weather", "--runs", "2"])
    assert base_spec(args, KAWANAKAJIMA).options == {"weather": False}


@pytest.mark.parametrize("options,key", [({"weather": "often"}, "options.weather"),
                                         ({"season": "monsoon"}, "options.season"),
                                         ({"thunder": True}, "options.thunder")])
def test_bad_option_values_are_refused_naming_the_key(options, key):
    with pytest.raises(ScenarioError) as e:
        open_game(KAWANAKAJIMA, seed=1, **options)
    assert key in str(e.value)


@pytest.mark.parametrize("face,season", list(enumerate(
    ["spring_autumn"] * 3 + ["summer"] * 2 + ["winter"], 1)))
def test_6_2_season_roll_every_face(face, season):
    g = game(weather=True)
    g.dice.force(face)
    step(g, lambda: weather.roll_season(g))
    assert g.state.season == season and g.state.weather == "fine"
