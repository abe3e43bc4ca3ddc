"""15.6 Good Luck (ruling A-62), the starter cards Rain (A-65) and Sawayama garrison (A-64),
the omitted card (A-66), card timings (A-63) and the 11.5 Alternative Rule (A-17)."""
import pytest

from sim.amdt import GAME, rulings
from sim.amdt import actions as A
from sim.amdt.data import data
from sim.amdt.events import Betrayal, Fire
from sim.core.errors import ScenarioError
from tests.amdt.helpers import activate, clear, game, move, soldiers_at, step
from tests.amdt.test_battle import koka_attack


def test_15_6_good_luck_rerolls_a_fire_round_and_a_killed_leader():
    g = game(2, good_luck=True)
    st = g.state
    koka_attack(g)                                  # Katsuie +1 and 3 Oda against Koka
    g.dice.force(1, 1, 1, 6, 6)                     # Oda misses with all three; Rokkaku hits twice
    g.apply(A.Garrison("anti", 0))
    assert st.decision.kind == "luck" and g.to_act() == "oda"       # before any hit is taken
    assert g.view("oda")["decision"] == {"kind": "luck", "side": "oda", "hits": 0, "dice": 3}
    g.dice.force(6, 6, 6)
    events = g.apply(A.Luck("oda", True))
    assert [e for e in events if isinstance(e, Fire)] == [Fire("Koka", "oda", 3, 1, 3, False)]
    assert st.good_luck["oda"] == 1
    assert st.decision.kind == "luck" and g.to_act() == "anti"      # the other volley next
    g.dice.force(1)                                 # Yoshikata, third hit, rolls 1: killed ...
    g.apply(A.Luck("anti", False))
    assert st.decision.kind == "fate" and st.decision.scope == "yoshikata"
    assert g.view("anti")["decision"]["leader"] == "yoshikata"
    g.dice.force(4)                                 # ... Good Luck: 4 = wounded instead
    events = g.apply(A.Luck("anti", True))
    fates = [e.fate for e in events if e.kind == "UnitLost" and e.unit == "yoshikata"]
    assert fates[0] == "wounded" and st.good_luck["anti"] == 1
    assert len(soldiers_at(g, "Koka", "Oda")) == 1  # Rokkaku's 2 hits still landed


def test_15_6_declining_the_fate_reroll_keeps_the_death():
    g = game(2, good_luck=True)
    koka_attack(g)
    g.dice.force(6, 6, 6, 1, 1, 1)                  # 3 hits: 2 soldiers then Yoshikata: 1
    g.apply(A.Garrison("anti", 0))
    g.apply(A.Luck("oda", False))
    g.apply(A.Luck("anti", False))
    events = g.apply(A.Luck("anti", False))         # no reroll of the death roll
    fates = [e.fate for e in events if e.kind == "UnitLost" and e.unit == "yoshikata"]
    assert fates[0] == "killed" and g.state.good_luck["anti"] == 2


def test_15_6_without_the_option_no_luck_is_offered():
    g = game(2)
    koka_attack(g)
    g.dice.force(1, 1, 1, 6, 6)
    g.apply(A.Garrison("anti", 0))
    assert g.state.decision is None or g.state.decision.kind != "luck"


def test_r_cards_rain_makes_the_enemy_reroll_his_movement_die():
    g = game(2, good_luck=True)
    st = g.state
    st.hands["anti"] = ["rain"]
    st.active = None
    g.dice.force(6)
    step(g, lambda: g._begin_activation("oda"))
    assert st.active.mp == 8 and st.decision.kind == "rain" and g.to_act() == "anti"
    g.dice.force(1)
    g.apply(A.Rain("anti", True))
    assert st.active.mp == 1 + 2 and st.discard == ["rain"]     # Kyoto's +2 stays
    assert not any(a.kind == "Reroll" for a in g.legal_actions("oda"))   # never rerolled again


