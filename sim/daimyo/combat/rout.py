"""Rout (4.6.7), pursuit (4.6.8), rally from rout (4.2.2.1) and from frenzy (4.2.2.2)."""
from __future__ import annotations

import math

import shapely

from sim.daimyo import artillery
from sim.daimyo.geometry import direction
from sim.daimyo.model import Troop, Unit
from sim.daimyo.effects import flag_rout, moved_by_combat, remove_unit, set_disordered
from sim.daimyo.surroundings import (centre, clear_of_box, enemies_in_contact, footprint, in_melee,
                                     overlapping)
from sim.daimyo.tables import tables

from . import common as C
from .events import FrenzyRally, Pursued, Rallied, UnitRouted

WHEELS = (0, 30, -30, 60, -60, 90, -90)     # 4.6.7 wheels tried to get round enemies/impassable


def rout_distance(game, u: Unit, purpose: str, rule: str) -> tuple[int, float]:
    """4.3 table, 1d6 column (rout and pursuit share it)."""
    roll = game.dice.d6(f"{purpose} of {u.name}", rule)
    return roll, float(u.move_row.rout[roll - 1])


def start_rout(game, u: Unit, about_face: bool, from_melee: bool = False) -> None:
    """The unit routs now: disordered, no longer frenzied, and makes its first rout move.
    A second rout in the game removes it at the end of the turn (4.2.2.1, 4.6.7)."""
    from .morale import end_frenzy
    st = game.state
    if u.troop is Troop.ARTILLERY:         # 6.1: guns never rout; the crew abandon the gun
        artillery.abandon(game, u)
        return
    u.routing = True
    u.times_routed += 1
    u.shot = True                          # 5.1: a routing unit may not shoot
    end_frenzy(game, u, "rout")
    set_disordered(game, u, "routs", "5.1")
    flag_rout(st, u)
    if u.times_routed >= 2:
        u.remove_at_end_of_turn = True
    rout_move(game, u, about_face=about_face)


def rout_move(game, u: Unit, about_face: bool) -> None:
    """4.6.7: free about-face (or turn toward the own edge, ruling D-5), then the rolled
    distance; it goes through friends (they are disordered and test, reason 7) and may
    wheel round enemies and impassable terrain if that takes it further from the enemy;
    if it cannot, or touches the table edge, it is removed."""
    st = game.state
    roll, dist = rout_distance(game, u, "rout", "4.6.7")
    start = C.pose(u)
    if about_face:
        heading = (u.facing + 180) % 360
    else:
        heading = C.own_edge_heading(st, u)
    ignore = [v.id for v in enemies_in_contact(st, u)]
    enemies = [v for v in st.living() if v.side != u.side]
    chosen = None
    for w in WHEELS:
        h = (heading + w) % 360
        d, blocker = C.sweep(st, u, h, dist, facing=h, start=C.rotated_about_centre(u, h),
                             ignore=ignore, friends=False)
        if not blocker:
            if w == 0 or _further(u, enemies, h, dist):
                chosen = h
                break
    u.rout_moves += 1
    u.rout_moved = u.activated = True
    moved_by_combat(game, u)
    if chosen is None:
        game.emit(UnitRouted(u.id, (start,), roll, dist, "destroyed"))
        remove_unit(game, u, "destroyed", "4.6.7")
        return
    x, y = C.rotated_about_centre(u, chosen)
    path = [start, (round(x, 4), round(y, 4), chosen)]
    h = direction(chosen)
    u.x, u.y, u.facing = float(x + h[0] * dist), float(y + h[1] * dist), chosen
    path.append(C.pose(u))
    outcome = "moved"
    if _clear_of_friends(st, u):
        outcome = "behind_friend"
        path.append(C.pose(u))
    # every friend between where it turned and where it ends was routed through (4.3.2)
    passed = _friends_passed(st, u, x, y, chosen, float(math.hypot(u.x - x, u.y - y)))
    for v in passed:
        set_disordered(game, v, f"{u.id} routed through it", "4.3.2")
        v.morale_reasons.append(7)
    if not C.on_table(st, u, strict=True):
        outcome = "left_table"
    game.emit(UnitRouted(u.id, tuple(path), roll, dist, outcome))
    if outcome == "left_table":
        remove_unit(game, u, "left_table", "4.6.7")


def _further(u: Unit, enemies: list[Unit], heading: float, dist: float) -> bool:
    """4.6.7: a wheel is allowed only if it increases the distance from the enemy."""
    if not enemies:
        return True
    c = centre(u)
    end = c + direction(heading) * dist
    before = min(footprint(v).distance(shapely.Point(*c)) for v in enemies)
    after = min(footprint(v).distance(shapely.Point(*end)) for v in enemies)
    return after > before


def _friends_passed(st, u: Unit, x0: float, y0: float, heading: float, dist: float) -> list[Unit]:
    """4.3.2: the friends the straight rout from (x0, y0) overlaps: the hull round its ends
    (the sweep's, kernel first) shares more than OVERLAP with them."""
    move = C.SweptMove(u, x0, y0, heading, direction(heading), dist)
    return [v for v in st.living(u.side) if v.id != u.id and not clear_of_box(v, move.box)
            and move.meets(lambda: footprint(v), C.StandsOf(v))]


def _clear_of_friends(st, u: Unit) -> bool:
    """4.6.7 / 4.3.2 (ruling D-119): ending inside a friendly unit places it behind that unit, and behind the
    next if that is inside another, however deep the friends stand (past the last of them it
    overlaps nothing, so this ends); placed over the table's edge, it has left the table (the
    caller removes it). 0.5 cm steps: it ends within half a cm of the last friend's rear."""
    moved = False
    h = direction(u.facing)
    while overlapping(st, u, C.OVERLAP):
        u.x, u.y = float(u.x + h[0] * 0.5), float(u.y + h[1] * 0.5)
        moved = True
    return moved


