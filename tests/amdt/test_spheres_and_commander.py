"""Seed 16.2.7b / reference 10.3: no commander (nor any leader) is hit while a soldier of his
side remains; seed 16.2.6(4) / 16.2.7(3): the soldiers in a player's sphere are that player's,
and an alliance leader in another sphere moves alone (rulings A-33, A-38, A-69). Forced-dice
cases, then properties over random battles and random games."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.amdt import actions as A
from sim.amdt import rulings
from sim.amdt.control import ALLIANCES, on_map, player_of, sphere, sphere_owner
from sim.core.players import RandomPlayer
from tests.amdt.helpers import activate, clear, game, move, put, refused, soldiers_at


def _oda_defence(g, n_oda: int = 9, n_anti: int = 7, leaders=("nobunaga", "katsuie")):
    """Nobunaga (Oda's own, seat "oda") and Katsuie with `n_oda` of Katsuie's soldiers at
    Kanagasaki, attacked by Kagetake with `n_anti` Asakura soldiers."""
    clear(g, "Kanagasaki")
    for lid in leaders:
        move(g, lid, "Kanagasaki")
    for i in range(n_oda):
        put(g, "Kanagasaki", "Oda", 1, owner=("katsuie", "oda")[i % 2] if len(leaders) > 2 else "katsuie")
    move(g, "yoshikage", "Fuchu")                            # a daimyo: leads up to 7
    put(g, "Fuchu", "Asakura", n_anti)
    activate(g, "azai_asakura", 6)
    g.apply(A.March("anti", "Fuchu", "Kanagasaki", "yoshikage", n_anti))
    return g


def _lost(events):
    return [e.unit for e in events if e.kind == "UnitLost"]


def test_16_2_7b_nobunaga_is_not_hit_while_katsuies_soldiers_remain():
    """The issue's case: Oda's own group ranked first, Nobunaga took the 4th hit before any of
    Katsuie's 9 soldiers. 7 Asakura dice give 4 sixes; the 9 Oda dice all miss."""
    g = _oda_defence(game(4))
    g.dice.force(6, 6, 6, 6, 1, 1, 1, *([1] * 9))
    events = g.apply(A.Garrison("katsuie", 0))
    if g.state.decision is not None and g.state.decision.kind == "allocate":
        order = next(a.order for a in g.legal_actions(g.to_act()) if a.order[0] == "oda")
        events += g.apply(A.Allocate(g.to_act(), order))
    assert "nobunaga" not in _lost(events) and g.state.phase != "over"
    assert len(soldiers_at(g, "Kanagasaki", "Oda")) == 9 - 4


def test_10_3_the_commander_is_the_last_unit_of_his_side_hit():
    """7 hits on 5 soldiers and 2 leaders: the soldiers first, Katsuie the 6th, Nobunaga (the
    commander) the 7th; fates 3 and 4 wound both."""
    g = _oda_defence(game(4), n_oda=5)
    g.dice.force(*([6] * 7), *([1] * 5), 3, 4)
    events = g.apply(A.Garrison("katsuie", 0))
    assert _lost(events)[-2:] == ["katsuie", "nobunaga"] and len(_lost(events)) == 7
    assert soldiers_at(g, "Kanagasaki", "Oda") == []


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n_oda=st.integers(1, 10), n_anti=st.integers(1, 7))
def test_property_16_2_7b_no_leader_hit_while_a_soldier_of_his_side_remains(seed, n_oda, n_anti):
    """Random dice, random allocation orders and retreats over a whole battle: whenever an Oda
    leader is lost, no Oda soldier is left on his side of the battle (field or castle alike)."""
    g = _oda_defence(game(4, seed), n_oda, n_anti, ("nobunaga", "katsuie", "hideyoshi"))
    rng = RandomPlayer(seed)
    for _ in range(80):
        if g.state.battle is None or g.to_act() is None:
            break
        sector = g.state.battle.sector
        for e in g.apply(rng.choose(g, g.to_act())):
            if e.kind == "UnitLost" and e.unit in ("nobunaga", "katsuie", "hideyoshi") \
                    and e.rule == "R-BATTLE" and g.state.battle is not None:
                hit = g.state.units[e.unit]
                left = [u for u in soldiers_at(g, sector, "Oda") if u.in_castle == hit.in_castle]
                assert left == [], f"{e.unit} lost with {len(left)} Oda soldiers on his side"


