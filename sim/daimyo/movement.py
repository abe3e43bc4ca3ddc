"""Movement and manoeuvre orders (4.3): planning (validation, no mutation) and execution.

`plan` computes the whole outcome of an order along its swept path - where the unit ends,
what it costs in cm, which terrain, friends and leaders it meets - or raises a RuleError
naming the section broken. `execute` applies a plan and emits its events; the path in
`UnitMoved` is the exact one taken, for the renderer to animate.

Sweeps are checked with Shapely: the stands' swept hulls against the other stands read from
the table arrays (geometry.table), whose axis boxes pick the pairs Shapely is asked about.
The shared effects of a move (disorder, removal, leaders run down) are in effects.py.
Where along the path terrain or friends start and stop touching comes from sweep.py, exact
to far below a millimetre. Leader moves are in leaders.py; the menus of orders a scripted or
random player picks from, in menus.py.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import Point

from sim.core.errors import RuleError
from sim.core.events import Note
from sim.daimyo import actions as A
from sim.daimyo.events import FormationChanged, UnitMoved
from sim.daimyo.derived import derived
from sim.daimyo.geometry import CONTACT_TOLERANCE, LEADER_RADIUS, direction, footprint, table_box
from sim.daimyo.geometry.shapes import SHAPES_MAX, Swept, make_room, quad_polygons
from sim.daimyo import artillery, plan_memo, terrain_touch
from sim.daimyo.effects import PASSED_BY_MISSILE, kill_leader, make_disordered, remove_unit
from sim.daimyo.model import Formation, Troop, Unit
from sim.daimyo.geometry.kernels import overlap_areas, quads_overlap_pairs
from sim.daimyo.geometry import sweep_boxes
from sim.daimyo.geometry.sweep_boxes import EDGE, ENEMIES, FRIENDS, LEADERS, TERRAIN
from sim.daimyo.geometry.table import arrays, in_step
from sim.daimyo.leaders import leader_xy
from sim.daimyo.state import DaimyoState
from sim.daimyo.sweep import SHRINK_CM, Motion, bisect, bisect_clear, measure, minus, runs
from sim.daimyo.tables import tables
from sim.daimyo.terrain import terrain_map

SYSTEM = "daimyo"
EPS = 1e-6
LEADER_REACH = LEADER_RADIUS + CONTACT_TOLERANCE + 1e-6   # 4.3.3: a leader this near a piece's box may touch it
OVERLAP = 1e-6          # cm^2: stands overlapping less than this only touch
# what sweep_boxes.near asks of the friends, by motion: a straight move's hull, a jump's end pose
_FRIENDS_ASKED = {"straight": sweep_boxes.STRAIGHT, "jump": sweep_boxes.END, "wheel": sweep_boxes.POSES}


def _err(rule: str, msg: str) -> RuleError:
    return RuleError(rule, msg, SYSTEM)


# -- the move allowance (4.3) -------------------------------------------------------------
def base_move(u: Unit) -> float:
    """4.3 movement table (6.1 for guns): the normal move in good order on open ground."""
    return u.move_row.normal


def max_move(st: DaimyoState, u: Unit) -> float:
    """The allowance for this turn: the table move, +3 cm in column (4.3), doubled by a
    surprise march (5.3), weather (6.2). Fixed by the turn's first order, so a 90-degree turn
    into column adds nothing (D-35)."""
    if u.move_allowance:
        return u.move_allowance
    allowance = base_move(u)
    if u.formation is Formation.COLUMN and u.troop is not Troop.ARTILLERY:
        allowance += tables().manoeuvre.column_bonus_cm
    if st.event == "surprise_march" and st.event_clan == u.clan and not u.hatamoto:
        allowance *= 2                    # 5.3 event 3: the first activated clan (ruling D-82)
    if st.weather in ("heavy_rain", "thunderstorm"):
        allowance -= 3.0                  # 6.2: -3 cm from every move
    elif st.weather == "snowing":
        allowance /= 2                    # 6.2: all moves halved
    return max(allowance, 0.0)


def remaining(st: DaimyoState, u: Unit) -> float:
    return max_move(st, u) - u.move_used


def _column_bonus_in(st: DaimyoState, u: Unit) -> bool:
    """Whether this turn's allowance holds the column's +3 cm (marked when it was fixed)."""
    if u.move_allowance:
        return "+column" in u.terrain_paid
    return u.formation is Formation.COLUMN and u.troop is not Troop.ARTILLERY


# -- the plan -----------------------------------------------------------------------------
@dataclass
class Plan:
    action: A.Action
    unit: str
    path: list[tuple[float, float, float]]
    cost: float
    how: str
    files: int | None = None
    ends_movement: bool = False
    disorder: list[tuple[str, str]] = field(default_factory=list)   # (cause, rule)
    leaves_table: bool = False
    passed: list[str] = field(default_factory=list)        # friends interpenetrated (4.3.2)
    walked_into: list[str] = field(default_factory=list)   # friends it would have ended inside
    kills: list[str] = field(default_factory=list)         # enemy leaders contacted (4.3.3)
    paid: list[str] = field(default_factory=list)          # flat terrain costs paid now
    turned: int = 0
    allowance: float = 0.0
    notes: list[tuple[str, str]] = field(default_factory=list)


class _Others:
    """The other stands on the table, split into friends and enemies, read from the table arrays
    (geometry.table); axis boxes pick the candidate pairs, Shapely answers for those. The
    stands' Shapely polygons are made only for the pairs that need them (most moves pass far
    from everyone)."""

    def __init__(self, st: DaimyoState, u: Unit):
        t = arrays(st)
        mine = t.stand_side == hash(u.side)
        friend = mine.copy()
        if u.id in t.row:
            friend[t.stands_of(u.id)] = False      # its own stands are neither friend nor enemy
        friend = np.flatnonzero(friend)
        # copies: the table's arrays are rewritten in place when units move
        self.friend_ids, self.friend_boxes, self.friend_corners = t.owner[friend], t.boxes[friend], t.corners[friend]
        self._table, self._build, self._mine = t, t.build, mine
        self._friend_polys = self._enemy_polys = None

    @cached_property
    def _enemies(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The enemy stands' ids, boxes and corners, copied when first asked for (few moves come
        within the approach of an enemy, 4.4): within the same table build as the friends."""
        t = self._table
        assert t.build == self._build, "the table arrays changed under a movement plan"
        enemy = np.flatnonzero(~self._mine)
        return t.owner[enemy], t.boxes[enemy], t.corners[enemy]

    enemy_ids = property(lambda self: self._enemies[0])
    enemy_boxes = property(lambda self: self._enemies[1])
    enemy_corners = property(lambda self: self._enemies[2])

    @property
    def friend_polys(self) -> np.ndarray:
        if self._friend_polys is None:
            self._friend_polys = quad_polygons(self.friend_corners)
        return self._friend_polys

    @property
    def enemy_polys(self) -> np.ndarray:
        if self._enemy_polys is None:
            self._enemy_polys = quad_polygons(self.enemy_corners)
        return self._enemy_polys

    def friend_polys_at(self, which) -> np.ndarray:
        """Polygons of the friendly stands `which` (indices or mask), the same as
        `friend_polys[which]`."""
        if self._friend_polys is not None:
            return self._friend_polys[which]
        return quad_polygons(self.friend_corners[which]).reshape(-1)

    def enemy_polys_at(self, which) -> np.ndarray:
        if self._enemy_polys is not None:
            return self._enemy_polys[which]
        return quad_polygons(self.enemy_corners[which]).reshape(-1)

    def friend_overlaps(self, pieces: Swept) -> tuple[np.ndarray, np.ndarray]:
        """Pairs (index into pieces, friend unit id) that overlap beyond touching."""
        if len(self.friend_ids) == 0 or len(pieces) == 0:
            return np.empty(0, dtype=int), np.empty(0, dtype=object)
        src, dst = pieces.near(self.friend_boxes, 0.0)
        if len(src) == 0:
            return src, np.empty(0, dtype=object)
        coords, first, verts, unsure = pieces.rings(src)
        if not unsure.any():            # the kernel reads the pieces' rings: no polygons made
            found, ids = self._overlapping(coords, first, verts, np.arange(len(src)), dst,
                                           lambda rows: pieces.at(src[rows]))
            return src[found], ids
        # only the pieces near a friend become polygons (one per pair, in the pairs' order)
        found, ids = self._overlaps_of(pieces.at(src), np.arange(len(src)), dst)
        return src[found], ids

    def _overlaps_of(self, polys: np.ndarray, src: np.ndarray, dst: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if (shapely.get_type_id(polys) == 3).all():      # convex stands and hulls: the kernel's area
            coords, ring = shapely.get_coordinates(polys, return_index=True)
            count = np.bincount(ring, minlength=len(polys))
            first = np.concatenate([[0], np.cumsum(count)[:-1]])
            return self._overlapping(coords, first, count - 1, src, dst, lambda rows: polys[rows])
        area = shapely.area(shapely.intersection(polys[src], self.friend_polys_at(dst)))
        keep = area > OVERLAP
        return src[keep], self.friend_ids[dst[keep]]

    def friend_quad_overlaps(self, quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`friend_overlaps` of stands given by their corners (n, 4, 2), read by the kernel from
        the corners themselves (the coordinates Shapely's polygons of them would hold)."""
        if len(self.friend_ids) == 0 or len(quads) == 0:
            return np.empty(0, dtype=int), np.empty(0, dtype=object)
        quads = np.ascontiguousarray(quads, dtype=float)
        # the boxes' pairs and their clipped areas in one kernel call
        src, dst, area = quads_overlap_pairs(quads, self.friend_boxes, self.friend_corners)
        if len(src) == 0:
            return src, np.empty(0, dtype=object)
        return self._kept(area, src, dst, lambda rows: quad_polygons(quads[rows]))

    def _overlapping(self, coords, first, verts, src, dst, polys_at):
        """4.3.2: the candidate pairs (src, dst) whose shared area exceeds OVERLAP, from the
        kernel's clipped areas; Shapely's own area within 1e-9 cm2 of the threshold."""
        return self._kept(overlap_areas(coords, first, verts, src, self.friend_corners, dst), src, dst, polys_at)

    def _kept(self, area, src, dst, polys_at):
        """`_overlapping` of the pairs whose kernel areas are `area`."""
        unsure = np.abs(area - OVERLAP) <= 1e-9
        if unsure.any():
            area[unsure] = shapely.area(shapely.intersection(polys_at(src[unsure]), self.friend_polys_at(dst[unsure])))
        keep = area > OVERLAP
        return src[keep], self.friend_ids[dst[keep]]

    def enemies_within(self, pieces: Swept, distance: float) -> np.ndarray:
        """Ids of enemy units with a stand within `distance` cm of any of `pieces`."""
        if len(self.enemy_ids) == 0 or len(pieces) == 0:
            return np.empty(0, dtype=object)
        src, dst = pieces.near(self.enemy_boxes, distance)
        near = shapely.dwithin(pieces.at(src), self.enemy_polys_at(dst), distance)
        return self.enemy_ids[dst[near]]


def _others(st: DaimyoState, u: Unit) -> _Others:
    """`_Others` for `u`, reused while the table arrays stand (a menu plans several orders for
    each unit against the same table)."""
    t = arrays(st)
    cache = derived(st, "others", dict, t.build)
    got = cache.get(u.id)
    if got is None:
        got = cache[u.id] = _Others(st, u)
    return got


@contextmanager
def reading(st: DaimyoState):
    """While the table is only read (an AI weighing its menu): the plan memo is brought up to
    date once, not at every plan, and the table arrays are checked once. The state must not
    change inside the block."""
    m = plan_memo.memo(st)
    m.sync(st)
    outer, m.frozen = m.frozen, True
    try:
        with in_step(st):           # the table arrays, too, are trusted while nothing moves
            yield
    finally:
        m.frozen = outer


@contextmanager
def afresh(st: DaimyoState):
    """Every plan inside the block is computed anew, remembering nothing (tests compare)."""
    outer = st.geometry_cache.get("plan_afresh", False)
    st.geometry_cache["plan_afresh"] = True
    try:
        yield
    finally:
        st.geometry_cache["plan_afresh"] = outer


class applying:
    """While the game applies an action: a plan the memo does not hold is handed from the
    order's validation to its execution (`_handed`) rather than remembered, so a game whose
    menus are never listed (a replay of its orders) keeps no memo at all. (A class, as
    geometry.table.in_step.)"""
    __slots__ = ("cache", "outer")

    def __init__(self, st: DaimyoState):
        self.cache = st.geometry_cache

    def __enter__(self) -> None:
        self.outer = self.cache.get("applying", False)
        self.cache["applying"] = True

    def __exit__(self, *exc) -> None:
        self.cache["applying"] = self.outer


def _remembered(st: DaimyoState, u: Unit, key, work):
    """`work()` (a plan or something derived from plans of `u`), or its RuleError, remembered
    across decisions while nothing it could read changed (plan_memo)."""
    cache = st.geometry_cache
    if cache.get("plan_afresh"):
        return work()
    m = plan_memo.memo(st)
    if cache.get("applying") and not m.units:
        return _handed(st, key, work)
    m.sync(st)
    entries = m.entries(st, u)
    got = entries.get(key)
    if got is None:
        try:
            got = entries[key] = (work(), plan_memo.reach(u, key[1]))
        except RuleError as exc:
            got = entries[key] = (exc, plan_memo.reach(u, key[1]))
    if isinstance(got[0], RuleError):
        raise got[0].with_traceback(None)
    return got[0]


def _handed(st: DaimyoState, key, work):
    """`work()` or its RuleError, reused at the same table version (geometry.table: nothing
    changed since): an order's validation hands its plan to its execution."""
    stamp = (st.geometry_cache.get("version", 0), key)
    got = st.geometry_cache.get("handed")
    if got is None or got[0] != stamp:
        try:
            got = (stamp, work())
        except RuleError as exc:
            got = (stamp, exc)
        st.geometry_cache["handed"] = got
    if isinstance(got[1], RuleError):
        raise got[1].with_traceback(None)
    return got[1]


def plan(st: DaimyoState, action: A.Action) -> Plan:
    u = st.units.get(getattr(action, "unit", None))
    if u is None:
        return _plan(st, action)
    return _remembered(st, u, ("plan", action), lambda: _plan(st, action))


def _plan(st: DaimyoState, action: A.Action) -> Plan:
    u = st.units[action.unit]
    if isinstance(action, A.Hold):
        return Plan(action, u.id, [(u.x, u.y, u.facing)], 0.0, "hold", ends_movement=True)
    if u.reforming:
        raise _err("4.3.5.4", f"{u.id} has reformed and may not move further this turn")
    if u.blocked:
        raise _err("4.3.2", f"{u.id} was walked into by a friendly unit and may not move further this turn")
    if u.fell_back:
        raise _err("4.3.5.3", f"{u.id} has fallen back; that was its move this turn")
    if u.mounting:
        raise _err("1.7", f"{u.id} is mounting up and cannot move until next turn")
    if u.in_melee_with:
        raise _err("4.6", f"{u.id} is in melee with {', '.join(u.in_melee_with)}; only combat moves it")
    if u.troop is Troop.ARTILLERY and (why := artillery.order_problem(st, u, action)):
        raise _err(*why)
    start = (u.x, u.y, u.facing)
    if isinstance(action, A.Move):
        if not action.distance > EPS:
            raise _err("4.3", "a move goes straight ahead by a positive distance (use FallBack to go back)")
        return _plan_motion(st, u, action, Motion(u, "straight", start, length=action.distance), "move", 1.0)
    if isinstance(action, A.FallBack):
        return _plan_fall_back(st, u, action)
    if isinstance(action, A.Turn):
        return _plan_turn(st, u, action)
    if isinstance(action, A.Wheel):
        return _plan_wheel(st, u, action)
    if isinstance(action, A.Reform):
        return _plan_reform(st, u, action)
    raise _err("4.3", f"unknown movement order {action.kind}")


def _plan_fall_back(st, u, action) -> Plan:
    """4.3.5.3: straight back facing the enemy, 3 cm regardless of terrain; missile ashigaru
    half their move and may still shoot, measured from where they started. Falling back is
    the unit's whole move this turn (ruling D-36)."""
    limit = tables().manoeuvre.fall_back_cm
    if u.missile_ashigaru:
        limit = base_move(u) / 2
    if not EPS < action.distance <= limit + EPS:
        raise _err("4.3.5.3", f"{u.id} may fall back more than 0 and at most {limit:g} cm")
    if u.move_used > EPS:
        raise _err("4.3.5.3", f"{u.id} has already moved; falling back is a whole move")
    motion = Motion(u, "straight", (u.x, u.y, u.facing), length=-action.distance)
    p = _plan_motion(st, u, action, motion, "fall_back", 0.0, free_terrain=True)
    p.cost = max_move(st, u)
    p.ends_movement = True
    return p


def _plan_turn(st, u, action) -> Plan:
    """4.3.5.2: 90 or 180 degrees; Elite/Veteran pay 1/4 of their move, others 1/2, doubled
    when disordered; at most 180 degrees a turn. A 90-degree turn swaps line and column: the
    ranks become files and the new front lies along the flank turned to (ruling D-37)."""
    if action.angle not in (90, -90, 180, -180):
        raise _err("4.3.5.2", "units turn 90 degrees left (90), right (-90) or about (180)")
    if u.troop is Troop.ARTILLERY:
        raise _err("6.1", "guns rotate with Reform, not Turn")
    if turns_too_far(u, action.angle):
        raise _err("4.3.5.2", f"{u.id} has turned {u.turned_deg} degrees; at most 180 a turn")
    cost = turn_cost(u)
    halted = u.halted_turns > 0                    # 5.1 Halt: the about-face is all it does (D-80)
    fwd, right = direction(u.facing), direction(u.facing - 90)
    p0 = np.array([u.x, u.y])
    if abs(action.angle) == 180:
        files = u.files
        front = p0 - fwd * u.depth
        facing = (u.facing + 180) % 360
    else:
        files = min(u.ranks, u.stands)
        width = files * u.stand_w
        side = -1 if action.angle > 0 else 1           # the corner on the side turned to
        corner = p0 + right * side * (u.width / 2)
        front = corner - fwd * (width / 2)
        facing = (u.facing + action.angle) % 360
    end = (float(front[0]), float(front[1]), float(facing))
    motion = Motion(u, "jump", (u.x, u.y, u.facing), end=end, files=files)
    p = _plan_motion(st, u, action, motion, "turn", cost)
    p.turned = abs(action.angle)
    p.ends_movement = halted
    return p


def turns_too_far(u: Unit, angle: float) -> bool:
    """4.3.5.2: at most 180 degrees of turning a turn."""
    return u.turned_deg + abs(angle) > tables().terrain_effects.max_turn_deg


def turn_cost(u: Unit) -> float:
    """4.3.5.2: a turn's share of the move before the ground's (Elite/Veteran 1/4, others 1/2,
    doubled when disordered); nothing for a halted unit's about-face (5.1 Halt, ruling D-80)."""
    if u.halted_turns > 0:
        return 0.0
    m = tables().manoeuvre
    return m.turn_fraction[u.quality.value] * base_move(u) * (m.disorder_factor if u.disordered else 1)


def _plan_wheel(st, u, action) -> Plan:
    """4.3.5.1: forwards, pivoting on the inner front corner; the outer corner's arc is the
    distance, x1 Elite/Veteran, x2 Regular, x3 Raw, doubled again if disordered (ruling D-9)."""
    if not EPS < abs(action.angle) <= 180:
        raise _err("4.3.5.1", "wheel by a non-zero angle of at most 180 degrees")
    if u.troop is Troop.ARTILLERY:
        raise _err("6.1", "guns move straight forward only")
    m = tables().manoeuvre
    factor = m.wheel_cost[u.quality.value] * (m.disorder_factor if u.disordered else 1)
    return _plan_motion(st, u, action, _wheel_motion(u, action.angle), "wheel", factor)


def _wheel_motion(u: Unit, angle: float) -> Motion:
    right = direction(u.facing - 90)
    side = -1 if angle > 0 else 1                      # left wheel pivots on the left corner
    pivot = np.array([u.x, u.y]) + right * side * (u.width / 2)
    arc = math.radians(abs(angle)) * u.width
    return Motion(u, "wheel", (u.x, u.y, u.facing), length=arc, angle=angle,
                  pivot=(float(pivot[0]), float(pivot[1])))


def wheel_unhindered(st: DaimyoState, u: Unit, a: A.Wheel) -> bool:
    """The wheel stays on the table and does not end inside a friend, so it is not cut short
    and pays for its whole arc (4.3.5.1, 4.3.2); remembered with the plans."""
    def work() -> bool:
        motion = _wheel_motion(u, a.angle)
        corners = motion.corners(motion.samples())
        return _well_inside(st, corners) and not len(_others(st, u).friend_quad_overlaps(corners[-1])[0])
    return _remembered(st, u, ("beyond", a), work)


def _plan_reform(st, u, action) -> Plan:
    """4.3.5.4 / 4.2.2: any facing and formation about the unit's centre (ruling D-38); the
    unit moves and shoots no further this turn. It must not have moved yet (ruling D-30)."""
    if not 1 <= action.files <= u.stands:
        raise _err("1.5", f"{u.id} has {u.stands} stands; files must be 1-{u.stands}")
    if u.moved or u.move_used > EPS:
        raise _err("4.3.5.4", f"{u.id} has already moved; reforming takes the whole turn")
    end = reformed_pose(u, action.facing, action.files)
    motion = Motion(u, "jump", (u.x, u.y, u.facing), end=end, files=action.files)
    p = _plan_motion(st, u, action, motion, "reform", 0.0, free_terrain=True)
    p.cost = 0.0
    p.ends_movement = True
    return p


def reformed_pose(u: Unit, facing: float, files: int) -> tuple[float, float, float]:
    """4.3.5.4: the front centre and facing of u reformed to `facing` with `files` files, about
    the unit's centre (ruling D-38)."""
    centre = np.array([u.x, u.y]) - direction(u.facing) * (u.depth / 2)
    depth = math.ceil(u.stands / files) * u.stand_d
    facing = facing % 360
    front = centre + direction(facing) * (depth / 2)
    return float(front[0]), float(front[1]), float(facing)


def _plan_motion(st: DaimyoState, u: Unit, action, motion: Motion, how: str, factor: float,
                 free_terrain: bool = False) -> Plan:
    """Validate one motion along its swept path and price it (4.3, 4.3.1-4.3.4, 4.4)."""
    leaves = False
    notes = []
    table = _table(st)

    def on_table(c):
        return bool(shapely.contains(table, quad_polygons(c)).all())

    # 4.3.4: if any part of any stand leaves the table, the unit is removed there (ruling D-49).
    s = motion.samples()
    corners = motion.corners(s)
    tmap = terrain_map(st, u.cavalry, u.stands)
    # the questions below about friends, enemies, terrain and leaders are asked only of what
    # the sweep's boxes come near: the rest would find no candidate (nor are its pieces made
    # when it comes near nothing)
    near = _near(st, u, tmap, corners, motion.kind)
    # every corner clear of the edges: all stands on the table, nothing to ask (a plan's arrays
    # and their .all() cost more inside a replay than their size says: fewer calls an order)
    inside = None
    if near & EDGE:
        inside = shapely.contains(table, quad_polygons(corners.reshape(-1, 4, 2))).reshape(len(s), -1).all(axis=1)
    if inside is not None and not inside.all():
        if motion.kind == "jump":
            raise _err("4.3.4", f"{u.id} would turn or reform with stands off the table")
        first = int(np.argmin(inside))
        if first == 0:
            raise _err("4.3.4", f"{u.id} is already partly off the table")
        motion = motion.cut(bisect(motion, s[first - 1], s[first], on_table, against=table, sure=True))
        leaves = True
        notes.append((f"{u.id} goes off the table", "4.3.4"))
        s = motion.samples()
        corners = motion.corners(s)
        near = _near(st, u, tmap, corners, motion.kind)
    others = _others(st, u) if near & (FRIENDS | ENEMIES) else None

    # 4.3.2: a unit that would end inside a friend is placed behind it (ruling D-42).
    walked: list[str] = []
    k = u.stands
    # only the end pose decides; the path is searched only when it ends inside a friend
    if not leaves and near & FRIENDS and len(others.friend_quad_overlaps(corners[-1])[0]):
        src, ids = others.friend_quad_overlaps(corners.reshape(-1, 4, 2))
        hit = np.zeros(len(s), dtype=bool)
        hit[np.unique(src // k)] = True
        if hit[-1]:
            walked = sorted(set(ids[src // k == len(s) - 1].tolist()))
            if motion.kind == "jump":
                raise _err("4.3.2", f"{u.id} would turn or reform into {', '.join(walked)}")
            j = len(s) - 1
            while j >= 0 and hit[j]:
                j -= 1
            if j < 0:
                raise _err("4.3.2", f"{u.id} cannot be placed behind {', '.join(walked)}")

            rows = _rows_of(others, set(ids.tolist()))
            motion = motion.cut(bisect_clear(motion, s[j], s[j + 1], others.friend_corners[rows],
                                             lambda which: _shrunk_friends(st, others, rows[which])))
            if abs(motion.length) < CONTACT_TOLERANCE:
                # ruling D-114: already behind that friend, the order would not move the unit
                # (an order that changes nothing could be given again and again, without end)
                raise _err("4.3.2", f"{u.id} is already against {', '.join(walked)}; "
                                    f"that {how.replace('_', ' ')} would not move it")
            notes.append((f"{u.id} would end inside {', '.join(walked)} and stops behind it", "4.3.2"))
            s = motion.samples()
            corners = motion.corners(s)
            near = _near(st, u, tmap, corners, motion.kind)

    pieces = _swept(motion, corners) if near else None
    if near & ENEMIES:
        _check_enemies(st, u, others, pieces)
    entered = None              # the sweep comes near no patch: none entered (read only then)
    if near & TERRAIN:
        entered = terrain_touch.pieces_meet(st, tmap, pieces, "entering")
        for i in np.flatnonzero(entered).tolist():
            patch = tmap.patches[i]
            if patch.effect == "impassable":
                raise _err("4.3.1", f"{patch.id} ({patch.kind}) is impassable to {u.id}")
    if u.troop is Troop.ARTILLERY and how == "move" and tmap.patches and near & TERRAIN:
        rough = terrain_touch.pieces_meet(st, tmap, pieces, "touching")
        if any(rough[i] and p.effect != "road" for i, p in enumerate(tmap.patches)):
            raise _err("6.1", f"guns move on clear terrain only; {u.id} would touch rough ground")

    # 4.3.2 interpenetration: friends passed through along the way (a turn or reform has no way:
    # its end pose was checked above).
    passed = []
    if motion.kind != "jump" and near & FRIENDS:
        passed = sorted(set(others.friend_overlaps(pieces)[1].tolist()) - set(walked))

    # 4.3.3 unattached enemy leaders touched are killed.
    kills = leaders_contacted(st, u, pieces) if near & LEADERS else []

    # 4.3.1 terrain: cost while touching, flat costs on first touch, disorder on entering.
    cost, paid, disorder = _terrain_cost(st, u, motion, s, corners, tmap, entered, factor, free_terrain,
                                         pieces if near & TERRAIN else None)
    for f in passed:
        if not (u.missile_ashigaru and not st.units[f].moved):     # ruling D-43
            disorder.append((f"passed through {f}", "4.3.2"))
            break
    if u.passed_by_missile:
        disorder.append(PASSED_BY_MISSILE)
    if motion.kind == "jump" and how == "reform":
        disorder = [d for d in disorder if d[1] != "4.3.1"]

    used = u.move_used
    allowance = max_move(st, u)
    if how not in ("fall_back", "reform") and used + cost > allowance + EPS:
        open_ground = factor * (1.0 if motion.kind == "jump" else abs(motion.length))
        rule = "4.3.1" if paid or cost > open_ground + EPS else _rule(how)
        raise _err(rule, f"{how} costs {cost:.2f} cm; {u.id} has {allowance - used:.2f} of {allowance:g} left")
    if u.hatamoto and not leaves:
        _check_hatamoto_leash(st, u, motion)
    p = Plan(action, u.id, motion.path(), cost, how, files=motion.files, disorder=disorder,
             leaves_table=leaves, passed=passed, walked_into=walked, kills=kills, paid=paid,
             allowance=allowance, notes=notes)
    return p


def _rows_of(others: _Others, units: set) -> np.ndarray:
    """The friendly stands of `units`, in table order (each unit's rows one after another)."""
    ids = others.friend_ids
    return np.flatnonzero(np.fromiter(map(units.__contains__, ids), bool, len(ids)))


def _shrunk_friends(st: DaimyoState, others: _Others, rows: np.ndarray) -> np.ndarray:
    """4.3.2: the friendly stands `rows` (`_rows_of`) shrunk by sweep.SHRINK_CM so that
    touching is not overlapping (GEOS's buffer, 15-20 us a stand; the halvings ask it only near
    the boundary). Each friend's are kept in its transient `shapes` memo under its stands' very
    corners (the same polygons for the same coordinates)."""
    ids = others.friend_ids[rows]
    if len(ids) == 0:
        return np.empty(0, dtype=object)
    out = []
    for fid in dict.fromkeys(ids.tolist()):        # each friend's rows are contiguous
        mine = rows[ids == fid]
        quads = others.friend_corners[mine]
        memo = st.units[fid].shapes
        key = ("shrunk", quads.tobytes())
        got = memo.get(key)
        if got is None:
            if len(memo) >= SHAPES_MAX:
                make_room(memo)
            got = memo[key] = shapely.buffer(others.friend_polys_at(mine), -SHRINK_CM, join_style="mitre")
        out.append(got)
    return np.concatenate(out)


def _table(st: DaimyoState):
    """The table, grown by 1e-9 cm so stands flush with an edge are on it (4.3.4)."""
    return derived(st, "table", lambda: table_box(st.width, st.height).buffer(1e-9), (st.width, st.height))


def _well_inside(st: DaimyoState, corners: np.ndarray) -> bool:
    """Every corner at least 1e-6 cm inside the table: then every stand is on it without asking
    Shapely (a convex stand lies within the table when its corners do; a plan asks it of
    sweep_boxes.near, with the other questions)."""
    xs, ys = corners[..., 0], corners[..., 1]
    return bool(xs.min() >= 1e-6 and ys.min() >= 1e-6 and xs.max() <= st.width - 1e-6
                and ys.max() <= st.height - 1e-6)


def _check_hatamoto_leash(st: DaimyoState, u: Unit, motion: Motion) -> None:
    """1.7: the hatamoto stays within 20 cm of its General; one already further away (after
    melee or morale) may only come closer."""
    general = st.general(u.side)
    if not general.alive:
        return
    where = Point(*(leader_xy(st, general)))
    leash = tables().command.hatamoto_range_cm
    before = float(shapely.distance(footprint(u), where))
    after = float(shapely.distance(shapely.union_all(quad_polygons(motion.corners(1.0)[0])), where))
    if after > leash + EPS and after > before + EPS:
        raise _err("1.7", f"the hatamoto must stay within {leash:g} cm of its General ({after:.1f} cm)")


def _check_enemies(st, u: Unit, others: _Others, pieces: Swept) -> None:
    """4.4: a normal move may come no closer than 3 cm to an enemy; a unit already closer may
    not close further (ruling D-39)."""
    approach = tables().manoeuvre.charge_approach_cm
    if len(others.enemy_ids) == 0:
        return
    near = others.enemies_within(pieces, approach - EPS)
    if len(near) == 0:
        return
    here = footprint(u)
    for enemy in sorted(set(near.tolist())):
        mine = others.enemy_ids == enemy
        polys = others.enemy_polys_at(mine)
        # the pieces whose boxes come within the approach of its stands': only they can come
        # closer than it, so the least distance is the same whenever it matters (< approach)
        rows = np.unique(pieces.near(others.enemy_boxes[mine], approach)[0])
        closest = float(shapely.distance(pieces.at(rows)[:, None], polys[None, :]).min()) if len(rows) else math.inf
        start = float(shapely.distance(here, footprint(st.units[enemy])))   # the union of polys
        if closest < min(approach, start) - EPS:
            raise _err("4.4", f"a normal move may not come closer than {approach:g} cm to {enemy} "
                              f"({closest:.2f} cm); only a charge makes contact")


def _near(st: DaimyoState, u: Unit, tmap, corners: np.ndarray, motion_kind: str) -> int:
    """What the sampled stands' boxes (a motion's `corners`) come near, as sweep_boxes' bits:
    FRIENDS, TERRAIN (a patch, or a column's road), ENEMIES within the 4.4 approach, loose
    LEADERS (each plan question's own box test, all at once; the friends and enemies as
    `_Others` splits the table arrays; a friend only where the sweep may overlap it by more than
    a quarter of OVERLAP); the table's EDGE (4.3.4) unless `_well_inside`."""
    t = arrays(st)
    own = t.stands_of(u.id) if u.id in t.row else slice(0, 0)
    loose = _loose_leaders(st, u)
    xy = np.array([(leader.x, leader.y) for leader in loose]) if loose else np.empty((0, 2))
    shapes = tmap.boxes
    if u.formation is Formation.COLUMN and tmap.road is not None:     # only a column asks for the road
        shapes = tmap.boxes_with_road
    return sweep_boxes.near(corners, t.boxes, t.stand_side, hash(u.side), own.start, own.stop,
                         tables().manoeuvre.charge_approach_cm - EPS, shapes, xy, LEADER_REACH,
                         1e-6, st.width - 1e-6, st.height - 1e-6, t.corners, _FRIENDS_ASKED[motion_kind], OVERLAP / 4)


def _loose_leaders(st: DaimyoState, u: Unit) -> list:
    """4.3.3: the enemy's leaders alive and attached to no unit."""
    return [leader for leader in st.leaders.values()
            if leader.alive and leader.side != u.side and not leader.attached_to]


def leaders_contacted(st: DaimyoState, u: Unit, pieces) -> list[str]:
    """4.3.3: unattached enemy leaders any swept stand of `u` touches (not for routers; the
    caller decides). A leader is a 20 mm round base (ruling D-31)."""
    loose = _loose_leaders(st, u)
    if not loose:
        return []
    # only leaders inside the sweep's bounding box grown by the reach can be touched
    reach = LEADER_REACH
    box = pieces.bounds
    (x0, y0), (x1, y1) = box[:, :2].min(axis=0).tolist(), box[:, 2:].max(axis=0).tolist()
    loose = [leader for leader in loose if x0 - reach <= leader.x <= x1 + reach and y0 - reach <= leader.y <= y1 + reach]
    if not loose:
        return []
    xy = np.array([(leader.x, leader.y) for leader in loose])
    rows = np.unique(pieces.near(np.concatenate([xy, xy], axis=1), reach)[0])   # pieces near a leader
    spots = shapely.points(xy)
    near = shapely.dwithin(pieces.at(rows)[:, None], spots[None, :], LEADER_RADIUS + CONTACT_TOLERANCE).any(axis=0)
    return [leader.id for leader, hit in zip(loose, near) if hit]


def _swept(motion: Motion, corners: np.ndarray) -> Swept:
    """The ground the stands cover along the motion (polygons made where asked for; the
    terrain's and friends' questions read the kernel's rings and make none): a turn or reform
    only its end pose; a straight move one hull per stand from start to end (a translated
    rectangle sweeps exactly that hull); a wheel one hull per stand between consecutive
    sampled poses."""
    if motion.kind == "jump":
        return Swept(corners[-1:])
    return Swept(corners, ends=motion.kind == "straight")


def _patches_met(st, u: Unit, motion: Motion, s, corners, tmap, entered, free_terrain, pieces,
                 paid: list, disorder: list, difficult: list):
    """4.3.1: the patches the sampled stands touch (a bool each) and the flat costs they add; the
    disorder, flat payments and difficult runs they bring are appended to the lists given."""
    te = tables().terrain_effects
    k = u.stands
    flat = 0.0
    swept = None            # a jump's sampled stands are asked against every patch
    if tmap.patches and motion.kind != "jump":
        swept = terrain_touch.pieces_meet(st, tmap, pieces, "touching")
    if not tmap.patches or (swept is not None and not swept.any()):
        touch = np.zeros((len(s), len(tmap.patches)), bool)   # no sampled pose can touch what the sweep misses
    else:
        touch = terrain_touch.stands_touching(st, tmap, corners.reshape(-1, 4, 2), swept).reshape(len(s), k, -1).any(axis=1)
    touched = touch.any(axis=0) if len(s) else np.zeros(0, bool)
    moved = motion.kind != "jump" or motion.end != motion.start or motion.files not in (None, u.files)
    for i in np.flatnonzero(entered | touched).tolist():     # the patches met, in their order
        patch = tmap.patches[i]
        # rulings D-41, D-40: moving while overlapping difficult ground disorders (not peasants);
        # crossing an obstacle means overlapping its strip, touching it only costs
        if patch.effect == "difficult" and entered[i] and moved and u.troop is not Troop.PEASANT:
            disorder.append((f"moving in difficult terrain ({patch.id})", "4.3.1"))
        if patch.effect == "obstacle" and entered[i] and moved:
            disorder.append((f"crossing an obstacle ({patch.id})", "4.3.1"))
        if not touched[i] or free_terrain:
            continue
        # rulings D-8, D-40: light ground costs 3 cm once a turn, each obstacle once a turn
        if patch.effect == "light" and "light" not in u.terrain_paid + paid:
            paid.append("light")
            flat += te.light_cm
        elif patch.effect == "obstacle" and f"obstacle:{patch.id}" not in u.terrain_paid:
            paid.append(f"obstacle:{patch.id}")
            flat += te.obstacle_cavalry_cm if u.cavalry else te.obstacle_infantry_cm
        elif patch.effect == "difficult":
            shape = tmap.shapes[i]

            def test(c, shape=shape):
                return bool(shapely.intersects(quad_polygons(c), shape).any())
            difficult.extend(runs(s, touch[:, i], motion, test, against=shape,
                                  kernel=terrain_touch.patch_kernel(st, tmap, i)))
    return touched, flat


def _terrain_cost(st, u: Unit, motion: Motion, s, corners, tmap, entered, factor, free_terrain, pieces):
    te = tables().terrain_effects
    k = u.stands
    paid: list[str] = []
    disorder: list[tuple[str, str]] = []
    flat = 0.0
    difficult: list[tuple[float, float]] = []
    touched = None              # the sweep comes near no patch (sweep_boxes): none touched or entered
    if pieces is not None:
        touched, flat = _patches_met(st, u, motion, s, corners, tmap, entered, free_terrain, pieces,
                                     paid, disorder, difficult)
    if free_terrain:
        return factor * abs(motion.length), [], disorder
    rough = pieces is not None and any(tmap.patches[i].effect in ("light", "difficult", "obstacle")
                                       for i in np.flatnonzero(touched).tolist())
    if rough and "column" not in u.terrain_paid and _column_bonus_in(st, u):
        paid.append("column")                     # 4.3: the +3 cm is for good terrain only
        flat += tables().manoeuvre.column_bonus_cm
    # ruling D-33: each cm moved (or turned) while touching difficult ground costs 2 (3 mounted);
    # ruling D-34: a column pays half while every stand is on a road or bridge
    mult = te.difficult_cavalry_factor if u.cavalry else te.difficult_infantry_factor
    road: list[tuple[float, float]] = []
    # a sampled stand lies inside the swept pieces: if they miss the road, so does every pose
    if u.formation is Formation.COLUMN and motion.kind != "jump" and tmap.road is not None \
            and pieces is not None and terrain_touch.pieces_meet(st, tmap, pieces, "road")[0]:
        on = terrain_touch.stands_on_road(st, tmap, corners.reshape(-1, 4, 2)).reshape(len(s), k).all(axis=1)
        road_shape = tmap.road_zone

        def on_road(c):
            return bool(shapely.covers(road_shape, quad_polygons(c)).all())
        road = minus(runs(s, on, motion, on_road, against=road_shape,
                          kernel=terrain_touch.road_kernel(st, tmap, corners)), difficult)
    if motion.kind == "jump":
        span = 1.0 * (mult if difficult else 1.0)
        return factor * span + flat, paid, disorder
    rate = 1 + (mult - 1) * measure(difficult) + (te.road_column_factor - 1) * measure(road)
    return factor * abs(motion.length) * rate + flat, paid, disorder


# -- execution ----------------------------------------------------------------------------
def execute(game, p: Plan) -> None:
    st = game.state
    u = st.units[p.unit]
    if not u.move_allowance:
        if _column_bonus_in(st, u):
            u.terrain_paid.append("+column")
        u.move_allowance = max_move(st, u) or EPS
    u.move_used += p.cost
    u.terrain_paid.extend(p.paid)
    u.turned_deg += p.turned
    if p.how != "hold":
        u.moved = True
    x, y, f = p.path[-1]
    riders = st.attached(u.id)
    if riders:                  # the path's length only for them (a wheel's path has a pose a degree)
        carried = sum(math.dist(a[:2], b[:2]) for a, b in zip(p.path, p.path[1:]))
        for leader in riders:
            leader.carried_cm += carried           # 4.4: counts against his own move
    if p.how == "fall_back":
        u.fell_back = True
        u.shoot_from = (u.x, u.y, u.facing)        # 4.3.5.3: shots measured from the start
    u.x, u.y, u.facing = x, y, f
    if p.files is not None and p.files != u.files:
        u.files = p.files
        game.emit(FormationChanged(u.id, u.files))
    if p.how == "reform":
        u.reforming = True
    if p.ends_movement:
        u.activated = True
    if p.how != "hold":
        game.emit(UnitMoved(u.id, tuple(p.path), p.how, p.cost, _rule(p.how)))
    for text, rule in p.notes:
        game.emit(Note(text, rule))
    for cause, rule in p.disorder:
        make_disordered(game, u, cause, rule)
    for f in p.passed:
        other = st.units[f]
        if u.missile_ashigaru and not other.moved:
            other.passed_by_missile = True         # 4.3.2: disordered only if it moves later
        else:
            make_disordered(game, other, f"{u.id} passed through it", "4.3.2")
    for f in p.walked_into:
        st.units[f].blocked = True
    for lid in p.kills:
        kill_leader(game, st.leaders[lid], f"run down by {u.id}", "4.3.3")
    if p.leaves_table:
        remove_unit(game, u, "left_table", "4.3.4")


def _rule(how: str) -> str:
    return {"move": "4.3", "wheel": "4.3.5.1", "turn": "4.3.5.2", "fall_back": "4.3.5.3",
            "reform": "4.3.5.4"}.get(how, "4.3")


def first_contact(st: DaimyoState, u: Unit, distance: float, facing: float | None = None,
                  sides: tuple[str, ...] = ("enemy", "friend")) -> tuple[float, str | None]:
    """Moving `u` straight ahead for up to `distance` cm (turned to `facing` first, if given):
    how far it gets before one of its stands touches a stand of another unit, and whose
    (None: nothing in the way). Units it already touches at the start are ignored. For charges
    (4.4: contact), routs and pursuits (4.6.7, 4.6.8). Exact to about 1e-10 cm."""
    facing = u.facing if facing is None else facing
    motion = Motion(u, "straight", (u.x, u.y, facing), length=distance)
    others = _others(st, u)
    polys, ids = [], []
    if "friend" in sides:
        polys.append(others.friend_polys)
        ids.append(others.friend_ids)
    if "enemy" in sides:
        polys.append(others.enemy_polys)
        ids.append(others.enemy_ids)
    if not polys or sum(len(p) for p in polys) == 0:
        return distance, None
    polys, ids = np.concatenate(polys), np.concatenate(ids)
    start = quad_polygons(motion.corners(0.0)[0])
    touching_now = set(ids[shapely.STRtree(polys).query(start, predicate="intersects")[1]].tolist())
    keep = ~np.isin(ids, list(touching_now))
    polys, ids = polys[keep], ids[keep]
    if len(polys) == 0:
        return distance, None
    tree = shapely.STRtree(polys)
    s = motion.samples()
    corners = motion.corners(s)
    src, _ = tree.query(quad_polygons(corners.reshape(-1, 4, 2)), predicate="intersects")
    if len(src) == 0:
        return distance, None
    first = int(src.min() // u.stands)

    def clear(c):
        return len(tree.query(quad_polygons(c), predicate="intersects")[0]) == 0
    at = bisect(motion, s[first - 1], s[first], clear, against=polys, sure=True) if first > 0 else 0.0
    hits = tree.query(quad_polygons(motion.corners(min(1.0, at + 1e-9))[0]), predicate="dwithin",
                      distance=1e-6)[1]
    who = sorted(set(ids[hits].tolist()))
    return at * distance, (who[0] if who else None)
