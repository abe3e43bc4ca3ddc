"""Cards (3.0): initiative (3.3), Event and Action turns, leaders (ruling H-2), the Events
implemented (ruling H-33) and the New Year commitment (10.4, ruling H-37)."""
import pytest

from sim.core.errors import RuleError
from sim.hellas import actions as A
from sim.hellas.query import controller
from sim.hellas.state import Siege

from tests.hellas.helpers import bare_game, new_game, of, open_turn, place


def card_with(g, value=None, event=None, hand=None):
    for cid, c in sorted(g.state.cards.items()):
        if (value is None or c["value"] == value) and (event is None or c["event"] == event):
            if hand is None or cid in g.state.piles[hand].hand:
                return cid
    raise LookupError((value, event))


def to_initiative(g, sparta_card, athens_card):
    st = g.state
    st.phase, st.committed = "initiative", {}
    st.piles["sparta"].hand = [sparta_card]
    st.piles["athens"].hand = [athens_card]


def test_3_3_lower_action_value_goes_first_event_counts_zero_ties_to_sparta():
    g = bare_game()
    c1, c3 = card_with(g, value=1), card_with(g, value=3)
    to_initiative(g, c3, c1)
    g.apply(A.Commit("sparta", c3, "action"))
    ev = g.apply(A.Commit("athens", c1, "action"))
    assert of(ev, "CardsRevealed")[0].first == "athens" and g.state.turn.active == "athens"
    g = bare_game()
    c2a, c2b = sorted(c for c, v in g.state.cards.items() if v["value"] == 2)[:2]
    to_initiative(g, c2a, c2b)
    g.apply(A.Commit("sparta", c2a, "action"))
    assert of(g.apply(A.Commit("athens", c2b, "action")), "CardsRevealed")[0].first == "sparta"
    g = bare_game()
    storm = card_with(g, event="Storm")
    place(g, "sparta", "Ionian Sea", steps=2, rating="F2", kind="fleet")
    to_initiative(g, card_with(g, value=1), storm)
    g.apply(A.Commit("sparta", g.state.piles["sparta"].hand[0], "action"))
    assert of(g.apply(A.Commit("athens", storm, "event")), "CardsRevealed")[0].first == "athens"


def test_3_3_committed_card_is_hidden_from_the_opponent_until_both_reveal():
    g = new_game(3)
    card = g.state.piles["sparta"].hand[0]
    g.apply(A.Commit("sparta", card, "sacrifice"))
    v = g.view("athens")
    assert v["committed"]["sparta"] == "face-down"
    assert card not in repr(v["committed"]) and card not in repr(v["log"])
    assert g.view("sparta")["committed"]["sparta"]["card"] == card


def test_3_3_event_needs_its_prerequisite_action_value_always_allowed():
    g = bare_game()
    storm = card_with(g, event="Storm")
    to_initiative(g, storm, card_with(g, value=1))
    legal = g.legal_actions("sparta")
    assert A.Commit("sparta", storm, "action") in legal
    assert A.Commit("sparta", storm, "event") not in legal      # no Athenian fleet at sea
    with pytest.raises(RuleError) as err:
        g.apply(A.Commit("sparta", storm, "event"))
    assert err.value.rule == "3.3"


def test_h2_leader_modifier_adds_actions_not_initiative():
    g = bare_game()
    g.state.leaders = {"athens": ["Pericles", 1]}
    c2a, c2b = sorted(c for c, v in g.state.cards.items() if v["value"] == 2)[:2]
    to_initiative(g, c2a, c2b)
    g.apply(A.Commit("sparta", c2a, "action"))
    g.apply(A.Commit("athens", c2b, "action"))
    assert g.state.turn.active == "sparta" and g.state.turn.actions_left == 2
    g.apply(A.EndActions("sparta"))
    g.apply(A.EndCombat("sparta"))
    assert g.state.turn.active == "athens" and g.state.turn.actions_left == 3


