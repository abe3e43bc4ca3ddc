"""Movement plans remembered across decisions (issue 5), exactly as if planned afresh.

A plan of unit U (movement.plan, 4.3) reads only: U itself; the weather, the random event and
the table's size (the move allowance, 6.2 / 5.3); the static terrain; and, of the rest of the
table, the stands of other units that its swept ground overlaps (friends, 4.3.2) or comes within
3 cm of (enemies, 4.4), those friends' `moved` flags (ruling D-43), unattached enemy leaders it
touches (4.3.3) and, for a hatamoto, where its General is (1.7). So a plan stays valid while U,
the weather and event are unchanged and no other unit or leader changed within reach of the
ground the order can sweep. The memo compares snapshots of the whole table at each use (no
caller has to report changes): any unit whose pose, size, side, `moved` flag or life changed
drops the remembered plans whose reach its old or new box touches (with a margin for enemies
and leaders); a change of U itself drops all of U's plans. tests/daimyo/test_plan_memo.py
checks cached against fresh menus and plans over played games.
"""
from __future__ import annotations

import math

from sim.daimyo.derived import derived
from sim.daimyo import actions as A
from sim.daimyo.geometry import CONTACT_TOLERANCE, LEADER_RADIUS
from sim.daimyo.leaders import leader_xy
from sim.daimyo.tables import tables

Box = tuple[float, float, float, float]          # xmin, ymin, xmax, ymax
EVERYWHERE: Box = (-math.inf, -math.inf, math.inf, math.inf)
NOWHERE = None                                    # a Hold reads nothing beyond its unit
IGNORED = ("obedience",)   # 1.9: rolled between validating and executing an order; plans never read it


def _margin() -> float:
    """How near an enemy stand or leader may be to matter: 4.4's 3 cm, a leader's base (D-31)."""
    return tables().manoeuvre.charge_approach_cm + LEADER_RADIUS + CONTACT_TOLERANCE + 1.0


def _rect(x: float, y: float, facing: float, width: float, depth: float, ahead: float = 0.0) -> list:
    """Corners of a width x depth rectangle whose front edge is centred on (x, y), moved
    `ahead` cm along the facing."""
    r = math.radians(facing)
    fx, fy = math.cos(r), math.sin(r)
    rx, ry = fy, -fx
    out = []
    for a in (ahead, ahead - depth):
        for b in (-width / 2, width / 2):
            out.append((x + fx * a + rx * b, y + fy * a + ry * b))
    return out


def _bounds(points, grow: float = 0.0) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)


def _disc(x: float, y: float, radius: float) -> Box:
    return (x - radius, y - radius, x + radius, y + radius)


def reach(u, action) -> Box | None:
    """A box holding every stand of `u` anywhere along `action`'s path (the order as asked;
    the rules may cut it shorter, never longer). None: the order sweeps nothing."""
    width = u.files * u.stand_w
    depth = math.ceil(u.stands / u.files) * u.stand_d
    if isinstance(action, A.Hold):
        return NOWHERE
    if isinstance(action, (A.Move, A.FallBack)):
        d = action.distance if isinstance(action, A.Move) else -action.distance
        if not isinstance(d, (int, float)) or not math.isfinite(d):
            return EVERYWHERE
        return _bounds(_rect(u.x, u.y, u.facing, width, depth) + _rect(u.x, u.y, u.facing, width, depth, d))
    r = math.radians(u.facing)
    fx, fy, rx, ry = math.cos(r), math.sin(r), math.sin(r), -math.cos(r)
    if isinstance(action, A.Wheel) and isinstance(action.angle, (int, float)) and abs(action.angle) <= 360:
        side = -1 if action.angle > 0 else 1          # 4.3.5.1: about the inner front corner
        return _arc(_rect(u.x, u.y, u.facing, width, depth),
                    (u.x + rx * side * width / 2, u.y + ry * side * width / 2), action.angle)
    if isinstance(action, A.Turn) and abs(action.angle) == 180:
        return _bounds(_rect(u.x, u.y, u.facing, width, depth))     # about face: the same ground
    if isinstance(action, A.Turn):        # ruling D-37: the new front lies along the flank
        files = min(math.ceil(u.stands / u.files), u.stands)
        side = -1 if action.angle > 0 else 1
        corner = (u.x + rx * side * width / 2, u.y + ry * side * width / 2)
        return _disc(*corner, math.hypot(files * u.stand_w, math.ceil(u.stands / files) * u.stand_d))
    if isinstance(action, A.Reform) and isinstance(action.files, int) and action.files >= 1:
        centre = (u.x - fx * depth / 2, u.y - fy * depth / 2)   # 4.3.5.4: about the centre (D-38)
        half = math.hypot(action.files * u.stand_w, math.ceil(u.stands / action.files) * u.stand_d) / 2
        return _disc(*centre, max(half, math.hypot(width, depth) / 2))
    return EVERYWHERE


def _arc(corners: list, pivot: tuple[float, float], angle: float) -> Box:
    """The box of a rectangle turned `angle` degrees about `pivot`: its corners every 10 degrees
    or less, grown by how far a corner's arc strays from the chord between two of them."""
    steps = max(1, math.ceil(abs(angle) / 10))
    px, py = pivot
    radius = max(math.hypot(x - px, y - py) for x, y in corners)
    points = []
    for k in range(steps + 1):
        a = math.radians(angle * k / steps)
        c, s = math.cos(a), math.sin(a)
        points += [(px + (x - px) * c - (y - py) * s, py + (x - px) * s + (y - py) * c) for x, y in corners]
    return _bounds(points, radius * (1 - math.cos(math.radians(abs(angle) / steps) / 2)) + 1e-9)


