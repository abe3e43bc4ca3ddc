"""Daimyo table geometry (DESIGN seam 6): stands, edges, contact, arcs, line of sight."""
import itertools

import numpy as np
import pytest
import shapely
from shapely.geometry import Point

from sim.daimyo import geometry as G
from sim.daimyo.model import Armour, Formation, Quality, Troop, Unit, Weapon


def mk(x=50.0, y=20.0, facing=90.0, stands=4, files=4, d=1.5, troop=Troop.ASHIGARU, id="u", side="east"):
    return Unit(id, id, side, "c", troop, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT, stands, files,
                x, y, facing, 4.0, d)


def test_1_5_stand_polygons_from_front_centre_and_facing():
    u = mk(stands=6, files=3)
    c = G.stand_corners(u)
    assert c.shape == (6, 4, 2)
    assert c[0] == pytest.approx(np.array([[44, 20], [48, 20], [48, 18.5], [44, 18.5]]))
    assert c[5] == pytest.approx(np.array([[52, 18.5], [56, 18.5], [56, 17], [52, 17]]))
    assert G.footprint(u).bounds == pytest.approx((44, 17, 56, 20))


def test_1_5_surplus_stands_go_centred_in_the_rear_rank():
    u = mk(stands=5, files=3)
    c = G.stand_corners(u)
    assert [tuple(c[i][0]) for i in (3, 4)] == [pytest.approx((46, 18.5)), pytest.approx((50, 18.5))]


def test_1_5_stands_rotate_with_facing():
    u = mk(x=0, y=0, facing=0, stands=2, files=2)          # facing +x: left is +y
    c = G.stand_corners(u)
    assert c[0] == pytest.approx(np.array([[0, 4], [0, 0], [-1.5, 0], [-1.5, 4]]))


@pytest.mark.parametrize("stands,files,formation", [(4, 4, Formation.LINE), (4, 2, Formation.LINE),
                                                    (4, 1, Formation.COLUMN), (6, 2, Formation.COLUMN),
                                                    (8, 4, Formation.LINE), (6, 3, Formation.LINE),
                                                    (3, 2, Formation.LINE)])
def test_1_5_line_and_column(stands, files, formation):
    assert mk(stands=stands, files=files).formation is formation


def test_1_5_three_wide_three_deep_is_a_column_ambiguity_1():
    assert mk(stands=9, files=3).formation is Formation.COLUMN


def test_unit_edges_front_flanks_rear():
    e = G.unit_edges(mk(stands=6, files=3))
    assert list(e["front"].coords) == [(44, 20), (56, 20)]
    assert list(e["rear"].coords) == [(44, 17), (56, 17)]
    assert list(e["left"].coords) == [(44, 20), (44, 17)]
    assert list(e["right"].coords) == [(56, 20), (56, 17)]


def test_ruling_D3_contact_within_1mm_and_edge_touched():
    u = mk()                                             # x 42-58, y 18.5-20
    front = mk(x=50, y=20.1, facing=270, id="e", side="west")
    assert G.in_contact(u, front)
    assert G.touched_edge(u, G.footprint(front)) == "front"
    far = mk(x=50, y=20.11, facing=270, id="e", side="west")
    assert not G.in_contact(u, far)
    assert G.unit_distance(u, far) == pytest.approx(0.11)
    flank = mk(x=58, y=19.25, facing=180, stands=1, files=1, id="f")   # faces the right side, touching
    assert G.touched_edge(u, G.footprint(flank)) == "right"
    rear = mk(x=50, y=18.5, facing=90, stands=1, files=1, id="r")   # body y 17-18.5
    assert G.touched_edge(u, G.footprint(rear)) == "rear"
    assert G.contact_edges(u, front) == {"front"}


def test_edge_to_edge_distance_in_cm():
    a = mk()
    b = mk(x=50, y=27, facing=270, id="b")               # fronts 7 cm apart
    assert G.unit_distance(a, b) == pytest.approx(7)
    c = mk(x=70, y=20, id="c")                            # side by side, 62-78 vs 42-58
    assert G.unit_distance(a, c) == pytest.approx(4)


