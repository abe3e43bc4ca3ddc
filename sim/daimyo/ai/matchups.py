"""The matchup matrix of the Daimyo planner (issue 19): who wins a fight with whom, both ways.

For every fighting unit of the side and every enemy within a few turns' reach, the exact odds
of the first melee round (4.6.5) with the unit charging the enemy head on (`att`) and with the
enemy charging it (`dfn`, from the unit's side), each weighed by `round_edge`. A unit "wins
its matchup" when its edge charging is positive; it should strike first when charging beats
being charged (the charge bonus and first-round weapons, 4.6.3, go to whoever charges).
The odds come from the rules' own modifiers (charge_odds.head_on), never a guess.
"""
from __future__ import annotations

import copy
import math
import operator

from sim.core.errors import RuleError
from sim.core.memo import keep
from sim.daimyo.ai.pose_memo import PLAIN_FIELDS, SEQUENCE_FIELDS, Book, unit_key
from sim.daimyo.combat import charge as CH
from sim.daimyo.derived import derived
from sim.daimyo.charge_odds import charges_into_disorder, head_on
from sim.daimyo.geometry.shapes import CONTACT_TOLERANCE
from sim.daimyo.model import Troop, Unit
from sim.daimyo.surroundings import enemies_in_contact, reach as circle
from sim.daimyo.odds import MeleeOdds, expected

HORIZON_TURNS = 3     # pairs further apart than this many moves and a charge are not weighed
ODDS_MAX = 20_000    # pairs' odds kept across turns (all dropped when full)
ODDS_KEY = "matchup_odds"   # the game's kept odds (st.geometry_cache: derived, never saved)
POSES_KEY = "matchup_poses"  # the game's kept charge slots (_Table.front)
SERIALS_KEY = "matchup_units"  # the game's numbers for unit keys (_Serials)
NEAR_SLACK = 1e-6    # cm added to `near`'s reach where moved units are looked for (rounding)


def round_edge(m: MeleeOdds, worth: float = 1.0) -> float:
    """One melee round as points for side A: routing the enemy (4.6.5) is worth most, being
    routed costs most; pushes and the hits traded count too."""
    edge = 3.0 * worth * float(m.a_routs_b) + 1.5 * float(m.a_pushes_b) \
        - 1.5 * float(m.b_pushes_a) - 3.0 * float(m.b_routs_a)
    return edge + 0.4 * float(expected(m.a_hits) - expected(m.b_hits))


def chargers(units: list[Unit]) -> list[Unit]:
    """Units that may ever charge (4.4: not HQs, not guns, 6.1) and are not running (4.6.7)."""
    return [u for u in units if u.troop not in (Troop.HQ, Troop.ARTILLERY) and not u.routing]


def kept_odds(st) -> Book:
    """The odds kept with the game (a Book, ai/pose_memo.py) under everything `_edge` reads,
    so a kept edge is always the one worked out afresh and no matchup depends on which
    matchups were asked for before (issue 19). Both players share it: a charge's odds read
    the table, never who asks, and each side weighs every pair both ways (issue 18)."""
    return derived(st, ODDS_KEY, lambda: Book(ODDS_MAX))


class Matchups:
    def __init__(self, st, side: str, prev: "Matchups | None" = None, only: set | None = None):
        """prev: the side's matchups worked out last (the same game): a pair whose two units
        and every unit that could touch either where a charge puts them are as they were
        (`_Table.moved`) keeps its edges, which `_edge` would work out the same. only: the
        side's units whose pairs are worked out again (hard at a clan's activation: that
        clan's; Commander.update); the others' pairs weighed in `prev` keep its edges."""
        self.att: dict[tuple[str, str], float] = {}
        self.dfn: dict[tuple[str, str], float] = {}
        mine = chargers(st.living(side))
        theirs = [e for e in st.living(st.enemy(side)) if not e.routing]
        table = self._table = _Table(st, kept_odds(st))
        moved = table.moved(prev._table if prev is not None else None)
        for a in mine:
            here, reach = (a.x, a.y), HORIZON_TURNS * a.move_row.normal + a.move_row.charge
            for e in theirs:
                if math.dist(here, (e.x, e.y)) > reach:
                    continue
                if moved is not None and (a.id not in moved and e.id not in moved
                                          or only is not None and a.id not in only and (a.id, e.id) in prev.att):
                    # as it was: so are whether the pair is weighed and whether e may charge
                    self.att[(a.id, e.id)] = prev.att[(a.id, e.id)]
                    if (a.id, e.id) in prev.dfn:
                        self.dfn[(a.id, e.id)] = prev.dfn[(a.id, e.id)]
                    continue
                self.att[(a.id, e.id)] = table.edge(a, e)
                if e in chargers([e]):
                    self.dfn[(a.id, e.id)] = -table.edge(e, a)

    def best_target(self, a: Unit, among) -> tuple[str, float]:
        """The enemy among `among` (ids) a does best charging, and the edge."""
        best, edge = "", -math.inf
        for e in among:
            v = self.att.get((a.id, e))
            if v is not None and v > edge:
                best, edge = e, v
        return best, edge

    def strikes_first(self, a: str, e: str) -> bool:
        """Charging e beats waiting for e's charge (4.6.3's first-round bonuses go to the charger)."""
        return self.att.get((a, e), -math.inf) > self.dfn.get((a, e), 0.0)


