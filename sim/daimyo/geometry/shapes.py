"""The Shapely layer of the Daimyo table geometry (DESIGN.md seam 6).

A unit's stands are derived from its pose and formation, never stored. Stand corners are
computed for all stands at once with numpy and turned into polygons with Shapely's vectorised
constructors; "who is within X cm" questions go through an STRtree, not pairwise loops.
Coordinates are centimetres, table y up, angles in degrees counter-clockwise from +x.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, Point, Polygon

from sim.daimyo.model import Unit

from . import kernels, swept_rings, union_order

CONTACT_TOLERANCE = 0.1   # cm; ruling D-3: edges within 1 mm touch
LOS_GAP = 4.0             # 4.5.2: shooting needs a gap of at least 4 cm between stands
SNAP_GRID = 1e-12         # cm; GEOS's robust (snap-rounded) overlay where the plain one fails


def direction(facing: float) -> np.ndarray:
    r = math.radians(facing)
    return np.array([math.cos(r), math.sin(r)])


def _axes(facing: float) -> tuple[np.ndarray, np.ndarray]:
    """Forward and right-hand unit vectors for a facing."""
    f = direction(facing)
    return f, np.array([f[1], -f[0]])


def stand_layout(stands: int, files: int) -> list[tuple[int, float]]:
    """(rank, lateral offset in stand widths from the centre) for each stand, front rank first.
    1.5: every rank holds `files` stands; the surplus stands the rear rank, centred."""
    out = []
    ranks = math.ceil(stands / files)
    for r in range(ranks):
        in_rank = min(files, stands - r * files)
        for i in range(in_rank):
            out.append((r, i - (in_rank - 1) / 2))
    return out


def local_corners(unit: Unit, files: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Every stand corner in the unit's own frame, origin at its front centre: the forward and
    rightward offsets, each (stands, 4), corners front-left, front-right, rear-right, rear-left
    (read-only; remembered in the unit's transient `shapes`)."""
    files = unit.files if files is None else files
    key = ("local", unit.stands, files, unit.stand_w, unit.stand_d)
    got = unit.shapes.get(key)
    if got is None:
        w, d = unit.stand_w, unit.stand_d
        fwd, right = [], []
        # the numpy expressions -rank * d, -rank * d - d, lat * w -+ w / 2 over the layout,
        # the same float sums in the same order, without a dozen tiny arrays
        for rank, lat in stand_layout(unit.stands, files):
            front, rear = -float(rank) * d, -float(rank) * d - d
            left, right_ = float(lat) * w - w / 2, float(lat) * w + w / 2
            fwd.append((front, front, rear, rear))
            right.append((left, right_, right_, left))
        local_f = np.array(fwd, dtype=float).reshape(-1, 4)
        local_r = np.array(right, dtype=float).reshape(-1, 4)
        local_f.flags.writeable = local_r.flags.writeable = False     # shared by every caller
        got = unit.shapes[key] = (local_f, local_r)
    return got


def place_corners(local: tuple[np.ndarray, np.ndarray], poses) -> np.ndarray:
    """`local_corners` placed at each of (n, 3) poses: (n, stands, 4, 2)."""
    poses = np.ascontiguousarray(poses, dtype=float).reshape(-1, 3)
    # the kernel's sums in the same order (bit for bit the broadcast numpy expression it
    # replaced, numpy's radians, cosine and sine included: tests/daimyo/test_geometry_kernels.py)
    return kernels.place_at(poses, *local)


def corners_at(unit: Unit, poses, files: int | None = None) -> np.ndarray:
    """Stand corners for many poses at once: `poses` is (n, 3) of (x, y, facing); returns
    (n, stands, 4, 2), corners ordered front-left, front-right, rear-right, rear-left."""
    return place_corners(local_corners(unit, files), poses)