def pursue(game, pursuer: Unit, router: Unit, facing: float | None = None) -> None:
    """4.6.8: the winner pursues at its pursuit speed (1d6); reaching the routers destroys
    them; running into a new enemy starts a melee fought next turn with +2 (ruling D-16)."""
    st = game.state
    roll, dist = rout_distance(game, pursuer, "pursuit", "4.6.8")
    start = C.pose(pursuer)
    path = [start]
    if facing is not None and facing != pursuer.facing and C.turn_is_clear(st, pursuer, facing):
        pursuer.x, pursuer.y = C.rotated_about_centre(pursuer, facing)
        pursuer.facing = facing
        path.append(C.pose(pursuer))
    d, blocker = C.sweep(st, pursuer, pursuer.facing, dist)
    h = direction(pursuer.facing)
    pursuer.x, pursuer.y = float(pursuer.x + h[0] * d), float(pursuer.y + h[1] * d)
    pursuer.pursuing = pursuer.activated = True
    moved_by_combat(game, pursuer)
    path.append(C.pose(pursuer))
    if blocker == router.id or (router.alive and C.touching(pursuer, router)):
        outcome = "caught"
    elif blocker and blocker != "terrain" and st.units[blocker].side != pursuer.side:
        outcome = f"new_enemy:{blocker}"
    elif blocker:
        outcome = "blocked"
    else:
        outcome = "escaped"
    game.emit(Pursued(pursuer.id, router.id, path, roll, dist, outcome))
    C.ride_down_leaders(game, pursuer, path)
    pursuer.frenzy_pursuit = router.id if pursuer.frenzied and outcome == "escaped" else ""
    if outcome == "caught":
        remove_unit(game, router, "destroyed", "4.6.8")
    elif outcome.startswith("new_enemy"):
        enemy = st.units[blocker]
        _new_enemy_tests(game, enemy, pursuer)
        pursuer.pursuit_bonus = enemy.id
        first = st.melee_start.get(C.pair_key(pursuer.id, router.id), st.turn)
        pursuer.pursuit_disordered = first < st.turn      # the first melee lasted > 1 turn
        key = C.pair_key(pursuer.id, enemy.id)
        st.melee_fought.append(key)        # fought next turn (ruling D-16)
        st.melee_start[key] = st.turn + 1
    if pursuer.alive and not C.on_table(st, pursuer):
        remove_unit(game, pursuer, "left_table", "4.3.4")


def _new_enemy_tests(game, enemy: Unit, pursuer: Unit) -> None:
    """4.6.8: a new enemy hit by pursuers first takes any charge-reaction test (4.4); a failed
    test's retire, retreat or rout is carried out, else it stands (ruling D-16)."""
    from . import morale
    from .reactions import reaction_reason
    reason = reaction_reason(game.state, enemy, pursuer, None)
    if reason:
        out = morale.test(game, enemy, reason, charger=pursuer)
        if not out.passed or out.result in ("retire", "retreat", "rout"):
            morale.apply(game, enemy, out.result, away_from=pursuer)


def frenzied_pursuits(game, clan: str) -> None:
    """4.6.8: frenzied pursuers keep after their routers (turning toward them, free) until
    those are removed or caught again (ruling D-73)."""
    st = game.state
    for u in st.clan_units(clan):
        target = st.units.get(u.frenzy_pursuit)
        if not u.frenzy_pursuit:
            continue
        if not (u.frenzied and target and target.alive and target.routing) or in_melee(st, u):
            u.frenzy_pursuit = ""
            continue
        pursue(game, u, target, facing=C.heading_to(centre(u), centre(target)))


def rally_options(st, u: Unit) -> list[str]:
    """What the unit may attempt at its clan's activation (4.1 step 1)."""
    if u.routing and u.rout_moves >= 1 and not u.rally_used and not u.hit_by_shooting \
            and not u.remove_at_end_of_turn:
        return ["rout"]                    # ruling D-11: blocked only by a shooting hit
    if u.frenzied:
        return ["frenzy"]
    return []


def rally(game, u: Unit) -> None:
    from .morale import test
    if u.routing:
        u.rally_used = True
        out = test(game, u, 8)
        if out.result == "rally":
            u.routing = False
            u.rallied = u.reforming = u.activated = True
            game.emit(Rallied(u.id, "rout"))
        else:
            remove_unit(game, u, "dispersed", "4.2.2.1")
    elif u.frenzied:
        fz = tables().frenzy
        faces = game.dice.two_d6(f"rally from frenzy of {u.name}", "4.2.2.2")
        bonus = fz.warrior_monk_bonus if u.monk else fz.young_samurai_bonus if u.troop.value == "young_samurai" else 0
        total = sum(faces) + bonus
        stays = total >= fz.stays_on
        game.emit(FrenzyRally(u.id, faces, bonus, total, stays))
        if not stays:
            u.frenzied = False
            game.emit(Rallied(u.id, "frenzy", "4.2.2.2"))


def routers_move(game, clan: str | None) -> None:
    """Ruling D-51: routing units make their rout move toward their own edge when their
    clan is activated (after rally attempts), or else at the end of the turn."""
    st = game.state
    for u in sorted(st.living(), key=lambda v: v.id):
        if u.routing and not u.rout_moved and (clan is None or u.clan == clan):
            rout_move(game, u, about_face=False)
