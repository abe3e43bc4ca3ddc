"""Issue 19: with a plan (normal, hard) the enemy fire a pose stands in is weighed as the points
it may cost (4.5, 4.5.4, 4.5.5, 5.2): a column is hit at +1, and the hatamoto's two stands
carry two points. Hand-built tables, the real engine; no dice are rolled."""
import pytest

from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.table_kit import CAV, game, give_orders, scenario, unit

ARQ = dict(troop="ashigaru", quality="regular", weapons=["arquebus"], armour="light")


def _fire_drop(files: int, hatamoto: bool = False, planning: bool = True, first: bool = False) -> float:
    """What the arquebusiers' fire takes off a two-stand horse unit's pose 6 cm off their front
    (effective range, 4.5.1), in line (2 files) or in column (1 file); `first`: their first
    volley of the game is still to come (+2, 4.5.4)."""
    g = give_orders(game(scenario([unit("horse", 100, 20, 90, stands=2, files=2, **CAV)],
                                  [unit("arq", 100, 60, 270, **ARQ)], east_daimyo=(100, 16))))
    g.state.units["horse"].hatamoto = hatamoto      # the General's range (1.7) is no part of this
    if not first:
        g.state.first_shot_done.append("arq")
    s = DaimyoScorer(planning=planning)
    s.prepare(g, "east")
    u = g.state.units["horse"]
    y = 54.0 - (u.stand_d / 2 if files == 1 else 0.0)      # the column's front where the line's is
    fired = s._value(u, 100, y, 90, files)
    s.fire.zones = []
    s.memo.forget_values()                   # the scorer changed mid-decision: weigh the pose again
    return s._value(u, 100, y, 90, files) - fired


def test_4_5_4_a_column_in_arquebus_fire_costs_more_than_a_line():
    """4.5.4: a target in column is hit at +1. With a plan, the horse in column before the
    arquebusiers loses more of its pose's worth to their fire than the same horse in line."""
    line, column = _fire_drop(2), _fire_drop(1)
    assert line > 0.0
    assert column > line * 1.1
    # 4.5.4, ruling D-101: the first volley of the game hits at +2
    assert _fire_drop(2, first=True) > line * 1.1


def test_5_2_the_hatamoto_under_fire_risks_its_two_points():
    """5.2: the hatamoto counts 2 unit points; the same stands shot at cost it twice as much."""
    assert _fire_drop(2, hatamoto=True) == pytest.approx(2 * _fire_drop(2))


def test_4_5_easy_keeps_the_rough_fire_weight():
    """Easy (no plan) weighs fire as before: 1.5 for arquebus fire on horse at effective range,
    whatever the formation and points (`FireZones.danger`)."""
    assert _fire_drop(1, planning=False) == pytest.approx(_fire_drop(2, planning=False))
    assert _fire_drop(2, hatamoto=True, planning=False) == pytest.approx(_fire_drop(2, planning=False))


STREAM = {"id": "stream", "kind": "stream", "points": [[0, 44], [200, 44], [200, 48], [0, 48]]}
RAW_POLE = dict(troop="ashigaru", quality="raw", weapons=["pole_arm"], armour="light")


def _horse_aim(terrain) -> str:
    """The east horse's own target once its clan engages (clan_plan.aims): arquebusiers straight
    ahead, raw pole-arm ashigaru further off to the side."""
    g = give_orders(game(scenario([unit("horse", 100, 30, 90, **CAV)],
                                  [unit("arq", 100, 52, 270, **ARQ), unit("foot", 150, 60, 270, **RAW_POLE)],
                                  terrain=terrain, east_daimyo=(100, 26))))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert s.mu.att[("horse", "arq")] > s.mu.att[("horse", "foot")] > 0      # the odds favour the shooters
    return s.commander.aims["horse"]


def test_4_3_1_a_horse_does_not_aim_at_shooters_across_a_stream():
    """4.3.1: a horse wading a stream is disordered and may not charge out of it; it stands a
    turn in the water and a turn to reform (4.2.2) in the arquebusiers' fire (4.5.4). Across a
    stream it aims at the ashigaru that do not shoot; on open ground at the arquebusiers, whom
    it beats best (4.6.5)."""
    assert _horse_aim([]) == "arq"
    assert _horse_aim([STREAM]) == "foot"
