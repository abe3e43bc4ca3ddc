"""Seed 003, rules 8.x: Siege Combat eligibility (8.0), Assault and its surrender option (8.1,
8.1.3), double defense (8.1.1), assault retreats (8.1.2), Attrition by Season (8.2), blockade
(8.2.1), Black Sea grain (8.2.2) and sorties (8.3)."""
import pytest

from sim.board import events_for
from sim.core.errors import RuleError
from sim.hellas import actions as A
from sim.hellas.query import controller
from sim.hellas.state import Siege

from tests.hellas.helpers import bare_game, of, open_turn, place


def besieged(g, city, besieger, established=-2, blockaded_since=None, garrison=True):
    g.state.sieges[city] = Siege(city, besieger, established, blockaded_since)
    if garrison:
        g.state.garrisons[city] = "loyal"


def declare_sortie(g, block):
    """Sparta's Action turn in Summer: no Actions, then `block` sorties (8.3)."""
    open_turn(g, "sparta", season=1)
    g.apply(A.EndActions("sparta"))
    g.apply(A.Sortie("sparta", block.id))
    g.apply(A.EndSorties("sparta"))


# -- 8.0 eligibility -----------------------------------------------------------------------
def test_8_0_siege_combat_only_against_sieges_from_a_previous_season():
    g = bare_game()
    besieged(g, "Thebes", "athens", established=2 * 3)      # Fall, first Player Turn
    place(g, "athens", "Boeotia", steps=3)
    open_turn(g, "athens", phase="combat", season=3, index=1)  # Fall, second Player Turn
    assert [a.kind for a in g.legal_actions("athens")] == ["EndCombat"]
    with pytest.raises(RuleError) as err:
        g.apply(A.Assault("athens", "Thebes"))
    assert err.value.rule == "8.0"
    open_turn(g, "athens", phase="combat", season=4)           # Winter: a later Season
    assert {a.kind for a in g.legal_actions("athens")} == {"Assault", "Attrition", "EndCombat"}


def test_8_0_event_turn_allows_attrition_only():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    place(g, "athens", "Boeotia", steps=3)
    open_turn(g, "athens", use="event", phase="combat", season=1)
    assert {a.kind for a in g.legal_actions("athens")} == {"Attrition", "EndCombat"}
    with pytest.raises(RuleError) as err:
        g.apply(A.Assault("athens", "Thebes"))
    assert err.value.rule == "8.1"


def test_8_0_one_siege_combat_per_city_per_turn():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    place(g, "athens", "Boeotia", steps=3)
    open_turn(g, "athens", phase="combat", season=1)
    g.state.dice.force(6)
    g.apply(A.Attrition("athens", "Thebes"))
    assert [a.kind for a in g.legal_actions("athens")] == ["EndCombat"]


# -- 8.1 Assault, surrender -------------------------------------------------------------------
def test_8_1_surrender_is_offered_before_anything_is_revealed():
    g = bare_game()
    besieged(g, "Plataea", "sparta")
    place(g, "athens", "city:Plataea", steps=1)
    place(g, "sparta", "Plataea", steps=4, rating="B2")
    open_turn(g, "sparta", phase="combat", season=1)
    ev = g.apply(A.Assault("sparta", "Plataea"))
    assert g.to_act() == "athens" and g.state.phase == "surrender"
    assert of(ev, "BlockRevealed") == [] and of(ev, "DiceRolled") == []
    assert set(g.legal_actions("athens")) == {A.Surrender("athens", "Plataea", True), A.Surrender("athens", "Plataea", False)}


def test_8_1_3_surrender_eliminates_defenders_costs_besiegers_nothing_and_gives_1_prestige():
    g = bare_game()
    besieged(g, "Plataea", "sparta")
    d = place(g, "athens", "city:Plataea", steps=1)
    s = place(g, "sparta", "Plataea", steps=4, rating="B2")
    open_turn(g, "sparta", phase="combat", season=1)
    g.apply(A.Assault("sparta", "Plataea"))
    ev = g.apply(A.Surrender("athens", "Plataea", True))
    assert d.location == "pool" and s.steps == 4
    assert g.state.prestige == -1 and controller(g.state, g.map, "Plataea") == "sparta"
    assert "Plataea" not in g.state.sieges and "Plataea" not in g.state.garrisons
    assert of(ev, "BlockRevealed") == []


