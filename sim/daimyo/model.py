"""The Daimyo army model: troop classifications (1.1-1.4), units and formations (1.5),
leaders (1.6-1.8), clans and armies. Plain serializable dataclasses; rules live elsewhere."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum

from sim.core.codec import serializable
from sim.daimyo.tables import tables


@serializable
class Quality(str, Enum):
    """1.2, worst to best. `rank` orders them (5.1 'enemy of higher quality')."""
    RAW = "raw"
    REGULAR = "regular"      # English original: "Seasoned"
    VETERAN = "veteran"
    ELITE = "elite"

    @property
    def rank(self) -> int:
        return _QUALITY_RANK[self]


_QUALITY_RANK = {Quality.RAW: 0, Quality.REGULAR: 1, Quality.VETERAN: 2, Quality.ELITE: 3}


@serializable
class Armour(str, Enum):
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


@serializable
class Weapon(str, Enum):
    IMW = "imw"                    # improvised melee weapon
    LONG_SPEAR = "long_spear"      # nagae-yari
    POLE_ARM = "pole_arm"
    BOW = "bow"
    ARQUEBUS = "arquebus"
    LANCE = "lance"
    LIGHT_CANNON = "light_cannon"  # 6.1
    HEAVY_CANNON = "heavy_cannon"


MISSILE = (Weapon.BOW, Weapon.ARQUEBUS)


@serializable
class Troop(str, Enum):
    MOUNTED_SAMURAI = "mounted_samurai"
    MOUNTED_MONK = "mounted_monk"
    SAMURAI = "samurai"
    YOUNG_SAMURAI = "young_samurai"
    WARRIOR_MONK = "warrior_monk"
    ASHIGARU = "ashigaru"
    RONIN = "ronin"
    PEASANT = "peasant"
    ARTILLERY = "artillery"
    HQ = "hq"


@serializable
class Formation(str, Enum):
    LINE = "line"
    COLUMN = "column"


class Derived(dict):
    """A cache of values derived from an object's own fields: shallow copies share it (its keys
    hold every number a value depends on), deep copies (snapshots) start it empty."""

    def __deepcopy__(self, memo) -> "Derived":
        return Derived()


@serializable
@dataclass
class Unit:
    """A unit of 2-8 stands (1.5). Its stands are derived from pose and formation:
    (x, y) is the centre of the front edge, `facing` the direction it faces in degrees
    (0 = +x, counter-clockwise, table y up), `files` the stands per rank."""
    id: str
    name: str
    side: str
    clan: str
    troop: Troop
    quality: Quality
    weapons: tuple[Weapon, ...]
    armour: Armour
    stands: int
    files: int
    x: float
    y: float
    facing: float
    stand_w: float = 4.0
    stand_d: float = 1.5
    hatamoto: bool = False
    # condition
    disordered: bool = False
    routing: bool = False
    frenzied: bool = False
    hits: int = 0                      # hits below 3 carry over (ruling D-20)
    times_routed: int = 0
    rally_used: bool = False           # 4.2.2.1 once per game
    remove_at_end_of_turn: bool = False
    gone: str = ""                     # "", "destroyed", "dispersed", "left_table"
    starting_stands: int = 0
    # per-turn flags, cleared at the start of each turn
    activated: bool = False
    moved: bool = False
    shot: bool = False
    fought: bool = False
    charged: bool = False
    move_used: float = 0.0             # cm of this activation's move already spent (4.3)
    reforming: bool = False            # 4.2.2: standing still this turn to reform
    obedience: str = ""                # 1.9 result this turn: "", "passed", "failed"
    halted_turns: int = 0              # 5.1 halt/retire/retreat: turns it must stand still
    halt_about_face: bool = False      # 5.1 Halt: may turn 180 degrees in its second turn (D-80)
    melee_rounds: int = 0
    in_melee_with: list[str] = field(default_factory=list)
    # movement bookkeeping for the current turn (4.3), cleared by command.reset_turn
    move_allowance: float = 0.0        # cm, fixed by the turn's first order (ruling D-35)
    turned_deg: int = 0                # 4.3.5.2: at most 180 degrees of turning a turn
    terrain_paid: list[str] = field(default_factory=list)   # flat terrain costs already paid
    blocked: bool = False              # 4.3.2: walked into by a friend, may not move further
    passed_by_missile: bool = False    # 4.3.2: passed by missile ashigaru; disordered if it moves
    fell_back: bool = False            # 4.3.5.3
    shoot_from: tuple = ()             # 4.3.5.3: (x, y, facing) shooting is measured from
    hits_this_turn: int = 0            # 4.2.2: a unit hit by shooting this turn cannot reform
    mounting: bool = False             # 1.7: hatamoto mounting up this turn
    # combat state (issue 3); the per-turn ones are cleared by combat.start_of_turn
    charge_target: str = ""            # 4.4 the unit it charged this turn
    charge_bonus: bool = False         # 4.4 straight run of at least half the charge move
    charged_by: list[str] = field(default_factory=list)   # 4.5.4 "being charged"
    hit_by_shooting: bool = False      # 4.2.2.1 / ruling D-11
    morale_reasons: list[int] = field(default_factory=list)   # 5.1 triggers this turn
    pursuing: bool = False             # 5.1 +2 while pursuing (this turn)
    pursuit_bonus: str = ""            # 4.6.8: +2 against this enemy in the next melee
    pursuit_disordered: bool = False   # 4.6.8: counts as disordered (long original melee)
    follow_up_bonus: str = ""          # 4.6.3 +1 against this enemy in the next round
    rout_moves: int = 0                # 4.2.2.1 a rout move must precede a rally
    rout_moved: bool = False           # made its rout move this turn (ruling D-51)
    rallied: bool = False              # 4.2.2.1 rallied this turn: motionless
    frenzy_pursuit: str = ""           # 4.6.8 frenzied pursuers keep after these routers
    # artillery (6.1)
    gun_on_table: bool = False         # crew fled: the gun stands uncrewed until a unit takes it
    captured_from: str = ""            # a gun taken over from this side (worth no 5.2 points)
    # derived, never saved: this unit's stand polygons by pose (geometry.shapes, per game)
    shapes: dict = field(default_factory=lambda: Derived(), repr=False, compare=False,
                         metadata={"transient": True})

    def __post_init__(self) -> None:
        if not self.starting_stands:
            self.starting_stands = self.stands

    # -- classification (1.1) ----------------------------------------------------------
    @property
    def row(self):
        # the member's `_value_` (Enum's own field; `.value` goes through a slower descriptor):
        # the rules and the AI read a unit's row about a million times a hard battle
        return tables().troops[self.troop._value_]

    @property
    def cavalry(self) -> bool:
        return self.troop._value_ in tables().cavalry_troops

    @property
    def infantry(self) -> bool:
        return not self.row.cavalry and self.troop not in (Troop.ARTILLERY, Troop.HQ)

    @property
    def samurai(self) -> bool:
        return self.row.samurai

    @property
    def monk(self) -> bool:
        return self.row.monk

    @property
    def missile(self) -> bool:
        return any(w in MISSILE for w in self.weapons)

    @property
    def missile_ashigaru(self) -> bool:
        """4.4, 5.1 reasons 2 and 4: ashigaru armed with bow or arquebus."""
        return self.troop is Troop.ASHIGARU and self.missile

    @property
    def alive(self) -> bool:
        return not self.gone

    # -- formation (1.5) ---------------------------------------------------------------
    @property
    def ranks(self) -> int:
        return math.ceil(self.stands / self.files)

    @property
    def formation(self) -> Formation:
        """1.5: >= 2 wide and <= 2 deep is line; 1 wide, or >= 2 wide and >= 3 deep, column."""
        if self.files >= 2 and self.ranks <= 2:
            return Formation.LINE
        return Formation.COLUMN

    @property
    def width(self) -> float:
        return self.files * self.stand_w

    @property
    def depth(self) -> float:
        return self.ranks * self.stand_d

    # -- movement rates (4.3) ----------------------------------------------------------
    @property
    def move_row(self):
        row = tables().move_rows.get((self.troop._value_, self.armour._value_))
        if row is not None:            # the row below, looked up once (Tables.move_rows)
            return row
        if self.troop is Troop.ARTILLERY:      # 6.1: retire and retreat at the gun's pace too (ruling D-95)
            return tables().movement["artillery_heavy" if Weapon.HEAVY_CANNON in self.weapons else "artillery_light"]
        kind = "cavalry_" if self.cavalry else "infantry_"
        return tables().movement[kind + self.armour._value_]


@serializable
class LeaderKind(str, Enum):
    GENERAL = "general"
    DAIMYO = "daimyo"


@serializable
@dataclass
class Leader:
    """A General (1.7) or a clan leader (1.8): a single figure, optionally attached to a unit."""
    id: str
    name: str
    side: str
    kind: LeaderKind
    rating: int
    clan: str = ""                  # daimyo only
    mounted: bool = True
    seated: bool = False            # General only (1.7)
    x: float = 0.0
    y: float = 0.0
    attached_to: str = ""           # unit id
    alive: bool = True
    moved: bool = False
    carried_cm: float = 0.0         # 4.4: distance carried by his unit this turn (ruling D-46)

    @property
    def speed(self) -> float:
        lm = tables().leader_movement
        return lm["mounted"] if self.mounted else lm["foot"]


@serializable
@dataclass
class Clan:
    id: str
    name: str
    side: str
    daimyo: str                      # leader id
    colour: tuple[int, int, int] = (200, 200, 200)
    attempted: bool = False          # 4.1 once per turn, success or not
    active: bool = False
    inactive_until: int = 0          # scenario rule: no activation before this turn (ruling D-110)
    wake_zone: tuple[tuple[float, float], ...] = ()   # ... or once an enemy unit stands here


@serializable
@dataclass
class Army:
    side: str
    name: str
    general: str                     # leader id
    edge: str                        # own table edge: "south", "north", "west", "east" (ruling D-5)
    hq: str = ""                     # unit id of the HQ, if the General is seated
    units_destroyed: int = 0         # destroyed, dispersed or left the table
    victory_share: float = 1 / 3     # 5.2 (scenario may set armies.victory_share)
    general_inactive_until: int = 0  # scenario rule: a surprised General (ruling D-110)
