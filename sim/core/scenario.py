"""Reading scenario files (TOML) and opening a game from one, for any system."""
from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from sim.core import reading
from sim.core.bundled import scenario_file
from sim.core.errors import ScenarioError, clip, shorten
from sim.core.protocol import Game
from sim.core.save import game_class

M = TypeVar("M", bound=BaseModel)


def read_toml(path: str | Path) -> dict:
    """A scenario file, read through the one gate for files (sim/core/reading.py)."""
    return reading.read_toml(path)


def validate_model(model: type[M], data: dict, where: str) -> M:
    """Validate `data` with a pydantic model; the first problem becomes one clear ScenarioError."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(p) for p in err["loc"]) or "(top level)"
        got = err.get("input")
        shown = "" if isinstance(got, dict) else f" (got {shorten(got)})"
        more = len(exc.errors()) - 1
        tail = f"; and {more} more problem{'s' if more > 1 else ''}" if more else ""
        raise ScenarioError(where, clip(key, 120), f"{clip(err['msg'], 200)}{shown}{tail}") from None


def system_of(data: dict, where: str) -> type[Game]:
    system = data.get("system")
    if not isinstance(system, str):
        raise ScenarioError(where, "system", "expected the name of a game system, e.g. system = \"daimyo\"")
    try:
        return game_class(system)
    except KeyError:
        raise ScenarioError(where, "system", f"unknown game system {shorten(system)}") from None


def open_game(path: str | Path, seed: int = 0, **options) -> Game:
    """Validate a scenario file (or a bundled scenario's name) and start a game from it."""
    path = scenario_file(path)
    data = read_toml(path)
    cls = system_of(data, str(path))
    cls.check(data, str(path), **options)
    return cls.new(data, seed, **options)
