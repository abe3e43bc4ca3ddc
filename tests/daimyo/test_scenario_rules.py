"""A scenario's special rules (issue 7): clans held back until a turn or a trigger (ruling
D-110), a weather script (6.2, ruling D-111) and the scenario's own victory conditions (5.2,
ruling D-85). Bad rule data is refused naming the key. Dice are forced."""
from __future__ import annotations

import pytest

from sim.core.errors import RuleError, ScenarioError
from sim.daimyo import actions as A
from sim.daimyo import command
from sim.daimyo.combat import victory
from sim.daimyo.game import DaimyoGame
from sim.daimyo.scenario import parse
from tests.daimyo.combat_helpers import new_game, scenario, unit
from tests.daimyo.test_turn import finish_turn as forgo_the_rest

SOUTH_HALF = [[0, 0], [120, 0], [120, 40], [0, 40]]


def base(max_turns=10, **options):
    sc = scenario([unit("e1", "samurai", "veteran", ["pole_arm"], "heavy", 2, 2, 60, 20, 90)],
                  [unit("w1", "samurai", "veteran", ["pole_arm"], "heavy", 2, 2, 60, 70, 270)])
    sc["options"] = {"max_turns": max_turns, **options}
    return sc


def east_clan(sc):
    return sc["armies"][0]["clans"][0]


def new_turn(g, *faces):
    g.dice.force(*faces)
    return g.run_step(g._start_turn)


def kinds(events):
    return [e.kind for e in events]


def rejected(sc) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        parse(sc, "bad.toml")
    return err.value


# -- clans held back (ruling D-110) ----------------------------------------------------------
def test_clan_may_not_be_activated_before_its_turn_D110():
    sc = base()
    east_clan(sc)["inactive_until"] = {"turn": 3}
    g = new_game(sc)
    assert command.clans_to_try(g.state, "east") == []
    new_turn(g, 6, 1)                                    # turn 2: east wins the initiative
    g.apply(A.ChooseOrder("east", True))
    assert A.ActivateClan("east", "e") not in g.legal_actions("east")
    with pytest.raises(RuleError, match=r"4\.1.*before turn 3"):
        g.apply(A.ActivateClan("east", "e"))
    assert g.state.clans["e"].attempted is False          # nothing half-applied
    g.state.phase, g.state.to_move = "end", ""            # skip the rest of turn 2
    events = new_turn(g, 6, 1)                            # turn 3
    assert "ClanReleased" in kinds(events)
    assert [c.id for c in command.clans_to_try(g.state, "east")] == ["e"]


def test_clan_released_the_turn_after_an_enemy_enters_its_zone_D110():
    sc = base()
    east_clan(sc)["inactive_until"] = {"turn": 8, "enemy_enters": SOUTH_HALF}
    g = new_game(sc)
    new_turn(g, 6, 1)                                    # turn 2: nobody in the zone yet
    assert g.state.clans["e"].inactive_until == 8
    g.state.units["w1"].y = 39                            # the west unit's front is now in it
    events = new_turn(g, 6, 1)                            # turn 3
    released = [e for e in events if e.kind == "ClanReleased"]
    assert released and "trigger zone" in released[0].why
    assert g.state.clans["e"].inactive_until == 3
    assert command.clans_to_try(g.state, "east")


def test_surprised_army_neither_clans_nor_general_act_on_turn_1_D110():
    sc = base()
    sc["armies"][0]["inactive_until"] = {"turn": 2}
    g = new_game(sc)
    assert not command.general_may_activate(g.state, "east")
    assert not command.has_attempts_left(g.state, "east")
    assert command.general_may_activate(g.state, "west")
    new_turn(g, 6, 1)
    assert command.general_may_activate(g.state, "east")
    assert command.clans_to_try(g.state, "east")


# -- weather script (6.2, ruling D-111) ------------------------------------------------------
def weather_rolls(events):
    return [e for e in events if e.kind == "DiceRolled" and e.purpose.startswith("weather")]


