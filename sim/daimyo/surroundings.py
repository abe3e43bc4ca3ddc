"""What is around a unit on the table: the enemies it touches (ruling D-3), the units within
some distance, and the terrain it stands in (4.3.1, 4.5.4). State-level questions shared by the
movement and combat rules; they import neither (the table arrays answer contacts)."""
from __future__ import annotations

import math

import numpy as np

from sim.core.memo import keep
from sim.daimyo.geometry import CONTACT_TOLERANCE, direction
from sim.daimyo.geometry import footprint as _footprint, stand_quads
from sim.daimyo.geometry import kernels, unit_groups
from sim.daimyo.geometry.table import arrays, contacts, contacts_of
from sim.daimyo.model import Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables
from sim.daimyo.terrain import features_touching

FEATURES_KEPT = 20_000   # footprints whose features a game keeps (features_at)


def footprint(u: Unit, x: float | None = None, y: float | None = None,
              facing: float | None = None, files: int | None = None):
    """geometry.footprint, remembered in the unit's transient `shapes` on the pose rounded to
    1e-6 cm (combat asks the same shapes many times per action; Shapely's union is the cost)."""
    key = ("fp", u.stands, u.files if files is None else files, u.stand_w, u.stand_d,
           round(u.x if x is None else x, 6), round(u.y if y is None else y, 6),
           round((u.facing if facing is None else facing) % 360, 6))
    got = u.shapes.get(key)
    if got is None:
        got = _footprint(u, x=x, y=y, facing=facing, files=files)
        u.shapes[key] = got
    return got


def centre(u: Unit) -> np.ndarray:
    return np.array([u.x, u.y]) - direction(u.facing) * (u.depth / 2)


def reach(u: Unit) -> tuple[float, float, float]:
    """Centre and radius of a circle holding all of u's stands: a cheap test that spares the
    Shapely test (and the footprint) of units clearly too far apart to matter."""
    r = math.radians(u.facing)
    half = u.depth / 2
    return u.x - math.cos(r) * half, u.y - math.sin(r) * half, math.hypot(u.width, u.depth) / 2


def far_apart(a: tuple[float, float, float], b: tuple[float, float, float], gap: float) -> bool:
    """True only if the stands of two units with these `reach` circles are surely more than
    `gap` apart."""
    return math.hypot(a[0] - b[0], a[1] - b[1]) > a[2] + b[2] + gap + 1e-6


def clear_of_box(v: Unit, box) -> bool:
    """v's stands surely lie outside the box (minx, miny, maxx, maxy), so nothing inside it
    overlaps v (spares the Shapely intersection and v's footprint): its bounding circle misses
    the box."""
    cx, cy, rad = reach(v)
    x0, y0, x1, y1 = box
    m = rad + 1e-6
    return cx + m < x0 or cx - m > x1 or cy + m < y0 or cy - m > y1


def overlapping(st: DaimyoState, u: Unit, threshold: float) -> list[Unit]:
    """Units whose footprints share more than `threshold` cm2 with u's as it stands now (4.3.2,
    4.6.7: ending inside a unit). A unit's stands tile its footprint, never overlapping (1.5), so
    the shared area is the sum of the stands' pairwise areas, which the kernel clips; Shapely's
    own area where that sum is within 1e-9 cm2 of the threshold."""
    quads = stand_quads(u)
    box = (quads[..., 0].min(), quads[..., 1].min(), quads[..., 0].max(), quads[..., 1].max())
    k = len(quads)
    coords = np.array(quads, dtype=float).reshape(-1, 2)     # writable: the kernel's warmed types
    first, count = np.arange(0, 4 * k, 4, dtype=np.int64), np.full(k, 4, dtype=np.int64)
    out, fp = [], None
    for v in st.living():
        if v.id == u.id or clear_of_box(v, box):
            continue
        other = np.array(stand_quads(v), dtype=float)
        src = np.repeat(np.arange(k, dtype=np.int64), len(other))
        dst = np.tile(np.arange(len(other), dtype=np.int64), k)
        area = float(kernels.overlap_areas(coords, first, count, src, other, dst).sum())
        if abs(area - threshold) <= 1e-9:
            fp = footprint(u) if fp is None else fp
            area = footprint(v).intersection(fp).area
        if area > threshold:
            out.append(v)
    return out


def footprint_distance(a: Unit, b: Unit) -> float:
    """Edge-to-edge distance of two units by Shapely (the oracle the table's kernels defer to)."""
    return float(footprint(a).distance(footprint(b)))


def enemies_in_contact(st: DaimyoState, u: Unit) -> list[Unit]:
    """Enemy units within the contact tolerance of u (ruling D-3), from the table's contact
    matrix (geometry.table.contacts; Shapely decides pairs at the tolerance)."""
    if st.units.get(u.id) is not u or not u.alive:
        return _touching_as_placed(st, u)
    return [st.units[v] for v in contacts_of(st, u.id, footprint_distance)]


