"""The scripted opponent's compiled kernels (sim/daimyo/geometry/ai_kernels.py) against the
plain Python computations they replace: the same floats, so no AI decision changes."""
import heapq
import math

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.core.scenario import read_toml
from sim.daimyo.ai import routes
from sim.daimyo.game import DaimyoGame
from sim.daimyo.geometry.ai_kernels import route_descent, route_field
from shapely.geometry import LineString, Point

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def python_field(cost: np.ndarray, goal: tuple[int, int], step: float) -> np.ndarray:
    """The shortest-way field as routes.py computed it before the kernel (heapq Dijkstra)."""
    nx, ny = cost.shape
    dist = np.full((nx, ny), math.inf)
    dist[goal] = 0.0
    heap = [(0.0, goal)]
    while heap:
        d, (i, j) = heapq.heappop(heap)
        if d > dist[i, j]:
            continue
        here = cost[i, j]
        for dx, dy, k in routes.NEIGHBOURS:
            a, b = i + dx, j + dy
            if 0 <= a < nx and 0 <= b < ny:
                c = cost[a, b]
                if c == math.inf:
                    continue
                nd = d + k * step * (here + c) / 2
                if nd < dist[a, b]:
                    dist[a, b] = nd
                    heapq.heappush(heap, (nd, (a, b)))
    return dist


@stn.composite
def grids(draw):
    nx, ny = draw(stn.integers(1, 14)), draw(stn.integers(1, 14))
    # 4.3.1 costs as routes.py sets them: open, light ground / obstacles, difficult, impassable
    values = stn.sampled_from([1.0, 1.0, 1.0, 1.2, 1.5, 2.0, 3.0, math.inf])
    cost = np.array(draw(stn.lists(values, min_size=nx * ny, max_size=nx * ny))).reshape(nx, ny)
    gi, gj = draw(stn.integers(0, nx - 1)), draw(stn.integers(0, ny - 1))
    cost[gi, gj] = 1.0
    step = draw(stn.sampled_from([2.5, 3.75, 1.0 / 3.0, 5.0]))
    return cost, (gi, gj), step


@given(grids())
@SETTINGS
def test_4_3_1_route_field_kernel_equals_the_python_search(grid):
    cost, goal, step = grid
    want = python_field(cost, goal, step)
    got = route_field(cost, goal[0], goal[1], step, routes.MOVES)
    assert np.array_equal(got, want)         # the same floats, inf where no way leads


def test_4_3_1_route_fields_of_a_river_table_equal_the_python_search():
    """Nagashino's stream and fords: every kind of mover's field from a few goals."""
    st = DaimyoGame.new(read_toml("scenarios/daimyo/nagashino.toml"), 1).state
    for cavalry, stands in ((False, 4), (True, 4), (False, 12)):
        r = routes.Routes(st, cavalry, stands)
        for goal in ((10.0, 10.0), (st.width / 2, st.height / 2), (st.width - 1, st.height - 1)):
            g = r._open_near(r.cell(*goal))
            assert np.array_equal(r.field(goal), python_field(r.cost, g, r.step))


def python_descent(c: tuple[int, int], dist: np.ndarray) -> list:
    """routes.Routes._descent as it was before the kernel (a Python `min` over the neighbours)."""
    nx, ny = dist.shape
    out = [c]
    for _ in range(nx * ny):
        nxt = min(((c[0] + dx, c[1] + dy) for dx, dy, _ in routes.NEIGHBOURS
                   if 0 <= c[0] + dx < nx and 0 <= c[1] + dy < ny), key=lambda n: dist[n])
        if dist[nxt] >= dist[c]:
            break
        c = nxt
        out.append(c)
    return out


@given(grids(), stn.integers(0, 13), stn.integers(0, 13), stn.booleans())
@SETTINGS
def test_4_3_1_route_descent_kernel_equals_the_python_walk(grid, si, sj, coarse):
    """The walk down a field from any cell: the same cells as the Python walk, ties between
    neighbours (a coarse field has many) broken the same way."""
    cost, goal, step = grid
    if cost.shape == (1, 1):
        return                                   # no neighbour at all: never a table's grid
    dist = route_field(cost, goal[0], goal[1], step, routes.MOVES)
    if coarse:
        dist = np.floor(dist / 2)               # equal distances side by side: the tie rule
    c = (si % cost.shape[0], sj % cost.shape[1])
    got = [tuple(p) for p in route_descent(dist, c[0], c[1], routes.MOVES).tolist()]
    assert got == python_descent(c, dist)


def test_4_3_1_route_descents_of_a_river_table_equal_the_python_walk():
    """Nagashino's stream and fords: the descent from every cell to a few goals."""
    st = DaimyoGame.new(read_toml("scenarios/daimyo/nagashino.toml"), 1).state
    r = routes.Routes(st, False, 4)
    for goal in ((10.0, 10.0), (st.width / 2, st.height / 2)):
        dist = r.field(goal)
        for i in range(0, r.nx, 3):
            for j in range(0, r.ny, 3):
                assert r._descent((i, j), dist) == python_descent((i, j), dist)


def _walled_routes():
    """The reference table's routes for infantry and cavalry, a column and lines (the river's
    walls grown by half the frontage, 4.3.1)."""
    st = DaimyoGame.new(read_toml("benchmarks/reference.toml"), 1).state
    out = [routes.Routes(st, cavalry, 4, clearance) for cavalry in (False, True) for clearance in (0.0, 1.0, 7.0)]
    assert all(r.walls is not None for r in out)
    return out


