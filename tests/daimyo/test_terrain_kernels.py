"""Which sampled stands touch which terrain patches (Daimyo 4.3.1), from the patches'
triangles (sim/daimyo/geometry/terrain_kernels.py, sim/daimyo/terrain_touch.py) against
Shapely, the oracle: the kernel's sure answers are Shapely's intersects, and the whole answer
equals TerrainMap.touching, on random stands and terrain (roads cut out of woods, a fence
strip, a hill), flush and right-angled poses included; likewise a motion's swept pieces
against the patches, their interiors and the road zone (terrain_touch.pieces_meet)."""
from types import SimpleNamespace

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo import terrain_touch
from sim.daimyo.geometry import cut_kernels, stand_corners, terrain_kernels
from sim.daimyo.geometry.shapes import Swept, quad_polygons
from sim.daimyo.terrain import TerrainMap
from tests.daimyo.test_geometry_kernels import units
from tests.daimyo.test_swept import _features, _motion, pieces_of, xy

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@given(stn.lists(units(), min_size=1, max_size=4), stn.tuples(xy, xy), stn.booleans())
@SETTINGS
def test_4_3_1_stands_touching_terrain_equal_shapely(us, where, swept_only):
    tmap = TerrainMap(_features(where), cavalry=False, stands=4)
    st = SimpleNamespace(geometry_cache={})
    quads = np.concatenate([stand_corners(u) for u in us])
    want = tmap.touching(quad_polygons(quads))
    tris, owner, exact = terrain_touch.patch_triangles(st, tmap)
    assert exact.all()
    state = terrain_kernels.stands_meet_patches(quads, tris, owner, len(tmap.patches), cut_kernels.TOL)
    sure = state != terrain_kernels.UNSURE
    assert np.array_equal((state == terrain_kernels.MEETS)[sure], want[sure])
    swept = want.any(axis=0) | np.array([i % 2 == 0 for i in range(len(tmap.patches))]) if swept_only else None
    got = terrain_touch.stands_touching(st, tmap, quads, swept)
    assert np.array_equal(got, want if swept is None else want & swept)


def _every_triangle(quads, tris, owner, patches, tol):
    """stands_meet_patches as it was: each stand against every triangle (its own box test)."""
    out = np.zeros((len(quads), patches), np.int8)
    tbox = terrain_kernels._boxes(tris)
    for i in range(len(quads)):
        terrain_kernels._polygon_meets(quads[i], 4, tris, tbox, owner, tol, out[i])
    return out


@given(stn.lists(units(), min_size=0, max_size=5), stn.tuples(xy, xy), stn.sampled_from([cut_kernels.TOL, 1e-6, 2.0]))
@SETTINGS
def test_4_3_1_stands_meet_patches_passes_over_far_triangles_with_the_same_answers(us, where, tol):
    # the kernel asks only the triangles whose boxes come within tol of the stands' common box:
    # every state the same as each stand asked against every triangle
    tmap = TerrainMap(_features(where), cavalry=False, stands=4)
    st = SimpleNamespace(geometry_cache={}, width=100.0, height=80.0)
    quads = np.concatenate([stand_corners(u) for u in us]) if us else np.empty((0, 4, 2))
    for tris, owner, n in (terrain_touch.patch_triangles(st, tmap)[:2] + (len(tmap.patches),),
                           terrain_touch._off_road(st, tmap)[:1] + (np.zeros(len(terrain_touch._off_road(st, tmap)[0]),
                                                                              dtype=np.int64), 1)):
        got = terrain_kernels.stands_meet_patches(quads, tris, owner, n, tol)
        assert np.array_equal(got, _every_triangle(quads, tris, owner, n, tol))
        # some patches only: as asked of their triangles alone (stands_touching's, for the
        # patches a sweep touches)
        for which in (np.arange(n) % 2 == 0, np.arange(n) % 3 != 1, np.zeros(n, bool)):
            sel = which[owner]
            assert np.array_equal(terrain_kernels.stands_meet_some(quads, tris, owner, which, tol),
                                  _every_triangle(quads, tris[sel], owner[sel], n, tol))