def _touching_as_placed(st: DaimyoState, u: Unit) -> list[Unit]:
    """enemies_in_contact of a unit as it would stand (charge odds, what-ifs) or one gone: the
    kernel's distances from its stands to the table's units set aside the enemies surely
    further than the tolerance and take those surely nearer (by kernels.MARGIN); Shapely's
    footprint distance decides the rest, in table order."""
    t, far = arrays(st), CONTACT_TOLERANCE + kernels.MARGIN
    dd = unit_groups.quads_to_units(stand_quads(u), t.read_only_corners(), t.start, t.count, t.unit_boxes(), far)
    out, fp = [], None
    for vid, d in zip(t.ids, dd.tolist()):
        v = st.units[vid]
        if v.side == u.side or d > far:
            continue
        if d >= CONTACT_TOLERANCE - kernels.MARGIN:
            fp = footprint(u) if fp is None else fp
            if fp.distance(footprint(v)) > CONTACT_TOLERANCE:
                continue
        out.append(v)
    return out


def contact_ids(st: DaimyoState) -> dict[str, list[str]]:
    """Every living unit's id -> the ids of the enemies it touches (ruling D-3), in table order:
    `enemies_in_contact` for the whole table at once."""
    return contacts(st, footprint_distance)


def touches(st: DaimyoState, a: Unit, b: Unit) -> bool:
    """Whether two units' edges lie within the contact tolerance (ruling D-3): for enemies on the
    table (the state's own units) the table's contact matrix (geometry.table.contacts_of: its
    kernel distances, Shapely's footprint distance for the pairs near the tolerance, as groups
    of melees are found), else Shapely's footprint distance."""
    if a.side == b.side or a.gone or b.gone or st.units.get(a.id) is not a or st.units.get(b.id) is not b:
        return footprint_distance(a, b) <= CONTACT_TOLERANCE
    return b.id in contacts_of(st, a.id, footprint_distance)


def in_melee(st: DaimyoState, u: Unit) -> bool:
    return bool(enemies_in_contact(st, u))


def nearest_enemy(st: DaimyoState, u: Unit) -> Unit | None:
    """The enemy unit nearest u edge to edge (5.1 Retire: away from it): the first in table
    order at the least Shapely distance `footprint(v).distance(footprint(u))`. The table's kernel
    distances set aside the enemies surely further than the nearest (by kernels.MARGIN), so
    Shapely is asked about the few near the least distance only."""
    foes = [v for v in st.living() if v.side != u.side]
    if not foes:
        return None
    t = arrays(st)
    ids = {v.id for v in foes}
    if u.id in t.row:
        jj, dd = kernels.unit_near(t.circles, t.side, t.corners, t.start, t.count, t.row[u.id], 1e9)
        if {t.ids[j] for j in jj.tolist()} == ids:        # the kernel saw the same enemies
            least = dd.min()
            ids = {t.ids[j] for j, d in zip(jj.tolist(), dd.tolist()) if d <= least + 4 * kernels.MARGIN}
    here = footprint(u)
    return min((v for v in foes if v.id in ids), key=lambda v: footprint(v).distance(here))


def within(st: DaimyoState, u: Unit, cm: float, side: str | None = None) -> list[Unit]:
    """Units (of `side`) with a stand within `cm` of u's; bounding circles spare Shapely the
    units surely further away, and the table's kernel distances those surely nearer or further
    than `cm` by kernels.MARGIN."""
    near, t = reach(u), arrays(st)
    kernel = None
    if u.id in t.row:                  # every other unit may lie within: each its own "side"
        jj, dd = kernels.unit_near(t.circles, np.arange(len(t.ids), dtype=np.int64), t.corners, t.start, t.count,
                                   t.row[u.id], cm)
        kernel = dict(zip((t.ids[j] for j in jj.tolist()), dd.tolist()))
    out, fp = [], None
    for v in st.living(side):
        if v.id == u.id or far_apart(near, reach(v), cm):
            continue
        if kernel is not None:
            d = kernel.get(v.id)
            if d is None:              # further than cm + MARGIN
                continue
            if d < cm - kernels.MARGIN:
                out.append(v)
                continue
        fp = footprint(u) if fp is None else fp
        if fp.distance(footprint(v)) <= cm:
            out.append(v)
    return out


def near_range(st: DaimyoState, u: Unit) -> float:
    """5.1 *: 15 cm, or 5 cm if the unit is in melee."""
    m = tables().morale
    return m.melee_range_cm if in_melee(st, u) else m.range_cm


def features_at(st: DaimyoState, u: Unit):
    """The features u's footprint touches (4.3.1), kept with the game under the footprint and
    the features (each kept alive with its answer, so no other object takes its id): the
    modifiers ask again for the same poses (buildings, hills, cover, 4.5.4, 4.6.3)."""
    fp = footprint(u)
    key = (id(fp), tuple(map(id, st.terrain)))
    kept = st.geometry_cache.setdefault("features_at", {})
    got = kept.get(key)
    if got is None:
        got = keep(kept, key, (fp, tuple(st.terrain), features_touching(st.terrain, fp)), FEATURES_KEPT)
    return got[2]


def in_building(st: DaimyoState, u: Unit) -> bool:
    return any(f.row.building for f in features_at(st, u))


def in_cover(st: DaimyoState, u: Unit) -> bool:
    """4.5.4 'in cover (except buildings)'."""
    return any(f.row.cover and not f.row.building for f in features_at(st, u))


def on_hill(st: DaimyoState, u: Unit) -> bool:
    return any(f.row.hill for f in features_at(st, u))


def in_woods(st: DaimyoState, u: Unit) -> bool:
    return any(f.kind == "wood" for f in features_at(st, u))
