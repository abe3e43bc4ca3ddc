"""Shared combat helpers: relative geometry (ruling D-4), swept moves, leaders ridden down, who
is active. The effects shared with movement (hits, stand losses, leader casualties, disorder)
live in sim/daimyo/effects.py and what is around a unit (contacts, terrain) in
sim/daimyo/surroundings.py; the combat rules import them from there."""
from __future__ import annotations

import math

import numpy as np
import shapely

from sim.core.errors import RuleError
from sim.daimyo.effects import kill_leader
from sim.daimyo.geometry import (CONTACT_TOLERANCE, LEADER_RADIUS, boxes_apart, corners_at, direction, kernels,
                                 stand_corners, stand_quads)
from sim.daimyo.model import Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.surroundings import centre, clear_of_box, footprint

SYSTEM = "daimyo"
OVERLAP = 1e-4          # cm^2: more than this is an overlap, not a touch
SIDE_TOL = 1e-9         # cm: side_of's kernel defers to numpy this close to a threshold
SIDES = ("front", "rear", "right", "left")     # kernels.side_code's answers


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


def side_of(target: Unit, other: Unit, corners=None) -> str:
    """Ruling D-4: `other` is on target's flank/rear if it lies entirely behind the line of
    target's front edge; in the rear if also entirely behind its rear edge with its centre
    within the target's width, else on the flank its centre is on. `corners`: other's stand
    corners where a caller has them already (the same numbers)."""
    pts = (stand_corners(other) if corners is None else corners).reshape(-1, 2)
    # a kernel answers where every test is clear of its threshold by SIDE_TOL, numpy the rest
    got = kernels.side_code(pts, target.x, target.y, target.facing, target.width / 2, target.depth, SIDE_TOL)
    return SIDES[got] if got != kernels.UNSURE_SIDE else side_by_frame(target, pts)


def side_by_frame(target: Unit, pts: np.ndarray) -> str:
    """side_of measured in numpy: the points `pts` (n, 2) in target's frame."""
    rel = frame(target, pts)
    if (rel[:, 0] > 1e-6).any():
        return "front"
    centre = rel.mean(axis=0)
    if abs(centre[1]) <= target.width / 2 and (rel[:, 0] < -target.depth + 1e-6).all():
        return "rear"
    return "right" if centre[1] > 0 else "left"


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
    box = fp.bounds
    return not any(v.id != u.id and not clear_of_box(v, box) and footprint(v).intersection(fp).area > OVERLAP
                   for v in st.living())


EDGE_HEADING = {"south": 270.0, "north": 90.0, "west": 180.0, "east": 0.0}


def own_edge_heading(st: DaimyoState, u: Unit) -> float:
    """Ruling D-5: straight toward the army's own table edge."""
    return EDGE_HEADING[st.armies[u.side].edge]


# -- contacts ------------------------------------------------------------------------------
def touching(a: Unit, b: Unit) -> bool:
    return footprint(a).distance(footprint(b)) <= CONTACT_TOLERANCE


# -- swept moves ---------------------------------------------------------------------------
def sweep(st: DaimyoState, u: Unit, heading: float, dist: float, *, facing: float | None = None,
          start: tuple[float, float] | None = None, ignore=(), touching=(), friends: bool = True,
          step: float = 0.25) -> tuple[float, str]:
    """How far u can move `dist` cm along `heading` (its facing unchanged unless given) before
    overlapping another unit or impassable terrain: (clear distance, blocker id, "terrain" or
    ""). Friends are passed through when `friends` is False (routers). The units `touching`
    (ids) block only where their common area with u grows beyond what it is at the start: one
    u moves into, not one it leaves or slides along (ruling D-117); where several block at once
    they are named first."""
    facing = u.facing if facing is None else facing
    x0, y0 = (u.x, u.y) if start is None else start
    h = direction(heading)
    if dist <= 0:
        return dist, ""
    cands = _blockers_ahead(st, SweptMove(u, x0, y0, facing, h, dist), ignore, touching, friends)
    if not cands:
        return dist, ""

    def blocker(d):
        x, y = x0 + h[0] * d, y0 + h[1] * d
        for vid, shape, allowed, stands in cands:
            if overlaps_beyond(u, (x, y, facing), shape, allowed, stands):
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


