"""Daimyo 4.3 movement: every cost asserted with exact geometry."""
import math

import pytest

from sim.core.codec import encode
from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo.geometry import footprint, stand_corners
from sim.daimyo.model import Formation
from sim.daimyo.menus import max_straight
from sim.daimyo.movement import plan
from tests.daimyo.table_kit import CAV, charge_next, game, give_orders, scenario, unit

WOOD_AHEAD = {"id": "wood", "kind": "wood", "points": [[0, 24], [200, 24], [200, 40], [0, 40]]}


def one(u, terrain=(), west=()):
    return give_orders(game(scenario([u], list(west), terrain)))


def cost_of(g, action):
    return plan(g.state, action).cost


def test_4_3_straight_move_up_to_normal_move_light_infantry_11cm():
    g = one(unit("a", 50, 20))
    ev = g.apply(A.Move("east", "a", 11))
    u = g.state.units["a"]
    assert (u.x, u.y, u.facing) == pytest.approx((50, 31, 90))
    assert u.move_used == pytest.approx(11)
    assert [e.path for e in ev if e.kind == "UnitMoved"] == [((50, 20, 90), pytest.approx((50, 31, 90)))]


def test_4_3_move_beyond_allowance_is_refused_and_state_untouched():
    g = one(unit("a", 50, 20))
    before = encode(g.state)
    with pytest.raises(RuleError) as err:
        g.apply(A.Move("east", "a", 11.01))
    assert err.value.rule == "4.3"
    assert encode(g.state) == before


def test_4_3_moves_in_one_activation_share_the_allowance():
    g = one(unit("a", 50, 20))
    g.apply(A.Move("east", "a", 6))
    with pytest.raises(RuleError):
        g.apply(A.Move("east", "a", 5.5))
    g.apply(A.Move("east", "a", 5))
    assert g.state.units["a"].y == pytest.approx(31)


@pytest.mark.parametrize("armour,cav,normal", [("light", False, 11), ("medium", False, 10), ("heavy", False, 8),
                                                ("medium", True, 18), ("heavy", True, 15)])
def test_4_3_movement_table_normal_moves(armour, cav, normal):
    spec = dict(CAV, armour=armour) if cav else dict(troop="samurai" if armour != "light" else "ashigaru",
                                                      quality="veteran" if armour != "light" else "regular",
                                                      weapons=["pole_arm"], armour=armour)
    g = one(unit("a", 50, 20, **spec))
    assert max_straight(g.state, g.state.units["a"]) == pytest.approx(normal)


def test_4_3_column_adds_3cm_on_good_terrain():
    g = one(unit("a", 50, 20, stands=4, files=1))
    assert g.state.units["a"].formation is Formation.COLUMN
    assert max_straight(g.state, g.state.units["a"]) == pytest.approx(14)
    g.apply(A.Move("east", "a", 14))
    assert g.state.units["a"].y == pytest.approx(34)


def test_4_3_column_moves_double_on_roads():
    road = {"id": "road", "kind": "road", "points": [[47, 0], [53, 0], [53, 120], [47, 120]]}
    g = one(unit("a", 50, 20, stands=4, files=1), [road])
    assert cost_of(g, A.Move("east", "a", 28)) == pytest.approx(14)
    with pytest.raises(RuleError):
        plan(g.state, A.Move("east", "a", 28.1))


def test_4_3_line_gets_no_road_bonus():
    road = {"id": "road", "kind": "road", "points": [[40, 0], [60, 0], [60, 120], [40, 120]]}
    g = one(unit("a", 50, 20, stands=4, files=4), [road])
    assert cost_of(g, A.Move("east", "a", 10)) == pytest.approx(10)


