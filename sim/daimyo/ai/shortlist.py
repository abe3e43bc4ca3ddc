"""The Daimyo scripted opponent's movement step weighed lazily (issue 5: planning is the cost).

The menu is the rules' own (DaimyoGame.orders_menu), but its units' movement orders are not
planned up front. Each is estimated from where it would end on open ground - a straight move
the best of its quarters up to the allowance (hard's: its halves), a wheel or turn its end pose - scored like a
planned order without its penalties, plus SLACK for what a plan may change (a turn's exact
pose, stopping behind a friend). ScoredPlayer plans them best estimate first and stops once an
exact score beats every estimate left; a blocked straight move is re-estimated over the range
max_straight's first halvings leave before it is planned in full (hard's is planned in full
at once). Whatever it plays was planned and accepted by the rules (menus.tried, max_straight)
exactly as in legal_actions. Guns and reforms are always planned (few, scored apart);
everything else (holds, charges, leaders, ending the step) is scored exactly at once. Hard
weighs only the menu's turns and wheels that face a unit nearer its plan's heading
(`_turns_away`).
"""
from __future__ import annotations

import math

import numpy as np

from sim.ai.scored import Option
from sim.daimyo import actions as A
from sim.daimyo import menus, movement
from sim.daimyo.ai import line_up
from sim.daimyo.combat.common import angle_diff
from sim.daimyo.geometry import direction
from sim.daimyo.geometry.shapes import footprint
from sim.daimyo.model import Troop

SLACK = 0.1       # points added to estimates: a plan may end an order short of open ground (docs/performance.md)
PROBES = 3        # halvings of a blocked straight move's range estimated before it is planned in full (not hard's)
PLANNED = (A.Move, A.Wheel, A.Turn, A.FallBack, A.Reform)


def options(scorer, game, side: str) -> list[Option] | None:
    """The movement step as options, or None in any other step (the whole menu is scored)."""
    st = game.state
    if st.phase != "orders" or st.pending or game.to_act() != side:
        return None
    scorer.prepare(game, side)
    here: dict[tuple, float] = {}      # each unit's value where it stands, (id, held)
    menu = game.orders_menu(side, planned=False)
    if scorer.exact:
        # hard weighs only the turns and wheels toward the way its plan wants (issue 19 item 3)
        toward: dict[str, float | None] = {}
        menu = [a for a in menu if not _turns_away(scorer, st, a, toward)]
    if scorer.commander is not None:
        # issue 19: the wheel or reform that faces a charge run exactly (line_up.py), for the
        # units the menu lets move
        movers = list(dict.fromkeys(a.unit for a in menu if isinstance(a, PLANNED)))
        listed = set(menu)
        menu += [a for uid in movers for a in line_up.orders(scorer, st, st.units[uid])
                 + line_up.crossing(scorer, st, st.units[uid]) if a not in listed]
    # the end poses the estimates weigh, their nearest enemies in one call (ai/pose_batch.py)
    ends = {a: [_end_pose(st.units[a.unit], o) for o in _orders(st.units[a.unit], a, scorer.exact)] for a in menu
            if isinstance(a, PLANNED) and _estimated(st.units[a.unit], a) and not _refused(st, st.units[a.unit], a)}
    scorer.prefetch([(st.units[a.unit], *pose, isinstance(a, (A.Wheel, A.Turn))) for a, poses in ends.items()
                     for pose in poses]
                    + [(u, u.x, u.y, u.facing, u.files, False) for u in map(st.units.get, dict.fromkeys(a.unit for a in ends))]
                    + [_reformed(st.units[a.unit], a) for a in menu
                       if isinstance(a, A.Reform) and 1 <= a.files <= st.units[a.unit].stands])
    return [_option(scorer, st, a, here, ends.get(a)) for a in menu]