def test_3_0_event_turn_has_no_actions():
    g = bare_game()
    storm = card_with(g, event="Storm")
    f = place(g, "athens", "Ionian Sea", steps=3, rating="E2", kind="fleet")
    to_initiative(g, storm, card_with(g, value=3))
    g.apply(A.Commit("sparta", storm, "event"))
    g.apply(A.Commit("athens", g.state.piles["athens"].hand[0], "action"))
    assert g.state.phase == "event" and g.legal_actions("sparta") == [A.ChooseTarget("sparta", "Ionian Sea")]
    g.apply(A.ChooseTarget("sparta", "Ionian Sea"))
    assert f.steps == 2                                      # Storm
    assert g.state.phase == "combat" and g.state.turn.actions_left == 0


def test_3_0_h33_plague_hits_athenian_land_blocks_in_attica_and_removes_pericles_after_430():
    g = bare_game()
    g.state.year = 429
    g.state.leaders = {"athens": ["Pericles", 1]}
    h = place(g, "athens", "Attica", steps=3)
    inside = place(g, "athens", "city:Athens", steps=2)
    fleet = place(g, "athens", "Attica", steps=3, rating="E2", kind="fleet")
    open_turn(g, "sparta", use="event", phase="event")
    from sim.hellas import cards
    g.run_step(lambda: cards.resolve(g, "sparta", "Plague", ""))
    assert (h.steps, inside.steps, fleet.steps) == (2, 1, 3)
    assert g.state.prestige == -1 and "athens" not in g.state.leaders


def test_3_0_h34_civil_war_turns_a_city_and_places_an_organised_garrison():
    g = bare_game()
    open_turn(g, "sparta", use="event", phase="event")
    from sim.hellas import cards
    assert "Athens" not in cards.targets(g, "sparta", "Civil War")        # ruling H-34
    assert "Chalcis" in cards.targets(g, "sparta", "Civil War")
    g.state.dice.force(4)
    g.run_step(lambda: cards.resolve(g, "sparta", "Civil War", "Chalcis"))
    assert controller(g.state, g.map, "Chalcis") == "sparta"
    assert g.state.garrisons["Chalcis"] == "organised" and g.state.prestige == -1
    g.state.dice.force(5)
    g.run_step(lambda: cards.resolve(g, "sparta", "Civil War", "Eretria"))
    assert controller(g.state, g.map, "Eretria") == "athens"


def test_8_1_treachery_assault_one_round_c1_defenders_no_double_defense():
    g = bare_game()
    g.state.sieges["Thebes"] = Siege("Thebes", "athens", -2)
    g.state.garrisons["Thebes"] = "loyal"
    d = place(g, "sparta", "city:Thebes", steps=1)
    place(g, "athens", "Boeotia", steps=2, rating="C2")
    open_turn(g, "athens", use="event", phase="event", season=1,
              card=card_with(g, event="Treachery"))
    assert g.legal_actions("athens") == [A.ChooseTarget("athens", "Thebes")]
    g.apply(A.ChooseTarget("athens", "Thebes"))
    assert g.state.phase == "surrender"
    g.state.dice.force(2, 3, 3, 1, 2)      # betrayed; C1 defenders miss; two hits, no halves
    ev = g.apply(A.Surrender("sparta", "Thebes", False))
    assert {e.rating for e in of(ev, "BlockRevealed") if e.side == "sparta"} == {"C1"}
    assert of(ev, "HalfHit") == [] and of(ev, "BattleEnded")[0].rounds == 1
    assert d.location == "pool" and controller(g.state, g.map, "Thebes") == "athens"
    assert g.state.prestige == 2


def test_8_1_h28_treachery_fails_on_4_to_6():
    g = bare_game()
    g.state.sieges["Thebes"] = Siege("Thebes", "athens", -2)
    g.state.garrisons["Thebes"] = "loyal"
    place(g, "athens", "Boeotia", steps=2)
    open_turn(g, "athens", use="event", phase="event", season=1, card=card_with(g, event="Treachery"))
    g.apply(A.ChooseTarget("athens", "Thebes"))
    g.state.dice.force(4)
    ev = g.apply(A.Surrender("sparta", "Thebes", False))
    assert of(ev, "BattleStarted") == [] and "Thebes" in g.state.sieges
    # the Treachery Assault was this city's one Siege Combat of the turn (8.0)
    assert [a.kind for a in g.legal_actions("athens")] == ["EndCombat"]


