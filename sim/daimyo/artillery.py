"""Artillery (Daimyo 6.1, optional): guns are one-stand units of a clan, crewed by Regular
gunners. What a gun may not do (wheel, turn, fall back, charge, pursue, follow up; move and
shoot in one turn; move at all in a thunderstorm or snow, 6.2), its ranges and firing factors,
the crew abandoning the gun instead of routing, and guns taken over by the melee winner or by
the first unit to reach an abandoned gun. The shooting, melee, rout and movement code call in
here where guns differ; everything else treats a gun as a one-stand unit."""
from __future__ import annotations

import math

import shapely

from sim.daimyo import actions as A
from sim.daimyo.effects import remove_unit
from sim.daimyo.events import GunTaken
from sim.daimyo.geometry import CONTACT_TOLERANCE, direction, footprint
from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon
from sim.daimyo.surroundings import in_building, in_cover
from sim.daimyo.tables import tables

NO_MOVE_WEATHER = ("thunderstorm", "snowing")        # 6.2: guns may only pivot
Mod = tuple[str, int, str]


def is_gun(u: Unit) -> bool:
    return u.troop is Troop.ARTILLERY


def cannon(u: Unit) -> Weapon:
    return Weapon.HEAVY_CANNON if Weapon.HEAVY_CANNON in u.weapons else Weapon.LIGHT_CANNON


def ranges(u: Unit) -> tuple[float, float]:
    """6.1: (effective, long) range in cm: light 20 / 40, heavy 30 / 60."""
    eff, long = tables().artillery_ranges[cannon(u).value]
    return float(eff), float(long)


# -- orders ---------------------------------------------------------------------------------
def order_problem(st, u: Unit, action) -> tuple[str, str] | None:
    """(rule, reason) a gun may not take this movement order, or None. Wheels and turns are
    refused by movement itself (guns turn only by pivoting, i.e. Reform)."""
    if isinstance(action, A.FallBack):
        return "6.1", f"{u.id} is a gun: it moves straight forward only, never back"
    if isinstance(action, A.Move):
        if st.weather in NO_MOVE_WEATHER:
            return "6.2", f"in {st.weather.replace('_', ' ')} guns cannot move, only pivot"
        if u.shot:
            return "6.1", f"{u.id} shot this turn and may not move"
    if isinstance(action, A.Reform) and u.shot:
        return "6.1", f"{u.id} shot this turn; pivoting counts as movement"   # ruling D-90
    return None


def pivot_orders(st, u: Unit) -> list[A.Reform]:
    """A finite menu of pivots for AI and random players: face each of the two nearest enemy
    units (a pivot is a Reform keeping the one file, 6.1 / 4.3.5.4)."""
    if u.moved or u.shot:
        return []
    here = footprint(u)
    centre = _centre(u)
    foes = sorted((v for v in st.living() if v.side != u.side and not v.routing),
                  key=lambda v: here.distance(footprint(v)))[:2]
    out = []
    for v in foes:
        c = _centre(v)
        facing = round(math.degrees(math.atan2(c[1] - centre[1], c[0] - centre[0])) % 360)
        if abs((facing - u.facing + 180) % 360 - 180) > 5:
            out.append(A.Reform(u.side, u.id, 1, float(facing)))
    return out


def _centre(u: Unit):
    return (u.x - direction(u.facing)[0] * u.depth / 2, u.y - direction(u.facing)[1] * u.depth / 2)


# -- shooting -------------------------------------------------------------------------------
def shoot_problem(st, u: Unit) -> str:
    """6.1: a gun may not move and shoot in one turn (a pivot is a move, ruling D-90)."""
    if u.moved or u.reforming:
        return f"{u.id} moved or pivoted this turn; a gun may not move and shoot in the same turn (6.1)"
    return ""


def modifiers(st, u: Unit, target: Unit, effective: bool) -> list[Mod]:
    """6.1 firing factors, in place of 4.5.4 (ruling D-91): +1 at cavalry, -1 at long range,
    -1 at a target in cover (a building counts as cover). No weather factor (ruling D-92)."""
    m = tables().artillery_modifiers
    out: list[Mod] = []
    if target.cavalry:
        out.append(("gun at cavalry", m["target_cavalry"], "6.1"))
    if not effective:
        out.append(("gun at long range", m["long_range"], "6.1"))
    if in_cover(st, target) or in_building(st, target):
        out.append(("target in cover", m["target_in_cover"], "6.1"))
    return out


# -- crew abandonment and capture -----------------------------------------------------------
def abandon(game, u: Unit) -> None:
    """6.1: a gun that must rout does not: its crew abandon it and play no further part (the
    unit is lost, 5.2, ruling D-93). The gun stays where it is until a unit reaches it."""
    remove_unit(game, u, "crew_fled", "6.1")
    u.gun_on_table = True


def lost_melee(game, gun: Unit, winner: Unit) -> None:
    """6.1: a gun that loses a melee: the crew are killed or dispersed and the winner takes the
    gun where it stands."""
    remove_unit(game, gun, "captured", "6.1")
    take(game, gun, winner, "melee")


def take(game, gun: Unit, by: Unit, how: str) -> Unit:
    """The gun becomes a unit of `by`'s clan, crewed by Regulars (6.1). It may act from the
    next turn, when its new clan is activated (so it counts as having acted this turn,
    ruling D-94)."""
    st = game.state
    gun.gun_on_table = False
    n = sum(1 for k in st.units if k.startswith(gun.id + "@"))
    new = Unit(id=f"{gun.id}@{by.clan}" + (f"-{n + 1}" if n else ""), name=f"{gun.name} ({st.clans[by.clan].name})",
               side=by.side, clan=by.clan, troop=Troop.ARTILLERY, quality=Quality.REGULAR,
               weapons=(cannon(gun),), armour=Armour.LIGHT, stands=1, files=1, x=gun.x, y=gun.y,
               facing=gun.facing, stand_w=gun.stand_w, stand_d=gun.stand_d,
               activated=True, moved=True, shot=True, captured_from=gun.side)
    st.units[new.id] = new
    game.emit(GunTaken(gun.id, new.id, by.id, by.clan, how))
    return new


def claim_abandoned(game, events: list) -> None:
    """6.1: an abandoned gun goes to the first unit, enemy or friendly, to contact it: after
    each action, a unit touching or over it takes it; if several do, the one that moved
    first in that action, else the nearest (ruling D-93). Routing units, HQs and other guns
    do not take guns."""
    st = game.state
    guns = [u for u in st.units.values() if u.gun_on_table]
    if not guns:
        return
    order = {}
    for e in events:
        uid = getattr(e, "unit", None)
        if uid and getattr(e, "path", None) and uid not in order:
            order[uid] = len(order)
    for gun in guns:
        fp = footprint(gun)
        takers = [v for v in st.living() if not v.routing and v.troop not in (Troop.HQ, Troop.ARTILLERY)
                  and fp.distance(footprint(v)) <= CONTACT_TOLERANCE]
        if takers:
            centre = shapely.Point(*_centre(gun))
            by = min(takers, key=lambda v: (order.get(v.id, len(order)), footprint(v).distance(centre), v.id))
            take(game, gun, by, "contact")
