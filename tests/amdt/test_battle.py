"""R-BATTLE fire rounds, castles and sieges; 16.2.7b command, hit allocation and retreat order."""
import pytest

from sim.amdt import actions as A
from sim.amdt.events import ClanEliminated, Fire
from sim.core.errors import RuleError
from tests.amdt.helpers import activate, clear, game, guard_hit_at_kanagasaki, move, put, soldiers_at, step


def koka_attack(g):
    """Katsuie and 3 Oda soldiers march from Seta into Rokkaku's Koka (castle level 1)."""
    move(g, "katsuie", "Seta")
    put(g, "Seta", "Oda", 3)
    activate(g, "nobunaga", 6)
    g.apply(A.March("oda", "Seta", "Koka", "katsuie", 3))
    assert g.state.decision.kind == "garrison" and g.to_act() == "anti"


def test_r_battle_field_round_hits_on_six_with_commander_bonus():
    g = game(2)
    koka_attack(g)
    g.dice.force(5, 1, 3, 6, 4)          # Oda: 5+1 hits, natural 1 never, 3+1 misses; Rokkaku: 6
    events = g.apply(A.Garrison("anti", 0))
    fires = [e for e in events if isinstance(e, Fire)]
    assert fires == [Fire("Koka", "oda", 3, 1, 1, False), Fire("Koka", "anti", 2, 0, 1, False)]
    assert len(soldiers_at(g, "Koka", "Rokkaku")) == 1
    assert len(soldiers_at(g, "Koka", "Oda")) == 2
    assert g.state.units["katsuie"].status == "map"       # the commander is hit last
    assert g.state.decision.kind == "retreat" and g.to_act() == "oda"   # attacker decides first


def test_r_battle_castle_capacity_three_per_level():
    g = game(2)
    put(g, "Koka", "Rokkaku", 5)
    koka_attack(g)
    assert [a.soldiers for a in g.legal_actions("anti")] == [0, 1, 2, 3]


def test_r_battle_siege_defenders_fire_first_with_castle_level_attackers_unmodified():
    g = game(2)
    koka_attack(g)
    g.apply(A.Garrison("anti", 2))
    assert g.state.units["yoshikata"].in_castle              # ruling A-36: all soldiers went in
    assert g.state.decision.kind == "assault" and g.to_act() == "oda"
    g.dice.force(5, 2, 6, 5)
    events = g.apply(A.AssaultChoice("oda", True))
    fires = [e for e in events if isinstance(e, Fire)]
    assert fires == [Fire("Koka", "anti", 2, 1, 1, True), Fire("Koka", "oda", 2, 0, 1, True)]
    assert len(soldiers_at(g, "Koka", "Oda")) == 2 and len(soldiers_at(g, "Koka", "Rokkaku")) == 1
    g.dice.force(1, 6, 6, 4)             # defender misses; two hits: last soldier, then Yoshikata
    events = g.apply(A.AssaultChoice("oda", True))
    fates = [(e.unit, e.fate) for e in events if e.kind == "UnitLost" and e.clan == "Rokkaku"]
    assert fates[-1] == ("yoshikata", "wounded")
    assert g.state.control["Koka"] == "Oda"
    assert ClanEliminated("Rokkaku") in events              # no castle left (ruling A-46)
    assert g.state.hands["oda"] == []                      # Oda holds Kyoto: no capture card


def test_r_battle_stopping_an_assault_leaves_a_siege():
    g = game(2)
    koka_attack(g)
    g.apply(A.Garrison("anti", 2))
    g.apply(A.AssaultChoice("oda", False))
    assert g.state.battle is None and g.state.control["Koka"] == "Rokkaku"
    assert len(soldiers_at(g, "Koka", "Oda")) == 3          # besiegers stay
    assert "katsuie" in g.state.active.stopped


def test_r_control_side_without_kyoto_draws_for_a_captured_castle():
    g = game(2)
    clear(g, "Sakamoto")
    move(g, "nagamasa", "Kutsuki")
    activate(g, "azai_asakura", 6)
    g.apply(A.March("anti", "Kutsuki", "Sakamoto", "nagamasa", 0))
    assert g.state.control["Sakamoto"] == "Azai" and len(g.state.hands["anti"]) == 1


@pytest.mark.parametrize("face, fate", [(1, "dead"), (2, "dead"), (3, "wounded"), (6, "wounded")])
def test_r_battle_leader_hit_killed_on_one_two_else_wounded(face, fate):
    g = game(2)
    u = g.state.units["katsuie"]
    g.dice.force(face)
    step(g, lambda: g.leader_hit(u, "R-BATTLE"))
    assert u.status == fate
    if fate == "wounded":
        assert u.back_turn == g.state.turn + 2               # ruling A-13


def test_16_2_4_3_nobunaga_killed_anti_oda_wins():
    g = game(4)
    g.dice.force(1)
    step(g, lambda: g.leader_hit(g.state.units["nobunaga"], "R-BATTLE"))
    assert g.is_over() and g.result().winner == "anti" and "Nobunaga" in g.result().reason


def test_16_2_7b_guard_hit_forces_the_oda_retreat():
    g = guard_hit_at_kanagasaki(game(2))
    options = g.legal_actions("oda")
    assert options and all(a.to for a in options)            # no "stay" while a way out exists
    assert {a.to for a in options} == {"Kutsuki", "Kumagawa"}
    with pytest.raises(RuleError):
        g.apply(A.Retreat("oda", ""))
    g.dice.force(6)                                          # pursuit: 2 soldiers -> 1 die
    g.apply(A.Retreat("oda", "Kumagawa"))
    assert g.state.units["nobunaga"].sector == "Kumagawa"
    assert len(soldiers_at(g, "Kumagawa", guard=True)) == 1  # one lost in battle, one in pursuit
    assert g.state.control["Kanagasaki"] == "Asakura"


