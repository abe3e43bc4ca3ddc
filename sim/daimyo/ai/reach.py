"""Rough reach for the Daimyo scorer: how far a unit really is from an enemy across the ground
between them, and who could charge whom at their next activation.

The rules' own charge plan (combat/charge.py) is exact but needs the charger where it stands;
the scorer must weigh poses a unit has not reached yet, so this is a cheap estimate of the same
rules: the charge column (4.4), halved for infantry and thirded for cavalry when difficult
ground lies on the way (4.3.1), less 3 cm on light ground and 3/6 cm at an obstacle; cavalry
never charge out of difficult ground (4.3.1); disordered units may not declare a charge
(4.2.1) unless they are reforming this turn (4.2.2), and routers, units in melee, halted
units, HQs and guns never do.
"""
from __future__ import annotations

import math

import numpy as np
import shapely

from sim.core.memo import keep
from sim.daimyo import terrain_touch
from sim.daimyo.ai import crossing_axis
from sim.daimyo.ai.pose_memo import Book
from sim.daimyo.ai.routes import SLACK_CM
from sim.daimyo.combat import charge as CH
from sim.daimyo.geometry import boxes_apart, terrain_kernels
from sim.daimyo.geometry.kernels import MARGIN
from sim.daimyo.model import Troop, Unit
from sim.daimyo.tables import tables
from sim.daimyo.terrain import features_touching, terrain_map


KEPT_MAX = 50_000    # answers a Ground keeps (the scorer's lives a whole game)
BOX_SLACK = 1e-6     # cm added round a box that must hold a line GEOS computes between two shapes
BOXES_MAX = 50_000   # footprints' axis boxes a Ground keeps