def stand_corners(unit: Unit, x: float | None = None, y: float | None = None,
                  facing: float | None = None, files: int | None = None) -> np.ndarray:
    """Corners of every stand, shape (stands, 4, 2), ordered front-left, front-right,
    rear-right, rear-left. Optional pose/formation overrides ask "what if it stood there"."""
    x = unit.x if x is None else x
    y = unit.y if y is None else y
    facing = unit.facing if facing is None else facing
    return corners_at(unit, [(x, y, facing)], files)[0]


def corners_of_units(units: Sequence[Unit]) -> np.ndarray:
    """Stand corners of many units in one vectorised pass per (stands, files, stand size)
    shape: (total stands, 4, 2), units in the order given, each unit's stands front rank first."""
    groups: dict[tuple, list[int]] = {}
    for i, u in enumerate(units):
        groups.setdefault((u.stands, u.files, u.stand_w, u.stand_d), []).append(i)
    per_unit: list[np.ndarray | None] = [None] * len(units)
    for idx in groups.values():
        local = local_corners(units[idx[0]])
        placed = place_corners(local, [(units[i].x, units[i].y, units[i].facing) for i in idx])
        for i, c in zip(idx, placed):
            per_unit[i] = c
    return np.concatenate(per_unit) if per_unit else np.empty((0, 4, 2))


def quad_polygons(corners) -> np.ndarray:
    """Shapely polygons of quadrilaterals given by their corners (..., 4, 2), shaped (...):
    the coordinates shapely.polygons(corners) would hold, built from one ragged array (about
    twice as fast for the many stands of a sampled motion)."""
    c = np.asarray(corners, dtype=float)
    flat = c.reshape(-1, 4, 2)
    n = len(flat)
    if n == 0:
        return np.empty(c.shape[:-2], dtype=object)
    closed = np.concatenate([flat, flat[:, :1]], axis=1).reshape(-1, 2)
    polys = shapely.from_ragged_array(shapely.GeometryType.POLYGON, closed,
                                      (np.arange(0, 5 * n + 1, 5), np.arange(n + 1)))
    return polys.reshape(c.shape[:-2])


SHAPES_MAX = 1_000          # poses remembered per unit
RING_BOOK = "ring book"     # a unit's `shapes` entry: its game's book of footprint ring orders (share_rings)


def make_room(memo: dict) -> None:
    """Empty a unit's full `shapes` memo (SHAPES_MAX entries), keeping its link to the game's
    ring book."""
    book = memo.get(RING_BOOK)
    memo.clear()
    if book is not None:
        memo[RING_BOOK] = book


def share_rings(units, book: dict) -> None:
    """Let `units` (one game's) keep their footprints' ring orders in one `book` (union_order:
    an order follows from the formation and the stands' box-centre comparisons alone, whichever
    unit's union showed it), so that each order is learnt from GEOS's union once a game, not once
    a unit. A unit not linked (a deep copy: its `shapes` start empty) keeps its own, as before."""
    for u in units:
        if u.shapes.get(RING_BOOK) is not book:
            u.shapes[RING_BOOK] = book


def _shapes(unit: Unit, x: float | None = None, y: float | None = None, facing: float | None = None,
            files: int | None = None) -> list:
    """The stands and footprint of a unit at a pose, remembered in the unit's own transient
    `shapes` (per game, never saved) on the exact numbers that define them (the same pose
    always gives the same shapes; Shapely geometries are immutable). The AI and the menus ask
    for the same few poses thousands of times per battle."""
    key = (unit.stands, unit.files if files is None else files, unit.stand_w, unit.stand_d,
           unit.x if x is None else x, unit.y if y is None else y, unit.facing if facing is None else facing)
    memo = unit.shapes
    hit = memo.get(key)
    if hit is None:
        if len(memo) >= SHAPES_MAX:
            make_room(memo)
        corners = stand_corners(unit, x=x, y=y, facing=facing, files=files)
        corners.flags.writeable = False
        hit = memo[key] = [None, None, corners]      # the stands' polygons made when asked for
    return hit


