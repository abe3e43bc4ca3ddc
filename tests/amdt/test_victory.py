"""R-VICTORY (2p), 16.1.3 (3p) and 16.2.4 (4p) victory conditions."""
import pytest

from sim.amdt import actions as A
from sim.amdt import battle, endturn, victory
from sim.core.errors import ScenarioError
from sim.core.scenario import open_game
from tests.amdt.helpers import activate, clear, game, move, put, step


def test_16_2_4_2_an_alliance_wins_when_oda_holds_its_sector_whoever_took_it():
    g = game(4)
    clear(g, "Tottori")
    move(g, "sakuma", "Izushi")                  # a Hideyoshi leader takes Tokugawa's sector
    clear(g, "Izushi", keep_leaders=True)
    g.state.control["Izushi"] = "Oda"
    activate(g, "oda", 6)
    g.apply(A.March("hideyoshi", "Izushi", "Tottori", "sakuma", 0))
    assert g.is_over() and g.result().winner == "tokugawa"
    assert "Tottori" in g.result().reason


def test_16_2_4_2_sectors_of_each_alliance():
    for seat, sector in (("hideyoshi", "Takamatsu"), ("katsuie", "Uozu"), ("tokugawa", "Tottori")):
        g = game(4)
        g.state.control[sector] = "Oda"
        step(g, lambda: victory.check_sudden(g))
        assert g.result().winner == seat


def test_16_2_4_3_anti_oda_wins_taking_gifu():
    g = game(4)
    clear(g, "Gifu")
    move(g, "nagamasa", "Ogaki")
    clear(g, "Ogaki", keep_leaders=True)
    activate(g, "azai_asakura", 6)
    g.apply(A.March("anti", "Ogaki", "Gifu", "nagamasa", 0))
    assert g.result().winner == "anti" and "Gifu" in g.result().reason


def test_16_2_4_3_kiyosu_and_any_azuchi_are_anti_oda_targets():
    g = game(2)
    g.state.control["Kiyosu"] = "Ikko-Ikki"
    step(g, lambda: victory.check_sudden(g))
    assert g.result().winner == "anti"
    g = game(2)
    g.state.control["Kannon-ji"] = "Rokkaku"
    step(g, lambda: victory.check_sudden(g))
    assert not g.is_over()                       # no Azuchi yet: an ordinary castle
    g.state.azuchi = 2
    step(g, lambda: victory.check_sudden(g))
    assert g.result().winner == "anti"


@pytest.mark.parametrize("players", [2, 4])
def test_16_2_4_4_turn_thirty_ends_with_anti_oda_winning(players):
    g = game(players)
    g.state.turn = 30
    while not g.is_over():
        g.apply(A.EndActivation(g.to_act()))
    assert g.result().winner == "anti" and g.state.turn == 30


def test_r_victory_oda_six_larger_castles_after_an_activation():
    g = game(2)
    st = g.state
    for s in ("Odani", "Sawayama", "Ichijodani", "Nagashima", "Ishiyama"):
        st.control[s] = "Oda"
    g.apply(A.EndActivation("oda"))
    assert not g.is_over()
    st.control["Shozui"] = "Oda"
    activate(g, "nobunaga", 0)
    g.apply(A.EndActivation("oda"))
    assert g.result().winner == "oda" and "6 larger castles" in g.result().reason


def test_16_1_3_the_player_who_takes_gifu_wins_alone():
    g = game(3)
    clear(g, "Gifu")
    move(g, "magoichi", "Ogaki")
    clear(g, "Ogaki", keep_leaders=True)
    activate(g, "ikko", 6)
    g.apply(A.March("west", "Ogaki", "Gifu", "magoichi", 0))
    assert g.result().winner == "west"


def test_16_1_3_turn_thirty_the_anti_player_with_more_castle_levels_wins():
    g = game(3)
    north, west = victory.castle_levels(g, "north"), victory.castle_levels(g, "west")
    # north: Azai 2+1+2, Asakura 1+3+1, Rokkaku 1 (Enryaku-ji, Takeda, Uesugi still neutral)
    # west: Ikko-Ikki 2+3+1+1+2, Saika 1, Miyoshi 1+1+1+1+1+0+2+1
    assert (north, west) == (11, 18)
    step(g, lambda: victory.turn_limit(g))
    assert g.result().winner == "west"


