"""The Events added after the first pass (3.0, reference §7.6): Fortify Pylos (ruling H-50),
Helot Revolt (H-51), the leader cards as Continuing Events (H-52..H-56), Persian Gold and
Persian Aid (13.0, H-57, H-58), Prestige bidding (14.0, H-36, H-59) and barbarians over
Winter (9.0, H-60). Dice are forced; positions are built by hand on the real map."""
import pytest

from sim.core.dice import Dice
from sim.core.errors import RuleError
from sim.core.codec import decode, encode
from sim.core.save import load, save
from sim.hellas import actions as A
from sim.hellas import cards, seasons, siege
from sim.hellas.bidding import settle_bids, with_starting_prestige
from sim.hellas.query import controller, supplied
from sim.hellas.state import Siege

from tests.hellas.helpers import bare_game, new_game, of, open_turn, place


def play_event(g, side, event):
    """Resolve `event` for `side` in an open Event turn, as the card it is on."""
    card = next(c for c, v in sorted(g.state.cards.items()) if v["event"] == event)
    g.state.committed[side] = [card, "event"]
    return card, g.run_step(lambda: cards.resolve(g, side, event, ""))


# -- Fortify Pylos (H-50) -----------------------------------------------------------------
def test_h50_fortify_pylos_needs_an_athenian_block_or_fleet_nearby():
    g = bare_game()
    open_turn(g, "athens", use="event", phase="event")
    assert cards.targets(g, "athens", "Fortify Pylos") == []
    place(g, "athens", "Messenian Sea", steps=2, rating="E2", kind="fleet")
    assert cards.targets(g, "athens", "Fortify Pylos") == [""]
    assert cards.targets(g, "sparta", "Fortify Pylos") == []


def test_h50_fortified_pylos_is_a_walled_athenian_city_whose_garrison_appears_on_siege_7_3(tmp_path):
    g = bare_game()
    place(g, "athens", "Messenian Sea", steps=2, rating="E2", kind="fleet")
    open_turn(g, "athens", use="event", phase="event")
    assert controller(g.state, g.map, "Pylos") is None            # an empty site (H-46)
    play_event(g, "athens", "Fortify Pylos")
    pylos = g.map.cities["Pylos"]
    assert (pylos.walled, pylos.capacity, pylos.loyalty) == (True, 1, "athenian")
    assert controller(g.state, g.map, "Pylos") == "athens"
    assert cards.targets(g, "athens", "Fortify Pylos") == []      # once only
    # the shared map is untouched: a new game still has the empty site
    assert new_game().map.cities["Pylos"].walled is False
    # 7.3: a siege of a loyal city brings its garrison
    place(g, "sparta", "Messenia", steps=2)
    open_turn(g, "sparta", phase="combat", season=1)
    ev = g.run_step(lambda: siege.establish_sieges(g))
    assert [(e.city, e.garrison) for e in of(ev, "SiegeEstablished")] == [("Pylos", "loyal")]
    # the fortification survives the save format's round trip (a table built by hand is no
    # replayable game, which a verified save file refuses, so it goes through the codec)
    again = new_game()
    again.set_state(decode(encode(g.state)))
    assert again.map.cities["Pylos"].walled is True


# -- Helot Revolt (H-51) ------------------------------------------------------------------
def test_h51_helot_revolt_raises_the_helots_and_pins_half_the_laconian_army():
    g = bare_game()
    open_turn(g, "athens", use="event", phase="event", season=1)
    assert cards.targets(g, "athens", "Helot Revolt") == []       # no Pylos, no block near
    g.state.forts["Pylos"] = "athens"
    spartans = [place(g, "sparta", "Laconia", steps=2) for _ in range(4)]
    place(g, "sparta", "city:Sparta", steps=2)                     # in Laconia too
    guard = place(g, "sparta", "Messenia", steps=2)
    assert cards.targets(g, "athens", "Helot Revolt") == []       # Messenia must be free
    guard.location = "Arcadia"
    assert cards.targets(g, "athens", "Helot Revolt") == [""]
    play_event(g, "athens", "Helot Revolt")
    helots = g.state.blocks["helots"]
    assert (helots.side, helots.location, helots.steps, helots.marks["rating"]) == ("athens", "Messenia", 2, "B1")
    assert g.state.helots == [1, 2, 0]                             # 5 in Laconia: 2 may leave
    open_turn(g, "sparta", actions=3, season=1, index=1)
    out = ("Laconia", "Arcadia")
    for b in spartans[:2]:
        assert A.MoveBlock("sparta", b.id, out, "") in g.legal_actions("sparta")
        g.apply(A.MoveBlock("sparta", b.id, out, ""))
    assert not [a for a in g.legal_actions("sparta") if isinstance(a, A.MoveBlock)
                and a.block == spartans[2].id and a.path[-1] != "Laconia"]
    with pytest.raises(RuleError):
        g.apply(A.MoveBlock("sparta", spartans[2].id, out, ""))
    # next Season the helots no longer pin anyone
    open_turn(g, "sparta", actions=3, season=2, index=0)
    assert A.MoveBlock("sparta", spartans[2].id, out, "") in g.legal_actions("sparta")


