"""Replays: a game rebuilt from its scenario, seed and actions, viewed event by event.

`Timeline` re-runs the actions once, keeping a copy of the state after each action and which
action produced each event. The picture at event N is the state after N's action with every
path of that action still to come shown at its start (animator.frame_at), so a charge, its
push back and the pursuit that follows play in order even though the state holds only the end.
"""
from __future__ import annotations

import pygame

from render.daimyo import hud
from render.daimyo.animator import frame_at, motion_of, seconds_for
from render.daimyo.app import TableView, run
from render.daimyo.log_panel import describe
from sim.daimyo import words

PHASE_KINDS = ("PhaseChanged", "TurnStarted", "OrderChosen", "ClanActivation")
STEP_SECONDS = 0.12       # how long a pathless event stays on screen while playing


class Timeline:
    def __init__(self, game_cls, scenario: dict, seed: int, actions):
        game = game_cls.new(scenario, seed)
        self.events = list(game.events)
        self.owner = [-1] * len(self.events)       # action index of each event (-1: set-up)
        self.snapshots = [game.snapshot()]  # [k + 1]: the state after action k
        for k, action in enumerate(actions):
            produced = game.apply(action)
            self.events.extend(produced)
            self.owner.extend([k] * len(produced))
            self.snapshots.append(game.snapshot())
        self.final = game

    @classmethod
    def of(cls, game) -> "Timeline":
        return cls(type(game), game.scenario, game.seed, list(game.actions))

    def __len__(self) -> int:
        return len(self.events)

    def batch(self, index: int) -> tuple[int, int]:
        """[start, end) of the events produced by the same action as `index`."""
        k = self.owner[index]
        start = index
        while start > 0 and self.owner[start - 1] == k:
            start -= 1
        end = index
        while end < len(self.owner) and self.owner[end] == k:
            end += 1
        return start, end

    def at(self, index: int, fraction: float = 1.0):
        """(state, frame) for event `index` played to `fraction` (0: about to start)."""
        index = max(0, min(index, len(self.events) - 1))
        state = self.snapshots[self.owner[index] + 1]
        start, end = self.batch(index)
        if fraction >= 1.0:
            index, fraction = index + 1, 0.0     # event done: its successors are still to come
        frame = frame_at(self.events[start:end], max(0, index - start), fraction, state.units)
        return state, frame

    def find(self, index: int, step: int, kinds=None) -> int:
        """Next (step=+1) or previous (-1) event index of one of `kinds` (any when None)."""
        i = index + step
        while 0 <= i < len(self.events):
            if kinds is None or self.events[i].kind in kinds:
                return i
            i += step
        return max(0, min(index if kinds else i - step, len(self.events) - 1))


