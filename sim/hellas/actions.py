"""Hellas actions: every decision a side makes, one small frozen dataclass each."""
from __future__ import annotations

from dataclasses import dataclass

from sim.hellas.registry import hellas
from sim.core.protocol import Action


def _block(game, block_id: str) -> str:
    """A block by what its owner reads on it: "Athenian Hoplites C2 (4 steps)"."""
    b = game.state.blocks.get(block_id) if game is not None else None
    if b is None:
        return block_id
    return f"{b.face} ({b.steps} step{'s' * (b.steps != 1)})"


def _card(game, card: str) -> str:
    info = game.state.cards.get(card) if game is not None else None
    return f"{info['event']} ({info['value']})" if info else card


def _route(path) -> str:
    """"Attica -> Megaris"; a long sea route by its ends and the waters it passes."""
    if len(path) <= 4:
        return " -> ".join(_where(p) for p in path)
    return f"{_where(path[0])} -> {_where(path[-1])} via {_where(path[1])} ... {_where(path[-2])} ({len(path) - 1} moves)"


def _where(loc: str) -> str:
    return loc[5:] + " (inside)" if loc.startswith("city:") else loc


# what a committed card is for, in words (3.3, 10.4)
USE_WORDS = {"event": "for its Event", "action": "for its Action Value", "sacrifice": "as a Sacrifice"}


@hellas
@dataclass(frozen=True)
class Commit(Action):
    """3.3 / 10.4: commit a card face-down for its Event, its Action Value, or as a Sacrifice."""
    side: str
    card: str
    use: str

    def describe(self, game=None) -> str:
        return f"Commit {_card(game, self.card)} {USE_WORDS.get(self.use, self.use)}"


@hellas
@dataclass(frozen=True)
class ChooseTarget(Action):
    side: str
    target: str

    def describe(self, game=None) -> str:
        return f"Target {_where(self.target)}"


@hellas
@dataclass(frozen=True)
class MoveBlock(Action):
    side: str
    block: str
    path: tuple
    carry: str = ""

    def describe(self, game=None) -> str:
        route = _route(self.path)
        carry = f" carrying {_block(game, self.carry)}" if self.carry else ""
        return f"Move {_block(game, self.block)} {route}{carry}"


@hellas
@dataclass(frozen=True)
class Pillage(Action):
    side: str
    area: str

    def describe(self, game=None) -> str:
        return f"Pillage {self.area}"


@hellas
@dataclass(frozen=True)
class Reinforce(Action):
    side: str
    block: str

    def describe(self, game=None) -> str:
        return f"Reinforce {_block(game, self.block)} (+1 step)"


@hellas
@dataclass(frozen=True)
class Levy(Action):
    side: str
    block: str
    city: str

    def describe(self, game=None) -> str:
        return f"Levy {_block(game, self.block)} at {self.city}"


@hellas
@dataclass(frozen=True)
class Organise(Action):
    side: str
    city: str

    def describe(self, game=None) -> str:
        return f"Organise {self.city}"


@hellas
@dataclass(frozen=True)
class Fortify(Action):
    """Demosthenes' Action (ruling H-54): the Fortify Pylos effect."""
    side: str
    city: str

    def describe(self, game=None) -> str:
        return f"Fortify {self.city}"


@hellas
@dataclass(frozen=True)
class EndActions(Action):
    side: str

    def describe(self, game=None) -> str:
        return "End the action phase"


@hellas
@dataclass(frozen=True)
class Sortie(Action):
    side: str
    block: str

    def describe(self, game=None) -> str:
        return f"Sortie with {_block(game, self.block)}"


@hellas
@dataclass(frozen=True)
class EndSorties(Action):
    side: str

    def describe(self, game=None) -> str:
        return "No (more) sorties"


@hellas
@dataclass(frozen=True)
class Withdraw(Action):
    side: str
    block: str
    city: str

    def describe(self, game=None) -> str:
        return f"Withdraw {_block(game, self.block)} into {self.city}"


@hellas
@dataclass(frozen=True)
class EndWithdraw(Action):
    side: str

    def describe(self, game=None) -> str:
        return "No (more) withdrawals"


@hellas
@dataclass(frozen=True)
class Fight(Action):
    side: str
    location: str
    athena: bool = False

    def describe(self, game=None) -> str:
        return f"Fight the battle at {_where(self.location)}" + (" with Athena" if self.athena else "")


@hellas
@dataclass(frozen=True)
class Assault(Action):
    side: str
    city: str
    athena: bool = False

    def describe(self, game=None) -> str:
        return f"Assault {self.city}" + (" with Athena" if self.athena else "")


@hellas
@dataclass(frozen=True)
class Attrition(Action):
    side: str
    city: str

    def describe(self, game=None) -> str:
        return f"Attrition against {self.city}"


@hellas
@dataclass(frozen=True)
class Surrender(Action):
    side: str
    city: str
    accept: bool

    def describe(self, game=None) -> str:
        return f"Surrender {self.city}" if self.accept else f"Refuse to surrender {self.city}"


@hellas
@dataclass(frozen=True)
class Escape(Action):
    side: str
    fleet: str
    carry: str = ""

    def describe(self, game=None) -> str:
        carry = f" carrying {_block(game, self.carry)}" if self.carry else ""
        return f"Escape with {_block(game, self.fleet)}{carry}"


@hellas
@dataclass(frozen=True)
class EndEscape(Action):
    side: str

    def describe(self, game=None) -> str:
        return "No (more) escapes"


@hellas
@dataclass(frozen=True)
class Appeal(Action):
    """10.41: a New Year Sacrifice appeals to one Olympian."""
    side: str
    olympian: str

    def describe(self, game=None) -> str:
        return f"Appeal to {self.olympian}"


@hellas
@dataclass(frozen=True)
class Invoke(Action):
    side: str
    olympian: str
    target: str = ""

    def describe(self, game=None) -> str:
        return f"Invoke {self.olympian}" + (f" on {_where(self.target)}" if self.target else "")


@hellas
@dataclass(frozen=True)
class Pass(Action):
    """Decline to invoke an Olympian in a window that offers one."""
    side: str

    def describe(self, game=None) -> str:
        return "Pass"


@hellas
@dataclass(frozen=True)
class EndCombat(Action):
    side: str

    def describe(self, game=None) -> str:
        return "End the combat phase"
