"""The Daimyo scorer's plan on hand-built tables (issue 5 item 5): cross difficult ground, reform
before contact, keep units in command, keep the HQ seated. Each test compares the scores of
the legal orders of one unit, as the hard level (best score) would."""
import pytest

from sim.daimyo.ai.scorer import END_STEP, DaimyoScorer
from sim.daimyo import actions as A
from sim.daimyo import movement
from sim.daimyo.geometry import footprint
from tests.daimyo.table_kit import game, give_orders, scenario, unit

STREAM = {"id": "stream", "kind": "stream", "points": [[0, 44], [200, 44], [200, 48], [0, 48]]}


def scored(g, side="east"):
    s = DaimyoScorer()
    with movement.reading(g.state):
        s.prepare(g, side)
        return {a: s.score(a) for a in g.legal_actions(side)}


def best_for(scores, unit_id):
    mine = {a: v for a, v in scores.items() if getattr(a, "unit", None) == unit_id}
    return max(mine, key=mine.get)


def test_4_2_2_disordered_unit_two_moves_from_the_enemy_reforms():
    """Out of the enemy's charge reach (15 cm, 4.4) but within a move and a charge of it: the
    disordered spearmen stand to reform rather than close in unable to charge (4.2.1)."""
    g = give_orders(game(scenario([unit("spear", 100, 40, 90)], [unit("foe", 100, 62, 270)],
                                  east_daimyo=(100, 36))))
    g.state.units["spear"].disordered = True
    assert isinstance(best_for(scored(g), "spear"), A.Reform)


def test_4_2_2_disordered_unit_far_from_the_enemy_marches_on():
    g = give_orders(game(scenario([unit("spear", 100, 20, 90)], [unit("foe", 100, 110, 270)],
                                  east_daimyo=(100, 16))))
    g.state.units["spear"].disordered = True
    s = scored(g)
    assert isinstance(best_for(s, "spear"), A.Move)
    assert s[A.Reform("east", "spear", 4, 90.0)] < s[best_for(s, "spear")]


def test_4_3_1_no_reform_while_still_in_the_stream():
    """Moving on while touching difficult ground disorders again (4.3.1), so reforming there is
    wasted: the unit wades out first."""
    g = give_orders(game(scenario([unit("spear", 100, 47, 90)], [unit("foe", 100, 75, 270)],
                                  terrain=[STREAM], east_daimyo=(100, 40))))
    g.state.units["spear"].disordered = True
    s = scored(g)
    assert s[A.Reform("east", "spear", 4, 90.0)] < max(v for a, v in s.items() if isinstance(a, A.Move))


def test_4_3_1_good_order_unit_wades_a_stream_with_no_enemy_near():
    """The stream halves the move and disorders (4.3.1), but beyond it lies the enemy and no
    enemy can charge the waders: going in beats ending the move at the bank."""
    g = give_orders(game(scenario([unit("spear", 100, 43, 90)], [unit("foe", 100, 100, 270)],
                                  terrain=[STREAM], east_daimyo=(100, 40))))
    s = scored(g)
    assert isinstance(best_for(s, "spear"), A.Move)
    assert s[best_for(s, "spear")] > END_STEP


def test_4_2_1_good_order_unit_keeps_out_of_a_charge_while_disordered():
    """A disordered unit in an enemy's charge reach scores worse than the same unit out of it."""
    g = give_orders(game(scenario([unit("spear", 100, 40, 90)], [unit("foe", 100, 52, 270)],
                                  east_daimyo=(100, 36))))
    s = DaimyoScorer()
    s.prepare(g, "east")
    u = g.state.units["spear"]
    assert s._value(u, 100, 40, 90, 4, disordered=True) < s._value(u, 100, 40, 90, 4, disordered=False) - 1.0


def test_1_9_daimyo_moves_to_bring_his_units_into_command():
    g = give_orders(game(scenario([unit("a", 100, 40, 90), unit("b", 120, 40, 90)],
                                  [unit("foe", 100, 110, 270)], east_daimyo=(110, 5))))
    s = scored(g)
    leader = {a: v for a, v in s.items() if isinstance(a, A.MoveLeader)}
    assert leader and max(leader.values()) > END_STEP
    best = max(leader, key=leader.get)
    assert abs(best.y - 40) < abs(5 - 40)


def test_1_7_seated_general_stays_seated_while_his_hq_is_safe():
    seated = {"general": {"name": "east general", "rating": 3, "seated": True, "x": 100, "y": 6},
              "hq": {"x": 100, "y": 8, "facing": 90}}
    g = game(scenario([unit("a", 100, 30, 90)], [unit("foe", 100, 110, 270)], east_army=seated))
    give_orders(g, clan="")
    g.state.active_general = "east"
    s = scored(g)
    assert s[A.MountUp("east")] < END_STEP


@pytest.mark.parametrize("target_disordered", [False, True])
def test_4_4_good_order_unit_in_charge_reach_charges_at_favourable_odds(target_disordered):
    """Cavalry 12 cm from spearmen (lance charge, 4.6.3): the charge beats every other order of
    the unit, the more so against a disordered target (4.2.1: one rank, -1)."""
    from sim.daimyo.combat import Charge
    from tests.daimyo.table_kit import CAV
    g = give_orders(game(scenario([unit("horse", 100, 40, 90, stands=2, files=2, **CAV)],
                                  [unit("spear", 100, 56, 270, stands=2, files=2)])))
    g.state.units["spear"].disordered = target_disordered
    s = scored(g)
    assert best_for(s, "horse") == Charge("east", "horse", "spear")


ARQ = dict(troop="ashigaru", quality="regular", weapons=["arquebus"], armour="light")


def test_4_5_1_cavalry_counts_the_arquebus_fire_it_would_stand_in():
    """In front of arquebusiers, within 8 cm (effective range, 4.5.1) a horse unit counts 1.5
    (+1 against cavalry, 4.5.4), within 15 cm 0.4 x 1.5, beyond nothing; level with the
    shooters, outside their 45-degree arcs (ruling D-2), nothing either. The scorer takes
    0.25 a unit of it off a pose with no charge to make next turn, 0.1 with one."""
    from tests.daimyo.table_kit import CAV
    g = give_orders(game(scenario([unit("horse", 100, 20, 90, stands=2, files=2, **CAV)],
                                  [unit("arq", 100, 60, 270, **ARQ)], east_daimyo=(100, 16))))
    s = DaimyoScorer()
    s.prepare(g, "east")
    u = g.state.units["horse"]
    shape = lambda x, y: footprint(u, x=x, y=y, facing=90.0, files=2)
    assert s.fire.danger(u, shape(100, 54)) == pytest.approx(1.5)     # 6 cm off the arquebus front
    assert s.fire.danger(u, shape(100, 48)) == pytest.approx(0.6)     # 12 cm: long range
    assert s.fire.danger(u, shape(100, 40)) == 0.0                     # 20 cm: out of range
    assert s.fire.danger(u, shape(140, 64)) == 0.0                     # level with it, out of arc
    fired = s._value(u, 100, 54, 90, 2)
    s.fire.zones = []
    s.memo.forget_values()                   # the scorer changed mid-decision: weigh the pose again
    assert s._value(u, 100, 54, 90, 2) - fired == pytest.approx(0.1 * 1.5)   # it could charge them
