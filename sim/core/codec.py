"""JSON codec for game states, actions and events.

States, actions and events are plain dataclasses and enums. Each class that may appear in a
save is registered with `@serializable` under a stable tag, "<system>.<ClassName>" (e.g.
"daimyo.Move"), which does not depend on the module the class lives in: moving code inside a
system does not break saves. Decoding checks every field of a tagged object against the
dataclass's annotations before building it; unknown tags and malformed objects are a
`SaveError` naming the path, never a guess and never a traceback.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from typing import Any

from sim.core.errors import SaveError, shorten

_REGISTRY: dict[str, type] = {}
_FORMER: dict[str, str] = {}      # version-1 tags ("module:QualName") -> stable tags, for migration


def serializable(cls: type) -> type:
    """Register a dataclass or Enum so it can be saved and loaded by its stable tag."""
    tag = _tag(cls)
    if _REGISTRY.get(tag, cls) is not cls:
        other = _REGISTRY[tag]
        raise TypeError(f"save tag {tag!r} of {cls.__module__} is taken by {other.__module__}")
    _REGISTRY[tag] = cls
    _FORMER[f"{cls.__module__}:{cls.__qualname__}"] = tag
    return cls


def _tag(cls: type) -> str:
    parts = cls.__module__.split(".")
    home = parts[1] if parts[0] == "sim" and len(parts) > 1 else cls.__module__
    return f"{home}.{cls.__qualname__}"


def former_tag(old: str) -> str | None:
    """The stable tag of a class saved under its version-1 tag, if that class still exists."""
    return _FORMER.get(old)


_PLAIN = frozenset({type(None), bool, int, float, str})   # exact types: an enum member is none of them


@functools.cache
def _saved_fields(cls: type) -> tuple[str, ...] | None:
    """The names of a dataclass's saved (not transient) fields, in order; None if `cls` is not
    a dataclass."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls) if not f.metadata.get("transient"))


@functools.cache
def _class_tag(cls: type) -> str:
    return _tag(cls)


def encode(obj: Any) -> Any:
    """Turn a registered object tree into JSON-compatible data."""
    cls = type(obj)
    if cls in _PLAIN:
        return obj
    if isinstance(obj, enum.Enum):      # before the scalars: str-valued enums are str too
        return {"__enum": _class_tag(cls), "v": obj.value}
    if isinstance(obj, (bool, int, float, str)):
        return obj
    names = _saved_fields(cls)
    if names is not None:
        out = {"__t": _class_tag(cls)}
        for name in names:
            out[name] = encode(getattr(obj, name))
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
        return _enum(data, where)
    if "__t" in data:
        return _object(data, where)
    if len(data) != 1:
        raise SaveError(where, "object without a type tag")
    (kind, body), = data.items()
    if kind == "__dict" and isinstance(body, dict):
        return {k: decode(v, f"{where}.{k}") for k, v in body.items()}
    if not isinstance(body, list):
        raise SaveError(where, f"expected a list under {shorten(kind)}")
    items = [decode(v, f"{where}[{i}]") for i, v in enumerate(body)]
    try:
        if kind == "__tuple":
            return tuple(items)
        if kind == "__set":
            return set(items)
        if kind == "__pairs":
            return {k: v for k, v in items}
    except (TypeError, ValueError):
        raise SaveError(where, f"malformed {kind[2:]} (items must be hashable, pairs of two)") from None
    raise SaveError(where, f"object without a type tag (found {shorten(kind)})")


def _lookup(name: object, where: str) -> type:
    cls = _REGISTRY.get(name) if isinstance(name, str) else None
    if cls is None:
        raise SaveError(where, f"unknown type {shorten(name)} (not a Kassen object)")
    return cls


def _enum(data: dict, where: str) -> enum.Enum:
    cls = _lookup(data["__enum"], where)
    if not issubclass(cls, enum.Enum) or set(data) != {"__enum", "v"}:
        raise SaveError(where, f"malformed enum value of {shorten(data['__enum'])}")
    try:
        return cls(data["v"])
    except (ValueError, KeyError, TypeError):
        raise SaveError(where, f"{shorten(data['v'])} is not a {cls.__name__}") from None


