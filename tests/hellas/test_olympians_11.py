"""Olympians (10.41 Sacrifice, 11.0; ruling H-37): appeal at the New Year, exclusive per Year,
one use each, and the seven effects."""
import pytest

from sim.core.errors import RuleError
from sim.hellas import actions as A
from sim.hellas.state import Siege

from tests.hellas.helpers import bare_game, new_game, of, open_turn, place


def hold(g, side, name):
    g.state.olympians[name] = side


def test_10_41_sacrifice_appeals_sparta_first_and_olympians_are_exclusive():
    g = new_game(1)
    s_card, a_card = g.state.piles["sparta"].hand[0], g.state.piles["athens"].hand[0]
    g.apply(A.Commit("sparta", s_card, "sacrifice"))
    g.apply(A.Commit("athens", a_card, "sacrifice"))
    assert g.state.phase == "appeal" and g.to_act() == "sparta"
    assert s_card in g.state.piles["sparta"].discard and len(g.state.piles["sparta"].hand) == 5
    assert len(g.legal_actions("sparta")) == 7
    g.apply(A.Appeal("sparta", "Zeus"))
    assert g.to_act() == "athens" and A.Appeal("athens", "Zeus") not in g.legal_actions("athens")
    with pytest.raises(RuleError) as err:
        g.apply(A.Appeal("athens", "Zeus"))
    assert err.value.rule == "11.0"
    g.apply(A.Appeal("athens", "Ares"))
    assert g.state.phase == "initiative" and g.state.olympians == {"Zeus": "sparta", "Ares": "athens"}
    assert g.view("athens")["olympians"] == {"Zeus": "sparta", "Ares": "athens"}   # face up


def test_11_0_zeus_chooses_the_turn_order_after_the_reveal():
    g = bare_game()
    hold(g, "athens", "Zeus")
    c1 = sorted(c for c, v in g.state.cards.items() if v["value"] == 1)[0]
    c3 = sorted(c for c, v in g.state.cards.items() if v["value"] == 3)[0]
    g.state.phase, g.state.committed = "initiative", {}
    g.state.piles["sparta"].hand, g.state.piles["athens"].hand = [c1], [c3]
    g.apply(A.Commit("sparta", c1, "action"))
    g.apply(A.Commit("athens", c3, "action"))
    assert g.state.phase == "window" and g.to_act() == "athens"
    g.apply(A.Invoke("athens", "Zeus", "first"))
    assert g.state.turn.active == "athens" and g.state.turn.actions_left == 3
    assert "Zeus" in g.state.olympians_used
    assert not any(isinstance(a, A.Invoke) for a in g.legal_actions("athens"))


def test_11_0_ares_gives_one_more_action_once():
    g = bare_game()
    hold(g, "sparta", "Ares")
    open_turn(g, "sparta", actions=2)
    g.apply(A.Invoke("sparta", "Ares"))
    assert g.state.turn.actions_left == 3
    with pytest.raises(RuleError):
        g.apply(A.Invoke("sparta", "Ares"))


def test_11_0_poseidon_adds_two_to_a_fleet_and_spares_it_in_winter():
    g = bare_game()
    hold(g, "athens", "Poseidon")
    f = place(g, "athens", "Ionian Sea", steps=3, rating="E2", kind="fleet")
    open_turn(g, "athens", season=4)
    before = max(len(a.path) for a in g.legal_actions("athens") if isinstance(a, A.MoveBlock))
    g.apply(A.Invoke("athens", "Poseidon", f.id))
    after = max(len(a.path) for a in g.legal_actions("athens") if isinstance(a, A.MoveBlock))
    assert after > before
    g.apply(A.EndActions("athens"))
    g.apply(A.EndCombat("athens"))
    assert f.steps == 3                                        # no Winter loss at sea


def test_11_0_athena_adds_one_firepower_in_round_one():
    g = bare_game()
    hold(g, "athens", "Athena")
    a = place(g, "athens", "Melos", steps=1, rating="C1")
    place(g, "sparta", "Melos", steps=1, rating="C1")
    open_turn(g, "athens")
    g.apply(A.EndActions("athens"))
    assert A.Fight("athens", "Melos", True) in g.legal_actions("athens")
    g.state.dice.force(3, 2)                                   # defender misses; a 2 hits as C2
    ev = g.apply(A.Fight("athens", "Melos", True))
    assert of(ev, "BlockFired")[1].rating == "C2" and of(ev, "BlockFired")[1].hits == 1
    assert g.state.prestige == 1 and a.steps == 1


def test_11_0_hermes_shows_the_enemy_hand_to_its_holder_only():
    g = bare_game()
    hold(g, "sparta", "Hermes")
    open_turn(g, "sparta")
    ev = g.apply(A.Invoke("sparta", "Hermes", "hand"))
    assert g.view("sparta")["intel"]["hand"] == sorted(g.state.piles["athens"].hand)
    assert g.view("athens")["intel"] is None
    from sim.board import events_for
    assert of(events_for(ev, "athens"), "IntelGathered") == []


def test_11_0_demeter_spares_a_city_from_attrition_this_season():
    g = bare_game()
    hold(g, "sparta", "Demeter")
    g.state.sieges["Thebes"] = Siege("Thebes", "athens", -2)
    g.state.garrisons["Thebes"] = "loyal"
    place(g, "athens", "Boeotia", steps=2)
    open_turn(g, "athens", phase="combat", season=1)
    g.state.demeter["Thebes"] = 1                               # invoked at this Season's reveal
    g.state.dice.force(1)
    g.apply(A.Attrition("athens", "Thebes"))
    assert g.state.garrisons["Thebes"] == "loyal" and "Thebes" in g.state.sieges


def test_11_0_apollo_cancels_an_enemy_storm():
    g = bare_game()
    hold(g, "athens", "Apollo")
    f = place(g, "athens", "Ionian Sea", steps=3, rating="E2", kind="fleet")
    storm = sorted(c for c, v in g.state.cards.items() if v["event"] == "Storm")[0]
    open_turn(g, "sparta", use="event", phase="event", card=storm)
    g.apply(A.ChooseTarget("sparta", "Ionian Sea"))
    assert g.state.phase == "apollo" and g.to_act() == "athens"
    g.apply(A.Invoke("athens", "Apollo", "Storm"))
    assert f.steps == 3 and g.state.phase == "combat"
