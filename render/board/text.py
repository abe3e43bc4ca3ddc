"""Text for the board view: the bundled font at a scale, rendered lines kept while they are
drawn again (a frame re-blits the same labels), and trimming to a width in pixels."""
from __future__ import annotations

import re

import pygame

from render.assets import TEXTS_KEPT, fit, font, wrap
from sim.core.events import Event
from sim.core.memo import keep

INK = (40, 36, 30)


class Texts:
    """Rendered text surfaces by (size, bold, text, colour); cleared when it grows large."""

    def __init__(self, scale: float = 1.0):
        self.scale = scale
        self._cache: dict[tuple, pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return font(max(8, round(size * self.scale)), bold)

    def render(self, text: str, size: int = 13, colour=INK, bold: bool = False) -> pygame.Surface:
        key = (size, bold, text, colour)
        pic = self._cache.get(key)
        if pic is None:
            pic = keep(self._cache, key, self.font(size, bold).render(text, True, colour), TEXTS_KEPT)
        return pic

    def blit(self, surf, text: str, pos, size: int = 13, colour=INK, bold: bool = False,
             centre: bool = False) -> pygame.Rect:
        pic = self.render(text, size, colour, bold)
        x, y = pos
        if centre:
            x -= pic.get_width() // 2
        return surf.blit(pic, (x, y))

    def fit(self, text: str, width: int, size: int = 13, bold: bool = False) -> str:
        """`text` cut with an ellipsis to fit `width` pixels."""
        return fit(self.font(size, bold), text, width)

    def wrap(self, text: str, width: int, size: int = 13) -> list[str]:
        return wrap(self.font(size), text, width)

    def line_height(self, size: int = 13) -> int:
        return self.font(size).get_linesize()


def plural(count: int, what: str) -> str:
    """"1 hit", "3 hits"."""
    return f"{count} {what}{'s' * (count != 1)}"


def event_line(ev: Event) -> str:
    """An event in words: its own describe() where the game wrote one, else its kind and fields
    spelt out ("Fire: sector Fuchu, faction oda, dice 3, hits 1 (R-BATTLE)")."""
    if type(ev).describe is not Event.describe:
        return ev.describe()
    fields = dict(ev.__dict__)
    rule = fields.pop("rule", "")
    name = re.sub(r"(?<!^)(?=[A-Z])", " ", ev.kind).lower().capitalize()
    parts = [f"{k.replace('_', ' ')} {_value(v)}" for k, v in fields.items() if v not in ("", None, (), [])]
    return f"{name}: {', '.join(parts)}" + (f" ({rule})" if rule else "")


def _value(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (tuple, list)):
        return "/".join(_value(x) for x in v)
    return str(v)
