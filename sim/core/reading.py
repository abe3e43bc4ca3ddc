"""Reading every file Kassen takes (scenario TOML, map data, saves) through one gate.

A file is read only if it is a regular file under a size limit, decodes as UTF-8, parses, and
holds a tree of bounded depth whose numbers and strings are within limits. Every failure is one
`KassenError` line naming the file, the key path and what was expected, never a traceback: a
directory, a path under a file, /dev/zero, a FIFO or a binary all stop here.
"""
from __future__ import annotations

import json
import math
import os
import stat
import tomllib
from pathlib import Path
from typing import Callable

from sim.core.errors import KassenError, ScenarioError, clip, shorten

SCENARIO_BYTES = 4 << 20      # the largest bundled scenario is a few kB
SAVE_BYTES = 64 << 20         # a long Daimyo game with every action is a few MB
MAX_DEPTH = 40                # the deepest real tree (a save's tagged objects) is about 12
MAX_INT = 1 << 64             # dice states are 64-bit; nothing in a game is larger
MAX_STRING = 1 << 20


def check_file(path: str | Path, limit: int, error: Callable[[str, str, str], KassenError]) -> None:
    """Refuse anything but a regular file of at most `limit` bytes; `error(file, key, message)`
    builds the exception."""
    where = clip(str(path), 200)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise error(where, "", "no such file") from None
    except NotADirectoryError:
        raise error(where, "", "a part of this path is a file, not a folder") from None
    except (OSError, ValueError) as exc:    # ValueError: a NUL in the path
        raise error(where, "", f"cannot read it ({_os_reason(exc)})") from None
    if stat.S_ISDIR(info.st_mode):
        raise error(where, "", "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):      # devices and FIFOs would read forever or block
        raise error(where, "", "is not a regular file")
    if info.st_size > limit:
        raise error(where, "", f"is {info.st_size:,} bytes; the limit is {limit:,}")


def read_text(path: str | Path, limit: int, error: Callable[[str, str, str], KassenError]) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes (see check_file)."""
    check_file(path, limit, error)
    where = clip(str(path), 200)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise error(where, "", f"cannot read it ({_os_reason(exc)})") from None
    if len(raw) > limit:
        raise error(where, "", f"is larger than the limit of {limit:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise error(where, "", f"not UTF-8 text (bad byte at line {line}); expected a text file") from None


def _os_reason(exc: Exception) -> str:
    return getattr(exc, "strerror", None) or type(exc).__name__


def parse_toml(text: str, where: str, error=ScenarioError) -> dict:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        if text.lstrip().startswith("{") and '"kassen-save"' in text[:300]:   # `kassen info game.json`
            raise error(where, "", "a saved game, not a scenario: this command takes a scenario (.toml) "
                                   "or a bundled name (play, replay, render and odds take saves)") from None
        raise error(where, "", f"not valid TOML: {clip(str(exc), 200)}") from None
    except RecursionError:
        raise error(where, "", f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as exc:                # an integer of thousands of digits
        raise error(where, "", f"a number is out of range ({clip(str(exc), 80)})") from None
    check_tree(data, where, error)
    return data


def read_toml(path: str | Path, error=ScenarioError, limit: int = SCENARIO_BYTES) -> dict:
    """A TOML document (scenario or map), checked as above."""
    return parse_toml(read_text(path, limit, error), str(path), error)


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number a save may hold")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 20:
        raise ValueError(f"integer of {len(text)} digits is out of range")
    return int(text)


def parse_json(text: str, where: str, error) -> object:
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int)
    except RecursionError:
        raise error(where, "", f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as exc:            # JSONDecodeError is a ValueError too
        raise error(where, "", f"not valid JSON ({clip(str(exc), 120)})") from None
    check_tree(data, where, error)
    return data


def read_json(path: str | Path, error, limit: int = SAVE_BYTES) -> object:
    return parse_json(read_text(path, limit, error), str(path), error)


def check_tree(data: object, where: str, error=ScenarioError) -> None:
    """Depth, numbers and strings of a parsed document, walked without recursion."""
    stack: list[tuple[object, str, int]] = [(data, "", 0)]
    while stack:
        value, key, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise error(where, key, f"nested too deeply (more than {MAX_DEPTH} levels)")
        if isinstance(value, dict):
            for k, v in value.items():
                stack.append((v, f"{key}.{k}" if key else str(k), depth + 1))
        elif isinstance(value, list):
            stack.extend((v, f"{key}[{i}]", depth + 1) for i, v in enumerate(value))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INT:
                raise error(where, key, f"integer {shorten(value)} is out of range (at most 2**64)")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise error(where, key, f"expected a finite number, got {value}")
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                raise error(where, key, f"text of {len(value):,} characters is too long")
            if "\x00" in value:
                raise error(where, key, f"text {shorten(value)} holds a NUL character")
