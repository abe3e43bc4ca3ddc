"""Seed 003, rules 7.x: establishing a siege, city garrisons (7.3), movement of the besieged
(7.4), ports and their one offshore sea, city control and reversion."""
import pytest

from sim.core.errors import RuleError, ScenarioError
from sim.core.save import state_digest
from sim.hellas import actions as A
from sim.hellas import siege
from sim.hellas.mapdata import load_hellas_map
from sim.hellas.query import controller
from sim.hellas.state import Siege

from tests.hellas.helpers import bare_game, kinds, of, open_turn, place


def test_7_0_siege_established_in_combat_phase_with_loyal_garrison():
    g = bare_game()
    place(g, "sparta", "Attica", steps=4, rating="B2")
    open_turn(g, "sparta")
    assert "Athens" not in g.state.sieges
    ev = g.apply(A.EndActions("sparta"))
    assert g.state.sieges["Athens"].besieger == "sparta"
    assert g.state.garrisons["Athens"] == "loyal"
    assert kinds(ev).index("GarrisonPlaced") < kinds(ev).index("SiegeEstablished")
    # 7.0: no Siege Combat in the Player Turn the siege begins
    assert [a.kind for a in g.legal_actions("sparta")] == ["EndCombat"]


def test_7_0_no_siege_while_defenders_stand_in_the_area():
    g = bare_game()
    place(g, "sparta", "Megaris", steps=1)
    place(g, "athens", "Megaris", steps=2)     # Megara is Spartan: Athens's upright block
    open_turn(g, "athens")
    g.apply(A.EndActions("athens"))
    assert "Megara" not in g.state.sieges       # besiegers need the area free of defenders


def test_7_0_5_5_pillage_from_the_turn_after_the_siege():
    g = bare_game()
    place(g, "sparta", "Attica", steps=4)
    open_turn(g, "sparta")
    g.apply(A.EndActions("sparta"))
    g.apply(A.EndCombat("sparta"))              # Athens' turn follows
    open_turn(g, "sparta", index=1)
    g.state.pillaged = []
    assert A.Pillage("sparta", "Attica") in g.legal_actions("sparta")
    ev = g.apply(A.Pillage("sparta", "Attica"))
    assert of(ev, "PrestigeChanged")[0].total == -1     # +1 Sparta (ruling H-8)
    assert A.Pillage("sparta", "Attica") not in g.legal_actions("sparta")  # once per Year


def test_7_0_5_5_pillage_not_in_the_turn_the_siege_begins():
    g = bare_game()
    g.state.sieges["Thebes"] = Siege("Thebes", "athens", established=0)
    g.state.garrisons["Thebes"] = "loyal"
    place(g, "athens", "Boeotia", steps=3)
    open_turn(g, "athens")                      # stamp 0: same Player Turn as the siege
    with pytest.raises(RuleError) as err:
        g.apply(A.Pillage("athens", "Boeotia"))
    assert err.value.rule == "5.5"


def test_7_3_loyal_garrison_removed_when_siege_lifted_organised_stays():
    g = bare_game()
    st = g.state
    st.sieges["Athens"] = Siege("Athens", "sparta", established=-2)
    st.garrisons["Athens"] = "loyal"
    st.sieges["Plataea"] = Siege("Plataea", "sparta", established=-2)
    st.holder["Megara"] = "athens"
    st.garrisons["Megara"] = "organised"
    st.sieges["Megara"] = Siege("Megara", "sparta", established=-2)
    open_turn(g, "athens")
    g.apply(A.EndActions("athens"))             # no Spartan block anywhere: every siege lifts
    assert st.sieges == {}
    assert "Athens" not in st.garrisons
    assert st.garrisons["Megara"] == "organised"
    assert controller(st, g.map, "Megara") == "athens"


def test_7_3_4_2_3_one_garrison_per_city_organising_costs_an_action():
    g = bare_game()
    st = g.state
    st.holder["Megara"] = "athens"
    place(g, "athens", "Megaris", steps=2)
    open_turn(g, "athens")
    assert A.Organise("athens", "Megara") in g.legal_actions("athens")
    g.apply(A.Organise("athens", "Megara"))
    assert st.garrisons == {"Megara": "organised"} and st.turn.actions_left == 2
    with pytest.raises(RuleError) as err:
        g.apply(A.Organise("athens", "Megara"))
    assert err.value.rule == "4.2.3"


