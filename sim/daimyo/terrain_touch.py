"""Which stands of a sampled motion touch which terrain patches (Daimyo 4.3.1) and which lie
wholly on a road (4.3), for movement's prices: a kernel on the patches' triangles
(geometry/terrain_kernels.py; the triangles are straight_ahead's, cut once a game) answers where
it is sure, Shapely's own predicate the rest, so the answers are Shapely's
(tests/daimyo/test_terrain_kernels.py)."""
from __future__ import annotations

import numpy as np
import shapely

from sim.daimyo import straight_ahead
from sim.daimyo.derived import derived
from sim.daimyo.geometry import cut_kernels, terrain_kernels
from sim.daimyo.geometry.shapes import quad_polygons


def stands_touching(st, tmap, quads: np.ndarray, swept) -> np.ndarray:
    """`tmap.touching` of the stands `quads` (4.3.1), only against the patches the sweep touches
    (`swept`; None: all), the others False: the kernel answers where it is sure, Shapely the
    stand-patch pairs it is not, and the patches its triangles do not stand for exactly."""
    out = np.zeros((len(quads), len(tmap.patches)), dtype=bool)
    tris, owner, exact = patch_triangles(st, tmap)
    which = exact if swept is None else exact & swept
    if which.any():
        state = terrain_kernels.stands_meet_some(quads, tris, owner, which, cut_kernels.TOL)
        out = state == terrain_kernels.MEETS
        i, j = np.nonzero(state == terrain_kernels.UNSURE)
        if len(i):
            out[i, j] = shapely.intersects(quad_polygons(quads[i]), tmap.shapes[j])
    rest = ~exact if swept is None else ~exact & swept
    if rest.any():                       # Shapely's own test against the other touched patches
        cols = np.flatnonzero(rest)
        out[:, cols] = tmap.touching(quad_polygons(quads))[:, cols]
    return out


def stands_on_road(st, tmap, quads: np.ndarray) -> np.ndarray:
    """`tmap.on_road` of the stands `quads` (4.3: wholly on road or bridge; the map has a road):
    a stand well clear of every triangle of the grown table outside the road zone lies on the
    road, one overlapping a triangle does not; Shapely's covers for the rest, and for stands not
    well inside the grown table those triangles cover."""
    tris, exact, box = _off_road(st, tmap)
    if not exact:
        return tmap.on_road(quad_polygons(quads))
    out, ask = terrain_kernels.stands_on_road(np.ascontiguousarray(quads, dtype=float), tris, box, cut_kernels.TOL)
    if ask.any():
        out[ask] = tmap.on_road(quad_polygons(quads[ask]))
    return out


def road_kernel(st, tmap, corners: np.ndarray):
    """`sweep.runs`' kernel for a column wholly on the road (4.3; the map has a road): the
    triangles of the grown table outside the road zone, which a stand on the road meets nowhere
    (those it surely misses lie on the road, those it surely overlaps off it) - where they stand
    for it exactly and every sampled corner `corners` lies 0.5 cm inside the grown table (a
    stand between two samples then lies inside it too); else None (Shapely's covers)."""
    tris, exact, box = _off_road(st, tmap)
    xs, ys = corners[..., 0], corners[..., 1]
    if not exact or xs.min() < box[0] + 0.5 or ys.min() < box[1] + 0.5 or xs.max() > box[2] - 0.5 \
            or ys.max() > box[3] - 0.5:
        return None
    return tris, True


def patch_kernel(st, tmap, i: int):
    """`sweep.runs`' kernel for the stands touching patch `i` (4.3.1): its triangles, where they
    stand for it exactly; else None (Shapely's intersects)."""
    tris, owner, exact = patch_triangles(st, tmap)
    return (tris[owner == i], False) if exact[i] else None


def pieces_meet(st, tmap, pieces, what: str) -> np.ndarray:
    """Whether any of a motion's swept pieces (geometry.shapes.Swept) meets each patch
    (`what` "touching": `tmap.touching(pieces).any(axis=0)`; "entering": their interiors,
    `tmap.entering`) or, "road", the road zone (one flag, `tmap.meets_road`; the map has a
    road), without making the pieces' polygons: the kernel on the shapes' triangles answers
    the pairs whose boxes meet where it is sure, Shapely's own predicate the rest (a piece
    whose hull only GEOS makes, a shape its triangles do not stand for exactly)."""
    if what == "road":
        shapes, boxes, asked = np.array([tmap.road_zone], dtype=object), tmap.road_box, tmap.road_probe
    else:
        shapes = tmap.shapes if what == "touching" else tmap.interiors
        boxes, asked = tmap.boxes, None
    if len(shapes) == 0 or len(pieces) == 0:
        return np.zeros(len(shapes), dtype=bool)
    tris, owner, exact = _triangles(st, tmap, what)
    coords, first, verts = pieces.kernel_rings()
    # the pairs whose boxes meet (Swept.near's), the kernel where it is sure, in one call;
    # the pairs it is unsure of, of shapes no other pair surely meets, go to Shapely
    out, src, dst = terrain_kernels.pieces_meet_near(pieces.bounds, boxes, coords, first, verts, tris, owner, exact,
                                                     cut_kernels.TOL)
    if len(src):
        polys = pieces.at(src)
        hit = shapely.intersects(asked, polys) if asked is not None else shapely.intersects(polys, shapes[dst])
        out[dst[hit]] = True
    return out


