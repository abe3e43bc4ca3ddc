"""Sekigahara actions: every decision a player makes, as a frozen dataclass (side first).

`describe(game)` gives each a short line for a person choosing it (the acting side's own view:
its blocks are named by face, never by the opaque ids)."""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.codec import serializable
from sim.core.protocol import Action
from sim.sekigahara.pieces import face

LEADERS = {"tokugawa": "Ieyasu", "fukushima": "Masanori", "maeda": "Toshinaga", "date": "Masamune",
           "ishida": "Mitsunari", "mori": "Terumoto", "ukita": "Hideie", "kobayakawa": "Hideaki",
           "uesugi": "Kagekatsu"}
CARD_TYPES = {"single": "single", "attack": "special attack", "double": "double"}


def face_name(name: str) -> str:
    """"mori_3" -> "Mori 3-mon", "ukita_leader" -> "Hideie (Ukita leader)"."""
    f = face(name)
    if f.leader:
        return f"{LEADERS.get(f.clan, f.clan.title())} ({f.clan.title()} leader)"
    if f.kind == "naomasa":
        return "Ii Naomasa"
    kind = f"{f.kind}-mon" if f.kind.isdigit() else f.kind
    return f"{f.clan.title()} {kind}"


def card_name(card: str | None) -> str:
    if card is None:
        return "no card"
    if card == "loyalty":
        return "Loyalty Challenge"
    clan, kind = card.split(":")
    return f"{clan.title()} {CARD_TYPES.get(kind, kind)}"


def block_name(game, block_id: str) -> str:
    b = game.state.blocks.get(block_id) if game is not None else None
    return face_name(b.face) if b is not None else block_id


def stack_name(game, loc: str, side: str) -> str:
    """A stack is called after its leader ("Ieyasu's stack"), else after where it stands."""
    blocks = [b for b in game.state.blocks.values() if b.location == loc and b.side == side]
    lead = [face(b.face) for b in blocks if face(b.face).leader]
    who = f"{LEADERS.get(lead[0].clan, lead[0].clan.title())}'s stack" if lead else "the stack"
    return f"{who} at {loc} ({len(blocks)} block{'s' * (len(blocks) != 1)})"


def blocks_phrase(game, ids) -> str:
    """One block by name; several as "Ieyasu + 2 blocks" (the leader named first)."""
    names = sorted((block_name(game, i) for i in ids), key=lambda n: "leader" not in n)
    if len(names) == 1:
        return names[0]
    head = names[0].split(" (")[0] if "leader" in names[0] else f"{len(names)} blocks"
    return f"{head} + {len(names) - 1}" if "leader" in names[0] else head


def _act(cls):
    return serializable(dataclass(frozen=True)(cls))


@_act
class Discard(Action):          # 6.1 halve the hand, one card at a time
    side: str
    card: str

    def describe(self, game=None) -> str:
        return f"Discard {card_name(self.card)} (6.1)"


@_act
class Bid(Action):              # 6.2 (card None: empty hand)
    side: str
    card: str | None

    def describe(self, game=None) -> str:
        return f"Bid {card_name(self.card)}" if self.card else "Bid nothing (empty hand)"


@_act
class ChooseFirst(Action):      # 6.2 bid winner picks who goes first this week
    side: str
    first: str

    def describe(self, game=None) -> str:
        return f"{self.first.title()} moves first this week"


@_act
class ChooseMovement(Action):   # 7.1 option: pass | one | three | all, paying `cards`
    side: str
    option: str
    cards: tuple[str, ...] = ()

    def describe(self, game=None) -> str:
        what = {"pass": "Pass (redraw cards)", "one": "Move one stack or muster",
                "three": "Move three stacks", "all": "Move all stacks"}.get(self.option, self.option)
        paid = ", ".join(card_name(c) for c in self.cards)
        return what + (f", discarding {paid}" if paid else " (free)")


@_act
class Redraw(Action):           # 7.1 pass: set a card aside to be replaced
    side: str
    card: str

    def describe(self, game=None) -> str:
        return f"Set aside {card_name(self.card)} to redraw"


