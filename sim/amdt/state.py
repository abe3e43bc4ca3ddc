"""The whole game state: one serializable dataclass holding the dice (DESIGN.md seam 3)."""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core.codec import serializable
from sim.core.dice import Dice


class Memo:
    """One game's memos (sim/amdt/control.py): the on-map index and the activated units, valid
    while `gen` (bumped by every change of a unit's place or side, and by touch) stays put."""
    __slots__ = ("gen", "index_key", "all", "by", "act_key", "act_ids")

    def __init__(self):
        self.gen = 0
        self.index_key = self.act_key = None
        self.all, self.by, self.act_ids = [], {}, frozenset()


def touch(st: "AmdtState") -> None:
    """Something the memos depend on changed (an allegiance, a leader's seat): rebuild them."""
    st.memo.gen += 1


def _memo_field():
    """Per-game memos: not saved, not compared, never shared between games."""
    return field(default_factory=Memo, repr=False, compare=False, metadata={"transient": True})


_WATCHED = frozenset({"sector", "status", "in_castle", "clan", "owner"})


@serializable
@dataclass
class AmdtUnit:
    id: str
    kind: str                 # "leader" | "soldier"
    clan: str
    sector: str
    in_castle: bool = False
    guard: bool = False       # Nobunaga's personal guard (16.2.5)
    murakami: bool = False    # +1 in sea areas
    owner: str = ""           # 4p: the alliance controlling a soldier ("oda" = no player)
    rank: str = ""            # leaders: daimyo | samurai
    status: str = "map"       # leaders: map | wounded | dead
    back_turn: int = 0        # wounded leaders: the turn they return (11.1)
    led_by: str = ""          # soldiers: the leader they last marched with (16.2.6)
    # The memo of the state that holds this unit (attached by control.on_map), told of every
    # change of place or side; None until then. Not saved.
    memo: Memo | None = field(default=None, repr=False, compare=False, metadata={"transient": True})

    def __setattr__(self, key, value):
        if key in _WATCHED and self.memo is not None:    # (the class default is None)
            self.memo.gen += 1
        object.__setattr__(self, key, value)


@serializable
@dataclass
class AmdtActivation:
    chit: str
    player: str
    mp: int = 0
    oos: list[str] = field(default_factory=list)        # sectors out of supply at start (R-LOC)
    moved: dict[str, int] = field(default_factory=dict)  # unit id -> links moved
    stopped: list[str] = field(default_factory=list)    # units that fought or captured
    assaulted: list[str] = field(default_factory=list)
    converted: bool = False
    rerolled: bool = False
    marched: bool = False


@serializable
@dataclass
class AmdtBattle:
    sector: str
    attacker: str             # faction
    defender: str
    origin: str = ""          # where the attackers came from ("" for an assault by besiegers)
    stage: str = "start"      # garrison | cards | field | retreat | assault | done
    round: int = 0
    fire_first: str = ""      # faction that fires first in round 1 (surprise attack)
    mods: dict[str, int] = field(default_factory=dict)
    guard_hit: bool = False
    retreated: list[str] = field(default_factory=list)  # units gone in a partial retreat (16.2.7b)
    queue: list[list[str]] = field(default_factory=list)  # pending [kind, player, scope]
    fired_at_hiei: bool = False
    oos: list[str] = field(default_factory=list)
    next: str = ""            # stage to enter once the queued hits are taken


@serializable
@dataclass
class AmdtDecision:
    kind: str                 # garrison | battle_card | retreat | allocate | assault
    side: str
    scope: str = ""           # retreat: "all" or a player whose units alone withdraw


@serializable
@dataclass
class AmdtState:
    dice: Dice
    mode: int
    options: dict[str, bool]
    turn: int = 1
    phase: str = "activation"          # activation | battle | over
    units: dict[str, AmdtUnit] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)     # sector -> clan ("" = none)
    castle: dict[str, int] = field(default_factory=dict)      # sector -> current level
    clan_faction: dict[str, str] = field(default_factory=dict)
    gone_clans: list[str] = field(default_factory=list)
    entry: dict[str, int] = field(default_factory=dict)       # neutral power -> entry turn
    capital: str = "Kyoto"
    azuchi: int = 0                    # 0, 2 or 3 (15.5)
    azuchi_turn: int = 0
    chits: list[str] = field(default_factory=list)            # chits in the game
    pool: list[str] = field(default_factory=list)             # in the cup this turn
    end_turn_in_pool: bool = True
    active: AmdtActivation | None = None
    battle: AmdtBattle | None = None
    decision: AmdtDecision | None = None
    hitbox: dict[str, int] = field(default_factory=dict)      # pending hits per side to allocate
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)
    eliminated: dict[str, int] = field(default_factory=dict)  # clan -> soldiers in the pool
    start_soldiers: dict[str, int] = field(default_factory=dict)
    leader_player: dict[str, str] = field(default_factory=dict)  # 4p overrides after betrayal
    sphere_extra: dict[str, str] = field(default_factory=dict)   # 4p captured no-sphere sectors
    good_luck: dict[str, int] = field(default_factory=dict)
    last_alliance: str = ""
    next_id: int = 1
    winner: str = ""
    reason: str = ""
    credit: str = ""                   # 3p/4p: who achieved the last sudden-death condition
    stats: dict[str, int] = field(default_factory=dict)
    memo: Memo = _memo_field()


# plain names used by the rules code
Unit = AmdtUnit
Activation = AmdtActivation
Battle = AmdtBattle
Decision = AmdtDecision
