"""4.0 End Turn phase: 16.2.5(5) Nobunaga's return, Kyoto card, 15.3 illness, 11.1 wounded
leaders, 11.2 regroup (guard first, 16.2.5(4)), 11.3 Ikko-Ikki, 11.4, 12.0, 15.5 Azuchi."""
from sim.amdt import actions as A
from sim.amdt import endturn
from sim.amdt.events import AzuchiBuilt
from tests.amdt.helpers import activate, clear, game, move, put, soldiers_at, step


def move_nobunaga(g, sector):
    move(g, "nobunaga", sector)
    for u in soldiers_at(g, "Kanagasaki", guard=True):
        u.sector = sector


def test_16_2_5_5_nobunaga_and_guard_return_to_the_capital_with_loc():
    g = game(4)
    move_nobunaga(g, "Sakamoto")
    step(g, lambda: endturn.nobunaga_returns(g))
    assert g.state.units["nobunaga"].sector == "Kyoto"
    assert len(soldiers_at(g, "Kyoto", guard=True)) == 3


def test_16_2_5_5_without_loc_he_stays():
    g = game(4)
    put(g, "Kutsuki", "Azai", 1)
    put(g, "Kumagawa", "Asakura", 1)
    step(g, lambda: endturn.nobunaga_returns(g))
    assert g.state.units["nobunaga"].sector == "Kanagasaki"


def test_16_2_5_5_only_in_the_four_player_game():
    g = game(2)
    move_nobunaga(g, "Sakamoto")
    step(g, lambda: endturn.nobunaga_returns(g))
    assert g.state.units["nobunaga"].sector == "Sakamoto"


def test_end_turn_kyoto_holder_draws_a_card_shared_oda_hand_in_4p():
    g = game(4)
    step(g, lambda: endturn.kyoto_card(g))
    assert len(g.state.hands["oda"]) == 1 and g.state.hands["anti"] == []


def test_15_3_illness_kills_shingen_on_one_or_two_and_katsuyori_takes_over():
    g = game(2)
    st = g.state
    st.turn = 6
    st.clan_faction["Takeda"] = "anti"
    del st.entry["Takeda"]
    st.chits += ["takeda", "shingen"]
    g.dice.force(2)
    step(g, lambda: endturn.illness(g))
    assert st.units["shingen"].status == "dead" and st.units["katsuyori"].rank == "daimyo"
    assert "shingen" not in st.chits and "takeda" in st.chits


def test_15_3_no_roll_before_the_illness_turn():
    g = game(2)
    g.state.turn = 5
    rolls = g.dice.rolls
    step(g, lambda: endturn.illness(g))
    assert g.dice.rolls == rolls


def test_11_1_wounded_leader_returns_at_his_capital_two_turns_later():
    g = game(2)
    st = g.state
    u = st.units["ieyasu"]
    g.dice.force(5)
    step(g, lambda: g.leader_hit(u, "R-BATTLE"))
    assert u.status == "wounded" and u.back_turn == 3
    st.turn = 2
    step(g, lambda: endturn.wounded_return(g))
    assert u.status == "wounded"
    st.turn = 3
    step(g, lambda: endturn.wounded_return(g))
    assert u.status == "map" and u.sector == "Hamamatsu"


def test_11_2_regroup_refills_the_guard_first_then_castles():
    g = game(2)
    st = g.state
    guard = soldiers_at(g, "Kanagasaki", guard=True)
    for u in guard[:2]:
        step(g, lambda u=u: g.lose_soldier(u, "hit"))
    assert st.eliminated["Oda"] == 2
    step(g, lambda: endturn.regroup(g))
    assert len(soldiers_at(g, "Kanagasaki", guard=True)) == 3
    assert st.eliminated["Oda"] == 0


def test_11_2_regroup_points_from_castle_levels_in_loc():
    g = game(2)
    st = g.state
    st.eliminated["Azai"] = 5
    # Azai holds Odani 2 + Sawayama 2 + Yokoyama 1 = 5 levels -> ceil(5/3) = 2 points
    before = len(soldiers_at(g, "Odani", "Azai"))
    step(g, lambda: endturn.regroup(g))
    assert st.eliminated["Azai"] == 3
    assert len(soldiers_at(g, "Odani", "Azai")) == before + 2      # capital first, 2 per castle