class SweptMove:
    """A straight move's ends and the convex hull round them, for `sweep`: the kernel's hull of
    the stands' corners and an axis box round it at once; Shapely's footprints and hull (the
    rules' shapes) only when a test lies within 1e-9 cm2 of its threshold or a start area is
    asked for."""

    def __init__(self, u: Unit, x0: float, y0: float, facing: float, h: np.ndarray, dist: float):
        self.u, self.facing = u, facing
        self.ends = ((x0, y0), (x0 + h[0] * dist, y0 + h[1] * dist))
        corners = np.concatenate([stand_quads(u, x=x, y=y, facing=facing) for x, y in self.ends]).reshape(-1, 2)
        self.hull = kernels.hull_of(corners)
        lo, hi = corners.min(axis=0), corners.max(axis=0)
        # Shapely's hull has its bounds at these corners; 1e-6 cm more for its union's rounding
        self.box = (float(lo[0]) - 1e-6, float(lo[1]) - 1e-6, float(hi[0]) + 1e-6, float(hi[1]) + 1e-6)
        self._shapes = None

    def here(self):
        """The footprint at the start (Shapely)."""
        return self.shapes()[0]

    def shapely_hull(self):
        return self.shapes()[1]

    def shapes(self):
        if self._shapes is None:
            here, there = (footprint(self.u, x=x, y=y, facing=self.facing) for x, y in self.ends)
            self._shapes = (here, shapely.union_all([here, there]).convex_hull)
        return self._shapes

    def meets(self, shape, stands: StandsOf | None) -> bool:
        """4.3.2: whether the hull shares more than OVERLAP with `shape()`, a unit's footprint
        (`stands` its StandsOf) or terrain (`stands` None): a unit's stands tile its footprint
        (1.5), so the kernel's clipped areas of its stands sum to the common area; Shapely's
        where that sum lies within 1e-9 cm2 of OVERLAP, and for terrain."""
        if stands is not None:
            m = len(stands.quads)
            area = float(kernels.overlap_areas(self.hull, np.zeros(1, np.int64), np.full(1, len(self.hull), np.int64),
                                               np.zeros(m, np.int64), stands.quads, np.arange(m, dtype=np.int64)).sum())
            if abs(area - OVERLAP) > 1e-9:
                return area > OVERLAP
        return shape().intersection(self.shapely_hull()).area > OVERLAP


def _blockers_ahead(st: DaimyoState, move: SweptMove, ignore, touching, friends: bool) -> list[tuple]:
    """The units and impassable terrain the move's hull overlaps, each as (id, shape, common
    area allowed: a touch, or as at the start for the units `touching` (ruling D-117), its
    StandsOf or None for terrain): `touching` first (a stable sort), the rest in table order,
    then terrain. A unit clear of the hull's box shares nothing with it, unasked."""
    u, box = move.u, move.box
    out = []
    others = sorted(st.living(), key=lambda v: v.id not in touching) if touching else st.living()
    for v in others:
        if v.id == u.id or v.id in ignore or (not friends and v.side == u.side) or clear_of_box(v, box):
            continue
        stands = StandsOf(v)
        if move.meets(lambda: footprint(v), stands):
            allowed = OVERLAP + (move.here().intersection(footprint(v)).area if v.id in touching else 0.0)
            out.append((v.id, footprint(v), allowed, stands))
    for f in st.terrain:
        if f.impassable_for(u.cavalry) and not boxes_apart(f.shape.bounds, box) and move.meets(lambda: f.shape, None):
            out.append(("terrain", f.shape, OVERLAP, None))
    return out


class StandsOf:
    """A unit's stand corners and their axis boxes, as the kernels take them (copied: the
    warmed kernels take writable arrays), made once for the many poses a sweep tries."""
    __slots__ = ("quads", "boxes")

    def __init__(self, v: Unit):
        self.quads = np.array(stand_quads(v), dtype=float)
        self.boxes = kernels.group_boxes(self.quads)


