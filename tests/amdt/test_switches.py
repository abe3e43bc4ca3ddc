"""Switches of sim/amdt/data/rulings.toml that short random games rarely reach: for each, a
built situation where the changed value changes what the rules do (issue 21). The others are
shown to change play by tests/amdt/test_rulings.py::test_changing_each_switch_changes_play."""
import pytest

from sim.amdt import actions as A
from sim.amdt import data as amdt_data
from sim.amdt import endturn, rulings, victory
from sim.amdt.control import sphere
from tests.amdt.helpers import activate, game, guard_hit_at_kanagasaki, soldiers_at, step

# switch -> the test here that changes it (read by test_rulings to cover every switch)
COVERED = {"turn_limit": "test_a53", "oda_six_castles": "test_a25", "azuchi_all_modes": "test_a22",
           "nobunaga_soldiers_4p": "test_a52", "spheres": "test_a39", "neutral_entry": "test_a19",
           "guard_forced_retreat": "test_a45", "card_windows": "test_a63", "omitted_cards": "test_a66",
           "hit_order": "test_a33"}


@pytest.fixture
def switch(monkeypatch):
    """set(name, value): play with one switch changed; the card data is rebuilt from it."""
    table = {k: dict(v) for k, v in rulings.table().items()}
    monkeypatch.setattr(rulings, "table", lambda: table)
    amdt_data.data.cache_clear()

    def set_value(name, value):
        table[name]["value"] = value
        amdt_data.data.cache_clear()
    yield set_value
    monkeypatch.undo()
    amdt_data.data.cache_clear()


@pytest.mark.parametrize("limit, over", [(30, False), (1, True)])
def test_a53_turn_limit_ends_the_game_at_that_turn(switch, limit, over):
    switch("turn_limit", limit)
    g = game(2)
    step(g, lambda: endturn.run(g))
    assert (g.state.phase == "over") is over


@pytest.mark.parametrize("target, winner", [(6, ""), (0, "oda")])
def test_a25_oda_castle_target(switch, target, winner):
    switch("oda_six_castles", target)
    g = game(2)
    step(g, lambda: victory.check_activation_end(g))
    assert g.state.winner == winner


@pytest.mark.parametrize("value, built", [(True, 2), (False, 0)])
def test_a22_azuchi_in_the_two_player_game(switch, value, built):
    switch("azuchi_all_modes", value)
    g = game(2)
    g.state.gone_clans.append("Azai")
    for u in g.state.units.values():
        if u.sector == "Kannon-ji" and u.kind == "soldier":
            u.clan = "Oda"
    g.state.control["Kannon-ji"] = "Oda"
    step(g, lambda: endturn.azuchi(g))
    assert g.state.azuchi == built


@pytest.mark.parametrize("cap", [7, 2])
def test_a52_nobunaga_leads_this_many_soldiers_in_4p(switch, cap):
    switch("nobunaga_soldiers_4p", cap)
    g = game(4)
    activate(g, "nobunaga", 6)
    most = max(m.soldiers for m in g.legal_actions("katsuie") if isinstance(m, A.March) and m.leader == "nobunaga")
    assert most == min(cap, len(soldiers_at(g, "Kanagasaki", guard=False)))


@pytest.mark.parametrize("value, seat", [({"Kawachi": "tokugawa"}, "tokugawa"), ({}, "")])
def test_a39_spheres_of_the_provinces_the_seed_leaves_open(switch, value, seat):
    switch("spheres", value)
    g = game(4)
    kawachi = next(s for s in amdt_data.data().board.locations if amdt_data.data().province(s) == "Kawachi")
    assert sphere(g.state, kawachi) == seat


@pytest.mark.parametrize("dice", [1, 2])
def test_a19_neutral_entry_advances_by_this_many_dice(switch, dice):
    switch("neutral_entry", {"dice": dice})
    g = game(2)
    events = step(g, g.advance_entries)
    rolls = [e for e in events if e.kind == "DiceRolled"]
    assert rolls and all(len(e.faces) == dice for e in rolls)


@pytest.mark.parametrize("value, may_stay", [("if_possible", False), ("never", True)])
def test_a45_guard_hit_forces_the_retreat_only_if_possible(switch, value, may_stay):
    switch("guard_forced_retreat", value)
    g = guard_hit_at_kanagasaki(game(2))
    assert (A.Retreat("oda", "") in g.legal_actions("oda")) is may_stay


def test_a63_card_windows_name_the_timings_cards_may_have(switch):
    assert amdt_data.data().cards
    switch("card_windows", ["activation"])                   # battle cards no longer fit
    with pytest.raises(Exception, match="timing"):
        amdt_data.data()


def test_a66_omitted_cards_leave_the_deck(switch):
    titles = {c["title"] for c in amdt_data.data().cards.values()}
    omitted = set(rulings.table()["omitted_cards"]["value"])
    assert not omitted & titles
    switch("omitted_cards", [])
    assert omitted <= {c["title"] for c in amdt_data.data().cards.values()}


@pytest.mark.parametrize("order, guard_first", [(["soldier", "guard", "leader", "commander"], False),
                                                (["guard", "soldier", "leader", "commander"], True)])
def test_a33_hit_order_inside_one_players_soldiers(switch, order, guard_first):
    """One hit on Nobunaga's Kanagasaki force (2p): the ordinary soldier goes first by default."""
    switch("hit_order", order)
    g = game(2)
    activate(g, "azai_asakura", 6)
    g.apply(A.March("anti", "Fuchu", "Kanagasaki", "kagetake", 2))
    guard = {u.id for u in soldiers_at(g, "Kanagasaki", guard=True)}
    assert guard
    g.dice.force(6, 1, *([1] * len(soldiers_at(g, "Kanagasaki"))))
    events = g.apply(A.Garrison("oda", 0))
    lost = [e.unit for e in events if e.kind == "UnitLost"]
    assert len(lost) == 1 and (lost[0] in guard) is guard_first
