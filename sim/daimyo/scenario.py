"""Daimyo scenario files: TOML validated with pydantic into the army model.

Every problem becomes one ScenarioError naming the file, the key path and what was expected.
Checks that need the whole picture (ids, troop table, formations, overlaps, table bounds,
terrain validity, hatamoto distance) are made after the schema, with the key path of the
offending entry.
"""
from __future__ import annotations

from typing import Literal

import shapely
from pydantic import BaseModel, ConfigDict, Field

from sim.core.errors import ScenarioError
from sim.core.scenario import validate_model
from sim.daimyo.tables import tables

Edge = Literal["north", "south", "east", "west"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Meta(_M):
    title: str
    notes: str = ""
    sources: list[str] = []


class Table(_M):
    width: float = Field(gt=0)
    height: float = Field(gt=0)


class Options(_M):
    weather: bool = False            # 6.2
    random_events: bool = False      # 5.3
    artillery: bool = True           # 6.1
    max_turns: int = Field(15, ge=1, le=100)
    season: Literal["roll", "spring_autumn", "summer", "winter"] = "roll"
    start_weather: str = "fine"
    sunset_ignored: bool = False     # 5.3 event 2 may be ignored by agreement


class TerrainIn(_M):
    id: str
    kind: str
    points: list[tuple[float, float]] = Field(min_length=2)
    name: str = ""


class LeaderIn(_M):
    name: str
    rating: int | Literal["roll"] = "roll"   # 1.7, 1.8: rolled on the command rating table
    x: float
    y: float
    mounted: bool = True
    attach: str = ""


class GeneralIn(LeaderIn):
    seated: bool = True


class HQIn(_M):
    x: float
    y: float
    facing: float = 90.0


class UnitIn(_M):
    id: str
    name: str = ""
    troop: str
    quality: str
    weapons: list[str] = Field(min_length=1)
    armour: str
    stands: int
    files: int = Field(ge=1)
    x: float
    y: float
    facing: float
    hatamoto: bool = False


class ClanIn(_M):
    id: str
    name: str
    colour: tuple[int, int, int] = (200, 200, 200)
    daimyo: LeaderIn
    units: list[UnitIn] = Field(min_length=1, max_length=6)   # 1.5: 1-6 units a clan


class ArmyIn(_M):
    side: str
    name: str
    edge: Edge
    general: GeneralIn
    hq: HQIn | None = None
    deploy: list[tuple[float, float]] = []        # optional deployment zone polygon
    clans: list[ClanIn] = Field(min_length=1)
    victory_share: float = Field(1 / 3, gt=0, lt=1)   # 5.2: more than a third lost


class ScenarioIn(_M):
    system: Literal["daimyo"]
    meta: Meta
    table: Table
    options: Options = Options()
    terrain: list[TerrainIn] = []
    armies: list[ArmyIn] = Field(min_length=2, max_length=2)


def parse(data: dict, where: str) -> ScenarioIn:
    sc = validate_model(ScenarioIn, data, where)
    _check_semantics(sc, where)
    return sc


def _check_semantics(sc: ScenarioIn, where: str) -> None:
    from sim.daimyo.build import unit_from_spec  # late: build imports this module's models
    from sim.daimyo.geometry import footprint

    t = tables()
    table = shapely.box(0, 0, sc.table.width, sc.table.height)
    ids: dict[str, str] = {}

    def unique(key: str, ident: str) -> None:
        if ident in ids:
            raise ScenarioError(where, key, f"id {ident!r} is used twice (also at {ids[ident]})")
        ids[ident] = key

    for i, f in enumerate(sc.terrain):
        key = f"terrain.{i}"
        unique(f"{key}.id", f.id)
        if f.kind not in t.terrain:
            raise ScenarioError(where, f"{key}.kind", f"unknown terrain {f.kind!r}; expected one of {sorted(t.terrain)}")
        if t.terrain[f.kind].effect != "obstacle":
            if len(f.points) < 3:
                raise ScenarioError(where, f"{key}.points", "an area feature needs at least 3 points")
            poly = shapely.Polygon(f.points)
            if not poly.is_valid or poly.area <= 0:
                raise ScenarioError(where, f"{key}.points", f"invalid polygon ({shapely.is_valid_reason(poly)})")

    sides = [a.side for a in sc.armies]
    if len(set(sides)) != 2:
        raise ScenarioError(where, "armies", f"the two armies need different sides (got {sides})")
    placed: list[tuple[str, object]] = []
    for ai, army in enumerate(sc.armies):
        akey = f"armies.{ai}"
        zone = shapely.Polygon(army.deploy) if army.deploy else None
        if zone is not None and (len(army.deploy) < 3 or not zone.is_valid):
            raise ScenarioError(where, f"{akey}.deploy", "deployment zone must be a valid polygon of 3+ points")
        _rating(army.general.rating, t.command_rating.general_range, where, f"{akey}.general.rating")
        general_at = shapely.Point(army.general.x, army.general.y)
        if not table.contains(general_at):
            raise ScenarioError(where, f"{akey}.general", "the General stands off the table")
        if army.hq is not None and not army.general.seated:
            raise ScenarioError(where, f"{akey}.hq", "1.7: a Mobile General has no HQ")
        for ci, clan in enumerate(army.clans):
            ckey = f"{akey}.clans.{ci}"
            unique(f"{ckey}.id", clan.id)
            _rating(clan.daimyo.rating, t.command_rating.daimyo_range, where, f"{ckey}.daimyo.rating")
            unit_ids = {u.id for u in clan.units}
            if clan.daimyo.attach and clan.daimyo.attach not in unit_ids:
                raise ScenarioError(where, f"{ckey}.daimyo.attach",
                                    f"1.8/4.4: a daimyo attaches only to his own clan's units; {clan.daimyo.attach!r} is not one")
            for ui, u in enumerate(clan.units):
                ukey = f"{ckey}.units.{ui}"
                unique(f"{ukey}.id", u.id)
                _check_unit(u, where, ukey)
                unit = unit_from_spec(u, army.side, clan.id)
                shape = footprint(unit)
                if not table.contains(shape):
                    raise ScenarioError(where, ukey, f"unit {u.id!r} is (partly) off the table")
                if zone is not None and not zone.buffer(0.01).contains(shape):
                    raise ScenarioError(where, ukey, f"unit {u.id!r} is outside its army's deployment zone")
                for other_id, other in placed:
                    if shape.intersection(other).area > 1e-6:
                        raise ScenarioError(where, ukey, f"unit {u.id!r} overlaps unit {other_id!r}")
                if u.hatamoto and shape.distance(general_at) > t.command.hatamoto_range_cm:
                    raise ScenarioError(where, ukey, "1.7: the hatamoto must start within 20 cm of the General")
                for fi, f in enumerate(sc.terrain):
                    row = t.terrain[f.kind]
                    if row.impassable_to == "all" and shapely.Polygon(f.points).intersection(shape).area > 1e-6:
                        raise ScenarioError(where, ukey, f"unit {u.id!r} stands on impassable terrain {f.id!r}")
                placed.append((u.id, shape))


def _rating(value, bounds, where, key) -> None:
    if value != "roll" and not bounds[0] <= value <= bounds[1]:
        raise ScenarioError(where, key, f"command rating must be {bounds[0]}-{bounds[1]} or \"roll\" (got {value})")


def _check_unit(u: UnitIn, where: str, key: str) -> None:
    t = tables()
    if u.troop not in t.troops:
        raise ScenarioError(where, f"{key}.troop", f"unknown troop type {u.troop!r}; expected one of {sorted(t.troops)}")
    row = t.troops[u.troop]
    if u.quality not in row.qualities:
        raise ScenarioError(where, f"{key}.quality", f"1.2: {u.troop} may be {' or '.join(row.qualities)}, not {u.quality!r}")
    bad = [w for w in u.weapons if w not in row.weapons]
    if bad:
        raise ScenarioError(where, f"{key}.weapons", f"1.3: {u.troop} may not carry {bad}; allowed {list(row.weapons)}")
    if missing := [w for w in row.required if w not in u.weapons]:
        raise ScenarioError(where, f"{key}.weapons", f"1.3: {u.troop} must carry {missing}")
    if u.armour not in row.armour:
        raise ScenarioError(where, f"{key}.armour", f"1.4: {u.troop} wears {' or '.join(row.armour)} armour, not {u.armour!r}")
    lo = 1 if u.troop in ("artillery", "hq") else (2 if u.hatamoto else 2)
    hi = 4 if u.hatamoto else 8
    if u.troop in ("artillery", "hq"):
        hi = 1
    if not lo <= u.stands <= hi:
        what = "1.7: a hatamoto has 2-4 stands" if u.hatamoto else "1.5: a unit has 2-8 stands"
        if u.troop in ("artillery", "hq"):
            what = "6.1: a gun or HQ is one stand"
        raise ScenarioError(where, f"{key}.stands", f"{what} (got {u.stands})")
    if u.files > u.stands:
        raise ScenarioError(where, f"{key}.files", f"1.5: {u.files} files need at least {u.files} stands (got {u.stands})")
