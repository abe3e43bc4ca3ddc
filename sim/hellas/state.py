"""The whole Hellas game state: one serializable dataclass (with the game's Dice) so a save
round-trips everything and `seed + actions` replays exactly."""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.board import Block, CardPile
from sim.hellas.registry import hellas
from sim.core.dice import Dice

SIDES = ("sparta", "athens")
SEASONS = ("Spring", "Summer", "High Summer", "Fall", "Winter")
WINTER = 4
POOL, BOX = "pool", "box"
CITY_PREFIX = "city:"


def other(side: str) -> str:
    return "athens" if side == "sparta" else "sparta"


def in_city(city: str) -> str:
    return CITY_PREFIX + city


def city_of(location: str) -> str | None:
    return location[len(CITY_PREFIX):] if location.startswith(CITY_PREFIX) else None


@hellas
@dataclass
class Siege:
    """7.0: a city held by `holder`, besieged by the other side since `established` (a Player
    Turn stamp: season * 2 + turn). `blockaded_since` is the season a blockade began (8.2.1)."""
    city: str
    besieger: str
    established: int
    blockaded_since: int | None = None


@hellas
@dataclass
class Turn:
    """The Player Turn in progress."""
    active: str
    card: str = ""
    use: str = ""                    # "event" or "action"
    actions_left: int = 0
    activated: list[str] = field(default_factory=list)   # areas activated for movement (H-5)
    moved: list[str] = field(default_factory=list)       # blocks that moved (once per turn)
    built: list[str] = field(default_factory=list)       # blocks reinforced this turn
    pass_use: dict[str, int] = field(default_factory=dict)   # "a|b" -> blocks across (H-9)
    entered: dict[str, str] = field(default_factory=dict)    # block -> area it came from
    sorties: list[str] = field(default_factory=list)
    battles: list[str] = field(default_factory=list)     # pending battle locations
    sieges_done: list[str] = field(default_factory=list)
    withdraw_areas: list[str] = field(default_factory=list)
    event_target: str = ""
    assault: str = ""                # city under a declared Assault awaiting the defender
    assault_round: int = 0           # rounds of that Assault fought so far (8.1.2, ruling H-42)
    assault_out: list[str] = field(default_factory=list)   # assaulters routed out of it (8.1.2)
    half_hit: str = ""               # the defender holding a half hit between rounds (8.1.1)
    treachery: bool = False
    poseidon: str = ""               # fleet with Poseidon's favour this turn (§13)
    athena: bool = False             # Athena favours the active side's next battle
    forced_march: bool = False       # the Forced March Event: one Move at +1 allowance
    periplous: bool = False          # the Periplous Event: one fleet move, then a raid
    build_actions: int = 0           # Persian Aid: Actions good for Building only (13.0)


@hellas
@dataclass
class HellasState:
    dice: Dice
    year: int                                   # BC, counts down
    first_year: int
    last_year: int
    season: int = 0                             # index into SEASONS
    season_count: int = 0                       # seasons since the start (for 'previous Season')
    phase: str = "newyear"                      # newyear, initiative, event, actions, sortie,
                                                # withdraw, combat, surrender, escape, over
    blocks: dict[str, Block] = field(default_factory=dict)
    piles: dict[str, CardPile] = field(default_factory=dict)
    cards: dict[str, dict] = field(default_factory=dict)      # card id -> {value, event, side}
    committed: dict[str, list[str]] = field(default_factory=dict)  # side -> [card, use]
    order: list[str] = field(default_factory=list)             # Player Turn order this Season
    turn_index: int = 0
    turn: Turn | None = None
    newyear_events: list[str] = field(default_factory=list)    # sides still to resolve
    prestige: int = 0                            # positive: Athens ahead (§16)
    holder: dict[str, str] = field(default_factory=dict)       # cities held against loyalty
    garrisons: dict[str, str] = field(default_factory=dict)    # city -> "loyal" | "organised"
    sieges: dict[str, Siege] = field(default_factory=dict)
    pillaged: list[str] = field(default_factory=list)          # areas pillaged this Year
    leaders: dict[str, list] = field(default_factory=dict)     # side -> [name, modifier]
    olympians: dict[str, str] = field(default_factory=dict)    # Olympian -> side holding it
    olympians_used: list[str] = field(default_factory=list)
    appeals: list[str] = field(default_factory=list)           # sides still to choose one
    window: list[str] = field(default_factory=list)            # sides still to invoke at reveal
    demeter: dict[str, int] = field(default_factory=dict)      # city -> Season it is spared
    intel: dict[str, dict] = field(default_factory=dict)       # Hermes' findings, per side
    pending_event: list = field(default_factory=list)          # [side, event, target, where]
    leader_left: bool = False
    forts: dict[str, str] = field(default_factory=dict)        # site -> side that fortified it
    helots: list[int] = field(default_factory=list)            # [season, limit, moved] (H-51)
    brasidas_year: int = 0                                     # Year Brasidas' march was used
    persian_aid: bool = False                                  # 13.0 active
    winner: str | None = None
    end_reason: str = ""
    over: bool = False

    @property
    def stamp(self) -> int:
        return self.season_count * 2 + self.turn_index

    def blocks_at(self, loc: str, side: str | None = None) -> list[Block]:
        return sorted((b for b in self.blocks.values()
                       if b.location == loc and (side is None or b.side == side)), key=lambda b: b.id)
