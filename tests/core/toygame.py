"""A tiny two-player race game used to test the generic protocol machinery."""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core.codec import serializable
from sim.core.dice import Dice
from sim.core.errors import RuleError
from sim.core.events import Event
from sim.core.protocol import Action, Game, Result


@serializable
@dataclass
class RaceState:
    dice: Dice
    positions: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    turn: str = "a"


@serializable
@dataclass(frozen=True)
class Advance(Action):
    side: str
    dice: int  # roll 1 or 2 dice


@serializable
@dataclass(frozen=True)
class Moved(Event):
    side: str
    steps: int


class RaceGame(Game):
    system = "race"
    GOAL = 100

    @classmethod
    def new(cls, scenario: dict, seed: int) -> "RaceGame":
        return cls(RaceState(Dice(seed)), scenario, seed)

    def sides(self):
        return ("a", "b")

    def to_act(self):
        return None if self.is_over() else self.state.turn

    def legal_actions(self, side):
        return [Advance(side, 1), Advance(side, 2)] if side == self.to_act() else []

    def validate(self, action):
        if not isinstance(action, Advance) or action.dice not in (1, 2):
            raise RuleError("R1", "advance with one or two dice", self.system)

    def _execute(self, action):
        steps = sum(self.dice.roll(action.dice, "advance", "R1"))
        self.state.positions[action.side] += steps
        self.emit(Moved(action.side, steps))
        self.state.turn = "b" if action.side == "a" else "a"

    def view(self, side):
        return {"positions": dict(self.state.positions)}

    def is_over(self):
        return max(self.state.positions.values()) >= self.GOAL

    def result(self):
        if not self.is_over():
            return None
        winner = max(self.state.positions, key=self.state.positions.get)
        return Result(winner, "reached the goal")
