"""The scorer's terrain and fire-zone questions ask Shapely only about what a box test leaves
(issue 18 item 5): the answers equal asking about everything, on random footprints over
Nagashino's stream, fords and palisades (4.3.1) and before its arquebusiers (4.5.1)."""
import math

from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.core.scenario import open_game, read_toml
from sim.daimyo import make_player
from sim.daimyo.game import DaimyoGame
from sim.daimyo.geometry import footprint
from sim.daimyo.model import Weapon
from sim.daimyo.terrain import features_touching, terrain_map

SCORERS = []


def _scorer():
    if not SCORERS:
        g = open_game("scenarios/daimyo/nagashino.toml", seed=1)
        side = next(s for s in g.sides() if any(e.missile for e in g.state.living(g.state.enemy(s))))
        player = make_player(side, "hard", 1)
        player.scorer.prepare(g, side)
        SCORERS.append(player.scorer)
    return SCORERS[0]


def _plain_effects(ground, u, geom):
    return {eff for eff, patches in ground._patches(u).items() if any(s.intersects(geom) for s, _ in patches)}


def _plain_danger(fire, u, shape):
    total = 0.0
    for e, eff, long_, _, _ in fire.zones:
        w = 1.0 if eff.intersects(shape) else 0.4 if long_.intersects(shape) else 0.0
        if w and u.cavalry and Weapon.ARQUEBUS in e.weapons:
            w *= 1.5
        total += w
    return total


@given(stn.data())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_4_3_1_4_5_1_box_first_answers_equal_shapelys_on_nagashino(data):
    sc = _scorer()
    u = data.draw(stn.sampled_from(sc.st.living(sc.side)))
    anchor = data.draw(stn.sampled_from(sc.shooters * 10 + sc.st.living()))   # often in a zone
    x = anchor.x + data.draw(stn.floats(-25, 25))
    y = anchor.y + data.draw(stn.floats(-25, 25))
    shape = footprint(u, x=x, y=y, facing=data.draw(stn.floats(0, 360)))
    assert sc.ground.features_touching(shape) == features_touching(sc.st.terrain, shape)
    assert sc.ground.effects(u, shape) == _plain_effects(sc.ground, u, shape)
    assert sc.fire.danger(u, shape) == _plain_danger(sc.fire, u, shape)


def test_4_5_1_nagashino_has_fire_zones_and_terrain_to_test_against():
    sc = _scorer()
    assert sc.fire.zones and sc.st.terrain


def _plain_slow_cm(ground, u, line):
    from sim.daimyo.tables import tables
    te = tables().terrain_effects
    factor = te.difficult_cavalry_factor if u.cavalry else te.difficult_infantry_factor
    return (factor - 1) * sum(s.intersection(line).length for s, _ in ground._patches(u).get("difficult", ()))


@given(stn.data())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_4_3_1_d33_slow_ground_on_the_way_equals_shapelys_sum(data):
    """Ruling D-33's extra cm across difficult ground (Nagashino's stream) along a straight
    way: the same float as summing every patch."""
    from shapely.geometry import LineString
    sc = _scorer()
    u = data.draw(stn.sampled_from(sc.st.living()))
    a, b = data.draw(stn.sampled_from(sc.st.living())), data.draw(stn.sampled_from(sc.st.living()))
    line = LineString([(a.x + data.draw(stn.floats(-10, 10)), a.y), (b.x, b.y + data.draw(stn.floats(-10, 10)))])
    assert sc.ground.slow_cm(u, line) == _plain_slow_cm(sc.ground, u, line)


