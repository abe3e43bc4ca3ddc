"""Where a column makes for to pass a bridge or ford (issue 19).

A river is impassable but at its bridges and fords (4.3.1), and a unit passes a crossing
narrower than its line as a column one stand wide (1.5, 4.3.5.4). The ways across the table
(routes.py) are cells several cm wide, so a column following them arrives at a crossing off its
centreline or at an angle, and a move straight ahead from there touches the river and is
refused: on the reference table columns stood at a bridge's end, or across it, for ten turns.
So a column whose way runs over a crossing makes for the crossing's axis: first the point on
the axis a column's half-length short of the near end (facing along it, its stands clear the
river on both sides), then, once on the axis or past that point with its centre within the crossing's width (never
back), the point a
column's half-length beyond the far end (off the crossing, room for the next to come over).

Reads only the terrain and the unit's pose; rolls no dice. The rivers, crossings and axes are
worked out once a game (`Crossings`, kept by the routes: the terrain never changes).
"""
from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import Point

from sim.core.memo import keep
from sim.daimyo import terrain_touch
from sim.daimyo.geometry import terrain_kernels
from sim.daimyo.geometry.kernels import MARGIN
from sim.daimyo.model import Troop

KINDS = ("bridge", "ford")
ROOM_CM = 0.5         # beyond a column's half-length: how far off the crossing's ends its centre aims
SLACK_CM = 0.3        # lateral play on the axis a column keeps from the crossing's sides
START_CM = 3.0        # how near the point short of the near end a column's centre is at the start
WAY_POINTS_MAX = 50_000   # way points a Routes keeps (`way_point`; all dropped when full)
_UNKNOWN = object()


def rivers(st) -> list:
    """The rivers impassable but at their crossings (4.3.1; a wide stream is crossed anywhere)."""
    return [f.shape for f in st.terrain if f.row.effect == "river" and not f.wide_stream]


def features(st) -> list:
    return [f for f in st.terrain if f.kind in KINDS]


class Crossings:
    """The table's rivers and crossings, each crossing's axis worked out once (issue 18: the least
    rotated rectangle was rebuilt on every call); one per terrain, kept by routes.RouteBook."""

    def __init__(self, st):
        self.rivers = rivers(st)
        self.features = features(st)
        self._axes: dict[int, tuple] = {}        # id(feature) -> axis(); self.features keeps them alive
        self._river_tris: tuple | None = None    # the rivers' and the crossings' triangles (terrain_touch),
        self._feature_tris: tuple | None = None  # made when first asked about

    def axis(self, feat) -> tuple:
        got = self._axes.get(id(feat))
        if got is None:
            got = self._axes[id(feat)] = axis(feat, self.rivers)
        return got

    def meets_river(self, a, b) -> bool:
        """Whether the straight line from a to b (a point where they coincide) meets a river:
        `any(r.intersects(_segment(a, b)) for r in self.rivers)`, from the rivers' triangles by
        terrain_kernels, Shapely asked only about a river the kernel cannot tell by MARGIN (a
        touch) or whose triangles do not stand for it exactly (issue 18: a column's way asked
        this 5,500 times a hard reference battle, each a new Shapely line)."""
        if self._river_tris is None:
            self._river_tris = terrain_touch.shapes_triangles(self.rivers)
        tris, owner, exact = self._river_tris
        quad = np.array([[a, b, b, a]], dtype=float)
        state = terrain_kernels.stands_meet_patches(quad, tris, owner, len(self.rivers), MARGIN)[0]
        if (exact & (state == terrain_kernels.MEETS)).any():
            return True
        ask = ~exact | (state == terrain_kernels.UNSURE)
        if not ask.any():
            return False
        line = _segment(a, b)
        return any(self.rivers[i].intersects(line) for i in np.flatnonzero(ask))

    def near_leg(self, a, b, within: float) -> list:
        """The crossings within `within` cm of the straight line from a to b (a point where
        they coincide), in their order: `f.shape.distance(_segment(a, b)) <= within`, the
        distances from the crossings' triangles by terrain_kernels, Shapely's own only where
        the kernel's is within MARGIN of `within` or the triangles do not stand for the
        crossing exactly."""
        if self._feature_tris is None:
            self._feature_tris = terrain_touch.shapes_triangles([f.shape for f in self.features])
        tris, owner, exact = self._feature_tris
        d = terrain_kernels.segment_distances(float(a[0]), float(a[1]), float(b[0]), float(b[1]),
                                              tris, owner, len(self.features))
        out, line = [], None
        for f, dk, sure in zip(self.features, d.tolist(), exact.tolist()):
            if not sure or abs(dk - within) <= MARGIN:
                line = _segment(a, b) if line is None else line
                dk = f.shape.distance(line)
            if dk <= within:
                out.append(f)
        return out


