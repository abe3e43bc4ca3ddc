"""The scorer's unit-group kernels (sim/daimyo/geometry/unit_groups.py) against Shapely, the
oracle: distances from a weighed pose's stands, or from a point, to each unit of a group
(4.4 charge reach, 1.9 command range), the lane ahead (4.4, 4.5.2) as the scorer's Shapely
buffer; and the scorer's kernel-backed answers equal to the plain Shapely ones on the poses of
a real table (no decision changes, issue 18 item 5)."""
import math

import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.core.scenario import open_game
from sim.daimyo import make_player
from sim.daimyo.ai import scorer as S
from sim.daimyo.geometry import footprint, stand_quads
from sim.daimyo.geometry.kernels import MARGIN, quad_distance
from sim.daimyo.geometry.unit_groups import APART, MEETS, UNSURE, UnitGroup, lane_quad
from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon
from shapely.geometry import Point

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
coord = stn.floats(0, 60, allow_nan=False)
angle = stn.one_of(stn.sampled_from([0.0, 45.0, 90.0, 180.0, 270.0]), stn.floats(0, 360, allow_nan=False))


@stn.composite
def units(draw, uid="u"):
    stands = draw(stn.integers(1, 8))
    files = draw(stn.integers(1, stands))
    return Unit(uid, uid, "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT,
                stands, files, draw(coord), draw(coord), draw(angle), draw(stn.sampled_from([4.0, 3.0])),
                draw(stn.sampled_from([1.5, 3.0, 2.0])))


@given(units("a"), stn.lists(units("b"), min_size=1, max_size=6), stn.sampled_from([math.inf, 3.0, 15.0]))
@SETTINGS
def test_4_4_charge_reach_distances_match_shapely(a, group, beyond):
    got = UnitGroup([stand_quads(b) for b in group]).distances(stand_quads(a), beyond)
    for b, d in zip(group, got.tolist()):
        want = footprint(a).distance(footprint(b))
        if want <= beyond:
            assert abs(d - want) < 1e-9
        else:                         # set aside by its box: still never nearer than it is
            assert d > beyond or abs(d - want) < 1e-9
            assert d <= want + 1e-9


@given(units("a"), stn.lists(units("b"), min_size=1, max_size=6))
@SETTINGS
def test_4_4_charge_reach_distances_are_the_least_pair_distance(a, group):
    """The kernel passes over stand pairs whose boxes lie further apart than the nearest pair
    found yet: each distance is still exactly the least quad_distance over every pair."""
    quads = stand_quads(a)
    got = UnitGroup([stand_quads(b) for b in group]).distances(quads)
    for b, d in zip(group, got.tolist()):
        assert d == min(quad_distance(q, c) for q in quads for c in stand_quads(b))


@given(stn.lists(units("b"), min_size=1, max_size=6), coord, coord, stn.sampled_from([math.inf, 12.0]))
@SETTINGS
def test_1_9_command_range_point_distances_match_shapely(group, px, py, beyond):
    got = UnitGroup([stand_quads(b) for b in group]).point_distances(px, py, beyond)
    for b, d in zip(group, got.tolist()):
        want = footprint(b).distance(Point(px, py))
        assert (abs(d - want) < 1e-9) if want <= beyond else (beyond < d <= want + 1e-9)


@given(units("a"), stn.lists(units("b"), min_size=1, max_size=6))
@SETTINGS
def test_4_5_2_lane_ahead_kernel_matches_the_scorers_lane(a, group):
    lane = S._lane_shape(a, a.x, a.y, a.facing)
    quad = lane_quad(a.x, a.y, a.facing, a.width / 2 - 0.5, S.LANE_CM)
    assert shapely.Polygon(quad[0]).symmetric_difference(lane).area < 1e-9
    got = UnitGroup([stand_quads(b) for b in group]).distances(quad)
    for b, d in zip(group, got.tolist()):
        assert abs(d - lane.distance(footprint(b))) < 1e-9


def _lanes(group):
    return UnitGroup([lane_quad(b.x, b.y, b.facing, b.width / 2 - 0.5, S.LANE_CM) for b in group])


@given(units("a"), stn.lists(units("b"), min_size=1, max_size=6), stn.integers(-1, 6))
@SETTINGS
def test_4_4_4_5_2_friend_terms_sure_answers_are_shapelys(a, group, skip):
    """The lane ahead of a pose against friends' stands (4.4, 4.5.2), and the pose's stands
    against friends' lanes: every sure answer of the kernel is Shapely's."""
    got = UnitGroup([stand_quads(b) for b in group]).friend_terms(
        stand_quads(a), a.x, a.y, a.facing, a.width / 2 - 0.5, S.LANE_CM, _lanes(group), skip, skip, MARGIN)
    lane, shape = S._lane_shape(a, a.x, a.y, a.facing), footprint(a)
    others = [b for k, b in enumerate(group) if k != skip]
    want = (any(footprint(b).intersects(lane) for b in others),
            any(S._lane_shape(b, b.x, b.y, b.facing).intersects(shape) for b in others))
    for code, truth in zip(got, want):
        assert code == UNSURE or code == (MEETS if truth else APART)


