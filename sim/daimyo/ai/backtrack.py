"""Manoeuvres that come back to where they began (issue 19: a watcher saw units turn 90
degrees and back, or wheel to and fro, in one activation).

A unit's orders in one activation are chosen one at a time (4.3: move, wheel, turn until its
allowance is spent), so a small noise or a look-ahead bonus can pick an order and then its
undoing. An order that returns a unit to a pose it already held, while nothing else on the
table moved in between, only spends its move (4.3) and turning (4.3.5.2). `Backtrack` keeps,
per player, each unit's poses since the table last changed around it, so the scorer can refuse
such an order. A unit that steps aside for a friend and comes back is not refused: the friend's
move clears the memory."""
from __future__ import annotations


def pose_key(x: float, y: float, facing: float, files: int) -> tuple:
    """A pose to 1/1000 cm and 1/100 degree: a turn and its undoing meet there despite the
    float noise of the rotations."""
    return round(x, 3), round(y, 3), round(facing % 360.0, 2) % 360.0, files


class Backtrack:
    def __init__(self):
        self._turn = None
        self._now: dict[str, tuple] = {}        # each unit's pose at the last decision
        self._held: dict[str, set] = {}         # poses a unit held since others last moved
        self._keys: dict[str, tuple] = {}       # unit -> ((x, y, facing, files), its pose_key)

    def see(self, st) -> None:
        """At each decision: note where every living unit stands."""
        if st.turn != self._turn:
            self._turn, self._now, self._held = st.turn, {}, {}
        now = {u.id: self._key(u) for u in st.living()}
        moved = {uid for uid, key in now.items() if self._now.get(uid) != key}
        moved |= self._now.keys() - now.keys()            # a unit gone changes the table too
        mover = next(iter(moved)) if len(moved) == 1 else None     # the one unit that moved
        for uid, key in now.items():
            if moved and uid != mover:                   # something else moved: start again
                self._held[uid] = {key}
            else:
                self._held.setdefault(uid, set()).add(key)
        self._now = now

    def _key(self, u) -> tuple:
        """pose_key of where u stands, worked out again only when its pose changed (most units
        stand still from one decision to the next)."""
        raw = (u.x, u.y, u.facing, u.files)
        got = self._keys.get(u.id)
        if got is None or got[0] != raw:
            got = self._keys[u.id] = (raw, pose_key(*raw))
        return got[1]

    def back(self, uid: str, x: float, y: float, facing: float, files: int) -> bool:
        """Whether a pose is one the unit held since anything else last moved, other than the
        one it holds now (a reform in place, 4.2.2, changes its order, not its pose)."""
        key = pose_key(x, y, facing, files)
        return key != self._now.get(uid) and key in self._held.get(uid, ())
