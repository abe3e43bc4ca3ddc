"""R-VICTORY (2p), 16.1.3 (3p) and 16.2.4 (4p) victory conditions."""
from sim.amdt import actions as A
from sim.amdt import victory
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


def test_16_2_4_4_turn_thirty_ends_with_anti_oda_winning():
    g = game(4)
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
