"""Daimyo scenario files: TOML validated with pydantic into the army model.

Every problem becomes one ScenarioError naming the file, the key path and what was expected.
Checks that need the whole picture (ids, troop table, formations, overlaps, table bounds,
terrain validity, hatamoto distance) are made after the schema, with the key path of the
offending entry.
"""
from __future__ import annotations

from typing import Annotated, Literal

import shapely
from pydantic import BaseModel, ConfigDict, Field

from sim.core.errors import ScenarioError
from sim.core.scenario import validate_model
from sim.daimyo.tables import tables

Edge = Literal["north", "south", "east", "west"]
Weather = Literal["fine", "light_rain", "heavy_rain", "thunderstorm", "snowing", "fog"]   # 6.2


class _M(BaseModel):
    # NaN or infinite numbers (legal TOML) are refused by name, not left to crash geometry
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


# Bounds on what `check` accepts, so that nothing it accepts can break the geometry or the
# table view: a table of at most 100 m, every point within 100 m of it, angles within ten turns,
# colours as bytes, names of a line.
Cm = Annotated[float, Field(ge=-10_000, le=10_000)]
Angle = Annotated[float, Field(ge=-3600, le=3600)]
Byte = Annotated[int, Field(ge=0, le=255, strict=True)]
Label = Annotated[str, Field(max_length=120)]
Ident = Annotated[str, Field(min_length=1, max_length=120)]


class Meta(_M):
    title: str
    notes: str = ""
    sources: list[str] = []


class Table(_M):
    width: float = Field(gt=0, le=10_000)
    height: float = Field(gt=0, le=10_000)


class WeatherStep(_M):
    """From the start of `turn` the weather is `weather` (no 6.2 roll that turn); with
    `hold_until`, no 6.2 roll is made before that turn either (ruling D-111)."""
    turn: int = Field(ge=1)
    weather: Weather
    hold_until: int = 0


class Options(_M):
    weather: bool = False            # 6.2
    random_events: bool = False      # 5.3
    artillery: bool = True           # 6.1
    max_turns: int = Field(15, ge=1, le=100)
    season: Literal["roll", "spring_autumn", "summer", "winter"] = "roll"
    start_weather: Weather = "fine"   # 6.2
    sunset_ignored: bool = False     # 5.3 event 2 may be ignored by agreement
    weather_script: list[WeatherStep] = []   # scenario weather (6.2 "a specific scenario")


class InactiveIn(_M):
    """Scenario rule: no activation (4.1) before `turn`; with `enemy_enters`, from the turn
    after an enemy unit first stands in that zone, if that comes first (ruling D-110)."""
    turn: int = Field(ge=2)
    enemy_enters: list[tuple[Cm, Cm]] = []


class TerrainIn(_M):
    id: Ident
    kind: Ident
    points: list[tuple[Cm, Cm]] = Field(min_length=2, max_length=1_000)
    name: Label = ""
    wide_stream: bool = False        # 4.3.1: this river is crossed anywhere, as difficult terrain


class LeaderIn(_M):
    name: Ident
    rating: int | Literal["roll"] = "roll"   # 1.7, 1.8: rolled on the command rating table
    x: Cm
    y: Cm
    mounted: bool = True
    attach: Label = ""


class GeneralIn(LeaderIn):
    seated: bool = True


class HQIn(_M):
    x: Cm
    y: Cm
    facing: Angle = 90.0


class UnitIn(_M):
    id: Ident
    name: Label = ""
    troop: Ident
    quality: Ident
    weapons: list[Ident] = Field(min_length=1, max_length=10)
    armour: Ident
    stands: int = Field(ge=1, le=100)
    files: int = Field(ge=1, le=100)
    x: Cm
    y: Cm
    facing: Angle
    hatamoto: bool = False


class ClanIn(_M):
    id: Ident
    name: Label
    colour: tuple[Byte, Byte, Byte] | None = None     # none given: the army's palette (build.py)
    daimyo: LeaderIn
    units: list[UnitIn] = Field(min_length=1, max_length=6)   # 1.5: 1-6 units a clan
    inactive_until: InactiveIn | None = None


