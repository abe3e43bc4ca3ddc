"""Hellas events. Secrets (hands, committed cards, face-down losses, builds) are PrivateEvents
whose public() form tells the other side only what the table shows."""
from __future__ import annotations

from dataclasses import dataclass

from sim.board import PrivateEvent
from sim.hellas.registry import hellas
from sim.core.events import Event


@hellas
@dataclass(frozen=True)
class SeasonStarted(Event):
    year: int
    season: str


@hellas
@dataclass(frozen=True)
class PlayerTurnStarted(Event):
    side: str
    use: str
    actions: int


@hellas
@dataclass(frozen=True)
class CardCommittedSeen(Event):
    side: str


@hellas
@dataclass(frozen=True)
class CardCommitted(PrivateEvent, Event):
    owner: str
    card: str
    use: str

    def public(self):
        return CardCommittedSeen(self.owner)


@hellas
@dataclass(frozen=True)
class CardsRevealed(Event):
    plays: tuple          # ((side, card, value, event, use), ...)
    first: str
    rule: str = "3.3"


@hellas
@dataclass(frozen=True)
class CardsDealt(Event):
    year: int
    per_side: int


@hellas
@dataclass(frozen=True)
class BlockMoved(Event):
    side: str
    block: str
    path: tuple
    carried: str = ""


@hellas
@dataclass(frozen=True)
class BattleStarted(Event):
    location: str
    battle: str           # field, naval, sortie, assault, treachery
    attacker: str
    attackers: tuple
    defenders: tuple


@hellas
@dataclass(frozen=True)
class BlockRevealed(Event):
    side: str
    block: str
    face: str
    rating: str
    steps: int


@hellas
@dataclass(frozen=True)
class BlockFired(Event):
    block: str
    rating: str
    faces: tuple
    hits: int
    routs: int


@hellas
@dataclass(frozen=True)
class StepLost(Event):
    block: str
    steps_left: int
    rule: str


@hellas
@dataclass(frozen=True)
class HalfHit(Event):
    block: str
    rule: str = "8.1.1"


@hellas
@dataclass(frozen=True)
class BlockRouted(Event):
    block: str
    rule: str = "6.0"


@hellas
@dataclass(frozen=True)
class BlockRetreated(Event):
    block: str
    to: str
    rule: str = "6.4"


@hellas
@dataclass(frozen=True)
class BlockEliminated(Event):
    side: str
    block: str
    location: str
    rule: str


@hellas
@dataclass(frozen=True)
class BattleEnded(Event):
    location: str
    winner: str | None
    rounds: int


@hellas
@dataclass(frozen=True)
class PrestigeChanged(Event):
    side: str
    amount: int
    total: int            # positive: Athens ahead
    reason: str
    rule: str


@hellas
@dataclass(frozen=True)
class Withdrew(Event):
    side: str
    block: str
    city: str
    rule: str = "7.0"


@hellas
@dataclass(frozen=True)
class SiegeEstablished(Event):
    city: str
    besieger: str
    garrison: str
    rule: str = "7.0"


@hellas
@dataclass(frozen=True)
class SiegeLifted(Event):
    city: str
    rule: str = "7.3"


@hellas
@dataclass(frozen=True)
class GarrisonPlaced(Event):
    city: str
    side: str
    garrison: str
    rule: str = "7.3"


@hellas
@dataclass(frozen=True)
class GarrisonRemoved(Event):
    city: str
    reason: str
    rule: str = "7.3"


@hellas
@dataclass(frozen=True)
class CityCaptured(Event):
    city: str
    side: str
    how: str
    rule: str


@hellas
@dataclass(frozen=True)
class CityReverted(Event):
    city: str
    to: str
    rule: str = "7.3"


@hellas
@dataclass(frozen=True)
class SiegeCombatDeclared(Event):
    city: str
    side: str
    combat: str           # assault, attrition, treachery


@hellas
@dataclass(frozen=True)
class Surrendered(Event):
    city: str
    side: str
    blocks: int
    rule: str = "8.1.3"


@hellas
@dataclass(frozen=True)
class StepLossSeen(Event):
    side: str
    location: str
    rule: str


@hellas
@dataclass(frozen=True)
class SecretStepLoss(PrivateEvent, Event):
    """A face-down step loss (Attrition, Winter, Plague, Storm): the enemy sees only where."""
    owner: str
    block: str
    steps_left: int
    location: str
    rule: str

    def public(self):
        return StepLossSeen(self.owner, self.location, self.rule)


@hellas
@dataclass(frozen=True)
class BuildSeen(Event):
    side: str
    location: str
    build: str
    rule: str


@hellas
@dataclass(frozen=True)
class Built(PrivateEvent, Event):
    owner: str
    block: str
    build: str            # reinforce, levy
    steps: int
    location: str
    rule: str = "4.2"

    def public(self):
        return BuildSeen(self.owner, self.location, self.build, self.rule)


@hellas
@dataclass(frozen=True)
class Pillaged(Event):
    side: str
    area: str
    rule: str = "5.5"


@hellas
@dataclass(frozen=True)
class EventResolved(Event):
    side: str
    event: str
    target: str
    outcome: str


@hellas
@dataclass(frozen=True)
class OlympianChosen(Event):
    side: str
    olympian: str
    rule: str = "11.0"


@hellas
@dataclass(frozen=True)
class OlympianInvoked(Event):
    side: str
    olympian: str
    target: str
    rule: str = "11.0"


@hellas
@dataclass(frozen=True)
class IntelSeen(Event):
    side: str
    target: str


@hellas
@dataclass(frozen=True)
class IntelGathered(PrivateEvent, Event):
    """Hermes: what one side learnt of the other's hand or blocks."""
    owner: str
    target: str
    found: str

    def public(self):
        return IntelSeen(self.owner, self.target)


@hellas
@dataclass(frozen=True)
class GameOver(Event):
    winner: str | None
    reason: str
