"""How far a unit may go straight ahead (Daimyo 4.3), from first-contact distances.

The menus' longest straight move (`menus.max_straight`) halves the distance until the rules'
plan accepts it. Most of those plans are decided by where, going straight ahead, a stand first
leaves the table (4.3.4), first comes within the 3 cm a normal move may not close (4.4), first
touches terrain (4.3.1) or first enters impassable ground, and where it would end inside a
friend (4.3.2). `Reach` works these out once per unit and table (geometry.first_contact) and
answers for a distance with the plan's own verdict where it is clear of every one of them by
a margin (`SURE` cm of distance, a billionth of a cm of overlap), and None elsewhere: there,
and for the cases it does not model (guns, a unit barred from moving, a start partly off the
table), the caller asks the plan. Terrain is cut into triangles once a game: for each, where a
stand may touch it and where it surely does; a column's road (4.3) is where no stand meets the
triangles of the table outside the road zone.
The hatamoto's leash to its General (1.7) is measured at each distance asked (the General
moves without the table changing).
So the menus are the same as with a plan at every step (tests/daimyo/test_straight_ahead.py).
"""
from __future__ import annotations

import math

import numpy as np
import shapely

from sim.core.memo import keep
from sim.daimyo.derived import derived
from sim.daimyo.geometry import CONTACT_TOLERANCE, direction, first_contact, stand_corners
from sim.daimyo.geometry.kernels import point_quads_distance, slid_overlaps, units_distance
from sim.daimyo.leaders import leader_xy
from sim.daimyo.geometry.table import arrays
from sim.daimyo.model import Formation, Troop, Unit
from sim.daimyo.tables import tables
from sim.daimyo.sweep import SAMPLE_CM, measure, minus
from sim.daimyo.terrain import terrain_map

EPS = 1e-6          # as movement.EPS: the plans' own slack on costs and the 4.4 approach
SURE = 1e-8         # cm: a distance this close to a threshold is left to the plan
DEEP = 1e-9         # cm: overlap along a normal below which two stands share no area that counts
TABLE_IN, TABLE_OUT = 1e-6, 1e-8   # corners this far inside the table / outside it are sure
COST_GAP = 1e-7     # cm: a price this close to what is left of the move is left to the plan
OVERLAP = 1e-6      # cm2: as movement.OVERLAP, stands overlapping less only touch (4.3.2)
GROUNDS_MAX = 5_000  # straight moves' grounds a game keeps (`_ground`; all dropped when full)