class ArmyIn(_M):
    side: Ident
    name: Label
    edge: Edge
    general: GeneralIn
    hq: HQIn | None = None
    deploy: list[tuple[Cm, Cm]] = Field(default_factory=list, max_length=1_000)  # deployment zone polygon
    clans: list[ClanIn] = Field(min_length=1, max_length=50)
    victory_share: float = Field(1 / 3, gt=0, lt=1)   # 5.2: more than a third lost
    inactive_until: InactiveIn | None = None      # every clan and the General (a surprise)


class VictoryIn(_M):
    """5.2 scenario victory condition, checked besides the army-break rule (ruling D-85):
    `winner` wins when `target` leader is killed (leader_killed), `target` unit is lost
    (unit_lost), or at the end of turn `turn` if nothing else decided the battle (turn_end)."""
    winner: Ident
    when: Literal["leader_killed", "unit_lost", "turn_end"]
    target: Label = ""
    turn: int = Field(0, ge=0, le=1_000)
    text: Annotated[str, Field(max_length=1_000)] = ""


class ScenarioIn(_M):
    system: Literal["daimyo"]
    meta: Meta
    table: Table
    options: Options = Options()
    terrain: list[TerrainIn] = Field(default_factory=list, max_length=500)
    armies: list[ArmyIn] = Field(min_length=2, max_length=2)
    victory: list[VictoryIn] = []


def parse(data: dict, where: str) -> ScenarioIn:
    sc = validate_model(ScenarioIn, data, where)
    _check_semantics(sc, where)
    return sc


def _check_semantics(sc: ScenarioIn, where: str) -> None:
    from sim.daimyo.build import unit_from_spec  # late: build imports this module's models
    from sim.daimyo.geometry import footprint
    from sim.daimyo.terrain import Feature, TerrainMap, TerrainParts

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
        else:
            poly = shapely.LineString(f.points)
        if not poly.intersects(table):
            raise ScenarioError(where, f"{key}.points", "the feature lies wholly off the table")

    features = [Feature(f.id, f.kind, tuple(map(tuple, f.points)), f.name, f.wide_stream) for f in sc.terrain]
    parts = TerrainParts(features)        # every unit's map below shares the features' ground
    sides = [a.side for a in sc.armies]
    if len(set(sides)) != 2:
        raise ScenarioError(where, "armies", f"the two armies need different sides (got {sides})")
    placed: list[tuple[str, object]] = []
    for ai, army in enumerate(sc.armies):
        akey = f"armies.{ai}"
        if army.deploy and len(army.deploy) < 3:
            raise ScenarioError(where, f"{akey}.deploy", "deployment zone must be a valid polygon of 3+ points")
        zone = shapely.Polygon(army.deploy) if army.deploy else None
        if zone is not None and not zone.is_valid:
            raise ScenarioError(where, f"{akey}.deploy",
                                f"deployment zone must be a valid polygon ({shapely.is_valid_reason(zone)})")
        _rating(army.general.rating, t.command_rating.general_range, where, f"{akey}.general.rating")
        general_at = shapely.Point(army.general.x, army.general.y)
        if not table.contains(general_at):
            raise ScenarioError(where, f"{akey}.general", "the General stands off the table")
        if army.hq is not None and not army.general.seated:
            raise ScenarioError(where, f"{akey}.hq", "1.7: a Mobile General has no HQ")
        if army.hq is None and army.general.seated:
            raise ScenarioError(where, f"{akey}.hq", "1.7: a Seated General starts at his HQ; give hq = { x, y }")
        if army.hq is not None:
            # 1.7: the HQ is a 40 x 30 mm stand; it must stand on the table, clear of units
            hq_shape = _hq_shape(army.hq)
            if not table.contains(hq_shape):
                raise ScenarioError(where, f"{akey}.hq", "the HQ stands (partly) off the table")
            placed_hq = (f"HQ of {army.side}", hq_shape)
        else:
            placed_hq = None
        all_units = [u for c in army.clans for u in c.units]
        if army.general.attach and army.general.attach not in {u.id for u in all_units}:
            raise ScenarioError(where, f"{akey}.general.attach",
                                f"4.4: the General attaches to a unit of his own army; {army.general.attach!r} is not one")
        guards = [u.id for u in all_units if u.hatamoto]
        if len(guards) > 1:
            raise ScenarioError(where, f"{akey}", f"1.7: the General has one hatamoto, not {len(guards)} ({guards})")
        for ci, clan in enumerate(army.clans):
            d = clan.daimyo
            if not table.contains(shapely.Point(d.x, d.y)):
                raise ScenarioError(where, f"{akey}.clans.{ci}.daimyo", "the daimyo stands off the table")
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
                if u.troop == "artillery" and not sc.options.artillery:
                    raise ScenarioError(where, f"{ukey}.troop", "6.1: artillery is switched off (options.artillery = false)")
                if u.hatamoto and (t.troops[u.troop].cavalry == army.general.seated):
                    need = "foot" if army.general.seated else "mounted"
                    raise ScenarioError(where, f"{ukey}.troop",
                                        f"1.7: a {'Seated' if army.general.seated else 'Mobile'} General's hatamoto is {need}")
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
                for patch in TerrainMap(features, unit.cavalry, unit.stands, parts).patches:
                    # 4.3.1: ground the unit could never enter (river, cliff, a house too small...)
                    if patch.effect == "impassable" and shapely.intersects(patch.interior, shape):
                        raise ScenarioError(where, ukey, f"unit {u.id!r} stands on impassable terrain {patch.id!r} "
                                                         f"({patch.kind}; 4.3.1: it may not enter it)")
                placed.append((u.id, shape))
        if placed_hq is not None:
            for other_id, other in placed:
                if placed_hq[1].intersection(other).area > 1e-6:
                    raise ScenarioError(where, f"{akey}.hq", f"the HQ overlaps unit {other_id!r}")
            placed.append(placed_hq)
    _check_victory(sc, where)
    _check_scenario_rules(sc, where)


