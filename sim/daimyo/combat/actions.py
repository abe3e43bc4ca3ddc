"""Combat orders and decisions (issue 3). Decisions answer a pending `Decision` of the state."""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.codec import serializable
from sim.core.protocol import Action


@serializable
@dataclass(frozen=True)
class Charge(Action):
    """4.4: charge `target`; the charger wheels/turns to face it and runs into contact."""
    side: str
    unit: str
    target: str


@serializable
@dataclass(frozen=True)
class React(Action):
    """4.4 charge reaction (decision "reaction"): stand | face (stand, turning to face a flank
    or rear charger, ruling D-103) | shoot | retire | shoot_retire (5.1 Retire: shoot, then
    retire) | countercharge."""
    side: str
    unit: str
    choice: str


@serializable
@dataclass(frozen=True)
class Shoot(Action):
    """4.5: every eligible stand of the unit shoots at the nearest enemy in its arc."""
    side: str
    unit: str


@serializable
@dataclass(frozen=True)
class Rally(Action):
    """4.2.2.1 / 4.2.2.2 (decision "rally"): attempt the rally now, or not."""
    side: str
    unit: str
    attempt: bool


@serializable
@dataclass(frozen=True)
class Challenge(Action):
    """4.4 duel between unattached leaders in contact, or (decision "challenge") 4.6.4 the
    initiative holder's leader challenging the enemy leader of a unit in melee. An empty
    `target` declines to challenge."""
    side: str
    leader: str
    target: str


@serializable
@dataclass(frozen=True)
class AnswerChallenge(Action):
    """Decision "duel": accept (fight) or refuse (rating -1, 4.4/4.6.4)."""
    side: str
    leader: str
    accept: bool


@serializable
@dataclass(frozen=True)
class FollowUp(Action):
    """4.6.6 / 4.6.8 (decision "follow_up"): a winner defending an obstacle follows up or
    pursues (True), or stays behind its obstacle (False)."""
    side: str
    unit: str
    go: bool
