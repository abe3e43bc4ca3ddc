"""Finite menus of orders for the scripted and random players (4.3): which straight moves,
wheels, turns, fall-backs and reforms a unit is offered, each one the rules accept. A person
may give any distance; a player that picks from a list needs a short one, and the longest
legal straight move is found here by bisection on the rules' own plans (movement.plan), with
straight_ahead's first contacts deciding a step where they are clear."""
from __future__ import annotations

import math

from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo import artillery, movement, straight_ahead
from sim.daimyo.model import Formation, Troop, Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables
from sim.daimyo.terrain import terrain_map


def max_straight(st: DaimyoState, u: Unit, limit: float | None = None, stay_on_table: bool = True) -> float:
    """The longest legal straight move now, 0 if none (bisection; each step decided by the
    first-contact distances of straight_ahead where they are clear, else by a plan). Unless
    `stay_on_table` is False it stops short of leaving the table (4.3.4)."""
    hi = movement.remaining(st, u) if limit is None else limit
    if limit is None and u.formation is Formation.COLUMN and terrain_map(st, u.cavalry, u.stands).road is not None:
        hi /= tables().terrain_effects.road_column_factor      # 4.3: a column may go double on a road
    if hi <= movement.EPS:
        return 0.0
    quick = straight_ahead.reach(st, u, hi) if stay_on_table else None

    def ok(d: float) -> bool:
        sure = None if quick is None else quick.verdict(st, u, d, movement.max_move(st, u))
        if sure is not None:                  # first contacts decide it as the plan would
            return sure
        try:
            return not (movement.plan(st, A.Move(u.side, u.id, d)).leaves_table and stay_on_table)
        except RuleError:
            return False
    if ok(hi):
        return hi
    lo = 0.0
    for _ in range(16):                        # to 1/65536 of the move: well under 0.001 cm
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if ok(mid) else (lo, mid)
    for nice in (round(lo, 2), math.floor(lo * 100) / 100):   # a tidy number when it is still legal
        if nice == lo or ok(nice):
            return nice
    return lo                                  # legality is not monotone (4.3.2): lo was tried


def candidates(st: DaimyoState, u: Unit) -> list[A.Action]:
    """A finite menu of orders for AI and random players; humans may give any distance."""
    return menu(st, u, planned=True)


def menu(st: DaimyoState, u: Unit, planned: bool) -> list[A.Action]:
    """The menu `candidates` offers; unplanned (a scripted player's shortlist, which plans only
    the orders it weighs most), its straight moves are one Move as far as the allowance would
    reach on open ground (see `straight_moves`) and the other orders are not yet tried."""
    out: list[A.Action] = [A.Hold(u.side, u.id)]
    if u.reforming or u.blocked or u.fell_back or u.mounting:
        return out
    if planned:
        out += straight_moves(st, u)
    elif (hi := straight_reach(st, u)) > 0.5:
        out.append(A.Move(u.side, u.id, hi))
    tries: list[A.Action] = [A.Wheel(u.side, u.id, a) for a in (30, -30)]
    tries += [A.Turn(u.side, u.id, a) for a in (90, -90, 180)]
    if not u.moved:
        tries.append(A.FallBack(u.side, u.id, tables().manoeuvre.fall_back_cm))
        if u.disordered:
            tries.append(A.Reform(u.side, u.id, u.files, u.facing))
        if u.troop is Troop.ARTILLERY:
            tries += artillery.pivot_orders(st, u)     # 6.1: guns turn only by pivoting
    return out + [a for a in tries if not planned or tried(st, u, a)]


def straight_moves(st: DaimyoState, u: Unit) -> list[A.Move]:
    """The menu's straight moves: the longest legal one and half of it (4.3), the half only if
    the rules accept it too: legality is not monotone in distance, since a move that passes
    through a friend may end clear of it where half of it would end inside (4.3.2)."""
    far = max_straight(st, u)
    half = round(far / 2, 2)
    moves = [A.Move(u.side, u.id, far)] if far > 0.5 else []
    if half > 0.5 and straight_ok(st, u, half):
        moves.append(A.Move(u.side, u.id, half))
    return moves


def straight_ok(st: DaimyoState, u: Unit, d: float) -> bool:
    """Whether max_straight counts a straight move of `d` cm legal (planned, stays on the table)."""
    sure = straight_ahead.reach(st, u, straight_reach(st, u)).verdict(st, u, d, movement.max_move(st, u))
    if sure is not None:
        return sure
    try:
        return not movement.plan(st, A.Move(u.side, u.id, d)).leaves_table
    except RuleError:
        return False


def straight_reach(st: DaimyoState, u: Unit) -> float:
    """The longest straight move the allowance could pay for (double for a column on a road, 4.3)."""
    hi = movement.remaining(st, u)
    if u.formation is Formation.COLUMN and terrain_map(st, u.cavalry, u.stands).road is not None:
        hi /= tables().terrain_effects.road_column_factor
    return hi


def tried(st: DaimyoState, u: Unit, a: A.Action) -> bool:
    """Whether a menu offers this wheel, turn, fall-back or reform: the rules accept its plan."""
    if _beyond_allowance(st, u, a):
        return False
    try:
        movement.plan(st, a)
    except RuleError:
        return False
    return True


def _beyond_allowance(st: DaimyoState, u: Unit, a: A.Action) -> bool:
    """A wheel or turn whose cheapest possible price already exceeds what is left of the move
    (4.3.5.1, 4.3.5.2): `plan` would refuse it, so a menu need not plan it. Terrain only adds
    to a price, except a column's road, which at best halves a wheel (4.3)."""
    m = tables().manoeuvre
    disorder = m.disorder_factor if u.disordered else 1
    if isinstance(a, A.Wheel):
        if u.troop is Troop.ARTILLERY or not movement.EPS < abs(a.angle) <= 180:
            return False
        least = m.wheel_cost[u.quality.value] * disorder * math.radians(abs(a.angle)) * u.width
        if u.formation is Formation.COLUMN and terrain_map(st, u.cavalry, u.stands).road is not None:
            least *= tables().terrain_effects.road_column_factor
        if u.move_used + least <= movement.max_move(st, u) + movement.EPS * 10:
            return False
        # a wheel cut short (off the table, or stopping behind a friend it would end in) pays
        # only for the arc it makes: that needs the full plan
        return movement.wheel_unhindered(st, u, a)
    elif isinstance(a, A.Turn):
        least = m.turn_fraction[u.quality.value] * movement.base_move(u) * disorder
    else:
        return False
    return u.move_used + least > movement.max_move(st, u) + movement.EPS * 10
