"""Sekigahara 7: movement options, allowance, segments, overruns, muster, Mori (9.3)."""
import pytest

from sim.core.codec import encode
from sim.core.errors import RuleError
from sim.sekigahara.actions import (Activate, BringMori, ChooseMovement, EndActivation, EndMovement,
                                    Move, Muster, Place, Redraw)
from sim.sekigahara.board_state import BOX, MORI_BOX
from tests.sekigahara.helpers import alive, clear, hand, kinds, movement, new_game, put


def rejected(g, action, rule):
    before = encode(g.state)
    with pytest.raises(RuleError) as e:
        g.apply(action)
    assert e.value.rule == rule
    assert encode(g.state) == before      # an illegal action leaves the state untouched


def test_7_1_option_costs_and_one_activation_for_free():
    g = clear(new_game(2))
    put(g, "tokugawa", "date_2", "Sunpu")
    put(g, "tokugawa", "date_3", "Kofu")
    hand(g, "tokugawa", "date:single", "date:single")
    movement(g, "tokugawa", option=None)
    rejected(g, ChooseMovement("tokugawa", "three", ()), "7.1")
    rejected(g, ChooseMovement("tokugawa", "all", ("date:single",)), "7.1")
    g.apply(ChooseMovement("tokugawa", "one", ()))
    g.apply(Activate("tokugawa", "Sunpu"))
    g.apply(EndActivation("tokugawa"))
    rejected(g, Activate("tokugawa", "Kofu"), "7.1")


def test_7_1_three_stacks_for_one_card():
    g = clear(new_game(2))
    for loc in ("Sunpu", "Kofu", "Suwa", "Mito"):
        put(g, "tokugawa", "tokugawa_2", loc)
    hand(g, "tokugawa", "date:single")
    movement(g, "tokugawa", option=None)
    g.apply(ChooseMovement("tokugawa", "three", ("date:single",)))
    assert g.state.cards["tokugawa"].hand == []
    for loc in ("Sunpu", "Kofu", "Suwa"):
        g.apply(Activate("tokugawa", loc))
        g.apply(EndActivation("tokugawa"))
    rejected(g, Activate("tokugawa", "Mito"), "7.1")


def test_7_1_pass_discards_and_redraws_the_same_number():
    g = clear(new_game(2))
    hand(g, "tokugawa", "date:single", "maeda:single", "loyalty")
    movement(g, "tokugawa", option=None)
    g.apply(ChooseMovement("tokugawa", "pass", ()))
    g.apply(Redraw("tokugawa", "date:single"))
    g.apply(Redraw("tokugawa", "maeda:single"))
    out = g.apply(EndMovement("tokugawa"))
    assert kinds(out, "CardsDrawn")[0].count == 2
    assert len(g.state.cards["tokugawa"].hand) == 3


def _allowance_game(blocks, loc="Okazaki"):
    g = clear(new_game(2))
    ids = [put(g, "tokugawa", f, loc) for f in blocks]
    hand(g, "tokugawa", "date:single")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", loc))
    return g, ids


def test_7_3_base_one_plus_highway_bonus():
    g, ids = _allowance_game(["date_2"], loc="Hamamatsu")
    # Hamamatsu-Sunpu-Numazu is all highway: 1 + 1
    g.apply(Move("tokugawa", tuple(ids), ("Hamamatsu", "Sunpu", "Numazu")))
    g2, ids2 = _allowance_game(["date_2"], loc="Hamamatsu")
    rejected(g2, Move("tokugawa", tuple(ids2), ("Hamamatsu", "Sunpu", "Numazu", "Hakone")), "7.3")


def test_7_3_road_segment_cancels_the_highway_bonus():
    g, ids = _allowance_game(["date_2"], loc="Sunpu")
    rejected(g, Move("tokugawa", tuple(ids), ("Sunpu", "Numazu", "Kofu")), "7.3")


