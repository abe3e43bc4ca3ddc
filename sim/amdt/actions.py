"""Player actions. Every decision of the game is one of these, chosen through the protocol."""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.codec import serializable
from sim.core.protocol import Action


def _action(cls):
    return serializable(dataclass(frozen=True)(cls))


@_action
class March(Action):
    """9.0: move one group one link: a leader with `soldiers` soldiers, or (leader "") soldiers alone."""
    side: str
    frm: str
    to: str
    leader: str = ""
    soldiers: int = 0


@_action
class Assault(Action):
    """R-BATTLE §10.5: besiegers assault the castle of their sector (no MP)."""
    side: str
    sector: str


@_action
class Convert(Action):
    """11.3: Ikko-Ikki conversion attempt on an empty sector."""
    side: str
    sector: str


@_action
class PlayCard(Action):
    """R-CARDS: play an activation card (`target`: a sector for reinforce/uprising)."""
    side: str
    card: str
    target: str = ""


@_action
class Disband(Action):
    """12.0: voluntarily remove one of your soldiers in a sector."""
    side: str
    sector: str


@_action
class Reroll(Action):
    """15.6 (optional): spend a Good Luck marker to reroll the movement-point die."""
    side: str


@_action
class EndActivation(Action):
    side: str


@_action
class Garrison(Action):
    """R-BATTLE §10.2: the defender puts this many soldiers in the castle."""
    side: str
    soldiers: int


@_action
class BattleCard(Action):
    """Play a battle card before round 1 ("" passes)."""
    side: str
    card: str = ""


@_action
class Retreat(Action):
    """Retreat the units in scope to `to` ("" = stay and fight on)."""
    side: str
    to: str = ""


@_action
class Allocate(Action):
    """16.2.7b: the allocating player orders the players whose units take the hits."""
    side: str
    order: tuple[str, ...]


@_action
class AssaultChoice(Action):
    """Go on with (another) siege assault round, or stop and besiege."""
    side: str
    go: bool
