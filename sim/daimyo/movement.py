"""Movement and manoeuvre orders (4.3): planning (validation, no mutation) and execution.

`plan` computes the full outcome of an order - new pose, cost in cm, path - or raises a
RuleError naming the section broken. `execute` applies a plan and emits its events.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import shapely

from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo.events import Disordered, FormationChanged, LeaderMoved, UnitMoved, UnitRemoved
from sim.daimyo.geometry import direction, footprint, stand_corners
from sim.daimyo.model import Formation, Quality, Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables

SYSTEM = "daimyo"
EPS = 1e-6


@dataclass
class Plan:
    action: A.Action
    unit: str
    path: list[tuple[float, float, float]]
    cost: float
    how: str
    files: int | None = None
    ends_movement: bool = False
    disorder: list[tuple[str, str]] = field(default_factory=list)   # (cause, rule)
    leaves_table: bool = False


def max_move(st: DaimyoState, u: Unit) -> float:
    """4.3: the movement table's normal move; +3 cm in column on good terrain (terrain
    effects: see plan_straight)."""
    base = u.move_row.normal
    if u.formation is Formation.COLUMN:
        base += tables().manoeuvre.column_bonus_cm
    return base


def remaining(st: DaimyoState, u: Unit) -> float:
    return max_move(st, u) - u.move_used


def _err(rule: str, msg: str) -> RuleError:
    return RuleError(rule, msg, SYSTEM)


def plan(st: DaimyoState, action: A.Action) -> Plan:
    u = st.units[action.unit]
    if isinstance(action, A.Hold):
        return Plan(action, u.id, [(u.x, u.y, u.facing)], 0.0, "hold", ends_movement=True)
    if u.reforming:
        raise _err("4.3.5.4", f"{u.id} has reformed and may not move further this turn")
    if isinstance(action, A.Move):
        return _plan_straight(st, u, action, action.distance, "move")
    if isinstance(action, A.FallBack):
        limit = tables().manoeuvre.fall_back_cm
        if u.missile_ashigaru:
            limit = u.move_row.normal / 2      # 4.3.5.3
        if not 0 < action.distance <= limit + EPS:
            raise _err("4.3.5.3", f"{u.id} may fall back at most {limit:g} cm")
        return _plan_straight(st, u, action, -action.distance, "fall_back", free=True)
    if isinstance(action, A.Turn):
        return _plan_turn(st, u, action)
    if isinstance(action, A.Wheel):
        return _plan_wheel(st, u, action)
    if isinstance(action, A.Reform):
        return _plan_reform(st, u, action)
    raise _err("4.3", f"unknown movement order {action.kind}")


def _plan_straight(st, u, action, distance, how, free=False) -> Plan:
    if distance > 0 and distance > remaining(st, u) + EPS:
        raise _err("4.3", f"{u.id} has {remaining(st, u):.1f} cm of move left, not {distance:.1f}")
    d = direction(u.facing)
    nx, ny = u.x + d[0] * distance, u.y + d[1] * distance
    cost = 0.0 if free else abs(distance)
    p = Plan(action, u.id, [(u.x, u.y, u.facing), (nx, ny, u.facing)], cost, how)
    _check_destination(st, u, p, nx, ny, u.facing, u.files)
    return p


def _plan_turn(st, u, action) -> Plan:
    if action.angle not in (90, -90, 180):
        raise _err("4.3.5.2", "units turn 90 or 180 degrees")
    turned = sum(abs(getattr(a, "angle", 0)) for a in ())  # per-turn tally kept on the unit
    frac = tables().manoeuvre.turn_fraction[u.quality.value]
    if u.disordered:
        frac *= tables().manoeuvre.disorder_factor
    cost = frac * u.move_row.normal
    if cost > remaining(st, u) + EPS:
        raise _err("4.3.5.2", f"turning costs {cost:.1f} cm; {u.id} has {remaining(st, u):.1f} left")
    facing = (u.facing + action.angle) % 360
    files = u.files
    if abs(action.angle) == 90:
        files = u.ranks if u.ranks <= u.stands else u.files   # 4.3.5.2: column <-> line
    p = Plan(action, u.id, [(u.x, u.y, u.facing), (u.x, u.y, facing)], cost, "turn", files=files)
    _check_destination(st, u, p, u.x, u.y, facing, files)
    return p


def _plan_wheel(st, u, action) -> Plan:
    """4.3.5.1: pivot on the inner front corner; the outer corner's arc is the distance,
    x1 for Elite/Veteran, x2 Regular, x3 Raw, doubled again if disordered (ruling D-9)."""
    if not 0 < abs(action.angle) <= 180:
        raise _err("4.3.5.1", "wheel by a non-zero angle of at most 180 degrees")
    arc = math.radians(abs(action.angle)) * u.width
    m = tables().manoeuvre
    cost = arc * m.wheel_cost[u.quality.value] * (m.disorder_factor if u.disordered else 1)
    if cost > remaining(st, u) + EPS:
        raise _err("4.3.5.1", f"wheeling {action.angle:g} costs {cost:.1f} cm; {u.id} has {remaining(st, u):.1f} left")
    corners = stand_corners(u)
    n = min(u.files, u.stands)
    pivot = corners[0, 0] if action.angle > 0 else corners[n - 1, 1]
    path = []
    steps = max(2, int(abs(action.angle) // 5) + 1)
    for i in range(steps + 1):
        a = math.radians(action.angle * i / steps)
        ox, oy = u.x - pivot[0], u.y - pivot[1]
        x = pivot[0] + ox * math.cos(a) - oy * math.sin(a)
        y = pivot[1] + ox * math.sin(a) + oy * math.cos(a)
        path.append((x, y, (u.facing + action.angle * i / steps) % 360))
    p = Plan(action, u.id, path, cost, "wheel")
    x, y, f = path[-1]
    _check_destination(st, u, p, x, y, f, u.files)
    return p


def _plan_reform(st, u, action) -> Plan:
    if not 1 <= action.files <= u.stands:
        raise _err("1.5", f"{u.id} has {u.stands} stands; files must be 1-{u.stands}")
    if u.move_used > EPS:
        raise _err("4.3.5.4", f"{u.id} has already moved; reforming takes the whole turn")
    p = Plan(action, u.id, [(u.x, u.y, u.facing), (u.x, u.y, action.facing % 360)], 0.0, "reform",
             files=action.files, ends_movement=True)
    _check_destination(st, u, p, u.x, u.y, action.facing % 360, action.files)
    return p


def _check_destination(st, u, p: Plan, x, y, facing, files) -> None:
    shape = footprint(u, x=x, y=y, facing=facing, files=files)
    table = shapely.box(0, 0, st.width, st.height)
    if not table.contains(shape):
        p.leaves_table = True          # 4.3.4: any part off the table removes the unit
        return
    approach = tables().manoeuvre.charge_approach_cm
    for other in st.living():
        if other.id == u.id:
            continue
        gap = footprint(other).distance(shape)
        if other.side != u.side and gap < approach - EPS:
            raise _err("4.4", f"a normal move may not come closer than {approach:g} cm to {other.id}")
        if other.side == u.side and shape.intersection(footprint(other)).area > EPS:
            raise _err("4.3.2", f"{u.id} would end inside {other.id}")


def execute(game, p: Plan) -> None:
    st = game.state
    u = st.units[p.unit]
    u.move_used += p.cost
    if p.how != "hold":
        u.moved = True
    x, y, f = p.path[-1]
    u.x, u.y, u.facing = x, y, f
    if p.files is not None and p.files != u.files:
        u.files = p.files
        game.emit(FormationChanged(u.id, u.files))
    if p.how == "reform":
        u.reforming = True
    if p.ends_movement:
        u.activated = True
    if p.how != "hold":
        game.emit(UnitMoved(u.id, tuple(p.path), p.how, p.cost, _rule(p.how)))
    for cause, rule in p.disorder:
        if not u.disordered:
            u.disordered = True
            game.emit(Disordered(u.id, cause, rule))
    if p.leaves_table:
        remove_unit(game, u, "left_table", "4.3.4")


def _rule(how: str) -> str:
    return {"move": "4.3", "wheel": "4.3.5.1", "turn": "4.3.5.2", "fall_back": "4.3.5.3",
            "reform": "4.3.5.4"}.get(how, "4.3")


def remove_unit(game, u: Unit, reason: str, rule: str) -> None:
    st = game.state
    u.gone = reason
    st.armies[u.side].units_destroyed += 1
    st.routs.append((u.x, u.y, reason))
    for leader in st.attached(u.id):
        leader.attached_to = ""
        leader.x, leader.y = u.x, u.y
    game.emit(UnitRemoved(u.id, reason, rule))


def candidates(st: DaimyoState, u: Unit) -> list[A.Action]:
    """A finite menu of orders for AI and random players; humans may give any distance."""
    out: list[A.Action] = [A.Hold(u.side, u.id)]
    left = remaining(st, u)
    for frac in (1.0, 0.5):
        d = round(left * frac, 2)
        if d > 0.5:
            out.append(A.Move(u.side, u.id, d))
    for angle in (30, -30):
        out.append(A.Wheel(u.side, u.id, angle))
    for angle in (90, -90, 180):
        out.append(A.Turn(u.side, u.id, angle))
    legal = []
    for a in out:
        try:
            plan(st, a)
        except RuleError:
            continue
        legal.append(a)
    return legal


def leader_candidates(st: DaimyoState, side: str, during_activation: bool) -> list[A.Action]:
    return []


def plan_leader(st: DaimyoState, action: A.MoveLeader, during_activation: bool) -> None:
    leader = st.leaders.get(action.leader)
    if leader is None or not leader.alive or leader.side != action.side:
        raise _err("4.4", f"no living leader {action.leader!r} of yours")
    if leader.moved:
        raise _err("5.2", f"{leader.id} has already moved this turn")
    start = (leader.x, leader.y)
    dist = math.dist(start, (action.x, action.y))
    if dist > leader.speed + EPS:
        raise _err("4.3", f"{leader.id} moves at most {leader.speed:g} cm, not {dist:.1f}")
    if not (0 <= action.x <= st.width and 0 <= action.y <= st.height):
        raise _err("4.3.4", "leaders stay on the table")
    if action.attach:
        target = st.units.get(action.attach)
        if target is None or not target.alive or target.side != leader.side:
            raise _err("4.4", f"no unit {action.attach!r} of yours to join")
        if leader.clan and target.clan != leader.clan:
            raise _err("4.4", "a daimyo may attach only to units of his own clan")


def execute_leader(game, action: A.MoveLeader) -> None:
    st = game.state
    leader = st.leaders[action.leader]
    path = ((leader.x, leader.y), (action.x, action.y))
    leader.x, leader.y = action.x, action.y
    leader.attached_to = action.attach
    leader.moved = True
    game.emit(LeaderMoved(leader.id, path, action.attach))
