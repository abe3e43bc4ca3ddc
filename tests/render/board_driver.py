"""Drive the shared board view headless with synthetic pygame events, as a person would:
clicks on the map and the list, the wheel, keys. Time is passed in by hand, so battle steps and
the opponents' pauses are exact."""
from __future__ import annotations

import importlib

import pygame

from render.board.app import BoardApp
from sim.core.scenario import open_game

GAMES = {
    "sekigahara": ("scenarios/sekigahara/campaign.toml", "tokugawa"),
    "amdt": ("scenarios/amdt/amdt_2p.toml", "oda"),
    "hellas": ("scenarios/hellas/431_campaign.toml", "athens"),
}


class Driver:
    def __init__(self, system: str, seed: int = 1, level: str = "easy", size=(1280, 800), save=None, game=None):
        path, human = GAMES[system]
        self.system, self.human = system, human
        self.game = game or open_game(path, seed=seed)
        sim = importlib.import_module(f"sim.{system}")
        self.adapter_cls = importlib.import_module(f"render.{system}").ADAPTER
        others = {s: sim.make_player(s, level, seed + 7) for s in self.game.sides() if s != human}
        self.helper = sim.make_player(human, level, seed + 11)      # picks what "the person" wants
        self.app = BoardApp(self.game, self.adapter_cls(self.game), size, {human}, others, "", save)
        self.app.ai_seconds = 0.0
        self.app.step_seconds = 0.0
        self.now = 0.0
        self.screen = pygame.Surface(size)
        self.frame()

    @property
    def g(self):
        return self.app.game

    # -- time and frames ----------------------------------------------------------------------
    def frame(self, dt: float = 0.01) -> None:
        self.now += dt
        self.app.update(self.now)
        if self.app.dirty:
            self.app.draw(self.screen)

    def settle(self, limit: int = 3000) -> None:
        """Let battle steps and the opponent run until the person must decide (or the end)."""
        for _ in range(limit):
            if (self.app.human_turn() and self.app.caught_up()) or self.g.is_over():
                self.frame()
                return
            self.frame(1.0)
        raise AssertionError("the opponent never handed over")

    # -- input ------------------------------------------------------------------------------------
    def send(self, ev) -> None:
        self.app.handle(ev)
        self.frame()

    def click(self, pos, button: int = 1) -> None:
        self.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))

    def wheel(self, pos, y: int) -> None:
        self.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))

    def key(self, key: int, mod: int = 0) -> None:
        self.send(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))

    def place_point(self, name: str):
        return self.app.view.map.point_of(name)

    # -- choosing through the list ----------------------------------------------------------------
    def choose_in_list(self, index: int) -> None:
        """Choose legal action `index` as a person would from the panel: the pinned button if it
        is one, else wheel the list until its row shows, then click that row."""
        view = self.app.view
        for rect, idx in view.pin_rects:
            if idx == index:
                self.click(rect.center)
                return
        over = view.list_rect.center
        for _ in range(2000):
            for rect, idx in view.row_rects:
                if idx == index:
                    self.click(rect.center)
                    return
            rows = self.app.rows()
            row = next(i for i, (_, idx) in enumerate(rows) if idx == index)
            self.wheel(over, -1 if row >= self.app.scroll else 1)
        raise AssertionError(f"action {index} never showed in the list")

    def play_as_person(self, action) -> None:
        """Choose `action` (one of the legal actions) through the list."""
        ch = self.app.choices()
        self.choose_in_list(ch.actions.index(action))

    def advance(self, until, limit: int = 400) -> None:
        """The person plays what their helper AI would, through the UI, until `until(driver)`."""
        for _ in range(limit):
            self.settle()
            if until(self) or self.g.is_over():
                return
            side = self.g.to_act()
            self.play_as_person(self.helper.choose(self.g, side))
        raise AssertionError("the position asked for never came")