def test_7_3_leader_and_castle_give_leadership():
    g, ids = _allowance_game(["date_leader"], loc="Hamamatsu")
    g.apply(Move("tokugawa", tuple(ids), ("Hamamatsu", "Sunpu", "Numazu", "Hakone")))   # 1+1+1
    # Okazaki is a Tokugawa castle held by its own blocks: leadership without a leader
    g2, ids2 = _allowance_game(["date_2"], loc="Okazaki")
    g2.apply(Move("tokugawa", tuple(ids2), ("Okazaki", "Hamamatsu", "Sunpu", "Numazu")))


def test_7_3_allowance_never_exceeds_four():
    g, ids = _allowance_game(["date_leader"], loc="Okazaki")
    hand(g, "tokugawa", "date:single")
    rejected(g, Move("tokugawa", tuple(ids), ("Okazaki", "Hamamatsu", "Sunpu", "Numazu", "Hakone", "Edo"),
                     "date:single"), "7.3")
    g.apply(Move("tokugawa", tuple(ids), ("Okazaki", "Hamamatsu", "Sunpu", "Numazu", "Hakone"), "date:single"))


def test_7_3_oversized_stack_uses_highway_bonus_only():
    g, ids = _allowance_game(["date_2"] * 3 + ["tokugawa_2"] * 4, loc="Numazu")
    rejected(g, Move("tokugawa", tuple(ids), ("Numazu", "Kofu")), "7.3")       # road: 0
    g.apply(Move("tokugawa", tuple(ids), ("Numazu", "Hakone")))                  # highway: 0 + 1


def test_7_5_forced_march_adds_one_and_costs_a_card():
    g, ids = _allowance_game(["date_2"], loc="Sunpu")
    out = g.apply(Move("tokugawa", tuple(ids), ("Sunpu", "Numazu", "Kofu"), "date:single"))
    assert kinds(out, "BlockMoved")[0].march
    assert g.state.cards["tokugawa"].hand == []


def test_7_4_a_segment_serves_one_stack_per_phase():
    g = clear(new_game(2))
    a = put(g, "tokugawa", "date_2", "Sunpu")
    b = put(g, "tokugawa", "date_3", "Hamamatsu")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Sunpu"))
    g.apply(Move("tokugawa", (a,), ("Sunpu", "Hamamatsu")))
    g.apply(Activate("tokugawa", "Hamamatsu"))
    rejected(g, Move("tokugawa", (b,), ("Hamamatsu", "Sunpu")), "7.4")


def test_7_4_no_block_moves_twice():
    g = clear(new_game(2))
    a = put(g, "tokugawa", "date_2", "Sunpu")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Sunpu"))
    g.apply(Move("tokugawa", (a,), ("Sunpu", "Numazu")))
    rejected(g, Activate("tokugawa", "Numazu"), "7.4")


def test_7_4_entering_enemy_blocks_stops_the_stack():
    g = clear(new_game(2))
    a = put(g, "tokugawa", "date_leader", "Hamamatsu")
    put(g, "ishida", "mori_2", "Sunpu")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Hamamatsu"))
    rejected(g, Move("tokugawa", (a,), ("Hamamatsu", "Sunpu", "Numazu")), "7.4")
    g.apply(Move("tokugawa", (a,), ("Hamamatsu", "Sunpu")))


def test_7_4_overrun_at_four_to_one_and_carry_on():
    g = clear(new_game(2))
    ids = [put(g, "tokugawa", "tokugawa_2", "Hamamatsu") for _ in range(4)]
    victim = put(g, "ishida", "mori_2", "Sunpu")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Hamamatsu"))
    out = g.apply(Move("tokugawa", tuple(ids), ("Hamamatsu", "Sunpu", "Numazu")))
    assert kinds(out, "Overrun")[0].destroyed == ("mori_2",)
    assert not alive(g, victim)


