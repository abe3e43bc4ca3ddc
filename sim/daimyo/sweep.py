"""A unit's motion for one order as a continuous path of poses, and the exact search of
where along it something starts or stops touching (Daimyo 4.3).

Poses are sampled every 0.5 cm (or every degree of a wheel, whichever is finer for the unit's
width), which no feature can slip between since every stand is at least 1.5 cm deep; each
change seen between samples is then bisected, so boundaries are exact to ~1e-10 cm. Given the
shapes a test is about, the bisection asks Shapely only near the instants where a stand can
meet them (crossings.py), with the same result.
"""
from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass

import numpy as np

import shapely

from sim.daimyo.crossings import crossings
from sim.daimyo.geometry import cut_kernels, local_corners, place_corners
from sim.daimyo.geometry.shapes import quad_polygons
from sim.daimyo.model import Unit

SAMPLE_CM = 0.5         # pose sampling along a path; less than any stand's depth
BISECT = 32            # halvings of a <= 0.5 cm bracket: exact to 1e-10 cm
SHRINK_CM = 1e-7       # 4.3.2: a friend's stands shrunk by this, so that touching is not overlapping


@dataclass
class Motion:
    """A unit's movement for one order as poses over s in [0, 1].

    kind "straight": translation by `length` cm along the facing (negative: backwards);
    "wheel": rotation by `angle` degrees about `pivot`, `length` the outer corner's arc;
    "jump": a turn or reform, from the start pose to `end` with `files` (stands turn in place)."""
    unit: Unit
    kind: str
    start: tuple[float, float, float]
    length: float = 0.0
    angle: float = 0.0
    pivot: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float, float] | None = None
    files: int | None = None

    def __post_init__(self) -> None:
        self._here = local_corners(self.unit)
        self._there = local_corners(self.unit, self.files) if self.kind == "jump" else self._here
        self._samples = self._sample_poses = None

    def poses(self, s) -> np.ndarray:
        if type(s) is not np.ndarray or s.dtype != np.float64 or s.ndim != 1 or not s.flags.c_contiguous:
            s = np.ascontiguousarray(np.atleast_1d(np.asarray(s, dtype=float)))
        if self.kind != "jump":         # numpy's sums, in one kernel call
            return cut_kernels.motion_poses(*self._numbers(), s)
        return np.array([self.start if v < 1 else self.end for v in s], dtype=float)

    def _numbers(self) -> tuple:
        """A straight move's or wheel's numbers as cut_kernels.motion_poses takes them."""
        x, y, f = self.start
        return (cut_kernels.STRAIGHT if self.kind == "straight" else cut_kernels.WHEEL, float(x), float(y),
                float(f), float(self.length), float(self.angle), float(self.pivot[0]), float(self.pivot[1]))

    def sample_poses(self) -> np.ndarray:
        """`poses(samples())`, made once (the plan's corners and path both read them; not to be
        written)."""
        if self._sample_poses is None:
            self._sample_poses = self.poses(self.samples())
        return self._sample_poses

    def corners(self, s) -> np.ndarray:
        """(n, stands, 4, 2); a jump takes its new formation only at its end."""
        if s is self._samples and s is not None:
            if self.kind != "jump":
                if self._sample_poses is None:      # the poses and their corners in one kernel call
                    self._sample_poses, out = cut_kernels.motion_corners(*self._numbers(), s, *self._here)
                    return out
                return place_corners(self._here, self._sample_poses)
            # a jump's samples are [0.0, 1.0]: its start, then its end in its new formation
            return np.concatenate([place_corners(self._here, [self.start]), place_corners(self._there, [self.end])])
        s = np.atleast_1d(np.asarray(s, dtype=float))
        if self.kind != "jump":
            return place_corners(self._here, self.poses(s))
        return np.stack([place_corners(self._here, [self.start])[0] if v < 1
                         else place_corners(self._there, [self.end])[0] for v in s])

    def samples(self) -> np.ndarray:
        """The sampled s (read-only: made once, the plan and the path both read them)."""
        if self._samples is None:
            if self.kind == "jump":
                n = 2
            elif self.kind == "straight":
                n = max(2, math.ceil(abs(self.length) / SAMPLE_CM) + 1)
            else:
                step = min(1.0, math.degrees(SAMPLE_CM / max(self.unit.width, self.unit.depth, 1.0)))
                n = max(2, math.ceil(abs(self.angle) / step) + 1)
            key = ("samples", n)                 # the same few counts again and again: kept per unit
            got = self.unit.shapes.get(key)
            if got is None:
                got = self.unit.shapes[key] = _even(n)
                got.flags.writeable = False
            self._samples = got
        return self._samples

    def cut(self, s: float) -> "Motion":
        """The same motion stopped at s."""
        if self.kind == "jump":
            return self
        return Motion(self.unit, self.kind, self.start, self.length * s, self.angle * s, self.pivot)

    def path(self) -> list[tuple[float, float, float]]:
        """The poses a renderer animates: ends of a straight move, every degree of a wheel."""
        if self.kind == "jump":
            return [tuple(self.start), tuple(self.end)]
        poses = self.sample_poses()
        if self.kind == "wheel":
            return list(map(tuple, poses.tolist()))
        # a straight move's ends are its first and last samples (s = 0 and 1, the same sums)
        return [tuple(poses[0].tolist()), tuple(poses[-1].tolist())]