def _option(scorer, st, a, here: dict[tuple, float], poses) -> Option:
    if not isinstance(a, PLANNED):
        score = scorer.score(a)
        return Option(score, lambda: [(a, score)])
    u = st.units[a.unit]
    if _refused(st, u, a):
        return Option(-math.inf, lambda: [])      # kept in the list: normal's noise is drawn per option
    if isinstance(a, A.Move):          # stands for the menu's longest straight move and its half
        return _straight(scorer, st, u, here, _orders(u, a, scorer.exact), _whole(scorer, st, u, a, here), poses)
    def resolve():
        return [(a, scorer.score(a))] if menus.tried(st, u, a) else []
    estimate = _estimate(scorer, u, [a], here, poses)
    if isinstance(a, A.Turn) and not u.disordered:
        # sharpened only when it comes up: most turns never do, and the pose held's move
        # ahead is weighed anyway once one is scored (scorer._present)
        return Option(estimate, lambda: Option(_estimate(scorer, u, [a], here, poses, held=True), resolve))
    return Option(estimate, resolve)


def _turns_away(scorer, st, a, toward: dict) -> bool:
    """Whether `a` is a wheel or turn of the menu (4.3.5.1, 4.3.5.2) that leaves the unit facing
    no nearer the heading its plan wants - the way to the enemy it closes on (the point the
    way round impassable ground makes for first, or the crossing's axis: Ground.heading), or
    the nearest enemy (scorer._aim) - than it faces now. Hard weighs only the others (a turn
    or wheel is worth its end pose and the move straight ahead it opens, and the pose's value
    counts facing and turning toward that heading), so its decisions weigh about half the
    poses. line_up's exact wheels and reforms toward a charge run and its crossing orders are
    added after and always weighed; guns pivot (6.1), never filtered."""
    if not isinstance(a, (A.Wheel, A.Turn)):
        return False
    u = st.units[a.unit]
    if u.troop is Troop.ARTILLERY:
        return False
    if u.id not in toward:
        toward[u.id] = _heading(scorer, st, u)
    want = toward[u.id]
    if want is None:
        return False
    now = abs(angle_diff(u.facing, want))
    end = abs(angle_diff(_end_pose(u, a)[2], want))
    return end >= now - 1e-6


def _heading(scorer, st, u) -> float | None:
    """The facing (degrees) toward the point u's value closes on from where it stands
    (scorer._value_part: the goal's way, else the nearest enemy); None with no enemy."""
    enemy, _ = scorer._nearest(u)
    if enemy is None:
        return None
    tx, ty = enemy.x, enemy.y
    if u.troop is not Troop.HQ and not (u.missile and not u.cavalry) and scorer.plans.get(u.clan) is not None:
        _, mode, goal = scorer._aim(u, enemy)
        g = st.units[goal]
        tx, ty = g.x, g.y
        if mode != "receive":
            tx, ty = scorer.ground.heading(u, footprint(u), scorer.enemy_shapes[goal], u.files) or (tx, ty)
    if abs(tx - u.x) < 1e-9 and abs(ty - u.y) < 1e-9:
        return None
    return math.degrees(math.atan2(ty - u.y, tx - u.x)) % 360


def _refused(st, u, a) -> bool:
    """A Turn the rules refuse whatever stands round the unit (4.3.5.2): beyond 180 degrees
    this turn, or dearer than the move left - its cost is its share of the move plus what the
    ground adds, never less (movement._terrain_cost). Neither estimated nor planned."""
    return isinstance(a, A.Turn) and (
        movement.turns_too_far(u, a.angle)
        or u.move_used + movement.turn_cost(u) > movement.max_move(st, u) + movement.EPS)


def _orders(u, a, halves: bool = False) -> list:
    """The orders whose end poses estimate menu order `a`: a straight move by the quarters of
    its allowance - by its halves for hard (`halves`): the moves the menu plays where nothing
    stops it short (menus.straight_moves: the longest and its half); one stopped short is
    estimated again over what max_straight's halvings leave (`_halve`) - any other order itself."""
    if isinstance(a, A.Move):
        return [A.Move(u.side, u.id, a.distance * k / 4) for k in ((2, 4) if halves else (1, 2, 3, 4))]
    return [a]


def _estimated(u, a) -> bool:
    """Whether `_estimate` weighs the order's end poses (not a gun's, nor a reform)."""
    return u.troop is not Troop.ARTILLERY and not isinstance(a, A.Reform)


def _straight(scorer, st, u, here, orders, resolve, poses=None) -> Option:
    return Option(_estimate(scorer, u, orders, here, poses), resolve)