# stand_quads, stand_polygons and footprint name the pose's parts (x, y, facing, files) rather
# than take **pose: the AI asks for them about 170,000 times a hard battle, and packing and
# unpacking the keywords was half of a remembered answer's cost


def stand_quads(unit: Unit, x: float | None = None, y: float | None = None, facing: float | None = None,
                files: int | None = None) -> np.ndarray:
    """The stands' corners (stands, 4, 2) that `stand_polygons` and `footprint` are made of, for
    the kernels (read-only, shared): the same numbers, no second placing."""
    return _shapes(unit, x, y, facing, files)[2]


def stand_polygons(unit: Unit, x: float | None = None, y: float | None = None, facing: float | None = None,
                   files: int | None = None) -> np.ndarray:
    """Shapely polygons of the stands (vectorised construction; read-only, shared)."""
    return _polygons(_shapes(unit, x, y, facing, files))


def _polygons(hit: list) -> np.ndarray:
    if hit[0] is None:
        polys = hit[0] = shapely.polygons(hit[2])
        polys.flags.writeable = False
    return hit[0]


def footprint(unit: Unit, x: float | None = None, y: float | None = None, facing: float | None = None,
              files: int | None = None) -> Polygon:
    hit = _shapes(unit, x, y, facing, files)
    if hit[1] is None:
        hit[1] = _footprint(unit, unit.files if files is None else files, hit)
    return hit[1]


def _footprint(unit: Unit, files: int, hit: list) -> Polygon:
    """The union of the stands (`_shapes`' entry `hit`): GEOS's, or its ring order kept from an
    earlier union of the same formation and stand order (geometry/union_order.py), the same
    polygon bit for bit without the overlay."""
    corners = hit[2]
    memo = unit.shapes.get(RING_BOOK)
    if memo is None:
        memo = unit.shapes
    form = (unit.stands, files, unit.stand_w, unit.stand_d)
    ok = memo.get(("aligned",) + form)
    if ok is None:
        ok = memo[("aligned",) + form] = union_order.aligned(*local_corners(unit, files))
    if not ok:
        return union_of_stands(_polygons(hit))
    key = ("ring",) + form + union_order.order_key(corners)
    order = memo.get(key)
    if order is not None:
        return shapely.polygons(corners.reshape(-1, 2)[order]) if len(order) else union_of_stands(_polygons(hit))
    whole = union_of_stands(_polygons(hit))
    order = union_order.learn(whole, corners)
    memo[key] = order if order is not None else np.empty(0, dtype=np.int64)
    return whole


def union_of_stands(stands: np.ndarray) -> Polygon:
    """The ground a unit's stands cover (1.5: they tile it, never overlapping).

    GEOS's floating-point overlay can drop a whole stand where stand edges nearly coincide
    (libgeos/geos#1344; about one random pose in 20,000 here). Since the stands never overlap,
    the union's area must be their summed area; when it is not, the union is taken again with
    snap-rounding on a 1e-12 cm grid, which GEOS computes robustly."""
    whole = shapely.union_all(stands)
    want = float(shapely.area(stands).sum())
    if abs(whole.area - want) > 1e-9 * want:
        whole = shapely.union_all(stands, grid_size=SNAP_GRID)
        if abs(whole.area - want) > 1e-6 * want:
            raise ArithmeticError(f"geometry: the union of a unit's stands covers {whole.area} cm2, "
                                  f"the stands {want} cm2")
    return whole


def front_edge(unit: Unit) -> LineString:
    """The front edge of the front rank (4.6.1 'front base edge')."""
    c = stand_corners(unit)
    n = min(unit.files, unit.stands)
    return LineString([c[0, 0], c[n - 1, 1]])


def unit_edges(unit: Unit) -> dict[str, LineString]:
    """Front, rear, left and right edges of the unit's full-rank block."""
    fwd, right = _axes(unit.facing)
    p = np.array([unit.x, unit.y])
    hw, dep = unit.width / 2, unit.depth
    fl, fr = p - right * hw, p + right * hw
    rl, rr = fl - fwd * dep, fr - fwd * dep
    return {"front": LineString([fl, fr]), "rear": LineString([rl, rr]),
            "left": LineString([fl, rl]), "right": LineString([fr, rr])}


