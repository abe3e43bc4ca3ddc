"""Lining up a charge (issue 19, the executor's two-order look): orders the rules allow but the
menu does not list, that face a unit square on the enemy it means to charge.

A charge must first turn to face its run, at most half the charge move (4.4), and a turn in
difficult ground costs double (4.3.1, ruling D-33), where the charge move itself is halved: a
unit that stands a few degrees off its target may not charge it at all. The menu offers wheels
of 30 degrees and turns of 90 (menus.menu), too coarse to line up; most refused charges of
units near the enemy in the training battles read "turning to face ... costs more than half the
charge move". Two orders face the run exactly:
- a wheel by the angle to the run (4.3.5.1; it costs movement, the unit may move on after it);
- a reform to that facing (4.3.5.4: any facing and formation; ruling D-30: only by a unit that
  has not moved, which then moves no further; ruling D-38: it keeps its centre). A disordered
  unit must stand to reform anyway (4.2.2), so it may as well face its target as it does.
The scorer weighs them like any other order; the rules' own plan decides whether they are legal.
"""
from __future__ import annotations

import copy
import math

from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo import menus, movement, preview
from sim.daimyo.ai import crossing_axis
from sim.daimyo.combat import charge as CH
from sim.daimyo.combat import common as C
from sim.daimyo.geometry import direction, footprint
from sim.daimyo.model import Troop
from sim.daimyo.tables import tables

MIN_ANGLE = 2.0         # degrees: closer than this the unit already faces its run
MAX_WHEEL = 45.0        # degrees: beyond it a wheel costs most of a move (4.3.5.1); a turn is on the menu
STATES = ("engage", "form_up", "hold", "pursue", "reform", "receive")
LINE_UP_BAR = -0.2      # matchup edge (4.6.5) above which an enemy in charge reach is lined up on
LINE_UP_CLOCK = 1.5     # how far the clock's pressure (0..1, 5.2) lowers that bar
MIN_RUN = 0.5           # cm: a shorter move to a crossing's start is not worth an order
OFF_WAY = 20.0          # degrees: a column facing further than this off its way to a crossing re-faces
STUCK_CM = 1.0          # cm: a column whose longest straight move is shorter is stuck
SETTLE = 3              # tries at facing the run from where a line-up order ends


def run_facing(u, t) -> float:
    """The facing that points u along its charge run at t (4.4: the charge plan's own run
    point, CH.final_pose without lining stands up)."""
    rx, ry, _ = CH.final_pose(u, t, C.side_of(t, u), aligned=False)
    return math.degrees(math.atan2(ry - u.y, rx - u.x)) % 360


def targets(scorer, u) -> list:
    """The enemies u would line up on: its clan plan's aim (engage) or target, and the enemies
    within its charge move that it does not lose to (its matchup edge, 4.6.5) - as the clock
    presses (5.2), also those it loses to by a little - nearest first."""
    if scorer.commander is None:
        return _near(scorer, u)
    plan = scorer.plans.get(u.clan)
    if plan is None or plan.state not in STATES:
        return []
    st, out = scorer.st, []
    aim = scorer.commander.aims.get(u.id, plan.target) if plan.state == "engage" else plan.target
    shape = footprint(u)
    # 5.2: a draw wins nothing - as the clock presses, line up on enemies it loses to by a
    # little too (its charge is then weighed with the clock's boldness, scorer.BOLDNESS)
    bar = LINE_UP_BAR - LINE_UP_CLOCK * scorer.commander.army.pressure
    near = sorted((scorer.enemy_shapes[e.id].distance(shape), e.id) for e in scorer.enemies + scorer.routers
                  if e.troop is not Troop.HQ or e.id == aim)
    for d, eid in near:
        if d > u.move_row.charge:
            break
        e = st.units[eid]
        if eid == aim or e.routing or scorer.mu is None or scorer.mu.att.get((u.id, eid), -math.inf) > bar:
            out.append(e)
    return out


def _near(scorer, u) -> list:
    """Easy (no plan, no matchups): every enemy within u's charge move, nearest first; the
    charge itself is weighed when it can be made (its exact odds, scorer._score_Charge)."""
    shape = footprint(u)
    near = sorted((scorer.enemy_shapes[e.id].distance(shape), e.id) for e in scorer.enemies + scorer.routers
                  if e.troop is not Troop.HQ)
    return [scorer.st.units[eid] for d, eid in near if d <= u.move_row.charge]


