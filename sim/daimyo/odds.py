"""Exact odds of Daimyo dice contests (issue 5): no sampling.

Shooting (4.5.3) and melee (4.6.2) roll 2d6 per stand; each total of 8 or more, after that
stand's modifiers, is one hit. A stand is therefore a Bernoulli trial whose chance is counted
exactly over the 36 outcomes of 2d6, and a unit's hits are the convolution of its stands'
trials. The distributions are exact fractions; `float()` them for display.

Callers supply each stand's modifier total (the combat rules compute them); this module only
does the arithmetic, so it is the same for the AI, the play view and `kassen odds`.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

HIT_ON = 8            # 4.5.3, 4.6.2: 2d6 + modifiers >= 8 is a hit
HITS_PER_STAND = 3    # 4.5.5, 4.6.2
ROUT_MARGIN = 2       # 4.6.5: winning by 2 or more hits routs the loser

# ways[t] = number of the 36 outcomes of 2d6 whose total is t
_WAYS = [0] * 13
for _a in range(1, 7):
    for _b in range(1, 7):
        _WAYS[_a + _b] += 1


def hit_chance(modifier: int) -> Fraction:
    """P(2d6 + modifier >= 8)."""
    return Fraction(_hit_ways(modifier), 36)


def _hit_ways(modifier: int) -> int:
    return sum(_WAYS[t] for t in range(max(2, HIT_ON - modifier), 13))


def _hit_counts(modifiers: Sequence[int]) -> list[int]:
    """counts[k] = how many of the 36**n equally likely rolls of n stands give exactly k hits
    (integers: the same exact answer as fractions, many times faster)."""
    dist = [1]
    for m in modifiers:
        p = _hit_ways(m)
        q = 36 - p
        nxt = [0] * (len(dist) + 1)
        for k, v in enumerate(dist):
            nxt[k] += v * q
            nxt[k + 1] += v * p
        dist = nxt
    return dist


def hits_distribution(modifiers: Sequence[int]) -> list[Fraction]:
    """dist[k] = P(exactly k hits) for stands with these modifier totals."""
    whole = 36 ** len(modifiers)
    return [Fraction(v, whole) for v in _hit_counts(modifiers)]


def stands_lost(dist: Sequence[Fraction], carried_hits: int = 0, stands: int | None = None) -> list[Fraction]:
    """Distribution of stands removed, given hits already carried (ruling D-20: hits below 3
    stay on the unit) and, optionally, the stands it has (it cannot lose more)."""
    out: dict[int, Fraction] = {}
    for k, v in enumerate(dist):
        lost = (carried_hits + k) // HITS_PER_STAND
        if stands is not None:
            lost = min(lost, stands)
        out[lost] = out.get(lost, Fraction(0)) + v
    return [out.get(i, Fraction(0)) for i in range(max(out) + 1)]


@dataclass(frozen=True)
class MeleeOdds:
    """One melee round between side A and side B (4.6.5 outcomes)."""
    a_hits: list[Fraction]
    b_hits: list[Fraction]
    a_routs_b: Fraction       # A inflicts 2+ more hits
    a_pushes_b: Fraction      # A inflicts exactly 1 more hit
    draw: Fraction
    b_pushes_a: Fraction
    b_routs_a: Fraction

    @property
    def a_wins(self) -> Fraction:
        return self.a_routs_b + self.a_pushes_b

    @property
    def b_wins(self) -> Fraction:
        return self.b_routs_a + self.b_pushes_a


def melee_odds(a_modifiers: Sequence[int], b_modifiers: Sequence[int]) -> MeleeOdds:
    """Exact outcome of a melee round from each fighting stand's modifier total."""
    ca, cb = _hit_counts(a_modifiers), _hit_counts(b_modifiers)
    buckets = {"ar": 0, "ap": 0, "d": 0, "bp": 0, "br": 0}
    for i, pa in enumerate(ca):
        if not pa:
            continue
        for j, pb in enumerate(cb):
            diff = i - j
            key = ("ar" if diff >= ROUT_MARGIN else "ap" if diff == 1 else "d" if diff == 0
                   else "bp" if diff == -1 else "br")
            buckets[key] += pa * pb
    whole = 36 ** (len(a_modifiers) + len(b_modifiers))
    b = {k: Fraction(v, whole) for k, v in buckets.items()}
    return MeleeOdds(hits_distribution(a_modifiers), hits_distribution(b_modifiers),
                     b["ar"], b["ap"], b["d"], b["bp"], b["br"])


def expected(dist: Sequence[Fraction]) -> Fraction:
    return sum((k * v for k, v in enumerate(dist)), Fraction(0))
