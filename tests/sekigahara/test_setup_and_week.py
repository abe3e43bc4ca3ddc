"""Sekigahara 2, 3, 5, 6: pieces, setup, victory, reinforcement and the turn-order bid."""
from collections import Counter

import pytest

from sim.core.errors import RuleError
from sim.core.codec import encode
from sim.sekigahara.actions import Bid, ChooseFirst, Discard
from sim.sekigahara.board_state import BAG, BOX, MORI_BOX
from sim.sekigahara.pieces import BID_VALUE, deck_cards, manifest_faces
from tests.sekigahara.helpers import clear, hand, kinds, new_game, put, run


def where(g, side):
    return Counter(b.location for b in g.state.blocks.values() if b.side == side)


def test_3_3_decks_have_55_cards_with_the_printed_mix():
    for side in ("tokugawa", "ishida"):
        assert len(deck_cards(side)) == 55
    t = Counter(deck_cards("tokugawa"))
    assert t["tokugawa:attack"] == 5 and t["tokugawa:single"] == 10 and t["loyalty"] == 4
    assert Counter(deck_cards("ishida"))["loyalty"] == 3


def test_12_1_manifest_has_48_blocks_a_side_one_ii_one_ishida():
    for side in ("tokugawa", "ishida"):
        assert len(manifest_faces(side)) == 48
    assert manifest_faces("tokugawa").count("ii_naomasa") == 1
    assert manifest_faces("ishida").count("ishida_leader") == 1


def test_5_setup_counts_fixed_blocks_disks_and_hands():
    g = new_game(5)
    ish, tok = where(g, "ishida"), where(g, "tokugawa")
    on_map = lambda c: sum(n for loc, n in c.items() if loc in g.board.graph)
    assert on_map(ish) == 19 and ish[MORI_BOX] == 5 and ish[BOX["ishida"]] == 4 and ish[BAG["ishida"]] == 20
    assert on_map(tok) == 22 and tok[BOX["tokugawa"]] == 4 and tok[BAG["tokugawa"]] == 22
    assert ish["Osaka"] == 8 and ish["Ueda"] == 3 and tok["Edo"] == 6 and tok["Kiyosu"] == 4
    faces = lambda loc: sorted(b.face for b in g.blocks_at(loc))
    assert {"ishida_leader", "kobayakawa_leader", "ukita_leader", "mori_cavalry"} <= set(faces("Osaka"))
    assert {"fukushima_leader", "fukushima_cavalry", "ii_naomasa"} <= set(faces("Kiyosu"))
    assert faces(MORI_BOX) == ["mori_3"] * 4 + ["mori_leader"]
    assert all(b.face_up for b in g.blocks_at(MORI_BOX))          # 9.3 face up
    assert g.state.disks == {"hideyori": "Osaka", "sanada": "Ueda"}
    assert all(len(g.state.cards[s].hand) == 5 for s in ("tokugawa", "ishida"))
    assert g.state.control == {"Kyoto": "ishida", "Edo": "tokugawa"}   # ruling S-10
    assert g.castles_of("ishida") == 4 and g.castles_of("tokugawa") == 5


def test_5_setup_is_random_but_seeded():
    a, b, c = new_game(1), new_game(1), new_game(2)
    assert encode(a.state) == encode(b.state)
    assert encode(a.state) != encode(c.state)


def test_6_2_higher_bid_number_wins_and_chooses_first():
    g = new_game(3)
    hand(g, "tokugawa", "tokugawa:single", "fukushima:attack")
    hand(g, "ishida", "mori:double", "ukita:single")
    g.apply(Bid("tokugawa", "fukushima:attack"))          # 4
    out = g.apply(Bid("ishida", "mori:double"))           # 5
    rev = kinds(out, "BidsRevealed")[0]
    assert rev.values == (4, 5) and rev.winner == "ishida"
    assert g.to_act() == "ishida" and g.state.step == "first"
    assert "fukushima:attack" in g.state.cards["tokugawa"].discard
    g.apply(ChooseFirst("ishida", "tokugawa"))
    assert g.state.order == ["tokugawa", "ishida"] and g.to_act() == "tokugawa"


def test_6_2_bid_numbers_never_tie():
    values = [v for side in BID_VALUE for v in BID_VALUE[side].values()]
    assert len(values) == len(set(values))


def test_6_2_an_empty_hand_bids_zero_and_loses():
    g = new_game(3)
    hand(g, "tokugawa")
    hand(g, "ishida", "ukita:single")
    g.apply(Bid("tokugawa", None))
    out = g.apply(Bid("ishida", "ukita:single"))
    assert kinds(out, "BidsRevealed")[0].values == (0, 1)