def overlaps_beyond(u: Unit, pose: tuple[float, float, float], shape, allowed: float,
                    stands: StandsOf | None) -> bool:
    """Whether u's footprint at `pose` shares more than `allowed` cm2 with `shape` (4.3.2: a
    swept move's blocker). A unit's stands tile its footprint, never overlapping (1.5), so
    against a unit (`stands` its StandsOf) the shared area is the sum of the stands' pairwise
    areas, which the kernel clips; Shapely's own area where that sum lies within 1e-9 cm2 of
    `allowed`, and against terrain (`stands` None), as `surroundings.overlapping` does."""
    x, y, facing = pose
    if stands is not None:
        quads = np.array(stand_quads(u, x=x, y=y, facing=facing), dtype=float)
        area = float(kernels.quads_overlap_pairs(quads, stands.boxes, stands.quads)[2].sum())
        if abs(area - allowed) > 1e-9:
            return area > allowed
    return footprint(u, x=x, y=y, facing=facing).intersection(shape).area > allowed


def on_table(st: DaimyoState, u: Unit, strict: bool = False) -> bool:
    """4.3.4: wholly on the table; strict: not touching its edge either (4.6.7)."""
    box = shapely.box(0, 0, st.width, st.height)
    if strict:
        box = box.buffer(-CONTACT_TOLERANCE)
    return box.contains(footprint(u))


# -- hits, stands, leaders -----------------------------------------------------------------
def ride_down_leaders(game, u: Unit, poses) -> None:
    """4.3.3: a non-routing unit whose move (charge, pursuit, follow-up, push back, retire,
    retreat) touches an unattached enemy leader kills him (a 1 cm base, ruling D-31); routers
    do not harm him (ruling D-84). `poses` is the move's path of (x, y, facing)."""
    st = game.state
    if u.routing or not u.alive or len(poses) < 2:
        return
    if not any(leader.alive and leader.side != u.side and not leader.attached_to for leader in st.leaders.values()):
        return                             # no enemy leader alone on the table: no swept ground needed
    reach_cm = LEADER_RADIUS + CONTACT_TOLERANCE
    x0, y0, x1, y1 = _path_box(u, poses, reach_cm)
    swept = None
    for leader in st.leaders.values():
        if not (leader.alive and leader.side != u.side and not leader.attached_to):
            continue
        if not (x0 <= leader.x <= x1 and y0 <= leader.y <= y1):
            continue                       # surely further than reach_cm from the swept ground
        if swept is None:
            fps = [footprint(u, x=x, y=y, facing=f) for x, y, f in poses]
            swept = shapely.union_all([shapely.union_all([a, b]).convex_hull for a, b in zip(fps, fps[1:])])
        if swept.distance(shapely.Point(leader.x, leader.y)) <= reach_cm:
            kill_leader(game, leader, f"ridden down by {u.name}", "4.3.3")


def _path_box(u: Unit, poses, grow: float) -> tuple[float, float, float, float]:
    """An axis box round u's stands at every pose of a path, grown by `grow` cm and 1e-6 more
    for rounding: the ground swept between the poses (their footprints' hulls) lies inside
    it, so a point outside lies further than `grow` from that ground."""
    pts = corners_at(u, list(poses)).reshape(-1, 2)
    lo, hi = pts.min(axis=0) - (grow + 1e-6), pts.max(axis=0) + (grow + 1e-6)
    return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])


def is_active(st: DaimyoState, u: Unit) -> bool:
    """Units acting in this activation: the active clan's, or the activated General's
    hatamoto and the unit he is with (4.1)."""
    if u.side != st.to_move:
        return False
    if st.active_clan and u.clan == st.active_clan:
        return True
    return st.active_general == u.side and (u.hatamoto or st.general(u.side).attached_to == u.id)


# -- terrain questions ---------------------------------------------------------------------