class Reach:
    """The straight-move verdicts of one unit against one table, up to `length` cm."""

    def __init__(self, st, u: Unit, length: float):
        self.length = length
        self.modelled = length >= 0 and _modelled(st, u)
        if not self.modelled:
            return
        t = arrays(st)
        vx, vy = (float(c) for c in direction(u.facing))
        start = stand_corners(u)
        w, h = st.width, st.height
        if start.min() < TABLE_IN or start[..., 0].max() > w - TABLE_IN or start[..., 1].max() > h - TABLE_IN:
            self.modelled = False           # partly off the table, or flush with an edge
            return
        self.edge_in, self.edge_out = _table_edges(start, vx, vy, w, h)
        far = np.concatenate([start, start + np.array([vx, vy]) * length])
        box = (*far.reshape(-1, 2).min(axis=0), *far.reshape(-1, 2).max(axis=0))
        others = np.ones(len(t.stand_side), dtype=bool)
        if u.id in t.row:
            others[t.stands_of(u.id)] = False
        mine = t.stand_side == hash(u.side)
        self.friend_quads = np.ascontiguousarray(t.corners[others & mine & _near(t.boxes, box, 0.0)])
        self.friends = _friend_intervals(start, vx, vy, self.friend_quads)
        self.enemy_clear, self.enemy_hit = _enemy_limits(st, u, t, start, vx, vy, others & ~mine, box)
        self.ground = _ground(st, u, start, vx, vy, box)
        self.hatamoto = u.hatamoto
        self.start, self.v = start, np.array([vx, vy])

    def verdict(self, st, u: Unit, d: float, allowance: float) -> bool | None:
        """Whether the rules' plan accepts a straight move of d cm by u (the unit this was
        made for, as it is now) that stays on the table (as menus.straight_ok), or None
        where only the plan can tell."""
        if not self.modelled or d > self.length or _barred(u):
            return None
        if d <= EPS:
            return False                                  # 4.3: a move is a positive distance
        if d >= self.edge_out:
            return False                                  # 4.3.4: it would leave the table
        if d > self.edge_in:
            return None
        inside = np.flatnonzero((self.friends[:, 0] - DEEP < d) & (d < self.friends[:, 1] + DEEP))
        if not len(inside):
            return self._open(st, u, d, allowance)
        return self._walked(st, u, d, allowance)

    def _walked(self, st, u: Unit, d: float, allowance: float) -> bool | None:
        """4.3.2 (ruling D-42): a move that would end inside a friend stops behind it, at the
        last of the plan's poses (every SAMPLE_CM) before the overlaps it ends in, bisected
        to the next; the verdict is the one there if it is the same across that step (each
        rule's limit on a straight move is a single distance)."""
        s = np.linspace(0.0, 1.0, max(2, math.ceil(d / SAMPLE_CM) + 1))
        # every sampled pose's stands against every friend's in one kernel call
        hit, unsure = slid_overlaps(self.start, self.v[0], self.v[1], s * d, self.friend_quads, OVERLAP, 1e-9)
        if unsure:
            return None                                   # a pose on the threshold: the plan's
        if not hit[-1]:
            return self._open(st, u, d, allowance)        # it overlaps too little to count
        clear = np.flatnonzero(~hit)
        if not len(clear):
            return False                                  # nowhere behind it to stop
        j = clear[-1]
        if s[j + 1] * d < CONTACT_TOLERANCE:
            return False                                  # ruling D-114: it would not move
        if s[j] * d < CONTACT_TOLERANCE:
            return None                                   # it may stop less than 1 mm on: the plan's
        got = {self._open(st, u, x * d, allowance) for x in (s[j], s[j + 1])}
        return got.pop() if len(got) == 1 else None

    def _open(self, st, u: Unit, d: float, allowance: float) -> bool | None:
        """The verdict on a move of d (here or where a move stops behind a friend) that ends
        clear of friends."""
        if d >= self.enemy_hit:
            return False                                  # 4.4: too close to an enemy
        entering = self.ground.enters_impassable(d)
        if entering:
            return False                                  # 4.3.1: impassable ground
        if entering is None or d >= self.enemy_clear:
            return None
        if self.hatamoto:
            leashed = _leash(st, u, self.start, self.v, d)
            if leashed is not True:
                return leashed
        cost = self.ground.cost(u, d)
        if cost is None:
            return None
        room = allowance + EPS - u.move_used
        if cost[0] > room + COST_GAP:
            return False                                  # 4.3, 4.3.1: more than is left
        return True if cost[1] < room - COST_GAP else None


def reach(st, u: Unit, length: float) -> Reach:
    """`Reach` for u up to `length`, kept while the table arrays stand (a menu asks many times).
    Inside `movement.afresh` it answers nothing: every verdict is the plan's."""
    if st.geometry_cache.get("plan_afresh"):
        return Reach(st, u, -1.0)
    t = arrays(st)
    cache = derived(st, "straight_reach", dict, t.build)
    key = (u.id, length)
    got = cache.get(key)
    if got is None:
        got = cache[key] = Reach(st, u, length)
    return got


def _modelled(st, u: Unit) -> bool:
    """The plans `Reach` reproduces: an ordinary unit (4.3), not a gun (6.1)."""
    return u.troop is not Troop.ARTILLERY


def _leash(st, u: Unit, start: np.ndarray, v: np.ndarray, d: float) -> bool | None:
    """1.7: whether the hatamoto moved d stays within 20 cm of its General, or comes no further
    from him when already beyond (movement._check_hatamoto_leash); None: too close to tell."""
    general = st.general(u.side)
    if not general.alive:
        return True
    gx, gy = leader_xy(st, general)
    leash = tables().command.hatamoto_range_cm
    before = point_quads_distance(start, gx, gy)
    after = point_quads_distance(start + v * d, gx, gy)
    if after > leash + EPS + COST_GAP and after > before + EPS + COST_GAP:
        return False
    if after < leash + EPS - COST_GAP or after < before + EPS - COST_GAP:
        return True
    return None


def _barred(u: Unit) -> bool:
    """The plan refuses any move of u for what it is doing this turn (4.3.5.3, 4.3.5.4, 4.3.2,
    1.7, 4.6): the plan says which rule."""
    return bool(u.reforming or u.blocked or u.fell_back or u.mounting or u.in_melee_with)


def _near(boxes: np.ndarray, box, grow: float) -> np.ndarray:
    return ((boxes[:, 0] <= box[2] + grow) & (boxes[:, 2] >= box[0] - grow)
            & (boxes[:, 1] <= box[3] + grow) & (boxes[:, 3] >= box[1] - grow))