def test_7_4_3_castle_holders_are_never_overrun():
    g = clear(new_game(2))
    ids = [put(g, "tokugawa", "tokugawa_2", "Sawayama") for _ in range(4)]
    put(g, "ishida", "mori_2", "Gifu")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Sawayama"))
    rejected(g, Move("tokugawa", tuple(ids), ("Sawayama", "Gifu", "Iwamura")), "7.4")


def test_4_4_passing_through_a_resource_takes_it():
    g = clear(new_game(2))
    a = put(g, "tokugawa", "date_leader", "Iwamura")
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Iwamura"))
    out = g.apply(Move("tokugawa", (a,), ("Iwamura", "Kiso", "Suwa")))
    assert g.state.control["Kiso"] == "tokugawa"
    assert kinds(out, "ControlChanged")[0].location == "Kiso"


def test_4_4_empty_castle_reverts_to_natural_alignment():
    g = clear(new_game(2))
    a = put(g, "tokugawa", "date_2", "Gifu")
    assert g.castle_holder("Gifu") == "tokugawa"
    movement(g, "tokugawa")
    g.apply(Activate("tokugawa", "Gifu"))
    g.apply(Move("tokugawa", (a,), ("Gifu", "Iwamura")))
    assert g.castle_holder("Gifu") == "ishida"


def test_7_2_muster_to_own_recruitment_location_or_held_castle():
    g = clear(new_game(2))
    box = put(g, "tokugawa", "maeda_2", BOX["tokugawa"])
    movement(g, "tokugawa", option="one")
    g.apply(Muster("tokugawa"))
    sites = {a.location for a in g.legal_actions("tokugawa") if isinstance(a, Place)}
    assert "Kanazawa" in sites and "Okazaki" in sites and "Edo" not in sites and "Gifu" not in sites
    rejected(g, Place("tokugawa", box, "Edo"), "7.2")
    g.apply(Place("tokugawa", box, "Kanazawa"))
    assert g.state.step == "movement" and g.state.move.uses_left == 0   # muster took the activation


def test_7_2_no_muster_where_enemy_blocks_stand():
    g = clear(new_game(2))
    box = put(g, "tokugawa", "maeda_2", BOX["tokugawa"])
    put(g, "ishida", "mori_2", "Kanazawa")
    movement(g, "tokugawa", option="all")
    g.apply(Muster("tokugawa"))
    rejected(g, Place("tokugawa", box, "Kanazawa"), "7.2")


def test_9_3_mori_blocks_enter_osaka_for_a_discard_leader_last():
    g = new_game(2)
    hand(g, "ishida", *["ukita:single"] * 5)
    movement(g, "ishida")
    faces, mori = [], set()
    for _ in range(5):
        out = g.apply(BringMori("ishida", "ukita:single"))
        faces.append(kinds(out, "MoriEntered")[0].face)
        mori.add(kinds(out, "MoriEntered")[0].block)
    assert faces == ["mori_3"] * 4 + ["mori_leader"]
    assert not g.blocks_at(MORI_BOX)
    # brought out this turn: cannot move
    g.apply(Activate("ishida", "Osaka"))
    assert not any(set(m.blocks) & mori for m in g.legal_actions("ishida") if isinstance(m, Move))


def test_9_3_tokugawa_attack_on_osaka_calls_out_the_mori_box():
    g = clear(new_game(2), keep_disks=True)
    for f in ["mori_leader", "mori_3", "mori_3", "mori_3", "mori_3"]:
        g.state.blocks[put(g, "ishida", f, MORI_BOX)].face_up = True
    put(g, "ishida", "ukita_2", "Osaka")
    put(g, "tokugawa", "date_2", "Osaka")
    from tests.sekigahara.helpers import combat
    out = combat(g, "tokugawa")
    assert len(kinds(out, "MoriEntered")) == 5
    started = kinds(out, "BattleStarted")[0]
    assert started.counts == (1, 6) and not started.siege   # more than two: outside (8.9.1)