def _object(data: dict, where: str) -> Any:
    cls = _lookup(data["__t"], where)
    if not dataclasses.is_dataclass(cls):
        raise SaveError(where, f"{cls.__name__} is not an object with fields")
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    hints = _hints(cls)
    kwargs = {}
    for key, value in data.items():
        if key == "__t":
            continue
        if key not in fields:
            raise SaveError(where, f"{cls.__name__} has no field {shorten(key)}")
        kwargs[key] = decode(value, f"{where}.{key}")
        hint = hints.get(key, Any)
        if not _conforms(kwargs[key], hint):
            raise SaveError(f"{where}.{key}", f"expected {_name(hint)}, got {shorten(kwargs[key])}")
    missing = [n for n, f in fields.items() if n not in kwargs and f.default is dataclasses.MISSING
               and f.default_factory is dataclasses.MISSING]
    if missing:
        raise SaveError(where, f"{cls.__name__} lacks field {missing[0]!r}")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:   # a __post_init__ refusing
        raise SaveError(where, f"cannot rebuild {cls.__name__}: {shorten(str(exc), 120)}") from None


def field_problem(obj: Any) -> str | None:
    """Why a dataclass instance's fields do not fit their annotations (e.g. an action built by
    hand with a string for a distance), or None."""
    for name, hint, fits in _field_checks(type(obj)):
        value = getattr(obj, name)
        if not fits(value):
            return f"{type(obj).__name__}.{name}: expected {_name(hint)}, got {shorten(value)}"
    return None


@functools.cache
def _field_checks(cls: type) -> tuple[tuple[str, Any, Any], ...]:
    """Each field's name, annotation and a test of a value against it: `_conforms`, or for the
    plain scalars every action is made of the same test written out (asked on every action)."""
    hints = _hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        hint = hints.get(f.name, Any)
        if hint is float:
            def fits(v):
                return isinstance(v, (int, float)) and not isinstance(v, bool)
        elif hint is int:
            def fits(v):
                return isinstance(v, int) and not isinstance(v, bool)
        elif isinstance(hint, type) and typing.get_origin(hint) is None and hint not in _SEQUENCES \
                and hint is not dict and hint is not object and hint is not type(None):
            def fits(v, hint=hint):
                return isinstance(v, hint)
        else:
            def fits(v, hint=hint):
                return _conforms(v, hint)
        out.append((f.name, hint, fits))
    return tuple(out)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """A dataclass's resolved field annotations (empty if they cannot be resolved)."""
    try:
        return typing.get_type_hints(cls)
    except Exception:   # an annotation naming a type only imported for checkers
        return {}


_SEQUENCES = (list, tuple, set, frozenset)


def _conforms(value: Any, hint: Any) -> bool:
    """Whether a decoded value fits a field annotation. Lists and tuples stand for each other
    (JSON has one kind of array); ints pass where floats are expected."""
    if hint is Any or hint is object or isinstance(hint, (typing.TypeVar, str)):
        return True
    if hint is None or hint is type(None):
        return value is None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_conforms(value, a) for a in args)
    if origin is typing.Literal:
        return value in args
    if origin is typing.ClassVar or origin is typing.Annotated:
        return _conforms(value, args[0]) if args else True
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if origin in _SEQUENCES or hint in _SEQUENCES:
        if not isinstance(value, _SEQUENCES):
            return False
        if origin is tuple and args and args[-1] is not Ellipsis:
            return len(value) == len(args) and all(_conforms(v, a) for v, a in zip(value, args))
        return not args or all(_conforms(v, args[0]) for v in value)
    if origin is dict or hint is dict:
        if not isinstance(value, dict):
            return False
        if not args:
            return True
        return all(_conforms(k, args[0]) and _conforms(v, args[1]) for k, v in value.items())
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True     # callables and other annotations the codec never writes


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")