def test_h51_h60_helots_disband_in_winter_and_barbarian_allies_never_raise_them():
    g = bare_game()
    g.state.forts["Pylos"] = "athens"
    open_turn(g, "athens", use="event", phase="event")
    play_event(g, "athens", "Helot Revolt")
    assert cards.targets(g, "athens", "Helot Revolt") == []       # already up
    g.run_step(lambda: seasons.winter_supply(g))                  # ruling H-60
    assert g.state.blocks["helots"].location == "box"
    assert cards.targets(g, "sparta", "Barbarian Allies") == []   # the box holds only the helots
    assert cards.targets(g, "athens", "Helot Revolt") == [""]     # they can rise again


def test_h60_barbarians_of_either_side_go_home_after_winter_9_0():
    g = bare_game()
    raised = place(g, "sparta", "Thrace", steps=2, rating="B1", kind="barbarian")
    greek = place(g, "sparta", "Boeotia", steps=2)
    g.run_step(lambda: seasons.winter_supply(g))
    assert raised.location == "box" and greek.location == "Boeotia"


# -- Leader cards (H-52..H-56) ------------------------------------------------------------
def test_h52_a_leader_card_replaces_the_old_leader_and_stays_out_of_the_reshuffle():
    g = bare_game()
    g.state.year = 424
    g.state.leaders = {"sparta": ["Archidamos", 0]}
    open_turn(g, "sparta", use="event", phase="event")
    assert cards.targets(g, "sparta", "Brasidas") == [""]
    assert cards.targets(g, "athens", "Brasidas") == []
    card, ev = play_event(g, "sparta", "Brasidas")
    assert g.state.leaders["sparta"] == ["Brasidas", 1, card] and g.state.leader_left
    assert cards.targets(g, "sparta", "Brasidas") == []           # already leading
    g.run_step(g._new_year_deal)
    dealt = {c for p in g.state.piles.values() for c in p.hand}
    assert card not in dealt and len(dealt) == 12
    # H-2: Brasidas' +1 adds an Action to a Spartan Action turn
    g.state.committed = {"sparta": [next(c for c, v in g.state.cards.items() if v["value"] == 2), "action"],
                         "athens": ["c02", "action"]}
    g.state.order = ["sparta", "athens"]
    g.run_step(lambda: g._start_player_turn(0))
    assert g.state.turn.actions_left == 3


def test_h52_leader_cards_wait_for_their_year():
    g = bare_game()
    open_turn(g, "athens", use="event", phase="event")
    g.state.year = 430
    assert cards.targets(g, "athens", "Cleon") == [] and cards.targets(g, "athens", "Demosthenes") == []
    g.state.year = 429
    assert cards.targets(g, "athens", "Cleon") == [""]
    g.state.year = 425
    assert cards.targets(g, "athens", "Demosthenes") == [""] and cards.targets(g, "sparta", "Agis") == [""]


def test_h52_agis_ends_archidamos_pillage_of_attica_5_5():
    g = bare_game()
    g.state.year = 427
    g.state.leaders = {"sparta": ["Archidamos", 0]}
    place(g, "sparta", "Attica", steps=3)
    place(g, "athens", "city:Athens", steps=2)
    open_turn(g, "sparta")
    assert A.Pillage("sparta", "Attica") in g.legal_actions("sparta")
    play_event(g, "sparta", "Agis")
    assert A.Pillage("sparta", "Attica") not in g.legal_actions("sparta")


def test_h53_cleon_adds_prestige_to_a_capture_by_assault_8_1_3():
    g = bare_game()
    g.state.leaders = {"athens": ["Cleon", 0, "cX"]}
    g.state.sieges["Megara"] = Siege("Megara", "athens", -2)
    g.state.garrisons["Megara"] = "loyal"
    place(g, "athens", "Megaris", steps=2, rating="B2")
    open_turn(g, "athens", phase="combat", season=1)
    g.apply(A.Assault("athens", "Megara"))
    g.state.dice.force(4, 1, 2)                                    # garrison misses; two hits
    ev = g.apply(A.Surrender("sparta", "Megara", False))
    assert [e.how for e in of(ev, "CityCaptured")] == ["assault"]
    assert g.state.prestige == 3                                   # 2 (8.1.3) + 1 (Cleon)