def test_6_2_must_bid_a_card_when_holding_one():
    g = new_game(3)
    with pytest.raises(RuleError) as e:
        g.apply(Bid("tokugawa", None))
    assert e.value.rule == "6.2"


def test_6_2_first_bid_is_hidden_from_the_other_side():
    g = new_game(3)
    card = g.state.cards["tokugawa"].hand[0]
    g.apply(Bid("tokugawa", card))
    assert g.view("ishida")["my_bid"] is None
    pub = [e for e in g.events_for("ishida") if e.kind == "BidPlaced"][0]
    assert pub.card == "?"
    assert g.view("tokugawa")["my_bid"] == card


def _week2(g):
    g.state.week = 2
    return run(g, g.start_week)


def test_6_1_reinforcement_halves_hand_then_draws_five_plus_castle_bonus():
    g = new_game(4)
    hand(g, "tokugawa", *["tokugawa:single"] * 5)          # 5 // 2 = 2 to discard
    hand(g, "ishida", "mori:single", "mori:single", "ukita:single")   # 3 // 2 = 1
    _week2(g)
    assert g.state.step == "discard" and g.to_act() == "tokugawa"
    assert [type(a) for a in g.legal_actions("tokugawa")] == [Discard]
    g.apply(Discard("tokugawa", "tokugawa:single"))
    g.apply(Discard("tokugawa", "tokugawa:single"))
    out = g.apply(Discard("ishida", "ukita:single"))
    drawn = {e.owner: e.count for e in kinds(out, "CardsDrawn")}
    # Tokugawa holds 5 castles to Ishida's 4: one more card
    assert drawn == {"tokugawa": 6, "ishida": 5}
    assert len(g.state.cards["tokugawa"].hand) == 3 + 6
    rec = {e.owner: e.count for e in kinds(out, "BlocksRecruited")}
    # week 2 track: 2 blocks; resources tied 1-1: both draw one more
    assert rec == {"tokugawa": 3, "ishida": 3}
    assert g.state.step == "bid"


def test_6_1_more_resources_give_one_more_block_only_to_the_leader():
    g = new_game(4)
    g.state.control["Kiso"] = "ishida"
    hand(g, "tokugawa")
    hand(g, "ishida")
    out = _week2(g)
    rec = {e.owner: e.count for e in kinds(out, "BlocksRecruited")}
    assert rec == {"tokugawa": 2, "ishida": 3}


def test_2_2_victory_points_and_tie_to_ishida():
    g = clear(new_game(4))
    sc = g.scores()
    # castles revert to natural alignment when empty: 5 black, 4 gold; Kyoto, Edo
    assert sc == {"tokugawa": 2 * 5 + 1, "ishida": 2 * 4 + 1}
    g.state.control["Kiso"] = "ishida"
    g.state.control["Takeda"] = "ishida"
    g.state.week, g.state.turn, g.state.phase_index = 7, "B", 1
    out = run(g, g.end_phase)
    over = kinds(out, "GameOver")[0]
    assert over.scores == (11, 11) and over.winner == "ishida"
    assert g.is_over() and g.result().winner == "ishida"


def test_2_2_tokugawa_wins_on_more_points():
    g = clear(new_game(4))
    put(g, "tokugawa", "date_2", "Gifu")
    g.state.week, g.state.turn, g.state.phase_index = 7, "B", 1
    run(g, g.end_phase)
    assert g.result().winner == "tokugawa" and g.result().scores == {"tokugawa": 13.0, "ishida": 7.0}


def test_6_1_reinforcement_blocks_are_drawn_with_the_game_dice():
    g = new_game(4)
    hand(g, "tokugawa")
    hand(g, "ishida")
    bag = sorted((b for b in g.state.blocks.values() if b.location == BAG["tokugawa"]), key=lambda b: b.id)
    # week 2: Tokugawa draws 2 + 1 (resources tied); force the 1st, then the last, then the 1st again
    g.dice.force(1, len(bag) - 1, 1)
    out = _week2(g)
    got = kinds(out, "BlocksRecruited")[0].faces
    assert got == (bag[0].face, bag[-1].face, bag[1].face)
    rolls = [e for e in out if e.kind == "DiceRolled"]
    assert rolls[0].faces == (1,) and rolls[0].rule == "6.1"


def test_5_3_random_setup_draws_use_the_dice_and_replay():
    from sim.sekigahara.setup import initial_state
    from sim.core.dice import Dice
    g = new_game(6)
    d1, d2 = Dice(99), Dice(99)
    s1 = initial_state(g.board, d1)
    s2 = initial_state(g.board, d2)
    assert {k: b.location for k, b in s1.blocks.items()} == {k: b.location for k, b in s2.blocks.items()}
    assert d1.rolls > 40       # ids, setup draws and two deck shuffles all went through the dice