def _whole(scorer, st, u, a, here):
    """max_straight tries the whole reach first: if that is legal it is the longest move.
    Hard plans a straight move in full once it comes up, blocked or not (max_straight): its
    halving probes' new poses cost more than the plans they spare (docs/performance_log.md)."""
    def resolve():
        if scorer.exact or menus.straight_ok(st, u, a.distance):
            return _planned(scorer, st, u)
        return _halve(scorer, st, u, 0.0, a.distance, PROBES, here)
    return resolve


def _halve(scorer, st, u, lo: float, hi: float, probes: int, here) -> Option | list:
    """The longest legal move lies in [lo, hi): estimated over that range, sharpened by halving
    it as max_straight's bisection does (so its plans are remembered for it) PROBES times, then
    planned in full."""
    if probes == 0:
        return _planned(scorer, st, u)
    mid = (lo + hi) / 2
    lo, hi = (mid, hi) if menus.straight_ok(st, u, mid) else (lo, mid)
    orders = [A.Move(u.side, u.id, d) for d in (lo, (lo + hi) / 2, hi, lo / 2, hi / 2) if d > 0]
    poses = [_end_pose(u, o) for o in orders]
    scorer.prefetch([(u, *pose, False) for pose in poses])
    return _straight(scorer, st, u, here, orders, lambda: _halve(scorer, st, u, lo, hi, probes - 1, here), poses)


def _planned(scorer, st, u) -> list:
    return [(m, scorer.score(m)) for m in menus.straight_moves(st, u)]


def _estimate(scorer, u, orders, here: dict[tuple, float], poses=None, held: bool = False) -> float:
    """The best end pose of `orders` scored, less the unit's value where it stands, + SLACK
    (`poses`: the orders' end poses, if worked out already). held: the pose held weighed with
    the move ahead a turn opens, as a turn's exact score weighs it (scorer._present), for a
    Turn of a unit in good order. Its plan ends on `_end_pose` or is refused (4.3.5.2), and
    a pose disordered on the way is worth no more than in good order, so that estimate is
    still at least the exact score + SLACK, and up to LOOKAHEAD's share of the move ahead
    smaller. A wheel may stop short of its end pose (4.3.5.1): it is not sharpened so."""
    if not _estimated(u, orders[0]):
        return math.inf
    if (u.id, held) not in here:
        here[(u.id, held)] = scorer.pose_value(u, u.x, u.y, u.facing, u.files, turned=held)
    poses = poses if poses is not None else [_end_pose(u, a) for a in orders]
    return max(scorer.pose_value(u, *pose, turned=isinstance(a, (A.Wheel, A.Turn)))
               for a, pose in zip(orders, poses)) - here[(u.id, held)] + SLACK


def _reformed(u, a: A.Reform) -> tuple:
    """A reform's pose as `prefetch` takes it (unit, x, y, facing, files, turned): about the
    unit's centre (4.3.5.4, ruling D-38), where its plan ends if the rules accept it; its
    value is weighed exactly, not estimated (always planned)."""
    x, y, f = movement.reformed_pose(u, a.facing, a.files)
    return u, x, y, f, a.files, abs(f - u.facing) > 1e-6


def _end_pose(u, a) -> tuple[float, float, float, int]:
    """Where the order would leave the unit on open ground with nothing in the way (4.3, 4.3.5)."""
    fwd = direction(u.facing)
    if isinstance(a, (A.Move, A.FallBack)):
        d = a.distance if isinstance(a, A.Move) else -a.distance
        return float(u.x + fwd[0] * d), float(u.y + fwd[1] * d), u.facing, u.files
    if isinstance(a, A.Wheel):
        x, y, f = movement._wheel_motion(u, a.angle).poses(1.0)[0]
        return float(x), float(y), float(f), u.files
    if abs(a.angle) == 180:            # about face: the rear rank becomes the front
        return float(u.x - fwd[0] * u.depth), float(u.y - fwd[1] * u.depth), (u.facing + 180) % 360, u.files
    files = min(u.ranks, u.stands)     # ruling D-37: ranks become files, front along the flank
    side = -1 if a.angle > 0 else 1
    corner = np.array([u.x, u.y]) + direction(u.facing - 90) * side * (u.width / 2)
    front = corner - fwd * (files * u.stand_w / 2)
    return float(front[0]), float(front[1]), (u.facing + a.angle) % 360, files