def test_7_3_garrison_is_a2_double_defense_never_routed_and_last():
    g = bare_game()
    st = g.state
    st.sieges["Plataea"] = Siege("Plataea", "sparta", established=-2)
    st.garrisons["Plataea"] = "loyal"
    blk = place(g, "athens", "city:Plataea", steps=1, rating="C2")
    place(g, "sparta", "Plataea", steps=1, rating="C1")
    open_turn(g, "sparta", phase="combat")
    g.apply(A.Assault("sparta", "Plataea"))
    # defenders A2 fire first: block (1 die) then garrison (1 die) miss; attacker: 1 die -> 1 hit,
    # round 2 defenders miss, attacker 6 (a rout: ignored), round 3 miss / hit
    st.dice.force(3, 3, 1, 4, 4, 6, 3, 3, 1)
    ev = g.apply(A.Surrender("athens", "Plataea", False))
    revealed = {e.block: e.rating for e in of(ev, "BlockRevealed")}
    assert revealed[blk.id] == "A2" and revealed["garrison-Plataea"] == "A2"
    assert of(ev, "BlockRouted") == []                    # 8.1: city defenders cannot rout
    assert [e.block for e in of(ev, "HalfHit")] == [blk.id, ]  # strongest non-garrison first
    assert [e.block for e in of(ev, "StepLost")] == [blk.id]    # second hit on the same block
    assert blk.location == "pool" and st.garrisons["Plataea"] == "loyal"  # garrison last


def test_7_3_garrisons_do_not_count_against_capacity():
    g = bare_game()
    st = g.state
    place(g, "sparta", "Plataea", steps=2)
    a = place(g, "athens", "Plataea", steps=2)
    st.garrisons["Plataea"] = "loyal"     # capacity 1, garrison present
    open_turn(g, "sparta")
    g.apply(A.EndActions("sparta"))
    assert g.legal_actions("athens")[0] == A.Withdraw("athens", a.id, "Plataea")


def test_7_3_besieged_blocks_and_garrisons_do_not_stop_movement():
    g = bare_game()
    g.state.sieges["Megara"] = Siege("Megara", "athens", established=-2)
    g.state.garrisons["Megara"] = "loyal"
    place(g, "sparta", "city:Megara", steps=3)
    mover = place(g, "athens", "Attica", steps=2)
    open_turn(g, "athens")
    dests = {a.path[-1] for a in g.legal_actions("athens") if isinstance(a, A.MoveBlock) and a.block == mover.id}
    assert "Corinthia" in dests               # Attica - Megaris - Corinthia, through the siege


def test_7_4_besieged_land_blocks_cannot_move():
    g = bare_game()
    g.state.sieges["Athens"] = Siege("Athens", "sparta", established=-2)
    b = place(g, "athens", "city:Athens", steps=3)
    place(g, "sparta", "Attica", steps=3)
    open_turn(g, "athens")
    before = state_digest(g)
    with pytest.raises(RuleError) as err:
        g.apply(A.MoveBlock("athens", b.id, ("Attica", "Megaris")))
    assert err.value.rule == "7.4"
    assert state_digest(g) == before          # an illegal action leaves the state untouched


def test_7_4_besieged_fleet_leaves_only_through_its_offshore_sea():
    g = bare_game()
    g.state.sieges["Athens"] = Siege("Athens", "sparta", established=-2)
    f = place(g, "athens", "city:Athens", steps=3, rating="E2", kind="fleet")
    place(g, "sparta", "Attica", steps=3)
    open_turn(g, "athens")
    paths = [a.path for a in g.legal_actions("athens") if isinstance(a, A.MoveBlock) and a.block == f.id]
    assert paths and all(p[1] == "Saronic Gulf" for p in paths)
    assert any(p[-1] == "Central Aegean" for p in paths)   # onward through an empty sea
    with pytest.raises(RuleError) as err:
        g.apply(A.MoveBlock("athens", f.id, ("Attica", "South Euboean Gulf")))
    assert err.value.rule == "7.4"