def test_4_3_1_light_terrain_costs_3cm_once():
    hill = {"id": "hill", "kind": "low_hill", "points": [[0, 25], [200, 25], [200, 60], [0, 60]]}
    g = one(unit("a", 50, 20), [hill])
    assert cost_of(g, A.Move("east", "a", 8)) == pytest.approx(11)
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "a", 8.01))
    assert err.value.rule == "4.3.1"
    g.apply(A.Move("east", "a", 4))        # 4 + 3: the hill is not yet touched, nothing paid
    assert g.state.units["a"].move_used == pytest.approx(4)
    g.apply(A.Move("east", "a", 2))        # touches at 5: pays the 3 cm once
    assert g.state.units["a"].move_used == pytest.approx(9)
    g.apply(A.Move("east", "a", 2))
    assert g.state.units["a"].move_used == pytest.approx(11)


def test_4_3_1_terrain_applies_on_touching_the_edge_before_entering():
    hill = {"id": "hill", "kind": "low_hill", "points": [[0, 25], [200, 25], [200, 60], [0, 60]]}
    g = one(unit("a", 50, 20), [hill])
    assert cost_of(g, A.Move("east", "a", 5)) == pytest.approx(8)       # front edge touches at 5
    assert cost_of(g, A.Move("east", "a", 4.99)) == pytest.approx(4.99)


def test_4_3_1_light_terrain_costs_column_its_3cm_bonus_too():
    hill = {"id": "hill", "kind": "low_hill", "points": [[0, 25], [200, 25], [200, 60], [0, 60]]}
    g = one(unit("a", 50, 20, stands=4, files=1), [hill])
    assert cost_of(g, A.Move("east", "a", 8)) == pytest.approx(8 + 3 + 3)


def test_4_3_1_difficult_terrain_halves_infantry():
    g = one(unit("a", 50, 20), [WOOD_AHEAD])
    assert cost_of(g, A.Move("east", "a", 7.5)) == pytest.approx(4 + 2 * 3.5)
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "a", 7.51))
    assert err.value.rule == "4.3.1"
    assert max_straight(g.state, g.state.units["a"]) == pytest.approx(7.5, abs=0.01)


def test_4_3_1_difficult_terrain_thirds_cavalry():
    wood = {"id": "wood", "kind": "wood", "points": [[0, 26], [200, 26], [200, 60], [0, 60]]}
    g = one(unit("c", 50, 20, **CAV), [wood])                          # heavy cavalry, 15 cm
    assert cost_of(g, A.Move("east", "c", 9)) == pytest.approx(6 + 3 * 3)
    with pytest.raises(RuleError):
        plan(g.state, A.Move("east", "c", 9.01))


def test_4_3_1_entering_difficult_terrain_disorders():
    g = one(unit("a", 50, 20), [WOOD_AHEAD])
    ev = g.apply(A.Move("east", "a", 5))
    assert g.state.units["a"].disordered
    assert [(e.unit, e.rule) for e in ev if e.kind == "Disordered"] == [("a", "4.3.1")]


def test_4_3_1_touching_difficult_edge_costs_but_does_not_disorder():
    g = one(unit("a", 50, 20), [WOOD_AHEAD])
    g.apply(A.Move("east", "a", 4))
    assert not g.state.units["a"].disordered


def test_4_3_1_peasants_are_not_disordered_by_difficult_terrain():
    g = one(unit("p", 50, 20, troop="peasant", quality="raw", weapons=["imw"], armour="light"), [WOOD_AHEAD])
    g.apply(A.Move("east", "p", 7.5))
    assert not g.state.units["p"].disordered
    assert g.state.units["p"].move_used == pytest.approx(11)


FENCE = {"id": "fence", "kind": "fence", "points": [[0, 25], [200, 25]]}   # 0.5 cm thick: y 24.75-25.25


def test_4_3_1_linear_obstacle_costs_infantry_3cm_and_crossing_disorders():
    g = one(unit("a", 50, 20), [FENCE])
    ev = g.apply(A.Move("east", "a", 8))
    u = g.state.units["a"]
    assert u.move_used == pytest.approx(11)
    assert u.disordered and any(e.kind == "Disordered" and "obstacle" in e.cause for e in ev)


def test_4_3_1_linear_obstacle_costs_cavalry_6cm():
    g = one(unit("c", 50, 20, **CAV), [FENCE])
    assert cost_of(g, A.Move("east", "c", 9)) == pytest.approx(15)
    with pytest.raises(RuleError):
        plan(g.state, A.Move("east", "c", 9.01))


