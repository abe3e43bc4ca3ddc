"""The move a turned pose opens (scorer._ahead, 4.3.5) is kept the whole game under what it
reads - the unit's kind as the ground sees it, its stands, its normal move and the pose -
so a kept answer is the one worked out afresh, for another unit of another kind too."""
import dataclasses

from sim.daimyo.ai.scorer import DaimyoScorer
from sim.daimyo.model import Armour, Troop
from tests.daimyo.table_kit import game, give_orders, scenario, unit


def _scorer():
    g = give_orders(game(scenario([unit("e1", 60, 30), unit("e2", 20, 30)], [unit("w1", 140, 100, facing=270)])))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    return g, s


def test_4_3_5_kept_move_ahead_equals_a_fresh_one_for_every_kind():
    g, s = _scorer()
    u = g.state.units["e1"]
    for kind in (dict(), dict(troop=Troop.MOUNTED_SAMURAI, armour=Armour.HEAVY),
                 dict(armour=Armour.LIGHT), dict(stands=2, files=2)):
        other = dataclasses.replace(u, **kind)
        for facing in (0.0, 90.0, 135.0):
            kept = s._ahead(other, 100.0, 50.0, facing, other.files)
            assert kept == s._ahead_now(other, 100.0, 50.0, facing, other.files)
            assert s._ahead(other, 100.0, 50.0, facing, other.files) == kept


def test_4_3_5_a_faster_unit_at_the_same_pose_is_not_given_the_slower_ones_move():
    g, s = _scorer()
    u = g.state.units["e1"]
    foot = s._ahead(u, 100.0, 50.0, 90.0, u.files)
    horse = dataclasses.replace(u, troop=Troop.MOUNTED_SAMURAI, armour=Armour.HEAVY)
    assert horse.move_row.normal != u.move_row.normal
    assert s._ahead(horse, 100.0, 50.0, 90.0, u.files) != foot
