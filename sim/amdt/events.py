"""Typed events of A Most Dangerous Time. Card draws are private to the hand that draws."""
from __future__ import annotations

from dataclasses import dataclass

from sim.board import PrivateEvent
from sim.core.codec import serializable
from sim.core.events import Event


def _event(cls):
    return serializable(dataclass(frozen=True)(cls))


class AmdtEvent(Event):
    """Registered as Amdt<Name> (no codec collision with other systems); `kind` is the plain name."""

    @property
    def kind(self) -> str:
        return type(self).__name__.removeprefix("Amdt")


@_event
class AmdtTurnStarted(AmdtEvent):
    turn: int


@_event
class AmdtChitDrawn(AmdtEvent):
    chit: str
    player: str
    rule: str = "4.0"


@_event
class AmdtEndTurnChit(AmdtEvent):
    where: str          # "pool" | "Kyoto"
    rule: str = "16.2.7(1)"


@_event
class AmdtMovementPoints(AmdtEvent):
    player: str
    mp: int
    kyoto_bonus: int
    rule: str = "9.0"


@_event
class AmdtMarched(AmdtEvent):
    player: str
    units: tuple[str, ...]
    frm: str
    to: str
    cost: int
    discarded: int = 0
    rule: str = "9.0"


@_event
class AmdtCaptured(AmdtEvent):
    sector: str
    clan: str
    rule: str = "R-CONTROL"


@_event
class AmdtBattleStarted(AmdtEvent):
    sector: str
    attacker: str
    defender: str
    rule: str = "R-BATTLE"


@_event
class AmdtFire(AmdtEvent):
    sector: str
    faction: str
    dice: int
    modifier: int
    hits: int
    siege: bool
    rule: str = "R-BATTLE"


@_event
class AmdtUnitLost(AmdtEvent):
    unit: str
    clan: str
    sector: str
    fate: str           # hit | killed | wounded | discarded | disbanded | dispersed
    rule: str = "R-BATTLE"
    seat: str = ""      # the seat that commanded the unit (for per-game statistics)


@_event
class AmdtRetreated(AmdtEvent):
    player: str
    units: tuple[str, ...]
    frm: str
    to: str
    rule: str = "R-BATTLE"


@_event
class AmdtBattleEnded(AmdtEvent):
    sector: str
    outcome: str
    rule: str = "R-BATTLE"


@_event
class AmdtCardPlayed(AmdtEvent):
    hand: str
    card: str
    rule: str = "R-CARDS"


@serializable
@dataclass(frozen=True)
class AmdtCardDrawn(PrivateEvent, AmdtEvent):
    owner: str           # the hand
    cards: tuple[str, ...]
    why: str
    rule: str = "R-CARDS"

    def public(self):
        return AmdtCardsDrawnCount(self.owner, len(self.cards), self.why, self.rule)


@_event
class AmdtCardsDrawnCount(AmdtEvent):
    hand: str
    n: int
    why: str
    rule: str = "R-CARDS"


@_event
class AmdtBetrayal(AmdtEvent):
    clan: str
    faction: str
    turned: int
    dispersed: int
    rule: str = "R-CARDS"


@_event
class AmdtClanEliminated(AmdtEvent):
    clan: str
    rule: str = "R-CONTROL"


@_event
class AmdtNeutralEntered(AmdtEvent):
    clan: str
    rule: str = "R-NEUTRALS"


@_event
class AmdtEntryAdvanced(AmdtEvent):
    clan: str
    turn: int
    rule: str = "15.4"


@_event
class AmdtPlaced(AmdtEvent):
    clan: str
    sector: str
    n: int
    why: str
    rule: str = "11.2"


@_event
class AmdtLeaderReturned(AmdtEvent):
    leader: str
    sector: str
    rule: str = "11.1"


@_event
class AmdtAzuchiBuilt(AmdtEvent):
    level: int
    rule: str = "15.5"


@_event
class AmdtGameOver(AmdtEvent):
    winner: str
    reason: str
    rule: str = "16.2.4"


# plain names used by the rules code and the tests
TurnStarted = AmdtTurnStarted
ChitDrawn = AmdtChitDrawn
EndTurnChit = AmdtEndTurnChit
MovementPoints = AmdtMovementPoints
Marched = AmdtMarched
Captured = AmdtCaptured
BattleStarted = AmdtBattleStarted
Fire = AmdtFire
UnitLost = AmdtUnitLost
Retreated = AmdtRetreated
BattleEnded = AmdtBattleEnded
CardPlayed = AmdtCardPlayed
CardDrawn = AmdtCardDrawn
CardsDrawnCount = AmdtCardsDrawnCount
Betrayal = AmdtBetrayal
ClanEliminated = AmdtClanEliminated
NeutralEntered = AmdtNeutralEntered
EntryAdvanced = AmdtEntryAdvanced
Placed = AmdtPlaced
LeaderReturned = AmdtLeaderReturned
AzuchiBuilt = AmdtAzuchiBuilt
GameOver = AmdtGameOver
