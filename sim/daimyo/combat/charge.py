"""Charges (4.4): reach, the wheel/turn allowance at the start, the straight run for the
charge bonus, terrain, corner-to-corner alignment on contact, flank and rear charges
(ruling D-4), failed charges and frenzied chargers."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely

from sim.daimyo.effects import PASSED_BY_MISSILE, moved_by_combat, set_disordered
from sim.daimyo.geometry import direction
from sim.daimyo.model import Troop, Unit
from sim.daimyo.tables import tables
from sim.daimyo.surroundings import clear_of_box, footprint

from . import common as C
from .events import ChargeMoved

EPS = 1e-6


@dataclass
class ChargePlan:
    unit: str
    target: str
    edge: str
    heading: float          # direction of the straight run
    turn_cost: float
    run: float
    charge_move: float
    bonus: bool
    final: tuple[float, float, float]
    path: list = field(default_factory=list)
    terrain_disorder: bool = False


def rotation_cost(u: Unit, angle: float) -> float:
    """Cheapest way to change facing by `angle`: a 90/180 turn (4.3.5.2) plus a wheel of the
    rest (4.3.5.1), disordered units paying double (ruling D-50)."""
    m = tables().manoeuvre
    dis = m.disorder_factor if u.disordered else 1
    quality = u.quality.value
    turned = m.turn_fraction[quality] * u.move_row.normal       # read once: the AI asks often
    width, cost = u.width, m.wheel_cost[quality]
    best = math.inf
    for base in (0, 90, -90, 180):
        rest = abs(C.angle_diff(base, angle))
        turn = 0.0 if base == 0 else turned
        wheel = math.radians(rest) * width * cost
        best = min(best, (turn + wheel) * dis)
    return best


def final_pose(u: Unit, t: Unit, edge: str, aligned: bool = True) -> tuple[float, float, float]:
    """4.4: the charger's front edge against the charged edge with stand corners lined up
    (frontal and rear charges overlap as much as the narrower unit allows; flank chargers put
    a front corner on the target's front corner)."""
    o = np.array([t.x, t.y])
    f = direction(t.facing)
    r = np.array([f[1], -f[0]])
    sw = u.stand_w
    if edge in ("front", "rear"):
        rel = C.frame(t, np.array([[u.x, u.y]]))[0]
        if aligned:        # the narrower unit wholly against the wider, stand edges matched
            lim = abs(t.width - u.width) / 2
            base = (u.width - t.width) / 2
            b = min(max(rel[1], -lim), lim)
            # ruling D-116: exactly half a stand off goes to the target's right; the epsilon
            # keeps a tie from falling either way on the float noise of the facing's sine
            b = base + math.floor((b - base) / sw + 0.5 + 1e-9) * sw
        else:              # the run: straight on while at least one stand overlaps
            lim = (t.width + u.width) / 2 - sw
            b = min(max(rel[1], -lim), lim)
        if edge == "front":
            p, facing = o + r * b, t.facing + 180
        else:
            p, facing = o - f * t.depth + r * b, t.facing
    elif edge == "left":
        p, facing = o - r * (t.width / 2) - f * (u.width / 2), t.facing - 90
    else:
        p, facing = o + r * (t.width / 2) - f * (u.width / 2), t.facing + 90
    return float(p[0]), float(p[1]), facing % 360


def ground_on(st, u: Unit, geom) -> set[str]:
    """The effects (light, difficult, obstacle, impassable) of the ground `geom` touches as
    `u`'s kind of mover meets it when it moves: its TerrainMap's patches (4.3.1: "charge
    distances are modified by terrain in the same way as normal moves", ruling D-120), so a
    bridge or road is cut out of the river or wood under it (D-34) and a river is impassable
    away from its bridges and fords unless the scenario makes it a wide stream."""
    from sim.daimyo.terrain import terrain_map
    tmap = terrain_map(st, u.cavalry, u.stands)
    hit = tmap.touching(np.array([geom], dtype=object))[0]
    return {p.effect for p, h in zip(tmap.patches, hit.tolist()) if h}


def charge_allowance(st, u: Unit, hull, effects=None) -> tuple[float, bool]:
    """4.4 charge column over the ground `hull` touches, modified by terrain as normal moves
    are (4.3.1, ruling D-120; `ground_effects`). `effects`: ground_on(st, u, hull), where the
    caller has it."""
    return ground_effects(u, ground_on(st, u, hull) if effects is None else effects)


def ground_effects(u: Unit, effects) -> tuple[float, bool]:
    """4.4 charge column modified by the ground `effects` (ground_on's) as normal moves are
    (4.3.1, ruling D-120): light -3 cm, difficult (a ford, a wide stream) half (infantry) or a
    third (cavalry), obstacles -3/-6 cm; road and bridge ground costs nothing extra. Returns
    the allowance and whether the charge disorders (charging in light or difficult terrain,
    or crossing an obstacle). Impassable ground (`plan` refuses such a charge) is not read
    here. The rules' and the AI's (ai/reach.py) one account."""
    te = tables().terrain_effects
    cm = float(u.move_row.charge)
    disorder = False
    if "light" in effects:
        cm -= te.light_cm
        disorder = True
    if "difficult" in effects:
        cm /= te.difficult_cavalry_factor if u.cavalry else te.difficult_infantry_factor
        disorder = True
    if "obstacle" in effects:
        cm -= te.obstacle_cavalry_cm if u.cavalry else te.obstacle_infantry_cm
        disorder = True
    return cm, disorder


def charge_path(u: Unit, t: Unit) -> tuple:
    """A charge's geometry (4.4): (the edge charged, the final pose, the point the straight run
    aims at, the run's length, its heading, the charger's footprint at the end, and the ground
    the charge covers: the hull of the charger turned to the heading where it starts and where
    it ends)."""
    edge = C.side_of(t, u)
    final = final_pose(u, t, edge)
    rx, ry, _ = final_pose(u, t, edge, aligned=False)     # the run aims here; lining up is free
    s = np.array([u.x, u.y])
    run = float(np.hypot(rx - s[0], ry - s[1]))
    heading = C.heading_to(s, np.array([rx, ry])) if run > EPS else u.facing
    end_fp = footprint(u, x=final[0], y=final[1], facing=final[2])
    hull = shapely.union_all([footprint(u, facing=heading), end_fp]).convex_hull
    return edge, final, (rx, ry), run, heading, end_fp, hull


def plan(st, u: Unit, t: Unit) -> ChargePlan:
    """Validate a charge geometrically (no mutation); RuleError 4.4 if it cannot be made."""
    if u.troop in (Troop.HQ, Troop.ARTILLERY):
        raise C.err("4.4" if u.troop is Troop.HQ else "6.1", f"{u.id} may not charge")
    if u.cavalry and "difficult" in ground_on(st, u, footprint(u)):      # ruling D-120
        raise C.err("4.3.1", "cavalry charge only from open or light terrain")
    edge, (fx, fy, ff), (rx, ry), run, heading, end_fp, hull = charge_path(u, t)
    turn_cost = rotation_cost(u, C.angle_diff(u.facing, heading))
    ground = ground_on(st, u, hull)
    if "impassable" in ground:          # 4.3.1: a river off its crossings, D-22 rows, a house (D-120)
        raise C.err("4.3.1", f"the charge path to {t.id} crosses impassable ground")
    allowance, disorder = charge_allowance(st, u, hull, ground)
    if turn_cost > allowance / 2 + EPS:
        raise C.err("4.4", f"turning to face {t.id} costs {turn_cost:.1f} cm, more than half the charge move ({allowance / 2:.1f})")
    if turn_cost + run > allowance + EPS:
        raise C.err("4.4", f"{t.id} is out of charge reach ({turn_cost + run:.1f} cm needed, {allowance:.1f} available)")
    if not shapely.box(0, 0, st.width, st.height).contains(end_fp):
        raise C.err("4.3.4", "the charge would leave the table")
    box = hull.bounds
    for v in st.living():
        if v.id in (u.id, t.id) or clear_of_box(v, box):
            continue
        if footprint(v).intersection(hull).area > C.OVERLAP:
            raise C.err("4.4", f"the charge path to {t.id} is blocked by {v.id}")
    if end_fp.intersection(footprint(t)).area > C.OVERLAP:
        raise C.err("4.4", f"no room to contact {t.id}")
    path = [C.pose(u), (round(u.x, 4), round(u.y, 4), round(heading, 4)),
            (round(rx, 4), round(ry, 4), round(heading, 4)), (round(fx, 4), round(fy, 4), round(ff, 4))]
    return ChargePlan(u.id, t.id, edge, heading, turn_cost, run, allowance,
                      run >= u.move_row.charge / 2 - EPS, (fx, fy, ff), path, disorder)


def contact(game, p: ChargePlan, how: str = "charge") -> None:
    """Move the charger into contact along its path (4.4)."""
    st = game.state
    u, t = st.units[p.unit], st.units[p.target]
    u.x, u.y, u.facing = p.final
    u.charge_bonus = p.bonus and how == "charge"
    game.emit(ChargeMoved(u.id, t.id, tuple(p.path), True, how))
    moved_by_combat(game, u)           # 4.3.2: disordered now if missile ashigaru passed it (D-115)
    C.ride_down_leaders(game, u, p.path)
    charger_cause, target_cause = contact_disorders(u, p)
    if charger_cause:
        set_disordered(game, u, *charger_cause)
    if st.event == "heroic_charge" and not st.heroic_unit and how == "charge":
        st.heroic_unit = u.id              # 5.3 event 4
    key = C.pair_key(u.id, t.id)
    st.melee_rounds.setdefault(key, 0)
    st.melee_start.setdefault(key, st.turn)
    if t.routing:                       # 5.1: a charger reaching routers destroys them
        from sim.daimyo.effects import remove_unit
        remove_unit(game, t, "destroyed", "5.1")
        return
    if target_cause:
        set_disordered(game, t, *target_cause)


def contact_disorders(u: Unit, p: ChargePlan) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
    """(cause, rule) of the disorder a charge's contact brings the charger `u` and the target, or
    None: the one account `contact` applies and the exact odds (charge_odds.py) assume."""
    charger = ("charged in light or difficult terrain", "4.3.1") if p.terrain_disorder else None
    if u.passed_by_missile:
        charger = PASSED_BY_MISSILE        # moved_by_combat's, applied first (4.3.2, D-115)
    # 4.2.1 cause 4: a target that stood without turning to face (ruling D-103)
    target = (f"charged in the {p.edge}", "4.2.1") if p.edge != "front" else None
    return charger, target


def failed(game, u: Unit, p: ChargePlan) -> None:
    """4.4 failed charge: the charger still covers half its charge move (the least the rule
    allows, ruling D-50); frenzied chargers always run the full distance. It stops short of
    anything in the way."""
    st = game.state
    full = p.charge_move - p.turn_cost
    dist = full if u.frenzied else min(full, p.charge_move / 2)
    start = C.pose(u)
    heading = p.heading
    turned = footprint(u, facing=heading)
    box = turned.bounds
    if any(v.id != u.id and not clear_of_box(v, box) and footprint(v).intersection(turned).area > C.OVERLAP
           for v in st.living()):
        heading = u.facing                 # no room to wheel: it runs straight on
    u.facing = heading
    d, blocker = C.sweep(st, u, heading, dist)
    if blocker:
        d = max(0.0, d - 0.5)
    h = direction(heading)
    u.x, u.y = float(u.x + h[0] * d), float(u.y + h[1] * d)
    path = (start, (start[0], start[1], round(heading, 4)), C.pose(u))
    game.emit(ChargeMoved(u.id, p.target, path, False, "failed_charge"))
    moved_by_combat(game, u)           # 4.3.2 (D-115)
    C.ride_down_leaders(game, u, path)
    if not C.on_table(st, u):
        from sim.daimyo.effects import remove_unit
        remove_unit(game, u, "left_table", "4.3.4")