def test_12_0_h38_peace_faction_ends_the_war_with_a_draw_band():
    g = bare_game()
    g.state.year, g.state.prestige = 425, 3
    open_turn(g, "sparta", use="event", phase="event")
    from sim.hellas import cards
    g.state.dice.force(5)
    g.run_step(lambda: cards.resolve(g, "sparta", "Peace Faction Ascendant", ""))
    assert g.is_over() and g.result().winner is None


def test_3_0_h33_forced_march_one_move_at_plus_one_allowance_no_other_actions():
    g = bare_game()
    h = place(g, "athens", "Attica", steps=2)
    fm = card_with(g, event="Forced March")
    open_turn(g, "athens", use="event", phase="event", card=fm)
    g.run_step(lambda: g._event("athens", "Forced March", "", "turn"))
    legal = g.legal_actions("athens")
    assert {type(a).__name__ for a in legal} == {"MoveBlock", "EndActions"}
    assert max(len(a.path) for a in legal if isinstance(a, A.MoveBlock) and a.block == h.id) == 4
    g.apply(A.EndActions("athens"))
    assert g.state.turn.use == "event"          # still an Event turn: Attrition only (8.0)


def test_3_0_h33_barbarian_allies_raise_the_strongest_box_block_for_the_player():
    g = bare_game()
    small = place(g, "sparta", "box", steps=2, kind="barbarian", rating="B1", max_steps=2)
    big = place(g, "sparta", "box", steps=3, kind="barbarian", rating="B1", max_steps=3)
    open_turn(g, "athens", use="event", phase="event")
    from sim.hellas import cards, seasons
    assert cards.targets(g, "athens", "Barbarian Allies") == ["Thrace", "Macedonia", "Epirus", "Aetolia"]
    g.run_step(lambda: cards.resolve(g, "athens", "Barbarian Allies", "Thrace"))
    assert (big.side, big.location, big.steps) == ("athens", "Thrace", 3) and small.location == "box"
    g.run_step(lambda: seasons.winter_supply(g))
    assert big.location == "box"                  # ruling H-60: barbarians go home in Winter


def test_3_0_h33_revolt_automatic_with_a_spartan_block_in_the_area_not_near_attica():
    g = bare_game()
    open_turn(g, "sparta", use="event", phase="event")
    from sim.hellas import cards
    tg = cards.targets(g, "sparta", "Revolt")
    assert "Amphipolis" in tg and "Plataea" not in tg and "Athens" not in tg
    assert cards.targets(g, "athens", "Revolt") == []
    place(g, "sparta", "Amphipolis", steps=1)
    ev = g.run_step(lambda: cards.resolve(g, "sparta", "Revolt", "Amphipolis"))
    assert of(ev, "DiceRolled") == []
    assert controller(g.state, g.map, "Amphipolis") == "sparta" and g.state.garrisons["Amphipolis"] == "organised"


def test_3_0_h33_periplous_one_fleet_move_then_pillage_without_a_siege():
    g = bare_game()
    f = place(g, "athens", "Attica", steps=3, rating="E2", kind="fleet")
    h = place(g, "athens", "Attica", steps=2)
    open_turn(g, "athens", use="event", phase="event")
    g.run_step(lambda: g._event("athens", "Periplous", "", "turn"))
    legal = g.legal_actions("athens")
    assert not any(isinstance(a, A.MoveBlock) and a.block == h.id for a in legal)   # fleets only
    path = ("Attica", "Saronic Gulf", "Megaris")              # Megara is Spartan, not besieged
    assert A.MoveBlock("athens", f.id, path, h.id) in legal
    g.apply(A.MoveBlock("athens", f.id, path, h.id))
    area = path[-1]
    assert g.legal_actions("athens") == [A.Pillage("athens", area), A.EndActions("athens")]
    g.apply(A.Pillage("athens", area))
    assert g.state.prestige == 1 and area in g.state.pillaged
