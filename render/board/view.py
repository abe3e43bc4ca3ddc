"""One frame of the board view: the map (left), the box strip under it, the side panel (the
game's status lines, the choices list with pass/end pinned under it, the log), the battle panel
over the map, a chooser when a click leaves a real choice, and the status bar with the keys.

`Scene` is everything a frame shows; `BoardView` lays the window out and draws a Scene,
remembering where each clickable thing went so clicks can be matched to it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from render.board.adapter import BoardAdapter
from render.board.mapview import MapPainter
from render.board.text import INK, Texts

PANEL = (236, 230, 214)
ROW = (250, 246, 236)
CURSOR = (255, 226, 140)
HEAD = (110, 70, 20)
BUTTON = (222, 210, 180)


@dataclass
class Scene:
    view: dict
    title: str = ""
    status_lines: list = field(default_factory=list)
    rows: list = field(default_factory=list)            # (text, index | None)
    scroll: int = 0
    cursor: int | None = None                           # index into rows
    pinned: list = field(default_factory=list)          # (text, index)
    selected: str | None = None
    targets: tuple = ()
    paths: tuple = ()
    clickable: tuple = ()
    hover: str | None = None
    log: list = field(default_factory=list)             # lines, oldest first
    log_scroll: int = 0
    battle: list = field(default_factory=list)          # battle panel lines ([] : closed)
    battle_hint: str = ""
    chooser: list = field(default_factory=list)         # (text, index)
    chooser_scroll: int = 0
    buttons: list = field(default_factory=list)         # (text, key) along the panel's top
    status: str = ""
    message: str = ""
    key: object = None                                  # names the game position (map caching)
    pieces: dict | None = None
    markers: dict | None = None


class BoardView:
    def __init__(self, adapter: BoardAdapter, size=(1280, 800)):
        self.adapter = adapter
        self.texts = Texts()
        self.map = MapPainter(adapter, self.texts)
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        self.pin_rects: list[tuple[pygame.Rect, int]] = []
        self.chooser_rects: list[tuple[pygame.Rect, int]] = []
        self.button_rects: list[tuple[pygame.Rect, str]] = []
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.chooser_rect = pygame.Rect(0, 0, 0, 0)
        self.battle_rect = pygame.Rect(0, 0, 0, 0)
        self.rows_visible = 10
        self.layout(size)

    def layout(self, size) -> None:
        w, h = size
        self.size = (w, h)
        self.texts.scale = max(1.0, min(1.5, h / 800))
        self.fs = 13                                      # base font size before scaling
        self.line = self.texts.line_height(self.fs) + 3
        bar = self.line + 6
        pw = int(min(560, max(380, w * 0.32)))
        boxh = int(70 * self.texts.scale) if self.adapter.boxes() else 0
        self.status_rect = pygame.Rect(0, h - bar, w, bar)
        map_rect = pygame.Rect(0, 0, w - pw, h - bar - boxh)
        self.map.set_rect(map_rect, pygame.Rect(0, map_rect.bottom, w - pw, boxh))
        self.panel_rect = pygame.Rect(w - pw, 0, pw, h - bar)
        self.log_rect = pygame.Rect(w - pw, int(self.panel_rect.h * 0.70), pw, self.panel_rect.h - int(self.panel_rect.h * 0.70))

    # -- a frame ---------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, sc: Scene) -> None:
        self.map.draw(surf, sc.view, selected=sc.selected, targets=sc.targets, paths=sc.paths,
                      clickable=sc.clickable, hover=sc.hover, key=sc.key, pieces=sc.pieces, markers=sc.markers)
        self._panel(surf, sc)
        self._log(surf, sc)
        self.battle_rect = pygame.Rect(0, 0, 0, 0)
        if sc.battle:
            self._battle(surf, sc)
        self.chooser_rect = pygame.Rect(0, 0, 0, 0)
        self.chooser_rects = []
        if sc.chooser:
            self._chooser(surf, sc)
        self._status(surf, sc)

    def _panel(self, surf, sc: Scene) -> None:
        p = self.panel_rect
        pygame.draw.rect(surf, PANEL, p)
        x, y, w = p.x + 10, p.y + 6, p.w - 20
        self.texts.blit(surf, self.texts.fit(sc.title, w, 16, True), (x, y), 16, INK, True)
        y += self.texts.line_height(16) + 2
        self.button_rects = []
        bx = x
        for text, key in sc.buttons:
            pic = self.texts.render(text, 11)
            r = pygame.Rect(bx, y, pic.get_width() + 10, pic.get_height() + 4)
            pygame.draw.rect(surf, BUTTON, r, border_radius=3)
            surf.blit(pic, (r.x + 5, r.y + 2))
            self.button_rects.append((r, key))
            bx = r.right + 4
        if sc.buttons:
            y += self.line + 2
        for line in sc.status_lines:
            for part in self.texts.wrap(line, w, self.fs - 1) or [""]:
                self.texts.blit(surf, part, (x, y), self.fs - 1)
                y += self.line - 2
        y += 4
        # the choices: a scrolling list, with pass / end always visible under it
        pin_h = len(sc.pinned) * (self.line + 4)
        bottom = self.log_rect.y - 6 - pin_h
        self.list_rect = pygame.Rect(x, y, w, max(0, bottom - y))
        self.rows_visible = max(1, self.list_rect.h // self.line)
        self.row_rects = []
        if sc.rows:
            rows = sc.rows[sc.scroll:sc.scroll + self.rows_visible]
            for k, (text, idx) in enumerate(rows):
                r = pygame.Rect(x, y + k * self.line, w - 8, self.line - 1)
                if idx is None:
                    self.texts.blit(surf, self.texts.fit(text, w - 8, self.fs, True), (r.x, r.y + 1), self.fs, HEAD, True)
                    continue
                pygame.draw.rect(surf, CURSOR if sc.cursor == sc.scroll + k else ROW, r)
                self.texts.blit(surf, self.texts.fit(text, w - 16, self.fs), (r.x + 6, r.y + 1), self.fs)
                self.row_rects.append((r, idx))
            if len(sc.rows) > self.rows_visible:           # scroll bar
                track = pygame.Rect(x + w - 5, self.list_rect.y, 4, self.list_rect.h)
                pygame.draw.rect(surf, (210, 200, 180), track)
                frac = self.rows_visible / len(sc.rows)
                top = track.y + int(track.h * sc.scroll / len(sc.rows))
                pygame.draw.rect(surf, HEAD, (track.x, top, 4, max(8, int(track.h * frac))))
        self.pin_rects = []
        py = bottom + 2
        for text, idx in sc.pinned:
            r = pygame.Rect(x, py, w - 8, self.line + 2)
            pygame.draw.rect(surf, BUTTON, r, border_radius=4)
            pygame.draw.rect(surf, INK, r, 1, border_radius=4)
            self.texts.blit(surf, self.texts.fit(text, w - 20, self.fs, True), (r.x + 8, r.y + 2), self.fs, INK, True)
            self.pin_rects.append((r, idx))
            py += self.line + 4

    def _log(self, surf, sc: Scene) -> None:
        r = self.log_rect
        pygame.draw.rect(surf, (228, 221, 202), r)
        pygame.draw.line(surf, HEAD, r.topleft, r.topright, 1)
        x, w = r.x + 10, r.w - 20
        self.texts.blit(surf, "Log (wheel here scrolls)", (x, r.y + 3), self.fs - 1, HEAD, True)
        room = max(1, (r.h - self.line - 6) // (self.line - 3))
        end = len(sc.log) - sc.log_scroll
        wrapped: list[str] = []                 # newest last; a long entry takes two lines
        for line in reversed(sc.log[max(0, end - room):end]):
            parts = self.texts.wrap(line, w, self.fs - 2)
            parts = parts[:1] + ["   " + self.texts.fit(" ".join(parts[1:]), w - 20, self.fs - 2)] if len(parts) > 1 else parts
            wrapped[:0] = parts
            if len(wrapped) >= room:
                break
        y = r.y + self.line + 2
        for line in wrapped[-room:]:
            self.texts.blit(surf, line, (x, y), self.fs - 2)
            y += self.line - 3

    def _battle(self, surf, sc: Scene) -> None:
        m = self.map.rect
        w = min(m.w - 20, int(440 * self.texts.scale))
        lines = []
        for text in sc.battle:
            lines += self.texts.wrap(text, w - 20, self.fs - 1) or [""]
        lines = lines[-max(4, (m.h - 80) // (self.line - 2)):]
        h = (len(lines) + 2) * (self.line - 2) + 12
        r = pygame.Rect(m.x + 10, m.y + 10, w, h)
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((250, 246, 236, 236))
        surf.blit(shade, r)
        pygame.draw.rect(surf, (170, 30, 30), r, 2)
        y = r.y + 6
        for i, line in enumerate(lines):
            bold = i == 0
            self.texts.blit(surf, line, (r.x + 10, y), self.fs - 1, (150, 20, 20) if bold else INK, bold)
            y += self.line - 2
        self.texts.blit(surf, sc.battle_hint, (r.x + 10, y + 2), self.fs - 2, HEAD, True)
        self.battle_rect = r

    def _chooser(self, surf, sc: Scene) -> None:
        m = self.map.rect
        w = min(m.w - 40, int(520 * self.texts.scale))
        shown = sc.chooser[sc.chooser_scroll:sc.chooser_scroll + 12]
        h = (len(shown) + 2) * self.line + 10
        r = pygame.Rect(m.centerx - w // 2, m.centery - h // 2, w, h)
        pygame.draw.rect(surf, ROW, r, border_radius=6)
        pygame.draw.rect(surf, INK, r, 2, border_radius=6)
        more = f" ({sc.chooser_scroll + 1}-{sc.chooser_scroll + len(shown)} of {len(sc.chooser)}, wheel scrolls)" \
            if len(sc.chooser) > len(shown) else ""
        self.texts.blit(surf, "Which one?" + more, (r.x + 10, r.y + 6), self.fs, HEAD, True)
        y = r.y + 6 + self.line
        for k, (text, idx) in enumerate(shown):
            row = pygame.Rect(r.x + 8, y, w - 16, self.line - 1)
            pygame.draw.rect(surf, (240, 232, 210), row)
            key = f"{k + 1}. " if k < 9 else "   "
            self.texts.blit(surf, self.texts.fit(key + text, w - 28, self.fs), (row.x + 6, row.y + 1), self.fs)
            self.chooser_rects.append((row, idx))
            y += self.line
        self.texts.blit(surf, "1-9 or click to choose, Esc cancels", (r.x + 10, y + 2), self.fs - 2, HEAD)
        self.chooser_rect = r

    def _status(self, surf, sc: Scene) -> None:
        r = self.status_rect
        pygame.draw.rect(surf, (60, 52, 40), r)
        text = sc.message or sc.status
        colour = (255, 220, 140) if sc.message else (240, 236, 226)
        self.texts.blit(surf, self.texts.fit(text, r.w - 20, self.fs - 1), (r.x + 10, r.y + 4), self.fs - 1, colour)

    # -- clicks ---------------------------------------------------------------------------------
    def hit(self, pos) -> tuple[str, object]:
        """What is under `pos`: ("chooser", i) | ("chooser-out", None) | ("row", i) | ("pin", i) |
        ("button", key) | ("battle", None) | ("place", name) | ("", None)."""
        if self.chooser_rect.w:
            for r, idx in self.chooser_rects:
                if r.collidepoint(pos):
                    return "chooser", idx
            return ("chooser-out", None) if not self.chooser_rect.collidepoint(pos) else ("", None)
        for r, key in self.button_rects:
            if r.collidepoint(pos):
                return "button", key
        for r, idx in self.pin_rects:
            if r.collidepoint(pos):
                return "pin", idx
        for r, idx in self.row_rects:
            if r.collidepoint(pos):
                return "row", idx
        if self.battle_rect.collidepoint(pos):
            return "battle", None
        place = self.map.place_at(pos)
        return ("place", place) if place else ("", None)

    def window_event(self, owner, ev) -> bool:
        """Close, resize and expose, the same for every board window (`owner` has `running`
        and `dirty`). True when `ev` was one of them."""
        t = ev.type
        if t == pygame.QUIT:
            owner.running = False
        elif t in (pygame.VIDEORESIZE, getattr(pygame, "WINDOWSIZECHANGED", -1)):
            surf = pygame.display.get_surface()
            size = surf.get_size() if surf is not None else (ev.w, ev.h)
            self.layout((max(640, size[0]), max(480, size[1])))
            owner.dirty = True
        elif t in (getattr(pygame, "WINDOWEXPOSED", -1), getattr(pygame, "VIDEOEXPOSE", -1)):
            owner.dirty = True
        else:
            return False
        return True

    def area(self, pos) -> str:
        """Which part a wheel over `pos` scrolls: chooser, list, log or map."""
        if self.chooser_rect.collidepoint(pos):
            return "chooser"
        if self.log_rect.collidepoint(pos):
            return "log"
        if self.panel_rect.collidepoint(pos):
            return "list"
        return "map"