def kanagasaki_4p(drop_hideyoshi=0):
    g = game(4)
    for u in soldiers_at(g, "Kanagasaki", owner="hideyoshi")[:drop_hideyoshi]:
        del g.state.units[u.id]
        u.status = "gone"
    put(g, "Fuchu", "Asakura", 1)
    activate(g, "azai_asakura", 6)
    g.apply(A.March("anti", "Fuchu", "Kanagasaki", "kagetake", 3))
    return g


def test_16_2_7b_sector_alliance_chooses_castle_units_and_allocates_hits():
    g = kanagasaki_4p()
    assert g.state.decision.kind == "garrison" and g.to_act() == "katsuie"
    n = len(soldiers_at(g, "Kanagasaki", "Oda"))
    g.dice.force(6, 6, 1, *([1] * n))
    g.apply(A.Garrison("katsuie", 0))
    assert g.state.decision.kind == "allocate" and g.to_act() == "katsuie"
    assert len(g.legal_actions("katsuie")) == 24             # 4 groups: the three and Nobunaga's
    before = len(soldiers_at(g, "Kanagasaki", owner="hideyoshi"))
    g.apply(A.Allocate("katsuie", ("hideyoshi", "tokugawa", "katsuie", "oda")))
    assert len(soldiers_at(g, "Kanagasaki", owner="hideyoshi")) == before - 2
    # retreat decisions: attacker, then Nobunaga's force through the sector's alliance, then by size
    assert (g.state.decision.kind, g.to_act()) == ("retreat", "anti")
    g.apply(A.Retreat("anti", ""))
    assert (g.to_act(), g.state.decision.scope) == ("katsuie", "all")
    g.apply(A.Retreat("katsuie", ""))
    assert (g.to_act(), g.state.decision.scope) == ("tokugawa", "tokugawa")   # 4 units
    g.apply(A.Retreat("tokugawa", "Kumagawa"))
    assert g.state.units["akechi"].sector == "Kumagawa"
    assert len(soldiers_at(g, "Kumagawa", owner="tokugawa")) == 3
    assert (g.to_act(), g.state.decision.scope) == ("hideyoshi", "hideyoshi")  # 3 units


def test_16_2_7b_equal_alliances_roll_for_the_retreat_order():
    g = kanagasaki_4p(drop_hideyoshi=1)                       # Hideyoshi 1+3 = Tokugawa 1+3
    n = len(soldiers_at(g, "Kanagasaki", "Oda"))
    g.dice.force(1, 1, 1, *([1] * n), 2, 5)                   # no hits; tie roll 2 vs 5
    g.apply(A.Garrison("katsuie", 0))
    g.apply(A.Retreat("anti", ""))
    g.apply(A.Retreat("katsuie", ""))
    assert g.state.decision.scope == "tokugawa"
    g.apply(A.Retreat("tokugawa", ""))
    assert g.state.decision.scope == "hideyoshi"


def test_16_2_7b_commander_is_hit_after_his_last_soldier():
    g = game(2)
    koka_attack(g)
    g.dice.force(6, 6, 6, 1, 1, 5)                           # 3 hits on Yoshikata + 2 soldiers
    events = g.apply(A.Garrison("anti", 0))
    fates = [(e.unit, e.fate) for e in events if e.kind == "UnitLost" and e.clan == "Rokkaku"]
    assert [f for _, f in fates] == ["hit", "hit", "wounded"] and fates[-1][0] == "yoshikata"


def test_16_2_7b_nobunaga_commands_even_with_the_fewest_units():
    from sim.amdt import battle
    g = kanagasaki_4p()
    boss = battle.commander(g, battle.side_units(g, "oda"))
    assert boss.id == "nobunaga"


def test_16_2_7b_excess_hits_fall_on_the_alliance_that_retreated():
    g = game(4)
    clear(g, "Kanagasaki")
    move(g, "niwa", "Kanagasaki")
    move(g, "akechi", "Kanagasaki")
    put(g, "Kanagasaki", "Oda", 1, owner="katsuie")
    for u in put(g, "Kanagasaki", "Oda", 2, owner="tokugawa"):
        u.led_by = "akechi"                                 # a set-up group with its leader (ruling A-69)
    put(g, "Fuchu", "Asakura", 1)
    activate(g, "azai_asakura", 6)
    g.apply(A.March("anti", "Fuchu", "Kanagasaki", "kagetake", 3))
    g.dice.force(1, 1, 1, 1, 1, 1)                          # round 1: nobody hits
    g.apply(A.Garrison("katsuie", 0))
    g.apply(A.Retreat("anti", ""))
    assert (g.to_act(), g.state.decision.scope) == ("katsuie", "all")
    g.apply(A.Retreat("katsuie", ""))
    assert (g.to_act(), g.state.decision.scope) == ("tokugawa", "tokugawa")
    g.dice.force(6, 6, 6, 1, 4)                             # round 2: 3 hits on 2 units left
    g.apply(A.Retreat("tokugawa", "Kumagawa"))
    assert g.state.units["niwa"].status == "wounded"
    assert len(soldiers_at(g, "Kumagawa", owner="tokugawa")) == 1   # the excess hit
    assert g.state.units["akechi"].sector == "Kumagawa" and g.state.units["akechi"].status == "map"
    assert g.state.control["Kanagasaki"] == "Asakura"