def axis(feat, rivers_) -> tuple[tuple[float, float], float, float, tuple[float, float]]:
    """(centre, half its length, half its width, direction): the crossing's axis is the side of its
    least rotated rectangle whose two ends lie off the river (4.3.1: the way over), the longer
    if both or neither do."""
    rect = feat.shape.minimum_rotated_rectangle
    pts = list(rect.exterior.coords)[:4]
    c = feat.shape.centroid
    cx, cy = c.x, c.y
    sides = []
    for (a, b), (p, q) in (((pts[0], pts[1]), (pts[1], pts[2])), ((pts[1], pts[2]), (pts[0], pts[1]))):
        half = math.dist(a, b) / 2
        d = ((b[0] - a[0]) / (2 * half or 1.0), (b[1] - a[1]) / (2 * half or 1.0))
        ends = [Point(cx + s * half * d[0], cy + s * half * d[1]) for s in (1, -1)]
        dry = sum(not any(r.contains(e) for r in rivers_) for e in ends)
        sides.append((dry, half, math.dist(p, q) / 2, d))
    _, half, half_w, d = max(sides, key=lambda t: (t[0], t[1]))
    return (cx, cy), half, half_w, d


def on_way(routes, here, goal):
    """The crossing the way from `here` to `goal` runs over, else None: the straight line when
    it is clear of impassable ground and meets a crossing, else the first leg to the routes'
    waypoint and on (routes.py). None where the way does not cross a river at all."""
    riv, feats = routes.crossings.rivers, routes.crossings.features
    if not riv or not feats:
        return None
    if routes.clear(here, goal) and not routes.crossings.meets_river(here, goal):
        return None
    near = routes.crossings.near_leg(here, routes.waypoint(here, goal), routes.step)
    if len(near) < 2:
        return near[0] if near else None     # no distance to weigh between crossings
    return min(near, key=lambda f: (f.shape.distance(Point(here)), f.id))


def _segment(a, b):
    """The straight line from a to b (a point where they coincide)."""
    return shapely.linestrings([a, b]) if tuple(a) != tuple(b) else Point(a)


def way_point(routes, u, x: float, y: float, goal) -> tuple[float, float] | None:
    """The point a column one stand wide centred at (x, y) makes for (its centre, not its
    front) on its way to `goal` over a crossing (module docstring): the axis point short of the near end until it stands on the
    axis (its stands within the crossing's width), then the point beyond the far end; None
    where its way crosses no river, or it is past the crossing. Kept with the routes (whose
    terrain never changes) under all it reads of the column: its stands' number and size."""
    key = (u.stands, u.stand_d, u.stand_w, x, y, goal[0], goal[1])
    kept = routes.way_points
    got = kept.get(key, _UNKNOWN)
    if got is _UNKNOWN:
        got = keep(kept, key, _way_point(routes, u, x, y, goal), WAY_POINTS_MAX)
    return got


def _way_point(routes, u, x: float, y: float, goal) -> tuple[float, float] | None:
    feat = on_way(routes, (x, y), goal)
    if feat is None:
        return astride(routes.crossings, u, x, y, goal)
    return _point(_frame(routes.crossings.axis(feat), u, x, y, goal))


def astride(crossings: Crossings, u, x: float, y: float, goal) -> tuple[float, float] | None:
    """The point beyond the crossing's far end (toward `goal`) for a column centred at (x, y) with a
    stand still on a bridge or ford, though the straight way on looks clear: until its rear is
    off, a turn toward the goal swings its stands over the river (4.3.1). None otherwise."""
    for f in crossings.features:
        frame = _frame(crossings.axis(f), u, x, y, goal)
        _, half, half_w, _, along, lateral, length, _ = frame
        if abs(along) < half + length - ROOM_CM and abs(lateral) < half_w + u.stand_w / 2:
            return _point(frame)
    return None