class Ground:
    """The table's terrain as one kind of mover meets it (roads and wide streams resolved by
    the rules' TerrainMap), cached per (cavalry, stands) kind. The terrain never changes in a
    game, so `approach` and `charge_allowance` are kept under all they read: the mover's kind
    and the two shapes (ai/pose_memo.py Book; issue 18 item 5)."""

    def __init__(self, st, routes=None, check: bool = False):
        self.st = st
        self.routes = routes             # a RouteBook (routes.py): ways round impassable ground
        self._kinds: dict = {}
        self._boxes: dict = {}           # (cavalry, stands) -> every patch's axis box
        self._shape_boxes: dict = {}     # id(footprint) -> (footprint, its axis box)
        self._features: list | None = None
        self._walls: dict = {}           # (cavalry, stands) -> the impassable patches' triangles
        self._kept = Book(KEPT_MAX, check)     # check: work kept answers out again (tests)

    def _patches(self, u: Unit) -> dict[str, list]:
        """effect -> [(shape, its axis box)] of the ground as this kind of mover meets it."""
        key = (u.cavalry, u.stands)
        got = self._kinds.get(key)
        if got is None:
            got = {}
            for p in terrain_map(self.st, u.cavalry, u.stands).patches:
                got.setdefault(p.effect, []).append((p.shape, p.shape.bounds))
            self._kinds[key] = got
            self._boxes[key] = [b for patches in got.values() for _, b in patches]
        return got

    def effects(self, u: Unit, geom) -> set[str]:
        # a patch whose box misses the geometry's box cannot touch it: Shapely is asked only
        # about the others (the same answers, DESIGN seam 6)
        box = geom.bounds
        return {eff for eff, patches in self._patches(u).items() if _meets(patches, geom, box)}

    def has(self, u: Unit, effect: str) -> bool:
        """Whether any ground on the table has `effect` for this kind of mover."""
        return bool(self._patches(u).get(effect))

    def touches(self, u: Unit, geom, effect: str, box=None) -> bool:
        """`effect in self.effects(u, geom)`, asking only about that effect's patches (`box`:
        the geometry's axis box, if the caller has it)."""
        return _meets(self._patches(u).get(effect, ()), geom, geom.bounds if box is None else box)

    def box(self, shape) -> tuple:
        """A footprint's axis box, kept while the Ground keeps the footprint (a pose is weighed
        against many patches, zones and targets; Shapely geometries never change)."""
        got = self._shape_boxes.get(id(shape))
        if got is None:
            got = keep(self._shape_boxes, id(shape), (shape, shape.bounds), BOXES_MAX)
        return got[1]

    def features_touching(self, geom) -> list:
        """terrain.features_touching (4.3.1), Shapely asked only about the features whose box
        meets the geometry's (the terrain never changes in a game: boxes made once)."""
        if self._features is None:
            self._features = [(f, f.shape.bounds) for f in self.st.terrain]
        box = self.box(geom)
        return features_touching([f for f, b in self._features if not boxes_apart(b, box)], geom)

    def slow_cm(self, u: Unit, line) -> float:
        """Extra cm a move along `line` costs over open ground: each cm in difficult ground
        costs 2 (infantry) or 3 (cavalry), ruling D-33."""
        te = tables().terrain_effects
        factor = te.difficult_cavalry_factor if u.cavalry else te.difficult_infantry_factor
        # a patch whose box misses the line's adds nothing (its 0.0 left out of the same sum)
        box = line.bounds
        inside = sum(s.intersection(line).length for s, b in self._patches(u).get("difficult", ())
                     if not boxes_apart(b, box))
        return (factor - 1) * inside

    def approach(self, u: Unit, shape, target_shape, files: int | None = None) -> tuple[float, bool]:
        """(distance, wades): the straight distance to the target plus what the ground on the
        way adds (4.3.1), and whether that way crosses difficult ground (which disorders).
        Where impassable ground (a river away from its fords, 4.3.1) lies across the straight
        line, the way round it (routes.py) instead, wading only where that way crosses
        difficult ground; a column one stand wide goes over a bridge or ford along its axis
        (crossing_axis.py)."""
        return self._way(u, shape, target_shape, files)[:2]

    def heading(self, u: Unit, shape, target_shape, files: int | None = None) -> tuple[float, float] | None:
        """The point the way to the target makes for first where impassable ground lies across
        the straight line (the crossing's axis for a column, else the routes' waypoint; a
        unit faces it to go on, 4.3.5); None where the way is straight."""
        via = self._way(u, shape, target_shape, files)[2]      # (point,) or (from, to) or None
        if via is None or len(via) == 1:
            return None if via is None else via[0]
        way = self.routes.for_unit(self.st, u, files or u.files)
        return self._kept.recall(("heading", id(way)) + via, lambda: way.waypoint(*via))

    def _way(self, u: Unit, shape, target_shape, files: int | None) -> tuple[float, bool, tuple | None]:
        """(distance, wades, via): via is None for a straight way, (the crossing's axis point,)
        for a column at a crossing, (from, to) for a way round (its waypoint worked out only
        when asked, `heading`)."""
        files = files or u.files
        return self._kept.recall(("approach", u.cavalry, u.stands, files, u.stand_w, u.stand_d),
                                 lambda: self._approach(u, shape, target_shape, files), (shape, target_shape))

    def wades(self, u: Unit, shape, target_shape, files: int | None = None) -> bool:
        """`approach(...)[1]` alone: whether the way to the target crosses difficult ground
        (4.3.1), without the way's length or where it makes for - what a unit receiving at a
        stream reads of its way (DaimyoScorer._value_part: its gap is to the water, not the
        enemy). Kept as `approach` is; its answer where `approach` has one."""
        files = files or u.files
        key = ("approach", u.cavalry, u.stands, files, u.stand_w, u.stand_d)
        if self._kept.knows(key, (shape, target_shape)):
            return self._way(u, shape, target_shape, files)[1]
        return self._kept.recall(("wades",) + key[1:], lambda: self._wades(u, shape, target_shape, files),
                                 (shape, target_shape))

    def _wades(self, u: Unit, shape, target_shape, files: int) -> bool:
        # _approach's wading by the same steps (reads of u what its key names)
        line, d, way = self._line_or_round(u, shape, target_shape, files)
        if d < 1e-6:
            return False
        if way is not None:
            return way.wades(*_ends(line))
        return self.slow_cm(u, line) > 0.0

    def _approach(self, u: Unit, shape, target_shape, files: int) -> tuple[float, bool, tuple | None]:
        # reads of u only cavalry, stands and its stands' size (the key above)
        line, d, way = self._line_or_round(u, shape, target_shape, files)
        if d < 1e-6:
            return 0.0, False, None
        if way is not None:
            # the way round: it wades only if it crosses difficult ground (a ford, 4.3.1),
            # not over a bridge (a road); a wrong "wades" cost a reform turn it never stands
            a, b = _ends(line)
            c = shape.centroid
            via = crossing_axis.way_point(way, u, c.x, c.y, b) if files == 1 else None
            if via is not None:
                # a column: to the crossing's axis, then on from there (crossing_axis.py)
                return math.dist((c.x, c.y), via) + way.distance(via, b), way.wades(a, b), (via,)
            return way.distance(a, b), way.wades(a, b), (a, b)
        slow = self.slow_cm(u, line)
        if files == 1 and self.routes is not None:
            # a column whose way runs over a bridge or ford makes for the crossing's axis even
            # where the thin line from its nearest stand to the target passes over the crossing
            # (a column 20 degrees off the axis that followed that line drifted off it and
            # stood beside the bridge's end for twelve turns, reference game 8); a column with
            # a stand still on the crossing goes on off its far end first (crossing_axis.py)
            c = shape.centroid
            b = _ends(line)[1]
            via = crossing_axis.way_point(self.routes.for_unit(self.st, u, 1), u, c.x, c.y, b)
            if via is not None:
                return math.dist((c.x, c.y), via) + math.dist(via, b) + slow, slow > 0.0, (via,)
        return d + slow, slow > 0.0, None

    def _line_or_round(self, u: Unit, shape, target_shape, files: int):
        """(the shortest line to the target, its length, the routes' way round for this mover
        where impassable ground (a river away from its fords, 4.3.1) lies across the corridor
        the unit's frontage sweeps along it, else None)."""
        line, d = _shortest(shape, target_shape)
        if d < 1e-6:
            return line, d, None
        # the corridor (a line wider than a bridge cannot pass it) is built only where there
        # is impassable ground at all
        walls = self.routes is not None and self._patches(u).get("impassable")
        if walls:
            # a wall whose box misses the lane's box (the line's, grown by half the lane's
            # width) cannot touch the lane: the lane is built only where one may
            box = _grown(line.bounds, max(0.0, files * u.stand_w / 2 - SLACK_CM) + BOX_SLACK)
            walls = any(not boxes_apart(b, box) for _, b in walls)
        if not walls:
            return line, d, None
        a, b = _ends(line)
        half = files * u.stand_w / 2 - SLACK_CM
        # the lane's rectangle against the impassable patches' triangles: Shapely's buffer
        # and predicate only where the kernel cannot tell
        blocked = self._lane_meets_walls(u, a, b, half) if half > 0.0 else None
        if blocked is None:
            lane = line.buffer(half, cap_style="flat") if half > 0.0 else line
            blocked = self.touches(u, lane, "impassable")
        return line, d, self.routes.for_unit(self.st, u, files) if blocked else None

    def _line_effects(self, u: Unit, line) -> set[str]:
        """`effects(u, line)` for a straight line (4.3.1), from the patches' triangles by
        terrain_kernels: Shapely asked only about a patch the kernel cannot tell by MARGIN (a
        touch) or whose triangles do not stand for it exactly."""
        tmap = terrain_map(self.st, u.cavalry, u.stands)
        tris, owner, _ = terrain_touch.patch_triangles(self.st, tmap)
        state = terrain_kernels.stands_meet_patches(_line_quads([_ends(line)]), tris, owner, len(tmap.patches), MARGIN)
        return self._effects_along(tmap, [line], state)[0]

    def _effects_along(self, tmap, lines: list, states: np.ndarray) -> list[set[str]]:
        """`_line_effects` for each of `lines` from the kernel's rows `states` (MEETS, APART or
        UNSURE for each line and each patch of the kind of mover's map `tmap`)."""
        exact = terrain_touch.patch_triangles(self.st, tmap)[2]
        sure = exact & (states != terrain_kernels.UNSURE)
        patches = tmap.patches
        out = []
        for line, meets, ask in zip(lines, (sure & (states == terrain_kernels.MEETS)).tolist(), (~sure).tolist()):
            got = {patches[i].effect for i, m in enumerate(meets) if m}
            box = line.bounds if any(ask) else None
            for i, a in enumerate(ask):
                p = patches[i]
                if a and p.effect not in got and _meets([(p.shape, p.shape.bounds)], line, box):
                    got.add(p.effect)
            out.append(got)
        return out

    def _lane_meets_walls(self, u: Unit, a, b, half: float) -> bool | None:
        """Whether the flat-capped lane `half` cm either side of the segment a-b meets an
        impassable patch (4.3.1) by terrain_kernels on the patches' triangles: True or False
        where the answer is clear by MARGIN, None where Shapely must tell (a touch, or a patch
        its triangles do not stand for exactly)."""
        inexact, tris, owner, n = self._wall_triangles(u)
        if inexact:
            return None
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(dx, dy)
        ox, oy = dy / norm * half, -dx / norm * half
        quad = np.array([[[a[0] + ox, a[1] + oy], [b[0] + ox, b[1] + oy],
                          [b[0] - ox, b[1] - oy], [a[0] - ox, a[1] - oy]]])
        return _verdict(terrain_kernels.stands_meet_patches(quad, tris, owner, n, MARGIN))

    def sweep_meets_walls(self, u: Unit, corners: np.ndarray) -> bool | None:
        """Whether the convex hull of `corners` (the stands' corners where a straight move
        starts and ends, (n, 2)) meets impassable ground (4.3.1), by terrain_kernels on the
        patches' triangles: None where Shapely must tell (as _lane_meets_walls)."""
        inexact, tris, owner, n = self._wall_triangles(u)
        if inexact:
            return None
        return _verdict(terrain_kernels.hull_meets_patches(corners, tris, owner, n, MARGIN))

    def _wall_triangles(self, u: Unit) -> tuple:
        """(some impassable patch is not its triangles exactly, the impassable patches'
        triangles, their patch indices, the number of patches) for this kind of mover."""
        walls = self._walls.get((u.cavalry, u.stands))
        if walls is None:
            tmap = terrain_map(self.st, u.cavalry, u.stands)
            tris, owner, exact = terrain_touch.patch_triangles(self.st, tmap)
            imp = np.array([p.effect == "impassable" for p in tmap.patches], dtype=bool)
            sel = imp[owner]
            walls = self._walls[(u.cavalry, u.stands)] = (
                bool((imp & ~exact).any()), np.ascontiguousarray(tris[sel]), owner[sel], len(tmap.patches))
        return walls

    def charge_allowance(self, u: Unit, shape, target_shape) -> float:
        """4.4 charge column modified as in combat/charge.py `charge_allowance`, judged on the
        charger's footprint and the straight line to the target; 0 when it may not charge."""
        return self._kept.recall(_allowance_key(u), lambda: self._charge_allowance(u, shape, target_shape),
                                 (shape, target_shape))

    def _charge_allowance(self, u: Unit, shape, target_shape) -> float:
        # reads of u only cavalry, stands and its charge move (the key above)
        start = self._allowance_start(u, shape, target_shape)
        if not isinstance(start, frozenset):
            return start
        line, d = _shortest(shape, target_shape)
        return _allowance(u, start | (self._line_effects(u, line) if d > 1e-6 else self.effects(u, shape)))

    def keep_charge_allowances(self, asked) -> None:
        """charge_allowance for each (u, shape, target_shape) of `asked` (a decision's new
        poses against the enemies within a charge of them, DaimyoScorer.prefetch), kept as
        charge_allowance keeps it: the shortest lines in one vectorised Shapely call (GEOS's
        own line for each pair) and the ground along them in one kernel call per kind of mover
        (each line's row the one `_line_effects` gets alone), so each answer is the one
        worked out alone (tests/daimyo/ai/test_allowance_batch.py; the memo's check mode)."""
        new: dict[tuple, tuple] = {}
        for u, shape, target in asked:
            key = _allowance_key(u)
            if (key, id(shape), id(target)) not in new and not self._kept.knows(key, (shape, target)):
                new[(key, id(shape), id(target))] = (key, u, shape, target)
        self._keep_starts([(u, shape) for _, u, shape, target in new.values() if self._ground_near(u, shape, target)])
        todo: dict[tuple, tuple] = {}
        for key, u, shape, target in new.values():
            start = self._allowance_start(u, shape, target)
            if isinstance(start, frozenset):
                todo[(key, id(shape), id(target))] = (key, u, shape, target, start)
            else:
                self._kept.keep(key, start, (shape, target))
        if not todo:
            return
        rows = list(todo.values())
        lines = shapely.shortest_line(np.array([r[2] for r in rows], dtype=object),
                                      np.array([r[3] for r in rows], dtype=object))
        lengths = shapely.length(lines).tolist()
        ends = shapely.get_coordinates(lines).reshape(-1, 2, 2).tolist()
        kinds: dict[tuple, list[int]] = {}
        for i, r in enumerate(rows):
            if lengths[i] > 1e-6:
                kinds.setdefault((r[1].cavalry, r[1].stands), []).append(i)
        along = {}
        for (cavalry, stands), which in kinds.items():
            tmap = terrain_map(self.st, cavalry, stands)
            tris, owner, _ = terrain_touch.patch_triangles(self.st, tmap)
            states = terrain_kernels.stands_meet_patches(_line_quads([ends[i] for i in which]), tris, owner,
                                                         len(tmap.patches), MARGIN)
            along.update(zip(which, self._effects_along(tmap, [lines[i] for i in which], states)))
        for i, (key, u, shape, target, start) in enumerate(rows):
            fx = along[i] if lengths[i] > 1e-6 else self.effects(u, shape)
            self._kept.keep(key, _allowance(u, start | fx), (shape, target))

    def _ground_near(self, u: Unit, shape, target_shape) -> bool:
        """Some ground (for u's kind of mover) lies inside the box of both shapes, which holds
        the shortest line between them."""
        a, b = self.box(shape), self.box(target_shape)
        box = _grown((min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])), BOX_SLACK)
        self._patches(u)
        return not all(boxes_apart(p, box) for p in self._boxes[(u.cavalry, u.stands)])

    def _keep_starts(self, asked) -> None:
        """`_allowance_start`'s ground where the charger stands, for each (u, footprint) of
        `asked` not kept yet: `effects` with each patch asked of all the footprints whose box
        meets its own in one vectorised Shapely call (GEOS's own predicate for each)."""
        kinds: dict[tuple, dict] = {}
        for u, shape in asked:
            key = ("start", u.cavalry, u.stands)
            if not self._kept.knows(key, (shape,)):
                kinds.setdefault(key, {})[id(shape)] = shape
        for key, shapes in kinds.items():
            shapes = list(shapes.values())
            boxes = [self.box(s) for s in shapes]
            arr = np.array(shapes, dtype=object)
            found: list[set] = [set() for _ in shapes]
            for eff, patches in self._kinds[key[1:]].items():
                for patch, pbox in patches:
                    near = [i for i, b in enumerate(boxes) if not boxes_apart(pbox, b)]
                    if near:
                        for i, hit in zip(near, shapely.intersects(patch, arr[near]).tolist()):
                            if hit:
                                found[i].add(eff)
            for shape, effs in zip(shapes, found):
                self._kept.keep(key, frozenset(effs), (shape,))

    def _allowance_start(self, u: Unit, shape, target_shape) -> float | frozenset:
        """The allowance where the ground alone decides it (none inside the box of both
        shapes: the whole charge move; cavalry standing in difficult ground: 0, 4.3.1), else
        the ground's effects where the charger stands, for the line's to be added to."""
        if not self._ground_near(u, shape, target_shape):
            # nothing on the way or at the start modifies the charge move
            return max(float(u.move_row.charge), 0.0)
        # the ground where the charger stands: the same for each target it is weighed against
        start = self._kept.recall(("start", u.cavalry, u.stands), lambda: frozenset(self.effects(u, shape)), (shape,))
        if u.cavalry and "difficult" in start:
            return 0.0                                      # 4.3.1: cavalry charge only from open/light
        return start


