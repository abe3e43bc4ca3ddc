"""Sekigahara actions: every decision a player makes, as a frozen dataclass (side first)."""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.codec import serializable
from sim.core.protocol import Action


def _act(cls):
    return serializable(dataclass(frozen=True)(cls))


@_act
class Discard(Action):          # 6.1 halve the hand, one card at a time
    side: str
    card: str


@_act
class Bid(Action):              # 6.2 (card None: empty hand)
    side: str
    card: str | None


@_act
class ChooseFirst(Action):      # 6.2 bid winner picks who goes first this week
    side: str
    first: str


@_act
class ChooseMovement(Action):   # 7.1 option: pass | one | three | all, paying `cards`
    side: str
    option: str
    cards: tuple[str, ...] = ()


@_act
class Redraw(Action):           # 7.1 pass: set a card aside to be replaced
    side: str
    card: str


@_act
class Activate(Action):         # 7.1 activate the stack at a location
    side: str
    location: str


@_act
class Move(Action):             # 7.3-7.5 move some blocks of the active stack along a path
    side: str
    blocks: tuple[str, ...]
    path: tuple[str, ...]       # starts at the stack's location
    march: str | None = None    # 7.5 card discarded for a forced march


@_act
class EndActivation(Action):
    side: str


@_act
class Muster(Action):           # 7.2 begin a muster
    side: str


@_act
class Place(Action):            # 7.2 place one recruitment-box block
    side: str
    block: str
    location: str


@_act
class EndMuster(Action):
    side: str


@_act
class BringMori(Action):        # 9.3 discard a card: the next Mori Box block enters Osaka
    side: str
    card: str


@_act
class EndMovement(Action):
    side: str


@_act
class DeclareCombat(Action):    # 8.1
    side: str
    location: str


@_act
class CastleChoice(Action):     # 8.9.1 castle owner: inside (siege / stay) or outside (battle)
    side: str
    inside: bool


@_act
class Deploy(Action):           # 8.2.3 card (None: free leader, 8.2.4) and 1-2 blocks
    side: str
    card: str | None
    blocks: tuple[str, ...]


@_act
class PassBattle(Action):       # 8.5
    side: str


@_act
class Challenge(Action):        # 8.6.1 play a Loyalty Challenge, or decline
    side: str
    play: bool


@_act
class Refute(Action):           # 8.6.1 show a matching card from hand
    side: str
    card: str


@_act
class ChooseLoss(Action):       # 8.7 / 8.9.3 C owner picks a block (or disk) to lose
    side: str
    piece: str


@_act
class Retreat(Action):          # 8.8
    side: str
    blocks: tuple[str, ...]
    to: str