def test_fog_held_then_the_6_2_clearing_roll_resumes_D111():
    sc = base(weather=True, season="spring_autumn", start_weather="fog",
              weather_script=[{"turn": 1, "weather": "fog", "hold_until": 3}])
    g = new_game(sc)
    assert g.state.weather == "fog"
    events = new_turn(g, 6, 1)                            # turn 2: no roll at all
    assert weather_rolls(events) == [] and g.state.weather == "fog"
    events = new_turn(g, 4, 6, 1)                         # turn 3: 1d6 4+ clears (6.2)
    assert [e.faces for e in weather_rolls(events)] == [(4,)]
    assert g.state.weather == "fine"


def test_scripted_step_sets_the_weather_on_its_turn_D111():
    sc = base(weather=True, season="winter", start_weather="fine",
              weather_script=[{"turn": 2, "weather": "snowing", "hold_until": 4}])
    g = new_game(sc)
    events = new_turn(g, 6, 1)                            # turn 2
    changed = [e for e in events if e.kind == "WeatherChanged"]
    assert g.state.weather == "snowing" and changed and changed[0].rule == "6.2 scenario"
    assert weather_rolls(events) == []
    assert weather_rolls(new_turn(g, 6, 1)) == [] and g.state.weather == "snowing"   # turn 3 held
    events = new_turn(g, 4, 6, 1)                         # turn 4: winter 4 - 1 = 3 stays bad
    assert [e.faces for e in weather_rolls(events)] == [(4,)] and g.state.weather == "snowing"
    new_turn(g, 5, 6, 1)                                  # turn 5: 5 - 1 = 4 clears
    assert g.state.weather == "fine"


# -- victory conditions (5.2, ruling D-85) ---------------------------------------------------
def finish_turn(g):
    """Both sides forgo every activation: the end-of-turn steps (5.1, 5.2) run."""
    g.apply(A.ChooseOrder(g.to_act(), True))
    forgo_the_rest(g)


def wins(winner, when, target="", turn=0):
    return {"winner": winner, "when": when, "target": target, "turn": turn}


def west_seated_with_hq(sc):
    sc["armies"][1]["general"].update(seated=True, mounted=False)
    sc["armies"][1]["hq"] = {"x": 100, "y": 84, "facing": 270}
    sc["victory"] = [wins("east", "unit_lost", "hq-west")]
    return new_game(sc)


def test_enemy_general_killed_wins_D85():
    sc = base()
    sc["victory"] = [wins("east", "leader_killed", "general-west")]
    g = new_game(sc)
    g.state.leaders["general-west"].alive = False
    assert g.state.phase != "over"                        # checked when the game next looks
    finish_turn(g)
    res = g.result()
    assert res.winner == "east" and "West general is dead" in res.reason


def test_enemy_hq_lost_wins_D85():
    g = west_seated_with_hq(base())
    g.state.units["hq-west"].gone = "destroyed"
    finish_turn(g)
    assert g.result().winner == "east" and "HQ" in g.result().reason


def test_hq_left_when_the_general_mounts_up_is_not_lost_D85_D47():
    g = west_seated_with_hq(base())
    g.state.units["hq-west"].gone = "abandoned"           # 1.7: mounting up removes it
    finish_turn(g)
    assert g.state.phase != "over"


def test_both_leaders_dead_the_condition_listed_first_decides_D85():
    sc = base()
    sc["victory"] = [wins("west", "leader_killed", "general-east"), wins("east", "leader_killed", "general-west")]
    g = new_game(sc)
    for side in ("east", "west"):
        g.state.leaders[f"general-{side}"].alive = False
    finish_turn(g)
    assert g.result().winner == "west"


def test_turn_end_at_the_last_turn_goes_to_the_army_the_scenario_names_D85():
    sc = base(max_turns=1)
    sc["victory"] = [wins("west", "turn_end", turn=1)]
    g = new_game(sc)
    finish_turn(g)
    res = g.result()
    assert g.state.turn == 1 and res.winner == "west" and "end of turn 1" in res.reason


def test_an_army_broken_in_the_last_turn_beats_the_turn_end_condition_D85():
    sc = base(max_turns=2)
    sc["victory"] = [wins("west", "turn_end", turn=2)]
    st = new_game(sc).state
    st.turn, st.phase = 2, "end"
    assert victory(st)[0] == "west"
    st.units["w1"].gone = "destroyed"                     # 5.2: west lost all its unit points
    assert victory(st)[0] == "east"


