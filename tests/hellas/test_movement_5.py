"""Movement (5.1, 5.2), transport (5.21), passes and straits (ruling H-9), area activation
(ruling H-5), Winter navigation (ruling H-32)."""
import pytest

from sim.core.errors import RuleError
from sim.hellas import actions as A

from tests.hellas.helpers import bare_game, open_turn, place


def moves(g, side, block):
    return [a for a in g.legal_actions(side) if isinstance(a, A.MoveBlock) and a.block == block.id]


def test_5_1_land_blocks_move_two_cavalry_three():
    g = bare_game()
    h = place(g, "athens", "Attica", steps=2)
    c = place(g, "athens", "Attica", steps=2, rating="A1", kind="cavalry")
    open_turn(g, "athens")
    assert max(len(a.path) for a in moves(g, "athens", h)) == 3
    assert max(len(a.path) for a in moves(g, "athens", c)) == 4


def test_5_1_stop_on_entering_enemy_upright_blocks():
    g = bare_game()
    h = place(g, "athens", "Attica", steps=2)
    place(g, "sparta", "Megaris", steps=1)
    open_turn(g, "athens")
    assert not any(a.path[:2] == ("Attica", "Megaris") and len(a.path) > 2 for a in moves(g, "athens", h))


def test_5_1_pass_limit_four_blocks_per_turn():
    g = bare_game()
    blocks = [place(g, "athens", "Attica", steps=1) for _ in range(5)]
    open_turn(g, "athens")
    for b in blocks[:4]:
        g.apply(A.MoveBlock("athens", b.id, ("Attica", "Boeotia")))
    with pytest.raises(RuleError) as err:
        g.apply(A.MoveBlock("athens", blocks[4].id, ("Attica", "Boeotia")))
    assert err.value.rule == "5.1"
    g.apply(A.MoveBlock("athens", blocks[4].id, ("Attica", "Megaris")))


def test_5_1_strait_ends_the_move_and_an_enemy_fleet_bars_it():
    g = bare_game()
    h = place(g, "athens", "Boeotia", steps=2)
    open_turn(g, "athens")
    paths = [a.path for a in moves(g, "athens", h) if "Euboea" in a.path]
    assert paths == [("Boeotia", "Euboea")]
    seas = set(g.map.seas_of("Boeotia")) & set(g.map.seas_of("Euboea"))
    place(g, "sparta", sorted(seas)[0], steps=1, rating="F2", kind="fleet")
    assert not any("Euboea" in a.path for a in moves(g, "athens", h))


def test_h5_one_action_activates_an_area_for_all_its_blocks():
    g = bare_game()
    a, b = place(g, "athens", "Attica"), place(g, "athens", "Attica")
    c = place(g, "athens", "Megaris")
    open_turn(g, "athens", actions=1)
    g.apply(A.MoveBlock("athens", a.id, ("Attica", "Boeotia")))
    assert g.state.turn.actions_left == 0
    g.apply(A.MoveBlock("athens", b.id, ("Attica", "Plataea")))
    with pytest.raises(RuleError) as err:
        g.apply(A.MoveBlock("athens", c.id, ("Megaris", "Corinthia")))
    assert err.value.rule == "4.0"
    with pytest.raises(RuleError):
        g.apply(A.MoveBlock("athens", a.id, ("Boeotia", "Phocis")))   # once per turn


def test_5_2_fleets_move_five_and_stop_on_enemy_fleets():
    g = bare_game()
    f = place(g, "athens", "Attica", steps=3, rating="E2", kind="fleet")
    open_turn(g, "athens")
    assert max(len(a.path) for a in moves(g, "athens", f)) == 6
    place(g, "sparta", "Saronic Gulf", steps=1, rating="F2", kind="fleet")
    paths = [a.path for a in moves(g, "athens", f)]
    assert ("Attica", "Saronic Gulf") in paths
    assert not any(p[:2] == ("Attica", "Saronic Gulf") and len(p) > 2 for p in paths)


def test_5_2_fleets_never_enter_inland_areas():
    g = bare_game()
    f = place(g, "athens", "Attica", steps=3, rating="E2", kind="fleet")
    open_turn(g, "athens")
    ends = {a.path[-1] for a in moves(g, "athens", f)}
    assert "Tegea" not in ends and "Mantinea" not in ends
    assert all(g.map.is_sea(e) or g.map.is_coastal(e) for e in ends)


def test_5_21_transport_one_smaller_block_landed_the_same_move():
    g = bare_game()
    f = place(g, "athens", "Attica", steps=3, rating="E2", kind="fleet")
    small = place(g, "athens", "Attica", steps=2)
    big = place(g, "athens", "Attica", steps=3)
    open_turn(g, "athens")
    carried = {a.carry for a in moves(g, "athens", f) if a.carry}
    assert carried == {small.id}
    assert all(not g.map.is_sea(a.path[-1]) for a in moves(g, "athens", f) if a.carry)
    with pytest.raises(RuleError) as err:
        g.apply(A.MoveBlock("athens", f.id, ("Attica", "Saronic Gulf", "Megaris"), big.id))
    assert err.value.rule == "5.21"
    g.apply(A.MoveBlock("athens", f.id, ("Attica", "Saronic Gulf", "Megaris"), small.id))
    assert small.location == "Megaris" and f.location == "Megaris"
    assert small.id in g.state.turn.moved and "aboard" not in small.marks


def test_h32_no_winter_move_ends_at_sea():
    g = bare_game()
    f = place(g, "athens", "Attica", steps=3, rating="E2", kind="fleet")
    open_turn(g, "athens", season=4)
    assert all(not g.map.is_sea(a.path[-1]) for a in moves(g, "athens", f))


def test_h32_fleets_at_sea_after_a_winter_turn_lose_a_step():
    g = bare_game()
    f = place(g, "athens", "Ionian Sea", steps=3, rating="E2", kind="fleet")
    open_turn(g, "athens", season=4, index=0)
    g.apply(A.EndActions("athens"))
    g.apply(A.EndCombat("athens"))
    assert f.steps == 2


def test_h45_sicily_is_out_of_play():
    g = bare_game()
    f = place(g, "athens", "Corcyra", steps=3, rating="E2", kind="fleet")
    open_turn(g, "athens")
    assert not any(g.map.is_inset(loc) for a in moves(g, "athens", f) for loc in a.path)


def test_h45_sicilian_cities_cannot_be_turned_by_events():
    from sim.hellas import cards
    g = bare_game()
    open_turn(g, "athens", use="event", phase="event")
    assert "Syracuse" not in cards.targets(g, "athens", "Civil War")
    assert "Chalcis" not in cards.targets(g, "athens", "Civil War")    # Athenian already
    assert "Megara" in cards.targets(g, "athens", "Civil War")
