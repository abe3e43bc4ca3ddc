"""Daimyo 4.3.1 terrain classes and the movement view of the table's features."""
import numpy as np
import pytest
import shapely

from sim.daimyo.tables import tables
from sim.daimyo.terrain import OBSTACLE_THICKNESS, Feature, TerrainMap


def box(id, kind, x0, y0, x1, y1, **kw):
    return Feature(id, kind, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), **kw)


@pytest.mark.parametrize("kinds,effect", [
    (("wood", "marsh", "scrub", "bog", "stream", "small_river", "village", "house", "ford"), "difficult"),
    (("low_hill", "beach", "rocky"), "light"),
    (("fence", "hedge", "low_wall", "palisade"), "obstacle"),
    (("road", "bridge"), "road")])
def test_4_3_1_terrain_classes(kinds, effect):
    assert {tables().terrain[k].effect for k in kinds} == {effect}


def test_4_3_1_terrain_effect_numbers():
    te = tables().terrain_effects
    assert (te.light_cm, te.difficult_infantry_factor, te.difficult_cavalry_factor,
            te.obstacle_infantry_cm, te.obstacle_cavalry_cm, te.house_max_stands) == (3, 2, 3, 3, 6, 4)


def test_linear_obstacle_is_a_thin_strip():
    f = Feature("f", "fence", ((0, 10), (20, 10)))
    assert f.shape.area == pytest.approx(20 * OBSTACLE_THICKNESS)
    assert f.shape.bounds == pytest.approx((0, 10 - OBSTACLE_THICKNESS / 2, 20, 10 + OBSTACLE_THICKNESS / 2))


def test_roads_are_cut_out_of_woods_ruling_D34():
    tm = TerrainMap([box("w", "wood", 0, 0, 20, 20), box("r", "road", 8, -5, 12, 25)], cavalry=False, stands=4)
    (wood,) = tm.patches
    assert wood.effect == "difficult" and wood.shape.area == pytest.approx(400 - 80)


def test_4_3_1_river_impassable_except_at_bridges_and_fords():
    feats = [box("river", "river", 0, 10, 100, 20), box("b", "bridge", 10, 8, 16, 22), box("f", "ford", 50, 8, 60, 22)]
    tm = TerrainMap(feats, cavalry=False, stands=4)
    by = {p.id: p for p in tm.patches}
    assert by["river"].effect == "impassable"
    assert by["river"].shape.area == pytest.approx(1000 - 60 - 100)
    assert by["f"].effect == "difficult"
    on_bridge = shapely.polygons(np.array([[[11, 12], [15, 12], [15, 13.5], [11, 13.5]]]))
    assert tm.on_road(on_bridge).tolist() == [True]
    assert not tm.entering(on_bridge)[0][list(by).index("river")]


def test_4_3_1_wide_stream_river_is_difficult():
    tm = TerrainMap([box("river", "river", 0, 10, 100, 20, wide_stream=True)], cavalry=True, stands=4)
    assert tm.patches[0].effect == "difficult"


def test_4_3_1_impassable_per_terrain_row_ruling_D22():
    pal = Feature("p", "palisade", ((0, 10), (20, 10)))
    assert TerrainMap([pal], cavalry=True, stands=4).patches[0].effect == "impassable"
    assert TerrainMap([pal], cavalry=False, stands=4).patches[0].effect == "obstacle"
    cliff = box("c", "impassable", 0, 0, 5, 5)
    assert TerrainMap([cliff], cavalry=False, stands=2).patches[0].effect == "impassable"


def test_4_3_1_house_impassable_to_units_of_more_than_4_stands():
    house = box("h", "house", 0, 0, 10, 10)
    assert TerrainMap([house], cavalry=False, stands=4).patches[0].effect == "difficult"
    assert TerrainMap([house], cavalry=False, stands=5).patches[0].effect == "impassable"


def test_touching_versus_entering():
    tm = TerrainMap([box("w", "wood", 0, 0, 10, 10)], cavalry=False, stands=4)
    edge = shapely.box(10, 2, 12, 4)                 # shares the wood's edge
    inside = shapely.box(9.9, 2, 12, 4)
    polys = np.array([edge, inside], dtype=object)
    assert tm.touching(polys)[:, 0].tolist() == [True, True]
    assert tm.entering(polys)[:, 0].tolist() == [False, True]


def _shared_table():
    return [box("w", "wood", 0, 0, 20, 20), box("r", "road", 8, -5, 12, 25), box("h", "house", 30, 30, 34, 34),
            box("river", "river", 0, 40, 100, 50), box("f", "ford", 40, 38, 50, 52),
            box("s", "river", 0, 70, 100, 75, wide_stream=True), box("c", "impassable", 60, 0, 70, 10),
            Feature("p", "palisade", ((0, 90), (50, 90)))]


@pytest.mark.parametrize("cavalry,stands", [(False, 4), (False, 6), (True, 4)])
def test_4_3_1_shared_terrain_parts_give_each_movers_own_map(cavalry, stands):
    """A game's movers share the features' ground (TerrainParts): every map is the one made
    alone, patch for patch, shapes and interiors to the coordinate."""
    from sim.daimyo.terrain import TerrainParts
    feats = _shared_table()
    parts = TerrainParts(feats)
    TerrainMap(feats, not cavalry, 9 - stands, parts)          # another mover's map first
    shared, alone = TerrainMap(feats, cavalry, stands, parts), TerrainMap(feats, cavalry, stands)
    assert [(p.id, p.effect) for p in shared.patches] == [(p.id, p.effect) for p in alone.patches]
    for a, b in zip(shared.patches, alone.patches):
        assert shapely.to_wkb(a.shape) == shapely.to_wkb(b.shape)
        assert shapely.to_wkb(a.interior) == shapely.to_wkb(b.interior)


def test_4_3_1_triangles_kept_by_shape_are_those_cut_afresh():
    """straight_ahead.triangles with a game's memo: the same triangles and owners as without,
    a shape met again (another mover's map) read from the memo."""
    from sim.daimyo.straight_ahead import triangles
    maps = [TerrainMap(_shared_table(), cav, n) for cav, n in ((False, 4), (True, 4), (False, 6))]
    memo: dict = {}
    for tm in maps:
        for shapes in (list(tm.shapes), list(tm.interiors), [None] + list(tm.shapes)):
            kept, fresh = triangles(shapes, memo), triangles(shapes)
            assert np.array_equal(kept[0], fresh[0]) and np.array_equal(kept[1], fresh[1])
    assert len(memo) == len({shapely.to_wkb(s) for tm in maps for s in [*tm.shapes, *tm.interiors]})
