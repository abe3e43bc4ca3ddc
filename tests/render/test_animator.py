from dataclasses import dataclass

import pytest

from render.daimyo.animator import Animator, frame_at, motion_of, pose_along, seconds_for
from sim.core.events import DiceRolled, Event
from sim.daimyo.events import LeaderMoved, UnitMoved, UnitRemoved


@dataclass(frozen=True)
class Pursued(Event):           # shaped like the combat events still to come
    unit: str
    path: tuple


@dataclass(frozen=True)
class Mystery(Event):
    what: str


def test_pose_along_by_distance_and_turn():
    path = ((0.0, 0.0, 90.0), (0.0, 10.0, 90.0), (10.0, 10.0, 90.0))
    assert pose_along(path, 0.5) == pytest.approx((0.0, 10.0, 90.0))
    assert pose_along(path, 0.75) == pytest.approx((5.0, 10.0, 90.0))
    turn = ((5.0, 5.0, 350.0), (5.0, 5.0, 80.0))            # the short way round: +90 through 0
    assert pose_along(turn, 0.5) == pytest.approx((5.0, 5.0, 35.0))
    assert pose_along(turn, 1.0)[2] == pytest.approx(80.0)


def test_any_event_with_unit_and_path_animates():
    ev = Pursued("shima-horse", ((30, 70, 270), (30, 50, 270)))
    m = motion_of(ev)
    assert m.who == "unit" and m.id == "shima-horse" and len(m.poses) == 2
    assert motion_of(LeaderMoved("daimyo-honda", ((1, 1), (5, 4)))).poses[1] == (5.0, 4.0, None)
    assert motion_of(DiceRolled("x", (3,))) is None
    assert motion_of(Mystery("?")) is None


def test_frame_shows_pending_paths_at_their_start_and_ghosts():
    a = UnitMoved("u1", ((0, 0, 90), (0, 10, 90)), "charge")
    b = Pursued("u2", ((50, 50, 0), (60, 50, 0)))
    c = UnitMoved("u1", ((0, 10, 90), (0, 14, 90)), "follow_up")
    gone = UnitRemoved("u3", "destroyed")
    f = frame_at([a, DiceRolled("melee", (4,)), b, gone, c], 0, 0.5, {})
    assert f.poses["u1"] == pytest.approx((0, 5, 90))         # playing: half-way
    assert f.poses["u2"] == (50, 50, 0)                        # still to come: at its start
    assert "u3" in f.ghosts                                    # removed later: still shown
    f = frame_at([a, DiceRolled("melee", (4,)), b, gone, c], 4, 0.0, {})
    assert f.poses["u1"] == (0, 10, 90) and "u2" not in f.poses and not f.ghosts


def test_animator_plays_logs_in_order_and_respects_speed_and_pause():
    seen = []
    anim = Animator(on_event=lambda e: seen.append(e.kind))
    move = UnitMoved("u1", ((0, 0, 90), (0, 14, 90)), "move")     # 14 cm: one second at x1
    anim.push([DiceRolled("x", (1,)), move, Mystery("?")])
    anim.update(0.5)
    assert seen == ["DiceRolled", "UnitMoved"]
    assert anim.frame({}).poses["u1"] == pytest.approx((0, 7, 90))
    anim.toggle_pause()
    anim.update(5.0)
    assert anim.frame({}).poses["u1"] == pytest.approx((0, 7, 90))
    anim.toggle_pause()
    anim.faster()
    anim.update(0.5 / 1.5)
    assert not anim.busy and seen == ["DiceRolled", "UnitMoved", "Mystery"]
    assert seconds_for(motion_of(move)) == pytest.approx(1.0)