def _table_edges(start: np.ndarray, vx: float, vy: float, w: float, h: float) -> tuple[float, float]:
    """(last d with every corner at least TABLE_IN inside the table, first d with a corner
    TABLE_OUT beyond an edge), 4.3.4. The table is convex: a move whose end is on it was on it
    all the way."""
    inside, outside = np.inf, np.inf
    for c, v, size in ((start[..., 0], vx, w), (start[..., 1], vy, h)):
        if v > 1e-15:
            inside = min(inside, float(((size - TABLE_IN - c) / v).min()))
            outside = min(outside, float(((size + TABLE_OUT - c) / v).min()))
        elif v < -1e-15:
            inside = min(inside, float(((TABLE_IN - c) / v).min()))
            outside = min(outside, float(((-TABLE_OUT - c) / v).min()))
    return inside, outside


def _friend_intervals(start, vx, vy, friends: np.ndarray) -> np.ndarray:
    """(n, 2), in order and apart: the stretches of d in which some stand would overlap a
    friend's (4.3.2)."""
    if not len(friends):
        return np.empty((0, 2))
    lo, hi = first_contact.deep_overlaps(start, vx, vy, np.ascontiguousarray(friends), DEEP)
    keep = lo < hi
    merged: list[list[float]] = []
    for a, b in sorted(zip(lo[keep].tolist(), hi[keep].tolist())):
        if merged and a <= merged[-1][1] + 2 * DEEP:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return np.array(merged).reshape(-1, 2)


def _enemy_limits(st, u: Unit, t, start, vx, vy, enemy: np.ndarray, box) -> tuple[float, float]:
    """(d below which no enemy is closer than the 4.4 limit, d from which one surely is): a
    normal move may come no closer than 3 cm to an enemy, nor close further on one already
    nearer (ruling D-39; movement._check_enemies)."""
    approach = tables().manoeuvre.charge_approach_cm
    pick = np.flatnonzero(enemy & _near(t.boxes, box, approach + SURE))
    if not len(pick) or u.id not in t.row:
        return np.inf, np.inf
    me = t.row[u.id]
    owners = t.owner[pick]
    limit = {}
    for e in set(owners.tolist()):
        gap = units_distance(t.corners, t.start, t.count, me, t.row[e], -1.0)
        limit[e] = min(approach, gap) - EPS
    thr = np.array([limit[e] for e in owners.tolist()])
    quads = np.ascontiguousarray(t.corners[pick])
    clear = first_contact.stands_first_within(start, vx, vy, quads, np.maximum(thr + SURE, 0.0))
    clear = np.where(thr + SURE > 0.0, clear, np.inf)          # never nearer than nothing
    sure = thr - SURE > 0.0
    hit = first_contact.stands_first_within(start, vx, vy, quads, np.where(sure, thr - SURE, 0.0))
    return float(clear.min()), float(np.where(sure, hit, np.inf).min())


def _ground(st, u: Unit, start, vx: float, vy: float, box) -> "_Ground":
    """`_Ground` for a move from the stands `start` along (vx, vy) within `box`, kept the whole
    game under all it reads besides the terrain (which never changes: the kind of mover's
    terrain map, whether it is a column, the stands' corners, the direction and the box): a
    unit's Reach is made again whenever anything on the table moved, its ground the same."""
    tmap = terrain_map(st, u.cavalry, u.stands)
    kept = derived(st, ("straight_grounds", id(tmap)), dict, tmap)
    key = (u.formation is Formation.COLUMN, start.tobytes(), start.shape, vx, vy, *box)
    got = kept.get(key)
    if got is None:
        got = keep(kept, key, _Ground(st, u, start, vx, vy, box), GROUNDS_MAX)
    return got


