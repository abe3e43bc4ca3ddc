"""The play window: a table view, the header, the side panel with choices, the log, and the
loop that gives the human's orders to the game (apply) and lets a scripted opponent move.

`TableView` lays out and draws one frame of any Daimyo state (the replay viewer and the PNG/GIF
export reuse it); `App` adds a live game, the event player and the input handler.
"""
from __future__ import annotations

import time

import pygame

from render.daimyo import hud
from render.daimyo.animator import Animator, Frame
from render.daimyo.camera import Camera
from render.daimyo.log_panel import LogPanel
from render.daimyo.menu import Menu
from render.daimyo import help as help_screen
from render.daimyo import ruler
from render.daimyo import weather
from render.daimyo.overlays import OverlayPainter, ReachCache, table_key
from render.daimyo.plan_overlay import PlanView
from render.daimyo.scene import Scene
from render.daimyo.text import Painter
from render.opponents import seats
from sim.core.errors import KassenError, RuleError
from sim.core.events import Note
from sim.daimyo import words

KEY_ORDERS = ("Move", "Wheel", "Turn", "FallBack", "Reform", "Hold")   # given with keys, not numbers
MESSAGE_SECONDS = 8.0
PANEL_MOST = 0.7          # of the right-hand column the side panel may take from the log for its choices