def fire_arc(corners: np.ndarray, facing: float, reach: float) -> Polygon:
    """4.5 (ruling D-2): the 45-degree arc of an infantry stand, bounded by rays from its
    front-left and front-right corners angled 45 degrees outward, cut at `reach` cm from the
    front edge. `corners` is one stand's (4, 2) corner array."""
    fwd, right = _axes(facing)
    fl, fr = corners[0], corners[1]
    diag_l = (fwd - right) / math.sqrt(2)
    diag_r = (fwd + right) / math.sqrt(2)
    # Cut the wedge with a generous far point, then clip to the range band from the edge.
    far = reach * 2
    wedge = Polygon([fl, fr, fr + diag_r * far, fr + fwd * far, fl + fwd * far, fl + diag_l * far])
    band = LineString([fl, fr]).buffer(reach, cap_style="round")
    return wedge.intersection(band)


def all_round_arc(corners: np.ndarray, reach: float) -> Polygon:
    """4.5: cavalry shoot 360 degrees from any point of the stand."""
    return Polygon(corners).buffer(reach)


def boxes_apart(a, b) -> bool:
    """Two axis boxes (min x, min y, max x, max y) are apart: nothing inside one touches
    anything inside the other (a box with NaN, an empty geometry's, is never apart)."""
    return a[0] > b[2] or a[2] < b[0] or a[1] > b[3] or a[3] < b[1]


def edge_distance(a: Polygon, b: Polygon) -> float:
    return float(shapely.distance(a, b))


def touching(a, b) -> bool:
    return float(shapely.distance(a, b)) <= CONTACT_TOLERANCE + 1e-9


@dataclass
class StandIndex:
    """STRtree over every stand on the table, answering proximity queries for many units."""
    polygons: np.ndarray      # shapely polygons, one per stand
    owner: np.ndarray         # unit id of each stand (object array)
    tree: shapely.STRtree

    @classmethod
    def build(cls, units: Iterable[Unit]) -> "StandIndex":
        units = [u for u in units if u.alive]
        if not units:
            return cls(np.empty(0, dtype=object), np.empty(0, dtype=object), shapely.STRtree([]))
        polys = shapely.polygons(corners_of_units(units))
        owner = np.array([u.id for u in units for _ in range(u.stands)], dtype=object)
        return cls(polys, owner, shapely.STRtree(polys))

    def near(self, geom, distance: float, exclude: Sequence[str] = ()) -> set[str]:
        """Ids of units with any stand within `distance` cm of `geom`."""
        if len(self.polygons) == 0:
            return set()
        _, idx = self.pairs_within(np.array([geom], dtype=object), distance)
        hits = set(self.owner[idx].tolist())
        return hits.difference(exclude)

    def near_many(self, geoms: np.ndarray, distance: float) -> list[set[str]]:
        """Vectorised `near` for an array of geometries (one bulk STRtree query)."""
        out: list[set[str]] = [set() for _ in range(len(geoms))]
        if len(self.polygons) == 0 or len(geoms) == 0:
            return out
        src, dst = self.pairs_within(geoms, distance)
        for s, d in zip(src.tolist(), dst.tolist()):
            out[s].add(self.owner[d])
        return out

    def pairs_within(self, geoms: np.ndarray, distance: float) -> tuple[np.ndarray, np.ndarray]:
        """(index into geoms, index of stand) for every pair within `distance` cm: the tree
        finds boxes grown by `distance`, one vectorised distance call keeps the true pairs
        (measured faster than the tree's own "dwithin" predicate)."""
        geoms = np.asarray(geoms, dtype=object)
        grown = shapely.box(*(shapely.bounds(geoms) + np.array([-distance, -distance, distance, distance])).T)
        src, dst = self.tree.query(grown)
        keep = shapely.distance(geoms[src], self.polygons[dst]) <= distance
        return src[keep], dst[keep]

    def stands_of(self, unit_id: str) -> np.ndarray:
        return self.polygons[self.owner == unit_id]