@given(stn.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_4_3_1_touching_one_kind_of_ground_agrees_with_all_effects(data):
    sc = _scorer()
    u = data.draw(stn.sampled_from(sc.st.living()))
    anchor = data.draw(stn.sampled_from(sc.st.living()))
    shape = footprint(u, x=anchor.x + data.draw(stn.floats(-25, 25)), y=anchor.y + data.draw(stn.floats(-25, 25)),
                      facing=data.draw(stn.floats(0, 360)))
    effects = _plain_effects(sc.ground, u, shape)
    for kind in ("difficult", "impassable", "light", "obstacle"):
        assert sc.ground.touches(u, shape, kind) == (kind in effects)


def _plain_ground(sc, u):
    """A Ground whose patches' boxes all meet everything: every question goes to Shapely."""
    import math
    from sim.daimyo.ai.reach import Ground
    g = Ground(sc.st, sc.ground.routes)
    patches = g._patches(u)
    everywhere = (-math.inf, -math.inf, math.inf, math.inf)
    for eff in patches:
        patches[eff] = [(s, everywhere) for s, _ in patches[eff]]
    g._boxes[(u.cavalry, u.stands)] = [everywhere]
    g._walls[(u.cavalry, u.stands)] = (True, None, None, 0)     # no lane kernel: Shapely's buffer
    return g


@given(stn.data())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_4_3_1_4_4_charge_allowance_and_way_over_the_ground_box_first_equal_shapelys(data):
    """A charge's allowance (4.4 as modified by the ground, 4.3.1) and the way to a target
    round impassable ground: box tests first give the same floats as asking Shapely about
    every patch, on poses anywhere on Nagashino (its stream, fords and palisades)."""
    sc = _scorer()
    u = data.draw(stn.sampled_from([v for v in sc.st.living() if v.troop.name not in ("HQ", "ARTILLERY")]))
    target = data.draw(stn.sampled_from(sc.st.living()))
    near = data.draw(stn.booleans())
    anchor = data.draw(stn.sampled_from(sc.st.living()))
    x = anchor.x + data.draw(stn.floats(-25, 25)) if near else data.draw(stn.floats(0, sc.st.width))
    y = anchor.y + data.draw(stn.floats(-25, 25)) if near else data.draw(stn.floats(0, sc.st.height))
    files = data.draw(stn.integers(1, u.stands))
    shape = footprint(u, x=x, y=y, facing=data.draw(stn.floats(0, 360)), files=files)
    plain = _plain_ground(sc, u)
    assert sc.ground._charge_allowance(u, shape, footprint(target)) == plain._charge_allowance(u, shape, footprint(target))
    assert sc.ground._approach(u, shape, footprint(target), files) == plain._approach(u, shape, footprint(target), files)


@given(stn.data())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_4_3_1_lane_kernel_against_impassable_ground_answers_as_shapelys_buffer(data):
    """The way's lane (a flat-capped buffer of the straight line, ai/reach.py) against the
    impassable ground of each kind of mover (Nagashino's river away from its fords, the
    palisades for cavalry, 4.3.1): every answer the kernel gives is Shapely's."""
    from shapely.geometry import LineString
    sc = _scorer()
    u = data.draw(stn.sampled_from(sc.st.living()))
    a, b = data.draw(stn.sampled_from(sc.st.living())), data.draw(stn.sampled_from(sc.st.living()))
    line = LineString([(a.x + data.draw(stn.floats(-10, 10)), a.y + data.draw(stn.floats(-10, 10))),
                       (b.x + data.draw(stn.floats(-10, 10)), b.y + data.draw(stn.floats(-10, 10)))])
    if line.length < 1e-6:
        return
    half = data.draw(stn.floats(0.1, 12.0))
    got = sc.ground._lane_meets_walls(u, *line.coords, half)
    if got is not None:
        assert got == sc.ground.touches(u, line.buffer(half, cap_style="flat"), "impassable")


def test_4_3_1_nagashino_lanes_meet_impassable_ground():
    """The test above meets both answers: Nagashino's impassable ground is cut into triangles
    the kernel reads, and a lane across the river meets it."""
    sc = _scorer()
    got = {sc.ground._lane_meets_walls(u, (u.x, u.y), (e.x, e.y), 2.0)
           for u in sc.st.living() for e in sc.st.living() if (u.x, u.y) != (e.x, e.y)}
    assert {True, False} <= got


@given(stn.integers(0, 1), stn.floats(0.0, 1.0), stn.floats(0.0, 1.0),
       stn.sampled_from([0.0, 1e-9, -1e-9, 1e-6, -1e-6, 0.01, -0.01, 1.0, -3.0]),
       stn.floats(-1.0, 1.0), stn.floats(-1.0, 1.0), stn.floats(0.1, 40.0))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_4_3_1_a_charge_line_meets_the_grounds_shapely_meets(cavalry, which, t, off, ux, uy, length):
    """Ground._line_effects (the patches' triangles, terrain_kernels) against Ground.effects
    (Shapely) for straight lines starting on, a hair off or well off a patch's edge of the
    reference table."""
    from shapely.geometry import LineString
    from sim.daimyo.ai.reach import Ground
    if not LINE_TABLE:
        LINE_TABLE.append(DaimyoGame.new(read_toml("benchmarks/reference.toml"), 1).state)
    st = LINE_TABLE[0]
    u = next(v for v in st.units.values() if v.cavalry == bool(cavalry))
    ground = Ground(st)
    patches = terrain_map(st, u.cavalry, u.stands).patches
    edge = patches[int(which * (len(patches) - 1))].shape.boundary
    p = edge.interpolate(t, normalized=True)
    q = edge.interpolate(min(1.0, t + 1e-4), normalized=True)
    nx, ny = q.y - p.y, p.x - q.x
    norm = math.hypot(nx, ny) or 1.0
    a = (p.x + off * nx / norm, p.y + off * ny / norm)
    line = LineString([a, (a[0] + length * ux + 1e-3, a[1] + length * uy)])
    assert ground._line_effects(u, line) == ground.effects(u, line)


LINE_TABLE = []
