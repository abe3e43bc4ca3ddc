"""Leader moves (4.4 Leaders, 4.1 step 2, 5.2 end-of-turn moves): validation, execution and a
finite menu for AI and random players."""
from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import Point

from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo.events import LeaderMoved
from sim.daimyo.geometry import LEADER_RADIUS, direction, footprint, kernels
from sim.daimyo.geometry.table import arrays
from sim.daimyo.model import Troop
from sim.daimyo.state import DaimyoState

SYSTEM = "daimyo"
EPS = 1e-6


def _err(rule: str, msg: str) -> RuleError:
    return RuleError(rule, msg, SYSTEM)


def leader_may_move(st: DaimyoState, leader, during_activation: bool) -> bool:
    """Ruling D-46: one MoveLeader a turn; being carried by his unit is not his move.
    Who moves now: in an activation, the active clan's daimyo (4.1 step 2) or the activated
    Mobile General (4.1); at the end of the turn every leader that has not moved (5.2)."""
    if not leader.alive or leader.moved or leader.seated:
        return False
    if not during_activation:
        return True
    if leader.kind.value == "daimyo":
        return leader.clan == st.active_clan and leader.side == st.to_move
    return st.active_general == leader.side


def leader_candidates(st: DaimyoState, side: str, during_activation: bool) -> list[A.Action]:
    """A finite menu of leader moves: join each reachable friendly unit he may join, leave his
    unit (stepping 2 cm behind it), or move his full speed toward his clan's units."""
    out: list[A.Action] = []
    for leader in st.leaders.values():
        if leader.side != side or not leader_may_move(st, leader, during_activation):
            continue
        here = leader_xy(st, leader)
        for u in st.living(side):
            if u.troop is Troop.HQ or u.id == leader.attached_to:
                continue
            if leader.kind.value == "daimyo" and u.clan != leader.clan:
                continue
            if math.dist(here, (u.x, u.y)) <= leader.speed + EPS:
                out.append(A.MoveLeader(side, leader.id, round(u.x, 2), round(u.y, 2), u.id))
        if leader.attached_to:
            u = st.units[leader.attached_to]
            back = np.array([u.x, u.y]) - direction(u.facing) * (u.depth + 2.0)
            out.append(A.MoveLeader(side, leader.id, round(float(back[0]), 2), round(float(back[1]), 2), ""))
        else:
            mates = [u for u in st.living(side) if u.troop is not Troop.HQ
                     and (leader.kind.value != "daimyo" or u.clan == leader.clan)]
            if mates:
                cx = sum(u.x for u in mates) / len(mates)
                cy = sum(u.y for u in mates) / len(mates)
                gap = math.dist(here, (cx, cy))
                budget = leader.speed - leader.carried_cm - 0.01
                if gap > 1.0 and budget > 0.5:
                    t = min(1.0, budget / gap)
                    out.append(A.MoveLeader(side, leader.id, round(here[0] + (cx - here[0]) * t, 2),
                                            round(here[1] + (cy - here[1]) * t, 2), ""))
    legal = []
    for a in out:
        try:
            plan_leader(st, a, during_activation)
        except RuleError:
            continue
        legal.append(a)
    return legal


def leader_xy(st: DaimyoState, leader) -> tuple[float, float]:
    if leader.attached_to and leader.attached_to in st.units:
        u = st.units[leader.attached_to]
        return (u.x, u.y)
    return (leader.x, leader.y)


def plan_leader(st: DaimyoState, action: A.MoveLeader, during_activation: bool) -> None:
    leader = st.leaders.get(action.leader)
    if leader is None or not leader.alive or leader.side != action.side:
        raise _err("4.4", f"no living leader {action.leader!r} of yours")
    if leader.seated:
        raise _err("1.7", f"{leader.id} is seated at his HQ; he moves only after mounting up")
    if leader.moved:
        raise _err("5.2", f"{leader.id} has already moved this turn")
    if not leader_may_move(st, leader, during_activation):
        raise _err("4.1", f"{leader.id} may not move now (his clan or General is not active)")
    start = leader_xy(st, leader)
    dist = math.dist(start, (action.x, action.y))
    if dist > leader.speed + EPS:
        raise _err("4.3", f"{leader.id} moves at most {leader.speed:g} cm, not {dist:.1f}")
    if dist > leader.speed - leader.carried_cm + EPS:
        raise _err("4.4", f"{leader.id} has been carried {leader.carried_cm:.1f} cm by his unit; "
                          f"{leader.speed - leader.carried_cm:.1f} cm of his {leader.speed:g} are left")
    if not (0 <= action.x <= st.width and 0 <= action.y <= st.height):
        raise _err("4.3.4", "leaders stay on the table")
    if action.attach:
        target = st.units.get(action.attach)
        if target is None or not target.alive or target.side != leader.side or target.troop is Troop.HQ:
            raise _err("4.4", f"no unit {action.attach!r} of yours to join")
        if leader.clan and target.clan != leader.clan:
            raise _err("4.4", "a daimyo may attach only to units of his own clan")
        if math.dist((action.x, action.y), (target.x, target.y)) > EPS:
            raise _err("4.4", f"to join {target.id} move to its front centre ({target.x:.2f}, {target.y:.2f})")
    else:
        t = arrays(st)
        # only enemies with a stand's box within the base's radius can meet it (the spot is a
        # polygon inside that circle); Shapely decides for those, the spot made only for them
        near = set(t.owner[kernels.boxes_meet(t.boxes, action.x - LEADER_RADIUS, action.y - LEADER_RADIUS,
                                              action.x + LEADER_RADIUS, action.y + LEADER_RADIUS)].tolist())
        spot = None
        for u in st.living():
            if u.id in near and u.side != leader.side:
                spot = Point(action.x, action.y).buffer(LEADER_RADIUS) if spot is None else spot
                if shapely.intersects(footprint(u), spot):
                    raise _err("4.4", f"{leader.id} may not walk into enemy unit {u.id}")


def execute_leader(game, action: A.MoveLeader) -> None:
    st = game.state
    leader = st.leaders[action.leader]
    path = (leader_xy(st, leader), (action.x, action.y))
    leader.x, leader.y = action.x, action.y
    leader.attached_to = action.attach
    leader.moved = True
    rule = "5.2" if st.phase == "leaders" else "4.4"      # end-of-turn move, or during activation
    game.emit(LeaderMoved(leader.id, path, action.attach, rule))
