"""Smaller rules of the reference with their own forced-dice checks: Murakami at sea (§16.5),
out-of-supply fire (R-LOC), capital loss (R-CONTROL), the card pile (R-CARDS), Nobunaga
wounded (11.1), Ikko uprising (11.3), Ashikaga's turn (§16.5), countermix (R-SETUP) and
voluntary disbanding (12.0)."""
from sim.amdt import actions as A
from sim.amdt import battle, cards
from sim.amdt.events import Fire
from tests.amdt.helpers import activate, clear, game, move, put, soldiers_at, step


def test_16_5_murakami_soldiers_fire_plus_one_in_a_sea_area():
    g = game(2)
    st = g.state
    st.clan_faction["Mori"] = "anti"
    del st.entry["Mori"]
    for u in put(g, "Harima Sea", "Mori", 2):
        u.murakami = True
    put(g, "Harima Sea", "Oda", 2)
    activate(g, "oda", 6)
    g.dice.force(5, 5, 5, 5)                         # Oda: 5s miss; Murakami: 5 + 1 = 6 hits
    events = step(g, lambda: (battle.start(g, "Harima Sea", "oda", "Akashi"), g._advance()))
    fires = [e for e in events if isinstance(e, Fire)]
    assert fires == [Fire("Harima Sea", "oda", 2, 0, 0, False), Fire("Harima Sea", "anti", 2, 0, 2, False)]
    assert soldiers_at(g, "Harima Sea", "Oda") == []


def test_r_loc_out_of_supply_soldiers_fire_minus_one():
    g = game(2)
    move(g, "katsuie", "Kumagawa")
    put(g, "Kumagawa", "Oda", 2)
    clear(g, "Obama")
    put(g, "Obama", "Asakura", 2)
    put(g, "Kutsuki", "Azai", 4)                     # 2 stay behind: Kutsuki stays blocked
    move(g, "nagamasa", "Kutsuki")
    activate(g, "azai_asakura", 6)
    g.dice.force(1, 1, 5, 5)                         # Azai miss; Oda 5 + 1 (Katsuie) - 1 (OOS)
    events = g.apply(A.March("anti", "Kutsuki", "Kumagawa", "nagamasa", 2))
    fires = [e for e in events if isinstance(e, Fire)]
    assert fires[1] == Fire("Kumagawa", "oda", 2, 1, 0, False)      # ruling A-6


def test_r_control_capital_lost_with_the_daimyo_dead_ends_the_clan():
    g = game(2)
    st = g.state
    st.control["Odani"] = "Oda"
    step(g, g.check_clans)
    assert "Azai" not in st.gone_clans              # Nagamasa lives: Sawayama still holds
    st.units["nagamasa"].status = "dead"
    step(g, g.check_clans)
    assert "Azai" in st.gone_clans                  # ruling A-46
    assert soldiers_at(g, "Sawayama") == []


def test_r_cards_an_empty_pile_reshuffles_the_discards():
    g = game(2)
    st = g.state
    st.deck, st.discard = [], ["rain", "guns"]
    step(g, lambda: cards.draw(g, "oda", 1, "test"))
    assert len(st.hands["oda"]) == 1 and len(st.deck) == 1 and st.discard == []


def test_11_1_nobunaga_wounded_gives_anti_oda_a_card():
    g = game(2)
    st = g.state
    g.dice.force(3)
    step(g, lambda: g.leader_hit(st.units["nobunaga"], "R-BATTLE"))
    assert st.units["nobunaga"].status == "wounded" and len(st.hands["anti"]) == 1
    assert not soldiers_at(g, "Kanagasaki", guard=True)              # ruling A-13


def test_11_3_ikko_uprising_adds_two_to_the_conversion_roll():
    g = game(2)
    st = g.state
    st.hands["anti"] = ["ikko_uprising"]
    clear(g, "Wakae")                                # Kawachi, next to Ishiyama: needs a 6
    activate(g, "ikko", 3)
    target = "Wakae"
    assert target in g.conversion_targets()
    plays = [a for a in g.legal_actions("anti") if a.kind == "PlayCard"]
    assert A.PlayCard("anti", "ikko_uprising", target) in plays
    g.dice.force(4)                                  # 4 + 2 = 6: converted everywhere
    g.apply(A.PlayCard("anti", "ikko_uprising", target))
    assert st.control[target] == "Ikko-Ikki" and len(soldiers_at(g, target, "Ikko-Ikki")) == 1


def test_16_5_ashikaga_turns_anti_oda_on_turn_seven_inside_kyoto_castle():
    g = game(2)
    st = g.state
    st.active, st.turn = None, 7
    step(g, g._start_turn)
    assert st.clan_faction["Ashikaga"] == "anti" and st.control["Kyoto"] == "Ashikaga"
    assert all(u.in_castle for u in soldiers_at(g, "Kyoto", "Ashikaga"))   # ruling A-24
    assert not any(u.in_castle for u in soldiers_at(g, "Kyoto", "Oda"))


def test_r_setup_countermix_caps_a_clan_at_one_and_a_half_times_its_start():
    g = game(2)
    assert g.state.start_soldiers["Azai"] == 7 and g.headroom("Azai") == 11 - 7
    step(g, lambda: g.place("Azai", "Odani", 10, "test"))
    assert len(soldiers_at(g, "Odani", "Azai")) == 4 + 4              # ruling A-27


def test_12_0_a_player_may_disband_his_own_soldiers():
    g = game(2)
    activate(g, "nobunaga", 3)
    before = len(soldiers_at(g, "Kanagasaki"))
    g.apply(A.Disband("oda", "Kanagasaki"))
    assert len(soldiers_at(g, "Kanagasaki")) == before - 1
    assert len(soldiers_at(g, "Kanagasaki", guard=True)) == 3          # never the guard
    assert g.state.eliminated["Oda"] == 1
