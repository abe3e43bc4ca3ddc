"""Typed events of A Most Dangerous Time. Card draws are private to the hand that draws."""
from __future__ import annotations

from dataclasses import dataclass

from sim.board import PrivateEvent
from sim.core.codec import serializable
from sim.core.events import Event


def _event(cls):
    return serializable(dataclass(frozen=True)(cls))


@_event
class TurnStarted(Event):
    turn: int


@_event
class ChitDrawn(Event):
    chit: str
    player: str
    rule: str = "4.0"


@_event
class EndTurnChit(Event):
    where: str          # "pool" | "Kyoto"
    rule: str = "16.2.7(1)"


@_event
class MovementPoints(Event):
    player: str
    mp: int
    kyoto_bonus: int
    rule: str = "9.0"


@_event
class Marched(Event):
    player: str
    units: tuple[str, ...]
    frm: str
    to: str
    cost: int
    discarded: int = 0
    rule: str = "9.0"


@_event
class Captured(Event):
    sector: str
    clan: str
    rule: str = "R-CONTROL"


@_event
class BattleStarted(Event):
    sector: str
    attacker: str
    defender: str
    rule: str = "R-BATTLE"


@_event
class Fire(Event):
    sector: str
    faction: str
    dice: int
    modifier: int
    hits: int
    siege: bool
    rule: str = "R-BATTLE"


@_event
class UnitLost(Event):
    unit: str
    clan: str
    sector: str
    fate: str           # hit | killed | wounded | discarded | disbanded | dispersed
    rule: str = "R-BATTLE"


@_event
class Retreated(Event):
    player: str
    units: tuple[str, ...]
    frm: str
    to: str
    rule: str = "R-BATTLE"


@_event
class BattleEnded(Event):
    sector: str
    outcome: str
    rule: str = "R-BATTLE"


@_event
class CardPlayed(Event):
    hand: str
    card: str
    rule: str = "R-CARDS"


@serializable
@dataclass(frozen=True)
class CardDrawn(PrivateEvent, Event):
    owner: str           # the hand
    cards: tuple[str, ...]
    why: str
    rule: str = "R-CARDS"

    def public(self):
        return CardsDrawnCount(self.owner, len(self.cards), self.why, self.rule)


@_event
class CardsDrawnCount(Event):
    hand: str
    n: int
    why: str
    rule: str = "R-CARDS"


@_event
class Betrayal(Event):
    clan: str
    faction: str
    turned: int
    dispersed: int
    rule: str = "R-CARDS"


@_event
class ClanEliminated(Event):
    clan: str
    rule: str = "R-CONTROL"


@_event
class NeutralEntered(Event):
    clan: str
    rule: str = "R-NEUTRALS"


@_event
class EntryAdvanced(Event):
    clan: str
    turn: int
    rule: str = "15.4"


@_event
class Placed(Event):
    clan: str
    sector: str
    n: int
    why: str
    rule: str = "11.2"


@_event
class LeaderReturned(Event):
    leader: str
    sector: str
    rule: str = "11.1"


@_event
class AzuchiBuilt(Event):
    level: int
    rule: str = "15.5"


@_event
class GameOver(Event):
    winner: str
    reason: str
    rule: str = "16.2.4"
