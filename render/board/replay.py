"""`kassen replay` for board games: a saved game rebuilt from its scenario, seed and actions,
stepped through by action, phase and turn, from any side's view (or everyone's).

  Left/Right  previous / next action      Home/End  first / last
  PgUp/PgDn   previous / next phase       [ / ]     previous / next turn
  Space       play / pause                V         next viewpoint (each side, then all)
  Ctrl+Q      close
  click a line of the action list to jump there; the wheel scrolls it.
"""
from __future__ import annotations

import time

import pygame

from render.board.adapter import BoardAdapter
from render.board.choices import describe
from render.board.view import BoardView, Scene

PLAY_SECONDS = 0.5
KEYS = "Left/Right action  |  PgUp/PgDn phase  |  [ ] turn  |  Home/End  |  Space play  |  V viewpoint  |  wheel scrolls  |  Ctrl+Q close"


class Timeline:
    """The game re-run once, keeping the state after every action and where its events end."""

    def __init__(self, game):
        fresh = type(game).replay(game.scenario, game.seed, [])
        self.actions = list(game.actions)
        self.labels: list[str] = []
        self.snapshots = [fresh.snapshot()]
        self.events_at = [len(fresh.events)]
        forced = getattr(game, "forced", {})             # dice a test or tutorial forced
        for i, a in enumerate(self.actions):
            self.labels.append(f"{a.side}: {describe(a, fresh)}")
            fresh.state.dice.forced = list(forced.get(i, []))
            fresh.apply(a)
            self.snapshots.append(fresh.snapshot())
            self.events_at.append(len(fresh.events))
        self.events = list(fresh.events)
        self.game = fresh

    def __len__(self) -> int:
        return len(self.actions)

    def at(self, k: int):
        """The game as it stood after `k` actions (one shared object, re-pointed each time)."""
        g = self.game
        g.set_state(self.snapshots[k])
        g.events = self.events[:self.events_at[k]]
        g.actions = self.actions[:k]
        return g

    def find(self, k: int, step: int, kinds) -> int:
        """The next (step +1) or previous (-1) action whose events include one of `kinds`."""
        i = k + step
        while 1 <= i <= len(self):
            if any(e.kind in kinds for e in self.events[self.events_at[i - 1]:self.events_at[i]]):
                return i
            i += step
        return max(0, min(len(self), i))


class ReplayApp:
    def __init__(self, game, adapter_cls, size=(1280, 800), side: str | None = None):
        self.timeline = Timeline(game)
        self.adapter: BoardAdapter = adapter_cls(self.timeline.game)
        self.view = BoardView(self.adapter, size)
        self.sides = (None,) + tuple(game.sides())
        self.viewer = side
        self.k = 0
        self.playing = False
        self.next_step = 0.0
        self.scroll = 0
        self.log_scroll = 0
        self.mouse = (0, 0)
        self.running = True
        self.dirty = True

    def go(self, k: int) -> None:
        self.k = max(0, min(len(self.timeline), k))
        rows = self.view.rows_visible
        if not self.scroll <= self.k < self.scroll + rows - 1:
            self.scroll = max(0, self.k - rows // 2)
        self.dirty = True

    def handle(self, ev) -> None:
        t = ev.type
        if self.view.window_event(self, ev):
            return
        if t == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif t == pygame.MOUSEWHEEL:
            if self.view.area(self.mouse) == "log":
                self.log_scroll = max(0, self.log_scroll + ev.y)
            else:
                self.scroll = max(0, min(len(self.timeline), self.scroll - 3 * ev.y))
            self.dirty = True
        elif t == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            what, value = self.view.hit(ev.pos)
            if what == "row":
                self.go(value)
            elif what == "button":
                self.key(value)
        elif t == pygame.KEYDOWN:
            self.key(ev.key, ev.mod)

    def key(self, key, mod: int = 0) -> None:
        if key == pygame.K_q and mod & pygame.KMOD_CTRL:
            self.running = False
            return
        tl, ad = self.timeline, self.adapter
        moves = {pygame.K_RIGHT: lambda: self.k + 1, pygame.K_LEFT: lambda: self.k - 1,
                 pygame.K_HOME: lambda: 0, pygame.K_END: lambda: len(tl),
                 pygame.K_PAGEDOWN: lambda: tl.find(self.k, 1, ad.phase_kinds | ad.turn_kinds),
                 pygame.K_PAGEUP: lambda: tl.find(self.k, -1, ad.phase_kinds | ad.turn_kinds),
                 pygame.K_RIGHTBRACKET: lambda: tl.find(self.k, 1, ad.turn_kinds),
                 pygame.K_LEFTBRACKET: lambda: tl.find(self.k, -1, ad.turn_kinds)}
        if key in moves:
            self.playing = False
            self.go(moves[key]())
        elif key == pygame.K_SPACE:
            self.playing = not self.playing
            self.next_step = time.monotonic()
        elif key == pygame.K_v:
            self.viewer = self.sides[(self.sides.index(self.viewer) + 1) % len(self.sides)]
        elif key == pygame.K_ESCAPE:
            self.playing = False
        self.dirty = True

    def update(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if self.playing and now >= self.next_step:
            if self.k >= len(self.timeline):
                self.playing = False
            else:
                self.go(self.k + 1)
            self.next_step = now + PLAY_SECONDS

    def wake_in(self, now: float) -> float | None:
        return max(0.0, self.next_step - now) if self.playing else None

    def scene(self) -> Scene:
        tl, ad = self.timeline, self.adapter
        g = tl.at(self.k)
        view = g.view(self.viewer)
        who = self.viewer or "everyone"
        status = [f"Replay: action {self.k} of {len(tl)}" + ("  (playing)" if self.playing else ""),
                  f"Viewpoint: {who} (V changes)"] + ad.status(view)
        if self.k:
            status.insert(1, "Last: " + tl.labels[self.k - 1])
        rows = [(f"{i}. {text}", i) for i, text in enumerate(["(start)"] + tl.labels)]
        K = pygame
        buttons = [("|<", K.K_HOME), ("<", K.K_LEFT), (">", K.K_RIGHT), (">|", K.K_END),
                   ("Play", K.K_SPACE), ("Phase-", K.K_PAGEUP), ("Phase+", K.K_PAGEDOWN),
                   ("Turn-", K.K_LEFTBRACKET), ("Turn+", K.K_RIGHTBRACKET), ("View", K.K_v)]
        log = [ad.event_line(e, self.viewer) for e in ad.events(self.viewer) if ad.in_log(e)]
        last = ad.anchor(tl.actions[self.k - 1]) if self.k else None      # the move just made
        return Scene(view=view, title=f"{ad.title} - replay", status_lines=status, rows=rows,
                     selected=last.origin if last else None, paths=(last.path,) if last and last.path else (),
                     scroll=self.scroll, cursor=self.k, log=log, log_scroll=self.log_scroll,
                     battle=ad.battle_lines(view), buttons=buttons, status=KEYS)

    def draw(self, surf) -> None:
        self.view.draw(surf, self.scene())
        self.dirty = False