def test_r_cards_rain_can_be_kept():
    g = game(2)
    st = g.state
    st.hands["anti"] = ["rain"]
    st.active = None
    g.dice.force(3)
    step(g, lambda: g._begin_activation("oda"))
    g.apply(A.Rain("anti", False))
    assert st.active.mp == 5 and st.hands["anti"] == ["rain"] and g.to_act() == "oda"


def test_12_3_garrison_card_turns_the_sawayama_soldiers_that_roll_four_plus():
    g = game(4)
    st = g.state
    st.hands["oda"] = ["betray_sawayama"]
    move(g, "hideyoshi", "Kannon-ji")               # a Hideyoshi diplomat next to Sawayama
    activate(g, "oda", 3)
    assert A.PlayCard("hideyoshi", "betray_sawayama") in g.legal_actions("hideyoshi")
    g.dice.force(4, 3)
    events = g.apply(A.PlayCard("hideyoshi", "betray_sawayama"))
    assert Betrayal("Azai", "oda", 1, 1, "12.3") in events
    assert st.control["Sawayama"] == "Oda" and st.clan_faction["Azai"] == "anti"
    turned = soldiers_at(g, "Sawayama")
    assert [(u.clan, u.owner) for u in turned] == [("Oda", "hideyoshi")]    # Omi: his sphere
    assert st.eliminated["Azai"] == 1


def test_12_3_garrison_card_needs_a_pure_garrison_and_a_diplomat_in_range():
    g = game(2)
    st = g.state
    st.hands["oda"] = ["betray_sawayama"]
    move(g, "takigawa", "Kiyosu")                    # Kobe is two links from Sawayama
    activate(g, "oda", 3)
    assert A.PlayCard("oda", "betray_sawayama") not in g.legal_actions("oda")   # no diplomat near
    move(g, "hideyoshi", "Kannon-ji")
    move(g, "nagamasa", "Sawayama")                  # a leader there does not turn
    activate(g, "oda", 3)
    assert A.PlayCard("oda", "betray_sawayama") not in g.legal_actions("oda")
    move(g, "nagamasa", "Odani")
    activate(g, "oda", 3)
    assert A.PlayCard("oda", "betray_sawayama") in g.legal_actions("oda")
    clear(g, "Sawayama")
    activate(g, "oda", 3)
    assert A.PlayCard("oda", "betray_sawayama") not in g.legal_actions("oda")   # nobody to turn


def test_12_4_cards_without_a_unit_to_target_are_left_out():
    assert "betray_yoshitsugu" not in data().cards                 # ruling A-66
    assert "betray_yoshitsugu" not in game(2).state.deck
    assert {c["timing"] for c in data().cards.values()} <= {"activation", "battle", "enemy_mp"}


def test_11_5_alternative_rule_has_no_content_and_cannot_be_switched_on(monkeypatch):
    table = {k: dict(v) for k, v in rulings.table().items()}
    table["alternative_rule"]["value"] = True
    monkeypatch.setattr(rulings, "table", lambda: table)
    with pytest.raises(ScenarioError) as err:
        GAME.new({"system": "amdt", "players": 2}, 1)
    assert "alternative_rule" in str(err.value) and "A-17" in str(err.value)


def test_r_cards_rain_offer_shows_nothing_of_the_hand():
    g = game(3)
    st = g.state
    st.hands["north"], st.hands["west"] = ["surprise"], ["rain"]
    st.active = None
    g.dice.force(4)
    step(g, lambda: g._begin_activation("oda"))
    assert st.decision.kind == "rain" and g.to_act() == "north"     # asked though he has no Rain
    assert g.legal_actions("north") == [A.Rain("north", False)]
    assert g.view("oda")["decision"] == {"kind": "rain", "side": "north"}
    g.apply(A.Rain("north", False))
    assert g.to_act() == "west" and A.Rain("west", True) in g.legal_actions("west")
    st.hands["north"], st.hands["west"] = [], []
    st.active, st.decision = None, None
    g.dice.force(4)
    step(g, lambda: g._begin_activation("oda"))
    assert st.decision is None                                       # empty hands: no offer