def _check_victory(sc: ScenarioIn, where: str) -> None:
    """5.2 scenario conditions name a side, and a leader (general-<side>, daimyo-<clan>), a
    unit (its id, hq-<side>) that exists or a turn of the game; none is listed twice and only
    one side wins at the end of a given turn (ruling D-85)."""
    sides = [a.side for a in sc.armies]
    leaders = {f"general-{a.side}" for a in sc.armies} | {f"daimyo-{c.id}" for a in sc.armies for c in a.clans}
    units = {u.id for a in sc.armies for c in a.clans for u in c.units} | \
        {f"hq-{a.side}" for a in sc.armies if a.hq is not None}
    mobile = {f"hq-{a.side}": a.side for a in sc.armies if a.hq is None}
    last, seen = sc.options.max_turns, {}
    for i, v in enumerate(sc.victory):
        key = f"victory.{i}"
        if v.winner not in sides:
            raise ScenarioError(where, f"{key}.winner", f"5.2: the winner is a side, one of {sides} (got {v.winner!r})")
        if v.when == "leader_killed" and v.target not in leaders:
            raise ScenarioError(where, f"{key}.target", f"5.2: no leader {v.target!r}; expected one of {sorted(leaders)}")
        if v.when == "unit_lost" and v.target in mobile:
            raise ScenarioError(where, f"{key}.target",
                                f"1.7: {mobile[v.target]} has a Mobile General and no HQ to lose")
        if v.when == "unit_lost" and v.target not in units:
            raise ScenarioError(where, f"{key}.target", f"5.2: no unit {v.target!r}; expected one of {sorted(units)}")
        if v.when == "turn_end" and v.turn < 1:
            raise ScenarioError(where, f"{key}.turn", "5.2: a turn_end condition needs turn = 1 or more")
        if v.when == "turn_end" and v.turn > last:
            raise ScenarioError(where, f"{key}.turn", f"turn {v.turn} is after the last turn (options.max_turns = {last})")
        key_of = (v.winner, v.when, v.target, v.turn)
        if key_of in seen:
            raise ScenarioError(where, key, f"5.2: the same condition is listed twice (victory.{seen[key_of]})")
        seen[key_of] = i
        if v.when == "turn_end":
            rival = next((j for j, w in enumerate(sc.victory[:i]) if w.when == "turn_end" and w.turn == v.turn
                          and w.winner != v.winner), None)
            if rival is not None:
                raise ScenarioError(where, f"{key}.winner",
                                    f"5.2: only one side may win at the end of turn {v.turn} (victory.{rival} names {sc.victory[rival].winner!r})")


