"""The table as arrays (DESIGN.md seam 6): every living unit's pose, bounding circle and stand
corners in flat numpy arrays, derived from the state and never saved.

One `TableArrays` lives in each game's `DaimyoState.geometry_cache` (per game, never module
level). While `DaimyoGame` applies an action or lists the legal ones (`in_step`), every event it
emits bumps `geometry_cache["version"]`, and the arrays are trusted while the version stands;
otherwise each unit's pose key is compared and only the units that changed are placed again. So
rules, tests and tools that edit the state directly between two calls still read a fresh table.
Answers derived from the arrays (who touches whom) are kept until the arrays change.
"""
from __future__ import annotations

import math
from itertools import compress
from operator import attrgetter, ne

import numpy as np

from sim.daimyo.model import Unit
from sim.daimyo.derived import derived

from . import kernels
from .shapes import CONTACT_TOLERANCE, local_corners, quad_polygons, share_rings, stand_corners


_key = attrgetter("id", "x", "y", "facing", "stands", "files", "stand_w", "stand_d", "side")   # who and where


class TableArrays:
    """Struct-of-arrays view of the living units, in `DaimyoState.living()` order."""

    def __init__(self) -> None:
        self.version = -1
        self.build = 0               # bumped whenever the arrays change
        self.keys: list[tuple] = []
        self.ids: list[str] = []
        self.row: dict[str, int] = {}
        self._placed: dict[str, tuple[tuple, np.ndarray]] = {}
        self.rings: dict = {}        # the game's footprint ring orders (shapes.share_rings)
        self.derived: dict = {}      # answers computed from these arrays, dropped when they change
        self._polygons = None
        self._stale: list[slice] = []

    def refresh(self, units: list[Unit]) -> None:
        keys = list(map(_key, units))
        if keys == self.keys:
            return
        ids = [k[0] for k in keys]
        if ids == self.ids and self._move_in_place(units, keys):
            return
        share_rings(units, self.rings)
        placed = {}
        for u, k in zip(units, keys):
            got = self._placed.get(u.id)
            placed[u.id] = got if got is not None and got[0] == k else (k, stand_corners(u))
        self._placed = placed
        self.keys, self.ids = keys, ids
        self.row = {uid: i for i, uid in enumerate(ids)}
        count = np.array([u.stands for u in units], dtype=np.int64)
        self.start = np.concatenate([[0], np.cumsum(count)[:-1]]).astype(np.int64) if len(count) else count
        self.count = count
        self.corners = np.concatenate([placed[u.id][1] for u in units]) if units else np.empty((0, 4, 2))
        self.side = np.array([hash(u.side) for u in units], dtype=np.int64)
        self.owner = np.repeat(np.array(ids, dtype=object), count)
        self.stand_side = np.repeat(self.side, count)
        self._polygons = None
        self._stale: list[slice] = []     # stands moved since the polygons were made
        # bounding circle of each unit's stands, as combat.common.reach
        r = np.radians([u.facing for u in units])
        half = np.array([u.depth for u in units]) / 2
        self.circles = np.stack([np.array([u.x for u in units]) - np.cos(r) * half,
                                 np.array([u.y for u in units]) - np.sin(r) * half,
                                 np.array([math.hypot(u.width, u.depth) / 2 for u in units])], axis=1) \
            if units else np.empty((0, 3))
        self.boxes = np.concatenate([self.corners.min(axis=1), self.corners.max(axis=1)], axis=1) \
            if units else np.empty((0, 4))
        self.build += 1
        self.derived = {}

    def _move_in_place(self, units: list[Unit], keys: list[tuple]) -> bool:
        """The same units, some moved or turned but none with a stand fewer (nor on the other
        side): rewrite their rows."""
        changed = list(compress(range(len(keys)), map(ne, keys, self.keys)))     # one or two, of all
        # a stand fewer, or a side changed (by a tool, between two calls): the rows made again
        if any(keys[i][4] != self.keys[i][4] or keys[i][8] != self.keys[i][8] for i in changed):
            return False
        for i in changed:
            u = units[i]
            first = int(self.start[i])
            sl = slice(first, first + int(self.count[i]))
            # stand_corners' numbers and their boxes, written in place by one kernel call
            kernels.place_unit(float(u.x), float(u.y), float(u.facing), *local_corners(u), self.corners, self.boxes,
                               first)
            # a view is a snapshot: these rows are written again only when u moves, which
            # replaces this entry, and a rebuild makes new arrays
            self._placed[u.id] = (keys[i], self.corners[sl])
            r, half = math.radians(u.facing), u.depth / 2
            self.circles[i] = (u.x - math.cos(r) * half, u.y - math.sin(r) * half, math.hypot(u.width, u.depth) / 2)
            if self._polygons is not None:
                self._stale.append(sl)          # its polygons are made again when next asked for
            self.keys[i] = keys[i]
        self.build += 1
        self.derived = {}
        return True

    def unit_boxes(self) -> np.ndarray:
        """Each unit's axis box (units, 4: min x, min y, max x, max y), as unit_groups' kernels
        take them; kept until the arrays change."""
        got = self.derived.get("unit boxes")
        if got is None:
            got = self.derived["unit boxes"] = np.concatenate(
                [np.minimum.reduceat(self.boxes[:, :2], self.start), np.maximum.reduceat(self.boxes[:, 2:], self.start)],
                axis=1) if len(self.start) else np.empty((0, 4))
        return got

    def read_only_corners(self) -> np.ndarray:
        """The stands' corners as a read-only view (unit_groups' kernels are compiled for those)."""
        view = self.corners.view()
        view.flags.writeable = False
        return view

    def stands_of(self, uid: str) -> slice:
        i = self.row[uid]
        return slice(int(self.start[i]), int(self.start[i] + self.count[i]))

    def polygons(self) -> np.ndarray:
        """Shapely polygons of every stand (the same coordinates as geometry.stand_polygons),
        made when first asked and then replaced unit by unit as units move."""
        if self._polygons is None:
            self._polygons = quad_polygons(self.corners)
        elif self._stale:
            self._polygons = self._polygons.copy()      # arrays handed out stay as they were
            for sl in self._stale:
                self._polygons[sl] = quad_polygons(self.corners[sl])
        self._stale = []
        return self._polygons