def test_8_1_3_capture_by_assault_gives_2_prestige():
    g = bare_game()
    besieged(g, "Plataea", "sparta")                           # garrison only
    place(g, "sparta", "Plataea", steps=2, rating="B2")
    open_turn(g, "sparta", phase="combat", season=1)
    g.apply(A.Assault("sparta", "Plataea"))
    g.state.dice.force(4, 1, 2)                                # garrison misses; two hits
    ev = g.apply(A.Surrender("athens", "Plataea", False))
    assert [e.how for e in of(ev, "CityCaptured")] == ["assault"]
    assert g.state.prestige == -2
    assert g.state.holder["Plataea"] == "sparta"


def test_8_1_1_double_defense_two_hits_per_step_and_lost_half_hit():
    g = bare_game()
    besieged(g, "Thebes", "athens", garrison=False)
    d = place(g, "sparta", "city:Thebes", steps=3)
    place(g, "athens", "Boeotia", steps=3, rating="C1")
    open_turn(g, "athens", phase="combat", season=1)
    g.apply(A.Assault("athens", "Thebes"))
    # each round: defender 3 dice (miss), attacker 3 dice; hits: 1, then 2 (=1 step), then 0
    g.state.dice.force(3, 3, 4, 1, 3, 4, 3, 4, 3, 1, 1, 3, 4, 4, 4, 3, 3, 3)
    ev = g.apply(A.Surrender("sparta", "Thebes", False))
    assert len(of(ev, "HalfHit")) == 2
    assert d.steps == 2                                        # 3 hits -> 1 step, 1 half lost
    assert "Thebes" in g.state.sieges


def test_8_1_1_attackers_take_hits_normally():
    g = bare_game()
    besieged(g, "Thebes", "athens", garrison=False)
    place(g, "sparta", "city:Thebes", steps=2)
    a = place(g, "athens", "Boeotia", steps=3, rating="C1")
    open_turn(g, "athens", phase="combat", season=1)
    g.apply(A.Assault("athens", "Thebes"))
    g.state.dice.force(1, 2, 3, 3, 3, *([3] * 10))             # A2 defenders: 2 hits at once
    g.apply(A.Surrender("sparta", "Thebes", False))
    assert a.steps == 1


def test_8_1_2_routed_assaulters_stay_as_besiegers():
    g = bare_game()
    besieged(g, "Thebes", "athens", garrison=False)
    place(g, "sparta", "city:Thebes", steps=1)
    a = place(g, "athens", "Boeotia", steps=2, rating="C1")
    open_turn(g, "athens", phase="combat", season=1)
    g.apply(A.Assault("athens", "Thebes"))
    g.state.dice.force(6)                                      # the defender routs the attacker
    ev = g.apply(A.Surrender("sparta", "Thebes", False))
    assert of(ev, "BlockRouted")[0].block == a.id
    assert a.location == "Boeotia" and g.state.sieges["Thebes"].besieger == "athens"
    assert of(ev, "BlockRetreated") == []


def test_8_1_2_5_21_besieged_fleets_escape_to_a_free_offshore_sea_with_one_land_block():
    g, f, land = assault_on_megara()
    assert g.state.phase == "escape"
    assert A.Escape("sparta", f.id, land.id) in g.legal_actions("sparta")
    g.apply(A.Escape("sparta", f.id, land.id))
    assert f.location == "Saronic Gulf" and land.location == "Saronic Gulf" and land.marks["aboard"] == f.id
    g.state.dice.force(3, 1, 1, 3, 3)                          # garrison misses, then 2 hits
    g.apply(A.EndEscape("sparta"))
    assert g.state.holder["Megara"] == "athens"


