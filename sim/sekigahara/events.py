"""Sekigahara events. Events with secrets are PrivateEvents: the opponent gets `public()`."""
from __future__ import annotations

from dataclasses import dataclass, replace

from sim.board.hidden import PrivateEvent
from sim.core.codec import serializable
from sim.core.events import Event


def _ev(cls):
    return serializable(dataclass(frozen=True)(cls))


@_ev
class WeekStarted(Event):
    week: int

    def describe(self):
        return f"--- week {self.week} ---"


@_ev
class CardsDrawn(Event, PrivateEvent):
    owner: str
    count: int
    cards: tuple[str, ...] = ()
    rule: str = ""

    def public(self):
        return replace(self, cards=())

    def describe(self):
        shown = f": {', '.join(self.cards)}" if self.cards else ""
        return f"{self.owner} draws {self.count} card(s){shown} ({self.rule})"


@_ev
class CardsDiscarded(Event):
    side: str
    cards: tuple[str, ...]
    rule: str = ""

    def describe(self):
        return f"{self.side} discards {', '.join(self.cards)} ({self.rule})"


@_ev
class BlocksRecruited(Event, PrivateEvent):
    owner: str
    count: int
    faces: tuple[str, ...] = ()

    def public(self):
        return replace(self, faces=())

    def describe(self):
        return f"{self.owner} draws {self.count} block(s) into the recruitment box (6.1)"


@_ev
class BidPlaced(Event, PrivateEvent):
    owner: str
    card: str | None

    def public(self):
        return replace(self, card="?")

    def describe(self):
        return f"{self.owner} bids a card face down (6.2)"


@_ev
class BidsRevealed(Event):
    tokugawa: str | None
    ishida: str | None
    values: tuple[int, int]
    winner: str

    def describe(self):
        return f"bids: tokugawa {self.tokugawa} ({self.values[0]}), ishida {self.ishida} ({self.values[1]}); {self.winner} wins (6.2)"


@_ev
class FirstPlayer(Event):
    side: str
    week: int

    def describe(self):
        return f"{self.side} moves first in week {self.week} (6.2)"


@_ev
class PhaseStarted(Event):
    side: str
    phase: str
    week: int
    turn: str

    def describe(self):
        return f"week {self.week} turn {self.turn}: {self.side} {self.phase} phase"


@_ev
class MovementChosen(Event):
    side: str
    option: str
    cards: tuple[str, ...]

    def describe(self):
        return f"{self.side} chooses movement option '{self.option}' paying {len(self.cards)} card(s) (7.1)"


@_ev
class StackActivated(Event):
    side: str
    location: str
    count: int

    def describe(self):
        return f"{self.side} activates the stack at {self.location} ({self.count} block(s), 7.1)"


@_ev
class BlockMoved(Event, PrivateEvent):
    owner: str
    count: int
    path: tuple[str, ...]
    blocks: tuple[str, ...] = ()
    march: bool = False

    def public(self):
        return replace(self, blocks=())

    def describe(self):
        fm = " (forced march 7.5)" if self.march else ""
        return f"{self.owner} moves {self.count} block(s) {' -> '.join(self.path)}{fm}"


@_ev
class Overrun(Event):
    side: str
    location: str
    destroyed: tuple[str, ...]   # faces, revealed as they leave the game

    def describe(self):
        return f"{self.side} overruns {self.location}, destroying {', '.join(self.destroyed)} (7.4)"


@_ev
class ControlChanged(Event):
    location: str
    side: str
    rule: str = "4.4"

    def describe(self):
        return f"{self.location} now controlled by {self.side} ({self.rule})"


@_ev
class BlockMustered(Event, PrivateEvent):
    owner: str
    location: str
    block: str = ""
    face: str = ""

    def public(self):
        return replace(self, block="", face="")

    def describe(self):
        return f"{self.owner} musters a block at {self.location} (7.2)"


@_ev
class MoriEntered(Event):
    face: str
    block: str
    forced: bool = False

    def describe(self):
        why = "joins the battle" if self.forced else "brought out by a discard"
        return f"Mori Box: {self.face} enters Osaka, {why} (9.3)"


