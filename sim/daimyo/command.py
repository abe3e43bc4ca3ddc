"""Command and control: initiative (3), clan and General activation (4.1), obedience (1.9)."""
from __future__ import annotations

import dataclasses

from shapely.geometry import Point

from sim.core.errors import RuleError
from sim.daimyo.events import ObedienceTest
from sim.daimyo.geometry import CONTACT_TOLERANCE, footprint, kernels, stand_corners
from sim.daimyo.geometry.table import arrays
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
        u.move_allowance = 0.0
        u.turned_deg = 0
        u.terrain_paid = []
        u.blocked = u.passed_by_missile = u.fell_back = u.mounting = False
        u.reforming = False                # 4.2.2, 4.3.5.4: motionless for that one turn only
        u.shoot_from = ()
        u.hits_this_turn = 0
    for leader in st.leaders.values():
        leader.moved = False
        leader.carried_cm = 0.0
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
    """4.1: the side's clans not tried this turn, not held back (ruling D-110), with units left."""
    manned = {u.clan for u in st.units.values() if not u.gone}     # one pass, not one a clan
    return [c for c in st.clans.values()
            if c.side == side and not c.attempted and st.turn >= c.inactive_until and c.id in manned]


def general_may_activate(st: DaimyoState, side: str) -> bool:
    return (st.general(side).alive and side not in st.general_used_sides
            and st.turn >= st.armies[side].general_inactive_until)   # ruling D-110


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
    if st.turn < clan.inactive_until:    # ruling D-110: a scenario holds the clan back
        raise RuleError("4.1", f"clan {clan_id} may not be activated before turn {clan.inactive_until} "
                               "(scenario rule)", SYSTEM)
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
    the unit he is with and his hatamoto, 4.1/1.7) that have not acted this turn. The
    hatamoto acts only with its General, never with the clan it is listed under (1.7, ruling
    D-44)."""
    return [u for u in st.living(st.to_move) if _orderable(st, u)]


def _orderable(st: DaimyoState, u: Unit) -> bool:
    """Whether u, a living unit of the side to move, may receive orders now (orderable_units)."""
    if u.troop is Troop.HQ or u.routing or u.activated or u.obedience == "failed" or u.blocked:
        return False
    if u.halted_turns > 0 and not may_about_face(u):
        return False
    if st.active_general == u.side:
        return u.hatamoto or _general_with(st, u.side, u)
    return bool(st.active_clan) and u.clan == st.active_clan and not u.hatamoto


def may_about_face(u: Unit) -> bool:
    """5.1 Halt: a halted unit stays motionless next turn but may turn 180 degrees then
    (also a retreated unit, which "halts next turn"; ruling D-80)."""
    return u.halted_turns == 1 and u.halt_about_face


def _general_with(st: DaimyoState, side: str, u: Unit) -> bool:
    return st.general(side).attached_to == u.id


def check_orderable(st: DaimyoState, unit_id: str) -> None:
    u = st.units.get(unit_id)
    if u is None or not u.alive:
        raise RuleError("4.1", f"no unit {unit_id!r} on the table", SYSTEM)
    if u.routing:
        raise RuleError("4.6.7", f"{unit_id} is routing and moves only by rout moves", SYSTEM)
    if u.halted_turns > 0 and not may_about_face(u):
        raise RuleError("5.1", f"{unit_id} must stand still this turn (halt/retire/retreat result)", SYSTEM)
    if u.obedience == "failed":
        raise RuleError("1.9", f"{unit_id} failed its obedience test and halts this turn", SYSTEM)
    if u.blocked:
        raise RuleError("4.3.2", f"{unit_id} was walked into by a friendly unit and may not move further", SYSTEM)
    # what keeps the unit still comes first, so a preview can say why on any side's turn
    if u.side != st.to_move:
        raise RuleError("4.1", f"{unit_id} is not your unit", SYSTEM)
    if not _orderable(st, u):
        raise RuleError("4.1", f"{unit_id} is not part of the active clan or has already acted this turn", SYSTEM)


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
    x, y = leader_spot(st, leader)
    d = kernels.point_quads_distance(_corners(st, u), x, y)
    if abs(d - rng) > kernels.MARGIN:         # the kernel's distance decides clear of the range
        return d <= rng
    return footprint(u).distance(Point(x, y)) <= rng


def _corners(st: DaimyoState, u: Unit):
    """The unit's stands' corners: the table arrays' (placed when it last moved), else placed now."""
    t = arrays(st)
    return t.corners[t.stands_of(u.id)] if u.id in t.row else stand_corners(u)


def command_range(st: DaimyoState) -> float:
    return 10.0 if st.weather == "fog" else tables().command.command_range_cm   # 6.2 fog


