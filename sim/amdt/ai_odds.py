"""Exact battle odds for the hard AMDT opponent (R-BATTLE, reference 10.3-10.5).

A fire round is a die per soldier; a die hits on a modified 6, a natural 6 always and a natural
1 never (ruling A-8). In a field battle both sides fire at once; in a siege assault the castle's
defenders fire first with the castle level and their commander, then the surviving attackers
with no modifier (ruling A-10). Each hit removes a soldier. `Odds` works out, for a fight to
the finish, the chance that the attacker wins and the soldiers each side keeps, by exact
recursion over (attacker soldiers, defender soldiers) with binomial hits per round (the round
in which nobody hits is folded away). Retreats (10.4) end real battles earlier, so these are the
odds of staying in; the AI weighs them against what leaving costs.

Only open information goes in: counters are face up in AMDT, commanders' battle values are
printed on the leaders. Cards and out-of-supply penalties are left out.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb

from sim.amdt.rulings import ruling


def hit_chance(mod: int) -> float:
    """One die's chance to hit with modifier `mod` (ruling A-8)."""
    need = ruling("hit_on")
    faces = sum(1 for f in range(1, 7) if f == 6 or (f != 1 and f + mod >= need))
    return faces / 6


def _binomial(n: int, p: float) -> list[float]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


@dataclass(frozen=True)
class Fight:
    """A fight to the finish: the attacker's chance to clear the defender, and the soldiers
    each side expects to keep."""
    win: float
    att_left: float
    def_left: float


class Odds:
    """Memoised per (modifiers, kind): one instance per player, never shared between games."""

    def __init__(self):
        self.memo: dict[tuple, Fight] = {}

    def field(self, att: int, dfn: int, att_mod: int = 0, def_mod: int = 0) -> Fight:
        """Field battle (10.3): simultaneous fire until one side has no soldier left. A side
        with no soldier loses (a tie of two empty sides goes to the defender, ruling A-35)."""
        return self._solve("field", att, dfn, hit_chance(att_mod), hit_chance(def_mod))

    def assault(self, att: int, dfn: int, castle: int, def_mod: int = 0) -> Fight:
        """Siege assault (10.3, 10.5): the garrison fires first at castle level + commander,
        then the surviving attackers unmodified (ruling A-10), until one side is gone."""
        return self._solve("siege", att, dfn, hit_chance(0), hit_chance(castle + def_mod))

    def _solve(self, kind: str, a: int, d: int, pa: float, pd: float) -> Fight:
        key = (kind, a, d, round(pa, 6), round(pd, 6))
        got = self.memo.get(key)
        if got is not None:
            return got
        if d <= 0 and a > 0:
            got = Fight(1.0, float(a), 0.0)
        elif a <= 0:
            got = Fight(0.0, 0.0, float(max(d, 0)))
        elif kind == "field":
            got = self._round_field(a, d, pa, pd)
        else:
            got = self._round_siege(a, d, pa, pd)
        self.memo[key] = got
        return got

    def _mix(self, outcomes, stay: float, kind, pa, pd) -> Fight:
        win = al = dl = 0.0
        for p, a2, d2 in outcomes:
            f = self._solve(kind, a2, d2, pa, pd)
            win += p * f.win
            al += p * f.att_left
            dl += p * f.def_left
        norm = 1 - stay
        return Fight(win / norm, al / norm, dl / norm)

    def _round_field(self, a, d, pa, pd) -> Fight:
        hits_a, hits_d = _binomial(a, pa), _binomial(d, pd)
        stay = hits_a[0] * hits_d[0]
        out = [(pa_k * pd_k, a - k2, d - k1) for k1, pa_k in enumerate(hits_a)
               for k2, pd_k in enumerate(hits_d) if k1 or k2]
        return self._mix(out, stay, "field", pa, pd)

    def _round_siege(self, a, d, pa, pd) -> Fight:
        out, stay = [], 0.0
        for k2, pd_k in enumerate(_binomial(d, pd)):       # the garrison fires first
            left = a - k2
            if left <= 0:
                out.append((pd_k, 0, d))
                continue
            for k1, pa_k in enumerate(_binomial(left, pa)):
                if k1 == 0 and k2 == 0:
                    stay += pd_k * pa_k
                else:
                    out.append((pd_k * pa_k, left, d - k1))
        return self._mix(out, stay, "siege", pa, pd)

    def hold_chance(self, att: int, outside: int, inside: int, castle: int,
                    att_mod: int = 0, def_mod: int = 0) -> float:
        """The defender's chance to keep the sector if the attacker fights to the end: the
        field battle against the soldiers left outside (10.2), then the assault on the
        garrison with whatever survives it."""
        if outside > 0:
            first = self.field(att, outside, att_mod, def_mod)
            if first.win <= 0:
                return 1.0
            # the survivors of a won field battle, as a distribution over counts
            survivors = self._field_survivors(att, outside, att_mod, def_mod)
        else:
            survivors = {att: 1.0}
        if inside <= 0:
            return 1.0 - sum(survivors.values())
        lose = sum(p * self.assault(n, inside, castle, def_mod).win for n, p in survivors.items())
        return 1.0 - lose

    def _field_survivors(self, a: int, d: int, att_mod: int, def_mod: int) -> dict[int, float]:
        """P(the attacker wins the field battle with n soldiers left), by n."""
        pa, pd = hit_chance(att_mod), hit_chance(def_mod)
        key = ("survivors", a, d, round(pa, 6), round(pd, 6))
        got = self.memo.get(key)
        if got is not None:
            return got
        if d <= 0:
            got = {a: 1.0} if a > 0 else {}
        elif a <= 0:
            got = {}
        else:
            hits_a, hits_d = _binomial(a, pa), _binomial(d, pd)
            norm = 1 - hits_a[0] * hits_d[0]
            got = {}
            for k1, pa_k in enumerate(hits_a):
                for k2, pd_k in enumerate(hits_d):
                    if k1 or k2:
                        for n, p in self._field_survivors(a - k2, d - k1, att_mod, def_mod).items():
                            got[n] = got.get(n, 0.0) + pa_k * pd_k * p / norm
        self.memo[key] = got
        return got
