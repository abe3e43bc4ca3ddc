"""What the Daimyo scorer remembers of its pose values across decisions (issue 18 item 5).

Weighing a menu, the scorer asks the same questions again and again: a unit's candidate poses
are weighed at every decision of its clan's movement step until it moves, the same end pose by
the estimate (ai/shortlist.py) and by the planned order, and the enemy stands still all the
while. The answers that read only the enemy army, the unit weighed and its pose - the nearest
enemy, who could charge it (4.4), whom it could charge - are kept here, each under everything
it reads, so a remembered answer is always the one the scorer would work out again and no
decision changes:

- the unit weighed by what the question reads of it: its kind, order and formation
  (`reach_key`: the charge move and the cost of turning, 4.4, the stands' layout, 1.5), its
  pose where the question reads where it stands, the footprint weighed and the pose where
  one is given;
- the enemy army by what those questions read of each living enemy unit (`enemy_key`: its
  reach_key and pose, and whether it may charge soon: routing, in melee, halted, reforming,
  4.2.1, 4.2.2, 5.1): the book is emptied whenever that changes (at the enemy's moves,
  losses and changes of order, not at its activations or shots).

Whole pose values also read the side's own units, leaders and plans, so they are kept whole
only for the decision at hand (`decision`), emptied by `begin`. Across decisions `values`
(ValueBook) keeps each pose value's part that reads no friend: under the unit and the pose,
checked against the decision's context (the personality as the clock runs, the clan's plan,
the unit's aim and matchups), and dropped whenever anything else it reads of the table
changes (the enemy army, the enemy clans' activations, the scenario's objectives, the enemy's
fire zones: the scorer's `prepare`). The friends' terms (the command range, 1.9; the lanes
ahead, 4.4, 4.5.2) are worked out again at every decision. One memo per scorer (per player,
per game); nothing here is module state.

Geometries (footprints, which Shapely never changes once made) are named in keys by identity:
`Book` keeps each geometry its entry names alive with the entry, so no other object can take
its id while the entry stands. The footprint of a pose is one object while the unit keeps it
(geometry/shapes.py), so the same pose finds its entry again.
"""
from __future__ import annotations

import dataclasses
import operator

from sim.core.memo import keep
from sim.daimyo.model import Unit

_SAVED = [f for f in dataclasses.fields(Unit) if not f.metadata.get("transient")]
# plain values read as they are; sequences (lists, or tuples a save may give back as lists) as tuples
_SEQUENCES = [f.name for f in _SAVED if str(f.type).startswith(("list", "tuple"))]
SEQUENCE_FIELDS = _SEQUENCES                                             # unit_key's second part, in order
PLAIN_FIELDS = [f.name for f in _SAVED if f.name not in _SEQUENCES]   # unit_key's first part, in order
_PLAIN = operator.attrgetter(*PLAIN_FIELDS)
_SEQ = operator.attrgetter(*_SEQUENCES)
_MISSING = object()


def unit_key(u: Unit) -> tuple:
    """Every saved field of a unit (sequences as tuples): two units with the same key are the
    same to any rule or estimate."""
    return _PLAIN(u), tuple(map(tuple, _SEQ(u)))


def reach_key(u: Unit) -> tuple:
    """What the reach questions (who could charge whom, 4.4) read of a unit besides its pose:
    its kind (charge and normal moves, cavalry, 4.3), its quality and order (the cost of
    turning, ruling D-50) and its stands' layout (1.5)."""
    return (u.troop, tuple(u.weapons), u.armour, u.quality, u.disordered, u.stands, u.files,
            u.stand_w, u.stand_d)


def enemy_key(e: Unit) -> tuple:
    """What the reach questions read of an enemy unit (ai/reach.py may_charge_soon included)."""
    return (e.id, reach_key(e), e.x, e.y, e.facing, e.routing, tuple(e.in_melee_with), e.halted_turns,
            e.reforming)


class Book:
    """Answers under keys, at most `limit` of them (all dropped when full); `shapes` named by
    identity and kept alive with their entry. Check mode works each kept answer out again and
    raises if it differs (tests)."""

    def __init__(self, limit: int, check: bool = False):
        self.limit, self.check = limit, check
        self._kept: dict = {}

    def __len__(self) -> int:
        return len(self._kept)

    def recall(self, key: tuple, compute, shapes: tuple = ()):
        full = key + tuple(map(id, shapes)) if shapes else key
        got = self._kept.get(full)
        if got is None:
            return keep(self._kept, full, (shapes, compute()), self.limit)[1]
        if self.check and got[1] != compute():
            raise AssertionError(f"a kept answer differs from a fresh one under {key[:1]}")
        return got[1]

    def knows(self, key: tuple, shapes: tuple = ()) -> bool:
        return key + tuple(map(id, shapes)) in self._kept

    def keep(self, key: tuple, value, shapes: tuple = ()) -> None:
        """Keep an answer worked out ahead (ai/pose_batch.py) as `recall` would have kept it."""
        keep(self._kept, key + tuple(map(id, shapes)), (shapes, value), self.limit)


