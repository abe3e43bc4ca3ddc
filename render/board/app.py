"""The board-game window: a live game, the person's clicks and keys, the scripted opponents,
battles revealed step by step, saves and undo. Reads the game through the protocol and changes
it only by `apply` of an action the person chose (or an opponent's), and `undo`.

Input, everywhere the same:
  left click   select a stack / place, then click a highlighted destination to move there;
               click a choice in the list, a pinned pass / end button, or a chooser row
  right click  cancel the selection          wheel    scrolls the list, log or chooser, never acts
  Up/Down Enter  walk the list and choose    PgUp/PgDn  page the list     Tab  next place to select
  E  the pinned pass / end choice            1-9  a chooser row           Esc  cancel / close
  Space  next battle step    P  battle steps play by themselves or wait    Ctrl+S save   Ctrl+Z / U undo
"""
from __future__ import annotations

import time
from pathlib import Path

import pygame

from render.board.adapter import BoardAdapter
from render.board.choices import Choices, describe
from render.board.view import BoardView, Scene
from sim.core.errors import RuleError

KEYS = ("click a highlighted place  |  wheel scrolls  |  Up/Down Enter choose  |  E end/pass  |  "
        "Tab next  |  Esc cancel  |  Space next battle step  |  Ctrl+S save  |  Ctrl+Z undo")
STEP_SECONDS = 0.9        # a battle step stays this long before the next, unless Space
AI_SECONDS = 0.12         # a pause between the opponent's actions, so moves can be followed
MESSAGE_SECONDS = 6.0
IDLE_SECONDS = 0.03       # the longest a key waits to be seen when nothing is happening