class ReplayViewer(TableView):
    """Keys: Home/End first/last, Left/Right event, PgUp/PgDn phase, [ ] turn, Space play,
    +/- speed, V view from the other side, wheel/drag zoom and pan."""

    def __init__(self, timeline: Timeline, size=(1280, 800), side: str | None = None):
        super().__init__(timeline.snapshots[-1], size)
        self.timeline = timeline
        self.index = 0
        self.fraction = 1.0
        self.playing = False
        self.speed = 1.0
        self.running = True
        self.elapsed = 0.0
        self.input = self              # run() hands window events to .input.handle
        if side and side in self.state.armies:
            self.camera.view_from(self.state.armies[side].edge)
        # the log in the play window's words: names for ids, a roll on the line of its result
        names = timeline.snapshots[-1]
        self.log.name = lambda text: words.named(names, text)
        self.log.join_roll = lambda roll, event: words.with_dice(names, roll, event)
        self.seek(0)

    def busy(self) -> bool:
        """The window loop draws without input only while the replay plays."""
        return self.playing

    def seek(self, index: int, fraction: float = 1.0) -> None:
        self.index = max(0, min(index, len(self.timeline) - 1))
        self.fraction = fraction
        self.elapsed = 0.0
        self.log.entries.clear()
        for ev in self.timeline.events[: self.index + 1]:
            self.log.add_event(ev)

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.elapsed += dt * self.speed
        while True:
            m = motion_of(self.timeline.events[self.index])
            need = seconds_for(m) if m else STEP_SECONDS
            if self.elapsed < need:
                self.fraction = self.elapsed / need if m else 1.0
                return
            if self.index + 1 >= len(self.timeline):
                self.playing, self.fraction = False, 1.0
                return
            self.elapsed -= need
            self.index += 1
            self.log.add_event(self.timeline.events[self.index])

    def handle(self, ev) -> None:
        if ev.type == pygame.QUIT:
            self.running = False
        elif ev.type == pygame.VIDEORESIZE:
            self.layout(ev.size)
        elif ev.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.log.rect.collidepoint(pos):
                self.log.wheel(3 * ev.y)
            else:
                self.camera.zoom_at(1.15 ** ev.y, pos)
        elif ev.type == pygame.MOUSEMOTION:
            if ev.buttons[0] or ev.buttons[2]:
                self.camera.pan(*ev.rel)
        elif ev.type == pygame.KEYDOWN:
            self.key(ev.key)

    def key(self, key: int) -> None:
        t = self.timeline
        moves = {pygame.K_HOME: lambda: 0, pygame.K_END: lambda: len(t) - 1,
                 pygame.K_RIGHT: lambda: t.find(self.index, 1), pygame.K_LEFT: lambda: t.find(self.index, -1),
                 pygame.K_PAGEDOWN: lambda: t.find(self.index, 1, PHASE_KINDS),
                 pygame.K_PAGEUP: lambda: t.find(self.index, -1, PHASE_KINDS),
                 pygame.K_RIGHTBRACKET: lambda: t.find(self.index, 1, ("TurnStarted",)),
                 pygame.K_LEFTBRACKET: lambda: t.find(self.index, -1, ("TurnStarted",))}
        if key in moves:
            self.playing = False
            self.seek(moves[key]())
        elif key == pygame.K_SPACE:
            if not self.playing:
                # start with the next event: the current one is already shown done
                self.seek(0, 0.0) if self.index >= len(t) - 1 else self.seek(self.index + 1, 0.0)
            self.playing = not self.playing
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.speed = min(16.0, self.speed * 1.5)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.speed = max(1 / 8, self.speed / 1.5)
        elif key == pygame.K_v:
            self.camera.quarters = (self.camera.quarters + 2) % 4
            self.camera.fit()
        elif key == pygame.K_g:
            self.scene.grid = not self.scene.grid
        elif key in (pygame.K_f, pygame.K_HOME):
            self.camera.fit()
        elif key in (pygame.K_ESCAPE, pygame.K_q):
            self.running = False

    def draw(self, target) -> None:
        state, frame = self.timeline.at(self.index, self.fraction)
        self.state = state
        ev = self.timeline.events[self.index]
        head = hud.header_text(state, None, "replay")
        right = f"event {self.index} of 0-{len(self.timeline) - 1}  x{self.speed:g}" + ("  playing" if self.playing else "")
        info = [f"Event {self.index}", self.log.name(describe(ev))]
        status = ("Home/End first/last  Left/Right event  PgUp/PgDn phase  [ ] turn  Space play/pause  "
                  "+/- speed  V other side  Esc quit")
        self.draw_frame(target, frame, None, head, right, info, [], status)


def play_replay(game, args=None) -> None:
    timeline = Timeline.of(game)
    pygame.init()
    pygame.display.set_caption("Kassen - replay")
    size = (1280, 800)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    viewer = ReplayViewer(timeline, size, getattr(args, "side", None))
    try:
        run(viewer)
    finally:
        pygame.display.quit()      # close the window; fonts and the rest stay usable