def _allowance_key(u: Unit) -> tuple:
    """What charge_allowance reads of the charger (besides the two shapes)."""
    return ("allowance", u.cavalry, u.stands, u.move_row.charge)


def _allowance(u: Unit, fx: set) -> float:
    """The charge move modified by the ground effects `fx` on the way and at the start (4.3.1):
    the rules' own account (combat/charge.py ground_effects, ruling D-120), 0 across impassable
    ground."""
    if "impassable" in fx:
        return 0.0                                          # 4.3.1: no charge across impassable ground
    return max(CH.ground_effects(u, fx)[0], 0.0)


def _line_quads(ends) -> np.ndarray:
    """Straight lines given by their two ends as degenerate stands (k, 4, 2): a, b, b, a."""
    return np.array([[a, b, b, a] for a, b in ends], dtype=float).reshape(-1, 4, 2)


def _verdict(state: np.ndarray) -> bool | None:
    """A kernel's MEETS / APART / UNSURE per patch as True (one meets) / False / None (ask Shapely)."""
    if (state == terrain_kernels.MEETS).any():
        return True
    return None if (state == terrain_kernels.UNSURE).any() else False


def _grown(box, by: float) -> tuple[float, float, float, float]:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _ends(line) -> list[tuple[float, float]]:
    """A segment's two ends, as `line.coords` gives them (the same floats, without its sequence)."""
    return [tuple(p) for p in shapely.get_coordinates(line).tolist()]


def _shortest(shape, target_shape):
    """The shortest line between the two shapes and its length: the line through
    `nearest_points` and their distance (shapely.ops.nearest_points is this line's two ends;
    GEOS measures a segment and two points' distance with the same sum)."""
    line = shapely.shortest_line(shape, target_shape)
    return line, line.length


def may_charge_soon(u: Unit) -> bool:
    """Could declare a charge at its next activation (4.2.1, 4.2.2, 4.4, 5.1, 6.1)."""
    if u.troop in (Troop.HQ, Troop.ARTILLERY) or u.routing or u.in_melee_with or u.halted_turns > 1:
        return False
    return not u.disordered or u.reforming


def _meets(patches, geom, box) -> bool:
    """Whether `geom` (axis box `box`) touches any of the (shape, axis box) `patches`; Shapely
    is asked only where the boxes meet."""
    return any(not boxes_apart(b, box) and s.intersects(geom) for s, b in patches)