def test_without_a_scenario_condition_the_turn_limit_is_a_draw():
    g = new_game(base(max_turns=1))
    finish_turn(g)
    while not g.is_over():
        g.apply(A.EndLeaderMoves(g.to_act()))
    assert g.result().winner is None


# -- bad rule data ---------------------------------------------------------------------------
def with_(change, **options):
    sc = base(**options)
    change(sc)
    return sc


@pytest.mark.parametrize("change, options, key, reason", [
    (lambda sc: None, {"weather": True, "weather_script": [{"turn": 3, "weather": "fog"}, {"turn": 2, "weather": "fine"}]},
     "options.weather_script.1.turn", "turn order"),
    (lambda sc: None, {"weather": True, "weather_script": [{"turn": 3, "weather": "fog", "hold_until": 3}]},
     "options.weather_script.0.hold_until", "after the step's turn 3"),
    (lambda sc: east_clan(sc).update(inactive_until={"turn": 3, "enemy_enters": [[0, 0], [50, 50], [50, 0], [0, 50]]}), {},
     "armies.0.clans.0.inactive_until.enemy_enters", "valid polygon"),
    (lambda sc: sc["armies"][1].update(inactive_until={"turn": 3, "enemy_enters": [[0, 0], [9, 9]]}), {},
     "armies.1.inactive_until.enemy_enters", "fewer than 3 points"),
    (lambda sc: sc.update(victory=[wins("east", "unit_lost", "hq-west")]), {},
     "victory.0.target", "Mobile General and no HQ"),
    (lambda sc: sc.update(victory=[wins("east", "turn_end", turn=4), wins("west", "turn_end", turn=4)]), {},
     "victory.1.winner", "only one side"),
    (lambda sc: sc.update(victory=[wins("east", "leader_killed", "general-west")] * 2), {},
     "victory.1", "listed twice"),
    (lambda sc: sc.update(victory=[wins("east", "turn_end", turn=11)]), {},
     "victory.0.turn", "after the last turn"),
    (lambda sc: sc["terrain"].append({"id": "copse", "kind": "wood", "wide_stream": True,
                                      "points": [[0, 40], [20, 40], [20, 50]]}), {},
     "terrain.0.wide_stream", "only a river"),
])
def test_bad_scenario_rule_data_is_refused_naming_the_key(change, options, key, reason):
    err = rejected(with_(change, **options))
    assert err.key == key and reason in err.reason


def test_clan_held_back_to_turn_1_is_a_schema_error_naming_the_key():
    err = rejected(with_(lambda sc: east_clan(sc).update(inactive_until={"turn": 1})))
    assert "armies.0.clans.0.inactive_until.turn" in str(err)


def test_a_game_shortened_by_option_moves_a_later_turn_end_to_its_last_turn_D85():
    sc = base()
    sc["victory"] = [wins("west", "turn_end", turn=10)]
    g = DaimyoGame.new(sc, 1, max_turns=1)
    assert [v["turn"] for v in g.state.victory_conditions] == [1]
    finish_turn(g)
    assert g.result().winner == "west" and "end of turn 1" in g.result().reason


def test_a_game_shortened_by_option_keeps_a_late_clan_held_and_a_late_weather_step_D110_D111():
    sc = base(max_turns=10, weather=True, weather_script=[{"turn": 8, "weather": "fog"}])
    east_clan(sc).update(inactive_until={"turn": 8})
    g = DaimyoGame.new(sc, 1, max_turns=2)       # the release and the step never come
    assert g.state.clans[east_clan(sc)["id"]].inactive_until == 8
    assert g.state.options["weather_script"][0]["turn"] == 8


def test_weather_off_ignores_the_weather_script_D96_D111():
    sc = base(max_turns=3, weather=True, weather_script=[{"turn": 2, "weather": "fog"}])
    g = DaimyoGame.new(sc, 1, weather=False)
    events = new_turn(g, 6, 1)                            # turn 2: the step's turn
    assert g.state.weather == "fine" and "WeatherChanged" not in kinds(events)
