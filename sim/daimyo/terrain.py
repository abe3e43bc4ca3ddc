"""Terrain features on the table (4.3.1): polygons (or lines, for linear obstacles)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import shapely
from shapely.geometry import LineString, Polygon

from sim.core.codec import serializable
from sim.daimyo.tables import tables

OBSTACLE_THICKNESS = 0.5   # cm; a fence or wall drawn as a line is given this width


@serializable
@dataclass
class Feature:
    id: str
    kind: str                                  # a key of [terrain] in tables.toml
    points: tuple[tuple[float, float], ...]
    name: str = ""

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