@_act
class Activate(Action):         # 7.1 activate the stack at a location
    side: str
    location: str

    def describe(self, game=None) -> str:
        return f"Activate {stack_name(game, self.location, self.side)}" if game else f"Activate {self.location}"


@_act
class Move(Action):             # 7.3-7.5 move some blocks of the active stack along a path
    side: str
    blocks: tuple[str, ...]
    path: tuple[str, ...]       # starts at the stack's location
    march: str | None = None    # 7.5 card discarded for a forced march

    def describe(self, game=None) -> str:
        route = " -> ".join(self.path)
        limit = game.path_limit(self.side, [game.state.blocks[i] for i in self.blocks], self.path,
                                bool(self.march)) if game else None
        mp = f" ({len(self.path) - 1} of {limit} MP)" if limit else ""
        march = f", forced march with {card_name(self.march)}" if self.march else ""
        whole = game is not None and len(self.blocks) > 1 and \
            set(self.blocks) == {b.id for b in game.movable(self.side, self.path[0])}
        who = stack_name(game, self.path[0], self.side).split(" at ")[0] if whole else blocks_phrase(game, self.blocks)
        return f"March {who} {route}{mp}{march}"


@_act
class EndActivation(Action):
    side: str

    def describe(self, game=None) -> str:
        return "End this stack's move"


@_act
class Muster(Action):           # 7.2 begin a muster
    side: str

    def describe(self, game=None) -> str:
        return "Muster from the recruitment box (7.2)"


@_act
class Place(Action):            # 7.2 place one recruitment-box block
    side: str
    block: str
    location: str

    def describe(self, game=None) -> str:
        return f"Muster {block_name(game, self.block)} at {self.location}"


@_act
class EndMuster(Action):
    side: str

    def describe(self, game=None) -> str:
        return "End the muster"


@_act
class BringMori(Action):        # 9.3 discard a card: the next Mori Box block enters Osaka
    side: str
    card: str

    def describe(self, game=None) -> str:
        return f"Bring a Mori block to Osaka, discarding {card_name(self.card)} (9.3)"


@_act
class EndMovement(Action):
    side: str

    def describe(self, game=None) -> str:
        return "End the movement phase"


@_act
class DeclareCombat(Action):    # 8.1
    side: str
    location: str

    def describe(self, game=None) -> str:
        return f"Resolve the combat at {self.location}"


@_act
class CastleChoice(Action):     # 8.9.1 castle owner: inside (siege / stay) or outside (battle)
    side: str
    inside: bool

    def describe(self, game=None) -> str:
        return "Stay inside the castle (siege)" if self.inside else "Fight outside the castle (battle)"


@_act
class Deploy(Action):           # 8.2.3 card (None: free leader, 8.2.4) and 1-2 blocks
    side: str
    card: str | None
    blocks: tuple[str, ...]

    def describe(self, game=None) -> str:
        how = f"with {card_name(self.card)}" if self.card else "free (leader, 8.2.4)"
        names = " + ".join(block_name(game, i) for i in self.blocks)
        return f"Deploy {names} {how}"


@_act
class PassBattle(Action):       # 8.5
    side: str

    def describe(self, game=None) -> str:
        return "Pass (deploy no more in this battle)"


@_act
class Challenge(Action):        # 8.6.1 play a Loyalty Challenge, or decline
    side: str
    play: bool

    def describe(self, game=None) -> str:
        return "Play a Loyalty Challenge" if self.play else "Do not challenge"


@_act
class Refute(Action):           # 8.6.1 show a matching card from hand
    side: str
    card: str

    def describe(self, game=None) -> str:
        return f"Refute with {card_name(self.card)}"


@_act
class ChooseLoss(Action):       # 8.7 / 8.9.3 C owner picks a block (or disk) to lose
    side: str
    piece: str

    def describe(self, game=None) -> str:
        name = block_name(game, self.piece) if game and self.piece in game.state.blocks else self.piece
        return f"Lose {name}"


@_act
class Retreat(Action):          # 8.8
    side: str
    blocks: tuple[str, ...]
    to: str

    def describe(self, game=None) -> str:
        return f"Retreat {blocks_phrase(game, self.blocks)} to {self.to}"
