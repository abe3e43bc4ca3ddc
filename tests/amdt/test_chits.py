"""4.0 chit pool and the End Turn chit; 16.2.7(1) its behaviour on Kyoto; 16.2.7(2) Kyoto MP."""
from sim.amdt import actions as A
from sim.amdt.events import ChitDrawn, EndTurnChit, MovementPoints, TurnStarted
from tests.amdt.helpers import activate, clear, game, move, step


def chits_of_turn(g, turn):
    out, current = [], 0
    for e in g.events:
        if isinstance(e, TurnStarted):
            current = e.turn
        elif isinstance(e, ChitDrawn) and current == turn:
            out.append(e.chit)
    return out


def test_16_2_7_1_while_oda_holds_kyoto_the_turn_ends_when_the_cup_is_empty():
    g = game(4, seed=5)
    while g.state.turn == 1:
        g.apply(A.EndActivation(g.to_act()))
    drawn = chits_of_turn(g, 1)
    assert sorted(drawn) == sorted(["nobunaga", "oda", "tokugawa", "azai_asakura", "ikko", "anti_oda"])
    assert "end_turn" not in drawn and g.state.turn == 2


def test_16_2_7_1_kyoto_falls_end_turn_chit_enters_the_cup_and_leaves_when_retaken():
    g = game(4)
    st = g.state
    clear(g, "Kyoto")
    clear(g, "Uji")
    move(g, "nagayasu", "Uji")
    activate(g, "anti_oda", 6)
    events = g.apply(A.March("anti", "Uji", "Kyoto", "nagayasu", 0))
    assert EndTurnChit("pool") in events and st.end_turn_in_pool and "end_turn" in st.pool
    assert st.control["Kyoto"] == "Miyoshi"
    # Oda takes it back: the chit goes back on Kyoto
    clear(g, "Kyoto")
    move(g, "hosokawa", "Shoryuji")
    activate(g, "tokugawa", 6)
    events = g.apply(A.March("tokugawa", "Shoryuji", "Kyoto", "hosokawa", 0))
    assert EndTurnChit("Kyoto") in events and not st.end_turn_in_pool and "end_turn" not in st.pool


def test_4_0_end_turn_chit_ends_the_turn_when_drawn_even_first():
    g = game(2, seed=3)
    st = g.state
    while st.turn == 1:
        g.apply(A.EndActivation(g.to_act()))
    # turn 2 has begun and a chit was drawn; end it and force "end_turn" next
    idx = st.pool.index("end_turn")
    g.dice.force(idx + 1)
    left = list(st.pool)
    g.apply(A.EndActivation(g.to_act()))
    assert st.turn == 3
    assert chits_of_turn(g, 2)[-1] == "end_turn"
    assert len(left) > 1            # chits still in the cup did not activate (4.0)


def test_16_2_7_2_oda_alliances_get_two_mp_while_oda_holds_kyoto():
    g = game(4)
    g.state.active = None
    g.dice.force(3)
    events = step(g, lambda: g._begin_activation("oda"))
    assert MovementPoints("hideyoshi", 5, 2) in events
    g.state.active = None
    g.dice.force(3)
    events = step(g, lambda: g._begin_activation("ikko"))
    assert MovementPoints("anti", 3, 0) in events


def test_9_0_kyoto_bonus_in_the_two_player_game_goes_to_its_holder():
    g = game(2)
    g.state.control["Kyoto"] = "Miyoshi"
    g.state.active = None
    g.dice.force(4)
    events = step(g, lambda: g._begin_activation("anti_oda"))
    assert MovementPoints("anti", 6, 2) in events


def test_7_1_chits_of_entered_powers_join_the_cup():
    g = game(2)
    st = g.state
    st.turn = 5
    st.entry["Takeda"] = 6
    while st.turn < 6:
        g.apply(A.EndActivation(g.to_act()))
    assert {"takeda", "shingen", "tokugawa"} <= set(st.chits)
    assert st.clan_faction["Takeda"] == "anti" and "Takeda" not in st.entry


def test_15_6_good_luck_rerolls_the_movement_die_once_before_moving():
    g = game(2, good_luck=True)
    st = g.state
    g.dice.force(5)
    g.apply(A.Reroll("oda"))
    assert st.active.mp == 5 + 2 and st.good_luck["oda"] == 1      # Oda holds Kyoto: +2
    assert not any(a.kind == "Reroll" for a in g.legal_actions("oda"))


def test_15_6_good_luck_is_optional():
    g = game(2)
    assert g.state.good_luck == {} and not any(a.kind == "Reroll" for a in g.legal_actions("oda"))