def test_8_1_2_no_escape_when_an_enemy_fleet_holds_the_offshore_sea():
    g = bare_game()
    besieged(g, "Megara", "athens")
    place(g, "sparta", "city:Megara", steps=3, rating="F2", kind="fleet")
    place(g, "athens", "Megaris", steps=4)
    place(g, "athens", "Saronic Gulf", steps=2, rating="E2", kind="fleet")
    open_turn(g, "athens", phase="combat", season=1)
    g.apply(A.Assault("athens", "Megara"))
    g.state.dice.force(*([3] * 30))
    g.apply(A.Surrender("sparta", "Megara", False))
    assert g.state.phase == "combat"                           # straight to the fight


def assault_on_megara():
    """Megara (a port on the Saronic Gulf) besieged by Athens: a Spartan F2 fleet of 3 steps, a
    2-step hoplite and the loyal garrison inside; 4 Athenian C2 steps assault it."""
    g = bare_game()
    besieged(g, "Megara", "athens")
    f = place(g, "sparta", "city:Megara", steps=3, rating="F2", kind="fleet")
    land = place(g, "sparta", "city:Megara", steps=2)
    place(g, "athens", "Megaris", steps=4)
    open_turn(g, "athens", phase="combat", season=1)
    g.apply(A.Assault("athens", "Megara"))
    g.apply(A.Surrender("sparta", "Megara", False))
    return g, f, land


def test_8_1_2_besieged_fleets_may_escape_between_rounds_of_the_assault():
    g, f, land = assault_on_megara()
    assert g.state.phase == "escape" and g.state.turn.assault_round == 0
    g.state.dice.force(3, 3, 3, 3, 3, 3, 3, 3, 3, 3)          # round 1: 6 defender, 4 attacker dice, all miss
    ev = g.apply(A.EndEscape("sparta"))
    assert len(of(ev, "BlockFired")) == 4 and of(ev, "BattleEnded") == []
    assert g.state.phase == "escape" and g.to_act() == "sparta" and g.state.turn.assault_round == 1
    assert A.Escape("sparta", f.id, land.id) in g.legal_actions("sparta")
    assert "1 round fought" in " ".join(_battle_lines(g))
    g.apply(A.Escape("sparta", f.id, land.id))
    assert f.location == "Saronic Gulf" and land.marks["aboard"] == f.id
    g.state.dice.force(3, 1, 1, 3, 3)                          # round 2: garrison misses; 2 hits on it
    ev = g.apply(A.EndEscape("sparta"))
    assert [e.rounds for e in of(ev, "BattleEnded")] == [2]
    assert [e.how for e in of(ev, "CityCaptured")] == ["assault"] and g.state.holder["Megara"] == "athens"
    assert f.location == "Saronic Gulf" and f.steps == 3        # the fleet got away
    assert g.state.phase == "combat" and g.state.turn.assault_round == 0


def test_8_1_2_the_assault_goes_on_with_the_same_half_hits_after_the_choice():
    g, f, land = assault_on_megara()
    g.state.dice.force(3, 3, 3, 3, 3, 3, 1, 3, 3, 3)          # round 1: one attacker hit, a half hit on the fleet
    ev = g.apply(A.EndEscape("sparta"))
    assert [e.block for e in of(ev, "HalfHit")] == [f.id] and g.state.turn.half_hit == f.id
    g.state.dice.force(3, 3, 3, 3, 3, 3, 1, 3, 3, 3)          # round 2: the next hit turns it into a step loss (8.1.1)
    ev = g.apply(A.EndEscape("sparta"))
    assert [e.block for e in of(ev, "StepLost")] == [f.id] and f.steps == 2
    assert g.state.turn.assault_round == 2 and g.state.phase == "escape"
    g.state.dice.force(*([3] * 9))                             # round 3 (ruling H-15: the last) all miss
    ev = g.apply(A.EndEscape("sparta"))
    assert [e.rounds for e in of(ev, "BattleEnded")] == [3]
    assert "Megara" in g.state.sieges and g.state.phase == "combat"


