"""Player actions. Every decision of the game is one of these, chosen through the protocol."""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.codec import serializable
from sim.core.protocol import Action


def _leader(lid: str) -> str:
    from sim.amdt.data import data
    return data().leaders.get(lid, {}).get("name", lid)


def _card(card: str) -> str:
    from sim.amdt.data import data
    return data().cards.get(card, {}).get("title", card) if card else "no card"


def _men(n: int) -> str:
    return f"{n} soldier{'s' * (n != 1)}"


def _action(cls):
    return serializable(dataclass(frozen=True)(cls))


class AmdtAction(Action):
    """Registered as Amdt<Name> so that no other system's action of the same name collides in
    the codec registry; `kind` (and the module-level aliases) keep the plain name."""

    @property
    def kind(self) -> str:
        return type(self).__name__.removeprefix("Amdt")


@_action
class AmdtMarch(AmdtAction):
    """9.0: move one group one link: a leader with `soldiers` soldiers, or (leader "") soldiers alone."""
    side: str
    frm: str
    to: str
    leader: str = ""
    soldiers: int = 0

    def describe(self, game=None) -> str:
        from sim.amdt.movement import link_cost
        who = _leader(self.leader) + (f" with {_men(self.soldiers)}" if self.soldiers else " alone") \
            if self.leader else _men(self.soldiers)
        mp = f" ({link_cost(self.frm, self.to)} of {game.state.active.mp} MP)" \
            if game is not None and game.state.active else ""
        return f"March {who} {self.frm} -> {self.to}{mp}"


@_action
class AmdtAssault(AmdtAction):
    """R-BATTLE §10.5: besiegers assault the castle of their sector (no MP)."""
    side: str
    sector: str

    def describe(self, game=None) -> str:
        return f"Assault the castle at {self.sector}"


@_action
class AmdtConvert(AmdtAction):
    """11.3: Ikko-Ikki conversion attempt on an empty sector."""
    side: str
    sector: str

    def describe(self, game=None) -> str:
        return f"Ikko-Ikki: try to convert {self.sector} (11.3)"


@_action
class AmdtPlayCard(AmdtAction):
    """R-CARDS: play an activation card (`target`: a sector for reinforce/uprising)."""
    side: str
    card: str
    target: str = ""

    def describe(self, game=None) -> str:
        return f"Play {_card(self.card)}" + (f" on {self.target}" if self.target else "")


@_action
class AmdtDisband(AmdtAction):
    """12.0: voluntarily remove one of your soldiers in a sector."""
    side: str
    sector: str

    def describe(self, game=None) -> str:
        return f"Disband a soldier at {self.sector}"


@_action
class AmdtReroll(AmdtAction):
    """15.6 (optional): spend a Good Luck marker to reroll the movement-point die."""
    side: str

    def describe(self, game=None) -> str:
        return "Spend Good Luck: reroll the MP die"


@_action
class AmdtLuck(AmdtAction):
    """15.6 (optional, ruling A-62): answer the Good Luck offer after a fire round or a leader's
    death roll (`use`: spend a marker and reroll)."""
    side: str
    use: bool

    def describe(self, game=None) -> str:
        return "Spend Good Luck and reroll" if self.use else "Keep the roll"


@_action
class AmdtRain(AmdtAction):
    """R-CARDS Rain (ruling A-65): answer the offer to make the enemy reroll his MP die."""
    side: str
    play: bool

    def describe(self, game=None) -> str:
        return "Play Rain: the enemy rerolls his MP" if self.play else "Do not play Rain"


@_action
class AmdtEndActivation(AmdtAction):
    side: str

    def describe(self, game=None) -> str:
        return "End the activation"


@_action
class AmdtGarrison(AmdtAction):
    """R-BATTLE §10.2: the defender puts this many soldiers in the castle."""
    side: str
    soldiers: int

    def describe(self, game=None) -> str:
        return f"Put {_men(self.soldiers)} in the castle"


@_action
class AmdtBattleCard(AmdtAction):
    """Play a battle card before round 1 ("" passes)."""
    side: str
    card: str = ""

    def describe(self, game=None) -> str:
        return f"Play {_card(self.card)} in the battle" if self.card else "No battle card"


@_action
class AmdtRetreat(AmdtAction):
    """Retreat the units in scope to `to` ("" = stay and fight on)."""
    side: str
    to: str = ""

    def describe(self, game=None) -> str:
        return f"Retreat to {self.to}" if self.to else "Stay and fight on"


@_action
class AmdtAllocate(AmdtAction):
    """16.2.7b: the allocating player orders the players whose units take the hits."""
    side: str
    order: tuple[str, ...]

    def describe(self, game=None) -> str:
        return "Hits fall on " + ", then ".join(self.order)


@_action
class AmdtAssaultChoice(AmdtAction):
    """Go on with (another) siege assault round, or stop and besiege."""
    side: str
    go: bool

    def describe(self, game=None) -> str:
        return "Assault again" if self.go else "Stop and besiege"


# plain names used by the rules code, the tests and the AI
March = AmdtMarch
Assault = AmdtAssault
Convert = AmdtConvert
PlayCard = AmdtPlayCard
Disband = AmdtDisband
Reroll = AmdtReroll
Luck = AmdtLuck
Rain = AmdtRain
EndActivation = AmdtEndActivation
Garrison = AmdtGarrison
BattleCard = AmdtBattleCard
Retreat = AmdtRetreat
Allocate = AmdtAllocate
AssaultChoice = AmdtAssaultChoice
