"""Plans remembered across decisions (sim/daimyo/plan_memo.py, issue 5) are exactly the plans
computed afresh (4.3, 4.3.2, 4.3.3, 4.4): over played games, and when a friend, an enemy or a
leader moves into an order's reach."""
import pytest

from sim.core.errors import RuleError
from sim.core.scenario import open_game
from sim.daimyo import actions as A
from sim.daimyo import make_player, movement
from sim.daimyo.fuzz import EagerRandomPlayer
from tests.daimyo.table_kit import game, give_orders, scenario, unit

ORDERS = (A.Move, A.Wheel, A.Turn, A.FallBack, A.Reform, A.Hold)


def _outcome(st, action):
    try:
        return movement.plan(st, action)
    except RuleError as exc:
        return (exc.rule, exc.reason)


def _check_decision(g, side) -> int:
    """The menu and every order's plan, from the memo and afresh; returns orders compared."""
    st = g.state
    menu = g.legal_actions(side)
    orders = [a for a in menu if isinstance(a, ORDERS)]
    cached = [_outcome(st, a) for a in orders]
    with movement.afresh(st):
        assert g.legal_actions(side) == menu
        assert [_outcome(st, a) for a in orders] == cached
    return len(orders)


@pytest.mark.parametrize("path,seed,kind,cap,options", [
    ("scenarios/daimyo/training.toml", 4, "hard-easy", 120, {}),
    ("benchmarks/reference.toml", 2, "random", 150, {"weather": True, "random_events": True}),
])
def test_4_3_remembered_plans_and_menus_equal_fresh_ones_over_a_played_game(path, seed, kind, cap, options):
    g = open_game(path, seed=seed, **options)
    if kind == "random":
        players = {s: EagerRandomPlayer(seed + i) for i, s in enumerate(g.sides())}
    else:
        players = {s: make_player(s, lv, seed + i) for i, (s, lv) in enumerate(zip(g.sides(), kind.split("-")))}
    compared = 0
    for _ in range(cap):
        side = g.to_act()
        if side is None:
            break
        compared += _check_decision(g, side)
        g.apply(players[side].choose(g, side))
    assert compared > 100              # the games really gave movement orders to compare


def _two_units(**west):
    east = [unit("a", 50, 20), unit("b", 120, 20)]
    return give_orders(game(scenario(east, [unit("w", 150, 100, facing=270, **west)])))


def test_4_3_a_plan_is_reused_while_nothing_in_its_reach_changes():
    g = _two_units()
    st = g.state
    first = movement.plan(st, A.Move("east", "a", 11))
    st.units["b"].x, st.units["b"].y = 120, 40          # a friend moves far from a's path
    assert movement.plan(st, A.Move("east", "a", 11)) is first


def test_4_3_2_a_friend_moving_into_the_path_is_passed_through():
    g = _two_units()
    st = g.state
    assert movement.plan(st, A.Move("east", "a", 11)).passed == []
    st.units["b"].x, st.units["b"].y = 50, 27           # now stands across a's path
    assert movement.plan(st, A.Move("east", "a", 11)).passed == ["b"]


def test_4_4_an_enemy_coming_within_3cm_of_the_path_refuses_the_move():
    g = _two_units()
    st = g.state
    movement.plan(st, A.Move("east", "a", 11))
    w = st.units["w"]
    w.x, w.y = 50, 33.0                                  # 2 cm beyond where a would stop
    with pytest.raises(RuleError) as err:
        movement.plan(st, A.Move("east", "a", 11))
    assert err.value.rule == "4.4"


def test_4_3_3_an_enemy_leader_stepping_into_the_path_is_run_down():
    g = _two_units()
    st = g.state
    assert movement.plan(st, A.Move("east", "a", 11)).kills == []
    leader = st.leaders[st.clans["west-clan"].daimyo]
    leader.attached_to, leader.x, leader.y = "", 50, 26
    assert movement.plan(st, A.Move("east", "a", 11)).kills == [leader.id]


def test_4_3_5_1_a_change_to_the_unit_itself_is_planned_anew():
    g = _two_units()
    st = g.state
    cost = movement.plan(st, A.Wheel("east", "a", 5)).cost
    st.units["a"].disordered = True                     # ruling D-9: disorder doubles a wheel
    assert movement.plan(st, A.Wheel("east", "a", 5)).cost == pytest.approx(2 * cost)


def test_4_3_an_order_is_planned_once_to_validate_and_execute_it(monkeypatch):
    g = _two_units()
    calls = []
    real = movement._plan
    monkeypatch.setattr(movement, "_plan", lambda st, a: calls.append(a) or real(st, a))
    g.apply(A.Move("east", "a", 5))
    assert calls == [A.Move("east", "a", 5)]