class _Ground:
    """The terrain a straight move meets (4.3.1), as stretches of d: for each patch where a
    stand may touch it (`maybe`, the pieces grown by SURE) and where one surely does (`sure`,
    shrunk by SURE); for impassable ground the same against its interior (entering)."""

    def __init__(self, st, u: Unit, start, vx, vy, box):
        tmap = terrain_map(st, u.cavalry, u.stands)
        self.patches = tmap.patches
        pieces, owner, cores, core_owner = _pieces(st, tmap)
        self.maybe, self.sure = _stretches(start, vx, vy, pieces, owner, box)
        self.core_maybe, self.core_sure = _stretches(start, vx, vy, cores, core_owner, box)
        self.road = u.formation is Formation.COLUMN and tmap.road is not None
        if self.road:                   # 4.3: where a stand is off the road (outside the road zone)
            off, off_owner = _off_road(st, tmap)
            self.off_maybe, self.off_sure = _stretches(start, vx, vy, off, off_owner, box)

    def touched(self, i: int, d: float, core: bool = False) -> bool | None:
        """Whether a move of d touches patch i (its interior if `core`); None: too close to tell."""
        sure, maybe = (self.core_sure, self.core_maybe) if core else (self.sure, self.maybe)
        if _meets(sure.get(i), d):
            return True
        return None if _meets(maybe.get(i), d, closed=True) else False

    def runs(self, d: float, effect: str, sure: bool) -> list[tuple[float, float]]:
        """The stretches of [0, d] spent touching patches of `effect` (at least: sure; at most:
        maybe)."""
        got = []
        for i, iv in (self.sure if sure else self.maybe).items():
            if self.patches[i].effect == effect:
                got += _clip(iv, d)
        return got

    def road_length(self, d: float, difficult_sure, difficult_maybe) -> tuple[float, float] | None:
        """(least, most) cm of a move of d a column spends with every stand on the road and
        off difficult ground (4.3, rulings D-33, D-34; movement._terrain_cost), or None where
        the plan may price it otherwise: it finds the road at its poses SAMPLE_CM apart, so a
        stretch on the road shorter than that, inside the move, it may miss (ruling D-118)."""
        if not self.road:
            return 0.0, 0.0
        on_sure = minus([(0.0, d)], _clip(self.off_maybe.get(0), d))
        on_maybe = minus([(0.0, d)], _clip(self.off_sure.get(0), d))
        if any(b - a < SAMPLE_CM + SURE and a > 0.0 and b < d for a, b in on_maybe):
            return None
        return measure(minus(on_sure, difficult_maybe)), measure(minus(on_maybe, difficult_sure))

    def cost(self, u: Unit, d: float) -> tuple[float, float] | None:
        """(least, most) the rules' plan prices a move of d at on this ground (4.3.1: flat costs
        on first touch, difficult ground per cm touched, the column's +3 cm lost on rough ground,
        4.3), or None if whether it touches some patch is too close to tell."""
        te = tables().terrain_effects
        flat, rough, light = 0.0, False, "light" in u.terrain_paid
        for i, patch in enumerate(self.patches):
            hit = self.touched(i, d)
            if hit is None:
                return None
            if not hit:
                continue
            rough = rough or patch.effect in ("light", "difficult", "obstacle")
            if patch.effect == "light" and not light:
                light = True
                flat += te.light_cm
            elif patch.effect == "obstacle" and f"obstacle:{patch.id}" not in u.terrain_paid:
                flat += te.obstacle_cavalry_cm if u.cavalry else te.obstacle_infantry_cm
        # 4.3: the column's +3 cm is for good ground only (as movement._column_bonus_in)
        bonus = "+column" in u.terrain_paid if u.move_allowance else \
            u.formation is Formation.COLUMN and u.troop is not Troop.ARTILLERY
        if rough and "column" not in u.terrain_paid and bonus:
            flat += tables().manoeuvre.column_bonus_cm
        mult = (te.difficult_cavalry_factor if u.cavalry else te.difficult_infantry_factor) - 1
        road = te.road_column_factor - 1                       # ruling D-34: a column on a road
        sure, maybe = self.runs(d, "difficult", True), self.runs(d, "difficult", False)
        on_road = self.road_length(d, sure, maybe)
        if on_road is None:
            return None
        road_least, road_most = on_road
        return (d + mult * measure(sure) + road * road_most + flat,
                d + mult * measure(maybe) + road * road_least + flat)

    def enters_impassable(self, d: float) -> bool | None:
        """Whether a move of d enters impassable ground (4.3.1); None: too close to tell."""
        got = False
        for i, patch in enumerate(self.patches):
            if patch.effect == "impassable":
                hit = self.touched(i, d, core=True)
                if hit:
                    return True
                if hit is None:
                    got = None
        return got


def _clip(iv, d: float) -> list[tuple[float, float]]:
    """The stretches (n, 2) of `iv` within [0, d]."""
    if iv is None:
        return []
    lo, hi = np.maximum(iv[:, 0], 0.0), np.minimum(iv[:, 1], d)
    keep = lo < hi
    return list(zip(lo[keep].tolist(), hi[keep].tolist()))