def _even(n: int) -> np.ndarray:
    """`np.linspace(0.0, 1.0, n)` bit for bit (numpy's own steps: i times 1/(n-1), the last 1.0),
    without its 5 us of argument handling."""
    out = np.arange(n, dtype=float)
    out *= 1.0 / (n - 1)
    out[-1] = 1.0
    return out


def bisect(motion: Motion, lo: float, hi: float, good, against=None, sure: bool = False) -> float:
    """The last s in [lo, hi] where `good(corners)` still holds, given good at lo, not at hi.
    `against`: the polygons `good` tests the stands against, if they are all it depends on
    (then Shapely is asked only near the instants where the stands can meet them); `sure`:
    the answers at lo and hi came from this same predicate, so they may be reused."""
    return _halve(lo, hi, _asker(motion, lo, hi, good, against, True if sure else None), True)[0]


def first_true(motion: Motion, lo: float, hi: float, test, against=None, sure: bool = False) -> float:
    """The first s in [lo, hi] where `test(corners)` holds, given it fails at lo, holds at hi
    (`against`, `sure` as for `bisect`)."""
    return _halve(lo, hi, _asker(motion, lo, hi, test, against, False if sure else None), False)[1]


def bisect_clear(motion: Motion, lo: float, hi: float, quads: np.ndarray, shrunk) -> float:
    """The last s in [lo, hi] where no stand overlaps any of the quadrilaterals `quads` (m, 4,
    2) by more than touching (4.3.2: friends' stands), given clear at lo and not at hi: `bisect`
    asking Shapely whether a stand intersects `shrunk(which)`, the quads `which` (indices) shrunk
    by SHRINK_CM (GEOS's buffer, made only if asked). The halvings run in one kernel
    (geometry/cut_kernels.py) on the quads inset by SHRINK_CM (`cut_kernels.inset`, GEOS's corners
    within 1e-13 cm) while its answers are sure, Shapely the rest, bit-identical, asked only of
    the quads whose boxes the stands can reach within the bracket left."""
    if motion.kind not in ("straight", "wheel") or len(quads) == 0:
        every = shrunk(np.arange(len(quads)))
        return bisect(motion, lo, hi, _clear_of(every), against=every)
    coords = cut_kernels.inset(np.ascontiguousarray(quads, dtype=float), SHRINK_CM)
    lo, hi, done = _kernel_halvings(motion, lo, hi, coords, True)
    if done == BISECT:
        return lo
    # the kernel stopped next to the boundary, where a few last halvings ask Shapely anyway;
    # with many left (a pose grazing the shapes all along), the crossings spare most of them.
    # A stand meets only the quads its boxes reach between lo and hi: only those are shrunk
    # and asked about (the same answers: the others' boxes lie clear of every stand)
    shapes = shrunk(_reached(motion, lo, hi, quads))
    left = BISECT - done
    return _halve(lo, hi, _asker(motion, lo, hi, _clear_of(shapes), shapes if left > 4 else None, None), True, left)[0]


def _kernel_halvings(motion: Motion, lo: float, hi: float, polys: np.ndarray, clear_at_lo: bool):
    """cut_kernels.clear_halvings of a straight move or wheel against the convex polygons
    `polys` (m, k, 2), keeping lo clear of them (or met, `clear_at_lo` False): (lo, hi, halvings
    done), lo and hi numpy floats, as the halvings of the samples' s give (a plan's cost keeps
    the type, and numpy and Python round a price's half differently)."""
    m, k = polys.shape[:2]
    x, y, f = motion.start
    lo, hi, done = cut_kernels.clear_halvings(
        cut_kernels.STRAIGHT if motion.kind == "straight" else cut_kernels.WHEEL, float(x), float(y), float(f),
        float(motion.length), float(motion.angle), float(motion.pivot[0]), float(motion.pivot[1]), *motion._here,
        np.ascontiguousarray(polys, dtype=float).reshape(-1, 2), np.arange(0, k * m, k, dtype=np.int64),
        np.full(m, k, dtype=np.int64), float(lo), float(hi), BISECT, cut_kernels.TOL, clear_at_lo)
    return np.float64(lo), np.float64(hi), done


def _clear_of(shapes: np.ndarray):
    def clear(c):
        return not shapely.intersects(quad_polygons(c)[:, None], shapes[None, :]).any()
    return clear


