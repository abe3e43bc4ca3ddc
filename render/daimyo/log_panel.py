"""The scrolling log: one line per event (its describe(): dice, results and the rule applied),
newest at the bottom; the mouse wheel over the panel scrolls back."""
from __future__ import annotations

import dataclasses
import re

import pygame

from sim.core.events import Event

from render.assets import colour
from render.daimyo.text import Painter

MAX_ENTRIES = 5000
LOG_INDENT = "   "       # before an entry's second and later lines


def describe(event) -> str:
    """An event's own sentence; an event that cannot describe itself is still logged."""
    try:
        if type(event).describe is Event.describe and dataclasses.is_dataclass(event):
            return _plain(event)
        text = event.describe()
    except Exception:              # a new event type with a broken describe must not crash play
        text = type(event).__name__
    return str(text)


def _value(v) -> str:
    """Short forms: a path of poses by its end point, floats without noise."""
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, tuple) and v and all(isinstance(p, tuple) and len(p) >= 2 for p in v):
        x, y = v[-1][0], v[-1][1]
        return f"{len(v)} points to ({x:.1f}, {y:.1f})"
    return str(v)


def _plain(event) -> str:
    """Events without their own sentence: 'PhaseChanged: phase orders, side east (4.1)'."""
    fields = {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}
    rule = fields.pop("rule", "")
    words = ", ".join(f"{k} {_value(v)}" for k, v in fields.items() if v not in ("", None, (), []))
    name = re.sub(r"(?<!^)([A-Z])", r" \1", type(event).__name__).lower()
    return f"{name}: {words}" + (f" ({rule})" if rule else "") if words else name + (f" ({rule})" if rule else "")


def tone(event) -> str:
    kind = getattr(event, "kind", type(event).__name__)
    if kind == "DiceRolled":
        return "dim"
    if kind in ("TurnStarted", "GameOver"):
        return "accent"
    return "text"


class LogPanel:
    def __init__(self, painter: Painter):
        self.painter = painter
        self.entries: list[tuple[str, str]] = []     # (text, tone)
        self.scroll = 0                                # lines scrolled back from the newest
        self.rect = pygame.Rect(0, 0, 300, 300)
        self._wrapped_key = None
        self._wrapped: list[tuple[str, str]] = []
        # Set by the play window: the system's words for the log (ids to names; a roll and the
        # result it decided on one line). Without them the events' own sentences are shown.
        self.name = None                 # text -> text
        self.join_roll = None            # (the rolls just logged, next event) -> (line, rolls used)
        self._rolls: list = []           # the rolls logged last, in a row

    def add_event(self, event) -> None:
        joined = self.join_roll(self._rolls, event) if self._rolls and self.join_roll else None
        if joined:
            line, used = joined
            del self.entries[len(self.entries) - used:]
            self.entries.append((line, "text"))
            self._rolls = []
            return
        text = describe(event)
        is_roll = getattr(event, "kind", "") == "DiceRolled"
        rolls = self._rolls + [event] if is_roll else []
        self.add(self.name(text) if self.name else text, tone(event))
        self._rolls = rolls

    def add(self, text: str, kind: str = "text") -> None:
        self._rolls = []
        self.entries.append((text, kind))
        if len(self.entries) > MAX_ENTRIES:
            del self.entries[: len(self.entries) - MAX_ENTRIES]
        self.scroll = 0

    def wheel(self, lines: int) -> None:
        self.scroll = max(0, min(self.scroll + lines, max(0, len(self._wrapped) - 1)))

    def font_size(self) -> int:
        return 13 if self.rect.height < 500 else 14

    def _lines(self, width: int, size: int) -> list[tuple[str, str]]:
        key = (len(self.entries), self.entries[-1] if self.entries else None, width, size)
        if key != self._wrapped_key:
            out = []
            for text, kind in self.entries:
                out.extend((line, kind) for line in Painter.hanging(text, size, width, LOG_INDENT))
            self._wrapped, self._wrapped_key = out, key
        return self._wrapped

    def draw(self, target: pygame.Surface) -> None:
        r = self.rect
        target.fill(colour("ui", "panel"), r)
        pygame.draw.rect(target, colour("ui", "panel_edge"), r, 1)
        size = self.font_size()
        title = self.painter.draw(target, "Log", (r.x + 8, r.y + 6), size, colour("ui", "accent"), bold=True)
        line_h = size + 4
        lines = self._lines(r.width - 16, size)
        rows = max(1, (r.bottom - title.bottom - 8) // line_h)
        end = len(lines) - self.scroll
        shown = lines[max(0, end - rows): end]
        y = r.bottom - 6 - line_h * len(shown)
        clip = target.get_clip()
        target.set_clip(r)
        for text, kind in shown:
            self.painter.draw(target, text, (r.x + 8, y), size, colour("ui", kind))
            y += line_h
        target.set_clip(clip)
        if self.scroll:
            self.painter.draw(target, f"[{self.scroll} lines back]", (r.right - 8, r.y + 6), size - 1,
                              colour("ui", "dim"), anchor="topright")
