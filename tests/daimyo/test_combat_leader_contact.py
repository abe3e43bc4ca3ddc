"""Daimyo 4.3.3 in combat moves: a non-routing unit whose move touches an unattached enemy
leader kills him (pursuit, follow-up, retire, failed charge); routers do not harm him (ruling
D-84). Dice are forced."""
import pytest

from sim.daimyo.combat import melee, morale

from .combat_helpers import activate, kinds, new_game, scenario, step, unit


def clash(east_general, west_general):
    """East 'a' (front y=30, facing north) against west 'b' (front y=30, facing south)."""
    sc = scenario([unit("a", "ashigaru", "regular", ["imw"], "light", 4, 4, 60, 30, 90)],
                  [unit("b", "ashigaru", "regular", ["imw"], "light", 4, 4, 60, 30, 270)],
                  east_daimyo=(20, 20), west_daimyo=(20, 70),
                  east_general=east_general, west_general=west_general)
    g = new_game(sc)
    activate(g, "east", "e", "shooting")
    return g


def test_4_3_3_pursuers_kill_an_unattached_enemy_leader_routers_pass_theirs():
    g = clash(east_general=(62, 37), west_general=(58, 38))
    st = g.state
    # a: +1 imw, two 7+1 hits; b: no hit -> b routs 15 cm (6), a pursues 11 cm (1) and misses
    g.dice.force(3, 4, 3, 4, 1, 1, 1, 1, *[1, 1] * 4, 6, 1)
    ev = step(g, lambda: melee.melee_step(g))
    assert kinds(ev, "UnitRouted")[0].distance == 15
    p = kinds(ev, "Pursued")[0]
    assert (p.distance, p.outcome) == (11, "escaped") and st.units["a"].y == pytest.approx(41)
    dead = {e.leader: e.rule for e in kinds(ev, "LeaderKilled")}
    assert dead == {"general-west": "4.3.3"}           # ridden down by the pursuers
    assert st.leaders["general-east"].alive             # the routers ran past him harmlessly


def test_4_3_3_leader_killed_by_a_follow_up_sets_reason_5_for_his_friends():
    g = clash(east_general=(58, 27.5), west_general=(115, 85))
    st = g.state
    # b wins 1-0: a is pushed 3 cm south (past its own General: no harm) and b follows up
    # over the east General at y 27.5
    g.dice.force(*[1, 1] * 4, 3, 4, *[1, 1] * 3)
    ev = step(g, lambda: melee.melee_step(g))
    assert kinds(ev, "FollowedUp")
    assert {e.leader for e in kinds(ev, "LeaderKilled")} == {"general-east"}
    assert 5 in st.units["a"].morale_reasons            # a General killed within 15 cm (5.1)


def test_4_3_3_a_retiring_unit_kills_an_enemy_leader_in_its_way():
    g = clash(east_general=(5, 5), west_general=(60, 24))
    st = g.state
    st.units["b"].y = 60                # no melee: a retires half its 11 cm move from b (5.1)
    step(g, lambda: morale.apply(g, st.units["a"], "retire", away_from=st.units["b"]))
    assert st.units["a"].y == pytest.approx(24.5) and not st.leaders["general-west"].alive


def test_4_3_3_routers_do_not_kill_enemy_leaders():
    from sim.daimyo.combat import rout
    g = clash(east_general=(5, 5), west_general=(60, 20))
    st = g.state
    st.units["b"].y = 60
    g.dice.force(6)
    ev = step(g, lambda: rout.start_rout(g, st.units["a"], about_face=True))
    assert kinds(ev, "UnitRouted")[0].distance == 15 and not kinds(ev, "LeaderKilled")
    assert st.leaders["general-west"].alive