def test_4_5_infantry_arc_is_45_degrees_from_the_front_corners_ruling_D2():
    u = mk(x=0, y=0, stands=1, files=1)                   # front corners (-2, 0) and (2, 0)
    arc = G.fire_arc(G.stand_corners(u)[0], u.facing, 15)
    assert arc.contains(Point(2 + 5, 5.01))               # just inside the right 45-degree ray
    assert not arc.intersects(Point(2 + 5.05, 4.95).buffer(0.01))   # just outside it
    assert arc.contains(Point(0, 14.99)) and not arc.contains(Point(0, 15.01))   # range from the front edge
    assert not arc.contains(Point(0, -0.5))              # nothing behind the front edge
    assert G.in_arc(u, 0, Point(-2 - 3, 3.01).buffer(0.001), 15)    # the left ray, mirrored
    assert not G.in_arc(u, 0, Point(-2 - 3, 2.99).buffer(0.001), 15)


def test_4_5_cavalry_shoot_all_round():
    c = mk(x=0, y=0, stands=1, files=1, d=3.0, troop=Troop.MOUNTED_SAMURAI)
    assert G.in_arc(c, 0, Point(0, -3 - 14.9), 15)        # behind the rear edge, in range
    assert not G.in_arc(c, 0, Point(0, -3 - 15.1), 15)


def _pair_with_gap(gap):
    """Two blocking stands either side of the sight line x = 0, `gap` cm apart."""
    left = shapely.box(-gap / 2 - 4, 9, -gap / 2, 10.5)
    right = shapely.box(gap / 2, 9, gap / 2 + 4, 10.5)
    return [left, right]


def test_4_5_2_shooting_through_a_gap_of_4cm_or_more_ruling_D21():
    target = shapely.box(-2, 20, 2, 21.5)
    assert G.line_of_sight((0, 0), target, _pair_with_gap(4.0))
    assert not G.line_of_sight((0, 0), target, _pair_with_gap(3.9))
    assert not G.line_of_sight((0, 0), target, [shapely.box(-1, 9, 1, 10)])


def test_4_5_2_sight_blocked_by_terrain_beyond_3cm_of_it_ruling_D32():
    target = shapely.box(-2, 20, 2, 21.5)
    wood = shapely.box(-10, 8, 10, 12)                    # 4 cm of wood across the line
    assert not G.sight_clear((0, 0), target, [], [wood])
    thin = shapely.box(-10, 8, 10, 10.5)                   # 2.5 cm of scrub-like wood: seen through
    assert G.sight_clear((0, 0), target, [], [thin])


def test_table_edges_and_leaving_the_table_4_3_4():
    edges = G.table_edges(120, 90)
    assert list(edges["north"].coords) == [(0, 90), (120, 90)]
    assert G.edge_facing("south") == 270
    assert G.off_table(120, 90, shapely.box(110, 80, 120.01, 85))
    assert not G.off_table(120, 90, shapely.box(110, 80, 120, 85))


def test_within_15cm_queries_use_strtree_and_match_pairwise_distances():
    rng = np.random.default_rng(4)
    units = [mk(x=float(rng.uniform(10, 190)), y=float(rng.uniform(10, 110)), facing=float(rng.uniform(0, 360)),
                stands=int(rng.integers(2, 9)), files=2, id=f"u{i}") for i in range(25)]
    idx = G.StandIndex.build(units)
    for u in units[:8]:
        got = idx.near(G.footprint(u), 15, exclude=[u.id])
        want = {o.id for o in units if o.id != u.id and G.unit_distance(u, o) <= 15}
        assert got == want
    many = idx.near_many(np.array([G.footprint(u) for u in units]), 15)
    assert many[3] - {units[3].id} == {o.id for o in units if o.id != units[3].id and G.unit_distance(units[3], o) <= 15}


def test_swept_pieces_of_a_straight_move_cover_exactly_the_path():
    u = mk(stands=1, files=1)                            # 48-52 x 18.5-20
    start = G.stand_corners(u)
    end = G.stand_corners(u, y=30)
    pieces = G.swept_pieces(np.stack([start, end]))
    assert shapely.union_all(pieces).area == pytest.approx(4 * (30 - 18.5))


