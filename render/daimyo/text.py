"""Text drawing with a cache of rendered strings, and a record of what was drawn where this
frame (the tests read it to check that a message really reached the screen)."""
from __future__ import annotations

import pygame

from render.assets import TEXTS_KEPT, font, wrap
from sim.core.memo import keep


class Painter:
    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}
        self.drawn: list[tuple[str, pygame.Rect]] = []

    def begin_frame(self) -> None:
        self.drawn.clear()

    def render(self, text: str, size: int, colour, bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(colour), bold)
        surf = self._cache.get(key)
        if surf is None:
            # labels change slowly; a bound keeps memory flat
            surf = keep(self._cache, key, font(size, bold).render(text, True, colour), TEXTS_KEPT)
        return surf

    def draw(self, target: pygame.Surface, text: str, pos, size: int, colour, bold: bool = False,
             anchor: str = "topleft", back=None, pad: int = 2) -> pygame.Rect:
        surf = self.render(text, size, colour, bold)
        rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        if back is not None:
            box = rect.inflate(pad * 2, pad)
            target.blit(self._boxed(text, size, colour, bold, tuple(back), pad), box)
        else:
            target.blit(surf, rect)
        self.drawn.append((text, rect))
        return rect

    def _boxed(self, text, size, colour, bold, back, pad) -> pygame.Surface:
        """The text on its (possibly translucent) background, composed once and cached."""
        key = ("boxed", text, size, tuple(colour), bold, back, pad)
        surf = self._cache.get(key)
        if surf is None:
            glyphs = self.render(text, size, colour, bold)
            w, h = glyphs.get_width() + pad * 2, glyphs.get_height() + pad
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            surf.fill(back if len(back) == 4 else (*back, 255))
            surf.blit(glyphs, (pad, pad // 2))
            keep(self._cache, key, surf, TEXTS_KEPT)
        return surf

    def texts(self) -> list[str]:
        return [t for t, _ in self.drawn]

    @staticmethod
    def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split `text` into lines no wider than `width` pixels (at word boundaries)."""
        return wrap(font(size, bold), text, width) or [""]

    @staticmethod
    def hanging(text: str, size: int, width: int, indent: str, bold: bool = False) -> list[str]:
        """`text` wrapped to `width` pixels, its second and later lines starting with `indent`
        and fitting the width with it."""
        first, *rest = Painter.wrap(text, size, width, bold)
        if not rest:
            return [first]
        room = width - Painter.text_width(indent, size, bold)
        return [first, *(indent + line for line in Painter.wrap(" ".join(rest), size, room, bold))]

    @staticmethod
    def text_width(text: str, size: int, bold: bool = False) -> int:
        return font(size, bold).size(text)[0]
