"""The matchup matrix of the Daimyo planner (issue 19): who wins a fight with whom, both ways.

For every fighting unit of the side and every enemy within a few turns' reach, the exact odds
of the first melee round (4.6.5) with the unit charging the enemy head on (`att`) and with the
enemy charging it (`dfn`, from the unit's side), each weighed by `round_edge`. A unit "wins
its matchup" when its edge charging is positive; it should strike first when charging beats
being charged (the charge bonus and first-round weapons, 4.6.3, go to whoever charges).
The odds come from the rules' own modifiers (charge_odds.head_on), never a guess.
"""
from __future__ import annotations

import math

from sim.core.errors import RuleError
from sim.daimyo.ai.pose_memo import Book, unit_key
from sim.daimyo.charge_odds import charges_into_disorder, head_on
from sim.daimyo.geometry.shapes import CONTACT_TOLERANCE
from sim.daimyo.model import Troop, Unit
from sim.daimyo.odds import MeleeOdds, expected

HORIZON_TURNS = 3     # pairs further apart than this many moves and a charge are not weighed
ODDS_MAX = 20_000    # pairs' odds kept across turns (all dropped when full)


def round_edge(m: MeleeOdds, worth: float = 1.0) -> float:
    """One melee round as points for side A: routing the enemy (4.6.5) is worth most, being
    routed costs most; pushes and the hits traded count too."""
    edge = 3.0 * worth * float(m.a_routs_b) + 1.5 * float(m.a_pushes_b) \
        - 1.5 * float(m.b_pushes_a) - 3.0 * float(m.b_routs_a)
    return edge + 0.4 * float(expected(m.a_hits) - expected(m.b_hits))


def chargers(units: list[Unit]) -> list[Unit]:
    """Units that may ever charge (4.4: not HQs, not guns, 6.1) and are not running (4.6.7)."""
    return [u for u in units if u.troop not in (Troop.HQ, Troop.ARTILLERY) and not u.routing]


class Matchups:
    def __init__(self, st, side: str, cache: Book | None = None):
        """`cache`: odds kept across turns (a Book, ai/pose_memo.py) under everything `_edge`
        reads, so a kept edge is always the one worked out afresh and no matchup depends on
        which matchups were asked for before (issue 19)."""
        self.att: dict[tuple[str, str], float] = {}
        self.dfn: dict[tuple[str, str], float] = {}
        mine = chargers(st.living(side))
        theirs = [e for e in st.living(st.enemy(side)) if not e.routing]
        cache = Book(ODDS_MAX) if cache is None else cache
        table = _Table(st, mine)
        for a in mine:
            here, reach = (a.x, a.y), HORIZON_TURNS * a.move_row.normal + a.move_row.charge
            for e in theirs:
                if math.dist(here, (e.x, e.y)) > reach:
                    continue
                key = table.key(a) + table.key(e) + table.near(e)
                got = cache.recall(key, lambda: (_edge(st, a, e), None if e not in chargers([e]) else -_edge(st, e, a)))
                self.att[(a.id, e.id)], d = got
                if d is not None:
                    self.dfn[(a.id, e.id)] = d

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
    """What `_edge` reads of the table for a pair, as keys (worked out once a unit): each of
    the two units whole (pose_memo.unit_key: the charger's stand slot at the enemy's front
    follows from its pose, 4.4) with its attached leaders (4.6.3), the weather and the turn's
    random event (4.6.3, 5.3), and every other living unit that could touch either of the two
    where the round puts them (their contacts decide the fighting stands, 4.6.1): within the
    enemy's half diagonal, the widest charger's diagonal and its own half diagonal of the
    enemy's centre."""

    def __init__(self, st, mine: list[Unit]):
        self.st = st
        self.living = st.living()
        self.keys = {u.id: (unit_key(u), tuple((l.id, l.kind) for l in st.attached(u.id))) for u in self.living}
        self.weather = (st.weather, st.event, st.heroic_unit)
        self.reach = max((_diagonal(u) for u in mine), default=0.0) + CONTACT_TOLERANCE
        self._near: dict[str, tuple] = {}

    def key(self, u: Unit) -> tuple:
        return self.keys[u.id]

    def near(self, e: Unit) -> tuple:
        got = self._near.get(e.id)
        if got is None:
            half = _diagonal(e) / 2 + self.reach
            got = self._near[e.id] = (self.weather,) + tuple(
                self.keys[v.id] for v in self.living
                if v is not e and math.dist((v.x, v.y), (e.x, e.y)) <= half + _diagonal(v) / 2)
        return got


def _diagonal(u: Unit) -> float:
    return math.hypot(u.width, u.depth)


def _edge(st, a: Unit, e: Unit) -> float:
    """a's edge charging e head on, disordered on contact if the ground before e's front
    disorders a charger (4.3.1): a wood or a stream in front of a line is worth holding."""
    try:
        return round_edge(head_on(st, a.id, e.id, disordered=charges_into_disorder(st, a.id, e.id)), worth=1.0)
    except RuleError:
        return -math.inf