class _Table:
    """What `_edge` reads of the table for one charge, as keys (worked out once a unit): the
    charger whole but for its pose, which head_on replaces by its slot at the enemy's front
    (CH.final_pose, 4.4: named instead), the defender whole (pose_memo.unit_key: the ground
    it stands on, 4.6.3), each with its attached leaders (4.6.3) and without the turn's
    movement bookkeeping, which no melee rule reads (`_UNREAD`), the weather and the turn's
    random event (4.6.3, 5.3), and every other living unit that could touch either of the two
    where the charge puts them (their contacts decide the fighting stands, 4.6.1): within the
    defender's bounding circle's radius, the charger's diagonal and its own radius of the
    defender's circle's centre (`surroundings.reach`). That key is cheap; where it is new,
    `contact` names the units really touching either of the two instead, and only where both
    are new does head_on run."""

    def __init__(self, st, cache: Book):
        self.st, self.cache = st, cache
        self.poses = derived(st, POSES_KEY, lambda: Book(ODDS_MAX))
        self.serials = derived(st, SERIALS_KEY, _Serials)
        self.leaders = {u.id: tuple((l.id, l.kind) for l in st.attached(u.id)) for u in st.living()}
        self.keys = {u.id: self.serials.of(_READ(unit_key(u)) + (self.leaders[u.id],)) for u in st.living()}
        # bounding circles (centre, radius), not front-edge centres: a deep column's rear
        # corners lie beyond half its diagonal of its front edge
        self.places = {u.id: circle(u) for u in st.living()}
        self.weather = (st.weather, st.event, st.heroic_unit)
        self._near: dict[tuple, tuple] = {}
        self._charger: dict[str, int] = {}
        self._contacts: dict[str, list] = {}     # _touching

    def moved(self, prev: "_Table | None") -> set[str] | None:
        """The units whose pairs' keys (`charge`, both ways) may differ from `prev`'s table's
        (None: all may): each unit whose key (pose included) changed, came or went, and each
        unit within `near`'s reach of where one of those stands or stood, for the widest
        charger (every key names only the charger, the defender and the units near the
        defender, and the weather). Keys are compared by their numbers, which stand for the
        same key only under the same `_Serials`."""
        if prev is None or prev.st is not self.st or prev.serials is not self.serials or prev.weather != self.weather:
            return None
        keys, old = self.keys, prev.keys
        changed = {v for v, k in keys.items() if old.get(v) != k} | (old.keys() - keys.keys())
        if not changed:
            return changed
        spots = [places[v] for places in (self.places, prev.places) for v in changed if v in places]
        reach = max(_diagonal(u) for u in self.st.living()) + CONTACT_TOLERANCE + NEAR_SLACK
        return changed | {v for v, (x, y, r) in self.places.items()
                          if any(math.hypot(x - sx, y - sy) <= r + reach + sr for sx, sy, sr in spots)}

    def edge(self, a: Unit, e: Unit) -> float:
        """_edge(a, e), kept under `charge`'s key and, where that one is new, under `contact`'s."""
        return self.cache.recall(self.charge(a, e), lambda: self.cache.recall(
            self.contact(a, e), lambda: _edge(self.st, a, e, self.front(a, e))))

    def charge(self, a: Unit, e: Unit) -> tuple:
        """The key of a charging e head on (charge_odds.head_on, charges_into_disorder)."""
        return (self._charging(a),) + self.front(a, e) + (self.keys[e.id],) + self.near(e, _diagonal(a))

    def contact(self, a: Unit, e: Unit) -> tuple:
        """`charge`'s key with, instead of every unit near, only those head_on reads: the
        enemies touching the charger where the charge puts it and those touching e, but for the
        two themselves (4.6.1: whether either is also engaged to its front or rear, melee.py);
        a neighbour that moved but touches neither changes no odds. Worked out only where
        `charge`'s key is new (a neighbour or either unit changed). Of those it reads only
        which edges they touch (melee.edge_contacts): their stands' layout and pose."""
        pose = self.front(a, e)
        placed = copy.copy(a)
        placed.x, placed.y, placed.facing = pose
        return ("contact", self._charging(a)) + pose + (
            self.keys[e.id], self.weather,
            tuple(map(_PLACED, (v for v in enemies_in_contact(self.st, placed) if v.id != e.id))),
            tuple(map(_PLACED, (v for v in self._touching(e) if v.id != a.id))))

    def _touching(self, e: Unit) -> list[Unit]:
        """enemies_in_contact(st, e), worked out once a table (the same for every charger)."""
        got = self._contacts.get(e.id)
        if got is None:
            got = self._contacts[e.id] = enemies_in_contact(self.st, e)
        return got

    def front(self, a: Unit, e: Unit) -> tuple[float, float, float]:
        """CH.final_pose(a, e, "front"), kept with the game under all it reads (both units'
        widths, a's stand width, where a stands and e's pose): most pairs are asked again at
        every clan's activation with neither moved."""
        return self.poses.recall((a.x, a.y, a.files, a.stand_w, e.x, e.y, e.facing, e.files, e.stand_w),
                                 lambda: CH.final_pose(a, e, "front"))

    def _charging(self, a: Unit) -> int:
        got = self._charger.get(a.id)
        if got is None:
            got = self._charger[a.id] = self.serials.of(("charging",) + _CHARGER(unit_key(a)) + (self.leaders[a.id],))
        return got

    def near(self, e: Unit, reach: float) -> tuple:
        got = self._near.get((e.id, reach))
        if got is None:
            ex, ey, er = self.places[e.id]
            half = er + reach + CONTACT_TOLERANCE
            got = self._near[(e.id, reach)] = (self.weather,) + tuple(
                self.keys[v] for v, (x, y, r) in self.places.items()
                if v != e.id and math.hypot(x - ex, y - ey) <= half + r)
        return got


