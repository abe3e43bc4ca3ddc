"""Reading scenario files (TOML) and opening a game from one, for any system."""
from __future__ import annotations

from pathlib import Path
from typing import TypeVar, get_args

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
        message = err["msg"]
        if err["type"] == "extra_forbidden":      # name the keys that are taken there
            known = _keys_at(model, err["loc"][:-1])
            message = "unknown key" + (f" (the keys here: {', '.join(known)})" if known else "")
        raise ScenarioError(where, clip(key, 120), f"{clip(message, 400)}{shown}{tail}") from None


def _keys_at(model: type[BaseModel], loc: tuple) -> list[str] | None:
    """The keys the model takes at `loc` (a pydantic error's location without its last key):
    down through fields, lists, tuples, dicts and optionals to the model there."""
    for part in loc:
        if isinstance(part, int):
            continue                   # an index into a list: the same model
        field = model.model_fields.get(part) if isinstance(part, str) else None
        if field is None:
            return None
        model = _model_in(field.annotation)
        if model is None:
            return None
    return [f.alias or name for name, f in model.model_fields.items()]


def _model_in(annotation) -> type[BaseModel] | None:
    """The pydantic model an annotation holds (`Unit`, `list[Unit]`, `Unit | None`...), if one."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def system_of(data: dict, where: str) -> type[Game]:
    system = data.get("system")
    if not isinstance(system, str):
        raise ScenarioError(where, "system", "expected the name of a game system, e.g. system = \"daimyo\"")
    try:
        return game_class(system)
    except KeyError:
        raise ScenarioError(where, "system", f"unknown game system {shorten(system)}") from None


def open_game(path: str | Path, seed: int = 0, **options) -> Game:
    """Validate a scenario file (or a bundled scenario's name) and start a game from it.
    Errors name the scenario as it was given: a bundled name, not its installed path."""
    data = read_toml(scenario_file(path))
    cls = system_of(data, str(path))
    cls.check(data, str(path), **options)
    return cls.new(data, seed, **options)