def test_7_4_besieged_fleet_meeting_enemy_in_offshore_sea_stops_and_fights():
    g = bare_game()
    g.state.sieges["Athens"] = Siege("Athens", "sparta", established=-2)
    f = place(g, "athens", "city:Athens", steps=3, rating="E2", kind="fleet")
    place(g, "sparta", "Attica", steps=3)
    place(g, "sparta", "Saronic Gulf", steps=2, rating="F2", kind="fleet")
    open_turn(g, "athens")
    paths = [a.path for a in g.legal_actions("athens") if isinstance(a, A.MoveBlock) and a.block == f.id]
    assert paths == [("Attica", "Saronic Gulf")]
    g.apply(A.MoveBlock("athens", f.id, ("Attica", "Saronic Gulf")))
    g.apply(A.EndActions("athens"))
    assert g.state.turn.battles == ["Saronic Gulf"]


def test_7_4_every_port_has_exactly_one_offshore_sea_on_its_coast():
    m = load_hellas_map()
    ports = [c for c in m.cities.values() if c.port]
    assert len(ports) == 68
    for c in ports:
        assert c.offshore_sea in m.seas_of(c.area)


def test_7_4_a_port_pointing_into_a_sea_off_its_coast_is_rejected(tmp_path):
    from sim.hellas.mapdata import MAP_FILE
    text = MAP_FILE.read_text().replace('offshore_sea = "Saronic Gulf"\nloyalty = "athenian"',
                                        'offshore_sea = "Ionian Sea"\nloyalty = "athenian"', 1)
    bad = tmp_path / "map.toml"
    bad.write_text(text)
    with pytest.raises(ScenarioError) as err:
        load_hellas_map(str(bad))
    assert "offshore_sea" in err.value.key


def test_7_x_captured_city_reverts_without_a_unit_or_organised_garrison():
    g = bare_game()
    st = g.state
    st.holder["Megara"] = "athens"
    st.holder["Thebes"] = "athens"
    st.garrisons["Thebes"] = "organised"
    st.holder["Sicyon"] = "athens"
    place(g, "athens", "Sicyon", steps=1)
    open_turn(g, "athens")
    ev = g.apply(A.EndActions("athens"))     # checked at the end of the Action phase
    assert [e.city for e in of(ev, "CityReverted")] == ["Megara"]
    assert controller(st, g.map, "Megara") == "sparta"
    assert controller(st, g.map, "Thebes") == "athens" and controller(st, g.map, "Sicyon") == "athens"


def test_7_x_besieged_defenders_keep_control_besiegers_hold_the_area():
    g = bare_game()
    st = g.state
    st.sieges["Athens"] = Siege("Athens", "sparta", established=-2)
    st.garrisons["Athens"] = "loyal"
    place(g, "sparta", "Attica", steps=3)
    relief = place(g, "sparta", "Megaris", steps=2)
    open_turn(g, "sparta")
    assert controller(st, g.map, "Athens") == "athens"
    dests = {a.path[-1] for a in g.legal_actions("sparta") if isinstance(a, A.MoveBlock) and a.block == relief.id}
    assert {"Boeotia", "Plataea"} <= dests    # Megaris - Attica - beyond: no stop in Attica


def test_7_x_entering_an_unorganised_captured_city_retakes_it():
    g = bare_game()
    st = g.state
    st.holder["Megara"] = "athens"
    place(g, "sparta", "Megaris", steps=2)
    open_turn(g, "sparta")
    st.turn.actions_left = 1
    ev = g.apply(A.EndActions("sparta"))
    assert "Megara" not in st.holder and "Megara" not in st.sieges
    assert of(ev, "CityReverted") or of(ev, "CityCaptured")