class _Serials:
    """Numbers standing for unit keys in the kept odds' keys, kept with the game: hashing every
    near unit's whole key (enums and all) at each look-up was most of a look-up's cost. A
    number stands for one key only and is never given again (not even when the book is
    emptied), so a key of numbers names all that the key of unit keys named."""

    def __init__(self):
        self._of: dict[tuple, int] = {}
        self._next = 0

    def of(self, key: tuple) -> int:
        got = self._of.get(key)
        if got is None:
            got = keep(self._of, key, self._next, ODDS_MAX)
            self._next += 1
        return got


_POSE = ("x", "y", "facing")     # the charger's pose: head_on puts it at the enemy's front
# the turn's movement, shooting and morale bookkeeping (4.3, 4.5, 1.9; reforming 4.2.2, shot
# at 4.2.2.1, the morale test's reasons 5.1), which no melee modifier, fighting stand or
# contact reads (combat/melee.py, charge_odds.py, surroundings.py)
_UNREAD = ("activated", "moved", "shot", "fought", "move_used", "obedience", "move_allowance",
           "turned_deg", "terrain_paid", "blocked", "passed_by_missile", "fell_back", "shoot_from",
           "hits_this_turn", "mounting", "reforming", "hit_by_shooting", "morale_reasons")
_PLACED = operator.attrgetter("id", "stands", "files", "stand_w", "stand_d", "x", "y", "facing")


def _reader(unread: tuple):
    """unit_key's fields but those named (its plain values, then its sequences)."""
    plain = operator.itemgetter(*[i for i, f in enumerate(PLAIN_FIELDS) if f not in unread])
    seqs = operator.itemgetter(*[i for i, f in enumerate(SEQUENCE_FIELDS) if f not in unread])
    return lambda key: (plain(key[0]), seqs(key[1]))


_READ, _CHARGER = _reader(_UNREAD), _reader(_UNREAD + _POSE)


def _diagonal(u: Unit) -> float:
    return math.hypot(u.width, u.depth)


def _edge(st, a: Unit, e: Unit, front: tuple | None = None) -> float:
    """a's edge charging e head on, disordered on contact if the ground before e's front
    disorders a charger (4.3.1): a wood or a stream in front of a line is worth holding.
    `front`: a's slot at e's front (CH.final_pose), where the caller has it."""
    try:
        return round_edge(head_on(st, a.id, e.id, charges_into_disorder(st, a.id, e.id, front), front), worth=1.0)
    except RuleError:
        return -math.inf