class TableView:
    """Layout (header, table viewport, side panel, log, status bar) and drawing of one frame."""

    def __init__(self, state, size=(1280, 800)):
        self.state = state
        self.painter = Painter()
        self.camera = Camera(state.width, state.height)
        self.scene = Scene(self.camera, self.painter)
        self.overlays = OverlayPainter(self.camera)
        self.reaches = ReachCache()
        self.log = LogPanel(self.painter)
        self.show_overlays = True
        self._table_sig = None
        self._table_pic: pygame.Surface | None = None
        self._table_texts: list = []
        self._table_mark = None
        self._still_key = None            # the table without the pieces now moving
        self._still_pic: pygame.Surface | None = None
        self._still_texts: list = []
        self._still_mark = None
        self.size = size
        self.layout(size)
        self.camera.fit()

    # -- layout -----------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        self.size = (w, h)
        self.ui_size = 14 if h < 1000 else 16
        head = self.ui_size + 16
        side = int(min(480, max(300, w * 0.27)))
        self.header_rect = pygame.Rect(0, 0, w, head)
        self.status_rect = pygame.Rect(0, h - head, w - side, head)
        self.viewport = pygame.Rect(0, head, w - side, h - 2 * head)
        self.panel_base_h = int((h - head) * 0.42)
        self._split_column(self.panel_base_h)
        self._panel_fitted = None           # the choices the panel's height was last fitted to
        old = self.camera.viewport
        self.camera.set_viewport(tuple(self.viewport))
        if old[2:] != self.camera.viewport[2:]:
            self.camera.fit()

    def _split_column(self, panel_h: int) -> None:
        """The right-hand column: the side panel on top, the log below it."""
        w, h = self.size
        x, head = self.viewport.right, self.viewport.top
        self.panel_rect = pygame.Rect(x, head, w - x, panel_h)
        self.log.rect = pygame.Rect(x, head + panel_h, w - x, h - head - panel_h)

    def _fit_panel(self, choices, page: int) -> None:
        """The side panel takes room from the log while a page of choices needs more than its
        share of the column (a small window, long clan names), up to PANEL_MOST of it."""
        asked = (tuple(choices), page)
        if asked == self._panel_fitted:     # a frame redrawn with the same choices: wrapped once
            return
        self._panel_fitted = asked
        column = self.size[1] - self.header_rect.height
        need = hud.panel_height(self.ui_size, self.panel_rect.width, choices, page)
        panel_h = min(max(self.panel_base_h, need), int(column * PANEL_MOST))
        if panel_h != self.panel_rect.height:
            self._split_column(panel_h)

    # -- drawing ----------------------------------------------------------------------------
    def _signature(self, target, selected) -> tuple:
        """Everything a picture of the still table depends on."""
        st = self.state
        units = tuple((u.id, u.x, u.y, u.facing, u.files, u.stands, u.disordered, u.routing,
                       u.frenzied, u.hits, u.gone, u.move_used) for u in st.units.values())
        leaders = tuple((l.x, l.y, l.attached_to, l.alive) for l in st.leaders.values())
        return (id(st), self.camera.key, target.get_size(), selected, self.show_overlays,
                self.scene.grid, st.weather, st.event, units, leaders, table_key(st))

    def draw_table(self, target, frame: Frame | None = None, selected: str | None = None) -> None:
        """The table, terrain, overlays, units, leaders and labels. Two cached pictures keep
        this cheap: the whole table while nothing changes (one blit), and, while pieces
        animate, the table without them (blit it, then draw only what moves)."""
        frame = frame or Frame({}, {}, set())
        base = self._signature(target, selected)
        moving = frozenset(frame.poses)
        sig = (base, tuple(sorted(frame.poses.items())), tuple(sorted(frame.ghosts)),
               tuple(sorted(frame.leaders.items())), frame.trail)
        if sig == self._table_sig:
            target.blit(self._table_pic, self.viewport)
            self.painter.drawn.extend(self._table_texts)
            self.scene.resume(self._table_mark)
            return
        first_text = len(self.painter.drawn)
        if moving or frame.leaders:
            self._paint_moving(target, frame, selected, base, moving)
            self._table_sig = None      # the next frame differs anyway: keep no copy
            return
        self._paint_table(target, frame, selected, "all")
        self._table_pic = self._keep(target, self._table_pic)
        self._table_texts = self.painter.drawn[first_text:]
        self._table_mark = self.scene.mark()
        self._table_sig = sig

    def _keep(self, target, pic: pygame.Surface | None) -> pygame.Surface:
        """Copy the table part of `target` into `pic` (reused when the size allows)."""
        if pic is None or pic.get_size() != self.viewport.size:
            pic = pygame.Surface(self.viewport.size)
        pic.blit(target, (0, 0), self.viewport)
        return pic

    def _paint_table(self, target, frame: Frame, selected, part: str) -> None:
        """Terrain, overlays, the trail of the move playing and the pieces (`part`: all, or
        the still ones only)."""
        st = self.state
        target.set_clip(self.viewport)
        self.scene.draw_static(target, st)
        weather.draw_tint(target, self.camera, st)     # 6.2
        sel = st.units.get(selected) if selected else None
        if sel is not None and self.show_overlays and sel.id not in frame.poses:
            self.overlays.draw(target, st, sel, self.reach_of(sel))
        if part == "all":
            self.scene.draw_trail(target, frame.trail)
        self.scene.draw_pieces(target, st, frame.poses, frame.ghosts, frame.leaders, selected, part)
        target.set_clip(None)

    def _paint_moving(self, target, frame: Frame, selected, base, moving) -> None:
        """The cached picture of everything still, then the moving pieces over it."""
        key = (base, moving, tuple(sorted(frame.leaders)), tuple(sorted(frame.ghosts)))
        if key != self._still_key:
            first_text = len(self.painter.drawn)
            self._paint_table(target, frame, selected, "still")
            self._still_pic = self._keep(target, self._still_pic)
            self._still_texts = self.painter.drawn[first_text:]
            self._still_mark = self.scene.mark()
            self._still_key = key
        else:
            target.blit(self._still_pic, self.viewport)
            self.painter.drawn.extend(self._still_texts)
            self.scene.resume(self._still_mark)
        target.set_clip(self.viewport)
        self.scene.draw_trail(target, frame.trail)
        self.scene.draw_pieces(target, self.state, frame.poses, frame.ghosts, frame.leaders, selected,
                               "moving")
        target.set_clip(None)

    def draw_frame(self, target, frame=None, selected=None, header="", header_right="",
                   info=(), choices=(), status="", status_kind="", page: int = 0) -> None:
        self.painter.begin_frame()      # the table, panels and bars cover the whole window
        self.draw_table(target, frame, selected)
        self.draw_extra(target)
        hud.draw_header(target, self.painter, self.header_rect, header, self.ui_size, header_right)
        self._fit_panel(list(choices), page)
        hud.draw_panel(target, self.painter, self.panel_rect, self.ui_size, list(info), list(choices), page)
        self.log.draw(target)
        hud.draw_status(target, self.painter, self.status_rect, status, self.ui_size, status_kind)

    def draw_extra(self, target) -> None:
        """Hook for previews drawn over the table (order ghosts in the play window)."""

    def orders_now(self, unit) -> bool:
        """Whether `unit`'s orders would be taken now (a replay shows every unit's own turn)."""
        return False

    def reach_of(self, unit):
        """The rules' reach of `unit` (sim/daimyo/preview.py), cached until the table changes."""
        return self.reaches.get(self.state, unit, self.orders_now(unit))


