"""Ways across the table for the Daimyo planner (issue 19): a waypoint graph from the terrain.

The table is cut into square cells; each cell costs what the rules charge a kind of mover to
cross it (4.3.1: difficult ground halves infantry and thirds cavalry, light ground and
obstacles cost a few cm, a river is impassable except at its fords and bridges, woods or
buildings may be closed to cavalry or big units) as the rules' own TerrainMap sees it. A
shortest-way field (Dijkstra over the 8 neighbours of each cell, compiled in
geometry/ai_kernels.py) from a goal gives, for any point, the real distance to it and the next
waypoint: the farthest point along the way that can be walked to in a straight line without
crossing impassable ground. So a unit goes round a river to its ford or bridge and through the
gap between two woods, and no distance is measured straight across water that cannot be
crossed there.

Built once a game per kind of mover, fields once per goal cell; nothing here reads units.
"""
from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import LineString

from sim.core.memo import keep
from sim.daimyo import terrain_touch
from sim.daimyo.ai.crossing_axis import Crossings
from sim.daimyo.geometry import terrain_kernels
from sim.daimyo.geometry.ai_kernels import route_descent, route_field
from sim.daimyo.geometry.kernels import MARGIN
from sim.daimyo.tables import tables
from sim.daimyo.terrain import terrain_map

