"""Scenario files (scenarios/hellas/*.toml): validated with pydantic, then turned into the
starting state. Names of cities, areas and leaders are checked against the map."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from sim.board import Block
from sim.board.blocks import assign_ids
from sim.core.dice import Dice
from sim.core.errors import ScenarioError
from sim.core.scenario import validate_model
from sim.hellas.mapdata import HellasMap
from sim.hellas.state import BOX, POOL, HellasState, Siege

KINDS = ("hoplite", "infantry", "archers", "cavalry", "fleet", "barbarian")


class _Meta(BaseModel):
    title: str
    notes: str = ""


class _Setup(BaseModel):
    first_year: int = Field(ge=404, le=431)
    last_year: int = Field(ge=404, le=431)
    prestige: int = 0          # ruling H-36


class _Leader(BaseModel):
    name: str
    modifier: int = Field(ge=0, le=2)


class _Siege(BaseModel):
    city: str
    besieger: Literal["athens", "sparta"]


class _Block(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side: Literal["athens", "sparta"]
    name: str
    kind: Literal[KINDS]  # type: ignore[valid-type]
    rating: str = Field(pattern=r"^[A-F][1-3]$")
    steps: int = Field(ge=1, le=4)
    max: int = Field(ge=1, le=4)
    at: str
    home: str = ""
    count: int = Field(default=1, ge=1, le=6)


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    system: Literal["hellas"]
    meta: _Meta
    setup: _Setup
    leaders: dict[Literal["athens", "sparta"], _Leader] = {}
    siege: list[_Siege] = []
    block: list[_Block]


def parse(data: dict, where: str, m: HellasMap) -> Scenario:
    sc = validate_model(Scenario, data, where)
    if sc.setup.last_year > sc.setup.first_year:
        raise ScenarioError(where, "setup.last_year", "years are BC: last_year must not exceed first_year")
    for i, b in enumerate(sc.block):
        if b.at not in (POOL, BOX) and b.at not in m.cities and b.at not in m.board.graph:
            raise ScenarioError(where, f"block[{i}].at", f"unknown city or area {b.at!r}")
        if b.home and b.home not in m.cities:
            raise ScenarioError(where, f"block[{i}].home", f"unknown city {b.home!r}")
        if b.steps > b.max:
            raise ScenarioError(where, f"block[{i}].steps", "more steps than the block's maximum")
        at_sea = b.at in m.board.graph and m.is_sea(b.at)
        if at_sea and b.kind != "fleet":
            raise ScenarioError(where, f"block[{i}].at", "only fleets may start at sea")
    for i, s in enumerate(sc.siege):
        if s.city not in m.cities or not m.cities[s.city].walled:
            raise ScenarioError(where, f"siege[{i}].city", f"{s.city!r} is not a walled city")
    return sc


def build_state(sc: Scenario, m: HellasMap, seed: int) -> HellasState:
    st = HellasState(Dice(seed), year=sc.setup.first_year, first_year=sc.setup.first_year,
                     last_year=sc.setup.last_year, prestige=sc.setup.prestige)
    st.leaders = {side: [l.name, l.modifier] for side, l in sc.leaders.items()}
    rows = [b for b in sc.block for _ in range(b.count)]
    ids = assign_ids(st.dice, [(b.side, b.name) for b in rows], {"athens": "A", "sparta": "S"})
    for bid, b in zip(ids, rows):
        loc = m.cities[b.at].area if b.at in m.cities else b.at
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
