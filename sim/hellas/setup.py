"""Scenario files (scenarios/hellas/*.toml): validated with pydantic, then turned into the
starting state. Names of cities, areas and leaders are checked against the map."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from sim.board import Block
from sim.board.blocks import assign_ids
from sim.core.dice import Dice
from sim.core.errors import ScenarioError, shorten
from sim.core.scenario import validate_model
from sim.core.schema import Meta, Name, Strict
from sim.hellas.mapdata import HellasMap
from sim.hellas.query import loyal_side
from sim.hellas.state import BOX, POOL, HellasState, Siege

KINDS = ("hoplite", "infantry", "archers", "cavalry", "fleet", "barbarian")


class _Setup(Strict):
    first_year: int = Field(ge=404, le=431)
    last_year: int = Field(ge=404, le=431)
    prestige: int = Field(0, ge=-50, le=50)   # ruling H-36; far beyond any lead a game reaches


class _Leader(Strict):
    name: Name
    modifier: int = Field(ge=0, le=2)


class _Siege(Strict):
    city: Name
    besieger: Literal["athens", "sparta"]


class _Block(Strict):
    side: Literal["athens", "sparta"]
    name: Name
    kind: Literal[KINDS]  # type: ignore[valid-type]
    rating: str = Field(pattern=r"^[A-F][1-3]$")
    steps: int = Field(ge=1, le=4)
    max: int = Field(ge=1, le=4)
    at: Name
    home: Annotated[str, Field(max_length=120)] = ""
    count: int = Field(default=1, ge=1, le=6)


class Scenario(Strict):
    system: Literal["hellas"]
    meta: Meta
    setup: _Setup
    leaders: dict[Literal["athens", "sparta"], _Leader] = {}
    siege: list[_Siege] = Field(default_factory=list, max_length=50)
    block: list[_Block] = Field(max_length=300)


def parse(data: dict, where: str, m: HellasMap) -> Scenario:
    sc = validate_model(Scenario, data, where)
    if sc.setup.last_year > sc.setup.first_year:
        raise ScenarioError(where, "setup.last_year", "years are BC: last_year must not exceed first_year")
    for i, b in enumerate(sc.block):
        if b.at not in (POOL, BOX) and b.at not in m.cities and b.at not in m.board.graph:
            raise ScenarioError(where, f"block[{i}].at", f"unknown city or area {shorten(b.at)}")
        if b.home and b.home not in m.cities:
            raise ScenarioError(where, f"block[{i}].home", f"unknown city {shorten(b.home)}")
        if b.steps > b.max:
            raise ScenarioError(where, f"block[{i}].steps", "more steps than the block's maximum")
        at_sea = b.at in m.board.graph and m.is_sea(b.at)
        if at_sea and b.kind != "fleet":
            raise ScenarioError(where, f"block[{i}].at", "only fleets may start at sea")
    besieged: set[str] = set()
    for i, s in enumerate(sc.siege):
        if s.city not in m.cities or not m.cities[s.city].walled:
            raise ScenarioError(where, f"siege[{i}].city", f"{shorten(s.city)} is not a walled city")
        if s.city in besieged:
            raise ScenarioError(where, f"siege[{i}].city", f"{s.city!r} is besieged twice")
        besieged.add(s.city)
    _check_places(sc, where, m)
    return sc


def _check_places(sc: Scenario, where: str, m: HellasMap) -> None:
    """Ruling H-64: a scenario starts no battle and no siege but those its [[siege]] table
    names. A block starts only in a city loyal to its own side or neutral, never in an area
    (land or sea) that holds the other side's blocks (9.1: contested areas are fought out in
    a Combat phase, which a set-up does not have); a besieger holds the besieged city's area
    with at least one land block of its own (10.3), and never besieges a city loyal to itself."""
    first: dict[str, tuple[str, int]] = {}       # area -> (side, block index) of its first block
    for i, b in enumerate(sc.block):
        if b.at in (POOL, BOX):
            continue
        city = m.cities.get(b.at)
        owner = loyal_side(city) if city is not None else None
        if owner not in (None, b.side):
            raise ScenarioError(where, f"block[{i}].at", f"{b.at} is loyal to {owner}: "
                                f"a block of {b.side} cannot start in it (ruling H-64)")
        area = _area_of(b.at, m)
        side, j = first.setdefault(area, (b.side, i))
        if side != b.side:
            raise ScenarioError(where, f"block[{i}].at", f"{area} already holds {side}'s block[{j}]: a "
                                "scenario cannot start a battle (ruling H-64)")
    for i, s in enumerate(sc.siege):
        city = m.cities[s.city]
        if loyal_side(city) == s.besieger:
            raise ScenarioError(where, f"siege[{i}].besieger", f"{s.city} is loyal to {s.besieger}, "
                                "which cannot besiege it (ruling H-64)")
        if not any(b.side == s.besieger and b.kind != "fleet" and _area_of(b.at, m) == city.area
                   for b in sc.block):
            raise ScenarioError(where, f"siege[{i}].besieger", f"no {s.besieger} land block starts in "
                                f"{city.area} to hold the siege of {s.city} (10.3, ruling H-64)")


def _area_of(at: str, m: HellasMap) -> str:
    return m.cities[at].area if at in m.cities else at


def build_state(sc: Scenario, m: HellasMap, seed: int) -> HellasState:
    st = HellasState(Dice(seed), year=sc.setup.first_year, first_year=sc.setup.first_year,
                     last_year=sc.setup.last_year, prestige=sc.setup.prestige)
    st.leaders = {side: [l.name, l.modifier] for side, l in sc.leaders.items()}
    rows = [b for b in sc.block for _ in range(b.count)]
    ids = assign_ids(st.dice, [(b.side, b.name) for b in rows], {"athens": "A", "sparta": "S"})
    for bid, b in zip(ids, rows):
        loc = _area_of(b.at, m)
        home = b.home or (b.at if b.at in m.cities else "")   # ruling H-61: the setup city
        marks = {"kind": b.kind, "rating": b.rating, "home": home,
                 "cls": "barbarian" if b.kind == "barbarian" else "greek"}
        st.blocks[bid] = Block(bid, b.side, f"{b.name} {b.rating}", b.max, loc, steps=b.steps,
                               max_steps=b.max, marks=marks)
    for s in sc.siege:
        # a siege in force before the game: established and blockaded seasons ago (8.0, 8.2.1)
        st.sieges[s.city] = Siege(s.city, s.besieger, -2, -1)
        st.garrisons[s.city] = "loyal"
    return st