def line_of_sight(src: Point | Sequence[float], target: Polygon, blockers: Sequence[Polygon],
                  terrain_blocks: Sequence[Polygon] = ()) -> bool:
    """4.5.2: a sight line from `src` to the nearest point of `target` must pass through a gap
    of at least 4 cm between other stands, i.e. a 4 cm wide lane (the line buffered 2 cm) must
    clear every blocking stand (ruling D-21). Terrain that blocks sight blocks the bare line."""
    src = src if isinstance(src, Point) else Point(src)
    tgt = shapely.ops.nearest_points(target, src)[0]
    line = LineString([src, tgt])
    if blockers:
        # a gap of exactly 4 cm is enough, so stands merely touching the lane do not block
        lane = line.buffer(LOS_GAP / 2 - 1e-6, cap_style="flat")
        if shapely.intersects(np.asarray(blockers, dtype=object), lane).any():
            return False
    return not any(line.crosses(t) or line.within(t) for t in terrain_blocks)


# -- contact and distance between units -------------------------------------------------
LEADER_RADIUS = 1.0       # cm; ruling D-31: a leader figure is a 20 mm round base


def unit_distance(a: Unit, b: Unit) -> float:
    """Edge-to-edge distance in cm between the nearest stands of two units."""
    return float(shapely.distance(footprint(a), footprint(b)))


def in_contact(a: Unit, b: Unit) -> bool:
    """Base-to-base contact: some stand of `a` within 1 mm of some stand of `b` (ruling D-3)."""
    return unit_distance(a, b) <= CONTACT_TOLERANCE + 1e-9


def touched_edge(unit: Unit, geom) -> str | None:
    """Which edge of `unit`'s block `geom` touches: "front", "left", "right" or "rear" (ruling
    D-3: within 1 mm), None if not in contact. Where a corner touches two edges the one
    `geom` runs along furthest wins; a tie goes to the front (4.6.1: front contact fights)."""
    edges = unit_edges(unit)
    if float(shapely.distance(footprint(unit), geom)) > CONTACT_TOLERANCE + 1e-9:
        return None
    zone = geom.buffer(CONTACT_TOLERANCE)
    best, best_len = None, -1.0
    for name in ("front", "left", "right", "rear"):
        run = edges[name].intersection(zone).length
        if run > best_len + 1e-9:
            best, best_len = name, run
    return best


def contact_edges(unit: Unit, other: Unit) -> set[str]:
    """Every edge of `unit` that some stand of `other` touches (4.6.1, ruling D-3)."""
    out = set()
    for poly in stand_polygons(other):
        edge = touched_edge(unit, poly)
        if edge is not None:
            out.add(edge)
    return out


def table_box(width: float, height: float) -> Polygon:
    return shapely.box(0, 0, width, height)


def table_edges(width: float, height: float) -> dict[str, LineString]:
    """The four table edges by compass name (table y up: north is y = height, ruling D-5)."""
    return {"south": LineString([(0, 0), (width, 0)]), "north": LineString([(0, height), (width, height)]),
            "west": LineString([(0, 0), (0, height)]), "east": LineString([(width, 0), (width, height)])}


def edge_facing(edge: str) -> float:
    """The facing that points straight at an own table edge (5.1 rout, ruling D-5)."""
    return {"south": 270.0, "north": 90.0, "west": 180.0, "east": 0.0}[edge]


def off_table(width: float, height: float, geom) -> bool:
    """4.3.4: true when any part of `geom` lies outside the playing area."""
    return not table_box(width, height).buffer(1e-9).contains(geom)


