"""The whole Sekigahara game state: one serializable dataclass (with the Dice) so that saves
round-trip and `seed + actions` replays exactly."""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.board.blocks import Block
from sim.board.cards import CardPile
from sim.core.codec import serializable
from sim.core.dice import Dice


@serializable
@dataclass
class MovePhase:
    """Budget and bookkeeping of one Movement Phase (7.1-7.5)."""
    option: str = ""
    uses_left: int = 0                 # stack activations (a muster may take one)
    muster_left: int = 0
    muster_uses_activation: bool = True
    active_stack: str | None = None    # location of the stack now moving
    stack_paths: list[list[str]] = field(default_factory=list)  # paths used by that stack
    used_segments: list[list[str]] = field(default_factory=list)  # 7.4 once per phase, as [a, b]
    activated: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)              # blocks that may not move again
    mustering: bool = False
    redraws: int = 0


@serializable
@dataclass
class Battle:
    location: str
    attacker: str
    defender: str
    siege: bool
    impact: dict[str, int]
    deployed: dict[str, list[str]]      # blocks counting for each side's bonuses (8.3)
    defected: list[str] = field(default_factory=list)   # 8.6 blocks fighting for the other side
    played: dict[str, int] = field(default_factory=dict)  # cards played, for 8.10
    carded: dict[str, bool] = field(default_factory=dict)  # a side has played a card (8.2.4)
    passed: dict[str, bool] = field(default_factory=dict)
    free: list[str] = field(default_factory=list)        # free leaders: immune to 8.6
    last: list[str] = field(default_factory=list)        # blocks of the last carded deployment
    last_gain: int = 0
    last_side: str = ""
    winner: str = ""
    losses: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)   # blocks actually lost (8.10)


@serializable
@dataclass
class SekiState:
    dice: Dice
    blocks: dict[str, Block]
    cards: dict[str, CardPile]
    week: int = 1
    turn: str = "A"
    order: list[str] = field(default_factory=lambda: ["ishida", "tokugawa"])
    phase_index: int = 0               # 0: first player's phases this turn, 1: second's
    active: str = ""
    step: str = "bid"                  # what decision is awaited (see game.py)
    actor: str = ""
    queue: list[str] = field(default_factory=list)  # sides still to act in a sequential step
    discard_left: dict[str, int] = field(default_factory=dict)
    bids: dict[str, str | None] = field(default_factory=dict)
    bid_winner: str = ""
    control: dict[str, str] = field(default_factory=dict)       # resource locations (4.4)
    castles: dict[str, str] = field(default_factory=dict)       # castle holders (4.4, 8.9)
    besieged: dict[str, str] = field(default_factory=dict)      # castle -> besieged side (8.9.6)
    inside: dict[str, list[str]] = field(default_factory=dict)  # castle -> blocks inside
    disks: dict[str, str] = field(default_factory=dict)         # disk -> location (gone: absent)
    entered: dict[str, str] = field(default_factory=dict)       # block -> where it came from this phase
    move: MovePhase = field(default_factory=MovePhase)
    fresh: list[str] = field(default_factory=list)              # 9.3 Mori blocks out this turn
    combat_done: list[str] = field(default_factory=list)
    pending_combat: str = ""
    battle: Battle | None = None
    winner: str = ""
    reason: str = ""
    dead_leaders: list[str] = field(default_factory=list)       # 2.1 faces destroyed in the current combat
    history: list[str] = field(default_factory=list)            # short public notes