def orders(scorer, st, u) -> list:
    """The wheels and reforms the rules accept that face u's charge run at one of its targets
    and after which the rules' charge plan (4.4) would let it charge that target (were the
    target to stand still): a line-up for a charge it cannot make yet."""
    if not _lines_up(u):
        return []
    out = []
    for t in targets(scorer, u):
        if _charges(st, u, t, u.x, u.y, u.facing, u.files):
            continue                      # it may charge now: nothing to line up
        try:
            facing = run_facing(u, t)
        except (RuleError, ValueError):
            continue
        diff = (facing - u.facing + 180) % 360 - 180
        if abs(diff) < MIN_ANGLE:
            continue
        # a disordered unit lines up only by reforming (4.2.1: it may not charge until it has)
        tries = [A.Wheel(u.side, u.id, round(diff, 1))] if abs(diff) <= MAX_WHEEL and not u.disordered else []
        if not u.moved:
            tries.append(A.Reform(u.side, u.id, u.files, round(facing, 1)))
        for a in tries:
            # the order moves the unit's front centre (a reform turns about the centre,
            # ruling D-38; a wheel about a front corner, 4.3.5.1), so the run from where it
            # ends points a little off: face the run from there, a few times over
            for _ in range(SETTLE):
                plan = _plan(st, a)
                if plan is None or isinstance(a, A.Wheel) and plan.disorder:
                    break                 # refused, or wheeling in difficult ground disorders (4.3.1)
                if _charges(st, u, t, *plan.path[-1], plan.files or u.files):
                    out.append(a)
                    break
                a = _resettled(u, t, a, plan)
                if a is None:
                    break
    return list(dict.fromkeys(out))


def _resettled(u, t, a, plan):
    """The order `a` changed by the angle between the facing it ends at and the run at t from
    there (None if that run cannot be found)."""
    there = copy.copy(u)
    there.x, there.y, there.facing = plan.path[-1]
    try:
        off = (run_facing(there, t) - there.facing + 180) % 360 - 180
    except (RuleError, ValueError):
        return None
    if abs(off) < 0.05:
        return None
    if isinstance(a, A.Wheel):
        return A.Wheel(a.side, a.unit, round(a.angle + off, 1))
    return A.Reform(a.side, a.unit, a.files, round((a.facing + off) % 360, 1))


def room(scorer, st, units) -> tuple[dict, dict]:
    """Line-ups two orders away (docs/ai.md "Easy makes room"): for each unit whose reform facing
    its charge run the rules refuse now, where from the reformed pose the rules' charge plan
    (4.4) would accept the charge:
    - friends pressed against it, in the reformed pose (4.3.2: a reform may not end inside a
      friend): {friend id: [(the reformed footprint, the target)]}; the scorer credits a
      friend's order that leaves that footprint;
    - the unit itself, the reformed pose closer than 3 cm to the enemy (4.4, ruling D-39):
      {unit id: target} where its fall back (4.3.5.3) opens that reform for next turn."""
    friends: dict = {}
    back: dict = {}
    for u in units:
        if u.moved or not _lines_up(u):
            continue
        for t in targets(scorer, u):
            if _charges(st, u, t, u.x, u.y, u.facing, u.files):
                continue
            try:
                facing = run_facing(u, t)
            except (RuleError, ValueError):
                continue
            if _plan(st, A.Reform(u.side, u.id, u.files, round(facing, 1))) is not None:
                continue                  # the rules accept it now: orders() offers it
            shape = _reformed(u, facing)
            in_way = _friends_in(st, u, shape)
            if not _clear(st, t.side, shape):
                fell = _plan(st, A.FallBack(u.side, u.id, tables().manoeuvre.fall_back_cm))
                if fell is not None and u.id not in back and _opens_after(st, u, t, *fell.path[-1]):
                    back[u.id] = t
            elif in_way and _charges(_Without(st, in_way), u, t, *movement.reformed_pose(u, facing, u.files), u.files):
                for fid in in_way:
                    friends.setdefault(fid, []).append((shape, t))
    return friends, back


def _opens_after(st, u, t, x: float, y: float, facing: float) -> bool:
    """From the pose u falls back to: its reform facing the run at t clear of friends and 3 cm
    clear of the enemy (4.3.2, 4.4), and the rules' charge plan accepting the charge from it."""
    there = copy.copy(u)
    there.x, there.y, there.facing = x, y, facing
    try:
        run = run_facing(there, t)
    except (RuleError, ValueError):
        return False
    shape = _reformed(there, run)
    return _clear(st, t.side, shape) and \
        not _friends_in(st, u, shape) and _charges(st, there, t, *movement.reformed_pose(there, run, u.files), u.files)