def in_arc(shooter: Unit, stand: int, target_geom, reach: float) -> bool:
    """4.5 (ruling D-2): is any part of `target_geom` inside the arc of `shooter`'s stand
    `stand` within `reach` cm? Infantry use the 45-degree arc, cavalry shoot all round."""
    corners = stand_corners(shooter)[stand]
    arc = all_round_arc(corners, reach) if shooter.cavalry else fire_arc(corners, shooter.facing, reach)
    return bool(shapely.intersects(arc, target_geom))


# -- swept paths --------------------------------------------------------------------------
def swept_pieces(corners: np.ndarray) -> np.ndarray:
    """The area swept by stands between consecutive poses: for corner arrays (n, stands, 4, 2)
    the convex hull of each stand at pose i and i+1. For a straight move (n = 2) this is exact;
    for a wheel sampled every degree the chord error is under 0.001 cm per 16 cm of radius.
    The hulls come from a kernel (kernels.hulls: GEOS's very rings), Shapely's own where a
    turn of the hull is too fine for the kernel to call."""
    if len(corners) == 1:
        return quad_polygons(corners[0])
    pairs = np.concatenate([corners[:-1], corners[1:]], axis=2).reshape(-1, 8, 2)   # (n-1, stands, 8, 2)
    coords, size, unsure = kernels.hulls(pairs)
    out = np.empty(len(pairs), dtype=object)
    sure = ~unsure
    if sure.any():
        rings = np.concatenate([[0], np.cumsum(size[sure])])
        out[sure] = shapely.from_ragged_array(shapely.GeometryType.POLYGON, coords,
                                              (rings, np.arange(len(rings))))
    if unsure.any():
        # GEOS takes a hull from the distinct coordinates in the order met, whatever the
        # geometry: a linestring through the 8 corners gives the multipoint's very hull and is
        # one geometry to build, not nine (tests/daimyo/test_geometry.py checks them equal)
        out[unsure] = shapely.convex_hull(shapely.linestrings(pairs[unsure]))
    return out


NEAR_HULL_CM = 1e-12     # a stand-in ring's largest distance from GEOS's hull: 1/10 of cut_kernels.TOL


