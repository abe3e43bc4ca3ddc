"""Further Sekigahara rule cases: drop-offs, relief of a siege, overrun cards, scenario errors."""
import copy

import pytest

from sim.core.errors import RuleError, ScenarioError
from sim.core.scenario import read_toml
from sim.sekigahara import GAME
from sim.sekigahara.actions import Activate, Deploy, Move
from tests.sekigahara.helpers import deploy, SCENARIO, clear, combat, hand, kinds, movement, new_game, put


def test_7_4_blocks_of_one_stack_may_drop_off_along_its_path():   # ruling S-6
    g = clear(new_game(2))
    a = put(g, "tokugawa", "date_leader", "Hamamatsu")
    b = put(g, "tokugawa", "date_2", "Hamamatsu")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Hamamatsu"))
    g.apply(Move("tokugawa", (a,), ("Hamamatsu", "Sunpu", "Numazu", "Hakone")))
    g.apply(Move("tokugawa", (b,), ("Hamamatsu", "Sunpu")))        # dropped off on the way
    assert g.state.blocks[b].location == "Sunpu"


def test_7_4_a_stack_may_not_split_halfway_along_a_shared_road():  # ruling S-6
    g = clear(new_game(2))
    a = put(g, "tokugawa", "date_leader", "Sunpu")
    b = put(g, "tokugawa", "date_2", "Sunpu")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Sunpu"))
    g.apply(Move("tokugawa", (a,), ("Sunpu", "Numazu", "Hakone")))
    with pytest.raises(RuleError) as e:
        g.apply(Move("tokugawa", (b,), ("Sunpu", "Numazu", "Kofu")))
    assert e.value.rule == "7.4"


def test_8_10_overrun_victims_draw_one_card_per_two_blocks():
    g = clear(new_game(2))
    ids = [put(g, "tokugawa", f, "Hamamatsu") for f in ["tokugawa_2"] * 4 + ["tokugawa_3"] * 4]
    v = [put(g, "ishida", "mori_2", "Sunpu") for _ in range(2)]
    hand(g, "ishida")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Hamamatsu"))
    out = g.apply(Move("tokugawa", tuple(ids), ("Hamamatsu", "Sunpu")))
    assert len(kinds(out, "BlockEliminated")) == 2
    drawn = kinds(out, "CardsDrawn")
    assert [(e.owner, e.count) for e in drawn] == [("ishida", 1)]


def test_8_9_6_relief_force_fights_together_with_the_besieged():
    g = clear(new_game(7))
    inside = put(g, "tokugawa", "date_3", "Okazaki")
    put(g, "ishida", "mori_3", "Okazaki")
    g.state.besieged["Okazaki"] = "tokugawa"
    g.state.inside["Okazaki"] = [inside]
    relief = put(g, "tokugawa", "date_2", "Okazaki")                 # arrived this phase
    hand(g, "tokugawa", "date:single")
    hand(g, "ishida")
    out = combat(g, "tokugawa")
    started = kinds(out, "BattleStarted")[0]
    assert not started.siege and started.counts == (2, 1)
    assert not g.state.besieged
    out = deploy(g, Deploy("tokugawa", "date:single", (inside,)))      # the garrison deploys too
    assert kinds(out, "BlockDeployed")[0].block == inside


def test_7_3_leadership_from_own_capital_only():
    g = clear(new_game(2))
    k = put(g, "ishida", "mori_2", "Kyoto")
    g.state.control["Kyoto"] = "ishida"
    movement(g, "ishida")
    g.apply(Activate("ishida", "Kyoto"))
    # 1 + capital leadership 1 + highway 1 = 3 along the Tokaido
    g.apply(Move("ishida", (k,), ("Kyoto", "Minakuchi", "Kuwana", "Kiyosu")))
    g2 = clear(new_game(2))
    e = put(g2, "ishida", "mori_2", "Edo")                             # the enemy's capital
    g2.state.control["Edo"] = "ishida"
    movement(g2, "ishida")
    g2.apply(Activate("ishida", "Edo"))
    with pytest.raises(RuleError) as err:
        g2.apply(Move("ishida", (e,), ("Edo", "Hakone", "Numazu", "Sunpu")))
    assert err.value.rule == "7.3"