def arrays(st) -> TableArrays:
    """The game's table arrays, current for the state as it is now."""
    cache = st.geometry_cache
    t = derived(st, "arrays", TableArrays)
    version = cache.get("version", 0)
    if t.version != version or not cache.get("in_step"):
        t.refresh(st.living())
        t.version = version
    elif cache.get("check_arrays"):
        # tests: a trusted table must equal the state (a rule that changed a pose and read the
        # table again before emitting its event would show here)
        living = st.living()
        if list(map(_key, living)) != t.keys:
            raise AssertionError("geometry.table: arrays out of step with the state within one version")
    return t


def bump(st) -> None:
    """Something may have changed: the next `arrays` call checks every unit's pose."""
    st.geometry_cache["version"] = st.geometry_cache.get("version", 0) + 1


class in_step:
    """While the game applies an action or lists the legal ones, only its rules change the state
    and every change emits an event (which bumps the version): the arrays are trusted while the
    version stands. Outside (tests, tools, players reading the state) each use checks them.
    (A class, not a generator: entered at every action, where contextlib's frames cost.)"""
    __slots__ = ("st", "outer")

    def __init__(self, st):
        self.st = st

    def __enter__(self) -> None:
        cache = self.st.geometry_cache
        self.outer = cache.get("in_step", False)
        cache["in_step"] = True
        bump(self.st)

    def __exit__(self, *exc) -> None:
        self.st.geometry_cache["in_step"] = self.outer


def near_pairs(st, gap: float, exact) -> dict[tuple[str, str], float]:
    """(id, id) of units of different sides -> distance of their nearest stands, for every pair
    within `gap` cm. The kernel's distance decides unless it lies within kernels.MARGIN of
    `gap` or of the contact tolerance; there `exact(a, b)` (the Shapely answer) is stored."""
    t = arrays(st)
    key = ("near", gap)
    got = t.derived.get(key)
    if got is None:
        ii, jj, dd = kernels.near_pairs(t.circles, t.side, t.corners, t.start, t.count, gap)
        got = {}
        for i, j, d in zip(ii.tolist(), jj.tolist(), dd.tolist()):
            a, b = t.ids[i], t.ids[j]
            if abs(d - gap) <= kernels.MARGIN or abs(d - CONTACT_TOLERANCE) <= kernels.MARGIN:
                d = exact(st.units[a], st.units[b])
            if d <= gap:
                got[(a, b)] = got[(b, a)] = d
        t.derived[key] = got
    return got


def contacts(st, exact) -> dict[str, list[str]]:
    """Unit id -> ids of enemy units within the contact tolerance (ruling D-3), in table order."""
    t = arrays(st)
    got = t.derived.get("contacts")
    if got is None:
        pairs = near_pairs(st, CONTACT_TOLERANCE, exact)
        got = {uid: [] for uid in t.ids}
        for a, b in pairs:
            got[a].append(b)
        for a in {a for a, _ in pairs}:     # most units touch no enemy, or one
            if len(got[a]) > 1:
                got[a].sort(key=t.row.__getitem__)
        t.derived["contacts"] = got
    return got


def contacts_of(st, uid: str, exact) -> list[str]:
    """`contacts(st, exact)[uid]` without the whole table's matrix (a rule asking whether one
    unit is in melee, 4.6): the same kernel distances and the same Shapely answers near the
    tolerance (each pair asked in table order, as near_pairs asks it)."""
    t = arrays(st)
    whole = t.derived.get("contacts")
    if whole is not None:
        return whole[uid]
    key = ("contacts of", uid)
    got = t.derived.get(key)
    if got is None:
        asked = t.derived["contacts asked"] = t.derived.get("contacts asked", 0) + 1
        if asked > 4:                       # many units asked about (a target search): the matrix
            return contacts(st, exact)[uid]
        i = t.row[uid]
        jj, dd = kernels.unit_near(t.circles, t.side, t.corners, t.start, t.count, i, CONTACT_TOLERANCE)
        got = []
        for j, d in zip(jj.tolist(), dd.tolist()):
            if abs(d - CONTACT_TOLERANCE) <= kernels.MARGIN:
                a, b = (i, j) if i < j else (j, i)
                d = exact(st.units[t.ids[a]], st.units[t.ids[b]])
            if d <= CONTACT_TOLERANCE:
                got.append(t.ids[j])
        t.derived[key] = got
    return got