def test_11_3_ikko_temples_grow_by_one():
    g = game(2)
    counts = {s: len(soldiers_at(g, s, "Ikko-Ikki")) for s in ("Ishiyama", "Nagashima", "Oyama", "Daisho-ji")}
    step(g, lambda: endturn.ikko_growth(g))
    assert {s: len(soldiers_at(g, s, "Ikko-Ikki")) for s in counts} == {s: n + 1 for s, n in counts.items()}


def test_11_3_conversion_on_a_six():
    g = game(2)
    st = g.state
    clear(g, "Kobe")                                       # next to Nagashima, Ise
    move(g, "takigawa", "Anotsu")
    act = activate(g, "ikko", 3)
    assert "Kobe" in g.conversion_targets()
    g.dice.force(6)
    g.apply(A.Convert("anti", "Kobe"))
    assert st.control["Kobe"] == "Ikko-Ikki" and len(soldiers_at(g, "Kobe", "Ikko-Ikki")) == 1
    assert act.converted and not any(a.kind == "Convert" for a in g.legal_actions("anti"))


def test_11_3_conversion_fails_below_six_outside_kaga_echizen():
    g = game(2)
    clear(g, "Kobe")
    move(g, "takigawa", "Anotsu")
    activate(g, "ikko", 3)
    g.dice.force(5)
    g.apply(A.Convert("anti", "Kobe"))
    assert g.state.control["Kobe"] == "Oda"


def test_11_4_oda_reinforcements_at_gifu_on_turn_five():
    g = game(2)
    g.state.turn = 5
    before = len(soldiers_at(g, "Gifu", "Oda"))
    step(g, lambda: endturn.reinforcements(g))
    assert len(soldiers_at(g, "Gifu", "Oda")) == before + 2
    g.state.turn = 6
    step(g, lambda: endturn.reinforcements(g))
    assert len(soldiers_at(g, "Gifu", "Oda")) == before + 2


def test_12_0_out_of_supply_stack_outside_castles_loses_a_soldier():
    g = game(2)
    clear(g, "Obama")
    put(g, "Kumagawa", "Oda", 3)
    put(g, "Kutsuki", "Azai", 2)
    put(g, "Obama", "Asakura", 2)
    put(g, "Kanagasaki", "Asakura", 0)
    for u in soldiers_at(g, "Kanagasaki"):
        u.sector = "Fuchu"                  # make Kanagasaki enemy-walled: only Kumagawa is cut off
    g.state.control["Kanagasaki"] = "Asakura"
    step(g, lambda: endturn.disband_oos(g))
    assert len(soldiers_at(g, "Kumagawa", "Oda")) == 2


def test_15_5_azuchi_level_two_after_the_azai_fall_then_three_and_capital():
    g = game(4)
    st = g.state
    events = step(g, lambda: g._eliminate("Azai"))
    events = step(g, lambda: endturn.azuchi(g))
    assert AzuchiBuilt(2) in events and st.castle["Kannon-ji"] == 2 and st.capital == "Kyoto"
    events = step(g, lambda: endturn.azuchi(g))
    assert events == []                                   # not the same turn
    st.turn += 1
    events = step(g, lambda: endturn.azuchi(g))
    assert AzuchiBuilt(3) in events and st.castle["Kannon-ji"] == 3 and st.capital == "Kannon-ji"


def test_15_5_no_azuchi_while_anti_oda_units_are_in_kannon_ji():
    g = game(4)
    step(g, lambda: g._eliminate("Azai"))
    put(g, "Kannon-ji", "Rokkaku", 1)
    step(g, lambda: endturn.azuchi(g))
    assert g.state.azuchi == 0


def test_4_0_hand_limit_and_turn_marker():
    g = game(2)
    st = g.state
    st.hands["oda"] = ["surprise"] * 9
    step(g, lambda: endturn.run(g))
    assert len(st.hands["oda"]) == 7 and st.turn == 2     # ruling A-28