def _frame(axis_, u, x: float, y: float, goal) -> tuple:
    """(centre, half length, half width, direction toward the goal's bank, the column's centre
    along and across the axis, half the column's length and ROOM_CM) of a crossing's `axis`."""
    (cx, cy), half, half_w, d = axis_
    if (goal[0] - cx) * d[0] + (goal[1] - cy) * d[1] < 0:
        d = (-d[0], -d[1])                       # toward the goal's bank
    along = (x - cx) * d[0] + (y - cy) * d[1]
    lateral = -(x - cx) * d[1] + (y - cy) * d[0]
    return (cx, cy), half, half_w, d, along, lateral, u.stands * u.stand_d / 2 + ROOM_CM, u.stand_w


def _point(frame) -> tuple[float, float] | None:
    (cx, cy), half, half_w, d, along, lateral, length, stand_w = frame
    if along > half + length:
        return None                              # over and off it
    if abs(lateral) <= max(0.0, half_w - stand_w / 2 - SLACK_CM) or \
            along > ROOM_CM - (half + length) and abs(lateral) <= half_w:
        # on the axis, or past its start with its centre within the crossing's width: over
        # and off the far end; beside the crossing's end it goes back to the axis (counting
        # any column past the start as over drew one to the river's edge beside the bridge's
        # end, where every move ahead touches the river: reference game 8)
        s = half + length
    else:
        s = -(half + length)                     # to the axis short of the near end first
    return (cx + s * d[0], cy + s * d[1])


def at_start(routes, u, x: float, y: float, goal) -> bool:
    """A column one stand wide centred at (x, y) stands at the start of the crossing on its way
    to `goal`: its centre on the axis (its stands within the crossing's width, SLACK_CM to
    spare) and within START_CM of the point short of the near end, not yet on the crossing.
    From there a reform (4.3.5.4; it keeps the centre, ruling D-38) faces it along the axis
    exactly, and the next move takes it straight over."""
    feat = on_way(routes, (x, y), goal)
    if feat is None:
        return False
    _, half, half_w, _, along, lateral, length, stand_w = _frame(routes.crossings.axis(feat), u, x, y, goal)
    return abs(lateral) <= max(0.0, half_w - stand_w / 2 - SLACK_CM) and abs(along + half + length) <= START_CM


def blocks(crossings: Crossings, u, shape, files: int) -> bool:
    """A unit in a line wider than a bridge or ford (1.5: `files` stands a rank) standing with
    its footprint `shape` within its own column's length of the crossing's end: it stands
    across the way of any column coming over or going on (reference game 8: a mounted line of
    five stands at a bridge's end for eight turns, the rest of its army behind it)."""
    if files < 2:
        return False
    return any(files * u.stand_w > 2 * crossings.axis(f)[2] and _within_column(f, u, shape)
               for f in crossings.features)


def clear_of(crossings: Crossings, u, shape) -> bool:
    """u's footprint `shape` stands at least its own column's length off every bridge and ford:
    room for a friend's column to come off behind it."""
    return not any(_within_column(f, u, shape) for f in crossings.features)


def _within_column(feat, u, shape) -> bool:
    """`shape` lies within u's column's length (1.5: its stands one behind the other) of the
    crossing `feat`."""
    return feat.shape.distance(shape) < u.stands * u.stand_d


QUEUE_CM = 12.0       # radius about a crossing's end within which one friend at a time stands (`queue`)
QUEUE_STATES = ("approach", "engage", "form_up")


def centre(u, x: float, y: float, facing: float, files: int) -> tuple[float, float]:
    """The centre of u's footprint in the pose (its front centre at (x, y), 1.5)."""
    r = math.radians(facing)
    half = math.ceil(u.stands / max(1, files)) * u.stand_d / 2
    return x - half * math.cos(r), y - half * math.sin(r)


def _end(crossings: Crossings, feat, cx: float, cy: float) -> tuple[float, float, float]:
    """(the end of `feat` on the bank of the point (cx, cy), and how far past it, away from the
    crossing, the point lies along its axis)."""
    (ax, ay), half, _, d = crossings.axis(feat)
    along = (cx - ax) * d[0] + (cy - ay) * d[1]
    s = 1.0 if along >= 0 else -1.0
    return ax + s * half * d[0], ay + s * half * d[1], abs(along) - half


