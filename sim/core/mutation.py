"""Mutated inputs for the reliability audit (issue 23): scenario files, saves and command lines.

`mutants` turns one valid document into many small variants, each one change away from it: a
value replaced by a wrong type, an edge number (0, -1, huge, nan, inf), a long or NUL-holding
string, a deep nest; a key deleted or added; a list entry duplicated or dropped; a string
swapped for another of the document (broken cross-references); or the text itself truncated or
given bad bytes. `outcome` runs one input through a callable and classifies what happened:
"accepted", "clear" (a KassenError: one line naming file, key or rule), "internal" (an
EngineError: handled, but a bug) or "traceback" (anything else). All draws come from seeded
dice, so an audit is reproducible from its seed.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from sim.core.dice import Dice
from sim.core.errors import EngineError, KassenError

EDGE_VALUES: tuple[Any, ...] = (
    0, -1, 1, 7, 10**15, -(10**15), 1e300, -1e308, 0.5, -0.0, math.nan, math.inf, -math.inf,
    True, False, "", "x", "x" * 5000, "a\x00b", "../../../../etc/passwd", "/dev/zero",
    [], [1, 2], ["a", "a"], {}, {"x": 1}, "deep",
)


def _paths(tree: Any, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from _paths(v, path + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from _paths(v, path + (i,))


def _strings(tree: Any) -> list[str]:
    out = []
    for path in _paths(tree):
        v = _get(tree, path)
        if isinstance(v, str) and len(v) < 60:
            out.append(v)
    return out or ["x"]


def _get(tree: Any, path: tuple) -> Any:
    for p in path:
        tree = tree[p]
    return tree


def _copy(tree: Any) -> Any:
    return json.loads(json.dumps(tree))


@dataclass(frozen=True)
class Mutant:
    how: str        # what was changed, e.g. "replace units[3].x by nan"
    text: str       # the mutated document


def mutate_tree(tree: Any, dice: Dice) -> tuple[Any, str]:
    """One structural change of a JSON-like tree; returns the new tree and what was done."""
    tree = _copy(tree)
    paths = [p for p in _paths(tree) if p]
    path = paths[dice.choice_index(len(paths))]
    parent, key = _get(tree, path[:-1]), path[-1]
    where = ".".join(map(str, path))
    kind = dice.choice_index(8)
    if kind == 0:
        if isinstance(parent, list):
            parent.pop(key)
        else:
            del parent[key]
        return tree, f"delete {where}"
    if kind == 1 and isinstance(parent, list):
        parent.insert(key, _copy(parent[key]))
        return tree, f"duplicate {where}"
    if kind == 2:
        strings = _strings(tree)
        new = strings[dice.choice_index(len(strings))]
        parent[key] = new
        return tree, f"replace {where} by the document's string {new!r}"
    if kind == 3 and isinstance(parent[key], (int, float)) and not isinstance(parent[key], bool):
        factor = (-1, 1000, 0, 1e-9)[dice.choice_index(4)]
        parent[key] = parent[key] * factor
        return tree, f"scale {where} by {factor}"
    if kind == 4 and isinstance(parent, dict):
        parent["unknown_key"] = parent[key]
        return tree, f"add unknown_key beside {where}"
    value = EDGE_VALUES[dice.choice_index(len(EDGE_VALUES))]
    if value == "deep":                  # nested past the reading gate's depth limit
        value = 1
        for _ in range(60):
            value = [value]
    parent[key] = _copy(value) if not isinstance(value, float) else value
    return tree, f"replace {where} by {value!r}"[:120]


def mutate_text(text: str, dice: Dice) -> tuple[str, str]:
    """One change of the raw text: truncated, a byte sequence inserted, a line dropped."""
    kind = dice.choice_index(3)
    at = dice.choice_index(max(1, len(text)))
    if kind == 0:
        return text[:at], f"truncate at {at}"
    if kind == 1:
        junk = ("\udcff", "[[[[", "\"", "= =", "\n[x]\n", "\x00", "9" * 5000)[dice.choice_index(7)]
        return text[:at] + junk + text[at:], f"insert {junk[:10]!r} at {at}"
    lines = text.splitlines(keepends=True)
    i = dice.choice_index(len(lines))
    return "".join(lines[:i] + lines[i + 1:]), f"drop line {i + 1}"


def to_toml(tree: dict) -> str:
    """A TOML document for a tree of tables, lists and scalars (inline tables throughout)."""
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in tree.items())


def _key(k: str) -> str:
    return json.dumps(str(k), ensure_ascii=False)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v == math.inf else "-inf" if v == -math.inf else repr(v))
    if isinstance(v, (int, str)):
        return str(v) if isinstance(v, int) else json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v).__name__)


def mutants(tree: Any, text: str, n: int, seed: int, dump: Callable[[Any], str]) -> Iterator[Mutant]:
    """`n` variants of a document: three in four structural (written back with `dump`), one in
    four on the raw text."""
    dice = Dice(seed)
    for _ in range(n):
        if dice.choice_index(4) == 0:
            new, how = mutate_text(text, dice)
            yield Mutant(how, new)
        else:
            new, how = mutate_tree(tree, dice)
            yield Mutant(how, dump(new))


def outcome(run: Callable[[], Any]) -> tuple[str, str]:
    """("accepted" | "clear" | "internal" | "traceback", the message)."""
    try:
        run()
    except EngineError as exc:
        return "internal", str(exc)
    except KassenError as exc:
        return "clear", str(exc)
    except Exception as exc:   # noqa: BLE001 - this is what the audit counts
        return "traceback", f"{type(exc).__name__}: {exc}"[:300]
    return "accepted", ""