class App(TableView):
    """A live game. `humans` are the sides the person commands (all of them: hot-seat);
    `opponents` maps the other sides to Players with choose(game, side)."""

    def __init__(self, game, size=(1280, 800), humans=None, opponents=None, note="", view_side=None):
        super().__init__(game.state, size)
        from render.daimyo.input import InputHandler
        self.game = game
        self.humans = set(humans or game.sides())
        self.opponents = dict(opponents or {})
        self.note = note
        self.selected: str | None = None
        self.selected_leader: str | None = None
        self.save_path: str | None = None
        self.mode: str | None = None
        self.mode_data: dict = {}
        self.message = ("", "", 0.0)
        self.running = True
        self.clock = time.monotonic
        self.animator = Animator(on_event=self.log.add_event)
        self.input = InputHandler(self)
        self.plans = PlanView(self.camera, self.painter)      # the opponent's plans (issue 19)
        self._legal_key = None
        self._legal: list = []
        self._preview_key = None
        self._preview = None
        self._choice_key = None
        self._choice_texts: list[str] = []
        self.menu = Menu(self)
        self.show_help = False
        self.ruler: ruler.Measure | None = None
        self.ruler_mode = False
        self.fast_forward = False       # the scripted side plays without animation until my turn
        self.choice_page = 0
        self.quit_saves = True          # closing the window saves (to --save or the autosave)
        self._drawn_at = 0.0
        self.log.name = lambda text: words.named(self.state, text)
        self.log.join_roll = lambda roll, event: words.with_dice(self.state, roll, event)
        for event in game.events:              # set-up rolls and the first initiative
            self.log.add_event(event)
        side = view_side or (next(iter(self.humans)) if len(self.humans) == 1 else None)
        if side and side in game.state.armies:
            self.camera.view_from(game.state.armies[side].edge)

    # -- the game, through the protocol only -------------------------------------------------
    @property
    def to_act(self) -> str | None:
        return self.game.to_act()

    def human_turn(self) -> bool:
        return self.to_act is not None and self.to_act in self.humans

    def orders_now(self, unit) -> bool:
        """The unit may take orders now: its reach is what `apply` takes this moment. Other
        units (the enemy, clans not active) show what they could do on their own activation."""
        from sim.daimyo.command import orderable_units
        return (self.human_turn() and unit.side == self.to_act and self.state.phase == "orders"
                and unit in orderable_units(self.state))

    def order_preview(self, action):
        """The rules' preview of an order the pointer is giving (sim/daimyo/preview.py)."""
        from sim.daimyo import preview
        key = (table_key(self.state), action)
        if self._preview_key != key:
            self._preview_key, self._preview = key, preview.preview(self.state, action, now=True)
        return self._preview

    def legal(self) -> list:
        key = (len(self.game.actions), len(self.game.events))
        if key != self._legal_key:
            side = self.to_act
            self._legal = self.game.legal_actions(side) if side else []
            self._legal_key = key
        return self._legal

    def choices(self) -> list:
        """Actions offered on the number keys: every legal action but the key-driven unit
        orders (so charge reactions, rallies, charges and shots of the combat rules appear
        without this view knowing them), the selected unit's first."""
        out = [a for a in self.legal() if type(a).__name__ not in KEY_ORDERS]
        rank = lambda a: 0 if getattr(a, "unit", None) == self.selected else 1 if not hasattr(a, "unit") else 2
        return sorted(out, key=rank)          # stable: the rules' own order within each group

    def issue(self, action) -> bool:
        """Give an order. A refused order is shown with its rule number and reason."""
        said = f"{getattr(action, 'side', '')}: {words.order_text(self.state, action)}"
        try:
            events = self.game.apply(action)
        except RuleError as exc:
            self.say(f"Refused - rule {exc.rule}: {exc.reason}", "error")
            return False
        self.animator.push([Note(said)] + events)      # every order in the log, Hold too
        self.choice_page = 0
        self.mode, self.mode_data = None, {}
        self.say("", "")
        sel = self.state.units.get(self.selected) if self.selected else None
        if sel is not None and (not sel.alive or sel.side != self.to_act):
            self.selected = None
        return True

    def save_target(self) -> str:
        """Where Ctrl+S, the menu and closing the window save: --save, else the autosave in the
        user's data directory (never the working directory)."""
        from render.userdata import autosave_path
        return str(self.save_path or autosave_path(self.game))

    def save(self) -> bool:
        """Write the game (scenario, seed, actions, state) for `kassen replay` and loading."""
        from pathlib import Path
        from sim.core.save import save
        path = Path(self.save_target())
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save(self.game, path)
        except OSError as exc:
            self.say(f"could not save to {path}: {exc.strerror}", "error")
            return False
        self.say(f"saved to {path} ({len(self.game.actions)} orders)", "notice")
        return True

    def load(self, path) -> None:
        """Continue a saved game (menu: Load)."""
        from sim.core.save import load
        try:
            game = load(path)
        except KassenError as exc:
            self.say(f"cannot load: {exc}", "error")
            return
        if game.system != self.game.system:
            self.say(f"cannot load {path}: a {game.system} game, not {self.game.system}", "error")
            return
        self.animator.skip()
        self._use(game)
        self.save_path = str(path)
        self.log.entries.clear()
        for event in game.events:
            self.log.add_event(event)
        self.say(f"loaded {path} ({len(game.actions)} orders)", "notice")

    def undo(self) -> None:
        """Ctrl+Z: take back the side's last order (sim/core/undo.py: not across a die roll, a
        draw, a reveal or the other side's turn). The game is rebuilt without it, so saves and
        replays never hold it."""
        from sim.core.undo import undo
        side = self.to_act
        if not self.human_turn():
            self.say(f"nothing to take back: it is {side or 'nobody'}'s turn", "notice")
            return
        self.animator.skip()
        last = self.game.actions[-1] if self.game.actions else None
        try:
            game = undo(self.game, side)
        except RuleError as exc:
            cite = "" if exc.rule == "undo" else f" - rule {exc.rule}"     # the roll's rule, if any
            self.say(f"Cannot take back{cite}: {exc.reason}", "error")
            return
        said = words.order_text(game.state, last)
        self._use(game)
        self.log.add(f"{side} takes back: {said}", "dim")
        self.say(f"took back: {said}", "notice")

    def _use(self, game) -> None:
        """Show `game` from now on (after undo or load)."""
        self.game, self.state = game, game.state
        self._legal_key = self._preview_key = None
        self.mode, self.mode_data, self.selected_leader = None, {}, None
        if self.selected not in game.state.units:
            self.selected = None

    def quit(self, save: bool) -> None:
        if save and not self.save():
            return
        self.quit_saves = False
        self.running = False

    def open_replay(self) -> None:
        """Menu: step through this game from its start in the same window (Esc comes back)."""
        from render.daimyo.replay import ReplayViewer, Timeline
        viewer = ReplayViewer(Timeline.of(self.game), self.size)
        run(viewer)

    def toggle_fast_forward(self) -> None:
        self.fast_forward = not self.fast_forward
        if self.fast_forward:
            self.animator.skip()

    def choice_texts(self) -> list[str]:
        """The choices in words, worked out once per game position (shots name their targets)."""
        key = (id(self.game), len(self.game.actions), self.selected)
        if self._choice_key != key:
            self._choice_key, self._choice_texts = key, [words.order_text(self.state, a) for a in self.choices()]
        return self._choice_texts

    def say(self, text: str, kind: str = "notice") -> None:
        self.message = (text, kind, self.clock() + MESSAGE_SECONDS)

    def next_change(self) -> float | None:
        """When the picture next changes by itself: a message running out, a tooltip due."""
        times = [t for t in (self.message[2] if self.message[0] else None, self.input.tooltip_due())
                 if t is not None and t > self._drawn_at]
        return min(times) if times else None

    def due(self) -> bool:
        """A timed change has come since the last frame."""
        nxt = self.next_change()
        return nxt is not None and nxt <= self.clock()

    def busy(self) -> bool:
        """Something moves without the player: an animation, or the scripted side to act."""
        side = self.to_act
        return self.animator.busy or (side is not None and side not in self.humans and side in self.opponents)

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        start = time.monotonic()
        while True:
            side = self.to_act
            if side is None or side in self.humans or (self.animator.busy and not self.fast_forward):
                break
            player = self.opponents.get(side)
            if player is None:
                break
            self.issue(player.choose(self.game, side))
            self.plans.follow(self.opponents.values(), self.log)
            if not self.fast_forward or time.monotonic() - start > 0.05:
                break                      # fast forward: a few orders a frame, the window stays live
            self.animator.skip()
        if self.fast_forward and self.human_turn():
            self.animator.skip()
            self.fast_forward = False      # my turn: fast forward is done

    # -- drawing -----------------------------------------------------------------------------
    def status_line(self) -> tuple[str, str]:
        text, kind, until = self.message
        if text and self.clock() < until:
            return text, kind
        if self.game.is_over():
            res = self.game.result()
            return f"Game over: {res.winner or 'no winner'} - {res.reason}", "notice"
        if not self.human_turn():
            return f"{self.to_act} (scripted) is thinking...", ""
        help_for = {
            "move": "MOVE: click a point ahead of the unit (M again: full move; Esc cancels)",
            "wheel": "WHEEL: point or scroll to set the angle, click or Enter to wheel (Esc cancels)",
            "turn": "TURN: Left = 90 left, Right = 90 right, Down or T = about face (Esc cancels)",
            "reform": "REFORM: point to face, scroll or [ ] for files, click or Enter (Esc cancels)",
            "charge": "CHARGE: click the enemy unit to charge (Esc cancels)",
            "shoot": "SHOOT: click the target (Esc cancels)",
            "leader": "LEADER: click where he goes (on one of your units to join it; Esc cancels)",
        }
        if self.mode in help_for:
            return help_for[self.mode], ""
        if self.ruler_mode:
            return "RULER: drag from a point or a unit to another (L or Esc ends)", ""
        hover = self.scene.unit_at_screen(self.input.mouse) if self.viewport.collidepoint(self.input.mouse) else None
        if hover is not None and hover != self.selected:
            return hud.unit_line(self.state, self.state.units[hover]), ""
        if self.selected:
            return ("M move  W wheel  T turn  F fall back  R reform  H hold  C charge  S shoot  "
                    "Space end step  Ctrl+Z undo  L ruler  F1 help"), ""
        return ("Click a unit of the side to act (or a leader)  |  1-9 choices  Space end step  "
                "Ctrl+Z undo  L ruler  Tab fast forward  F1 help  Esc menu"), ""

    def header(self) -> tuple[str, str]:
        anim = f"speed x{self.animator.speed:g}" + (" PAUSED" if self.animator.paused else "") + \
            ("  FAST FORWARD" if self.fast_forward else "")
        return hud.header_text(self.state, self.to_act, self.note), anim

    def draw(self, target) -> None:
        self._drawn_at = self.clock()
        frame = self.animator.frame(self.state.units)
        sel = self.state.units.get(self.selected) if self.selected else None
        if sel is not None and sel.alive:
            info = hud.unit_info(self.state, sel) + (
                hud.overlay_legend(self.state, sel, self.reach_of(sel), self.orders_now(sel))
                if self.show_overlays else [])
            if self.mode == "charge":
                hover = self.scene.unit_at_screen(self.input.mouse) if self.viewport.collidepoint(self.input.mouse) else None
                # the odds replace the overlay legend: the panel keeps room for the choices
                info = hud.unit_info(self.state, sel) + hud.charge_odds_lines(self.state, sel.id, hover)
        else:
            info = self.side_summary()
        choices = self.choice_texts() if self.human_turn() else []
        head, right = self.header()
        status, kind = self.status_line()
        self.draw_frame(target, frame, self.selected, head, right, info, choices, status, kind, self.choice_page)
        if self.show_help:
            help_screen.draw(target, self.painter, self.viewport, self, self.ui_size)
        if self.ruler is not None:        # over the help: a measurement is read with it open
            ruler.draw(target, self.camera, self.painter, self.state, self.ruler, self.ui_size, self.viewport)
        if self.menu.open:
            self.menu.draw(target, self.painter, self.viewport, self.ui_size + 1)

    def side_summary(self) -> list[str]:
        st = self.state
        head = f"{self.to_act or 'nobody'} to act" + ("" if self.human_turn() or not self.to_act else " (scripted)")
        return [head] + hud.army_summary(st)

    def draw_extra(self, target) -> None:
        self.plans.draw(target, self.state, self.opponents.values())
        self.input.draw_preview(target)
        self.input.draw_tooltip(target)


