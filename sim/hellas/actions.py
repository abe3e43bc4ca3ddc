"""Hellas actions: every decision a side makes, one small frozen dataclass each."""
from __future__ import annotations

from dataclasses import dataclass

from sim.hellas.registry import hellas
from sim.core.protocol import Action


@hellas
@dataclass(frozen=True)
class Commit(Action):
    """3.3 / 10.4: commit a card face-down for its Event, its Action Value, or as a Sacrifice."""
    side: str
    card: str
    use: str


@hellas
@dataclass(frozen=True)
class ChooseTarget(Action):
    side: str
    target: str


@hellas
@dataclass(frozen=True)
class MoveBlock(Action):
    side: str
    block: str
    path: tuple
    carry: str = ""


@hellas
@dataclass(frozen=True)
class Pillage(Action):
    side: str
    area: str


@hellas
@dataclass(frozen=True)
class Reinforce(Action):
    side: str
    block: str


@hellas
@dataclass(frozen=True)
class Levy(Action):
    side: str
    block: str
    city: str


@hellas
@dataclass(frozen=True)
class Organise(Action):
    side: str
    city: str


@hellas
@dataclass(frozen=True)
class Fortify(Action):
    """Demosthenes' Action (ruling H-54): the Fortify Pylos effect."""
    side: str
    city: str


@hellas
@dataclass(frozen=True)
class EndActions(Action):
    side: str


@hellas
@dataclass(frozen=True)
class Sortie(Action):
    side: str
    block: str


@hellas
@dataclass(frozen=True)
class EndSorties(Action):
    side: str


@hellas
@dataclass(frozen=True)
class Withdraw(Action):
    side: str
    block: str
    city: str


@hellas
@dataclass(frozen=True)
class EndWithdraw(Action):
    side: str


@hellas
@dataclass(frozen=True)
class Fight(Action):
    side: str
    location: str
    athena: bool = False


@hellas
@dataclass(frozen=True)
class Assault(Action):
    side: str
    city: str
    athena: bool = False


@hellas
@dataclass(frozen=True)
class Attrition(Action):
    side: str
    city: str


@hellas
@dataclass(frozen=True)
class Surrender(Action):
    side: str
    city: str
    accept: bool


@hellas
@dataclass(frozen=True)
class Escape(Action):
    side: str
    fleet: str
    carry: str = ""


@hellas
@dataclass(frozen=True)
class EndEscape(Action):
    side: str


@hellas
@dataclass(frozen=True)
class Appeal(Action):
    """10.41: a New Year Sacrifice appeals to one Olympian."""
    side: str
    olympian: str


@hellas
@dataclass(frozen=True)
class Invoke(Action):
    side: str
    olympian: str
    target: str = ""


@hellas
@dataclass(frozen=True)
class Pass(Action):
    """Decline to invoke an Olympian in a window that offers one."""
    side: str


@hellas
@dataclass(frozen=True)
class EndCombat(Action):
    side: str