def test_h54_demosthenes_fortifies_pylos_for_one_action():
    g = bare_game()
    place(g, "athens", "Messenia", steps=2)
    open_turn(g, "athens", actions=2)
    assert A.Fortify("athens", "Pylos") not in g.legal_actions("athens")   # Pericles leads
    g.state.leaders = {"athens": ["Demosthenes", 0, "cX"]}
    assert A.Fortify("athens", "Pylos") in g.legal_actions("athens")
    g.apply(A.Fortify("athens", "Pylos"))
    assert g.state.turn.actions_left == 1 and g.map.cities["Pylos"].walled
    assert A.Fortify("athens", "Pylos") not in g.legal_actions("athens")
    with pytest.raises(RuleError, match="H-54"):
        g.apply(A.Fortify("athens", "Pylos"))


def test_h55_brasidas_marches_one_block_three_areas_once_a_year_5_1():
    g = bare_game()
    g.state.leaders = {"sparta": ["Brasidas", 1, "cX"]}
    a, b = place(g, "sparta", "Boeotia", steps=2), place(g, "sparta", "Boeotia", steps=2)
    open_turn(g, "sparta", actions=3)
    long = [x for x in g.legal_actions("sparta") if isinstance(x, A.MoveBlock) and x.block == a.id and len(x.path) == 4]
    assert long
    g.apply(long[0])
    assert g.state.brasidas_year == g.state.year
    assert max(len(x.path) for x in g.legal_actions("sparta") if isinstance(x, A.MoveBlock) and x.block == b.id) == 3


def test_h55_brasidas_revolts_in_the_north_need_no_die():
    g = bare_game()
    g.state.leaders = {"sparta": ["Brasidas", 1, "cX"]}
    open_turn(g, "sparta", use="event", phase="event")
    assert "Torone" in cards.targets(g, "sparta", "Revolt")
    ev = g.run_step(lambda: cards.resolve(g, "sparta", "Revolt", "Torone"))
    assert of(ev, "DiceRolled") == [] and controller(g.state, g.map, "Torone") == "sparta"


def test_h56_lysander_spartan_fleets_fight_as_e2_at_sea_6_0():
    g = bare_game()
    g.state.leaders = {"sparta": ["Lysander", 1, "cX"]}
    place(g, "athens", "Ionian Sea", steps=2, rating="E2", kind="fleet")
    s = place(g, "sparta", "Ionian Sea", steps=2, rating="F2", kind="fleet")
    land = place(g, "sparta", "Boeotia", steps=2, rating="F2", kind="fleet")
    place(g, "athens", "Boeotia", steps=1, rating="C1")
    open_turn(g, "athens")
    g.apply(A.EndActions("athens"))
    if g.state.phase == "withdraw":
        g.apply(A.EndWithdraw("sparta"))
    g.state.dice.force(*([3] * 40))
    ratings = {e.block: e.rating for e in of(g.apply(A.Fight("athens", "Ionian Sea")), "BlockRevealed")}
    assert ratings[s.id] == "E2"
    ratings = {e.block: e.rating for e in of(g.apply(A.Fight("athens", "Boeotia")), "BlockRevealed")}
    assert ratings[land.id] == "C1"                                # on land still C1 (H-18)


# -- Persian Gold and Persian Aid (13.0, H-57, H-58) ---------------------------------------
def test_h58_late_war_cards_join_the_deck_from_413_only():
    g = bare_game()
    assert "c45" not in g.state.cards and len(g.state.cards) == 44
    g.state.year = 413
    g.run_step(g._new_year_deal)
    assert g.state.cards["c45"]["event"] == "Persian Gold" and len(g.state.cards) == 46


def test_13_0_persian_gold_activates_persian_aid_from_413():
    g = bare_game()
    open_turn(g, "sparta", use="event", phase="event")
    g.state.year = 414
    assert cards.targets(g, "sparta", "Persian Gold") == []
    g.state.year = 413
    assert cards.targets(g, "sparta", "Persian Gold") == [""]
    assert cards.targets(g, "athens", "Persian Gold") == []
    g.run_step(lambda: cards.resolve(g, "sparta", "Persian Gold", ""))
    assert g.state.persian_aid and cards.targets(g, "sparta", "Persian Gold") == []