def _clear(st, foe: str, shape) -> bool:
    """4.4, ruling D-39: no closer than 3 cm to an enemy."""
    near = min((footprint(e).distance(shape) for e in st.living(foe)), default=math.inf)
    return near >= tables().manoeuvre.charge_approach_cm - 1e-6


def _friends_in(st, u, shape) -> list[str]:
    """4.3.2: u's friends a reform to `shape` would end inside."""
    return [f.id for f in st.living(u.side) if f.id != u.id and footprint(f).intersection(shape).area > C.OVERLAP]


def _reformed(u, facing: float):
    """u's footprint reformed to `facing` in its own formation (movement.reformed_pose)."""
    x, y, facing = movement.reformed_pose(u, facing, u.files)
    return footprint(u, x=x, y=y, facing=facing)


class _Without:
    """The state read with some units taken away (the charge plan once the friends pressed
    against a unit have moved off)."""
    def __init__(self, st, ids):
        self._st, self._ids = st, set(ids)

    def living(self, side=None):
        return [v for v in self._st.living(side) if v.id not in self._ids]

    def __getattr__(self, name):
        return getattr(self._st, name)


def _lines_up(u) -> bool:
    """Units that line up a charge: fighting units, not routing or in melee (missile cavalry
    too, 4.4)."""
    return not (u.troop in (Troop.HQ, Troop.ARTILLERY) or u.routing or u.in_melee_with or u.missile and not u.cavalry)


def _charges(st, u, t, x: float, y: float, facing: float, files: int) -> bool:
    """The rules' charge plan (4.4) from the pose, on a copy of u (4.2.1: not while disordered,
    unless the reform clears it first - the pose is weighed as ordered)."""
    there = copy.copy(u)
    there.x, there.y, there.facing, there.files = x, y, facing, files
    there.disordered = False
    try:
        CH.plan(st, there, t)
        return True
    except RuleError:
        return False


def _plan(st, a):
    """The rules' plan of the order if they accept it now (the check DaimyoGame.validate makes:
    4.1, 4.3, 5.1), else None."""
    try:
        return preview.order_plan(st, a)
    except RuleError:
        return None


def crossing(scorer, st, u) -> list:
    """1.5, 4.3.1, 4.3.5.4: a line too wide for the bridge or ford on its way (impassable ground
    either side) reforms into a column one stand wide to pass it; beyond, with nothing
    impassable between it and its target, the column reforms into a line (two ranks) facing its
    charge run, once its own column's length off the crossing (a line at a bridge's end blocks
    the next column over); short of that, a column facing more than OFF_WAY off its way re-faces
    it as a column (a column stood sideways on the reference table's bridge for 15 turns), and a
    column on its way to a bridge or ford is offered the move that stops its centre at the
    crossing's start and there the reform facing along the axis (crossing_axis.at_start), also
    after it has moved (not the reform, ruling D-30). Each only where the rules accept it now;
    the scorer weighs it (the way a frontage can take, reach.Ground.approach)."""
    if u.routing or u.in_melee_with or u.stands < 2 or u.troop in (Troop.HQ, Troop.ARTILLERY):
        return []
    plan = scorer.plans.get(u.clan)
    if plan is not None and plan.state == "receive":
        return [] if u.moved else _receive(st, u, plan)
    if plan is None or plan.state not in ("approach", "engage", "form_up"):
        return []
    aim = scorer.commander.aims.get(u.id, plan.target) if plan.state == "engage" else plan.target
    if aim not in scorer.enemy_shapes:
        return []
    t = st.units[aim]
    here, there = (u.x, u.y), (t.x, t.y)
    book = scorer.routes
    if u.moved and u.files > 1:
        return []                          # ruling D-30: only a unit that has not moved reforms
    if u.files > 1:
        wide = book.for_unit(st, u)
        if wide.clear(here, there):
            return []
        narrow = book.for_unit(st, u, files=1)
        if narrow.distance(here, there) >= wide.distance(here, there) - 1.0:
            return []                      # the column has no shorter way
        out = [A.Reform(u.side, u.id, 1, round(_column_way(u, narrow, here, there), 1))]
    else:
        files = line_files(u)
        if book.for_unit(st, u, files).clear(here, there):
            # a column's own length off the crossing it came over first, so that a line does
            # not stand across its end while the rest of the clan files over (reference game 8)
            off = not u.moved and crossing_axis.clear_of(book.crossings(st), u, footprint(u))
            out = [A.Reform(u.side, u.id, files, round(run_facing(u, t), 1))] if off else []
        else:
            # still to pass: a column faces its way again, still a column - the crossing's
            # axis where the way runs over a bridge or ford (crossing_axis.py: off the axis, a
            # move straight ahead touches the river and is refused, 4.3.1), else the routes'
            # waypoint - by the exact wheel (4.3.5.1) or, further off, a reform (4.3.5.4)
            narrow = book.for_unit(st, u, files=1)
            way = _column_way(u, narrow, here, there)
            diff = (way - u.facing + 180) % 360 - 180
            c = footprint(u).centroid
            if u.moved and crossing_axis.way_point(narrow, u, c.x, c.y, there) is None:
                return []                  # after a move, only a column on its way over a crossing
            start = crossing_axis.at_start(narrow, u, c.x, c.y, there)
            out = _to_start(u, narrow, c, there) if not start else []
            if abs(diff) >= MIN_ANGLE:
                if abs(diff) <= MAX_WHEEL and not u.disordered:
                    out.append(A.Wheel(u.side, u.id, round(diff, 1)))
                if not u.moved and (abs(diff) > OFF_WAY or start or stuck(scorer, u)):
                    # at the crossing's start a wheel (it pivots on a corner) would swing the
                    # centre off the axis; a reform keeps it (ruling D-38) and faces the axis;
                    # so for a column stuck at a crossing, where a wheel's rear swings into
                    # the friends pressed behind (4.3.2, reference game 9)
                    out.append(A.Reform(u.side, u.id, 1, round(way, 1)))
    return [a for a in out if _plan(st, a) is not None]


