"""A Most Dangerous Time scenario files (scenarios/amdt/*.toml), checked with a strict schema:
the player count (16.0), the optional rules by name and type, the meta table."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from sim.core.schema import Meta, Strict


class Options(Strict):
    good_luck: bool = False                 # 11.4 optional Good Luck rule
    oda_betray_each_other: bool = False     # 16.2.8 (4 players)
    short: bool = False                     # the short scenario (ruling A-67)


class Scenario(Strict):
    system: Literal["amdt"]
    players: Literal[2, 3, 4]               # 16.0
    meta: Meta | None = None                 # what `kassen info` prints
    options: Options = Field(default_factory=Options)