WALLED = []


def _off_the_walls(which: int, t: float, off: float):
    """(routes, a point `off` cm off the walls' edge at `t` of its length, either way, the edge's
    point a hair further on)."""
    if not WALLED:
        WALLED.extend(_walled_routes())
    r = WALLED[which]
    edge = r.walls.boundary
    p = edge.interpolate(t, normalized=True)
    q = edge.interpolate(min(1.0, t + 1e-4), normalized=True)
    nx, ny = q.y - p.y, p.x - q.x                 # off the edge, either way
    norm = math.hypot(nx, ny) or 1.0
    return r, (p.x + off * nx / norm, p.y + off * ny / norm), q


@given(stn.integers(0, 5), stn.floats(0.0, 1.0), stn.floats(0.0, 1.0),
       stn.sampled_from([0.0, 1e-9, -1e-9, 1e-6, -1e-6, 1e-3, -1e-3, 0.5, -2.0]),
       stn.floats(-1.0, 1.0), stn.floats(-1.0, 1.0), stn.floats(0.0, 60.0), stn.booleans())
@SETTINGS
def test_4_3_1_a_straight_line_clear_of_the_walls_equals_shapely(which, t, s, off, ux, uy, length, degenerate):
    """Routes.clear from the walls' triangles (terrain_kernels): one end on or near the walls'
    edge (on it, a hair inside or out, well off), the other anywhere within 60 cm; the same
    answer as Shapely's intersects on the walls (a touch goes to Shapely)."""
    r, a, q = _off_the_walls(which, t, off)
    if degenerate:
        b = a
    else:
        b = (a[0] + length * ux, a[1] + length * uy) if s < 0.7 else (q.x, q.y)
    want = not r.walls.intersects(LineString([a, b]) if a != b else Point(a))
    assert r._clear_now(a, b) == want
    assert r.clear(a, b) == want


@given(stn.integers(0, 5), stn.floats(0.0, 1.0), stn.sampled_from([0.0, 1e-9, -1e-9, 1e-3, -0.5, 2.0]),
       stn.floats(0.0, 1.0), stn.floats(0.0, 1.0))
@SETTINGS
def test_4_3_1_a_ways_waypoint_equals_asking_each_cell_in_turn(which, t, off, gx, gy):
    """Routes.waypoint asks the kernel about the way's cells in one call (terrain_kernels.lines_apart)
    and Shapely about the first it cannot tell: the same waypoint as asking `clear` of each
    cell's centre in turn. The start on or near the walls' edge, the goal anywhere."""
    r, start, _ = _off_the_walls(which, t, off)
    goal = (gx * r.width, gy * r.height)

    def clear(a, b):                 # Shapely, the oracle
        return not r.walls.intersects(LineString([a, b]) if a != b else Point(a))

    want = goal
    if not clear(start, goal):
        path = r._down(r._open_near(r.cell(*start)), r._open_near(r.cell(*goal)), goal)
        want = r.centre(path[0])
        for c in path[1:]:
            if not clear(start, r.centre(c)):
                break
            want = r.centre(c)
    assert r.waypoint(start, goal) == want


SWEPT = []


@given(stn.integers(0, 10_000), stn.floats(0.0, 1.0), stn.floats(-8.0, 8.0), stn.floats(0.0, 360.0),
       stn.sampled_from([0.5, 3.0, 6.0, 12.0]), stn.sampled_from([None, 1]))
@SETTINGS
def test_4_3_1_a_straight_moves_sweep_against_impassable_ground_equals_shapely(pick, t, off, facing, step, files):
    """The scorer's 'a turn opens a move ahead' (pose_value): the hull of the stands where the move
    starts and ends against impassable ground by terrain_kernels.hull_meets_patches, on the
    reference table's river (poses on, near and off its banks, lines and columns): every sure
    answer is Shapely's (the convex hull of the two footprints), most answers are sure."""
    from sim.daimyo.ai.reach import Ground
    from sim.daimyo.geometry import direction, footprint, stand_quads
    from shapely.geometry import GeometryCollection
    if not SWEPT:
        st = DaimyoGame.new(read_toml("benchmarks/reference.toml"), 1).state
        SWEPT.extend([st, Ground(st), [u for u in st.living() if u.troop.value not in ("hq", "artillery")], [0, 0]])
    st, ground, units, tally = SWEPT
    u = units[pick % len(units)]
    river = next(p for p in ground._patches(u)["impassable"])[0].boundary
    p = river.interpolate(t, normalized=True)
    x, y = p.x + off, p.y - off / 2
    files = files or u.files
    fwd = direction(facing)
    ax, ay = x + fwd[0] * step, y + fwd[1] * step
    corners = np.concatenate([stand_quads(u, x=x, y=y, facing=facing, files=files),
                              stand_quads(u, x=ax, y=ay, facing=facing, files=files)]).reshape(-1, 2)
    got = ground.sweep_meets_walls(u, corners)
    hull = GeometryCollection([footprint(u, x=x, y=y, facing=facing, files=files),
                               footprint(u, x=ax, y=ay, facing=facing, files=files)]).convex_hull
    tally[got is None] += 1
    if got is not None:
        assert got == ground.touches(u, hull, "impassable")
    assert tally[1] <= 5 + tally[0] // 10
