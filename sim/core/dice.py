"""Seeded dice owned by the game state (DESIGN.md seam 3).

The generator is SplitMix64: its whole state is one integer, so a save file records it
exactly and `seed + actions` replays a game. Every roll is reported to a listener that turns it
into a `DiceRolled` event. Tests queue forced results with `force()`; forced values are taken
before the generator is consulted and are checked against the die size.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core.codec import serializable
from typing import Callable

_MASK = (1 << 64) - 1


@serializable
@dataclass
class Dice:
    seed: int
    state: int = -1
    forced: list[int] = field(default_factory=list)
    rolls: int = 0
    # Not part of the saved state: the game attaches it to emit events.
    listener: Callable[[str, tuple[int, ...], str, int], None] | None = field(
        default=None, repr=False, compare=False, metadata={"transient": True})

    def __post_init__(self) -> None:
        if self.state < 0:
            self.state = self.seed & _MASK

    def _next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _die(self, sides: int) -> int:
        if self.forced:
            value = self.forced.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"forced roll {value} is not a face of a d{sides}")
            return value
        limit = _MASK - (_MASK + 1) % sides  # rejection sampling keeps every face equally likely
        while True:
            r = self._next64()
            if r <= limit:
                return r % sides + 1

    def force(self, *values: int) -> None:
        """Queue results for the next dice (tests, and tutorials that script a fight)."""
        self.forced.extend(values)

    def roll(self, n: int = 1, purpose: str = "", rule: str = "", sides: int = 6) -> tuple[int, ...]:
        """Roll n dice of `sides` faces; the listener records it as an event."""
        faces = tuple(self._die(sides) for _ in range(n))
        self.rolls += 1
        if self.listener is not None:
            self.listener(purpose, faces, rule, sides)
        return faces

    def d6(self, purpose: str = "", rule: str = "") -> int:
        return self.roll(1, purpose, rule)[0]

    def two_d6(self, purpose: str = "", rule: str = "") -> tuple[int, int]:
        a, b = self.roll(2, purpose, rule)
        return a, b

    def choice_index(self, n: int, purpose: str = "", rule: str = "") -> int:
        """A uniform index in range(n): shuffles and random draws (board games) use this."""
        if n <= 0:
            raise ValueError("choice from an empty collection")
        return self.roll(1, purpose, rule, sides=n)[0] - 1

    def shuffle(self, items: list, purpose: str = "", rule: str = "") -> None:
        """Fisher-Yates shuffle in place, every draw through the seeded generator."""
        for i in range(len(items) - 1, 0, -1):
            j = self.choice_index(i + 1, purpose, rule)
            items[i], items[j] = items[j], items[i]

    def to_dict(self) -> dict:
        return {"seed": self.seed, "state": self.state, "forced": list(self.forced), "rolls": self.rolls}

    @classmethod
    def from_dict(cls, data: dict) -> "Dice":
        return cls(seed=int(data["seed"]), state=int(data["state"]),
                   forced=[int(v) for v in data["forced"]], rolls=int(data["rolls"]))
