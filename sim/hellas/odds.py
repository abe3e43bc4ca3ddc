"""Battle forecasts for the hard scripted opponent (sim/hellas/ai.py), from the combat rules:
rounds (ruling H-15) in agility-letter order (ruling H-18) with defenders first at each letter,
a hit on a die at or below the firepower, a rout at or above 7 minus it (6.0); hits on the
strongest block, routs on the weakest; city defenders in an Assault A2 with double defense and
no routs (8.1, 8.1.1, ruling H-20).

The forecast is the expected course of the battle, not a sample: every block fires its
expected hits and routs (steps x firepower / 6 each), spread over fractional steps. It needs no
dice, so the player stays deterministic, and it reads only what the caller gives it: the
side's own blocks and its guess at the enemy's (the view shows enemy blocks only as counts)."""
from __future__ import annotations

from dataclasses import dataclass

from sim.hellas.rulings import RULINGS

GONE = 0.35          # a force with fewer expected steps than this has left the battle


@dataclass
class Unit:
    letter: str
    fp: int
    steps: float


@dataclass(frozen=True)
class Forecast:
    attacker_lost: float       # expected steps eliminated
    defender_lost: float
    attacker_left: float       # expected steps still fighting after the last round
    defender_left: float

    @property
    def attacker_wins(self) -> bool:
        """The defenders are expected to be gone while attackers remain."""
        return self.defender_left < GONE and self.attacker_left >= GONE

    def value(self) -> float:
        """For the attacker: steps taken minus steps lost, plus 2 for a won battle and minus 1
        for one that ends with the attackers retreating (H-15) or gone."""
        return self.defender_lost - self.attacker_lost + (2.0 if self.attacker_wins else -1.0)


def forecast(attackers: list[Unit], defenders: list[Unit], assault: bool = False,
             rounds: int | None = None) -> Forecast:
    att = [Unit(u.letter, u.fp, float(u.steps)) for u in attackers if u.steps > 0]
    dfn = [Unit(*(("A", 2) if assault else (u.letter, u.fp)), float(u.steps)) for u in defenders if u.steps > 0]
    start = (sum(u.steps for u in att), sum(u.steps for u in dfn))
    routed = [0.0, 0.0]
    order = RULINGS["firing_order"]
    for _ in range(RULINGS["battle_rounds"] if rounds is None else rounds):  # ruling H-15
        if _total(att) < GONE or _total(dfn) < GONE:
            break
        turns = sorted([(order.index(u.letter), 0, -u.steps, u) for u in dfn]
                       + [(order.index(u.letter), 1, -u.steps, u) for u in att], key=lambda t: t[:3])
        for _, attacking, _, u in turns:
            enemy = dfn if attacking else att
            if u.steps <= 0 or _total(enemy) < GONE:
                continue
            hits = u.steps * u.fp / 6
            routs = u.steps * u.fp / 6
            if attacking and assault:
                _hit(enemy, hits / 2)                     # 8.1.1: two hits a step
                if not RULINGS["routs_on_defenders_ignored"]:
                    _hit(enemy, routs / 2)                # ruling H-20 off: a rout is a hit
            else:
                _hit(enemy, hits)
                routed[0 if not attacking else 1] += _rout(enemy, routs)
    left = (_total(att), _total(dfn))
    return Forecast(start[0] - left[0] - routed[0], start[1] - left[1] - routed[1], left[0], left[1])


def _total(units: list[Unit]) -> float:
    return sum(u.steps for u in units)


def _hit(units: list[Unit], n: float) -> None:
    """n expected step losses, each on the strongest block (6.0)."""
    while n > 1e-9 and _total(units) > 1e-9:
        top = max(units, key=lambda u: u.steps)
        take = min(n, top.steps, 1.0)
        top.steps -= take
        n -= take


def _rout(units: list[Unit], n: float) -> float:
    """n expected routs, each taking the weakest block out of the battle; returns the steps
    that left (they retreat, they are not lost)."""
    out = 0.0
    while n > 1e-9:
        alive = [u for u in units if u.steps > 1e-9]
        if not alive:
            break
        low = min(alive, key=lambda u: u.steps)
        share = min(n, 1.0)
        out += low.steps * share
        low.steps -= low.steps * share
        n -= share
    return out
