"""Blocks: wooden pieces that stand upright so only their owner sees the face.

A block has an owner, a face (what the owner sees: a name and a strength, optionally steps for
games that rotate blocks to take losses), a location, and whether it is face up for everyone.
Game-specific markings (clan, gun, leader...) live in `marks`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core.codec import serializable


@serializable
@dataclass
class Block:
    id: str                 # opaque: assigned in shuffled order so it says nothing of the face
    side: str
    face: str               # what the owner sees, e.g. "infantry_4"
    strength: int
    location: str
    steps: int = 1          # current steps (strength may drop with steps in step-loss games)
    max_steps: int = 1
    face_up: bool = False   # visible to everyone (e.g. while deployed, or a face-up box)
    marks: dict[str, str] = field(default_factory=dict)

    def lose_step(self) -> bool:
        """Take one step loss; True when the block is eliminated."""
        self.steps -= 1
        return self.steps <= 0

    def visible_to(self, viewer: str | None) -> bool:
        return viewer is None or viewer == self.side or self.face_up


def assign_ids(dice, faces: list[tuple[str, str]], prefix: dict[str, str]) -> list[str]:
    """Opaque ids for blocks listed as (side, face): numbered per side in a shuffled order, so
    that an id seen in a public event never tells which face it belongs to."""
    ids: list[str] = [""] * len(faces)
    for side, pre in prefix.items():
        idx = [i for i, (s, _) in enumerate(faces) if s == side]
        numbers = list(range(1, len(idx) + 1))
        dice.shuffle(numbers, "block ids", "setup")
        for i, n in zip(idx, numbers):
            ids[i] = f"{pre}{n:02d}"
    return ids
