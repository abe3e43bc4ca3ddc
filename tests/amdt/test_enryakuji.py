"""15.4 Enryaku-ji: open on turn 1, monks rise on turn 2, battles there bring the neutral
powers closer (R-NEUTRALS), Oda burns it on capture."""
from sim.amdt import actions as A
from sim.amdt.events import EntryAdvanced
from tests.amdt.helpers import activate, game, move, put, soldiers_at


def test_15_4_turn_one_mt_hiei_is_open():
    g = game(2)
    move(g, "katsuie", "Sakamoto")
    activate(g, "nobunaga", 6)
    events = g.apply(A.March("oda", "Sakamoto", "Mt. Hiei", "katsuie", 0))
    assert g.state.control["Mt. Hiei"] == "Enryaku-ji" and g.state.battle is None
    assert not any(e.kind in ("BattleStarted", "Captured") for e in events)


def test_15_4_the_monks_rise_on_turn_two():
    g = game(2)
    while g.state.turn == 1:
        g.apply(A.EndActivation(g.to_act()))
    monks = soldiers_at(g, "Mt. Hiei", "Enryaku-ji")
    assert len(monks) == 2 and all(u.in_castle for u in monks)
    assert g.state.clan_faction["Enryaku-ji"] == "anti"


def rise(g):
    st = g.state
    st.turn = 2
    st.clan_faction["Enryaku-ji"] = "anti"
    put(g, "Mt. Hiei", "Enryaku-ji", 2, in_castle=True)
    move(g, "katsuie", "Sakamoto")
    put(g, "Sakamoto", "Oda", 3)
    activate(g, "nobunaga", 6)
    g.apply(A.March("oda", "Sakamoto", "Mt. Hiei", "katsuie", 3))
    assert g.state.decision.kind == "assault"


def test_15_4_fighting_enryakuji_advances_each_neutral_entry_by_a_die():
    g = game(2)
    rise(g)
    g.dice.force(1, 1, 1, 1, 1)                   # monks miss, Oda misses
    g.apply(A.AssaultChoice("oda", True))
    g.dice.force(3, 2, 6)                         # Mori, Takeda, Uesugi
    events = g.apply(A.AssaultChoice("oda", False))
    assert [e for e in events if isinstance(e, EntryAdvanced)] == [
        EntryAdvanced("Mori", 10), EntryAdvanced("Takeda", 4), EntryAdvanced("Uesugi", 8)]


def test_15_4_no_earlier_than_next_turn():
    g = game(2)
    rise(g)
    g.dice.force(1, 1, 1, 1, 1)
    g.apply(A.AssaultChoice("oda", True))
    g.dice.force(6, 6, 6)
    g.state.entry["Takeda"] = 5
    g.apply(A.AssaultChoice("oda", False))
    assert g.state.entry == {"Mori": 7, "Takeda": 3, "Uesugi": 8}


def test_15_4_oda_burns_enryakuji_on_capture():
    g = game(2)
    rise(g)
    g.dice.force(1, 1, 6, 6, 6)
    g.apply(A.AssaultChoice("oda", True))
    st = g.state
    assert st.castle["Mt. Hiei"] == 0 and "Enryaku-ji" in st.gone_clans
    assert st.control["Mt. Hiei"] == "Oda"


def test_15_4_oda_loc_passes_mt_hiei_while_oda_units_besiege_the_monks(monkeypatch):
    from sim.amdt import rulings, supply
    g = game(2)
    st = g.state
    st.clan_faction["Enryaku-ji"] = "anti"
    put(g, "Mt. Hiei", "Enryaku-ji", 2, in_castle=True)
    assert "Mt. Hiei" in supply._blocked(st, "oda")         # an enemy castle blocks LOC
    put(g, "Mt. Hiei", "Oda", 2)                             # Oda besiegers in the sector
    assert "Mt. Hiei" not in supply._blocked(st, "oda")     # ruling A-68
    table = {k: dict(v) for k, v in rulings.table().items()}
    table["hiei_loc"]["value"] = False
    monkeypatch.setattr(rulings, "table", lambda: table)
    assert "Mt. Hiei" in supply._blocked(st, "oda")
