"""Command-line values checked as argparse parses them, before any work starts (issue 23).

Each function is an argparse `type=`: it returns the value or raises ArgumentTypeError with one
short line (a long bad value is shortened), so `kassen` stops with its usage line instead of
playing a whole game and then failing on an unwritable path or a zero.
"""
from __future__ import annotations

import argparse
import math
import os
import stat
from pathlib import Path
from urllib.parse import urlsplit

from sim.core.errors import KassenError, clip, shorten

MAX_RUNS = 10_000_000          # a sweep larger than this is several sweeps (and weeks of CPU)
MAX_WORKERS = 1024


class UsageError(KassenError):
    """A command line argparse refused: printed by `kassen` as its one error line."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one short line (a long value is shortened), raised
    as a KassenError like every other user error."""

    def error(self, message: str):
        raise UsageError(f"{clip(message, 300)} (see {self.prog} -h)")


def _bad(text: str, expected: str) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(f"expected {expected}, got {shorten(text)}")


def integer(low: int, high: int):
    """An int type within [low, high]."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip().replace("_", ""), 10) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise _bad(text, f"a whole number from {low:,} to {high:,}")
        return value
    parse.__name__ = "integer"
    return parse


count = integer(1, 1 << 62)
seed = integer(0, (1 << 63) - 1)
runs = integer(1, MAX_RUNS)
workers = integer(1, MAX_WORKERS)


def positive_float(high: float):
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and 0 < value <= high):
            raise _bad(text, f"a number above 0 and at most {high:g}")
        return value
    parse.__name__ = "number"
    return parse


def _kind(path: Path) -> str:
    """"folder", "file", "missing" or "bad" (a name too long, a NUL, a part that is a file)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return "missing"
    except (OSError, ValueError):
        return "bad"
    return "folder" if stat.S_ISDIR(info.st_mode) else "file"


def _writable_folder(folder: Path) -> None:
    kind = _kind(folder)
    if kind != "folder":
        raise argparse.ArgumentTypeError(f"folder {shorten(str(folder))} does not exist")
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"folder {shorten(str(folder))} is not writable")


def _output(text: str, what: str, wrong: str, expected: str) -> Path:
    """A path to write a `what` to, not a `wrong` (file or folder), in a name the system takes."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"expected a {what} name, got an empty one")
    path = Path(text)
    kind = _kind(path)
    if kind == wrong:
        raise _bad(text, expected)
    if kind == "bad":
        raise _bad(text, f"a {what} name the system accepts")
    return path


def output_file(text: str) -> str:
    """A file to write: named, not a folder, in a folder that exists and may be written."""
    _writable_folder(_output(text, "file", "folder", "a file name, not a folder").parent)
    return text


def output_file_of(suffix: str):
    """An output_file whose name ends in `suffix` (.png, .gif): the name says what it holds."""
    def parse(text: str) -> str:
        if not text.lower().endswith(suffix):
            raise _bad(text, f"a file name ending in {suffix}")
        return output_file(text)
    return parse


def output_folder(text: str) -> str:
    """A folder to write into: an existing folder, or a new one whose parent exists."""
    path = _output(text, "folder", "file", "a folder, not a file")
    _writable_folder(path if _kind(path) == "folder" else path.parent)
    return text


def key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise _bad(text, "KEY=VALUE")
    return key.strip(), value.strip()


def weight(text: str) -> tuple[str, float]:
    """An AI personality weight: KEY=NUMBER with a finite number."""
    key, value = key_value(text)
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise _bad(text, "KEY=NUMBER, e.g. aggression=0.8")
    return key, number


def scheduler(text: str) -> str:
    """A Dask scheduler address: scheme://host:port."""
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        parts, port = None, None
    if parts is None or parts.scheme not in ("tcp", "tls", "ws", "wss") \
            or not parts.hostname or port is None:
        raise _bad(text, "a scheduler address like tcp://host:8786")
    return text
