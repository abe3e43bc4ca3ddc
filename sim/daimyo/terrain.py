"""Terrain features on the table (4.3.1): polygons (or lines, for linear obstacles), and the
movement view of them a moving unit sees (`TerrainMap`)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon

from sim.core.codec import serializable
from sim.daimyo.tables import tables
from sim.daimyo.derived import derived

OBSTACLE_THICKNESS = 0.5   # cm; a fence or wall drawn as a line is given this width
INTERIOR = 1e-4            # cm; "entering" a feature means overlapping more than its edge


@serializable
@dataclass
class Feature:
    id: str
    kind: str                                  # a key of [terrain] in tables.toml
    points: tuple[tuple[float, float], ...]
    name: str = ""
    wide_stream: bool = False                  # 4.3.1: a river the scenario treats as a wide stream

    @property
    def row(self):
        return tables().terrain[self.kind]

    @property
    def linear(self) -> bool:
        return self.row.effect == "obstacle"

    @cached_property
    def shape(self) -> Polygon:
        if self.linear:
            return LineString(self.points).buffer(OBSTACLE_THICKNESS / 2, cap_style="flat")
        return Polygon(self.points)

    def impassable_for(self, cavalry: bool) -> bool:
        who = self.row.impassable_to
        return who == "all" or (who == "cavalry" and cavalry)


def features_touching(features: list[Feature], geom) -> list[Feature]:
    """Every feature any part of `geom` touches (4.3.1: effects apply on first touch)."""
    if not features:
        return []
    shapes = [f.shape for f in features]
    hit = shapely.intersects(shapes, geom)
    return [f for f, h in zip(features, hit) if h]


@dataclass(frozen=True)
class Patch:
    """One feature as it acts on movement: `effect` is light, difficult, obstacle or
    impassable; `shape` is the ground it covers once roads and bridges are cut out."""
    id: str
    kind: str
    effect: str
    shape: object
    interior: object


class TerrainMap:
    """The table's features as a given kind of unit meets them when it moves (4.3.1).

    Roads and bridges are cut out of every other feature (a road through a wood or a bridge
    over a river is road, ruling D-34). A river is impassable except at bridges and fords
    unless the scenario makes it a wide stream (difficult). Rows marked impassable to all, or
    to cavalry, are impassable to whom they say (ruling D-22); a house is impassable to units
    of more than 4 stands (4.3.1)."""

    def __init__(self, features: list[Feature], cavalry: bool, stands: int, parts: TerrainParts | None = None):
        te = tables().terrain_effects
        parts = TerrainParts(features) if parts is None else parts
        self.road = parts.road
        patches = []
        for i, f in enumerate(features):
            row = f.row
            effect = row.effect
            if effect in ("road", "open"):
                continue
            if effect == "river":
                effect = "difficult" if f.wide_stream else "impassable"
            if f.impassable_for(cavalry) or (row.building and stands > te.house_max_stands):
                effect = "impassable"
            ground = parts.ground(i)
            if ground is None:
                continue
            patches.append(Patch(f.id, f.kind, effect, *ground))
        self.patches = patches
        self.shapes = np.array([p.shape for p in patches], dtype=object)
        self.interiors = np.array([p.interior for p in patches], dtype=object)
        self.tree = shapely.STRtree(self.shapes) if patches else None
        self.boxes = shapely.bounds(self.shapes) if patches else np.empty((0, 4))

    def touching(self, polys) -> np.ndarray:
        """Boolean (len(polys), len(patches)): which polygons touch which patches. `polys`: an
        array of polygons, or a unit's swept pieces (geometry.shapes.Swept), whose polygons are
        made only where their boxes meet a patch's."""
        return self._hits(polys, self.shapes)

    def entering(self, polys) -> np.ndarray:
        """Like `touching` but only overlaps beyond the edge (entering, crossing)."""
        return self._hits(polys, self.interiors)

    def _hits(self, polys, shapes: np.ndarray) -> np.ndarray:
        out = np.zeros((len(polys), len(self.patches)), dtype=bool)
        if self.tree is None or len(polys) == 0:
            return out
        # boxes only: the exact test below decides (a predicate in the query would test twice)
        if isinstance(polys, np.ndarray):
            src, dst = self.tree.query(polys)
            at = polys[src]
        else:                       # swept pieces: every pair of meeting boxes, and more
            src, dst = polys.near(self.boxes, 0.0)
            at = polys.at(src)
        if len(src):
            ok = shapely.intersects(at, shapes[dst])
            out[src[ok], dst[ok]] = True
        return out

    @cached_property
    def road_zone(self):
        """Roads and bridges grown by INTERIOR: a stand on it is on the road (built once)."""
        return None if self.road is None else self.road.buffer(INTERIOR)

    @cached_property
    def road_box(self) -> np.ndarray:
        """The road zone's axis box, (1, 4), as swept pieces' `near` takes boxes."""
        return shapely.bounds(self.road_zone)[None, :]

    @cached_property
    def boxes_with_road(self) -> np.ndarray:
        """The patches' boxes and then the road zone's (a column's movement asks of both)."""
        return np.concatenate([self.boxes, self.road_box])

    @cached_property
    def road_probe(self):
        """A prepared copy of the road zone, only to ask whether anything meets it at all."""
        probe = shapely.from_wkb(shapely.to_wkb(self.road_zone))
        shapely.prepare(probe)
        return probe

    def meets_road(self, polys) -> bool:
        """Whether any of `polys` (or swept pieces, as for `touching`) meets the road zone
        (nothing can lie on a road it misses)."""
        if self.road is None:
            return False
        if not isinstance(polys, np.ndarray):       # only pieces whose boxes meet the zone's
            polys = polys.at(polys.near(self.road_box, 0.0)[0])
        return bool(shapely.intersects(self.road_probe, polys).any())

    def on_road(self, polys) -> np.ndarray:
        """Per polygon (or swept piece, as for `touching`): wholly on road or bridge (4.3:
        columns move double on roads)."""
        if self.road is None:
            return np.zeros(len(polys), dtype=bool)
        if isinstance(polys, np.ndarray):
            return shapely.covers(self.road_zone, polys)
        out = np.zeros(len(polys), dtype=bool)        # only pieces whose boxes meet the zone's
        rows = polys.near(self.road_box, 0.0)[0]     # (one box: each piece once)
        out[rows] = shapely.covers(self.road_zone, polys.at(rows))
        return out


