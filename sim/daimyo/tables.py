"""Daimyo rules tables, loaded from data/tables.toml and validated once (DESIGN.md seam 4)."""
from __future__ import annotations

from functools import cached_property, lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from sim.core.reading import read_toml
from sim.core.scenario import validate_model


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TroopRow(_Strict):
    cavalry: bool = False
    samurai: bool = False
    monk: bool = False
    qualities: tuple[str, ...]
    weapons: tuple[str, ...]
    required: tuple[str, ...] = ()
    armour: tuple[str, ...]


class MoveRow(_Strict):
    normal: float
    charge: float
    rout: tuple[float, float, float, float, float, float]


class Manoeuvre(_Strict):
    column_bonus_cm: float
    wheel_cost: dict[str, float]
    turn_fraction: dict[str, float]
    disorder_factor: float
    fall_back_cm: float
    charge_approach_cm: float


class CommandRating(_Strict):
    general: tuple[int, int, int, int, int, int]
    daimyo: tuple[int, int, int, int, int, int]
    general_range: tuple[int, int]
    daimyo_range: tuple[int, int]


class Command(_Strict):
    command_range_cm: float
    hatamoto_range_cm: float
    activation_target: int
    seated_general_bonus: int
    obedience_target: int


class TerrainRow(_Strict):
    effect: str
    hill: bool = False
    cover: bool = False
    blocks_los: bool = False
    building: bool = False
    impassable_to: str = ""

    @field_validator("effect")
    @classmethod
    def _effect(cls, v):
        allowed = {"open", "light", "difficult", "obstacle", "impassable", "road", "river"}
        if v not in allowed:
            raise ValueError(f"effect must be one of {sorted(allowed)}")
        return v


class TerrainEffects(_Strict):
    light_cm: float
    difficult_infantry_factor: float
    difficult_cavalry_factor: float
    obstacle_infantry_cm: float
    obstacle_cavalry_cm: float
    road_column_factor: float
    house_max_stands: int
    max_turn_deg: int


class Tables(_Strict):
    troops: dict[str, TroopRow]
    movement: dict[str, MoveRow]
    leader_movement: dict[str, float]
    manoeuvre: Manoeuvre
    command_rating: CommandRating
    command: Command
    pass_score: dict[str, int] = Field(min_length=4)
    terrain: dict[str, TerrainRow]
    terrain_effects: TerrainEffects
    # combat (issue 3): models defined below, resolved by model_rebuild()
    shooting: Shooting
    shooting_modifiers: dict[str, int]
    weather_shooting: dict[str, tuple[int, int]]
    artillery_ranges: dict[str, tuple[float, float]]
    artillery_modifiers: dict[str, int]
    melee: Melee
    melee_modifiers: dict[str, int]
    morale: Morale
    morale_modifiers: dict[str, int]
    morale_results: MoraleResults
    frenzy: Frenzy
    duel: Duel
    victory: dict[str, int]
    weather: Weather
    random_events: RandomEvents

    # derived lookups (never saved): the rules and the AI ask a unit's kind and movement row
    # hundreds of thousands of times a hard battle (model.Unit.cavalry, move_row)
    @cached_property
    def cavalry_troops(self) -> frozenset[str]:
        """The troop kinds that are cavalry (TroopRow.cavalry)."""
        return frozenset(k for k, row in self.troops.items() if row.cavalry)

    @cached_property
    def move_rows(self) -> dict[tuple[str, str], MoveRow]:
        """(troop kind, armour) -> its movement row (4.3): the cavalry or infantry row of that
        armour, where the table has one; not the guns, whose row is their piece's (6.1)."""
        return {(k, armour): self.movement[kind]
                for k, row in self.troops.items() if k != "artillery" for armour in ("light", "medium", "heavy")
                if (kind := ("cavalry_" if row.cavalry else "infantry_") + armour) in self.movement}

    @field_validator("movement")
    @classmethod
    def _all_rows(cls, v):
        need = {"cavalry_heavy", "cavalry_medium", "infantry_heavy", "infantry_medium", "infantry_light"}
        if missing := need - set(v):
            raise ValueError(f"movement rows missing: {sorted(missing)}")
        return v


@lru_cache(maxsize=1)
def tables() -> Tables:
    path = Path(__file__).parent / "data" / "tables.toml"
    return validate_model(Tables, read_toml(path), "sim/daimyo/data/tables.toml")


# -- combat tables (issue 3) ---------------------------------------------------------------
class Shooting(_Strict):
    effective_cm: float
    long_cm: float
    woods_cm: float
    fog_cm: float
    hit_on: int
    hits_per_stand: int
    building_max_stands: int
    leader_killed_max: int


class Melee(_Strict):
    hit_on: int
    hits_per_stand: int
    push_back_cm: float
    rout_margin: int
    hq_front_stands: int
    building_max_stands: int


class Morale(_Strict):
    range_cm: float
    melee_range_cm: float
    auto_pass: int
    auto_fail: int


Row5 = tuple[str, str, str, str, str]


class MoraleResults(_Strict):
    lost_stand: Row5
    charged: Row5
    wants_to_charge: Row5
    critical: Row5
    rally: Row5


class Frenzy(_Strict):
    stays_on: int
    warrior_monk_bonus: int
    young_samurai_bonus: int
    samurai_faces: tuple[int, ...]
    monk_faces: tuple[int, ...]


class Duel(_Strict):
    glory_max: int
    rating_min: int
    refusal_withdraw_cm: float
    contact_cm: float


class Weather(_Strict):
    season: tuple[str, str, str, str, str, str]
    clears_on: int
    winter_clearing_modifier: int
    spring_autumn: tuple[str, ...] = Field(min_length=11, max_length=11)
    summer: tuple[str, ...] = Field(min_length=11, max_length=11)
    winter: tuple[str, ...] = Field(min_length=11, max_length=11)
    visibility: dict[str, float]


class RandomEvents(_Strict):
    occurs_on: int
    table: tuple[str, str, str, str, str, str]
    visibility_clears_on: int


Tables.model_rebuild()