def test_16_2_6_4_soldiers_led_into_a_sector_of_no_sphere_keep_their_mover_then_pass_on():
    """A Katsuie group ending its move outside every sphere stays Katsuie's; a soldier standing
    in Hideyoshi's sphere is Hideyoshi's after any action (ruling A-38 'sphere')."""
    g = game(4)
    gifu = [u for u in soldiers_at(g, "Gifu", "Oda")]
    assert sphere(g.state, "Gifu") == "hideyoshi" and {u.owner for u in gifu} == {"hideyoshi"}
    put(g, "Gifu", "Oda", 2, owner="katsuie")                # as a keeps_mover game would leave them
    activate(g, "nobunaga", 6)
    g.apply(A.EndActivation("katsuie"))
    assert {u.owner for u in soldiers_at(g, "Gifu", "Oda")} == {"hideyoshi"}


def test_16_2_6_4_keeps_mover_was_the_former_default(monkeypatch):
    table = {k: dict(v) for k, v in rulings.table().items()}
    table["soldier_owner"]["value"] = "keeps_mover"
    monkeypatch.setattr(rulings, "table", lambda: table)
    g = game(4)
    put(g, "Gifu", "Oda", 2, owner="katsuie")
    activate(g, "nobunaga", 6)
    g.apply(A.EndActivation("katsuie"))
    assert len(soldiers_at(g, "Gifu", "Oda", owner="katsuie")) == 2


def test_16_2_7_3_a_leader_in_another_sphere_moves_alone():
    g = game(4)
    move(g, "niwa", "Gifu")                                  # Katsuie's general in Hideyoshi's Mino
    activate(g, "nobunaga", 6)                               # Katsuie's chit
    marches = [m for m in g.legal_actions("katsuie") if isinstance(m, A.March) and m.leader == "niwa"]
    assert marches and all(m.soldiers == 0 for m in marches)
    refused(g, A.March("katsuie", "Gifu", marches[0].to, "niwa", 1), "9.0")


def test_16_2_3_the_set_up_groups_leave_kanagasaki_with_their_leaders():
    """Ruling A-69: Hideyoshi's four set-up soldiers stay his in Katsuie's Echizen and march with him."""
    g = game(4)
    mine = soldiers_at(g, "Kanagasaki", "Oda", owner="hideyoshi")
    assert len(mine) == 4 and all(sphere_owner(g.state, u) is None for u in mine)
    activate(g, "oda", 6)                                    # Hideyoshi's chit
    marches = [m for m in g.legal_actions("hideyoshi") if isinstance(m, A.March) and m.leader == "hideyoshi"]
    assert max(m.soldiers for m in marches) == 4


def _sphere_rule_holds(g) -> list[str]:
    st = g.state
    bad = []
    for u in on_map(st):
        seat = sphere_owner(st, u)
        if seat is not None and player_of(st, u) != seat:
            bad.append(f"{u.id} ({u.clan}) in {u.sector} (sphere {seat}) is {player_of(st, u)}'s")
    return bad


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_property_16_2_6_4_the_sphere_rule_holds_after_every_action_of_random_games(seed):
    g = game(4, seed)
    rng = RandomPlayer(seed)
    for _ in range(1500):
        side = g.to_act()
        if side is None:
            break
        action = rng.choose(g, side)
        if isinstance(action, A.March) and action.leader and action.soldiers:   # 16.2.7(3)
            leader = g.state.units[action.leader]
            sp, seat = sphere(g.state, action.frm), player_of(g.state, leader)
            if sp in ALLIANCES and seat in ALLIANCES and sp != seat:
                assert action.leader in ("hideyoshi", "akechi") and action.frm == "Kanagasaki", action
        g.apply(action)
        assert _sphere_rule_holds(g) == [], (len(g.actions), action)