def test_8_1_2_an_escaping_fleet_takes_its_half_hit_out_of_the_battle():
    g, f, land = assault_on_megara()
    g.state.dice.force(3, 3, 3, 3, 3, 3, 1, 3, 3, 3)
    g.apply(A.EndEscape("sparta"))
    g.apply(A.Escape("sparta", f.id, ""))
    assert g.state.turn.half_hit == ""
    g.state.dice.force(3, 3, 3, 1, 3, 3, 3)                    # round 2: one hit, a new half hit on the hoplite
    ev = g.apply(A.EndEscape("sparta"))
    assert [e.block for e in of(ev, "HalfHit")] == [land.id] and f.steps == 3


def test_8_1_2_no_choice_between_rounds_once_an_enemy_fleet_holds_the_offshore_sea():
    g, f, land = assault_on_megara()
    place(g, "athens", "Saronic Gulf", steps=2, rating="E2", kind="fleet")
    g.state.dice.force(*([3] * 30))
    ev = g.apply(A.EndEscape("sparta"))
    assert [e.rounds for e in of(ev, "BattleEnded")] == [3] and g.state.phase == "combat"


def test_8_1_2_an_assault_waiting_between_rounds_survives_a_save_of_the_state():
    from sim.core.codec import decode, encode
    g, f, land = assault_on_megara()
    g.state.dice.force(3, 3, 3, 3, 3, 3, 1, 3, 3, 3)
    g.apply(A.EndEscape("sparta"))
    copy = bare_game()
    copy.set_state(decode(encode(g.state)))
    for game in (g, copy):
        game.state.dice.force(3, 3, 3, 3, 3, 3, 1, 1, 3, 3)
        game.apply(A.EndEscape("sparta"))
    assert encode(copy.state) == encode(g.state)
    assert copy.state.blocks[f.id].steps == 2 and copy.state.turn.half_hit == f.id   # 3 hits: a step and a half


def _battle_lines(g):
    from render.hellas import HellasAdapter
    return HellasAdapter.battle_lines(None, g.view("athens"))


# -- 8.2 Attrition ----------------------------------------------------------------------------
def test_8_2_attrition_hits_on_1_in_summer_strongest_first_garrison_last():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    big = place(g, "sparta", "city:Thebes", steps=3)
    small = place(g, "sparta", "city:Thebes", steps=2)
    place(g, "athens", "Boeotia", steps=1)
    open_turn(g, "athens", phase="combat", season=1)
    g.state.dice.force(1, 2, 1)                                # 3 dice: 2 hits
    ev = g.apply(A.Attrition("athens", "Thebes"))
    assert of(ev, "DiceRolled")[0].faces == (1, 2, 1)
    assert (big.steps, small.steps) == (2, 1) or (big.steps, small.steps) == (1, 2)
    assert big.steps + small.steps == 3 and g.state.garrisons["Thebes"] == "loyal"


def test_8_2_attrition_is_not_revealed_to_the_besieger():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    b = place(g, "sparta", "city:Thebes", steps=3)
    place(g, "athens", "Boeotia", steps=1)
    open_turn(g, "athens", phase="combat", season=1)
    g.state.dice.force(1, 1)
    ev = g.apply(A.Attrition("athens", "Thebes"))
    seen = events_for(ev, "athens")
    assert of(ev, "SecretStepLoss")[0].block == b.id
    assert of(seen, "SecretStepLoss") == [] and len(of(seen, "StepLossSeen")) == 2
    assert b.id not in repr(seen) and "BlockRevealed" not in repr(seen)


def test_8_2_9_22_winter_attrition_hits_on_1_to_3_when_supplied():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    b = place(g, "sparta", "city:Thebes", steps=4)
    place(g, "athens", "Boeotia", steps=1)                     # Plataea next door: supplied
    open_turn(g, "athens", phase="combat", season=4)
    g.state.dice.force(3, 4)
    g.apply(A.Attrition("athens", "Thebes"))
    assert b.steps == 3 and g.state.garrisons["Thebes"] == "loyal"