def test_scenario_errors_name_the_file_and_key():
    data = read_toml(SCENARIO)
    bad = copy.deepcopy(data)
    bad["options"]["big_stack"] = 1
    with pytest.raises(ScenarioError) as e:
        GAME.check(bad, "bad.toml")
    assert e.value.file == "bad.toml" and e.value.key == "options.big_stack"
    bad = copy.deepcopy(data)
    del bad["meta"]
    with pytest.raises(ScenarioError) as e:
        GAME.check(bad, "bad.toml")
    assert e.value.key == "meta"


def test_a_broken_map_is_refused_naming_the_road(tmp_path):
    from sim.board.mapgraph import load_map
    text = (tmp_path / "m.toml")
    base = open("sim/sekigahara/data/map.toml").read()
    text.write_text(base.replace('a = "Osaka"\nb = "Kyoto"', 'a = "Osaka"\nb = "Kyotoo"', 1))
    with pytest.raises(ScenarioError) as e:
        load_map(read_toml(text), str(text), edge_kinds={"highway", "road"})
    assert e.value.key == "road[0].b" and "Kyotoo" in str(e.value)


@pytest.mark.parametrize("ref", ["m.toml", "package:../../../../../etc/passwd", "/dev/zero",
                                 "package:map", "package:nosuch.toml"])
def test_a_scenario_map_names_only_the_packages_own_maps(tmp_path, ref):
    (tmp_path / "m.toml").write_text(open("sim/sekigahara/data/map.toml").read())
    with pytest.raises(ScenarioError) as e:
        GAME.check({**read_toml(SCENARIO), "map": ref}, "s.toml")
    assert e.value.key == "map"


@pytest.mark.parametrize("options, key", [({"weather": True}, "options.weather"),
                                          ({"big_stak": 5}, "options.big_stak"),
                                          ({"big_stack": -3}, "options.big_stack"),
                                          ({"big_stack": 10**9}, "options.big_stack")])
def test_unknown_or_out_of_range_options_are_refused_not_ignored(options, key):
    with pytest.raises(ScenarioError) as e:
        GAME.check(read_toml(SCENARIO), "s.toml", **options)
    assert e.value.key == key


def test_a_command_line_option_reaches_the_game_and_its_replay():
    g = GAME.new(read_toml(SCENARIO), 1, big_stack=5)
    assert g.opt["big_stack"] == 5
    assert GAME.replay(g.scenario, 1, []).opt["big_stack"] == 5


def test_9_3_mori_called_out_by_an_attack_cannot_move_in_the_same_turn():
    from sim.sekigahara.board_state import MORI_BOX
    from sim.sekigahara.actions import CastleChoice
    g = clear(new_game(2), keep_disks=True)
    for f in ["mori_leader", "mori_3"]:
        g.state.blocks[put(g, "ishida", f, MORI_BOX)].face_up = True
    put(g, "tokugawa", "date_2", "Osaka")
    hand(g, "tokugawa")
    hand(g, "ishida")
    out = combat(g, "tokugawa")
    mori = [e.block for e in kinds(out, "MoriEntered")]
    assert len(mori) == 2
    if g.state.step == "castle":
        g.apply(CastleChoice("ishida", False))
    # the battle resolves (no cards); Ishida's Movement Phase follows in the same turn
    while g.state.step not in ("move_option",) and g.to_act():
        g.apply(g.legal_actions(g.to_act())[0])
    assert g.state.active == "ishida" and g.state.turn == "A"
    assert set(mori) <= set(g.state.move.moved)