def _pose(u) -> tuple:
    return (u.side, u.alive, u.x, u.y, u.facing, u.files, u.stands, u.stand_w, u.stand_d, u.moved)


def _snapshot(st) -> tuple:
    """What a plan may read beyond its own unit: the table's conditions, every unit's pose and
    every leader's place."""
    return ((st.weather, st.event, st.event_clan, st.width, st.height, id(st.terrain)),
            {u.id: _pose(u) for u in st.units.values()},
            {l.id: (l.side, l.alive, l.attached_to, l.x, l.y) for l in st.leaders.values()})


def _pose_box(snap) -> Box:
    side, alive, x, y, facing, files, stands, w, d, moved = snap
    return _bounds(_rect(x, y, facing, files * w, math.ceil(stands / files) * d))


def _own(st, u) -> tuple:
    """Everything about `u` a plan may read (all its fields but IGNORED; lists as tuples), and
    for a hatamoto where its General stands (1.7 leash)."""
    own = tuple(tuple(v) if isinstance(v, list) else v for k, v in vars(u).items() if k not in IGNORED)
    if u.hatamoto:
        general = st.general(u.side)
        own += (general.alive, leader_xy(st, general))
    return own


def _meets(box: Box | None, change: Box, grow: float) -> bool:
    """Whether `box` comes within `grow` of `change`; with grow 0 only overlapping interiors
    count (a friend's stands that merely touch a sweep never matter, 4.3.2)."""
    if box is None:
        return False
    if grow == 0.0:
        return box[0] < change[2] and change[0] < box[2] and box[1] < change[3] and change[1] < box[3]
    return (box[0] <= change[2] + grow and change[0] - grow <= box[2]
            and box[1] <= change[3] + grow and change[1] - grow <= box[3])


class PlanMemo:
    """Per unit: its snapshot and {key: (result, reach box)}; results are plans, RuleErrors or
    anything else derived only from what the box and the unit cover."""

    def __init__(self) -> None:
        self.table: tuple | None = None
        self.world: dict[str, tuple] = {}
        self.leaders: dict[str, tuple] = {}
        self.units: dict[str, tuple[tuple, dict]] = {}
        self.frozen = False              # inside movement.reading: the state does not change
        self.checked: set[str] = set()   # units whose snapshot was compared since the last sync
        self.stamp: int | None = None    # the table version of the last sync, if within a step

    def sync(self, st) -> None:
        """Bring the memo up to the table as it is now, dropping whatever a change could touch.
        Within one step of the game (geometry.table.in_step) every change emits an event, which
        bumps the table version: at the version of the last sync nothing changed (an order's
        plan is read by its validation and again by its execution)."""
        if self.frozen:
            return
        cache = st.geometry_cache
        stamp = cache.get("version", 0) if cache.get("in_step") else None
        if stamp is not None and stamp == self.stamp:
            if not cache.get("check_arrays"):
                return
            self._check_unchanged(st)
            return
        self.stamp = stamp
        self.checked.clear()
        table, world, leaders = _snapshot(st)
        if table != self.table or world.keys() != self.world.keys() or leaders.keys() != self.leaders.keys():
            self.units.clear()
        elif self.units:
            changes = []                 # (side, box) of each changed unit or leader, old and new
            for uid, snap in world.items():
                old = self.world[uid]
                if old != snap:
                    changes += [(old[0], _pose_box(old)), (snap[0], _pose_box(snap))]
            for lid, snap in leaders.items():
                old = self.leaders[lid]
                if old != snap:
                    changes += [(old[0], _disc(old[3], old[4], 0.0)), (snap[0], _disc(snap[3], snap[4], 0.0))]
            if changes:
                self._drop(st, changes)
        self.table, self.world, self.leaders = table, world, leaders

    def _check_unchanged(self, st) -> None:
        """Tests (geometry_cache["check_arrays"]): a sync skipped at an unchanged version must
        have found nothing to drop."""
        if _snapshot(st) != (self.table, self.world, self.leaders):
            raise AssertionError("plan_memo: the table changed within one version")

    def _drop(self, st, changes) -> None:
        grow = _margin()
        for uid, (own, entries) in self.units.items():
            side = st.units[uid].side
            near = [(box, 0.0 if s == side else grow) for s, box in changes]
            stale = [k for k, (_, box) in entries.items() if any(_meets(box, c, g) for c, g in near)]
            for k in stale:
                del entries[k]

    def entries(self, st, u) -> dict:
        """The unit's remembered results, emptied first if the unit itself changed (compared
        once while frozen: nothing changes then)."""
        got = self.units.get(u.id)
        if got is not None and self.frozen and u.id in self.checked:
            return got[1]
        own = _own(st, u)
        if got is None or got[0] != own:
            got = self.units[u.id] = (own, {})
        if self.frozen:
            self.checked.add(u.id)
        return got[1]


def memo(st) -> PlanMemo:
    return derived(st, "plan_memo", PlanMemo)
