"""Shared combat helpers: relative geometry (ruling D-4), contacts, swept moves, hits and
stand losses (4.5.5, 4.6.2), leader casualties, and the bookkeeping of morale triggers (5.1)."""
from __future__ import annotations

import math

import numpy as np
import shapely

from sim.core.errors import RuleError
from sim.daimyo.events import Disordered, LeaderKilled
from sim.daimyo.geometry import CONTACT_TOLERANCE, LEADER_RADIUS, direction, stand_corners
from sim.daimyo.geometry import footprint as _footprint
from sim.daimyo.geometry.table import contacts
from sim.daimyo.model import Troop, Unit
from sim.daimyo.movement import remove_unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables

from .events import HitsTaken, LeaderHitTest, StandRemoved

SYSTEM = "daimyo"
OVERLAP = 1e-4          # cm^2: more than this is an overlap, not a touch


def footprint(u: Unit, x: float | None = None, y: float | None = None,
              facing: float | None = None, files: int | None = None):
    """geometry.footprint, remembered in the unit's transient `shapes` on the pose rounded to
    1e-6 cm (combat asks the same shapes many times per action; Shapely's union is the cost)."""
    key = ("fp", u.stands, u.files if files is None else files, u.stand_w, u.stand_d,
           round(u.x if x is None else x, 6), round(u.y if y is None else y, 6),
           round((u.facing if facing is None else facing) % 360, 6))
    got = u.shapes.get(key)
    if got is None:
        got = _footprint(u, x=x, y=y, facing=facing, files=files)
        u.shapes[key] = got
    return got


def err(rule: str, msg: str) -> RuleError:
    return RuleError(rule, msg, SYSTEM)


def pose(u: Unit) -> tuple[float, float, float]:
    return (round(float(u.x), 4), round(float(u.y), 4), round(float(u.facing) % 360, 4))


def pair_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


# -- relative geometry ---------------------------------------------------------------------
def frame(u: Unit, pts: np.ndarray) -> np.ndarray:
    """Points in u's frame: column 0 ahead of its front edge, column 1 to its right."""
    f = direction(u.facing)
    r = np.array([f[1], -f[0]])
    d = np.asarray(pts, dtype=float).reshape(-1, 2) - np.array([u.x, u.y])
    return np.stack([d @ f, d @ r], axis=1)


def side_of(target: Unit, other: Unit) -> str:
    """Ruling D-4: `other` is on target's flank/rear if it lies entirely behind the line of
    target's front edge; in the rear if also entirely behind its rear edge with its centre
    within the target's width, else on the flank its centre is on."""
    rel = frame(target, stand_corners(other).reshape(-1, 2))
    if (rel[:, 0] > 1e-6).any():
        return "front"
    centre = rel.mean(axis=0)
    if abs(centre[1]) <= target.width / 2 and (rel[:, 0] < -target.depth + 1e-6).all():
        return "rear"
    return "right" if centre[1] > 0 else "left"


def centre(u: Unit) -> np.ndarray:
    return np.array([u.x, u.y]) - direction(u.facing) * (u.depth / 2)


def heading_to(a: np.ndarray, b: np.ndarray) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360


def angle_diff(a: float, b: float) -> float:
    """Signed smallest rotation from facing a to facing b, in (-180, 180]."""
    d = (b - a + 180) % 360 - 180
    return 180.0 if d == -180 else d


def rotated_about_centre(u: Unit, facing: float) -> tuple[float, float]:
    """Front-centre position after turning the unit in place about its centre (free turns)."""
    c = centre(u)
    p = c + direction(facing) * (u.depth / 2)
    return float(p[0]), float(p[1])


def turn_is_clear(st: DaimyoState, u: Unit, facing: float) -> bool:
    """A free turn about the centre may not push stands into another unit."""
    x, y = rotated_about_centre(u, facing)
    fp = footprint(u, x=x, y=y, facing=facing)
    return not any(v.id != u.id and footprint(v).intersection(fp).area > OVERLAP
                   for v in st.living())


EDGE_HEADING = {"south": 270.0, "north": 90.0, "west": 180.0, "east": 0.0}


def own_edge_heading(st: DaimyoState, u: Unit) -> float:
    """Ruling D-5: straight toward the army's own table edge."""
    return EDGE_HEADING[st.armies[u.side].edge]


# -- contacts ------------------------------------------------------------------------------
def touching(a: Unit, b: Unit) -> bool:
    return footprint(a).distance(footprint(b)) <= CONTACT_TOLERANCE


def reach(u: Unit) -> tuple[float, float, float]:
    """Centre and radius of a circle holding all of u's stands: a cheap test that spares the
    Shapely test (and the footprint) of units clearly too far apart to matter."""
    r = math.radians(u.facing)
    half = u.depth / 2
    return u.x - math.cos(r) * half, u.y - math.sin(r) * half, math.hypot(u.width, u.depth) / 2


def far_apart(a: tuple[float, float, float], b: tuple[float, float, float], gap: float) -> bool:
    """True only if the stands of two units with these `reach` circles are surely more than
    `gap` apart."""
    return math.hypot(a[0] - b[0], a[1] - b[1]) > a[2] + b[2] + gap + 1e-6


def footprint_distance(a: Unit, b: Unit) -> float:
    """Edge-to-edge distance of two units by Shapely (the oracle the table's kernels defer to)."""
    return float(footprint(a).distance(footprint(b)))