def test_batched_corners_equal_unit_by_unit():
    units = [mk(x=10 + i, y=5 * i, facing=17 * i, stands=2 + i % 4, files=1 + i % 2, id=f"u{i}") for i in range(9)]
    assert G.corners_of_units(units) == pytest.approx(np.concatenate([G.stand_corners(u) for u in units]))


def test_4_3_swept_hull_from_a_linestring_is_the_multipoints_hull():
    """swept_pieces asks GEOS for the hulls the kernel cannot call (collinear corners of every
    straight move, near-duplicates) through a linestring of the 8 corners: the same hull, the
    same coordinates in the same order, as the multipoint of them, on straight moves of lines
    and columns in any direction and on fine wheels."""
    rng = np.random.default_rng(18)
    for _ in range(1500):
        stands = int(rng.integers(1, 9))
        files = int(rng.integers(1, stands + 1))
        u = Unit("u", "u", "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT, stands, files,
                 float(rng.uniform(0, 200)), float(rng.uniform(0, 120)),
                 float(rng.choice([0.0, 90.0, 45.0, rng.uniform(0, 360)])), 4.0, float(rng.choice([1.5, 3.0])))
        f = np.radians(u.facing)
        step = float(rng.choice([rng.uniform(-5, 40), 1e-6, 0.5]))
        if rng.random() < 0.5:                    # a straight move
            poses = [(u.x, u.y, u.facing), (u.x + np.cos(f) * step, u.y + np.sin(f) * step, u.facing)]
        else:                                     # a wheel's consecutive poses, a fraction of a degree apart
            turn = float(rng.choice([1.0, 1e-7, 0.3]))
            poses = [(u.x, u.y, u.facing), (u.x, u.y, u.facing + turn)]
        c = G.corners_at(u, poses)
        pairs = np.concatenate([c[:-1], c[1:]], axis=2).reshape(-1, 8, 2)
        a = shapely.convex_hull(shapely.multipoints(pairs))
        b = shapely.convex_hull(shapely.linestrings(pairs))
        for x, y in zip(a, b):
            assert np.array_equal(shapely.get_coordinates(x), shapely.get_coordinates(y))
            assert shapely.get_type_id(x) == shapely.get_type_id(y)


@pytest.mark.parametrize("stands, files, x, y, facing, w, d", [
    (3, 2, 0.0, 0.001, 303.0, 4.0, 2.0),            # GEOS's plain union covered 16 of 24 cm2
    (3, 2, 0.0, 1e-6, 303.0, 4.0, 1.5),
    (7, 4, 162.97733843119448, 4.296458284472391, 44.3840942481821, 4.0, 1.5),
])
def test_1_5_footprint_covers_every_stand_where_the_plain_overlay_drops_one(stands, files, x, y, facing, w, d):
    # the stands tile the unit's ground without overlapping, so its footprint has their summed
    # area and holds every stand (libgeos/geos#1344: the floating overlay lost a stand here)
    u = Unit("u", "u", "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT,
             stands, files, x, y, facing, w, d)
    fp = G.footprint(u)
    assert fp.area == pytest.approx(stands * w * d, rel=1e-9)
    assert all(fp.buffer(1e-9).covers(s) for s in G.stand_polygons(u))


def test_1_5_footprints_of_random_poses_hold_all_their_stands():
    rng = np.random.default_rng(5)
    for _ in range(3000):
        stands = int(rng.integers(1, 9))
        u = mk(x=float(rng.uniform(0, 200)), y=float(rng.uniform(0, 120)),
               facing=float(rng.choice([0.0, 45.0, 90.0, rng.uniform(0, 360)])),
               stands=stands, files=int(rng.integers(1, stands + 1)), d=float(rng.choice([1.5, 2.0, 3.0])))
        assert G.footprint(u).area == pytest.approx(sum(s.area for s in G.stand_polygons(u)), rel=1e-9)
