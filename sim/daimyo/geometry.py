"""Continuous table geometry for Daimyo (DESIGN.md seam 6), built on Shapely 2.

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
from shapely.geometry import LineString, Point, Polygon

from sim.daimyo.model import Unit

CONTACT_TOLERANCE = 0.1   # cm; ruling D-3: edges within 1 mm touch
LOS_GAP = 4.0             # 4.5.2: shooting needs a gap of at least 4 cm between stands


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


def stand_corners(unit: Unit, x: float | None = None, y: float | None = None,
                  facing: float | None = None, files: int | None = None) -> np.ndarray:
    """Corners of every stand, shape (stands, 4, 2), ordered front-left, front-right,
    rear-right, rear-left. Optional pose/formation overrides ask "what if it stood there"."""
    x = unit.x if x is None else x
    y = unit.y if y is None else y
    facing = unit.facing if facing is None else facing
    files = unit.files if files is None else files
    fwd, right = _axes(facing)
    layout = np.array(stand_layout(unit.stands, files), dtype=float).reshape(-1, 2)
    w, d = unit.stand_w, unit.stand_d
    # centre of each stand's front edge, relative to the unit's front centre
    front = (-layout[:, 0:1] * d) * fwd + (layout[:, 1:2] * w) * right
    half = right * (w / 2)
    back = -fwd * d
    corners = np.stack([front - half, front + half, front + half + back, front - half + back], axis=1)
    return corners + np.array([x, y])


def stand_polygons(unit: Unit, **pose) -> np.ndarray:
    """Shapely polygons of the stands (vectorised construction)."""
    return shapely.polygons(stand_corners(unit, **pose))


def footprint(unit: Unit, **pose) -> Polygon:
    return shapely.union_all(stand_polygons(unit, **pose))


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


def edge_distance(a: Polygon, b: Polygon) -> float:
    return float(shapely.distance(a, b))


def touching(a, b) -> bool:
    return float(shapely.distance(a, b)) <= CONTACT_TOLERANCE


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
        corners = np.concatenate([stand_corners(u) for u in units])
        polys = shapely.polygons(corners)
        owner = np.array([u.id for u in units for _ in range(u.stands)], dtype=object)
        return cls(polys, owner, shapely.STRtree(polys))

    def near(self, geom, distance: float, exclude: Sequence[str] = ()) -> set[str]:
        """Ids of units with any stand within `distance` cm of `geom`."""
        if len(self.polygons) == 0:
            return set()
        idx = self.tree.query(geom, predicate="dwithin", distance=distance)
        hits = set(self.owner[idx].tolist())
        return hits.difference(exclude)

    def near_many(self, geoms: np.ndarray, distance: float) -> list[set[str]]:
        """Vectorised `near` for an array of geometries (one bulk STRtree query)."""
        out: list[set[str]] = [set() for _ in range(len(geoms))]
        if len(self.polygons) == 0 or len(geoms) == 0:
            return out
        src, dst = self.tree.query(geoms, predicate="dwithin", distance=distance)
        for s, d in zip(src.tolist(), dst.tolist()):
            out[s].add(self.owner[d])
        return out

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
        lane = line.buffer(LOS_GAP / 2, cap_style="flat")
        if shapely.intersects(np.asarray(blockers, dtype=object), lane).any():
            return False
    return not any(line.crosses(t) or line.within(t) for t in terrain_blocks)