def test_8_2_9_22_winter_attrition_unsupplied_besiegers_hit_on_1_only():
    g = bare_game()
    city = "Tegea"                                             # inland Arcadia, far from any Athenian city
    besieged(g, city, "athens")
    b = place(g, "sparta", f"city:{city}", steps=4)
    place(g, "athens", "Tegea", steps=1)
    open_turn(g, "athens", phase="combat", season=4)
    from sim.hellas.query import supplied
    assert not supplied(g.state, g.map, "Tegea", "athens")
    g.state.dice.force(3, 2)
    g.apply(A.Attrition("athens", city))
    assert b.steps == 4                                       # ruling H-27


def test_8_2_attrition_eliminating_the_garrison_captures_for_2():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    place(g, "athens", "Boeotia", steps=1)
    open_turn(g, "athens", phase="combat", season=1)
    g.state.dice.force(1)
    ev = g.apply(A.Attrition("athens", "Thebes"))
    assert [e.how for e in of(ev, "CityCaptured")] == ["attrition"] and g.state.prestige == 2


def test_8_2_1_port_attrition_needs_blockade_since_previous_season():
    g = bare_game()
    besieged(g, "Megara", "athens")
    place(g, "sparta", "city:Megara", steps=2)
    place(g, "athens", "Megaris", steps=2)
    open_turn(g, "athens", phase="combat", season=1)
    with pytest.raises(RuleError) as err:
        g.apply(A.Attrition("athens", "Megara"))
    assert err.value.rule == "8.2.1"
    g.state.sieges["Megara"].blockaded_since = 1              # blockade began this Season
    assert A.Attrition("athens", "Megara") not in g.legal_actions("athens")
    g.state.sieges["Megara"].blockaded_since = 0
    assert A.Attrition("athens", "Megara") in g.legal_actions("athens")


def test_8_2_1_blockade_is_recorded_when_a_fleet_enters_the_offshore_sea():
    g = bare_game()
    besieged(g, "Megara", "athens")
    place(g, "athens", "Megaris", steps=2)
    f = place(g, "athens", "Attica", steps=2, rating="E2", kind="fleet")
    open_turn(g, "athens", season=2)
    g.apply(A.MoveBlock("athens", f.id, ("Attica", "Saronic Gulf")))
    g.apply(A.EndActions("athens"))
    assert g.state.sieges["Megara"].blockaded_since == 2


def test_8_2_1_no_building_in_a_besieged_and_blockaded_port():
    g = bare_game()
    besieged(g, "Megara", "athens")
    b = place(g, "sparta", "city:Megara", steps=1, max_steps=3)
    place(g, "athens", "Megaris", steps=2)
    open_turn(g, "sparta", season=1)
    assert A.Reinforce("sparta", b.id) in g.legal_actions("sparta")   # besieged, not blockaded
    place(g, "athens", "Saronic Gulf", steps=2, rating="E2", kind="fleet")
    with pytest.raises(RuleError) as err:
        g.apply(A.Reinforce("sparta", b.id))
    assert err.value.rule == "8.2.1"


def test_8_2_2_black_sea_grain_spartan_fleet_blockades_athens_and_hits_on_1_to_3():
    g = bare_game()
    besieged(g, "Athens", "sparta", blockaded_since=0)
    b = place(g, "athens", "city:Athens", steps=4)
    place(g, "sparta", "Attica", steps=3)
    place(g, "sparta", "Hellespont", steps=2, rating="F2", kind="fleet")
    open_turn(g, "sparta", phase="combat", season=1)          # Summer, not Winter
    from sim.hellas.query import blockaded
    assert blockaded(g.state, g.map, "Athens")
    g.state.dice.force(3, 2)                                   # two hits under 8.2.2
    g.apply(A.Attrition("sparta", "Athens"))
    assert b.steps == 2


@pytest.mark.parametrize("sea", ["Hellespont", "Sea of Marmara", "Saronic Gulf"])
def test_8_2_2_each_grain_sea_cuts_the_supply(sea):
    from sim.hellas.query import blockaded
    g = bare_game()
    assert not blockaded(g.state, g.map, "Athens")
    place(g, "sparta", sea, steps=2, rating="F2", kind="fleet")
    assert blockaded(g.state, g.map, "Athens")