def test_4_3_1_obstacle_touched_not_crossed_costs_but_does_not_disorder():
    g = one(unit("a", 50, 20), [FENCE])
    g.apply(A.Move("east", "a", 4.75))
    u = g.state.units["a"]
    assert u.move_used == pytest.approx(7.75) and not u.disordered


def test_4_3_1_impassable_feature_cannot_be_entered():
    rock = {"id": "cliff", "kind": "impassable", "points": [[40, 25], [60, 25], [60, 30], [40, 30]]}
    g = one(unit("a", 50, 20), [rock])
    g2 = one(unit("a", 50, 20), [rock])
    assert cost_of(g2, A.Move("east", "a", 5)) == pytest.approx(5)     # up to its edge is fine
    with pytest.raises(RuleError) as err:
        g.apply(A.Move("east", "a", 5.1))
    assert err.value.rule == "4.3.1"


def test_4_3_1_palisade_is_impassable_to_cavalry_only_ruling_D22():
    pal = {"id": "pal", "kind": "palisade", "points": [[0, 25], [200, 25]]}
    g = one(unit("c", 50, 20, **CAV), [pal])
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "c", 8))
    assert err.value.rule == "4.3.1"
    g = one(unit("a", 50, 20), [pal])
    assert cost_of(g, A.Move("east", "a", 8)) == pytest.approx(11)


RIVER = {"id": "river", "kind": "river", "points": [[0, 25], [200, 25], [200, 35], [0, 35]]}


def test_4_3_1_river_is_crossed_only_at_bridge_or_ford():
    g = one(unit("a", 50, 20), [RIVER])
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "a", 6))
    assert err.value.rule == "4.3.1"
    ford = {"id": "ford", "kind": "ford", "points": [[40, 24], [60, 24], [60, 36], [40, 36]]}
    g = one(unit("a", 50, 20), [RIVER, ford])
    assert cost_of(g, A.Move("east", "a", 7.5)) == pytest.approx(4 + 2 * 3.5)   # the ford is difficult
    bridge = {"id": "bridge", "kind": "bridge", "points": [[45, 24], [55, 24], [55, 36], [45, 36]]}
    g = one(unit("a", 50, 20, stands=2, files=2), [RIVER, bridge])
    assert cost_of(g, A.Move("east", "a", 11)) == pytest.approx(11)


def test_4_3_1_river_as_wide_stream_is_difficult():
    g = one(unit("a", 50, 20), [dict(RIVER, wide_stream=True)])
    assert cost_of(g, A.Move("east", "a", 7)) == pytest.approx(5 + 2 * 2)


def test_4_3_1_house_holds_a_unit_of_at_most_4_stands():
    house = {"id": "house", "kind": "house", "points": [[40, 25], [60, 25], [60, 35], [40, 35]]}
    g = one(unit("a", 50, 20, stands=6, files=3), [house])
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "a", 6))
    assert err.value.rule == "4.3.1"
    g = one(unit("a", 50, 20, stands=4, files=4), [house])
    assert cost_of(g, A.Move("east", "a", 6)) == pytest.approx(5 + 2 * 1)


def test_4_3_1_road_through_a_wood_is_road_ruling_D34():
    road = {"id": "road", "kind": "road", "points": [[47, 0], [53, 0], [53, 120], [47, 120]]}
    g = one(unit("a", 50, 20, stands=4, files=1), [WOOD_AHEAD, road])
    assert cost_of(g, A.Move("east", "a", 20)) == pytest.approx(10)
    assert not plan(g.state, A.Move("east", "a", 20)).disorder


# -- 4.3.5.1 wheels --------------------------------------------------------------------
def test_4_3_5_1_veteran_wheel_costs_outer_arc():
    g = one(unit("c", 50, 20, stands=2, files=2, **dict(CAV, armour="medium")))   # 18 cm, width 8
    p = plan(g.state, A.Wheel("east", "c", 90))
    assert p.cost == pytest.approx(math.pi / 2 * 8)
    g.apply(A.Wheel("east", "c", 90))
    u = g.state.units["c"]
    # left wheel pivots on the front-left corner (46, 20); the front centre swings to (46, 24)
    assert (u.x, u.y, u.facing) == pytest.approx((46, 24, 180))
    assert stand_corners(u)[0][0] == pytest.approx((46, 20))   # the pivot stays put