def run(app, fps: int = 60, max_frames: int | None = None, first_frame: bool = True) -> None:
    """The window loop. A frame is drawn only when something changed: an input event, an
    animation or scripted move under way, or a timed change (a message running out, a tooltip
    due); otherwise the loop sleeps in pygame.event.wait, so an idle window costs no CPU.
    `first_frame`: draw once on entering (False: the window already shows this app)."""
    clock = pygame.time.Clock()
    frames = 0
    while app.running:
        busy = getattr(app, "busy", lambda: True)()
        if busy:
            dt = clock.tick(fps) / 1000.0
            events = pygame.event.get()
        else:
            first = pygame.event.wait(_idle_ms(app))
            events = ([] if first.type == pygame.NOEVENT else [first]) + pygame.event.get()
            dt = min(clock.tick() / 1000.0, 0.1)
        for ev in events:
            app.input.handle(ev)
        app.update(dt)
        due = getattr(app, "due", lambda: False)()
        if busy or events or due or (frames == 0 and first_frame):
            app.draw(pygame.display.get_surface())
            pygame.display.flip()
        frames += 1
        if max_frames is not None and frames >= max_frames:
            break


def _idle_ms(app) -> int:
    """How long the idle loop may sleep: until the next timed change, at most a second."""
    nxt = getattr(app, "next_change", lambda: None)()
    if nxt is None:
        return 1000
    return int(max(10, min(1000, (nxt - time.monotonic()) * 1000)))


def play(game, args=None) -> None:
    """Open the window and play until it is closed."""
    side = getattr(args, "side", None)
    if side is not None and side not in game.sides():
        from sim.core.errors import KassenError
        raise KassenError(f"no side {side!r} in this game (sides: {', '.join(game.sides())})")
    humans, opponents, note = seats(game, side, getattr(args, "ai", None), int(getattr(args, "seed", 0) or 0))
    pygame.init()
    pygame.display.set_caption("Kassen - Daimyo")
    size = tuple(getattr(args, "size", None) or (1280, 800))
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app = App(game, size, humans, opponents, note, view_side=side)
    app.save_path = getattr(args, "save", None)
    app.say(f"F1 help, Esc menu. Closing the window saves to {app.save_target()}", "notice")
    try:
        run(app)
        if app.quit_saves and app.game.actions and app.save():
            print(f"saved to {app.save_target()}")
    finally:
        pygame.display.quit()      # close the window; fonts and the rest stay usable
