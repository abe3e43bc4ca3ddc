"""Seed 16.2 items not covered elsewhere: 16.2.2(4) captured sectors, 16.2.4(1) one winner,
16.2.5(1)/(2) Nobunaga and the capital, 16.2.6 recruiting and 16.2.6(4), 16.2.7b all Oda units
fight, 16.2.8 battle cards for any alliance, 16.2.10 regroup per alliance, 16.2.11 soldiers."""
import pytest

from sim.amdt import actions as A
from sim.amdt import battle, endturn, rulings, victory
from sim.amdt.control import sphere
from sim.amdt.setup import placed_owner
from tests.amdt.helpers import activate, clear, game, move, put, refused, soldiers_at, step


def test_16_2_2_4_a_captured_sector_joins_the_sphere_alliance_not_the_captor():
    g = game(4)
    st = g.state
    clear(g, "Sawayama")                                   # Omi: Hideyoshi's sphere
    move(g, "niwa", "Kannon-ji")                           # a Katsuie leader takes it
    activate(g, "nobunaga", 6)
    g.apply(A.March("katsuie", "Kannon-ji", "Sawayama", "niwa", 0))
    assert st.control["Sawayama"] == "Oda" and sphere(st, "Sawayama") == "hideyoshi"
    assert placed_owner(st, "Oda", "Sawayama") == "hideyoshi"   # soldiers placed there: his


def test_16_2_4_1_only_one_player_wins_even_when_two_sectors_fall_together():
    g = game(4)
    st = g.state
    st.control["Takamatsu"] = st.control["Uozu"] = "Oda"
    st.credit = "katsuie"                                  # ruling A-40: the captor's alliance
    step(g, lambda: victory.check_sudden(g))
    assert g.result().winner == "katsuie"


@pytest.mark.parametrize("chit,seat", [("oda", "hideyoshi"), ("nobunaga", "katsuie"),
                                       ("tokugawa", "tokugawa")])
def test_16_2_5_1_every_alliance_may_move_nobunaga(chit, seat):
    g = game(4)
    activate(g, chit, 6)
    g.apply(A.March(seat, "Kanagasaki", "Kumagawa", "nobunaga", 2))
    assert g.state.units["nobunaga"].sector == "Kumagawa"
    assert len(soldiers_at(g, "Kumagawa", guard=True)) == 3     # the guard goes with him


def test_16_2_5_2_kyoto_is_the_oda_capital_at_the_start():
    g = game(4)
    assert g.state.capital == "Kyoto" and sphere(g.state, "Kyoto") == "oda"


def sawayama_siege(g):
    """Hideyoshi with 3 soldiers from Sekigahara (Mino) besieges Azai's Sawayama (Omi)."""
    move(g, "hideyoshi", "Sekigahara")
    put(g, "Sekigahara", "Oda", 3, owner="hideyoshi")
    activate(g, "oda", 6)
    g.apply(A.March("hideyoshi", "Sekigahara", "Sawayama", "hideyoshi", 3))
    g.apply(A.Garrison("anti", 2))
    g.apply(A.AssaultChoice("hideyoshi", False))           # stop: a siege, Sawayama stays Azai
    assert g.state.control["Sawayama"] == "Azai" and g.state.battle is None


def test_16_2_6_an_oda_leader_recruits_only_in_the_oda_zone():
    g = game(4)
    sawayama_siege(g)
    put(g, "Sawayama", "Oda", 2, owner="hideyoshi")        # soldiers he did not bring
    activate(g, "oda", 6)
    refused(g, A.March("hideyoshi", "Sawayama", "Sekigahara", "hideyoshi", 5), "16.2.6")
    refused(g, A.March("hideyoshi", "Sawayama", "Sekigahara", "hideyoshi", 4), "16.2.6")
    g.apply(A.March("hideyoshi", "Sawayama", "Sekigahara", "hideyoshi", 3))   # his own 3
    assert len(soldiers_at(g, "Sekigahara")) == 3
    assert len(soldiers_at(g, "Sawayama", "Oda")) == 2
    put(g, "Sekigahara", "Oda", 2, owner="hideyoshi")
    g.apply(A.March("hideyoshi", "Sekigahara", "Ogaki", "hideyoshi", 5))       # Oda's zone:
    assert len(soldiers_at(g, "Sekigahara")) == 0                            # free to pick up