def test_4_3_5_1_regular_wheel_costs_double():
    g = one(unit("a", 50, 20, stands=2, files=2))
    assert cost_of(g, A.Wheel("east", "a", 15)) == pytest.approx(2 * 8 * math.pi / 12)


def test_4_3_5_1_raw_wheel_costs_triple():
    g = one(unit("a", 50, 20, stands=2, files=2, quality="raw"))
    assert cost_of(g, A.Wheel("east", "a", -15)) == pytest.approx(3 * 8 * math.pi / 12)


def test_4_3_5_1_disordered_wheel_costs_double_again_ruling_D9():
    g = one(unit("a", 50, 20, stands=2, files=2))
    g.state.units["a"].disordered = True
    assert cost_of(g, A.Wheel("east", "a", 15)) == pytest.approx(4 * 8 * math.pi / 12)


def test_4_3_5_1_right_wheel_pivots_on_front_right_corner_and_path_is_animated():
    g = one(unit("c", 50, 20, stands=2, files=2, **dict(CAV, armour="medium")))
    ev = g.apply(A.Wheel("east", "c", -90))
    u = g.state.units["c"]
    assert (u.x, u.y, u.facing) == pytest.approx((54, 24, 0))
    path = [e.path for e in ev if e.kind == "UnitMoved"][0]
    assert len(path) > 10 and path[0] == (50, 20, 90)
    for x, y, _ in path:                       # every pose keeps 4 cm from the pivot (54, 20)
        assert math.dist((x, y), (54, 20)) == pytest.approx(4)


def test_4_3_5_1_wheel_beyond_allowance_refused():
    g = one(unit("a", 50, 20, stands=4, files=4))           # width 16, regular: 2 x arc
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Wheel("east", "a", 30))             # 2 * 16 * pi / 6 = 16.76 > 11
    assert err.value.rule == "4.3.5.1"


