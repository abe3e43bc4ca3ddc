"""Read-only geometry for the renderer's overlays: how far a unit may go, where it may charge,
where it may shoot, and its leader's command range. Pure Shapely; nothing here changes a game
(sim/ never draws, the renderer never computes rules). Move and wheel reach come from the
rules' plans (preview.py), never from open-ground arithmetic."""
from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from sim.daimyo import command
from sim.daimyo.geometry import all_round_arc, direction, fire_arc, footprint, stand_corners
from sim.daimyo.model import Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables



def _axes(facing: float) -> tuple[np.ndarray, np.ndarray]:
    """Forward and right-hand unit vectors of a facing."""
    fwd = direction(facing)
    return fwd, np.array([fwd[1], -fwd[0]])


def move_reach(u: Unit, plan) -> Polygon:
    """4.3: the ground a straight move covers, from its plan (sim/daimyo/preview.py): the
    terrain, friends and enemies on the way are the rules' own."""
    x, y, facing = plan.path[-1]
    return shapely.convex_hull(shapely.union(footprint(u), footprint(u, x=x, y=y, facing=facing)))


def _ahead(u: Unit, reach: float) -> Polygon:
    """Half-plane in front of the front edge, cut to a box `reach` deep and wide."""
    fwd, right = _axes(u.facing)
    p = np.array([u.x, u.y])
    w = u.width / 2 + reach
    return Polygon([p - right * w, p + right * w, p + right * w + fwd * reach, p - right * w + fwd * reach])


def charge_reach(u: Unit) -> Polygon:
    """4.4: an enemy must be within the Charge column distance of the front edge, ahead of it."""
    reach = u.move_row.charge
    fwd, right = _axes(u.facing)
    p = np.array([u.x, u.y])
    edge = LineString([p - right * (u.width / 2), p + right * (u.width / 2)])
    return edge.buffer(reach).intersection(_ahead(u, reach))


def wheel_sector(u: Unit, angle: float) -> Polygon:
    """4.3.5.1: the area the front edge sweeps wheeling `angle` degrees (+ left) about the inner
    front corner; the angle comes from the rules' plan of the widest wheel (preview.reach)."""
    pivot, outer = _wheel_corners(u, angle > 0)
    steps = max(2, int(abs(angle) // 5) + 1)
    arc = [_rotate(outer, pivot, angle * i / steps) for i in range(steps + 1)]
    return Polygon([tuple(pivot)] + arc) if abs(angle) > 0 else Polygon()


def _wheel_corners(u: Unit, left: bool) -> tuple[np.ndarray, np.ndarray]:
    """4.3.5.1: (pivot, outer corner) of the front rank for a wheel to the left or right."""
    corners = stand_corners(u)
    n = min(u.files, u.stands)
    fl, fr = corners[0, 0], corners[n - 1, 1]
    return (fl, fr) if left else (fr, fl)


def wheel_pose(u: Unit, angle: float) -> tuple[float, float, float]:
    """The pose after wheeling `angle` degrees (+ left) about the inner front corner."""
    pivot, _ = _wheel_corners(u, angle > 0)
    x, y = _rotate(np.array([u.x, u.y]), pivot, angle)
    return (float(x), float(y), (u.facing + angle) % 360)


def bearing(u: Unit, x: float, y: float) -> float:
    """Signed angle (degrees, + left) from the unit's facing to the point (x, y), seen from
    the centre of its front edge; in -180..180."""
    a = math.degrees(math.atan2(y - u.y, x - u.x))
    return (a - u.facing + 180) % 360 - 180


def _rotate(p: np.ndarray, c: np.ndarray, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    ox, oy = p[0] - c[0], p[1] - c[1]
    return (c[0] + ox * math.cos(a) - oy * math.sin(a), c[1] + ox * math.sin(a) + oy * math.cos(a))


def fire_zones(u: Unit, st: DaimyoState | None = None) -> dict[str, Polygon] | None:
    """4.5, 4.5.1: where the unit's front-rank stands can hit, split into effective (0-8 cm)
    and long (8-15 cm) bands (guns: 6.1's ranges). Infantry and guns: 45-degree arcs from
    the front corners; cavalry 360 degrees. With the state, weather and events cut the reach
    (6.2, 5.3). None for units that do not shoot."""
    from sim.daimyo.combat import shooting
    if shooting.weapon(u) is None:
        return None
    short_cm, long_cm = shooting.ranges(u)
    if st is not None:
        long_cm = shooting.reach(st, u)
        short_cm = min(short_cm, long_cm)
    corners = stand_corners(u)[: min(u.files, u.stands)]
    if u.cavalry:
        short = shapely.union_all([all_round_arc(c, short_cm) for c in corners])
        far = shapely.union_all([all_round_arc(c, long_cm) for c in corners])
    else:
        short = shapely.union_all([fire_arc(c, u.facing, short_cm) for c in corners])
        far = shapely.union_all([fire_arc(c, u.facing, long_cm) for c in corners])
    body = footprint(u)
    return {"short": short.difference(body), "long": far.difference(short).difference(body)}


def command_zone(st: DaimyoState, u: Unit) -> tuple[Polygon, str] | None:
    """1.8 / 1.7: the circle of the unit's daimyo (hatamoto: its General) within which it
    obeys without a test, and the leader's id. None if that leader is dead."""
    if u.hatamoto:
        leader = st.general(u.side)
        rng = tables().command.hatamoto_range_cm
    else:
        leader = st.daimyo(u.clan)
        rng = command.command_range(st)
    if not leader.alive:
        return None
    return command.leader_point(st, leader).buffer(rng, quad_segs=32), leader.id


def fall_back_limit(u: Unit) -> float:
    """4.3.5.3: 3 cm, or half the normal move for missile-armed ashigaru."""
    if u.missile_ashigaru:
        return u.move_row.normal / 2
    return tables().manoeuvre.fall_back_cm


def point_ahead_distance(u: Unit, x: float, y: float) -> float:
    """How far straight ahead (negative: behind) the point (x, y) lies from the front edge."""
    fwd, _ = _axes(u.facing)
    return float((x - u.x) * fwd[0] + (y - u.y) * fwd[1])


def unit_at(st: DaimyoState, x: float, y: float, tolerance: float = 0.5) -> Unit | None:
    """The living unit whose stands cover (x, y), or lie within `tolerance` cm of it."""
    best, best_d = None, tolerance
    p = Point(x, y)
    for u in st.living():
        d = footprint(u).distance(p)
        if d <= best_d:
            best, best_d = u, d
    return best


def visibility_ring(st: DaimyoState, u: Unit) -> tuple[Polygon, Polygon] | None:
    """6.2: how far the unit can see in bad weather: (a thin band at the visibility distance
    around it, the table beyond it), or None when visibility is unlimited."""
    from sim.daimyo.combat.weather import visibility
    vis = visibility(st)
    if not vis:
        return None
    body = footprint(u)
    seen, table = body.buffer(vis), shapely.box(0, 0, st.width, st.height)
    return seen.difference(body.buffer(max(vis - 0.4, 0.1))).intersection(table), table.difference(seen)
