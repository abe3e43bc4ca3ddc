"""The effects every rule shares: a unit disordered (4.2.1), moved by combat (4.3.2) or removed,
hits and stand losses (4.5.5, 4.6.2), leader casualties and the morale triggers they set off
(5.1 reasons 5 and 6).
Movement, combat and the guns all call these; this module imports none of them."""
from __future__ import annotations

import shapely

from sim.daimyo.events import Disordered, HitsTaken, LeaderHitTest, LeaderKilled, StandRemoved, UnitRemoved
from sim.daimyo.model import Troop, Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.surroundings import centre, footprint, near_range, within
from sim.daimyo.tables import tables


# 4.3.2 (ruling D-43): a unit missile ashigaru passed through is disordered once it moves
PASSED_BY_MISSILE = ("moved after missile ashigaru passed through it", "4.3.2")


def moved_by_combat(game, u: Unit) -> None:
    """For charges, rout, pursuit and other combat moves: a unit missile ashigaru passed
    through earlier this turn is disordered once it moves for any reason (4.3.2, ruling D-43)."""
    u.moved = True
    if u.passed_by_missile:
        make_disordered(game, u, *PASSED_BY_MISSILE)


def make_disordered(game, u: Unit, cause: str, rule: str) -> None:
    if not u.disordered:
        u.disordered = True
        game.emit(Disordered(u.id, cause, rule))


def remove_unit(game, u: Unit, reason: str, rule: str) -> None:
    st = game.state
    u.gone = reason
    if reason != "abandoned":
        st.armies[u.side].units_destroyed += 1
    st.routs.append((u.x, u.y, reason))
    for leader in st.attached(u.id):
        leader.attached_to = ""
        leader.x, leader.y = u.x, u.y
    game.emit(UnitRemoved(u.id, reason, rule))


def set_disordered(game, u: Unit, cause: str, rule: str) -> None:
    if not u.disordered and u.alive:
        u.disordered = True
        game.emit(Disordered(u.id, cause, rule))


def add_hits(game, u: Unit, hits: int, cause: str, rule: str) -> int:
    """4.5.5 / 4.6.2: 3 hits remove a stand from the rear rank; fewer carry over (D-20).
    Returns stands lost."""
    if hits <= 0 or not u.alive:
        return 0
    per = tables().shooting.hits_per_stand
    u.hits += hits
    lost = u.hits // per
    u.hits -= lost * per
    game.emit(HitsTaken(u.id, hits, u.hits, cause, rule))
    for _ in range(lost):
        if u.alive:
            lose_stand(game, u, cause, rule)
    return lost


def lose_stand(game, u: Unit, cause: str, rule: str) -> None:
    st = game.state
    u.stands -= 1
    u.files = max(1, min(u.files, u.stands))
    u.morale_reasons.append(1)
    game.emit(StandRemoved(u.id, u.stands, cause, rule))
    for leader in st.attached(u.id):
        leader_casualty_test(game, leader, u, rule)
    if u.stands <= 0:
        u.stands = 0
        remove_unit(game, u, "destroyed", rule)


def leader_casualty_test(game, leader, u: Unit, rule: str) -> None:
    """4.5.5 / 4.6.5: 1d6 + remaining stands (the HQ counts as 1) <= 4 kills the leader."""
    stands = 1 if u.troop is Troop.HQ else u.stands
    roll = game.dice.d6(f"leader casualty {leader.name}", rule)
    killed = roll + stands <= tables().shooting.leader_killed_max
    game.emit(LeaderHitTest(leader.id, u.id, roll, stands, killed, rule))
    if killed:
        kill_leader(game, leader, f"fell with {u.name}", rule)


def leader_position(st: DaimyoState, leader) -> tuple[float, float]:
    if leader.attached_to and leader.attached_to in st.units:
        c = centre(st.units[leader.attached_to])
        return float(c[0]), float(c[1])
    return leader.x, leader.y


def kill_leader(game, leader, cause: str, rule: str) -> None:
    """A dead leader: 5.1 reason 5 for his unit and friends within 15 (5 in melee) cm."""
    st = game.state
    x, y = leader_position(st, leader)
    unit_id = leader.attached_to
    leader.alive = False
    leader.attached_to = ""
    leader.x, leader.y = x, y
    st.leader_deaths.append((x, y, leader.side))
    game.emit(LeaderKilled(leader.id, cause, rule))
    flag_leader_event(st, leader.side, x, y, unit_id)


def flag_leader_event(st: DaimyoState, side: str, x: float, y: float, unit_id: str = "") -> None:
    """5.1 reason 5: a General or daimyo killed, or routing, within 15* cm."""
    pt = shapely.Point(x, y)
    for v in st.living(side):
        if v.id == unit_id or footprint(v).distance(pt) <= near_range(st, v):
            v.morale_reasons.append(5)


def flag_rout(st: DaimyoState, router: Unit) -> None:
    """5.1 reason 6 for friends within 15* cm (cavalry and samurai test only for routing
    cavalry or samurai); reason 5 if a leader routs with the unit."""
    for v in within(st, router, tables().morale.range_cm, router.side):
        if footprint(v).distance(footprint(router)) > near_range(st, v):
            continue
        if (v.cavalry or v.samurai) and not (router.cavalry or router.samurai):
            continue
        v.morale_reasons.append(6)
    for leader in st.attached(router.id):
        x, y = leader_position(st, leader)
        flag_leader_event(st, router.side, x, y)