def test_8_2_2_grain_rule_needs_a_siege_of_athens():
    g = bare_game()
    place(g, "sparta", "Hellespont", steps=2, rating="F2", kind="fleet")
    besieged(g, "Athens", "sparta", blockaded_since=None)
    place(g, "sparta", "Attica", steps=2)
    open_turn(g, "sparta", phase="combat", season=1)
    from sim.hellas.siege import attrition_hit_number
    assert attrition_hit_number(g, "Athens") == 3
    g.state.sieges.clear()
    g.state.sieges["Thebes"] = Siege("Thebes", "athens", -2)
    assert attrition_hit_number(g, "Thebes") == 1


# -- 8.3 Sortie -------------------------------------------------------------------------------
def test_8_3_sortie_declared_at_combat_start_garrisons_never_sortie():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    b = place(g, "sparta", "city:Thebes", steps=3, rating="B2")
    place(g, "athens", "Boeotia", steps=1)
    open_turn(g, "sparta", season=1)
    g.apply(A.EndActions("sparta"))
    assert g.state.phase == "sortie"
    assert g.legal_actions("sparta") == [A.Sortie("sparta", b.id), A.EndSorties("sparta")]


def test_8_3_no_sortie_in_an_event_turn():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    place(g, "sparta", "city:Thebes", steps=3, rating="B2")
    place(g, "athens", "Boeotia", steps=1)
    open_turn(g, "sparta", use="event", phase="event", season=1)
    g._begin_combat()
    assert g.state.phase == "combat"


def test_8_3_winning_sortie_lifts_the_siege_no_double_defense():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    b = place(g, "sparta", "city:Thebes", steps=2, rating="B2")
    enemy = place(g, "athens", "Boeotia", steps=1, rating="C2")
    declare_sortie(g, b)
    assert g.legal_actions("sparta") == [A.Fight("sparta", "sortie:Thebes")]
    g.state.dice.force(1, 3)                                   # B2: one hit kills the 1-step
    ev = g.apply(A.Fight("sparta", "sortie:Thebes"))
    assert of(ev, "HalfHit") == [] and enemy.location == "pool"
    assert "Thebes" not in g.state.sieges and b.location == "Boeotia"
    assert "Thebes" not in g.state.garrisons


def test_8_3_routed_sortiers_go_back_into_the_city():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    b = place(g, "sparta", "city:Thebes", steps=1, rating="C2")
    place(g, "athens", "Boeotia", steps=2, rating="B2")
    declare_sortie(g, b)
    g.state.dice.force(3, 6)                                   # B2 defender fires first: rout
    g.apply(A.Fight("sparta", "sortie:Thebes"))
    assert b.location == "city:Thebes" and g.state.sieges["Thebes"].besieger == "athens"


def test_8_3_5_4_2_relief_battle_is_fought_before_the_sortie():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    b = place(g, "sparta", "city:Thebes", steps=2, rating="B2")
    place(g, "athens", "Boeotia", steps=2, rating="C2")
    relief = place(g, "sparta", "Phocis", steps=2, rating="C2")
    open_turn(g, "sparta", season=1)
    g.apply(A.MoveBlock("sparta", relief.id, ("Phocis", "Boeotia")))
    g.apply(A.EndActions("sparta"))
    g.apply(A.Sortie("sparta", b.id))
    g.apply(A.EndSorties("sparta"))
    assert g.legal_actions("sparta") == [A.Fight("sparta", "Boeotia")]
    with pytest.raises(RuleError):
        g.apply(A.Fight("sparta", "sortie:Thebes"))