class TerrainParts:
    """What every mover's TerrainMap of the same features shares, worked out once: the roads,
    and each feature's ground with roads and bridges cut out (a river's crossings, fords too,
    unless it is a wide stream) and its interior, or None where nothing is left."""

    def __init__(self, features: list[Feature]):
        self.features = features
        roads = [f.shape for f in features if f.row.effect == "road"]
        self.road = shapely.union_all(roads) if roads else None
        fords = [f.shape for f in features if f.kind == "ford"]
        self._crossings = shapely.union_all(roads + fords) if roads or fords else None
        self._ground: dict[int, tuple | None] = {}

    def ground(self, i: int) -> tuple | None:
        """(shape, interior) of feature i as it acts on movement (not for roads or open ground)."""
        if i not in self._ground:
            f = self.features[i]
            shape = f.shape
            cut = self._crossings if f.row.effect == "river" and not f.wide_stream else self.road
            if cut is not None:
                shape = shape.difference(cut)
            self._ground[i] = None if shape.is_empty else (shape, shape.buffer(-INTERIOR))
        return self._ground[i]


def terrain_map(st, cavalry: bool, stands: int) -> TerrainMap:
    """The TerrainMap of a state's features for one kind of mover, cached on the state."""
    big = stands > tables().terrain_effects.house_max_stands
    key = (cavalry, big)
    cache = st.geometry_cache
    if key not in cache:
        parts = derived(st, "terrain parts", lambda: TerrainParts(st.terrain))
        cache[key] = TerrainMap(st.terrain, cavalry, stands, parts)
    return cache[key]