def queue(crossings: Crossings, st, side: str, plans: dict) -> dict:
    """Daimyo 4.3.2 at a bridge's or ford's end (docs/ai.md "One friend at a time at a
    crossing's end"): of the friends closing on the enemy (their clans approaching, forming up or
    engaging) whose centres stand within QUEUE_CM of a crossing's end on their bank, not yet on
    it, the nearest has the end; every other friend closing on the enemy: {unit id: [the end on
    its bank (x, y), and the room (x, y, radius) each first's reform sweeps]}, to keep clear of
    (`queued`). On the reference table two columns of two clans met
    head on short of the bridge, each in the other's way and in the way of the axis, and nine
    units stood there from turn 6 to 20 (normal - normal game 1)."""
    if not crossings.features:
        return {}
    units = [u for u in st.living(side) if u.troop not in (Troop.HQ, Troop.ARTILLERY) and not u.routing
             and not u.in_melee_with and plans.get(u.clan) is not None
             and plans[u.clan].state in QUEUE_STATES]
    out: dict = {}
    for f in crossings.features:
        near: dict = {}       # end -> the friends within QUEUE_CM of it, nearest first
        ends: dict = {}
        for u in units:
            cx, cy = centre(u, u.x, u.y, u.facing, u.files)
            ex, ey, past = _end(crossings, f, cx, cy)
            end = (round(ex, 6), round(ey, 6))
            ends[u.id] = end
            gap = math.hypot(cx - ex, cy - ey)
            if past >= 0.0 and gap < QUEUE_CM:
                near.setdefault(end, []).append((gap, u.id))
        first = {end: min(got)[1] for end, got in near.items()}
        rooms = []
        for uid in first.values():
            h = st.units[uid]
            cx, cy = centre(h, h.x, h.y, h.facing, h.files)
            # the room its reform onto the axis sweeps (4.3.5.4, about its centre, ruling D-38)
            rooms.append((cx, cy, math.hypot(h.depth, h.width) / 2 + 0.5))
        for uid, end in ends.items():
            if end in first and first[end] != uid:
                out.setdefault(uid, []).append(end)
                out[uid].extend(rooms)
    return out


def queued(crossings: Crossings, u, ends: list, x: float, y: float, facing: float, files: int) -> float:
    """How far into the room about the crossing ends and the friends that have them (`queue`)
    u stands in the pose: for an end (x, y), 1 with u's centre anywhere within QUEUE_CM of it
    (not on the crossing) and up to 1 more nearer the end - the way there is not worth a place
    in another's room; for the friend's room (x, y, radius) about its centre, the same with u's
    footprint nearer its centre than the radius (out of it, the friend at the end may wheel or
    reform onto the axis, 4.3.2)."""
    cx, cy = centre(u, x, y, facing, files)
    total = 0.0
    for got in ends:
        if len(got) == 3:
            gap = _to_rectangle(u, x, y, facing, files, got[0], got[1])
            if gap < got[2]:
                total += 2.0 - gap / got[2]
            continue
        ex, ey = got
        gap = math.hypot(cx - ex, cy - ey)
        if gap < QUEUE_CM and not _on_crossing(crossings, ex, ey, cx, cy):
            total += 2.0 - gap / QUEUE_CM
    return total


def _to_rectangle(u, x: float, y: float, facing: float, files: int, px: float, py: float) -> float:
    """The distance from the point (px, py) to u's footprint in the pose (its front centre at
    (x, y); the rear rank taken whole)."""
    r = math.radians(facing)
    fx, fy = math.cos(r), math.sin(r)
    ahead = (px - x) * fx + (py - y) * fy
    side = (px - x) * fy - (py - y) * fx
    depth = math.ceil(u.stands / max(1, files)) * u.stand_d
    half = min(files, u.stands) * u.stand_w / 2
    return math.hypot(max(0.0, ahead, -depth - ahead), max(0.0, abs(side) - half))


def _on_crossing(crossings: Crossings, ex: float, ey: float, cx: float, cy: float) -> bool:
    """The point (cx, cy) lies past the crossing end (ex, ey) onto the crossing."""
    for f in crossings.features:
        got = _end(crossings, f, cx, cy)
        if abs(got[0] - ex) < 1e-6 and abs(got[1] - ey) < 1e-6:
            return got[2] < 0.0
    return False
