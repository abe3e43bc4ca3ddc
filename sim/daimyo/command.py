"""Command and control: initiative (3), clan and General activation (4.1), obedience (1.9)."""
from __future__ import annotations

from shapely.geometry import Point

from sim.core.errors import RuleError
from sim.daimyo.events import ObedienceTest
from sim.daimyo.geometry import footprint
from sim.daimyo.model import Leader, Troop, Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables

SYSTEM = "daimyo"


def reset_turn(st: DaimyoState) -> None:
    for clan in st.clans.values():
        clan.attempted = False
        clan.active = False
    for u in st.units.values():
        u.activated = u.moved = u.shot = u.fought = u.charged = False
        u.move_used = 0.0
        u.obedience = ""
    for leader in st.leaders.values():
        leader.moved = False
    st.active_clan = ""
    st.active_general = ""
    st.general_used_sides = []


def initiative_total(game, side: str) -> int:
    """3: 1d6 + General's rating, +1 seated; -1 per destroyed and per routing unit.
    An incapacitated General adds nothing at all (ruling D-7 from the English original)."""
    st = game.state
    roll = game.dice.d6(f"initiative {side}", "3")
    general = st.general(side)
    if not general.alive:
        return roll
    total = roll + general.rating + (tables().command.seated_general_bonus if general.seated else 0)
    routing = sum(1 for u in st.living(side) if u.routing)
    return total - st.armies[side].units_destroyed - routing


def clans_to_try(st: DaimyoState, side: str) -> list:
    return [c for c in st.clans.values()
            if c.side == side and not c.attempted and st.clan_units(c.id)]


def general_may_activate(st: DaimyoState, side: str) -> bool:
    return st.general(side).alive and side not in st.general_used_sides


def mark_general_activated(st: DaimyoState, side: str) -> None:
    st.general_used_sides.append(side)


def has_attempts_left(st: DaimyoState, side: str) -> bool:
    return bool(clans_to_try(st, side)) or general_may_activate(st, side)


def forgo_attempts(st: DaimyoState, side: str) -> None:
    for c in clans_to_try(st, side):
        c.attempted = True
    if side not in st.general_used_sides:
        st.general_used_sides.append(side)


def check_clan_attempt(st: DaimyoState, side: str, clan_id: str) -> None:
    clan = st.clans.get(clan_id)
    if clan is None:
        raise RuleError("4.1", f"no clan {clan_id!r}", SYSTEM)
    if clan.side != side:
        raise RuleError("4.1", f"clan {clan_id} belongs to {clan.side}", SYSTEM)
    if clan.attempted:
        raise RuleError("4.1", f"clan {clan_id} has already been tried this turn", SYSTEM)
    if not st.clan_units(clan_id):
        raise RuleError("4.1", f"clan {clan_id} has no units left", SYSTEM)


def activation_roll(game, clan_id: str) -> tuple[int, bool]:
    """4.1: 2d6 + daimyo's rating, +1 with a seated General; 8+ activates. A dead daimyo
    adds no modifier at all."""
    st = game.state
    clan = st.clans[clan_id]
    total = sum(game.dice.two_d6(f"activation of {clan.name}", "4.1"))
    daimyo = st.daimyo(clan_id)
    if daimyo.alive:
        total += daimyo.rating
        general = st.general(clan.side)
        if general.alive and general.seated:
            total += tables().command.seated_general_bonus
    success = total >= tables().command.activation_target
    clan.active = success
    return total, success


def orderable_units(st: DaimyoState) -> list[Unit]:
    """Units that may receive orders now: the active clan's (or, for an activated General,
    the unit he is with and his hatamoto, 4.1/1.7) that have not acted this turn."""
    side = st.to_move
    out = []
    for u in st.living(side):
        if u.troop is Troop.HQ or u.routing or u.activated or u.obedience == "failed":
            continue
        if u.halted_turns > 0:
            continue
        if st.active_clan and u.clan == st.active_clan:
            out.append(u)
        elif st.active_general == side and (u.hatamoto or _general_with(st, side, u)):
            out.append(u)
    return out


def _general_with(st: DaimyoState, side: str, u: Unit) -> bool:
    return st.general(side).attached_to == u.id


def check_orderable(st: DaimyoState, unit_id: str) -> None:
    u = st.units.get(unit_id)
    if u is None or not u.alive:
        raise RuleError("4.1", f"no unit {unit_id!r} on the table", SYSTEM)
    if u.side != st.to_move:
        raise RuleError("4.1", f"{unit_id} is not your unit", SYSTEM)
    if u.routing:
        raise RuleError("4.6.7", f"{unit_id} is routing and moves only by rout moves", SYSTEM)
    if u.halted_turns > 0:
        raise RuleError("5.1", f"{unit_id} must stand still this turn (halt/retire/retreat result)", SYSTEM)
    if u not in orderable_units(st):
        raise RuleError("4.1", f"{unit_id} is not part of the active clan or has already acted this turn", SYSTEM)
    if u.obedience == "failed":
        raise RuleError("1.9", f"{unit_id} failed its obedience test and halts this turn", SYSTEM)


def in_command(st: DaimyoState, u: Unit) -> bool:
    """1.8: within the daimyo's command range (20 cm; fog reduces it, 6.2); the hatamoto
    must be within 20 cm of its General (1.7)."""
    rng = command_range(st)
    if u.hatamoto:
        leader = st.general(u.side)
        rng = tables().command.hatamoto_range_cm
    else:
        leader = st.daimyo(u.clan)
    if not leader.alive:
        return False
    if leader.attached_to == u.id:
        return True
    return footprint(u).distance(leader_point(st, leader)) <= rng


def command_range(st: DaimyoState) -> float:
    return 10.0 if st.weather == "fog" else tables().command.command_range_cm   # 6.2 fog


def leader_point(st: DaimyoState, leader: Leader) -> Point:
    if leader.attached_to and leader.attached_to in st.units:
        u = st.units[leader.attached_to]
        return Point(u.x, u.y)
    return Point(leader.x, leader.y)


def obeys(game, unit_id: str) -> bool:
    """1.9: a unit outside command range tests once, when it first tries to move this turn:
    1d6 + rating >= 6 moves, else it halts. A dead daimyo: no rating (ruling D-7)."""
    st = game.state
    u = st.units[unit_id]
    if u.obedience or in_command(st, u):
        return u.obedience != "failed"
    leader = st.general(u.side) if u.hatamoto else st.daimyo(u.clan)
    roll = game.dice.d6(f"obedience of {u.name}", "1.9")
    total = roll + (leader.rating if leader.alive else 0)
    passed = total >= tables().command.obedience_target
    u.obedience = "passed" if passed else "failed"
    game.emit(ObedienceTest(unit_id, total, passed))
    if not passed:
        u.activated = True      # it halts: the order is spent on the failed test
    return passed


def close_activation(st: DaimyoState) -> None:
    for u in orderable_units(st):
        u.activated = True
    for u in st.living(st.to_move):
        if u.clan == st.active_clan:
            u.activated = True
    if st.active_clan:
        st.clans[st.active_clan].active = False


def end_of_turn_reform(game) -> None:
    """5.2 end of turn: remove disorder markers of units that reformed or rallied (4.2.2)."""
    from sim.daimyo.events import Reformed
    st = game.state
    for u in st.living():
        if u.disordered and u.reforming and not u.moved and not u.shot and not u.fought:
            u.disordered = False
            game.emit(Reformed(u.id))
        u.halted_turns = max(0, u.halted_turns - 1)