@given(units("a"), stn.floats(-1e-4, 1e-4), stn.sampled_from([0.0, 1e-6, -1e-6, 0.3, -0.3]))
@SETTINGS
def test_4_4_friend_terms_defer_to_shapely_at_a_touch(a, along, across):
    """A friend whose rear edge lies on (or within MARGIN of) the end of the lane: the kernel
    answers only where it is clear; one well inside the lane always meets."""
    f = Unit("f", "f", "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT,
             a.stands, a.files, 0.0, 0.0, a.facing, a.stand_w, a.stand_d)
    fwd = (math.cos(math.radians(a.facing)), math.sin(math.radians(a.facing)))
    reach = S.LANE_CM + f.depth + along
    f.x, f.y = a.x + fwd[0] * reach + fwd[1] * across, a.y + fwd[1] * reach - fwd[0] * across
    group = UnitGroup([stand_quads(f)])
    blocked, _ = group.friend_terms(stand_quads(a), a.x, a.y, a.facing, a.width / 2 - 0.5, S.LANE_CM,
                                    _lanes([f]), -1, -1, MARGIN)
    truth = footprint(f).intersects(S._lane_shape(a, a.x, a.y, a.facing))
    assert blocked == UNSURE or blocked == (MEETS if truth else APART)
    if along > MARGIN:
        assert blocked == APART
    f.x, f.y = f.x - fwd[0] * 1.0, f.y - fwd[1] * 1.0
    deep, _ = UnitGroup([stand_quads(f)]).friend_terms(stand_quads(a), a.x, a.y, a.facing, a.width / 2 - 0.5,
                                                       S.LANE_CM, _lanes([f]), -1, -1, MARGIN)
    assert deep == MEETS


# -- the scorer's answers on a real table, against the Shapely code they replace -------------

def _shapely_nearest(sc, px, py):
    here, best, dist = Point(px, py), None, math.inf
    for e in sc.enemies:
        d = sc.enemy_shapes[e.id].distance(here)
        if d < dist:
            best, dist = e.id, d
    return best, dist


def _shapely_within(units, shape, reach=None):
    out = []
    for e in units:
        d = footprint(e).distance(shape)
        if d <= (e.move_row.charge if reach is None else reach):
            out.append((e, d))
    return out


def _shapely_lane_blocked(sc, u, x, y, facing):
    lane = S._lane_shape(u, x, y, facing)
    return any(s.intersects(lane) for fid, s in sc.friend_shapes.items() if fid != u.id)


def _shapely_in_friends_lane(sc, u, shape):
    return any(lane.intersects(shape) for fid, lane in sc.friend_lanes.items() if fid != u.id)


def _shapely_out_of_command(sc, u, shape):
    if u.troop in (Troop.HQ, Troop.ARTILLERY):
        return False
    leader = sc.st.general(u.side) if u.hatamoto else sc.st.daimyo(u.clan)
    if not leader.alive:
        return False
    return not sc._commands(S.leader_point(sc.st, leader), leader.attached_to, u, sc._command_range(leader), shape)


def _table():
    g = open_game("benchmarks/reference.toml", seed=1)
    side = g.to_act()
    player = make_player(side, "hard", 1)
    player.scorer.prepare(g, side)
    return player.scorer


SCORER = []


