"""Battle and siege odds for the hard Sekigahara opponent, from the combat rules themselves.

Sekigahara has no dice (1): a battle is decided by which blocks each side can put into it with
the cards in hand (8.2-8.4), and its losses by the Impact totals (8.7). So the odds of a battle
are the odds over what a side cannot see: the faces of the enemy's hidden blocks and the cards
in his hand. `BattleOdds` samples both from what the side's own view allows (the enemy's block
manifest less his dead and his face-up blocks, 3.2 / 12.1; his printed deck, 3.3; the sizes of
his stack and hand, 3.1) and plays each sample out with `deploy_impact`, the most Impact a
hand can deploy. Every sample draw goes through the player's own seeded dice, so the player
stays deterministic for a seed and never reads the game's generator.

`deploy_impact` is a greedy bound, not a search: free leaders first (8.2.4), then for each clan
its special-attack cards on its gun and cavalry blocks, then the strongest blocks with the
remaining cards of the clan (a double deploys two, 8.2.5), and the Ii / Ishida blocks with any
spare card (8.2.2). Clan bonuses (8.3) and special attacks (8.4, none in sieges, 8.9.4) are
counted as if the blocks went in the best order.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from sim.core.dice import Dice
from sim.sekigahara.combat import FULL
from sim.sekigahara.pieces import (IEYASU, LOYALTY, MITSUNARI, WILD_BLOCKS, card_clan, card_type,
                                   deck_cards, face, manifest_faces)

KEY_LEADERS = (IEYASU, MITSUNARI)


def deploy_impact(faces: Sequence[str], cards: Iterable[str], siege: bool = False) -> int:
    """The most Impact (8.3-8.4) these blocks can deploy with these cards, greedily."""
    fs = [face(f) for f in faces]
    hand = Counter((card_clan(c), card_type(c)) for c in cards if c != LOYALTY)
    chosen = [(f, False) for f in fs if f.leader]                 # 8.2.4: leaders go in free
    wild = sorted((f for f in fs if not f.leader and f.name in WILD_BLOCKS), key=lambda f: -f.mon)
    spare = 0
    for clan in sorted({f.clan for f in fs if not f.leader and f.name not in WILD_BLOCKS} |
                       {c for c, _ in hand}):
        blocks = [f for f in fs if f.clan == clan and not f.leader and f.name not in WILD_BLOCKS]
        double, attack, single = hand[(clan, "double")], hand[(clan, "attack")], hand[(clan, "single")]
        specials = [f for f in blocks if f.special]
        swords = 0 if siege else min(len(specials), attack)
        chosen += [(f, True) for f in specials[:swords]]
        rest = sorted([f for f in blocks if not f.special] + specials[swords:], key=lambda f: -f.mon)
        singles = single + attack - swords
        take = min(len(rest), singles + 2 * double)
        chosen += [(f, False) for f in rest[:take]]
        # cards left over may deploy a wild block: doubles go on pairs first (8.2.5)
        pairs = min(double, take // 2)
        used_singles = min(singles, take - 2 * pairs)
        used_doubles = pairs + (1 if take - 2 * pairs - used_singles > 0 else 0)
        spare += (singles - used_singles) + (double - used_doubles)
    for f in wild:
        if spare > 0:
            chosen.append((f, False))
            spare -= 1
            continue
        # no card to spare: the wild block may still beat the weakest block given a card
        best, now = chosen, _impact(chosen, siege)
        for i, (g, sword) in enumerate(chosen):
            if g.leader or sword:
                continue
            swapped = chosen[:i] + chosen[i + 1:] + [(f, False)]
            if _impact(swapped, siege) > now:
                best, now = swapped, _impact(swapped, siege)
        chosen = best
    return _impact(chosen, siege)


def _impact(chosen: list, siege: bool) -> int:
    """Total Impact of (face, with a sword card) deployments in the best order (8.3, 8.4)."""
    total = sum(f.mon for f, _ in chosen)
    clans = Counter(f.clan for f, _ in chosen)
    total += sum(k * (k - 1) // 2 for k in clans.values())        # 8.3 clan bonus
    if not siege:
        for kind in ("gun", "cavalry"):
            sworded = sum(1 for f, s in chosen if f.special == kind and s)
            plain = sum(1 for f, s in chosen if f.special == kind and not s)
            total += 2 * sworded * (1 + plain) + sworded * (sworded - 1)   # 8.4, plain ones first
    return total


@dataclass(frozen=True)
class Outcome:
    """One side's expectation of a combat: chance of winning, blocks each side loses."""
    win: float
    mine_lost: float
    theirs_lost: float
    wiped: float = 0.0        # chance every one of our blocks there is lost (8.7, 8.8, 8.9.3)

    def value(self, key_leader: bool = False, stake: float = 0.0) -> float:
        """Blocks taken less blocks lost, the location's worth as a win, a lost key leader
        as the game (2.1)."""
        v = self.theirs_lost - self.mine_lost + stake * (2 * self.win - 1)
        return v - (60.0 * self.wiped if key_leader else 0.0)