def test_4_3_1_a_stand_flush_with_a_patch_is_asked_of_shapely():
    tmap = TerrainMap(_features(((10.0, 10.0), (80.0, 80.0))), cavalry=False, stands=4)
    st = SimpleNamespace(geometry_cache={})
    hill = tmap.patches[[p.id for p in tmap.patches].index("h")].shape
    x0, y0, x1, y1 = hill.bounds
    flush = np.array([[[x1, y0], [x1 + 4, y0], [x1 + 4, y0 + 3], [x1, y0 + 3]]])    # its edge on the hill's
    got = terrain_touch.stands_touching(st, tmap, flush, None)
    assert np.array_equal(got, tmap.touching(quad_polygons(flush)))
    assert got.any()


@given(stn.lists(units(), min_size=1, max_size=4), stn.tuples(xy, xy), stn.sampled_from([0.0, 0.5, 1.0]))
@SETTINGS
def test_4_3_stands_on_the_road_equal_shapely_covers(us, where, along):
    tmap = TerrainMap(_features(where), cavalry=False, stands=4)
    st = SimpleNamespace(geometry_cache={}, width=100.0, height=80.0)
    (rx, ry) = where[1]
    for k, u in enumerate(us[:2]):          # some stands laid along the road, in it or astride its edge
        u.x, u.y, u.facing = rx + 20 * along + k, ry + 15 * along + 2, 36.87
    quads = np.concatenate([stand_corners(u) for u in us])
    assert np.array_equal(terrain_touch.stands_on_road(st, tmap, quads), tmap.on_road(quad_polygons(quads)))


@given(units("a"), stn.sampled_from(["straight", "wheel", "stands"]), stn.floats(-90, 90).filter(lambda v: abs(v) > 1),
       stn.tuples(xy, xy))
@SETTINGS
def test_4_3_1_swept_pieces_meeting_terrain_equal_shapely(a, kind, amount, where):
    """terrain_touch.pieces_meet (the kernel on the shapes' triangles, Shapely where unsure)
    against Shapely's predicates on the pieces' polygons, each answer's every shape."""
    a.x, a.y = where[0][0] + amount / 3, where[0][1] + amount / 5      # near the wood and the hill
    tmap = TerrainMap(_features(where), cavalry=False, stands=a.stands)
    st = SimpleNamespace(geometry_cache={})
    motion = _motion(a, "wheel" if kind == "wheel" else "straight", amount)
    corners = motion.corners(motion.samples())

    def pieces():
        return pieces_of(corners, kind)
    polys = pieces().all()
    assert np.array_equal(terrain_touch.pieces_meet(st, tmap, pieces(), "touching"), tmap.touching(polys).any(axis=0))
    assert np.array_equal(terrain_touch.pieces_meet(st, tmap, pieces(), "entering"), tmap.entering(polys).any(axis=0))
    assert terrain_touch.pieces_meet(st, tmap, pieces(), "road")[0] == tmap.meets_road(polys)


def test_4_3_1_a_piece_flush_with_a_patch_is_asked_of_shapely():
    tmap = TerrainMap(_features(((10.0, 10.0), (80.0, 80.0))), cavalry=False, stands=4)
    st = SimpleNamespace(geometry_cache={})
    x0, y0, x1, y1 = tmap.patches[[p.id for p in tmap.patches].index("h")].shape.bounds
    flush = np.array([[[x1, y0], [x1 + 4, y0], [x1 + 4, y0 + 3], [x1, y0 + 3]]])    # its edge on the hill's
    got = terrain_touch.pieces_meet(st, tmap, Swept.of_quads(flush), "touching")
    assert np.array_equal(got, tmap.touching(quad_polygons(flush)).any(axis=0))
    assert got.any()