BOOK_MAX = 100_000     # answers kept while the enemy army stands still


class ValueBook:
    """Parts of pose values under (unit_key, pose), each with the context it was worked out
    in; all dropped when the table they read (`begin`'s world) changes or the book is full."""

    def __init__(self, limit: int):
        self.limit = limit
        self._world = None
        self._kept: dict = {}

    def __len__(self) -> int:
        return len(self._kept)

    def begin(self, world: tuple) -> None:
        if world != self._world:
            self._world, self._kept = world, {}

    def knows(self, key: tuple, context: tuple) -> bool:
        """A part is kept under `key` for `context` (`recall` will not work it out)."""
        got = self._kept.get(key)
        return got is not None and got[0] == context

    def recall(self, key: tuple, context: tuple, compute, check: bool = False):
        """The part kept under `key` if it was worked out in `context`; else `compute()`
        (part, keep), kept when keep. check: work a kept part out again and compare."""
        got = self._kept.get(key)
        if got is not None and got[0] == context:
            if check and compute()[0] != got[1]:
                raise AssertionError("a kept pose value differs from a fresh one")
            return got[1]
        part, kept = compute()
        if kept:
            keep(self._kept, key, (context, part), self.limit)
        return part


class PoseMemo:
    def __init__(self, enabled: bool = True, check: bool = False):
        self.enabled = enabled
        self.check = check              # work every kept answer out again and compare (tests)
        self._army: tuple | None = None
        self._book = Book(BOOK_MAX, check)
        self._lasting = Book(BOOK_MAX, check)   # answers that read no unit but the one weighed
        self._values = ValueBook(BOOK_MAX)     # pose values' parts that read no friend
        self.decision: dict = {}
        self._unit_keys: dict = {}             # id(unit) -> (unit, unit_key), for the decision

    def begin(self, st, side: str) -> None:
        """A new decision: keep the book while the enemy army is as it was."""
        army = (id(st), tuple(enemy_key(e) for e in st.living(st.enemy(side))))
        if army != self._army:
            self._army, self._book = army, Book(BOOK_MAX, self.check)
        self.decision = {}
        self._unit_keys = {}

    def unit_key(self, u: Unit) -> tuple:
        """unit_key(u), worked out once a decision (no unit changes while the scorer weighs
        one; the unit is kept with its key, so no other object takes its id)."""
        got = self._unit_keys.get(id(u))
        if got is None or got[0] is not u or not self.enabled:
            got = self._unit_keys[id(u)] = (u, unit_key(u))
        elif self.check and got[1] != unit_key(u):
            raise AssertionError(f"{u.id} changed during a decision")
        return got[1]

    def recall(self, key: tuple, compute, shapes: tuple = ()):
        """The answer kept under `key` and `shapes` (which must name all the question reads
        besides the enemy army), else `compute()`, kept."""
        if not self.enabled:
            return compute()
        return self._book.recall(key, compute, shapes)

    def knows(self, key: tuple, shapes: tuple = ()) -> bool:
        """An answer is kept under `key` and `shapes`."""
        return self.enabled and self._book.knows(key, shapes)

    def keep(self, key: tuple, value) -> None:
        """Keep an answer worked out ahead under `key` (no shapes), as `recall` keeps it."""
        if self.enabled:
            self._book.keep(key, value)

    def knows_value(self, key: tuple, context: tuple) -> bool:
        """The pose value under `key` is known this decision, or its part for `context`."""
        return self.enabled and (key in self.decision or self._values.knows(key, context))

    def recall_lasting(self, key: tuple, compute):
        """The same for an answer that reads nothing of the table (the key names all it reads):
        kept the whole game."""
        if not self.enabled:
            return compute()
        return self._lasting.recall(key, compute)

    def forget_values(self) -> None:
        """Weigh every pose again (a test that changes the scorer mid-decision)."""
        self.decision, self._values, self._unit_keys = {}, ValueBook(BOOK_MAX), {}

    def begin_values(self, world: tuple) -> None:
        """A decision's world for the kept pose values (ValueBook.begin)."""
        self._values.begin(world)

    def recall_value(self, key: tuple, context: tuple, compute):
        """A pose value's part kept across decisions (ValueBook.recall)."""
        if not self.enabled:
            return compute()[0]
        return self._values.recall(key, context, compute, self.check)

    def recall_now(self, key: tuple, compute):
        """The same for an answer good for this decision only."""
        if not self.enabled:
            return compute()
        got = self.decision.get(key, _MISSING)
        if got is _MISSING:
            got = self.decision[key] = compute()
        return got