# -- 4.3.5.2 turns ---------------------------------------------------------------------
def test_4_3_5_2_elite_and_veteran_turn_for_a_quarter_of_their_move():
    g = one(unit("s", 50, 20, troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy"))
    assert cost_of(g, A.Turn("east", "s", 90)) == pytest.approx(8 / 4)


def test_4_3_5_2_others_turn_for_half_their_move_doubled_when_disordered():
    g = one(unit("a", 50, 20))
    assert cost_of(g, A.Turn("east", "a", 180)) == pytest.approx(5.5)
    g.state.units["a"].disordered = True
    assert cost_of(g, A.Turn("east", "a", 180)) == pytest.approx(11)


def test_4_3_5_2_at_most_180_degrees_of_turning_a_turn():
    g = one(unit("s", 50, 20, troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy"))
    g.apply(A.Turn("east", "s", 90))
    g.apply(A.Turn("east", "s", 90))
    with pytest.raises(RuleError) as err:
        g.apply(A.Turn("east", "s", -90))
    assert err.value.rule == "4.3.5.2"


def test_4_3_5_2_ninety_degree_turn_makes_a_line_a_column():
    g = one(unit("s", 50, 20, troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy"))
    g.apply(A.Turn("east", "s", -90))                   # right turn: new front on the right flank
    u = g.state.units["s"]
    assert u.files == 1 and u.formation is Formation.COLUMN
    assert (u.x, u.y, u.facing) == pytest.approx((58, 18, 0))
    g.apply(A.Turn("east", "s", 90))                    # and back: 4 files again
    u = g.state.units["s"]
    assert u.files == 4 and u.formation is Formation.LINE


def test_4_3_5_2_about_face_puts_front_on_the_old_rear_edge():
    g = one(unit("a", 50, 20, stands=6, files=3))
    g.apply(A.Turn("east", "a", 180))
    u = g.state.units["a"]
    assert (u.x, u.y, u.facing) == pytest.approx((50, 17, 270))
    assert footprint(u).bounds == pytest.approx((44, 17, 56, 20))


# -- 4.3.5.3 falling back, 4.3.5.4 reform -----------------------------------------------
def test_4_3_5_3_fall_back_3cm_regardless_of_terrain():
    wood = {"id": "wood", "kind": "scrub", "points": [[0, 0], [200, 0], [200, 19], [0, 19]]}
    g = one(unit("s", 50, 20, troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy"), [wood])
    g.apply(A.FallBack("east", "s", 3))
    u = g.state.units["s"]
    assert (u.x, u.y, u.facing) == pytest.approx((50, 17, 90))
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "s", 1))
    assert err.value.rule == "4.3.5.3"
    with pytest.raises(RuleError):
        plan(one(unit("s", 50, 20, troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy")).state,
             A.FallBack("east", "s", 3.5))


def test_4_3_5_3_missile_ashigaru_fall_back_half_move_and_shoot_from_start():
    g = one(unit("t", 50, 20, weapons=["arquebus"]))
    g.apply(A.FallBack("east", "t", 5.5))
    u = g.state.units["t"]
    assert u.y == pytest.approx(14.5) and u.fell_back and u.shoot_from == (50, 20, 90)
    with pytest.raises(RuleError):
        plan(one(unit("t", 50, 20, weapons=["arquebus"])).state, A.FallBack("east", "t", 5.6))


def test_4_3_5_4_reform_any_formation_and_facing_about_its_centre():
    g = one(unit("a", 50, 20, stands=4, files=4))
    g.apply(A.Reform("east", "a", 2, 0))
    u = g.state.units["a"]
    assert u.files == 2 and u.facing == 0
    assert footprint(u).centroid.coords[0] == pytest.approx((50, 19.25))
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "a", 1))
    assert err.value.rule == "4.3.5.4"


def test_4_3_5_4_reform_after_moving_is_refused():
    g = one(unit("a", 50, 20))
    g.apply(A.Move("east", "a", 1))
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Reform("east", "a", 2, 90))
    assert err.value.rule == "4.3.5.4"


# -- 4.3.2 interpenetration ------------------------------------------------------------
def test_4_3_2_passing_through_a_friend_disorders_both():
    g = one(unit("a", 50, 20))
    g = give_orders(game(scenario([unit("a", 50, 20), unit("b", 50, 25, stands=2, files=2)])))
    ev = g.apply(A.Move("east", "a", 11))                 # b spans y 23.5-25; a ends at 31
    assert g.state.units["a"].disordered and g.state.units["b"].disordered
    assert {e.unit for e in ev if e.kind == "Disordered"} == {"a", "b"}


def test_4_3_2_missile_ashigaru_pass_an_unmoved_unit_without_disorder():
    g = give_orders(game(scenario([unit("t", 50, 20, weapons=["bow"]), unit("b", 50, 25, stands=2, files=2)])))
    g.apply(A.Move("east", "t", 11))
    st = g.state
    assert not st.units["t"].disordered and not st.units["b"].disordered
    ev = g.apply(A.Move("east", "b", 2))                  # b moves later this turn: disordered
    assert st.units["b"].disordered and any(e.kind == "Disordered" and e.unit == "b" for e in ev)


def test_4_3_2_ending_inside_a_friend_places_it_behind_and_the_friend_may_not_move():
    g = give_orders(game(scenario([unit("a", 50, 20), unit("b", 50, 27, stands=4, files=4)])))
    ev = g.apply(A.Move("east", "a", 6))                  # would end at 26, inside b (25.5-27)
    st = g.state
    assert st.units["a"].y == pytest.approx(25.5)          # stops touching b's rear edge
    assert not st.units["a"].disordered and not st.units["b"].disordered
    assert st.units["b"].blocked
    assert any(e.kind == "Note" and e.rule == "4.3.2" for e in ev)
    with pytest.raises(RuleError) as err:
        g.apply(A.Move("east", "b", 1))
    assert err.value.rule == "4.3.2"



def test_4_3_2_a_move_or_wheel_that_would_not_move_a_unit_flush_behind_a_friend_is_refused():
    """Ruling D-114: flush behind a friend, a move or wheel into it is "placed behind" it,
    where the unit already stands. Such an order used to be legal, moved the unit 1e-10 cm
    for nothing, and the AI gave it 100,000 times (Anegawa, game seed 788046062014852024:
    Wheel +30 / -30 between two friends)."""
    g = give_orders(game(scenario([unit("a", 50, 20), unit("b", 50, 27, stands=4, files=4)])))
    g.apply(A.Move("east", "a", 6))                       # flush against b's rear edge (25.5)
    st = g.state
    before = encode(st)
    for order in (A.Move("east", "a", 1), A.Wheel("east", "a", 30), A.Wheel("east", "a", -30)):
        with pytest.raises(RuleError, match="already against b") as err:
            g.apply(order)
        assert err.value.rule == "4.3.2"
    assert encode(st) == before and st.units["a"].move_used == pytest.approx(5.5)
    # what the menu still offers a moves it at least the 1 mm of ruling D-3, and pays for it
    offered = [a for a in g.legal_actions("east") if isinstance(a, (A.Move, A.Wheel)) and a.unit == "a"]
    assert all(plan(st, a).cost >= 0.1 for a in offered)
    assert A.EndMovement("east") in g.legal_actions("east")


# -- 4.3.3, 4.3.4, 4.4 --------------------------------------------------------------------
def test_4_3_3_enemy_leader_contacted_is_killed():
    sc = scenario([unit("a", 50, 20)], [unit("w", 150, 100, facing=270)], west_daimyo=(50, 28))
    g = give_orders(game(sc))
    ev = g.apply(A.Move("east", "a", 8))                   # front reaches 28: over the figure
    assert not g.state.leaders["daimyo-west-clan"].alive
    assert [e.rule for e in ev if e.kind == "LeaderKilled"] == ["4.3.3"]


def test_4_3_3_leader_just_out_of_reach_survives():
    sc = scenario([unit("a", 50, 20)], [unit("w", 150, 100, facing=270)], west_daimyo=(50, 31.2))
    g = give_orders(game(sc))
    g.apply(A.Move("east", "a", 10))                       # 1.2 cm short of the centre: no contact
    assert g.state.leaders["daimyo-west-clan"].alive


def test_4_3_4_leaving_the_table_removes_the_whole_unit():
    g = one(unit("a", 50, 112))
    ev = g.apply(A.Move("east", "a", 11))
    u = g.state.units["a"]
    assert u.gone == "left_table" and not u.alive
    path = [e.path for e in ev if e.kind == "UnitMoved"][0]
    assert path[-1] == pytest.approx((50, 120, 90))          # animated up to the edge
    assert [e.rule for e in ev if e.kind == "UnitRemoved"] == ["4.3.4"]


def test_4_4_normal_move_stops_3cm_from_an_enemy():
    sc = scenario([unit("a", 50, 20)], [unit("w", 50, 30, facing=270, stands=4, files=4)])
    g = give_orders(game(sc))                              # w faces south, front edge at y = 30
    w = g.state.units["w"]
    gap = footprint(w).distance(footprint(g.state.units["a"]))
    assert gap == pytest.approx(10)
    assert max_straight(g.state, g.state.units["a"]) == pytest.approx(7)
    with pytest.raises(RuleError) as err:
        g.apply(A.Move("east", "a", 7.01))
    assert err.value.rule == "4.4"
    g.apply(A.Move("east", "a", 7))
    assert footprint(w).distance(footprint(g.state.units["a"])) == pytest.approx(3)


def test_4_4_swept_path_may_not_pass_within_3cm_of_an_enemy():
    # the wheel's outer corner swings past the enemy even though the end pose is clear
    sc = scenario([unit("c", 50, 20, stands=2, files=2, **dict(CAV, armour="medium"))],
                  [unit("w", 58, 26, facing=0, stands=2, files=1)])
    g = give_orders(game(sc))
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Wheel("east", "c", -90))
    assert err.value.rule == "4.4"


def test_6_1_light_gun_moves_5cm_straight_on_clear_terrain_only():
    gun = dict(troop="artillery", quality="regular", weapons=["light_cannon"], armour="light")
    g = one(unit("g", 50, 20, stands=1, files=1, **gun), [WOOD_AHEAD])
    assert 3.99 <= max_straight(g.state, g.state.units["g"]) < 4      # short of touching the wood
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "g", 4.5))
    assert err.value.rule == "6.1"
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Wheel("east", "g", 10))
    assert err.value.rule == "6.1"
    g = one(unit("g", 50, 20, stands=1, files=1, **gun))
    assert max_straight(g.state, g.state.units["g"]) == pytest.approx(5)


def test_4_6_unit_in_melee_takes_no_movement_orders():
    g = one(unit("a", 50, 20))
    g.state.units["a"].in_melee_with = ["w"]
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "a", 1))
    assert err.value.rule == "4.6"