def _reached(motion: Motion, lo: float, hi: float, quads: np.ndarray) -> np.ndarray:
    """Indices of the `quads` whose boxes come within reach of the motion's stands at some s in
    [lo, hi] (a straight move's stands lie between their ends; a wheel's corners move at most
    their greatest distance from the pivot times the angle turned), with 1e-6 cm to spare."""
    ends = motion.corners(np.array([lo, hi])).reshape(-1, 2)
    grow = 1e-6
    if motion.kind == "wheel":
        radius = float(np.hypot(ends[:, 0] - motion.pivot[0], ends[:, 1] - motion.pivot[1]).max())
        grow += radius * math.radians(abs(motion.angle)) * float(hi - lo)
    x0, y0 = ends.min(axis=0) - grow
    x1, y1 = ends.max(axis=0) + grow
    qmin, qmax = quads.min(axis=1), quads.max(axis=1)
    return np.flatnonzero((qmin[:, 0] <= x1) & (qmax[:, 0] >= x0) & (qmin[:, 1] <= y1) & (qmax[:, 1] >= y0))


def _halve(lo: float, hi: float, ask, true_at_lo: bool, steps: int = BISECT) -> tuple[float, float]:
    """`steps` halvings of [lo, hi] keeping `ask` == `true_at_lo` at lo."""
    for _ in range(steps):
        mid = (lo + hi) / 2
        if ask(mid) == true_at_lo:
            lo = mid
        else:
            hi = mid
    return lo, hi


def _asker(motion: Motion, lo: float, hi: float, test, against, at_lo: bool | None):
    """`test` at a pose s, as the plain bisection would see it. Between the instants where a
    stand can meet `against` (crossings.py) the answer cannot change: in the gaps holding lo
    and hi it is the one known there (`at_lo`, not `at_lo`; None: not known), in any other gap
    it is asked once; within an instant's error margin it is asked at s itself. The halvings
    visit the same s as always, so the result is bit-identical to asking at every step."""
    def direct(s: float) -> bool:
        return bool(test(motion.corners(s)[0]))
    if against is None:
        return direct
    got = crossings(motion, lo, hi, against)
    if got is None:
        return direct
    times, margins = got
    starts, ends = (times - margins).tolist(), (times + margins).tolist()
    times = times.tolist()

    def uncertain(s: float) -> bool:
        return any(a <= s <= b for a, b in zip(starts, ends))
    gaps: dict[int, bool] = {}
    for end, value in ((lo, at_lo), (hi, not at_lo)) if at_lo is not None else ():
        if not uncertain(end):
            gaps[bisect_right(times, end)] = value

    def ask(s: float) -> bool:
        if uncertain(s):
            return direct(s)
        i = bisect_right(times, s)
        if i not in gaps:
            gaps[i] = direct(s)
        return gaps[i]
    return ask


def runs(s: np.ndarray, flags: np.ndarray, motion: Motion, test, against=None, kernel=None) -> list[tuple[float, float]]:
    """Intervals of s where `test(corners)` holds, from sampled `flags` (found by `test`'s
    own predicate), ends bisected (`against` as for `bisect`). `kernel`: (triangles (p, >= 3,
    2), clear) where `test` holds exactly where no stand meets those triangles (clear True) or
    where some stand meets them (clear False): a straight move's or wheel's halvings then run in
    cut_kernels while its answers are sure (`run_end`), the same floats."""
    out = []
    n = len(s)
    i = 0
    if motion.kind not in ("straight", "wheel"):
        kernel = None
    while i < n:
        if not flags[i]:
            i += 1
            continue
        j = i
        while j + 1 < n and flags[j + 1]:
            j += 1
        a = s[i] if i == 0 else run_end(motion, s[i - 1], s[i], test, against, kernel, False)
        b = s[j] if j == n - 1 else run_end(motion, s[j], s[j + 1], test, against, kernel, True)
        out.append((float(a), float(b)))
        i = j + 1
    return out


def run_end(motion: Motion, lo: float, hi: float, test, against, kernel, true_at_lo: bool) -> float:
    """`bisect` (`test` holds at lo, not at hi; `true_at_lo`) or `first_true` (the other way
    round) with the answers known at lo and hi; with `kernel` (as for `runs`) the halvings run in
    cut_kernels, against the triangles the stands' boxes can reach in the bracket, until an
    answer is unsure, and Shapely is asked the rest."""
    if kernel is None:
        return bisect(motion, lo, hi, test, against, sure=True) if true_at_lo \
            else first_true(motion, lo, hi, test, against, sure=True)
    tris, clear = kernel
    near = tris[_reached(motion, lo, hi, tris[:, :3])][:, :3]
    lo, hi, done = _kernel_halvings(motion, lo, hi, near, true_at_lo == clear)
    if done < BISECT:
        left = BISECT - done
        lo, hi = _halve(lo, hi, _asker(motion, lo, hi, test, against if left > 4 else None, None), true_at_lo, left)
    return lo if true_at_lo else hi


def measure(intervals: list[tuple[float, float]]) -> float:
    total, end = 0.0, -1.0
    for a, b in sorted(intervals):
        if b <= end:
            continue
        total += b - max(a, end)
        end = b
    return total


def minus(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = []
    for x, y in a:
        pieces = [(x, y)]
        for p, q in b:
            nxt = []
            for u, v in pieces:
                if q <= u or p >= v:
                    nxt.append((u, v))
                    continue
                if p > u:
                    nxt.append((u, p))
                if q < v:
                    nxt.append((q, v))
            pieces = nxt
        out.extend(pieces)
    return out