class Swept:
    """The ground stands sweep along a motion (`swept_pieces`' hulls, in its order) as arrays:
    each piece's axis box and ring, its Shapely polygon made only when asked for (most pieces
    of a move meet nothing, and are never asked about). `at(rows)` holds the very polygons
    `swept_pieces` returns."""

    def __init__(self, corners: np.ndarray, ends: bool = False):
        """The pieces of sampled stands `corners` (n, stands, 4, 2): with `ends`, one hull per
        stand from its first pose to its last (a straight move); else one per consecutive pair
        of poses; a single pose, its stands (a turn or reform's end)."""
        if len(corners) == 1:                          # a turn or reform: the stands at its end
            self._quads(corners[0])
            return
        # the hulls, their boxes and the kernel's rings in one call (geometry.swept_rings)
        (self._pairs, self._coords, self._size, self._first, self._unsure, self.bounds, *rings) = \
            swept_rings.swept_arrays(np.ascontiguousarray(corners, dtype=float), ends, NEAR_HULL_CM)
        self._rings, self._kernel_rings = tuple(rings), None
        self._polys = np.empty(len(self._pairs), dtype=object)
        self._made = np.zeros(len(self._pairs), dtype=bool)
        self._complete = False

    @classmethod
    def of_quads(cls, quads: np.ndarray) -> "Swept":
        """Stands given by their corners (m, 4, 2) as pieces: `at` holds quad_polygons(quads)."""
        self = cls.__new__(cls)
        self._quads(quads)
        return self

    def _quads(self, quads: np.ndarray) -> None:
        quads = np.ascontiguousarray(quads, dtype=float)
        self._coords = np.concatenate([quads, quads[:, :1]], axis=1).reshape(-1, 2)
        self._size = np.full(len(quads), 5, dtype=np.int64)
        self._first = np.arange(0, 5 * len(quads), 5, dtype=np.int64)
        self._polys = np.empty(len(quads), dtype=object)
        self._made = np.zeros(len(quads), dtype=bool)
        self._complete = False
        self._unsure, self._rings, self._kernel_rings = np.zeros(len(quads), dtype=bool), None, None
        self.bounds = kernels.group_boxes(quads)

    def __len__(self) -> int:
        return len(self._polys)

    def at(self, rows) -> np.ndarray:
        """The pieces' polygons at `rows` (indices), made once each."""
        if self._complete or len(rows) == 0:
            return self._polys[rows]
        rows = np.asarray(rows, dtype=np.int64)
        need = rows[~self._made[rows]]
        if len(need):
            fresh = np.zeros(len(self._made), dtype=bool)
            fresh[need] = True                          # each once, in order
            missing = np.flatnonzero(fresh)
            self._made |= fresh
            if self._unsure[missing].any():
                # GEOS's own hulls where the kernel cannot call a turn (as swept_pieces)
                unsure = missing[self._unsure[missing]]
                self._polys[unsure] = shapely.convex_hull(shapely.linestrings(self._pairs[unsure]))
                missing = missing[~self._unsure[missing]]
        if len(need) and len(missing):
            size = self._size[missing]
            take = np.repeat(self._first[missing] - np.concatenate([[0], np.cumsum(size)[:-1]]), size) \
                + np.arange(int(size.sum()))
            rings = np.concatenate([[0], np.cumsum(size)])
            self._polys[missing] = shapely.from_ragged_array(shapely.GeometryType.POLYGON, self._coords[take],
                                                             (rings, np.arange(len(rings))))
        self._complete = bool(self._made.all())
        return self._polys[rows]

    def all(self) -> np.ndarray:
        return self.at(np.arange(len(self)))

    def rings(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The pieces `rows` as the kernel's rings, without making polygons: the packed
        coordinates, each ring's first row and vertex count (unclosed), and which pieces have
        no ring here (only `at` holds GEOS's own hull). Where GEOS's hull is one the kernel
        cannot call (collinear corners: every straight move's), the ring is a stand-in within
        NEAR_HULL_CM of it (kernels.near_hulls), for questions asked with a larger tolerance:
        a separating gap (cut_kernels.TOL), an overlap's area."""
        if self._rings is None:             # stands given by their corners: their own rings
            self._rings = self._coords, self._first, self._size, self._unsure
        coords, first, size, none = self._rings
        return coords, first[rows], size[rows] - 1, none[rows]

    def kernel_rings(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """`rings` of every piece, as the terrain kernels take them: the packed coordinates,
        each ring's first row, and its vertex count (0 for a piece with no ring here)."""
        got = self._kernel_rings
        if got is None:
            coords, first, verts, none = self.rings(slice(None))
            got = self._kernel_rings = (coords, first, np.where(none, 0, verts))
        return got

    def near(self, boxes: np.ndarray, grow: float) -> tuple[np.ndarray, np.ndarray]:
        """Pairs (piece, box) whose axis boxes come within `grow` (+ kernels.MARGIN): a superset
        of the pairs that can meet within `grow` (an STRtree's envelope query among them)."""
        if len(self) == 0 or len(boxes) == 0:
            return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
        return kernels.box_pairs(self.bounds, boxes, grow)


def sight_clear(src, target: Polygon, blockers: Sequence[Polygon], terrain_shapes: Sequence[Polygon] = (),
                terrain_depth: float = 3.0) -> bool:
    """4.5.2 with terrain: units block unless the 4 cm lane clears them (ruling D-21); a
    sight-blocking feature blocks once the line runs more than `terrain_depth` cm through it
    (4.5.1: in woods range is 3 cm, ruling D-32)."""
    src = src if isinstance(src, Point) else Point(src)
    tgt = shapely.ops.nearest_points(target, src)[0]
    line = LineString([src, tgt])
    if not line_of_sight(src, target, blockers):
        return False
    for shape in terrain_shapes:
        if line.intersection(shape).length > terrain_depth + 1e-9:
            return False
    return True