def enemies_in_contact(st: DaimyoState, u: Unit) -> list[Unit]:
    """Enemy units within the contact tolerance of u (ruling D-3), from the table's contact
    matrix (geometry.table.contacts; Shapely decides pairs at the tolerance)."""
    if st.units.get(u.id) is not u or not u.alive:
        # a unit as it would stand (charge odds, what-ifs) or one gone: asked directly
        fp, near = footprint(u), reach(u)
        return [v for v in st.living() if v.side != u.side and not far_apart(near, reach(v), CONTACT_TOLERANCE)
                and fp.distance(footprint(v)) <= CONTACT_TOLERANCE]
    return [st.units[v] for v in contacts(st, footprint_distance)[u.id]]


def in_melee(st: DaimyoState, u: Unit) -> bool:
    return bool(enemies_in_contact(st, u))


def within(st: DaimyoState, u: Unit, cm: float, side: str | None = None) -> list[Unit]:
    fp = footprint(u)
    return [v for v in st.living(side) if v.id != u.id and fp.distance(footprint(v)) <= cm]


def near_range(st: DaimyoState, u: Unit) -> float:
    """5.1 *: 15 cm, or 5 cm if the unit is in melee."""
    m = tables().morale
    return m.melee_range_cm if in_melee(st, u) else m.range_cm


# -- swept moves ---------------------------------------------------------------------------
def sweep(st: DaimyoState, u: Unit, heading: float, dist: float, *, facing: float | None = None,
          start: tuple[float, float] | None = None, ignore=(), friends: bool = True,
          step: float = 0.25) -> tuple[float, str]:
    """How far u can move `dist` cm along `heading` (its facing unchanged unless given) before
    overlapping another unit or impassable terrain: (clear distance, blocker id, "terrain" or
    ""). Friends are passed through when `friends` is False (routers)."""
    facing = u.facing if facing is None else facing
    x0, y0 = (u.x, u.y) if start is None else start
    h = direction(heading)

    def fp(d):
        return footprint(u, x=x0 + h[0] * d, y=y0 + h[1] * d, facing=facing)

    hull = shapely.union_all([fp(0), fp(dist)]).convex_hull
    cands = []
    for v in st.living():
        if v.id == u.id or v.id in ignore or (not friends and v.side == u.side):
            continue
        vf = footprint(v)
        if vf.intersection(hull).area > OVERLAP:
            cands.append((v.id, vf))
    for f in st.terrain:
        if f.impassable_for(u.cavalry) and f.shape.intersection(hull).area > OVERLAP:
            cands.append(("terrain", f.shape))
    if not cands or dist <= 0:
        return dist, ""

    def blocker(d):
        g = fp(d)
        for vid, vf in cands:
            if g.intersection(vf).area > OVERLAP:
                return vid
        return ""

    n = max(1, math.ceil(dist / step))
    for i in range(1, n + 1):
        d = min(i * step, dist)
        b = blocker(d)
        if b:
            lo, hi = (i - 1) * step, d
            for _ in range(8):          # refine to touching (within ~0.001 cm)
                mid = (lo + hi) / 2
                if blocker(mid):
                    hi = mid
                else:
                    lo = mid
            return lo, b
    return dist, ""


def on_table(st: DaimyoState, u: Unit, strict: bool = False) -> bool:
    """4.3.4: wholly on the table; strict: not touching its edge either (4.6.7)."""
    box = shapely.box(0, 0, st.width, st.height)
    if strict:
        box = box.buffer(-CONTACT_TOLERANCE)
    return box.contains(footprint(u))


def set_disordered(game, u: Unit, cause: str, rule: str) -> None:
    if not u.disordered and u.alive:
        u.disordered = True
        game.emit(Disordered(u.id, cause, rule))


# -- hits, stands, leaders -----------------------------------------------------------------
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


def ride_down_leaders(game, u: Unit, poses) -> None:
    """4.3.3: a non-routing unit whose move (charge, pursuit, follow-up, push back, retire,
    retreat) touches an unattached enemy leader kills him (a 1 cm base, ruling D-31); routers
    do not harm him (ruling D-84). `poses` is the move's path of (x, y, facing)."""
    st = game.state
    if u.routing or not u.alive or len(poses) < 2:
        return
    fps = [footprint(u, x=x, y=y, facing=f) for x, y, f in poses]
    swept = shapely.union_all([shapely.union_all([a, b]).convex_hull for a, b in zip(fps, fps[1:])])
    for leader in st.leaders.values():
        if leader.alive and leader.side != u.side and not leader.attached_to and \
                swept.distance(shapely.Point(leader.x, leader.y)) <= LEADER_RADIUS + CONTACT_TOLERANCE:
            kill_leader(game, leader, f"ridden down by {u.name}", "4.3.3")


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


def is_active(st: DaimyoState, u: Unit) -> bool:
    """Units acting in this activation: the active clan's, or the activated General's
    hatamoto and the unit he is with (4.1)."""
    if u.side != st.to_move:
        return False
    if st.active_clan and u.clan == st.active_clan:
        return True
    return st.active_general == u.side and (u.hatamoto or st.general(u.side).attached_to == u.id)


# -- terrain questions ---------------------------------------------------------------------
def features_at(st: DaimyoState, u: Unit):
    from sim.daimyo.terrain import features_touching
    return features_touching(st.terrain, footprint(u))


def in_building(st: DaimyoState, u: Unit) -> bool:
    return any(f.row.building for f in features_at(st, u))


def in_cover(st: DaimyoState, u: Unit) -> bool:
    """4.5.4 'in cover (except buildings)'."""
    return any(f.row.cover and not f.row.building for f in features_at(st, u))


def on_hill(st: DaimyoState, u: Unit) -> bool:
    return any(f.row.hill for f in features_at(st, u))


def in_woods(st: DaimyoState, u: Unit) -> bool:
    return any(f.kind == "wood" for f in features_at(st, u))
