"""The event player: plays a queue of events, animating every one that carries a path.

It knows no event types. Any event with a `unit` and a `path` of (x, y, facing) poses moves
that unit along the path (moves, wheels, charges, push backs, follow-ups, routs, pursuits);
any event with a `leader` and a path of points moves that leader. Every event's `describe()`
goes to the log when the event starts to play. The game state is already final when events
arrive, so while they play the player tells the scene where to show each unit instead:
part-way along the current path, or at the start of its next path still waiting to play.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

BASE_SPEED = 14.0          # cm per second of animation at speed x1
TURN_CM_PER_DEGREE = 0.08  # so a turn on the spot takes time too
MIN_SECONDS, MAX_SECONDS = 0.25, 3.0


@dataclass(frozen=True)
class Motion:
    who: str                   # "unit" or "leader"
    id: str
    poses: tuple               # ((x, y, facing|None), ...)


def motion_of(event) -> Motion | None:
    path = getattr(event, "path", None)
    if not path or len(path) < 2:
        return None
    try:
        poses = tuple((float(p[0]), float(p[1]), float(p[2]) if len(p) > 2 else None) for p in path)
    except (TypeError, ValueError, IndexError):
        return None
    for who in ("unit", "leader"):
        ident = getattr(event, who, None)
        if isinstance(ident, str) and ident:
            return Motion(who, ident, poses)
    return None


def _seg_lengths(poses) -> list[float]:
    out = []
    for a, b in zip(poses, poses[1:]):
        d = math.hypot(b[0] - a[0], b[1] - a[1])
        if a[2] is not None and b[2] is not None:
            d += abs(_angle_diff(a[2], b[2])) * TURN_CM_PER_DEGREE
        out.append(d)
    return out


def _angle_diff(a: float, b: float) -> float:
    return (b - a + 180) % 360 - 180


def pose_along(poses, t: float) -> tuple[float, float, float | None]:
    """The pose at fraction t (0..1) of the path, by length travelled (turns count too)."""
    t = min(1.0, max(0.0, t))
    lengths = _seg_lengths(poses)
    total = sum(lengths)
    if total <= 1e-9:
        return poses[-1] if t >= 1 else poses[0]
    goal = t * total
    last = len(lengths) - 1
    for i, seg in enumerate(lengths):
        if goal <= seg or i == last:
            a, b = poses[i], poses[i + 1]
            k = 0.0 if seg <= 1e-12 else min(1.0, goal / seg)
            f = None
            if a[2] is not None and b[2] is not None:
                f = (a[2] + _angle_diff(a[2], b[2]) * k) % 360
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, f)
        goal -= seg
    return poses[-1]


def seconds_for(motion: Motion) -> float:
    return min(MAX_SECONDS, max(MIN_SECONDS, sum(_seg_lengths(motion.poses)) / BASE_SPEED))


@dataclass
class Frame:
    """Where to show things at one moment: unit poses, leader points, removed-but-shown units."""
    poses: dict
    leaders: dict
    ghosts: set
    trail: tuple = ()          # the path now playing (poses), for a still picture of a move


def frame_at(events, index: int, fraction: float, units: dict) -> Frame:
    """The picture while `events[index]` plays at `fraction`, events before it done, later ones
    still to come. `units` maps unit id -> unit in the final state (for its facing)."""
    poses, leaders, ghosts, trail = {}, {}, set(), ()
    for j in range(len(events) - 1, index - 1, -1):   # earliest pending wins: walk backwards
        ev = events[j]
        m = motion_of(ev)
        if j == index and m is not None:
            p = pose_along(m.poses, fraction)
            trail = m.poses if 0 < fraction < 1 else ()
        elif m is not None:
            p = m.poses[0]
        else:
            if getattr(ev, "kind", "") in ("UnitRemoved", "UnitDestroyed") and (j > index or fraction < 1):
                uid = getattr(ev, "unit", None)
                if isinstance(uid, str):
                    ghosts.add(uid)
            continue
        if m.who == "unit":
            u = units.get(m.id)
            facing = p[2] if p[2] is not None else (u.facing if u else 0.0)
            poses[m.id] = (p[0], p[1], facing)
        else:
            leaders[m.id] = (p[0], p[1])
    return Frame(poses, leaders, ghosts, trail)


class Animator:
    """Plays queued events in real time; `speed` scales time, `paused` stops it."""

    def __init__(self, on_event=None):
        self.queue: list = []
        self.index = 0                 # the event now playing
        self.elapsed = 0.0             # seconds into it
        self.speed = 1.0
        self.paused = False
        self.on_event = on_event       # called once per event, when it starts to play
        self._announced = -1

    @property
    def busy(self) -> bool:
        return self.index < len(self.queue)

    def push(self, events) -> None:
        self.queue.extend(events)

    def faster(self) -> None:
        self.speed = min(16.0, self.speed * 1.5)

    def slower(self) -> None:
        self.speed = max(1 / 8, self.speed / 1.5)

    def toggle_pause(self) -> None:
        self.paused = not self.paused

    def skip(self) -> None:
        """Finish everything at once (the log still gets every event)."""
        while self.busy:
            self._announce()
            self._advance()

    def update(self, dt: float) -> None:
        if self.paused:
            return
        budget = dt * self.speed
        while self.busy:
            self._announce()
            m = motion_of(self.queue[self.index])
            if m is None:
                self._advance()
                continue
            need = seconds_for(m) - self.elapsed
            if budget < need:
                self.elapsed += budget
                return
            budget -= need
            self._advance()

    def _announce(self) -> None:
        if self._announced < self.index:
            self._announced = self.index
            if self.on_event is not None:
                self.on_event(self.queue[self.index])

    def _advance(self) -> None:
        self.index += 1
        self.elapsed = 0.0
        if not self.busy:            # drop what has played so the queue never grows
            self.queue.clear()
            self.index = 0
            self._announced = -1

    def fraction(self) -> float:
        if not self.busy:
            return 1.0
        m = motion_of(self.queue[self.index])
        return 1.0 if m is None else min(1.0, self.elapsed / seconds_for(m))

    def frame(self, units: dict) -> Frame:
        if not self.busy:
            return Frame({}, {}, set())
        return frame_at(self.queue, self.index, self.fraction(), units)
