"""Bundled assets (assets/ in the repository, the package render.data once installed):
colours and the UI font, loaded once."""
from __future__ import annotations

import tomllib
from functools import lru_cache
import pygame

from sim.core import bundled

ASSETS = bundled.folder(bundled.ASSETS)
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
TEXTS_KEPT = 4000      # rendered strings a view keeps (labels change slowly; all dropped when full)


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


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at `size` px; pygame's default font if the bundled file is missing.
    Cached, and rebuilt if pygame's font module was shut down and started again since."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = _fonts.get((size, bold))
    if f is not None:
        try:
            f.get_height()
            return f
        except pygame.error:           # created before a pygame.quit(): dead
            _fonts.clear()
    path = ASSETS / "fonts" / FONT_FILES[bold]
    if path.exists():
        f = pygame.font.Font(str(path), size)
    else:
        f = pygame.font.Font(None, int(size * 1.3))   # the default font runs small
        f.set_bold(bold)
    _fonts[(size, bold)] = f
    return f


def wrap(f: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` split at word boundaries into lines no wider than `width` pixels in font `f`
    (a single word wider than that keeps a line of its own); no lines for an empty text."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


def fit_middle(f: pygame.font.Font, text: str, width: int) -> str:
    """`text` if it fits `width` pixels in font `f`, else its start and as much of its end
    (where a refusal gives its reason) as fit, with "..." between; "" if not even that fits.
    The cuts move to the nearest break between a key hint's groups ("M move  W wheel") or,
    failing one near, between words, so no key is torn from its name; a long path or name
    with no break near is cut where the room ends."""
    def cut(kept: int) -> str:
        head = text[:_break(text, kept // 2, -1)]              # a third kept at the start
        tail = text[_break(text, len(text) - kept, 1):]
        return head.rstrip(" |") + "..." + tail.lstrip(" |")

    return _cut_to(f, text, width, cut, len(text) - 1)


def _break(text: str, i: int, way: int) -> int:
    """The break nearest to index `i` going `way` (-1 back, +1 on): the edge of a two-space gap
    within 30 characters, else of a space within 16, else `i` itself. Moving `i` on never moves
    the break back, so fit_middle's cuts stay ordered by length."""
    for gap, reach in (("  ", 30), (" ", 16)):
        for j in range(i, i + way * (reach + 1), way):
            if not 0 < j < len(text):
                break
            if text[j - len(gap):j] == gap or text[j:j + len(gap)] == gap:
                return j
    return i


def fit(f: pygame.font.Font, text: str, width: int) -> str:
    """`text` if it fits `width` pixels in font `f`, else its longest start that fits with "..."
    after it (spaces and " | " separators before the "..." dropped); "" if not even that fits."""
    return _cut_to(f, text, width, lambda kept: text[:kept].rstrip(" |") + "...", len(text))


def _cut_to(f: pygame.font.Font, text: str, width: int, cut, most: int) -> str:
    """`text` if it fits, else cut(k) for the largest k <= most whose cut fits (bisection: a
    longer k is never narrower), or "" if none does."""
    if f.size(text)[0] <= width:
        return text
    lo, hi = 0, most
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(cut(mid))[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return cut(lo) if lo else ""