@given(stn.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_4_4_1_9_scorer_kernel_answers_equal_shapely_on_the_reference_table(data):
    """Poses of the reference battle's units anywhere near the enemy (and on the thresholds'
    edges: the enemy's charge reach, command range, touching a friend's lane)."""
    if not SCORER:
        SCORER.append(_table())
    sc = SCORER[0]
    mine = [u for u in sc.st.living(sc.side) if u.troop is not Troop.HQ]
    u = data.draw(stn.sampled_from(mine))
    anchor = data.draw(stn.sampled_from(sc.enemies + mine))
    x = anchor.x + data.draw(stn.floats(-30, 30))
    y = anchor.y + data.draw(stn.floats(-30, 30))
    facing = data.draw(angle)
    shape, quads = footprint(u, x=x, y=y, facing=facing), stand_quads(u, x=x, y=y, facing=facing)
    assert sc._nearest_now(x, y) == _shapely_nearest(sc, x, y)
    assert S._within_charge(sc.chargers, sc._charger_arr, sc._chargers, quads, shape) == \
        _shapely_within(sc.chargers, shape)
    reach = u.move_row.charge
    everyone = sc.enemies + sc.routers
    assert S._within_charge(everyone, sc._target_arr, sc._targets_group, quads, shape, reach) == \
        _shapely_within(everyone, shape, reach)
    assert sc._lane_blocked(u, shape, x, y, facing) == _shapely_lane_blocked(sc, u, x, y, facing)
    pose = {"x": x, "y": y, "facing": facing, "files": u.files}
    assert sc._in_friends_lane(u, quads, pose) == _shapely_in_friends_lane(sc, u, shape)
    blocked, in_way = sc._friends.friend_terms(quads, x, y, facing, u.width / 2 - 0.5, S.LANE_CM, sc._friend_lanes,
                                               sc._friend_at.get(u.id, -1), sc._lane_at.get(u.id, -1), S.MARGIN)
    for code, truth in ((blocked, _shapely_lane_blocked(sc, u, x, y, facing)),
                        (in_way, _shapely_in_friends_lane(sc, u, shape))):
        assert code == UNSURE or code == (MEETS if truth else APART)
    assert sc._out_of_command(u, shape, quads) == _shapely_out_of_command(sc, u, shape)


def test_4_4_within_charge_keeps_a_unit_exactly_at_its_reach():
    """On the threshold the kernel defers to Shapely: an enemy whose footprint lies exactly
    its charge move away is within reach."""
    sc = _table()
    e = sc.chargers[0]
    reach = e.move_row.charge
    box = footprint(e).bounds
    # a one-stand pose whose left edge stands `reach` to the right of the enemy's box, level
    # with one of its axis-aligned edges when the enemy faces along an axis
    u = next(v for v in sc.st.living(sc.side) if v.infantry)
    x, y = box[2] + reach + u.stands * u.stand_w / 2, (box[1] + box[3]) / 2
    quads = stand_quads(u, x=x, y=y, facing=90.0, files=u.stands)
    shape = footprint(u, x=x, y=y, facing=90.0, files=u.stands)
    want = _shapely_within(sc.chargers, shape)
    assert S._within_charge(sc.chargers, sc._charger_arr, sc._chargers, quads, shape) == want
    assert np.isfinite(sc._chargers.distances(quads)).all()


@given(units("a"), units("b"))
@SETTINGS
def test_4_3_1_ground_line_is_nearest_points_bit_for_bit(a, b):
    """The scorer's way over the ground (4.3.1) starts from the shortest line between two
    footprints: the very line and distance `nearest_points` gave."""
    from shapely.geometry import LineString
    from shapely.ops import nearest_points
    from sim.daimyo.ai.reach import _shortest
    b.x += 20.0
    p, q = nearest_points(footprint(a), footprint(b))
    line, d = _shortest(footprint(a), footprint(b))
    assert d == p.distance(q)
    assert shapely.equals_exact(line, LineString([p, q]), 0.0)


@given(units("a"), stn.lists(units("b"), min_size=1, max_size=6))
@SETTINGS
def test_4_4_clan_plan_nearest_enemy_equals_shapelys_first_nearest(a, group):
    """The clan plan's gap to the nearest enemy (ai/clan_plan.py): the kernel sets aside
    only the enemies surely further; the answer is Shapely's, the first of equals."""
    from sim.daimyo.ai import clan_plan
    want = min(((footprint(b).distance(footprint(a)), b) for b in group), key=lambda t: t[0])
    got = clan_plan._nearest(a, group, UnitGroup([stand_quads(b) for b in group]))
    assert got[0] == want[0] and got[1] is want[1]


@given(units("a"), stn.lists(units("b"), min_size=1, max_size=8))
@SETTINGS
def test_corner_bound_sets_aside_only_members_beyond_the_nearest(a, group):
    """clan_plan._nearest's bounded call: the same least distance and the same members within
    2 MARGIN of it, at the same distances, as the kernel measuring every member."""
    g, quads = UnitGroup([stand_quads(b) for b in group]), stand_quads(a)
    bound = g.corner_bound(quads)
    assert bound >= min(footprint(a).distance(footprint(b)) for b in group) - 1e-9
    full, bounded = g.distances(quads).tolist(), g.distances(quads, bound + 2 * MARGIN + 1.0).tolist()
    assert min(full) == min(bounded)
    close = min(full) + 2 * MARGIN
    assert [(k, d) for k, d in enumerate(full) if d <= close] == [(k, d) for k, d in enumerate(bounded) if d <= close]