def test_8_1_every_city_defender_fights_a2_and_cannot_rout():
    g = bare_game()
    besieged(g, "Megara", "athens")
    hop = place(g, "sparta", "city:Megara", steps=2, rating="C2")
    fleet = place(g, "sparta", "city:Megara", steps=1, rating="F2", kind="fleet")
    place(g, "athens", "Megaris", steps=4, rating="C2")
    place(g, "athens", "Saronic Gulf", steps=2, rating="E2", kind="fleet")   # no escape (8.1.2)
    open_turn(g, "athens", phase="combat", season=1)
    g.apply(A.Assault("athens", "Megara"))
    g.state.dice.force(*([4] * 4), *([6] * 4), *([4] * 30))    # attackers roll only routs
    ev = g.apply(A.Surrender("sparta", "Megara", False))
    ratings = {e.block: e.rating for e in of(ev, "BlockRevealed")}
    assert ratings[hop.id] == ratings[fleet.id] == ratings["garrison-Megara"] == "A2"
    assert of(ev, "BlockRouted") == [] and hop.location == fleet.location == "city:Megara"


def test_8_1_1_a_block_with_a_half_hit_takes_the_next_hit():
    g = bare_game()
    besieged(g, "Thebes", "athens", garrison=False)
    c = place(g, "sparta", "city:Thebes", steps=2)
    d = place(g, "sparta", "city:Thebes", steps=2)
    place(g, "athens", "Boeotia", steps=2, rating="C2")
    open_turn(g, "athens", phase="combat", season=1)
    g.apply(A.Assault("athens", "Thebes"))
    g.state.dice.force(3, 3, 3, 3, 1, 3, 3, 3, 3, 3, 1, 3, *([3] * 30))   # a hit in rounds 1 and 2
    ev = g.apply(A.Surrender("sparta", "Thebes", False))
    first = of(ev, "HalfHit")[0].block
    assert len(of(ev, "HalfHit")) == 1
    assert [e.block for e in of(ev, "StepLost")] == [first]   # the second hit lands on it too
    assert sorted((c.steps, d.steps)) == [1, 2]


def test_8_2_one_die_per_besieged_block_and_the_besiegers_lose_nothing():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    place(g, "sparta", "city:Thebes", steps=1)
    place(g, "sparta", "city:Thebes", steps=1)
    att = place(g, "athens", "Boeotia", steps=2)
    open_turn(g, "athens", phase="combat", season=1)
    g.state.dice.force(6, 6, 6)
    ev = g.apply(A.Attrition("athens", "Thebes"))
    assert len(of(ev, "DiceRolled")[0].faces) == 3             # two blocks and the garrison
    assert att.steps == 2 and of(ev, "SecretStepLoss") == []


def test_8_3_besiegers_beaten_by_a_sortie_retreat_under_the_normal_rules_6_4():
    g = bare_game()
    besieged(g, "Thebes", "athens")
    b = place(g, "sparta", "city:Thebes", steps=2, rating="B2")
    enemy = place(g, "athens", "Boeotia", steps=2, rating="C2")
    declare_sortie(g, b)
    g.state.dice.force(6, 3, *([3] * 30))                      # the sortie routs the besieger
    ev = g.apply(A.Fight("sparta", "sortie:Thebes"))
    assert [e.block for e in of(ev, "BlockRetreated")] == [enemy.id]
    assert enemy.location in g.map.land_neighbours("Boeotia") and not enemy.location.startswith("city:")
    assert "Thebes" not in g.state.sieges


def test_8_1_ruling_h63_the_long_walls_athens_is_assaulted_only_while_blockaded():
    """A Spartan army besieging Athens may only starve it (Attrition needs the blockade too);
    with a Spartan fleet in the Saronic Gulf the Assault is offered."""
    g = bare_game()
    besieged(g, "Athens", "sparta")
    place(g, "sparta", "Attica", steps=4, rating="B2")
    open_turn(g, "sparta", phase="combat", season=1)
    assert "Assault" not in {a.kind for a in g.legal_actions("sparta")}
    with pytest.raises(RuleError) as err:
        g.apply(A.Assault("sparta", "Athens"))
    assert err.value.rule == "8.0"
    place(g, "sparta", "Saronic Gulf", steps=2, kind="fleet", rating="B2")
    assert "Assault" in {a.kind for a in g.legal_actions("sparta")}
