"""Bundled assets (assets/ at the project root): colours and the UI font, loaded once."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=None)
def colours() -> dict:
    """assets/colours.toml as nested dicts of tuples."""
    with (ASSETS / "colours.toml").open("rb") as fh:
        data = tomllib.load(fh)
    return _tuples(data)


def _tuples(node):
    if isinstance(node, dict):
        return {k: _tuples(v) for k, v in node.items()}
    if isinstance(node, list):
        return tuple(node)
    return node


def colour(*path: str) -> tuple[int, ...]:
    node = colours()
    for key in path:
        node = node[key]
    return node


def terrain_colours(kind: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    t = colours()["terrain"]
    row = t.get(kind, t["default"])
    return row["fill"], row["edge"]


@lru_cache(maxsize=None)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at `size` px; pygame's default font if the bundled file is missing."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = ASSETS / "fonts" / FONT_FILES[bold]
    if path.exists():
        return pygame.font.Font(str(path), size)
    f = pygame.font.Font(None, int(size * 1.3))   # the default font runs small
    f.set_bold(bold)
    return f