# -- every victory condition in every player count (R-VICTORY, 16.1.3, 16.2.4) ----------------
ANTI_WINNER = {2: "anti", 3: "north", 4: "anti"}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("condition", ["Gifu", "Kiyosu", "Azuchi", "Nobunaga dead"])
def test_16_2_4_3_anti_oda_sudden_death_in_each_player_count(players, condition):
    g = game(players)
    st = g.state
    st.credit = "north"                        # 3p: the player whose units did it (ruling A-41)
    if condition == "Nobunaga dead":
        st.units["nobunaga"].status = "dead"
    elif condition == "Azuchi":
        st.azuchi = 2
        st.control["Kannon-ji"] = "Rokkaku"
    else:
        st.control[condition] = "Azai"
    step(g, lambda: victory.check_sudden(g))
    assert g.result().winner == ANTI_WINNER[players]


def test_r_victory_oda_six_larger_castles_in_the_three_player_game_but_not_in_four():
    for players, winner in ((3, "oda"), (4, None)):
        g = game(players)
        st = g.state
        for s in ("Odani", "Sawayama", "Ichijodani", "Nagashima", "Ishiyama", "Shozui"):
            st.control[s] = "Oda"
        step(g, lambda: victory.check_activation_end(g))
        assert (g.result().winner if g.is_over() else None) == winner


def test_16_1_3_nobunagas_death_goes_to_the_anti_player_with_most_soldiers_firing():
    g = game(3)
    clear(g, "Kanagasaki", keep_leaders=True)
    for lid in ("katsuie", "hideyoshi", "akechi", "niwa"):
        move(g, lid, "Gifu")                               # Nobunaga alone at Kanagasaki
    put(g, "Kanagasaki", "Ikko-Ikki", 3)                   # west: 3 soldiers firing
    put(g, "Kanagasaki", "Azai", 2)                        # north: 2
    activate(g, "azai_asakura", 6)
    g.dice.force(6, 6, 6, 6, 6, 1)                         # 5 hits; Nobunaga's die: 1 = killed
    step(g, lambda: (battle.start(g, "Kanagasaki", "anti", "Odani"), g._advance()))
    assert g.result().winner == "west" and "Nobunaga" in g.result().reason    # ruling A-51


# -- the short scenario (ruling A-67) -----------------------------------------------------------
def _larger_castles(g, n):
    for s in ("Odani", "Sawayama", "Ichijodani", "Nagashima", "Ishiyama", "Shozui")[:n]:
        g.state.control[s] = "Oda"


def test_short_scenario_oda_wins_with_four_larger_castles_at_the_end_of_turn_ten():
    g = game(2, short=True)
    g.state.turn = 10
    _larger_castles(g, 4)
    step(g, lambda: endturn.run(g))
    assert g.result().winner == "oda" and g.state.turn == 10


def test_short_scenario_otherwise_anti_oda_wins_after_turn_ten():
    g = game(2, short=True)
    g.state.turn = 9
    _larger_castles(g, 3)
    step(g, lambda: endturn.run(g))
    assert not g.is_over() and g.state.turn == 10
    step(g, lambda: endturn.run(g))
    assert g.result().winner == "anti" and "turn 10" in g.result().reason


def test_short_scenario_checks_four_castles_after_each_activation_and_loads_from_its_file():
    g = game(2, short=True)
    _larger_castles(g, 4)
    step(g, lambda: victory.check_activation_end(g))
    assert g.result().winner == "oda"
    g = open_game("scenarios/amdt/amdt_short_2p.toml", seed=3)
    assert g.state.options["short"] and victory.last_turn(g) == 10


def test_short_scenario_is_refused_for_four_players():
    with pytest.raises(ScenarioError) as err:
        game(4, short=True)
    assert "options.short" in str(err.value)
