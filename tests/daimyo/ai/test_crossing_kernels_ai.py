"""A column's way over a crossing (crossing_axis.py, 4.3.1) from triangles: `Crossings.meets_river`
and `Crossings.near_leg` against the Shapely questions they replace (issue 18), on the
reference table's and Kawanakajima's rivers and crossings: lines with an end on, a hair off or well
off a river's or a crossing's edge, and points."""
import math

from hypothesis import HealthCheck, given, settings, strategies as stn
from shapely.geometry import Point

from sim.core.scenario import read_toml
from sim.daimyo.ai.crossing_axis import Crossings, _segment
from sim.daimyo.game import DaimyoGame

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TABLES = {}
OFFS = [0.0, 1e-9, -1e-9, 1e-6, -1e-6, 1e-3, -1e-3, 0.5, -2.0, 10.0]


def _crossings(which: int) -> Crossings:
    path = ("benchmarks/reference.toml", "scenarios/daimyo/kawanakajima.toml")[which]
    if path not in TABLES:
        TABLES[path] = Crossings(DaimyoGame.new(read_toml(path), 1).state)
    return TABLES[path]


def _near_edge(shape, t: float, off: float):
    """A point `off` cm off the shape's edge at `t` of its length (either side)."""
    edge = shape.exterior if hasattr(shape, "exterior") else shape.boundary
    p = edge.interpolate(t, normalized=True)
    q = edge.interpolate(min(1.0, t + 1e-4), normalized=True)
    nx, ny = q.y - p.y, p.x - q.x
    norm = math.hypot(nx, ny) or 1.0
    return p.x + off * nx / norm, p.y + off * ny / norm


ends = stn.tuples(stn.integers(0, 1), stn.integers(0, 5), stn.floats(0.0, 1.0), stn.sampled_from(OFFS),
                  stn.floats(-1.0, 1.0, allow_subnormal=False), stn.floats(-1.0, 1.0, allow_subnormal=False),
                  stn.floats(0.0, 80.0, allow_subnormal=False), stn.booleans())


def _line(c: Crossings, pick: int, t: float, off: float, ux: float, uy: float, length: float, point: bool):
    shapes = c.rivers + [f.shape for f in c.features]
    a = _near_edge(shapes[pick % len(shapes)], t, off)
    b = a if point else (a[0] + length * ux, a[1] + length * uy)
    return a, b


@given(ends)
@SETTINGS
def test_4_3_1_a_line_meets_a_river_as_shapely_says(args):
    which, pick, t, off, ux, uy, length, point = args
    c = _crossings(which)
    a, b = _line(c, pick, t, off, ux, uy, length, point)
    line = _segment(a, b)
    assert c.meets_river(a, b) == any(r.intersects(line) for r in c.rivers)


@given(ends, stn.sampled_from([0.0, 1e-6, 2.5, 3.75, 5.0]))
@SETTINGS
def test_4_3_1_the_crossings_near_a_leg_are_shapelys(args, within):
    which, pick, t, off, ux, uy, length, point = args
    c = _crossings(which)
    a, b = _line(c, pick, t, off, ux, uy, length, point)
    line = _segment(a, b)
    assert c.near_leg(a, b, within) == [f for f in c.features if f.shape.distance(line) <= within]


def test_4_3_1_a_leg_ending_exactly_at_the_distance_asks_shapely():
    """A leg whose end lies `within` cm straight off a crossing's side: at the threshold, the
    answer is Shapely's (kept in)."""
    c = _crossings(0)
    f = c.features[0]
    x0, y0, x1, y1 = f.shape.bounds
    a = (x1 + 5.0, (y0 + y1) / 2) if f.shape.covers(Point(x1, (y0 + y1) / 2)) else (x1 + 5.0, y1 + 5.0)
    b = (a[0] + 10.0, a[1])
    want = f.shape.distance(_segment(a, b))
    assert c.near_leg(a, b, want) == [g for g in c.features if g.shape.distance(_segment(a, b)) <= want]
    assert f in c.near_leg(a, b, want)
