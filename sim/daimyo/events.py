"""Typed Daimyo events. Moves carry their full path of poses so the renderer can animate them."""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.codec import serializable
from sim.core.events import Event

Pose = tuple[float, float, float]    # x, y, facing


@serializable
@dataclass(frozen=True)
class TurnStarted(Event):
    turn: int

    def describe(self) -> str:
        return f"--- turn {self.turn} ---"


@serializable
@dataclass(frozen=True)
class RatingRolled(Event):
    leader: str
    rating: int
    rule: str = "1.8"

    def describe(self) -> str:
        return f"{self.leader} has command rating {self.rating} ({self.rule})"


@serializable
@dataclass(frozen=True)
class InitiativeRolled(Event):
    totals: tuple[tuple[str, int], ...]
    winner: str            # "" on a tie (re-roll follows)
    rule: str = "3"

    def describe(self) -> str:
        t = ", ".join(f"{s} {v}" for s, v in self.totals)
        return f"initiative: {t} -> {self.winner or 'tie, re-roll'} ({self.rule})"


@serializable
@dataclass(frozen=True)
class ClanReleased(Event):
    """A clan held back by a scenario rule may be activated from now on (ruling D-110)."""
    clan: str
    why: str
    rule: str = "4.1 scenario"

    def describe(self) -> str:
        return f"clan {self.clan} may now be activated: {self.why} ({self.rule})"


@serializable
@dataclass(frozen=True)
class OrderChosen(Event):
    side: str
    first: str
    rule: str = "3"

    def describe(self) -> str:
        return f"{self.side} holds the initiative; {self.first} activates first ({self.rule})"


@serializable
@dataclass(frozen=True)
class ClanActivation(Event):
    clan: str
    total: int
    success: bool
    rule: str = "4.1"

    def describe(self) -> str:
        return f"clan {self.clan} activation {self.total}: {'activated' if self.success else 'fails'} ({self.rule})"


@serializable
@dataclass(frozen=True)
class GeneralActivated(Event):
    side: str
    rule: str = "4.1"

    def describe(self) -> str:
        return f"the {self.side} General is activated ({self.rule})"


@serializable
@dataclass(frozen=True)
class ObedienceTest(Event):
    unit: str
    total: int
    passed: bool
    rule: str = "1.9"

    def describe(self) -> str:
        return f"{self.unit} obedience {self.total}: {'obeys' if self.passed else 'halts'} ({self.rule})"


@serializable
@dataclass(frozen=True)
class UnitMoved(Event):
    unit: str
    path: tuple[Pose, ...]
    how: str               # "move", "wheel", "turn", "fall_back", "reform", "charge", "rout", ...
    cost: float = 0.0
    rule: str = "4.3"

    def describe(self) -> str:
        x, y, f = self.path[-1]
        return f"{self.unit} {self.how} to ({x:.1f}, {y:.1f}) facing {f:.0f} [{self.cost:.1f} cm] ({self.rule})"


@serializable
@dataclass(frozen=True)
class FormationChanged(Event):
    unit: str
    files: int
    rule: str = "4.3.5.4"

    def describe(self) -> str:
        return f"{self.unit} now {self.files} wide ({self.rule})"


@serializable
@dataclass(frozen=True)
class LeaderMoved(Event):
    leader: str
    path: tuple[tuple[float, float], ...]
    attached_to: str = ""
    rule: str = "5.2"

    def describe(self) -> str:
        x, y = self.path[-1][:2]
        where = f"joins {self.attached_to}" if self.attached_to else f"moves to ({x:.1f}, {y:.1f})"
        return f"{self.leader} {where} ({self.rule})"


@serializable
@dataclass(frozen=True)
class LeaderKilled(Event):
    leader: str
    cause: str
    rule: str = ""


@serializable
@dataclass(frozen=True)
class Disordered(Event):
    unit: str
    cause: str
    rule: str = "4.2.1"

    def describe(self) -> str:
        return f"{self.unit} disordered: {self.cause} ({self.rule})"


@serializable
@dataclass(frozen=True)
class Reformed(Event):
    unit: str
    rule: str = "4.2.2"

    def describe(self) -> str:
        return f"{self.unit} reformed: in good order again ({self.rule})"


@serializable
@dataclass(frozen=True)
class UnitRemoved(Event):
    unit: str
    reason: str            # destroyed, dispersed, left_table
    rule: str = ""

    def describe(self) -> str:
        return f"{self.unit} removed: {self.reason} ({self.rule})"


@serializable
@dataclass(frozen=True)
class PhaseChanged(Event):
    phase: str
    side: str = ""
    clan: str = ""

    def describe(self) -> str:
        step = {"orders": "movement step", "shooting": "shooting step", "melee": "melee step",
                "leaders": "leader moves", "activation": "activations"}.get(self.phase, self.phase)
        who = f" of clan {self.clan}" if self.clan else f" ({self.side})" if self.side else ""
        return f"-- {step}{who}"


@serializable
@dataclass(frozen=True)
class GameOver(Event):
    winner: str
    reason: str
    rule: str = "5.2"

    def describe(self) -> str:
        return f"game over: {self.winner or 'no winner'} - {self.reason} ({self.rule})"


@serializable
@dataclass(frozen=True)
class GunTaken(Event):
    """6.1: a gun taken over, by the melee winner or by the first unit to reach an abandoned
    gun; `new_unit` is the gun as a unit of the taker's clan, active from next turn."""
    gun: str
    new_unit: str
    by: str                # the unit that took it
    clan: str
    how: str               # "melee" | "contact"
    rule: str = "6.1"

    def describe(self) -> str:
        return f"{self.by} takes the gun {self.gun} ({self.how}); it serves clan {self.clan} from next turn as {self.new_unit} ({self.rule})"


@serializable
@dataclass(frozen=True)
class HitsTaken(Event):
    unit: str
    hits: int
    carried: int              # hits now recorded on the unit (below 3, ruling D-20)
    cause: str                # shooting | melee
    rule: str = "4.5.5"


@serializable
@dataclass(frozen=True)
class StandRemoved(Event):
    unit: str
    stands_left: int
    cause: str
    rule: str = "4.5.5"

    def describe(self) -> str:
        return f"{self.unit} loses a stand to {self.cause}: {self.stands_left} left ({self.rule})"


@serializable
@dataclass(frozen=True)
class LeaderHitTest(Event):
    leader: str
    unit: str
    roll: int
    stands: int
    killed: bool
    rule: str = "4.5.5"