def test_7_0_fortifying_withdraw_into_the_walls_then_the_siege_follows():
    g = bare_game()
    st = g.state
    a = place(g, "athens", "Attica", steps=3)
    f = place(g, "athens", "Attica", steps=2, rating="E2", kind="fleet")
    place(g, "sparta", "Attica", steps=4, rating="B2")
    open_turn(g, "sparta")
    g.apply(A.EndActions("sparta"))
    assert g.to_act() == "athens" and g.state.phase == "withdraw"
    g.apply(A.Withdraw("athens", a.id, "Athens"))
    g.apply(A.Withdraw("athens", f.id, "Athens"))          # a port shelters fleets too
    ev = g.apply(A.EndWithdraw("athens"))
    assert of(ev, "BattleStarted") == []                    # nobody left to fight in the field
    assert st.sieges["Athens"].besieger == "sparta" and st.garrisons["Athens"] == "loyal"
    assert a.location == f.location == "city:Athens"
    from sim.hellas.siege import defenders
    assert len(defenders(g, "Athens")) == 3                  # two blocks and the garrison


def test_7_3_garrisons_are_not_limited_by_the_blocks_in_the_box():
    g = bare_game()
    cities = [c for c in sorted(g.map.cities) if g.map.cities[c].walled
              and controller(g.state, g.map, c) == "athens" and g.map.cities[c].loyalty == "athenian"
              and not g.map.is_inset(g.map.cities[c].area)]
    areas = sorted({g.map.cities[c].area for c in cities})
    for area in areas:
        place(g, "sparta", area, steps=1)
    open_turn(g, "sparta", phase="combat")
    ev = g.run_step(lambda: siege.establish_sieges(g))
    placed = [e.city for e in of(ev, "GarrisonPlaced")]
    assert len(placed) == len(cities) > 20                    # more than the 20 garrison blocks
    assert all(g.state.garrisons[c] == "loyal" for c in cities)


def test_7_3_garrisons_never_fight_a_landing_from_the_sea():
    g = bare_game()
    g.state.sieges["Megara"] = Siege("Megara", "athens", established=-2)
    g.state.garrisons["Megara"] = "loyal"
    place(g, "athens", "Megaris", steps=2)                     # the besiegers
    f = place(g, "sparta", "Corinthia", steps=3, rating="F2", kind="fleet")
    land = place(g, "sparta", "Corinthia", steps=2)
    open_turn(g, "sparta")
    g.apply(A.MoveBlock("sparta", f.id, ("Corinthia", "Saronic Gulf", "Megaris"), land.id))
    g.apply(A.EndActions("sparta"))
    if g.state.phase == "withdraw":
        g.apply(A.EndWithdraw("athens"))
    # the landing fights the besiegers in the field; the garrison stays out of it
    assert g.state.turn.battles == ["Megaris"]
    g.state.dice.force(*([3] * 40))
    ev = g.apply(A.Fight("sparta", "Megaris"))
    fought = {e.block for e in of(ev, "BlockRevealed")}
    assert land.id in fought and "garrison-Megara" not in fought
    assert g.state.garrisons["Megara"] == "loyal"


def test_7_4_blocks_holding_the_whole_coastal_area_use_every_adjacent_sea():
    g = bare_game()
    free = place(g, "sparta", "Corinthia", steps=2, rating="F2", kind="fleet")
    shut = place(g, "sparta", "city:Corinth", steps=2, rating="F2", kind="fleet")
    g.state.sieges["Corinth"] = Siege("Corinth", "athens", established=-2)
    place(g, "athens", "Corinthia", steps=1)
    open_turn(g, "sparta")
    first = {a.block: set() for a in g.legal_actions("sparta") if isinstance(a, A.MoveBlock)}
    for a in g.legal_actions("sparta"):
        if isinstance(a, A.MoveBlock):
            first[a.block].add(a.path[1])
    assert first[free.id] == {"Gulf of Corinth", "Saronic Gulf"}
    assert first[shut.id] == {g.map.cities["Corinth"].offshore_sea} == {"Gulf of Corinth"}


def test_7_x_captured_city_reverts_at_the_end_of_the_combat_phase_too():
    g = bare_game()
    st = g.state
    st.holder["Megara"] = "athens"
    open_turn(g, "athens", phase="combat")
    ev = g.apply(A.EndCombat("athens"))
    assert "Megara" in [e.city for e in of(ev, "CityReverted")]
    assert controller(st, g.map, "Megara") == "sparta"