CELLS = 48            # cells along the table's longer side
SLACK_CM = 1.0        # a way's clearance is half the frontage less this (cells are several cm)
NEIGHBOURS = [(dx, dy, math.hypot(dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
MOVES = np.array(NEIGHBOURS, dtype=float)      # the same, for the compiled search
KEPT_MAX = 50_000     # straight lines' answers a Routes keeps (the same lines are asked about again)


class Routes:
    def __init__(self, st, cavalry: bool, stands: int, clearance: float = 0.0, crossings: Crossings | None = None):
        """clearance: cm kept from impassable ground on each side of the way (half the mover's
        frontage: a 20 cm line cannot pass a 10 cm bridge, a column one stand wide can);
        crossings: the table's rivers and crossings (crossing_axis.py), shared by a game's routes."""
        tm = terrain_map(st, cavalry, stands)
        self.crossings = crossings if crossings is not None else Crossings(st)
        self.width, self.height = st.width, st.height
        self.step = max(st.width, st.height) / CELLS
        self.nx, self.ny = math.ceil(st.width / self.step), math.ceil(st.height / self.step)
        xs = (np.arange(self.nx) + 0.5) * self.step
        ys = (np.arange(self.ny) + 0.5) * self.step
        gx, gy = np.meshgrid(xs, ys, indexing="ij")
        te = tables().terrain_effects
        slow = te.difficult_cavalry_factor if cavalry else te.difficult_infantry_factor
        extra = {"light": te.light_cm, "obstacle": te.obstacle_cavalry_cm if cavalry else te.obstacle_infantry_cm}
        cost = np.ones((self.nx, self.ny))
        self.blocked = []
        for p in tm.patches:
            inside = shapely.contains_xy(p.shape, gx, gy) | shapely.intersects_xy(p.shape.boundary, gx, gy)
            if p.effect == "obstacle":      # a fence is thinner than a cell: mark the cells it crosses
                inside |= shapely.intersects(shapely.box(gx - self.step / 2, gy - self.step / 2,
                                                         gx + self.step / 2, gy + self.step / 2), p.shape)
            if p.effect == "impassable":
                wall = p.shape.buffer(clearance) if clearance > 0 else p.shape
                if clearance > 0:
                    inside = shapely.contains_xy(wall, gx, gy)
                cost[inside] = math.inf
                self.blocked.append(wall)
            elif p.effect == "difficult":
                cost[inside] = np.maximum(cost[inside], slow)
            elif p.effect in extra:
                cost[inside] = np.maximum(cost[inside], 1.0 + extra[p.effect] / self.step)
        self.cost = cost
        self.slow = slow                    # a difficult cell's cost (4.3.1)
        self.walls = shapely.union_all(self.blocked) if self.blocked else None
        if self.walls is not None:
            shapely.prepare(self.walls)     # asked about thousands of straight lines a game
        self._wall_tris: tuple | None = None     # the walls' triangles, made when first asked about
        self._fields: dict[tuple[int, int], np.ndarray] = {}
        self._open: dict[tuple[int, int], tuple[int, int]] = {}    # cell -> _open_near (the costs never change)
        self._wades: dict[tuple, bool] = {}     # (start cell, goal cell) -> wades
        self._descents: dict[tuple, list] = {}  # (start cell, goal cell) -> _descent (the field never changes)
        self._centres: dict[tuple, tuple] = {}  # the same -> _way_cells
        self._clear: dict[tuple, bool] = {}     # the ends' coordinates -> clear (the walls never change)
        self._distance: dict[tuple, float] = {}  # the same -> distance
        self.way_points: dict[tuple, tuple | None] = {}  # crossing_axis.way_point's answers (the terrain never changes)

    def cell(self, x: float, y: float) -> tuple[int, int]:
        return (min(self.nx - 1, max(0, int(x / self.step))), min(self.ny - 1, max(0, int(y / self.step))))

    def centre(self, c: tuple[int, int]) -> tuple[float, float]:
        return ((c[0] + 0.5) * self.step, (c[1] + 0.5) * self.step)

    def field(self, goal: tuple[float, float]) -> np.ndarray:
        """cm along the cheapest way from each cell to the goal's cell (inf: no way there)."""
        g = self._open_near(self.cell(*goal))
        got = self._fields.get(g)
        if got is not None:
            return got
        dist = route_field(self.cost, g[0], g[1], self.step, MOVES)
        self._fields[g] = dist
        return dist

    def _open_near(self, c: tuple[int, int]) -> tuple[int, int]:
        """The goal's cell, or the nearest passable one (a goal standing on a river's edge)."""
        if self.cost[c] != math.inf:
            return c
        got = self._open.get(c)
        if got is None:
            got = self._open[c] = self._nearest_open(c)
        return got

    def _nearest_open(self, c: tuple[int, int]) -> tuple[int, int]:
        free = np.argwhere(np.isfinite(self.cost))
        if len(free) == 0:
            return c
        k = int(np.argmin(np.hypot(free[:, 0] - c[0], free[:, 1] - c[1])))
        return int(free[k, 0]), int(free[k, 1])

    def distance(self, start: tuple[float, float], goal: tuple[float, float]) -> float:
        """cm along the cheapest way (ground cost counted, 4.3.1); straight when nothing blocks."""
        key = (start[0], start[1], goal[0], goal[1])
        got = self._distance.get(key)
        if got is None:
            got = keep(self._distance, key, self._distance_now(start, goal), KEPT_MAX)
        return got

    def _distance_now(self, start, goal) -> float:
        if self.clear(start, goal):
            return math.dist(start, goal) * self._mean_cost(start, goal)
        d = self.field(goal)[self._open_near(self.cell(*start))]
        return d if d < math.inf else math.dist(start, goal) * 10.0

    def wades(self, start: tuple[float, float], goal: tuple[float, float]) -> bool:
        """Whether the cheapest way from start to goal crosses difficult ground (4.3.1: a ford,
        a stream; entering it disorders): the cells it steps through, down the field. A way
        round a river over a bridge (a road, 4.3.1) does not."""
        if self.clear(start, goal):
            return self._slow_on(self._line_cells(start, goal))
        g, c = self._open_near(self.cell(*goal)), self._open_near(self.cell(*start))
        got = self._wades.get((c, g))
        if got is None:
            got = self._wades[(c, g)] = self._slow_on(self._down(c, g, goal))
        return got

    def _slow_on(self, cells) -> bool:
        return any(self.cost[c] >= self.slow for c in cells)

    def _line_cells(self, a, b) -> list:
        n = max(2, int(math.dist(a, b) / self.step) + 1)
        return [self.cell(x, y) for x, y in zip(np.linspace(a[0], b[0], n), np.linspace(a[1], b[1], n))]

    def _down(self, c: tuple[int, int], g: tuple[int, int], goal) -> list:
        """_descent from cell c down the field of `goal` (whose open cell is g), kept."""
        got = self._descents.get((c, g))
        if got is None:
            got = self._descents[(c, g)] = self._descent(c, self.field(goal))
        return got

    def _descent(self, c: tuple[int, int], dist: np.ndarray) -> list:
        """The cells from c down the field to its goal (each step to the cheapest neighbour,
        the first of equals in NEIGHBOURS' order), by the compiled walk: 3,350 descents of a
        hard reference battle cost 1.7 % of it as a Python `min` over neighbours (issue 18)."""
        return [tuple(p) for p in route_descent(dist, c[0], c[1], MOVES).tolist()]

    def _mean_cost(self, a, b) -> float:
        # a line clear of impassable ground (clear()) may still pass a cell marked impassable
        # (cells are several cm, the walls exact): such a cell counts as open, never as inf
        costs = np.array([self.cost[c] for c in self._line_cells(a, b)])
        return float(np.mean(np.where(np.isfinite(costs), costs, 1.0)))

    def clear(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """No impassable ground on the straight line from a to b."""
        if self.walls is None:
            return True
        key = (a[0], a[1], b[0], b[1], a != b)
        got = self._clear.get(key)
        if got is None:
            got = keep(self._clear, key, self._clear_now(a, b), KEPT_MAX)
        return got

    def _triangles(self) -> tuple:
        """The walls cut into triangles (terrain_touch.shape_triangles), made when first asked."""
        if self._wall_tris is None:
            self._wall_tris = terrain_touch.shape_triangles(self.walls)
        return self._wall_tris

    def _clear_now(self, a, b) -> bool:
        # the line (a stand with two corners at each end) against the walls' triangles, by
        # terrain_kernels: Shapely only where the kernel cannot tell by MARGIN (a touch), or
        # where the triangles do not stand for the walls exactly
        tris, owner, exact = self._triangles()
        if exact:
            quad = np.array([[a, b, b, a]], dtype=float)
            state = terrain_kernels.stands_meet_patches(quad, tris, owner, 1, MARGIN)[0, 0]
            if state != terrain_kernels.UNSURE:
                return state == terrain_kernels.APART
        return not self.walls.intersects(LineString([a, b]) if a != b else shapely.Point(a))

    def waypoint(self, start: tuple[float, float], goal: tuple[float, float]) -> tuple[float, float]:
        """The farthest point on the cheapest way to the goal reachable in a straight line over
        passable ground: the goal itself when nothing is in the way, else a ford, a bridge or
        the end of an obstacle."""
        if self.clear(start, goal):
            return goal
        best, ends, ends_xy = self._way_cells(self._open_near(self.cell(*start)), self._open_near(self.cell(*goal)), goal)
        for p, ok in zip(ends, self._clear_along(start, ends, ends_xy)):
            if not ok:
                break
            best = p
        return best

    def _way_cells(self, c: tuple[int, int], g: tuple[int, int], goal) -> tuple:
        """(the first cell's centre, the centres of the cells after it, the same as an (n, 2)
        array) of the descent from cell c to g, kept: a column's way asks for the same
        descents' waypoints thousands of times a battle (issue 18)."""
        got = self._centres.get((c, g))
        if got is None:
            path = self._down(c, g, goal)
            ends = [self.centre(p) for p in path[1:]]
            got = self._centres[(c, g)] = (self.centre(path[0]), ends, np.array(ends, dtype=float).reshape(-1, 2))
        return got

    def _clear_along(self, a, ends, ends_xy):
        """clear(a, b) for each b of `ends` (ends_xy: the same as an array) in turn (the caller
        stops at the first False): the kernel tells the lines surely clear in one call, up to
        the first it cannot (that one is asked as `clear` asks it, then the kernel goes on
        after it)."""
        tris, owner, exact = self._triangles()
        k = 0
        while k < len(ends):
            if exact:
                sure = terrain_kernels.lines_apart(a[0], a[1], ends_xy[k:], tris, owner, MARGIN)
                for _ in range(sure):
                    yield True
                k += sure
                if k == len(ends):
                    return
            yield self.clear(a, ends[k])
            k += 1


class RouteBook:
    """Routes per kind of mover for one game (the terrain does not change)."""

    def __init__(self):
        self._kinds: dict = {}
        self._crossings: dict = {}      # id(terrain) -> Crossings

    def crossings(self, st) -> Crossings:
        """The table's rivers and crossings with their axes (crossing_axis.py), once a terrain."""
        got = self._crossings.get(id(st.terrain))
        if got is None:
            got = self._crossings[id(st.terrain)] = Crossings(st)
        return got

    def for_unit(self, st, u, files: int | None = None) -> Routes:
        """The routes of u's kind of mover with u's frontage (`files` stands wide, its own by
        default) kept clear of impassable ground (4.3.1)."""
        big = u.stands > tables().terrain_effects.house_max_stands
        clearance = max(0.0, (files or u.files) * u.stand_w / 2 - SLACK_CM)
        key = (id(st.terrain), u.cavalry, big, round(clearance))
        got = self._kinds.get(key)
        if got is None:
            got = self._kinds[key] = Routes(st, u.cavalry, u.stands, float(round(clearance)),
                                                 self.crossings(st))
        return got