def test_13_0_persian_aid_comes_by_itself_at_the_new_year_of_411():
    g = bare_game()
    g.state.year = 412
    g.run_step(g._new_year_deal)
    assert not g.state.persian_aid
    g.state.year = 411
    ev = g.run_step(g._new_year_deal)
    assert g.state.persian_aid and of(ev, "EventResolved")[0].event == "Persian Aid"


def test_13_0_persian_aid_builds_spartan_fleets_in_asia_with_a_build_only_action():
    g = bare_game()
    g.state.holder["Ephesus"] = "sparta"
    fleet = place(g, "sparta", "pool", steps=0, rating="F2", kind="fleet", home="Corinth")
    hop = place(g, "sparta", "pool", steps=0, home="Sparta")
    g.state.year, g.state.persian_aid = 411, True
    g.state.committed = {"sparta": ["c10", "action"], "athens": ["c02", "action"]}
    g.state.order = ["sparta", "athens"]
    g.run_step(lambda: g._start_player_turn(0))
    assert g.state.turn.build_actions == 1
    assert A.Levy("sparta", fleet.id, "Ephesus") in g.legal_actions("sparta")
    assert A.Levy("sparta", fleet.id, "Miletus") not in g.legal_actions("sparta")   # Athenian
    assert A.Levy("sparta", hop.id, "Ephesus") not in g.legal_actions("sparta")     # fleets only
    value = g.state.turn.actions_left
    g.apply(A.Levy("sparta", fleet.id, "Ephesus"))
    assert fleet.location == "Ionia" and g.state.turn.actions_left == value
    assert g.state.turn.build_actions == 0
    # without Persian Aid the fleet could only be levied at home
    g.state.persian_aid = False
    other = place(g, "sparta", "pool", steps=0, rating="F2", kind="fleet", home="Corinth")
    assert [a.city for a in g.legal_actions("sparta") if isinstance(a, A.Levy) and a.block == other.id] == ["Corinth"]


def test_13_0_persian_aid_sardis_supplies_spartans_in_winter_9_2():
    g = bare_game()
    g.state.holder.update({c.name: "athens" for c in g.map.cities.values()})
    assert not supplied(g.state, g.map, "Lydia", "sparta")
    g.state.persian_aid = True
    assert supplied(g.state, g.map, "Lydia", "sparta")
    g.state.sieges["Sardis"] = Siege("Sardis", "athens", 0)        # a besieged city supplies nobody
    assert not supplied(g.state, g.map, "Lydia", "sparta")


# -- Prestige bidding (14.0, H-36, H-59) ---------------------------------------------------
def test_h59_higher_bid_takes_its_side_and_the_track_starts_in_the_other_sides_favour():
    sides, prestige = settle_bids({"ann": ("athens", 3), "bob": ("athens", 1)}, Dice(1))
    assert sides == {"ann": "athens", "bob": "sparta"} and prestige == -3
    sides, prestige = settle_bids({"ann": ("sparta", 2), "bob": ("sparta", 4)}, Dice(1))
    assert sides == {"bob": "sparta", "ann": "athens"} and prestige == 4
    assert settle_bids({"ann": ("athens", 5), "bob": ("sparta", 0)}, Dice(1)) == (
        {"ann": "athens", "bob": "sparta"}, 0)


def test_h59_equal_bids_for_one_side_are_settled_by_a_die():
    d = Dice(1)
    d.force(3)
    assert settle_bids({"ann": ("sparta", 2), "bob": ("sparta", 2)}, d)[0]["ann"] == "sparta"
    d.force(4)
    assert settle_bids({"ann": ("sparta", 2), "bob": ("sparta", 2)}, d)[0]["bob"] == "sparta"


def test_h59_bad_bids_are_refused_naming_the_rule():
    with pytest.raises(RuleError, match="14.0"):
        settle_bids({"ann": ("thebes", 1), "bob": ("athens", 0)}, Dice(1))
    with pytest.raises(RuleError, match="14.0"):
        settle_bids({"ann": ("sparta", -1), "bob": ("athens", 0)}, Dice(1))


def test_h36_the_bid_reaches_the_game_as_its_starting_prestige(tmp_path):
    from sim.core.scenario import read_toml
    from sim.hellas import HellasGame
    from tests.hellas.helpers import SCENARIO
    base = read_toml(SCENARIO)
    scenario = with_starting_prestige(base, -3)
    g = HellasGame.new(scenario, 1)
    assert g.state.prestige == -3 and base["setup"]["prestige"] == 0
    path = tmp_path / "bid.json"
    save(g, path)
    assert load(path).state.prestige == -3                        # the replay keeps the bid
