"""The small menu (Esc with nothing to cancel, or F10): save, load, replay, animation speed,
fast forward to my turn, quit (asking whether to save). Number keys or a click pick an item;
Esc closes it. Load lists the saves in the user's data directory and the --save file."""
from __future__ import annotations

from pathlib import Path

import pygame

from render.assets import colour
from render.daimyo.text import Painter
from render.userdata import data_dir


class Menu:
    def __init__(self, app):
        self.app = app
        self.page: str | None = None        # None (closed), "main", "load", "quit"
        self.rects: list[pygame.Rect] = []

    @property
    def open(self) -> bool:
        return self.page is not None

    def show(self, page: str = "main") -> None:
        self.page = page

    def close(self) -> None:
        self.page = None

    # -- the items -----------------------------------------------------------------------------
    def items(self) -> list[tuple[str, object, bool]]:
        """(text, what it does, whether the menu stays open after it)."""
        app = self.app
        if self.page == "quit":
            return [(f"Save to {app.save_target()} and quit", lambda: app.quit(save=True), False),
                    ("Quit without saving", lambda: app.quit(save=False), False),
                    ("Back to the game", self.close, False)]
        if self.page == "load":
            return [(f"{p.name}  ({p.parent})", lambda p=p: app.load(p), False) for p in self.saves()] + \
                   [("Back", lambda: self.show("main"), True)]
        anim = app.animator
        ff = "on" if app.fast_forward else "off"
        return [(f"Save ({app.save_target()})", app.save, False),
                ("Load a saved game...", lambda: self.show("load"), True),
                ("Replay this game from the start", app.open_replay, False),
                (f"Animation faster (now x{anim.speed:g})", anim.faster, True),
                (f"Animation slower (now x{anim.speed:g})", anim.slower, True),
                (f"Fast forward to my turn (now {ff})", app.toggle_fast_forward, True),
                ("Quit...", lambda: self.show("quit"), True),
                ("Back to the game", self.close, False)]

    def saves(self) -> list[Path]:
        """Saves the player can load: the --save file and those in the data directory, but not
        the autosaves of the other systems (autosave-sekigahara-...: they cannot be loaded here)."""
        folder = data_dir() / "saves"
        mine = f"autosave-{self.app.game.system}-"
        found = sorted(p for p in folder.glob("*.json") if p.name.startswith(mine)
                       or not p.name.startswith("autosave-")) if folder.is_dir() else []
        own = Path(self.app.save_target())
        return ([own] if own.is_file() and own not in found else []) + found

    def choose(self, n: int) -> None:
        items = self.items()
        if 1 <= n <= len(items):
            _, do, stays = items[n - 1]
            if not stays:
                self.close()
            do()

    # -- events and drawing --------------------------------------------------------------------
    def key(self, key: int) -> None:
        from render.daimyo.input import NUMBER_KEYS
        if key == pygame.K_ESCAPE:
            self.close() if self.page in ("main", "quit") else self.show("main")
        elif key in NUMBER_KEYS:
            self.choose(NUMBER_KEYS[key])
        elif self.page == "quit" and key == pygame.K_y:
            self.app.quit(save=True)
        elif self.page == "quit" and key == pygame.K_n:
            self.app.quit(save=False)

    def click(self, pos) -> None:
        for n, rect in enumerate(self.rects, start=1):
            if rect.collidepoint(pos):
                self.choose(n)
                return

    def draw(self, target, painter: Painter, rect: pygame.Rect, size: int) -> None:
        title = {"main": "Menu", "load": "Load a saved game", "quit": "Save before quitting?"}[self.page]
        items = self.items()
        line_h = size + 10
        w = min(rect.width - 40, 40 + max(Painter.text_width(t, size) for t, *_ in items + [(title,)]))
        box = pygame.Rect(0, 0, w, line_h * (len(items) + 1) + 20)
        box.center = rect.center
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((*colour("ui", "panel"), 245))
        target.blit(shade, box)
        pygame.draw.rect(target, colour("ui", "accent"), box, 2)
        painter.draw(target, title, (box.x + 14, box.y + 10), size, colour("ui", "accent"), bold=True)
        self.rects = []
        for n, (text, *_) in enumerate(items, start=1):
            r = pygame.Rect(box.x + 8, box.y + 10 + line_h * n, box.width - 16, line_h - 2)
            self.rects.append(r)
            painter.draw(target, f"{n}  {text}", (r.x + 6, r.centery), size, colour("ui", "text"), anchor="midleft")
