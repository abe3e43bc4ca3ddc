"""A side's cards: draw pile, hand and discard pile, shuffled with the game's Dice.

Cards are plain strings naming a card type (duplicates are identical), so hands are
multisets and actions name a type, never a position in the hand.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from sim.core.codec import serializable


@serializable
@dataclass
class CardPile:
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def draw(self, n: int, dice, rule: str = "") -> list[str]:
        """Draw n cards; an empty deck is rebuilt from the shuffled discard pile. Returns the
        cards drawn (fewer if deck and discards run out)."""
        drawn: list[str] = []
        for _ in range(max(0, n)):
            if not self.deck and self.discard:
                self.deck, self.discard = self.discard, []
                dice.shuffle(self.deck, "reshuffle discards", rule)
            if not self.deck:
                break
            drawn.append(self.deck.pop())
        self.hand.extend(drawn)
        return drawn

    def play(self, card: str) -> None:
        """Move one card of this type from hand to discards (played cards are shown to all)."""
        self.hand.remove(card)
        self.discard.append(card)

    def has(self, card: str, n: int = 1) -> bool:
        return self.hand.count(card) >= n

    def distinct(self) -> list[str]:
        return sorted(set(self.hand))

    def counts(self) -> Counter:
        return Counter(self.hand)
