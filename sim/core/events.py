"""Typed events: the game's history, what the renderer animates and the batch runner counts."""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.codec import serializable


@dataclass(frozen=True)
class Event:
    """Base of every event. `rule` cites the section that produced it, where one did."""

    @property
    def kind(self) -> str:
        return type(self).__name__

    def describe(self) -> str:
        """A one-line text for logs; events override it where a better sentence exists."""
        fields = ", ".join(f"{k}={v}" for k, v in self.__dict__.items())
        return f"{self.kind}({fields})"


@serializable
@dataclass(frozen=True)
class DiceRolled(Event):
    purpose: str
    faces: tuple[int, ...]
    rule: str = ""
    sides: int = 6

    @property
    def total(self) -> int:
        return sum(self.faces)

    def describe(self) -> str:
        cite = f" ({self.rule})" if self.rule else ""
        return f"{self.purpose}: rolled {'+'.join(map(str, self.faces))} = {self.total}{cite}"


@serializable
@dataclass(frozen=True)
class Note(Event):
    """A rule applied with no other visible effect (shown in the log)."""
    text: str
    rule: str = ""

    def describe(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text