@_ev
class CombatDeclared(Event):
    side: str
    location: str

    def describe(self):
        return f"{self.side} declares combat at {self.location} (8.1)"


@_ev
class CastleChosen(Event):
    side: str
    location: str
    inside: bool

    def describe(self):
        return f"{self.side} stays {'inside' if self.inside else 'outside'} the castle at {self.location} (8.9.1)"


@_ev
class BattleStarted(Event):
    location: str
    attacker: str
    defender: str
    siege: bool
    counts: tuple[int, int]      # attacker blocks, defender blocks (disks excluded)

    def describe(self):
        kind = "siege" if self.siege else "battle"
        return f"{kind} at {self.location}: {self.attacker} ({self.counts[0]}) attacks {self.defender} ({self.counts[1]})"


@_ev
class BlockDeployed(Event):
    side: str
    block: str
    face: str
    card: str | None
    impact: int
    totals: tuple[int, int]      # (tokugawa, ishida) after this block

    def describe(self):
        card = self.card or "no card (free leader 8.2.4)"
        return f"{self.side} deploys {self.face} with {card}: +{self.impact}; tokugawa {self.totals[0]} - ishida {self.totals[1]}"


@_ev
class BlockRevealed(Event):
    side: str
    block: str
    face: str
    rule: str = ""

    def describe(self):
        return f"{self.side} reveals {self.face}"


@_ev
class LoyaltyChallenged(Event):
    side: str
    blocks: tuple[str, ...]

    def describe(self):
        return f"{self.side} plays a Loyalty Challenge (8.6)"


@_ev
class ChallengeRefuted(Event):
    side: str
    card: str

    def describe(self):
        return f"{self.side} refutes with {self.card} (8.6.1)"


@_ev
class BlockDefected(Event):
    side: str          # the block's owner
    block: str
    face: str
    totals: tuple[int, int]

    def describe(self):
        return f"{self.face} changes sides for this battle; tokugawa {self.totals[0]} - ishida {self.totals[1]} (8.6.1)"


@_ev
class Passed(Event):
    side: str
    forced: bool = False

    def describe(self):
        return f"{self.side} {'cannot deploy and ' if self.forced else ''}passes (8.5)"


@_ev
class BattleEnded(Event):
    location: str
    winner: str
    impact: tuple[int, int]     # (tokugawa, ishida)
    losses: tuple[int, int]     # blocks to lose (tokugawa, ishida)
    siege: bool = False

    def describe(self):
        return (f"{'siege' if self.siege else 'battle'} at {self.location} won by {self.winner}: impact "
                f"{self.impact[0]}-{self.impact[1]}, losses tokugawa {self.losses[0]} ishida {self.losses[1]} (8.7)")


@_ev
class BlockEliminated(Event):
    side: str
    block: str
    face: str
    location: str
    rule: str = "8.7"

    def describe(self):
        return f"{self.side} loses {self.face} at {self.location} ({self.rule})"


@_ev
class DiskDestroyed(Event):
    disk: str
    location: str

    def describe(self):
        return f"the {self.disk} disk at {self.location} is destroyed (8.9.2)"


@_ev
class Retreated(Event, PrivateEvent):
    owner: str
    count: int
    path: tuple[str, ...]
    blocks: tuple[str, ...] = ()

    def public(self):
        return replace(self, blocks=())

    def describe(self):
        return f"{self.owner} retreats {self.count} block(s) {' -> '.join(self.path)} (8.8)"


@_ev
class CastleCaptured(Event):
    location: str
    side: str

    def describe(self):
        return f"{self.side} captures the castle at {self.location} (8.9.3 D)"


@_ev
class Besieged(Event):
    location: str
    side: str

    def describe(self):
        return f"{self.side} is besieged at {self.location} (8.9.6)"


@_ev
class GameOver(Event):
    winner: str
    reason: str
    scores: tuple[int, int]

    def describe(self):
        return f"game over: {self.winner} wins - {self.reason} (VP tokugawa {self.scores[0]}, ishida {self.scores[1]})"