def test_16_2_6_ruling_a60_off_and_two_player_game_unrestricted(monkeypatch):
    g = game(2)
    move(g, "hideyoshi", "Sekigahara")
    clear(g, "Yokoyama")
    put(g, "Yokoyama", "Oda", 2)                           # Azai-controlled, no enemy there
    move(g, "hideyoshi", "Yokoyama")
    activate(g, "oda", 6)
    g.apply(A.March("oda", "Yokoyama", "Sekigahara", "hideyoshi", 2))
    table = {k: dict(v) for k, v in rulings.table().items()}
    table["oda_pickup"]["value"] = "off"
    monkeypatch.setattr(rulings, "table", lambda: table)
    g4 = game(4)
    sawayama_siege(g4)
    put(g4, "Sawayama", "Oda", 2, owner="hideyoshi")
    activate(g4, "oda", 6)
    g4.apply(A.March("hideyoshi", "Sawayama", "Sekigahara", "hideyoshi", 5))
    assert len(soldiers_at(g4, "Sekigahara")) == 5


def test_16_2_6_4_soldiers_in_a_sphere_are_moved_only_by_its_player():
    g = game(4)
    assert {u.owner for u in soldiers_at(g, "Kannon-ji")} == {"hideyoshi"}
    activate(g, "nobunaga", 6)                             # Katsuie's chit
    refused(g, A.March("katsuie", "Kannon-ji", "Seta", "", 1), "9.0")
    activate(g, "oda", 6)                                  # Hideyoshi's chit
    g.apply(A.March("hideyoshi", "Kannon-ji", "Seta", "", 1))
    assert len(soldiers_at(g, "Seta")) == 2


def test_16_2_7b_all_oda_units_in_the_sector_fight_the_anti_oda_attack():
    g = game(4)
    st = g.state
    owners = {u.owner for u in soldiers_at(g, "Kanagasaki")}
    assert owners == {"hideyoshi", "katsuie", "tokugawa", "oda"}
    activate(g, "azai_asakura", 6)
    g.apply(A.March("anti", "Odani", "Kanagasaki", "nagamasa", 4))
    assert st.decision.kind == "garrison" and g.to_act() == "katsuie"   # Echizen: Katsuie's
    defenders = battle.side_units(g, st.battle.defender)
    assert {u.owner for u in defenders if u.kind == "soldier"} == owners
    assert {u.id for u in defenders if u.kind == "leader"} >= {"nobunaga", "hideyoshi", "akechi"}


def test_16_2_8_any_alliance_may_play_a_battle_card_from_the_shared_hand():
    g = game(4)
    st = g.state
    st.hands["oda"] = ["surprise"]
    activate(g, "azai_asakura", 6)
    g.apply(A.March("anti", "Odani", "Kanagasaki", "nagamasa", 4))
    g.apply(A.Garrison("katsuie", 0))
    offered = []
    while st.decision is not None and st.decision.kind == "battle_card":
        offered.append(st.decision.side)
        g.apply(A.BattleCard(st.decision.side, ""))
    assert sorted(offered) == ["hideyoshi", "katsuie", "tokugawa"]      # each asked once
    assert st.hands["oda"] == ["surprise"]


def test_16_2_10_regroup_points_are_counted_per_alliance():
    g = game(4)
    st = g.state
    for u in soldiers_at(g, "Kanagasaki", guard=True)[:2]:
        step(g, lambda u=u: g.lose_soldier(u, "hit"))
    st.eliminated["Oda"] = 20
    assert st.last_alliance == "katsuie"
    before = {s: len(soldiers_at(g, s, "Oda")) for s in ("Kyoto", "Gifu", "Gujo", "Kiyosu", "Obama")}
    step(g, lambda: endturn.regroup(g))
    # levels in LOC: Kyoto (Oda's own) 1 -> 1; Hideyoshi 10 -> 4; Katsuie 7 -> 3; Tokugawa 5 -> 2
    assert st.eliminated["Oda"] == 20 - (1 + 4 + 3 + 2)
    assert len(soldiers_at(g, "Kanagasaki", guard=True)) == 3         # Katsuie's points first
    gained = {s: len(soldiers_at(g, s, "Oda")) - n for s, n in before.items()}
    assert gained == {"Kyoto": 1, "Gifu": 2, "Gujo": 2, "Kiyosu": 1, "Obama": 2}


def test_16_2_10_per_clan_ruling_counts_all_oda_castles_together(monkeypatch):
    table = {k: dict(v) for k, v in rulings.table().items()}
    table["regroup_4p"]["value"] = "per_clan"
    monkeypatch.setattr(rulings, "table", lambda: table)
    g = game(4)
    g.state.eliminated["Oda"] = 20
    step(g, lambda: endturn.regroup(g))
    assert g.state.eliminated["Oda"] == 20 - 8                         # ceil(23 / 3)


def test_16_2_11_generals_are_fixed_and_tokugawa_soldiers_are_always_tokugawa():
    g = game(4)
    st = g.state
    assert placed_owner(st, "Tokugawa", "Gifu") == "tokugawa"          # 16.2.6(1)
    assert placed_owner(st, "Oda", "Gifu") == "hideyoshi"              # 16.2.6(4)
    assert placed_owner(st, "Oda", "Kyoto") == "oda"                   # Nobunaga's own
