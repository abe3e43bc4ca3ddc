"""16.1 three-player game: the anti-Oda split, 16.1.5 battle between two anti-Oda players'
units (the sector's player commands, allocates and chooses the castle units; each retreats
only his own), 16.1.8 Kyoto bonus to its player."""
from sim.amdt import actions as A
from sim.amdt.events import MovementPoints
from tests.amdt.helpers import activate, game, move, put, soldiers_at, step


def test_16_1_seats_and_who_owns_which_chit():
    g = game(3)
    st = g.state
    from sim.amdt.control import chit_player, player_of
    assert g.sides() == ("oda", "north", "west")
    assert chit_player(st, "azai_asakura") == "north" and chit_player(st, "anti_oda") == "west"
    assert player_of(st, st.units["yoshikata"]) == "north"
    assert player_of(st, st.units["nagayasu"]) == "west"


def test_16_1_5_battle_sector_player_commands_allocates_and_each_retreats_his_own():
    g = game(3)
    put(g, "Koka", "Miyoshi", 2)                 # western units in a northern castle
    for u in soldiers_at(g, "Iga-Ueno"):         # give the defenders a friendly way out
        del g.state.units[u.id]
        u.status = "gone"
    g.state.control["Iga-Ueno"] = "Rokkaku"
    move(g, "katsuie", "Seta")
    put(g, "Seta", "Oda", 3)
    activate(g, "nobunaga", 6)
    g.apply(A.March("oda", "Seta", "Koka", "katsuie", 3))
    assert (g.state.decision.kind, g.to_act()) == ("garrison", "north")
    g.dice.force(6, 6, 1, 1, 1, 1, 1)             # Oda 2 hits; 4 defenders miss
    g.apply(A.Garrison("north", 0))
    assert (g.state.decision.kind, g.to_act()) == ("allocate", "north")
    g.apply(A.Allocate("north", ("north", "west")))
    assert soldiers_at(g, "Koka", "Rokkaku") == [] and len(soldiers_at(g, "Koka", "Miyoshi")) == 2
    g.apply(A.Retreat("oda", ""))
    assert (g.to_act(), g.state.decision.scope) == ("north", "all")   # Yoshikata commands
    g.apply(A.Retreat("north", ""))
    assert (g.to_act(), g.state.decision.scope) == ("west", "west")
    g.apply(A.Retreat("west", "Iga-Ueno"))
    assert len(soldiers_at(g, "Iga-Ueno", "Miyoshi")) == 2
    assert g.state.units["yoshikata"].sector == "Koka"


def test_16_1_8_kyoto_bonus_goes_to_the_player_holding_it():
    g = game(3)
    g.state.control["Kyoto"] = "Miyoshi"
    for chit, seat, mp in (("anti_oda", "west", 5), ("azai_asakura", "north", 3)):
        g.state.active = None
        g.dice.force(3)
        events = step(g, lambda c=chit: g._begin_activation(c))
        assert MovementPoints(seat, mp, mp - 3) in events