class BoardApp:
    def __init__(self, game, adapter: BoardAdapter, size=(1280, 800), humans=None, opponents=None,
                 note: str = "", save_path: str | None = None):
        self.game = game
        self.adapter = adapter
        self.view = BoardView(adapter, size)
        self.humans = set(game.sides() if humans is None else humans)
        self.opponents = dict(opponents or {})
        self.note = note
        self.save_path = save_path
        self.running = True
        self.dirty = True
        self.selected: str | None = None
        self.scroll = 0
        self.cursor: int | None = None
        self.chooser: list[int] = []
        self.chooser_scroll = 0
        self.hover: str | None = None
        self.hover_row: int | None = None      # the choice under the mouse: its full text below
        self.mouse = (0, 0)
        self.log_scroll = 0
        self.message = ("", 0.0)
        self.auto_steps = True
        self.step_seconds = STEP_SECONDS
        self.ai_seconds = AI_SECONDS
        self.shown = 0                 # log events revealed so far
        self.lines: list[str] = []     # their text
        self.feed: list[str] = []      # the battle being shown ([] : none)
        self.feed_over = False
        self.feed_tail = False
        self.next_reveal = 0.0
        self.ai_ready = 0.0
        self._choices_key = None
        self._choices: Choices | None = None
        self._log_key = None
        self._log: list = []
        self._seen_key = None
        self._seen: tuple = ()
        past = self.log()                      # what happened before the window opened: no replay
        self.shown = len(past)
        self.lines = [adapter.event_line(e, self.viewer()) for e in past if adapter.in_log(e)]
        self.selected = self.choices().only_mover() if self.human_turn() else None

    # -- what the window shows ------------------------------------------------------------------
    def viewer(self) -> str | None:
        """The side whose view is drawn: the one human, or in hot-seat the side to act."""
        if len(self.humans) == 1:
            return next(iter(self.humans))
        actor = self.game.to_act()
        return actor if actor in self.humans else None

    def human_turn(self) -> bool:
        return self.game.to_act() in self.humans

    def choices(self) -> Choices:
        key = (id(self.game), len(self.game.actions), self.human_turn())
        if key != self._choices_key:
            side = self.game.to_act()
            acts = self.game.legal_actions(side) if self.human_turn() else []
            self._choices = Choices(self.game, self.adapter, acts)
            self._choices_key = key
        return self._choices

    def log(self) -> list:
        key = (id(self.game), len(self.game.events), self.viewer())
        if key != self._log_key:
            self._log = self.adapter.events(self.viewer())
            self._log_key = key
        return self._log

    def rows(self) -> list:
        return self.choices().rows(self.selected)

    # -- acting -------------------------------------------------------------------------------------
    def apply(self, index: int) -> bool:
        action = self.choices().actions[index]
        try:
            self.game.apply(action)
        except RuleError as exc:
            self.say(f"Refused - rule {exc.rule}: {exc.reason}")
            return False
        self._after_change()
        return True

    def _after_change(self) -> None:
        self.chooser, self.cursor, self.scroll = [], None, 0
        self.selected = None
        if self.human_turn():
            self.selected = self.choices().only_mover()
        self.dirty = True

    def save(self) -> bool:
        from sim.core.save import save
        if not self.save_path:
            self.say("no save file (kassen play --save PATH)")
            return False
        try:
            Path(self.save_path).parent.mkdir(parents=True, exist_ok=True)
            save(self.game, self.save_path)
        except OSError as exc:
            self.say(f"could not save to {self.save_path}: {exc.strerror}")
            return False
        self.say(f"saved to {self.save_path} ({len(self.game.actions)} actions)")
        return True

    def undo(self) -> bool:
        """Take back the human's last action, back to the last die roll, card draw, reveal or
        change of player (the core rule of sim.core.undo)."""
        try:
            from sim.core.undo import undo, undoable
        except ImportError:
            self.say("undo is not available in this version")
            return False
        side = self.game.to_act() if self.human_turn() else self.viewer()
        if side is None or undoable(self.game, side) < 1:
            self.say("nothing to undo: a die roll, card draw, reveal or the other side came between")
            return False
        last = self.game.actions[-1]
        try:
            self.game = undo(self.game, side)
        except RuleError as exc:
            self.say(f"cannot undo - rule {exc.rule}: {exc.reason}")
            return False
        self.adapter.game = self.game
        log = self.log()
        self.shown = min(self.shown, len(log))
        self.lines = [self.adapter.event_line(e, self.viewer()) for e in log[:self.shown] if self.adapter.in_log(e)]
        self.feed, self.feed_over = [], False
        self._after_change()
        self.say(f"{side} takes back: {describe(last, self.game)}")
        return True

    def say(self, text: str) -> None:
        self.message = (text, time.monotonic() + MESSAGE_SECONDS)
        self.dirty = True

    # -- input ----------------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        t = ev.type
        if self.view.window_event(self, ev):
            return
        if t == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            what, value = self.view.hit(ev.pos)
            hover = value if what == "place" else None
            row = value if what in ("row", "pin", "chooser") else None
            if (hover, row) != (self.hover, self.hover_row):
                self.hover, self.hover_row, self.dirty = hover, row, True
        elif t == pygame.MOUSEWHEEL:
            self._wheel(-ev.y)
        elif t == pygame.MOUSEBUTTONDOWN and ev.button == 1:      # buttons 4/5 are the wheel
            self.mouse = ev.pos
            self.click(ev.pos)
        elif t == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            self.cancel()
        elif t == pygame.KEYDOWN:
            self.key(ev.key, ev.mod)

    def _wheel(self, steps: int) -> None:
        where = self.view.area(self.mouse)
        if self.chooser and where != "log":
            self.chooser_scroll = max(0, min(len(self.chooser) - 12, self.chooser_scroll + steps))
        elif where == "log":
            self.log_scroll = max(0, min(len(self.lines) - 1, self.log_scroll - steps))
        else:
            self.scroll = max(0, min(max(0, len(self.rows()) - self.view.rows_visible), self.scroll + steps * 3))
        self.dirty = True

    def click(self, pos) -> None:
        what, value = self.view.hit(pos)
        self.dirty = True
        if what == "chooser":
            self.apply(value)
        elif what == "chooser-out":
            self.chooser = []
        elif what in ("row", "pin"):
            self.apply(value)
        elif what == "button":
            {"save": self.save, "undo": self.undo}[value]()
        elif what == "battle":
            self.step_battle()
        elif what == "place":
            self.click_place(value)
        elif what == "":
            self.selected = None

    def click_place(self, place: str | None) -> None:
        if not self.human_turn():
            self.selected = place
            return
        verb, value = self.choices().click(place, self.selected)
        if verb == "apply":
            self.apply(value)
        elif verb == "choose":
            self.chooser, self.chooser_scroll = list(value), 0
        elif verb == "select":
            self.selected, self.scroll, self.cursor = value, 0, None
        else:
            self.selected = None

    def cancel(self) -> None:
        if self.chooser:
            self.chooser = []
        elif self.selected:
            self.selected = None
        elif self.feed and self.feed_over and self.caught_up():
            self.feed = []
        self.dirty = True

    def key(self, key, mod) -> None:
        ctrl = mod & pygame.KMOD_CTRL
        self.dirty = True
        if ctrl and key == pygame.K_s:
            self.save()
        elif (ctrl and key == pygame.K_z) or key == pygame.K_u:
            self.undo()
        elif ctrl and key == pygame.K_q:
            self.running = False
        elif key == pygame.K_ESCAPE:
            self.cancel()
        elif self.chooser and pygame.K_1 <= key <= pygame.K_9:
            k = self.chooser_scroll + key - pygame.K_1
            if k < min(len(self.chooser), self.chooser_scroll + 12):
                self.apply(self.chooser[k])
        elif key == pygame.K_SPACE:
            self.step_battle()
        elif key == pygame.K_p:
            self.auto_steps = not self.auto_steps
            self.say("battle steps play by themselves" if self.auto_steps else "battle steps wait for Space")
        elif key == pygame.K_e:
            pins = self.choices().pinned()
            if pins and self.human_turn():
                self.apply(pins[0])
        elif key in (pygame.K_DOWN, pygame.K_UP):
            self._move_cursor(1 if key == pygame.K_DOWN else -1)
        elif key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            n = self.view.rows_visible * (1 if key == pygame.K_PAGEDOWN else -1)
            self.scroll = max(0, min(max(0, len(self.rows()) - self.view.rows_visible), self.scroll + n))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            rows = self.rows()
            if self.cursor is not None and self.cursor < len(rows) and rows[self.cursor][1] is not None:
                self.apply(rows[self.cursor][1])
            elif self.feed and self.feed_over and self.caught_up():
                self.feed = []
        elif key == pygame.K_TAB:
            self._next_origin(-1 if mod & pygame.KMOD_SHIFT else 1)

    def _move_cursor(self, step: int) -> None:
        rows = self.rows()
        picks = [i for i, (_, idx) in enumerate(rows) if idx is not None]
        if not picks:
            return
        if self.cursor is None:
            self.cursor = picks[0] if step > 0 else picks[-1]
        else:
            later = [i for i in picks if (i - self.cursor) * step > 0]
            self.cursor = (min(later) if step > 0 else max(later)) if later else self.cursor
        if self.cursor < self.scroll:
            self.scroll = max(0, self.cursor - 1)
        elif self.cursor >= self.scroll + self.view.rows_visible:
            self.scroll = self.cursor - self.view.rows_visible + 1

    def _next_origin(self, step: int) -> None:
        ch = self.choices()
        places = sorted(ch.origins())
        if not places:
            return
        i = places.index(self.selected) if self.selected in places else -1
        nxt = places[(i + step) % len(places)]
        self.selected = nxt if ch.moves_from(nxt) else self.selected
        if not ch.moves_from(nxt) and ch.at(nxt):
            self.chooser, self.chooser_scroll = ch.at(nxt), 0

    # -- time: battle steps and the opponents --------------------------------------------------------
    def caught_up(self) -> bool:
        return self.shown >= len(self.log())

    def step_battle(self) -> None:
        """Space: show the next battle step now; a finished battle closes."""
        if not self.caught_up():
            self._reveal(time.monotonic(), force=True)
        elif self.feed and self.feed_over:
            self.feed = []
        self.dirty = True

    def _reveal(self, now: float, force: bool = False) -> bool:
        log = self.log()
        changed = False
        while self.shown < len(log):
            ev = log[self.shown]
            opening = ev.kind in self.adapter.battle_start
            pacing = (bool(self.feed) and not self.feed_over) or opening
            if pacing and not opening and not force and (not self.auto_steps or now < self.next_reveal):
                break
            line = self.adapter.event_line(ev, self.viewer())
            if opening:
                self.feed, self.feed_over, self.feed_tail = [line], False, True
            elif self.feed_over and ev.kind not in self.adapter.battle_after:
                self.feed_tail = False             # the battle's losses and retreats are done
            elif self.feed and self.feed_tail:
                self.feed.append(line)
            if ev.kind in self.adapter.battle_end:
                self.feed_over = True
            if self.adapter.in_log(ev):
                self.lines.append(line)
            self.shown += 1
            changed = True
            if pacing:
                self.next_reveal = now + self.step_seconds
                if force:
                    break
        self.dirty |= changed
        return changed

    def update(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._reveal(now)
        text, until = self.message
        if text and now >= until:
            self.message = ("", 0.0)
            self.dirty = True
        side = self.game.to_act()
        if side in self.opponents and self.caught_up() and now >= self.ai_ready:
            self.game.apply(self.opponents[side].choose(self.game, side))
            self.ai_ready = now + self.ai_seconds
            self._after_change()

    def wake_in(self, now: float) -> float | None:
        """Seconds until `update` has something to do (None: nothing until the next input)."""
        waits = []
        if not self.caught_up():
            waits.append(max(0.0, self.next_reveal - now) if self.auto_steps else None)
        elif self.game.to_act() in self.opponents:
            waits.append(max(0.0, self.ai_ready - now))
        if self.message[0]:
            waits.append(max(0.0, self.message[1] - now))
        waits = [w for w in waits if w is not None]
        return min(waits) if waits else None

    # -- a frame ------------------------------------------------------------------------------------------
    def seen(self) -> tuple:
        """(key, view, pieces, markers) of the position as the viewer sees it, computed once
        per position (frames for hovers, scrolls and battle steps reuse them)."""
        key = (id(self.game), len(self.game.actions), len(self.game.events), self.viewer())
        if key != self._seen_key:
            view = self.game.view(self.viewer())
            self._seen = (key, view, self.adapter.pieces(view), self.adapter.markers(view))
            self._seen_key = key
        return self._seen

    def scene(self) -> Scene:
        g, ad = self.game, self.adapter
        viewer = self.viewer()
        key, view, pieces, markers = self.seen()
        ch = self.choices()
        actor = g.to_act()
        who = "nobody" if actor is None else f"{actor} (you)" if actor in self.humans else f"{actor} (scripted)"
        status = [f"To act: {who}" + (f"   [{self.note}]" if self.note else "")] + ad.status(view)
        if g.is_over():
            res = g.result()
            status.insert(0, f"GAME OVER: {res.winner or 'no winner'} - {res.reason}")
        if self.selected:
            here = pieces.get(self.selected, [])
            names = ", ".join(p.tip or p.text or "?" for p in here if not p.hidden)
            hidden = sum(p.hidden for p in here)
            status.append(f"Selected {self.selected}: " + (names or "no pieces of yours")
                          + (f"; {hidden} hidden" if hidden else ""))
            if self.human_turn() and ch.at(self.selected) and ch.moves_from(self.selected):
                status.append(f"Click {self.selected} again for: "
                              + "; ".join(ch.labels[i] for i in ch.at(self.selected)[:3]))
        rows = (ch.rows(self.selected) if self.human_turn() else
                [("The game is over: Ctrl+Q quits, kassen replay steps through it", None)] if g.is_over() else
                [(f"{who} is deciding...", None)])
        pins = ch.pinned() if self.human_turn() else []
        pinned = [(("[E] " if k == 0 else "") + ch.labels[i], i) for k, i in enumerate(pins)]
        targets, paths = (), ()
        if self.human_turn() and self.selected:
            moves = ch.moves_from(self.selected)
            targets = tuple(moves)
            if self.hover in moves:
                paths = tuple(dict.fromkeys(ch.anchors[i].path for i in moves[self.hover] if ch.anchors[i].path))
        clickable = tuple(ch.origins()) if self.human_turn() else ()
        battle, hint = [], ""
        if self.feed:
            battle = list(self.feed)
            if self.caught_up():
                battle += ad.battle_lines(view)
                hint = "Battle over - Enter, Esc or a click closes" if self.feed_over else ""
            else:
                hint = "Space or click: next step" + ("  (playing; P pauses)" if self.auto_steps else "  (P plays)")
        elif ad.battle_lines(view):
            battle = ad.battle_lines(view)
        text, until = self.message
        return Scene(
            view=view, title=f"{ad.title}" + (f" - {viewer}'s view" if viewer else ""),
            status_lines=status, rows=rows, scroll=self.scroll, cursor=self.cursor, pinned=pinned,
            selected=self.selected, targets=targets, paths=paths, clickable=clickable, hover=self.hover,
            log=self.lines, log_scroll=self.log_scroll, battle=battle, battle_hint=hint,
            chooser=[(ch.labels[i], i) for i in self.chooser], chooser_scroll=self.chooser_scroll,
            buttons=[("Save ^S", "save"), ("Undo ^Z", "undo")], key=key, pieces=pieces, markers=markers,
            status=(ch.labels[self.hover_row] if self.hover_row is not None and self.hover_row < len(ch)
                    else KEYS + (f"  |  autosave: {self.save_path}" if self.save_path else "")),
            message=text)

    def draw(self, surf) -> None:
        self.view.draw(surf, self.scene())
        self.dirty = False


def run(app, max_frames: int | None = None) -> int:
    """The window loop: input to the app, time to its battle steps and opponents, a frame drawn
    only when something changed. With nothing to do it sleeps 30 ms between looks at the event
    queue: SDL's own event.wait wakes every few milliseconds (2.4 % of a core measured under
    Xvfb), the short sleep costs 0.2 % and a key still answers within 30 ms."""
    frames = 0
    while app.running:
        events = pygame.event.get()
        if not events:
            wait = app.wake_in(time.monotonic())
            if wait is None or wait > 0:
                time.sleep(IDLE_SECONDS if wait is None else min(IDLE_SECONDS, wait))
        for ev in events:
            app.handle(ev)
        app.update()
        if app.dirty:
            app.draw(pygame.display.get_surface())
            pygame.display.flip()
            frames += 1
        if max_frames is not None and frames >= max_frames:
            break
    return frames