class BattleOdds:
    """Samples the hidden part of a combat from one side's view (3.1: the opponent sees only
    how many blocks stand in a stack and how many cards are in a hand)."""

    def __init__(self, side: str, enemy: str, dice: Dice, samples: int = 24):
        self.side, self.enemy, self.dice, self.samples = side, enemy, dice, samples
        self.deck = {s: deck_cards(s) for s in (side, enemy)}
        self.manifest = {s: manifest_faces(s) for s in (side, enemy)}

    def unseen_faces(self, v: dict, side: str) -> list[str]:
        """Faces of `side` that may be hidden anywhere: its manifest less the dead and less
        every face of it this view shows."""
        pool = Counter(self.manifest[side])
        pool.subtract(d["face"] for d in v["dead"] if d["side"] == side)
        for st in v["stacks"].values():
            pool.subtract(b["face"] for b in st["blocks"] if b["side"] == side and "face" in b)
        return sorted(pool.elements())

    def _draw(self, pool: list[str], n: int) -> list[str]:
        """n items drawn without replacement through our dice (a partial Fisher-Yates)."""
        pool = list(pool)
        n = min(n, len(pool))
        for i in range(n):
            j = i + self.dice.choice_index(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:n]

    def their_forces(self, v: dict, loc: str, side: str, extra: int = 0):
        """The known faces of `side` at loc, how many are hidden, the pool they come from and
        the size of its hand."""
        st = v["stacks"].get(loc, {})
        known = [b["face"] for b in st.get("blocks", []) if b["side"] == side and "face" in b]
        hidden = st.get(side, 0) + extra - len(known)
        return known, max(0, hidden), self.unseen_faces(v, side), v["hands"][side]

    def samples_of(self, v: dict, loc: str, side: str, extra: int = 0):
        known, hidden, pool, hand = self.their_forces(v, loc, side, extra)
        deck = self.deck[side]
        for _ in range(self.samples):
            yield known + self._draw(pool, hidden), self._draw(deck, hand)

    def battle(self, v: dict, loc: str, mine: Sequence[str], attacking: bool,
               hold: Sequence[str] = (), enemy_extra: int = 0) -> Outcome:
        """A field battle at loc (8.2, 8.7) of our blocks `mine` (faces) with our hand, against
        the enemy's stack there. `hold`: our faces we keep out of the line (they still fight
        as losses). Ties go to the defender (8.2.1)."""
        ours = deploy_impact([f for f in mine if f not in hold], v["hand"])
        n_mine = len(mine)
        wins = lost = taken = wiped = 0.0
        for faces, cards in self.samples_of(v, loc, self.enemy, enemy_extra):
            theirs = deploy_impact(faces, cards)
            won = ours > theirs if attacking else ours >= theirs
            ml = min(n_mine, theirs // FULL + (0 if won else 1))
            tl = min(len(faces), ours // FULL + (1 if won else 0))
            wins += won
            lost += ml
            taken += tl
            wiped += ml >= n_mine
        k = self.samples
        return Outcome(wins / k, lost / k, taken / k, wiped / k)

    def siege_attack(self, v: dict, mine: Sequence[str], garrison: int) -> Outcome:
        """We besiege `garrison` pieces (blocks inside and disks, 8.9.2): one per full 7 of our
        Impact, no special attacks, no losses for us (8.9.3)."""
        ours = deploy_impact(mine, v["hand"], siege=True)
        kills = min(garrison, ours // FULL)
        return Outcome(1.0 if kills >= garrison else 0.0, 0.0, float(kills))

    def siege_defence(self, v: dict, loc: str, garrison: int) -> Outcome:
        """We sit in the castle with `garrison` pieces; the enemy stack at loc besieges."""
        lost = wiped = 0.0
        for faces, cards in self.samples_of(v, loc, self.enemy):
            kills = min(garrison, deploy_impact(faces, cards, siege=True) // FULL)
            lost += kills
            wiped += kills >= garrison
        k = self.samples
        return Outcome(1 - wiped / k, lost / k, 0.0, wiped / k)