def _check_scenario_rules(sc: ScenarioIn, where: str) -> None:
    """The scenario's special rules: weather script, late clans and the crossing mode of each
    river (victory conditions: _check_victory)."""
    t = tables()
    for i, f in enumerate(sc.terrain):
        if f.wide_stream and t.terrain[f.kind].effect != "river":
            raise ScenarioError(where, f"terrain.{i}.wide_stream",
                                f"4.3.1: only a river may be crossed as a wide stream, not {f.kind!r}")
    # A step or a release after the last turn is allowed: it never comes in a game shortened
    # by option, and with the weather switched off the script is ignored (rulings D-111, D-96).
    steps = sc.options.weather_script
    for i, step in enumerate(steps):
        key = f"options.weather_script.{i}"
        if i and step.turn <= steps[i - 1].turn:
            raise ScenarioError(where, f"{key}.turn", "weather steps must be in turn order, one a turn")
        if step.hold_until and step.hold_until <= step.turn:
            raise ScenarioError(where, f"{key}.hold_until",
                                f"hold_until must be after the step's turn {step.turn} (got {step.hold_until})")
    for ai, army in enumerate(sc.armies):
        akey = f"armies.{ai}"
        late = [(f"{akey}.inactive_until", army.inactive_until)]
        late += [(f"{akey}.clans.{ci}.inactive_until", c.inactive_until) for ci, c in enumerate(army.clans)]
        for key, rule in late:
            if rule is None:
                continue
            if rule.enemy_enters:
                zone = shapely.Polygon(rule.enemy_enters) if len(rule.enemy_enters) >= 3 else None
                if zone is None or not zone.is_valid or zone.area <= 0:
                    why = shapely.is_valid_reason(zone) if zone is not None else "fewer than 3 points"
                    raise ScenarioError(where, f"{key}.enemy_enters", f"the trigger zone must be a valid polygon ({why})")


def _hq_shape(hq: HQIn):
    from sim.daimyo.build import DEPTH, STAND_W
    from sim.daimyo.geometry import footprint
    from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon
    stand = Unit("hq", "hq", "", "", Troop.HQ, Quality.REGULAR, (Weapon.IMW,), Armour.LIGHT, 1, 1,
                 hq.x, hq.y, hq.facing, STAND_W, DEPTH["deep"])
    return footprint(stand)


def _rating(value, bounds, where, key) -> None:
    if value != "roll" and not bounds[0] <= value <= bounds[1]:
        raise ScenarioError(where, key, f"command rating must be {bounds[0]}-{bounds[1]} or \"roll\" (got {value})")


def _check_unit(u: UnitIn, where: str, key: str) -> None:
    t = tables()
    if u.troop not in t.troops or u.troop == "hq":
        raise ScenarioError(where, f"{key}.troop", f"unknown troop type {u.troop!r}; expected one of {sorted(set(t.troops) - {'hq'})}")
    row = t.troops[u.troop]
    if u.troop == "artillery" and u.quality not in row.qualities:
        raise ScenarioError(where, f"{key}.quality", f"6.1: gun crews are always regular, not {u.quality!r}")
    if u.quality not in row.qualities:
        raise ScenarioError(where, f"{key}.quality", f"1.2: {u.troop} may be {' or '.join(row.qualities)}, not {u.quality!r}")
    if len(set(u.weapons)) != len(u.weapons):
        raise ScenarioError(where, f"{key}.weapons", f"a weapon is listed twice: {u.weapons}")
    bad = [w for w in u.weapons if w not in row.weapons]
    if bad:
        raise ScenarioError(where, f"{key}.weapons", f"1.3: {u.troop} may not carry {bad}; allowed {list(row.weapons)}")
    if u.troop == "artillery" and len(set(u.weapons)) != 1:
        raise ScenarioError(where, f"{key}.weapons",
                            '6.1: a gun is light or heavy: weapons = ["light_cannon"] or ["heavy_cannon"]')
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