def _triangles(st, tmap, what: str):
    if what == "touching":
        return patch_triangles(st, tmap)
    if what == "entering":
        return _once(st, tmap, "terrain_touch interiors",
                     lambda: shapes_triangles(list(tmap.interiors), straight_ahead.triangle_memo(st)))
    return _once(st, tmap, "terrain_touch road zone",
                 lambda: shapes_triangles([tmap.road_zone], straight_ahead.triangle_memo(st)))


def cut_all(st, tmap) -> None:
    """Every triangulation movement may ask of `tmap`, made now (sim/daimyo/prepared.py)."""
    straight_ahead.terrain_triangles(st, tmap)
    _triangles(st, tmap, "entering")
    if tmap.road is not None:
        straight_ahead.off_road_triangles(st, tmap)
        _triangles(st, tmap, "road")


def _exactly(tris, owner, shapes, n):
    """The triangles, their owners, and which shapes they stand for exactly: a polygon or
    multipolygon whose triangles' areas add up to its own."""
    whole = shapely.area(shapes) if n else np.zeros(0)
    summed = np.bincount(owner, weights=_areas(tris), minlength=n)
    kinds = shapely.get_type_id(shapes) if n else np.zeros(0, np.int64)
    polygonal = (kinds == 3) | (kinds == 6)          # polygons and multipolygons
    return np.ascontiguousarray(tris), owner, polygonal & _adds_up(summed, whole)


def shape_triangles(shape) -> tuple[np.ndarray, np.ndarray, bool]:
    """One polygonal shape cut into triangles as the patches are, their owner (all 0) and
    whether they stand for it exactly (their areas add up to its own)."""
    tris, owner, exact = shapes_triangles([shape])
    return tris, owner, bool(exact[0])


def shapes_triangles(shapes: list, memo: dict | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Polygonal shapes cut into triangles as the patches are, each triangle's shape index and
    which shapes they stand for exactly (a bool per shape); `memo` as straight_ahead.triangles."""
    tris, owner = straight_ahead.triangles(shapes, memo)
    return _exactly(tris, owner, np.array(shapes, dtype=object), len(shapes))


def patch_triangles(st, tmap):
    """The patches' triangles and owners, and which patches they stand for exactly: a polygon or
    multipolygon whose triangles' areas add up to its own. Once a game and map."""
    def make():
        tris, owner = straight_ahead.terrain_triangles(st, tmap)
        return _exactly(tris, owner, tmap.shapes, len(tmap.patches))
    return _once(st, tmap, "terrain_touch patches", make)


def _off_road(st, tmap):
    """straight_ahead's triangles of the grown table outside the road zone, whether they stand
    for it exactly, and the grown table's box (as straight_ahead grows it)."""
    def make():
        tris, _ = straight_ahead.off_road_triangles(st, tmap)
        box = (-1.0, -1.0, st.width + 1.0, st.height + 1.0)
        outside = shapely.difference(shapely.box(*box), tmap.road_zone)
        exact = shapely.get_type_id(outside) in (3, 6) and bool(_adds_up(_areas(tris).sum(), outside.area))
        return np.ascontiguousarray(tris), exact, np.array(box)
    return _once(st, tmap, "terrain_touch off road", make)


def _once(st, tmap, name: str, make):
    return derived(st, (name, id(tmap)), lambda: tuple(make()), tmap)


def _areas(tris: np.ndarray) -> np.ndarray:
    t = tris[:, :3]
    return np.abs((t[:, 1, 0] - t[:, 0, 0]) * (t[:, 2, 1] - t[:, 0, 1])
                  - (t[:, 2, 0] - t[:, 0, 0]) * (t[:, 1, 1] - t[:, 0, 1])) / 2


def _adds_up(summed, whole):
    return np.abs(summed - whole) <= 1e-9 * np.maximum(whole, 1.0)
