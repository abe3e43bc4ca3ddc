"""The whole state of a Daimyo game: one serializable dataclass (saves round-trip it)."""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core.codec import serializable
from sim.core.dice import Dice
from sim.daimyo.model import Army, Clan, Derived, Leader, Unit
from sim.daimyo.terrain import Feature


@serializable
@dataclass
class Decision:
    """A choice the game waits for, e.g. the initiative winner choosing to go first (3) or a
    charged unit's owner choosing its reaction (4.4). The newest pending decision acts first."""
    side: str
    kind: str
    data: dict = field(default_factory=dict)


@serializable
@dataclass
class DaimyoState:
    dice: Dice
    width: float
    height: float
    terrain: list[Feature]
    armies: dict[str, Army]
    clans: dict[str, Clan]
    units: dict[str, Unit]
    leaders: dict[str, Leader]
    options: dict
    turn: int = 0
    phase: str = "setup"            # choose_order | activation | orders | shooting | melee | end | leaders | over
    initiative: str = ""            # side holding the initiative this turn (3)
    to_move: str = ""               # side whose activation choice or orders are awaited
    active_clan: str = ""
    active_general: str = ""        # side whose General was activated (4.1)
    pending: list[Decision] = field(default_factory=list)
    leaders_done: list[str] = field(default_factory=list)
    general_used_sides: list[str] = field(default_factory=list)   # 4.1 General activated
    weather: str = "fine"
    season: str = ""
    event: str = ""                 # 5.3 random event in force this turn
    winner: str = ""
    over_reason: str = ""
    first_shot_done: list[str] = field(default_factory=list)   # 4.5.4 units that have shot (D-101)
    routs: list[tuple[float, float, str]] = field(default_factory=list)  # where units routed/died
    # Derived, never saved: terrain movement views and stand polygons (terrain, movement), the
    # table arrays and the plan memo; a deep copy (a replay's snapshot) starts it empty
    geometry_cache: dict = field(default_factory=Derived, repr=False, compare=False,
                                metadata={"transient": True})
    # combat (issue 3)
    melee_rounds: dict[str, int] = field(default_factory=dict)   # pair key -> rounds fought
    melee_start: dict[str, int] = field(default_factory=dict)    # pair key -> turn it began
    melee_fought: list[str] = field(default_factory=list)        # pair keys fought this turn
    leader_deaths: list[tuple[float, float, str]] = field(default_factory=list)  # this turn
    event_turns: int = 0            # 5.3 turns left of the event in force (poor visibility)
    sunset_turn: int = 0            # 5.3 sunset: the game ends after this turn
    challengers: list[str] = field(default_factory=list)        # 4.4 leaders who challenged this turn
    event_clan: str = ""            # 5.3 the first clan activated in the event's turn
    heroic_unit: str = ""           # 5.3 event 4: the first unit to charge into melee
    victory_conditions: list[dict] = field(default_factory=list)   # 5.2 scenario conditions

    # -- queries used everywhere ---------------------------------------------------------
    # `not u.gone` is `u.alive` without the property's call: these scans run about 1,700 times
    # in a replay of the reference battle
    def living(self, side: str | None = None) -> list[Unit]:
        if side is None:
            return [u for u in self.units.values() if not u.gone]
        return [u for u in self.units.values() if not u.gone and u.side == side]

    def clan_units(self, clan: str) -> list[Unit]:
        return [u for u in self.units.values() if not u.gone and u.clan == clan]

    def enemy(self, side: str) -> str:
        return next(s for s in self.armies if s != side)

    def general(self, side: str) -> Leader:
        return self.leaders[self.armies[side].general]

    def daimyo(self, clan: str) -> Leader:
        return self.leaders[self.clans[clan].daimyo]

    def attached(self, unit_id: str) -> list[Leader]:
        return [l for l in self.leaders.values() if l.alive and l.attached_to == unit_id]
