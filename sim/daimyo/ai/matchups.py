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
from sim.daimyo.charge_odds import charges_into_disorder, head_on
from sim.daimyo.model import Troop, Unit
from sim.daimyo.odds import MeleeOdds, expected

HORIZON_TURNS = 3     # pairs further apart than this many moves and a charge are not weighed


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
    def __init__(self, st, side: str, cache: dict | None = None):
        self.att: dict[tuple[str, str], float] = {}
        self.dfn: dict[tuple[str, str], float] = {}
        mine = chargers(st.living(side))
        theirs = [e for e in st.living(st.enemy(side)) if not e.routing]
        # the same two units in the same state fight at the same odds: kept across turns
        cache = {} if cache is None else cache
        where = [(e, (e.x, e.y), _state(st, e, where=True)) for e in theirs]     # each unit's state once
        for a in mine:
            here, reach, state = (a.x, a.y), HORIZON_TURNS * a.move_row.normal + a.move_row.charge, _state(st, a)
            for e, there, e_state in where:
                if math.dist(here, there) > reach:
                    continue
                key = (state, e_state)
                got = cache.get(key)
                if got is None:
                    got = cache[key] = (_edge(st, a, e), None if e not in chargers([e]) else -_edge(st, e, a))
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


def _state(st, u: Unit, where: bool = False) -> tuple:
    # what head_on's modifiers read from a unit: its kind, size, order and leaders, and for the
    # defender roughly where it stands (a hill, obstacle or building there counts, 4.6.3)
    key = (u.id, u.stands, u.files, u.disordered, u.pursuit_disordered, u.frenzied,
           len(st.attached(u.id)))
    return key + (round(u.x / 4), round(u.y / 4), round(u.facing / 15)) if where else key


def _edge(st, a: Unit, e: Unit) -> float:
    """a's edge charging e head on, disordered on contact if the ground before e's front
    disorders a charger (4.3.1): a wood or a stream in front of a line is worth holding."""
    try:
        return round_edge(head_on(st, a.id, e.id, disordered=charges_into_disorder(st, a.id, e.id)), worth=1.0)
    except RuleError:
        return -math.inf