def stuck(scorer, u) -> bool:
    """A column one stand wide within its length of a bridge or ford whose longest legal straight
    move (the rules' own, menus.max_straight: 4.3.1 the river, 4.3.2 friends) is under
    STUCK_CM: reference game 9, a column askew on the bridge, 1 cm ahead allowed, 15 turns."""
    if u.files != 1 or u.troop in (Troop.HQ, Troop.ARTILLERY) or \
            crossing_axis.clear_of(scorer.routes.crossings(scorer.st), u, footprint(u)):
        return False
    return menus.max_straight(scorer.st, u) < STUCK_CM


def _to_start(u, narrow, c, there) -> list:
    """The move straight ahead that brings a column's centre `c` to the start of the crossing on
    its way (crossing_axis.at_start), where the column faces it nearly: the menu's full and half
    moves overshoot it or stop short, and a column beside a bridge's end cannot get on (4.3.1)."""
    fwd = direction(u.facing)
    via = crossing_axis.way_point(narrow, u, c.x, c.y, there)
    if via is None:
        return []
    run = (via[0] - c.x) * fwd[0] + (via[1] - c.y) * fwd[1]
    if run < MIN_RUN or run > u.move_row.normal:
        return []
    if not crossing_axis.at_start(narrow, u, c.x + run * fwd[0], c.y + run * fwd[1], there):
        return []
    return [A.Move(u.side, u.id, round(run, 2))]


def _column_way(u, narrow, here, there) -> float:
    """The facing of a column one stand wide on its way to `there`: toward the crossing's axis
    where the way runs over a bridge or ford (crossing_axis.py), else the routes' waypoint; from the
    unit's centre, which a reform keeps (ruling D-38). `narrow`: the routes for one file."""
    c = footprint(u).centroid
    wx, wy = crossing_axis.way_point(narrow, u, c.x, c.y, there) or narrow.waypoint(here, there)
    return math.degrees(math.atan2(wy - c.y, wx - c.x)) % 360


def _receive(st, u, plan) -> list:
    """A column of a clan receiving at a crossing (clan_plan: receive) reforms into a line two
    ranks deep facing the crossing's end on its bank (4.3.5.4, 1.5), where the rules accept it."""
    if u.files > 1:
        return []
    ox, oy = plan.objective
    if math.dist((u.x, u.y), (ox, oy)) < 1e-6:
        return []
    a = A.Reform(u.side, u.id, line_files(u), round(math.degrees(math.atan2(oy - u.y, ox - u.x)) % 360, 1))
    return [a] if _plan(st, a) is not None else []


def line_files(u) -> int:
    """Files of a line two ranks deep (1.5: two or more wide and at most two deep)."""
    return max(2, math.ceil(u.stands / 2))
