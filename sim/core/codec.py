"""JSON codec for game states, actions and events.

States, actions and events are plain dataclasses and enums. Each class that may appear in a
save is registered by name with `@serializable`; encoding tags every object with that name so
that decoding rebuilds exactly the same types. Unknown tags are a `SaveError`, never a guess.
"""
from __future__ import annotations

import dataclasses
import enum
from typing import Any

from sim.core.errors import SaveError

_REGISTRY: dict[str, type] = {}


def serializable(cls: type) -> type:
    """Register a dataclass or Enum so it can be saved and loaded by name."""
    # Tagged by module and name, so two systems may both have e.g. a GameOver event.
    _REGISTRY[_tag(cls)] = cls
    return cls


def _tag(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def encode(obj: Any) -> Any:
    """Turn a registered object tree into JSON-compatible data."""
    if isinstance(obj, enum.Enum):      # before the scalars: str-valued enums are str too
        return {"__enum": _tag(type(obj)), "v": obj.value}
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out = {"__t": _tag(type(obj))}
        for f in dataclasses.fields(obj):
            if f.metadata.get("transient"):
                continue
            out[f.name] = encode(getattr(obj, f.name))
        return out
    if isinstance(obj, tuple):
        return {"__tuple": [encode(v) for v in obj]}
    if isinstance(obj, list):
        return [encode(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return {"__set": sorted((encode(v) for v in obj), key=repr)}
    if isinstance(obj, dict):
        if all(isinstance(k, str) for k in obj):
            return {"__dict": {k: encode(v) for k, v in obj.items()}}
        return {"__pairs": [[encode(k), encode(v)] for k, v in obj.items()]}
    raise TypeError(f"cannot encode {type(obj).__name__}")


def decode(data: Any, where: str = "save") -> Any:
    """Inverse of `encode`; raises SaveError naming the path of anything malformed."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [decode(v, f"{where}[{i}]") for i, v in enumerate(data)]
    if not isinstance(data, dict):
        raise SaveError(where, f"unexpected value of type {type(data).__name__}")
    if "__enum" in data:
        cls = _lookup(data["__enum"], where)
        try:
            return cls(data["v"])
        except (ValueError, KeyError) as exc:
            raise SaveError(where, f"bad value for {cls.__name__}: {exc}") from None
    if "__t" in data:
        cls = _lookup(data["__t"], where)
        kwargs = {}
        init_fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
        for key, value in data.items():
            if key == "__t":
                continue
            if key not in init_fields:
                raise SaveError(where, f"{cls.__name__} has no field {key!r}")
            kwargs[key] = decode(value, f"{where}.{key}")
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise SaveError(where, f"cannot rebuild {cls.__name__}: {exc}") from None
    if "__tuple" in data:
        return tuple(decode(v, where) for v in data["__tuple"])
    if "__set" in data:
        return {decode(v, where) for v in data["__set"]}
    if "__dict" in data:
        return {k: decode(v, f"{where}.{k}") for k, v in data["__dict"].items()}
    if "__pairs" in data:
        return {decode(k, where): decode(v, where) for k, v in data["__pairs"]}
    raise SaveError(where, "object without a type tag")


def _lookup(name: str, where: str) -> type:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise SaveError(where, f"unknown type {name!r} (not a Kassen object)") from None