def leader_spot(st: DaimyoState, leader: Leader) -> tuple[float, float]:
    """Where a leader stands: on the unit he is attached to (its front centre), else his own place."""
    if leader.attached_to and leader.attached_to in st.units:
        u = st.units[leader.attached_to]
        return u.x, u.y
    return leader.x, leader.y


def leader_point(st: DaimyoState, leader: Leader) -> Point:
    return Point(*leader_spot(st, leader))


def obeys(game, unit_id: str) -> bool:
    """1.9: a unit outside command range tests once, when it first tries to move this turn:
    1d6 + rating >= 6 moves, else it halts for the turn (ruling D-45). A dead daimyo: every
    unit tests, with no rating (ruling D-7)."""
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
    """4.1: an activated clan's units have all had their chance. After a General activation
    only the units that took orders are spent; the unit he joined may still act with its
    clan if it did nothing (4.4 Leaders, ruling D-48)."""
    if st.active_clan:
        for u in st.living(st.to_move):
            if u.clan == st.active_clan and not u.hatamoto:
                u.activated = True
        st.clans[st.active_clan].active = False
    else:
        for u in st.living(st.to_move):
            if u.hatamoto or u.moved:
                u.activated = True


def end_of_turn_reform(game) -> None:
    """5.2 end of turn: remove disorder markers of units that reformed or rallied (4.2.2)."""
    from sim.daimyo.events import Reformed
    st = game.state
    for u in st.living():
        if u.disordered and u.reforming and not u.shot and not u.fought and not u.hits_this_turn:
            u.disordered = False
            game.emit(Reformed(u.id))
        u.halted_turns = max(0, u.halted_turns - 1)
        u.halt_about_face = u.halt_about_face and u.halted_turns > 0


def mount_up_problem(st: DaimyoState, side: str, hatamoto: str = "") -> str:
    """1.7: why the General (and optionally his hatamoto) may not mount up now, or ""."""
    general = st.general(side)
    if st.active_general != side:
        return "the General mounts up only when he is activated"
    if not general.seated:
        return "the General is already mobile"
    if not hatamoto:
        return ""
    u = st.units.get(hatamoto)
    hq = st.units.get(st.armies[side].hq)
    if u is None or not u.alive or not u.hatamoto or u.side != side:
        return f"{hatamoto!r} is not your hatamoto"
    if u.stands > 2:
        return "a hatamoto of more than 2 stands cannot mount up"
    if u.in_melee_with:
        return "a hatamoto in melee cannot mount up"
    if u.moved:
        return "mounting up takes the whole turn; the hatamoto has moved"
    if hq is None or not hq.alive or footprint(u).distance(footprint(hq)) > CONTACT_TOLERANCE:
        return "the hatamoto must be in contact with the HQ to mount up"
    mounted = footprint(dataclasses.replace(u, stand_d=3.0))      # horses need deeper stands
    for other in st.living():
        if other.id not in (u.id, hq.id) and mounted.intersection(footprint(other)).area > 1e-6:
            return f"no room to mount up: the horses would overlap {other.id}"
    return ""


def mount_up(game, side: str, hatamoto: str = "") -> None:
    """1.7: the General mounts and is Mobile for the rest of the battle; his HQ is removed
    for good (abandoned: it does not count as lost, ruling D-47). A hatamoto in contact with
    the HQ may mount too: same men on horses, and it cannot move until next turn."""
    from sim.core.events import Note
    from sim.daimyo.model import Weapon
    from sim.daimyo.effects import remove_unit
    st = game.state
    general = st.general(side)
    general.seated = False
    general.mounted = True
    hq = st.units.get(st.armies[side].hq)
    if hq is not None:
        general.x, general.y = hq.x, hq.y
    if general.attached_to == st.armies[side].hq:
        general.attached_to = ""
    game.emit(Note(f"{general.name} mounts up and leaves his HQ", "1.7"))
    if hq is not None and hq.alive:
        remove_unit(game, hq, "abandoned", "1.7")
    if hatamoto:
        u = st.units[hatamoto]
        u.troop = Troop.MOUNTED_SAMURAI
        u.weapons = (Weapon.LANCE,) + tuple(w for w in u.weapons if w is Weapon.BOW)
        u.stand_d = 3.0
        u.mounting = True
        u.activated = True
        game.emit(Note(f"{u.name} mount up; they cannot move until next turn", "1.7"))


def mount_up_candidates(st: DaimyoState, side: str) -> list:
    from sim.daimyo.actions import MountUp
    if mount_up_problem(st, side):
        return []
    out = [MountUp(side)]
    out += [MountUp(side, u.id) for u in st.living(side) if u.hatamoto and not mount_up_problem(st, side, u.id)]
    return out