def _meets(iv, d: float, closed: bool = False) -> bool:
    """Whether any stretch (lo, hi) of `iv` meets [0, d] (closed: or touches it)."""
    if iv is None:
        return False
    lo, hi = np.maximum(iv[:, 0], 0.0), np.minimum(iv[:, 1], d)
    return bool((lo <= hi).any() if closed else (lo < hi).any())


def _stretches(start, vx, vy, pieces, owner, box) -> tuple[dict, dict]:
    """patch index -> (n, 2) stretches of d in which a stand may touch / surely overlaps one of
    the patch's convex pieces."""
    if not len(pieces):
        return {}, {}
    near = np.flatnonzero(_near(_boxes(pieces), box, SURE))
    out = []
    for p in (-SURE, SURE):
        lo, hi = first_contact.deep_overlaps(start, vx, vy, np.ascontiguousarray(pieces[near]), p)
        got: dict[int, list] = {}
        for j in np.flatnonzero((lo < hi).any(axis=0)).tolist():
            keep = lo[:, j] < hi[:, j]
            got.setdefault(int(owner[near[j]]), []).append(np.stack([lo[keep, j], hi[keep, j]], axis=1))
        out.append({i: np.concatenate(v) for i, v in got.items()})
    return out[0], out[1]


def _boxes(pieces: np.ndarray) -> np.ndarray:
    return np.concatenate([pieces.min(axis=1), pieces.max(axis=1)], axis=1)


def _pieces(st, tmap):
    """Every patch cut into convex pieces (triangles as quadrilaterals with a corner repeated),
    with the patch each belongs to; the impassable patches' interiors the same; once a game."""
    def make():
        memo = triangle_memo(st)
        whole = triangles([p.shape for p in tmap.patches], memo)
        inner = triangles([p.interior if p.effect == "impassable" else None for p in tmap.patches], memo)
        return (*whole, *inner)
    return derived(st, ("straight_pieces", id(tmap)), make, tmap)


def terrain_triangles(st, tmap) -> tuple[np.ndarray, np.ndarray]:
    """The patches of `tmap` cut into triangles (quadrilaterals with a corner repeated) and the
    patch each belongs to, once a game (movement prices sampled stands with them)."""
    return _pieces(st, tmap)[:2]


def off_road_triangles(st, tmap) -> tuple[np.ndarray, np.ndarray]:
    """`_off_road`'s triangles: the grown table outside the road zone (movement reads them)."""
    return _off_road(st, tmap)


def _off_road(st, tmap):
    """The table (grown by 1 cm) outside the road zone (roads and bridges grown by INTERIOR, 4.3),
    cut into triangles; a stand meeting none of them is on the road. Once a game."""
    def make():
        outside = shapely.difference(shapely.box(-1.0, -1.0, st.width + 1.0, st.height + 1.0), tmap.road_zone)
        return tuple(triangles([outside], triangle_memo(st)))
    return derived(st, ("straight_off_road", id(tmap)), make, tmap)


def triangles(shapes, memo: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Polygonal shapes cut into triangles (quadrilaterals with a corner repeated) and the index
    of the shape each belongs to (the patches here; the AI's route walls in terrain_touch).
    `memo` (a game's `triangle_memo`): each shape's triangles kept under its WKB, so the same
    ground in several movers' terrain maps is cut once."""
    quads, owner = [np.empty((0, 4, 2))], [np.empty(0, dtype=np.int64)]
    for i, shape in enumerate(shapes):
        if shape is None or shape.is_empty:
            continue
        if memo is None:
            c = _cut(shape)
        else:
            key = shapely.to_wkb(shape)
            c = memo.get(key)
            if c is None:
                c = memo[key] = _cut(shape)
        quads.append(c)
        owner.append(np.full(len(c), i, dtype=np.int64))
    return np.concatenate(quads), np.concatenate(owner)


def triangle_memo(st) -> dict:
    """The game's shapes' triangles by WKB (`triangles`), never saved."""
    return st.geometry_cache.setdefault("triangles", {})


def _cut(shape) -> np.ndarray:
    """One shape's polygons cut into triangles, (n, 4, 2) closed rings a, b, c, a (read-only:
    a memo shares it)."""
    out = [np.empty((0, 4, 2))]
    for part in shapely.get_parts(shape):
        if part.geom_type != "Polygon":
            continue
        tri = shapely.get_parts(shapely.constrained_delaunay_triangles(part))
        out.append(shapely.get_coordinates(tri).reshape(-1, 4, 2))
    c = np.concatenate(out)
    c.flags.writeable = False
    return c