def test_4_3_5_2_turn_beyond_what_is_left_is_refused():
    g = one(unit("a", 50, 20))
    g.apply(A.Move("east", "a", 6))                       # 5 cm left; a turn costs 5.5
    with pytest.raises(RuleError) as err:
        g.apply(A.Turn("east", "a", 90))
    assert err.value.rule == "4.3.5.2"


def test_4_3_1_turning_in_difficult_terrain_costs_double_ruling_D33():
    wood = {"id": "wood", "kind": "wood", "points": [[0, 0], [200, 0], [200, 60], [0, 60]]}
    g = one(unit("s", 50, 20, troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy"), [wood])
    assert cost_of(g, A.Turn("east", "s", 180)) == pytest.approx(2 * 8 / 4)


def test_4_3_4_longest_move_menu_stops_at_the_table_edge():
    g = one(unit("a", 50, 112))
    assert max_straight(g.state, g.state.units["a"]) == pytest.approx(8, abs=0.01)
    assert max_straight(g.state, g.state.units["a"], stay_on_table=False) == pytest.approx(11)


def test_4_3_longest_move_of_a_column_on_a_road_is_double():
    road = {"id": "road", "kind": "road", "points": [[47, 0], [53, 0], [53, 120], [47, 120]]}
    g = one(unit("a", 50, 20, stands=4, files=1), [road])
    assert max_straight(g.state, g.state.units["a"]) == pytest.approx(28)


def test_4_4_first_contact_distance_for_charges_and_routs():
    from sim.daimyo.movement import first_contact
    sc = scenario([unit("a", 50, 20), unit("f", 90, 22, stands=2, files=2)],
                  [unit("w", 52, 30, facing=270, stands=4, files=4)])
    g = give_orders(game(sc))
    st = g.state
    d, who = first_contact(st, st.units["a"], 15)
    assert (d, who) == (pytest.approx(10), "w")                  # fronts 10 cm apart
    d, who = first_contact(st, st.units["a"], 8)
    assert (d, who) == (pytest.approx(8), None)                  # stops short
    # turned east about its front centre: stands span y 12-28, front at x = 50; f's side is x = 86
    d, who = first_contact(st, st.units["a"], 50, facing=0)
    assert (d, who) == (pytest.approx(36), "f")
    assert first_contact(st, st.units["a"], 50, facing=0, sides=("enemy",)) == (50, None)


def _b_passed_by_arquebusiers(a_x: float):
    """West's arquebusiers m (a 1-file column) move 14 cm right through west's b, which faces
    east's a (at a_x, 30): (the game, the move's events)."""
    sc = scenario([unit("a", a_x, 30, stands=2, files=2)],
                  [unit("b", 60, 40, facing=270, stands=2, files=2),
                   unit("m", 54, 41.5, facing=0, stands=2, files=1, weapons=["arquebus"])],
                  east_daimyo=(60, 20), west_daimyo=(60, 50))
    g = give_orders(game(sc), "west")
    return g, g.apply(A.Move("west", "m", 14))


def test_4_3_2_unit_passed_by_missile_ashigaru_disordered_when_pushed_back_in_melee():
    """West's arquebusiers (a 1-file column) pass right through the standing unit 'b' (4.3.2:
    no disorder yet, ruling D-43); east then charges b and wins the round by one hit: b's push
    back is a move "for any reason", so b is disordered (4.6.6 push back, 4.3.2)."""
    from sim.daimyo.charge_odds import charge_odds
    g, ev = _b_passed_by_arquebusiers(a_x=60)
    st = g.state
    b = st.units["b"]
    assert not [e for e in ev if e.kind == "Disordered"] and b.passed_by_missile and not b.disordered
    charge_next(g, "a", "b")
    o = charge_odds(st, "a", "b")
    g.dice.force(6, 6, *[1, 1] * (len(o.a_stands) - 1 + len(o.b_stands)))      # 1 hit to 0
    ev = g.apply(A.EndShooting("east"))
    assert {e.unit: e.outcome for e in ev if e.kind == "MeleeResult"} == {"a": "win", "b": "pushed_back"}
    dis = [e for e in ev if e.kind == "Disordered" and e.unit == "b"]
    assert [(e.rule, e.cause) for e in dis] == [("4.3.2", "moved after missile ashigaru passed through it")]
    assert b.disordered


def test_4_3_2_and_4_4_a_charger_passed_by_missile_ashigaru_completes_its_charge_then_is_disordered():
    """Ruling D-115: west's arquebusiers pass through b (no disorder yet, D-43); b, in good
    order, charges a, which needs a 3.2 cm turn (6.4 disordered) and the run within its 15 cm. The charge move disorders b (4.3.2), but only as it moves: judged again
    after a's reaction with b already disordered (turns cost double, D-50) the charge was out
    of reach, and the reaction raised a RuleError that stopped the game (AI fuzz, training,
    seeds 555 and 657)."""
    from sim.daimyo.combat import Charge, React
    g, _ = _b_passed_by_arquebusiers(a_x=54)
    st = g.state
    b = st.units["b"]
    assert b.passed_by_missile and not b.disordered
    ev = g.apply(Charge("west", "b", "a"))
    declared = [e for e in ev if e.kind == "ChargeDeclared"]
    assert declared and declared[0].turn_cost == pytest.approx(3.2, abs=0.05) and not b.disordered
    ev = g.apply(React("east", "a", "stand"))
    kinds = [(e.kind, getattr(e, "unit", "")) for e in ev]
    assert ("ChargeMoved", "b") in kinds
    assert kinds.index(("ChargeMoved", "b")) < kinds.index(("Disordered", "b"))
    assert [e.cause for e in ev if e.kind == "Disordered" and e.unit == "b"] == \
        ["moved after missile ashigaru passed through it"]
    assert b.disordered and st.melee_rounds


def test_4_3_2_menu_offers_the_half_move_only_when_the_rules_accept_it():
    """Legality is not monotone in distance: a column overlapping the friend ahead of it may
    pass right through (ending clear, 4.3.2), but half that move would end inside the friend
    with nowhere behind to place it (ruling D-42). The menu offered the half anyway, and a
    random player's pick of it raised in a duel (game seed 4264928235246871424)."""
    from sim.daimyo.menus import straight_moves
    g = give_orders(game(scenario([unit("col", 100, 40, 90, stands=4, files=1),
                                   unit("front", 100, 43, 90, stands=2, files=1)])))
    st = g.state
    st.units["front"].y = 42.9            # overlapping the column's front by 1 mm, as left by a combat move
    st.geometry_cache.clear()
    u = st.units["col"]
    assert max_straight(st, u) == 14.0    # 11 cm + 3 for a column on good ground (4.3)
    assert plan(st, A.Move("east", "col", 14.0)).path[-1][:2] == pytest.approx((100.0, 54.0))
    with pytest.raises(RuleError, match="4.3.2"):
        plan(st, A.Move("east", "col", 7.0))
    assert straight_moves(st, u) == [A.Move("east", "col", 14.0)]
    moves = [a for a in g.legal_actions("east") if isinstance(a, A.Move) and a.unit == "col"]
    assert moves == [A.Move("east", "col", 14.0)]
