"""Headless pictures: one PNG of a game (at its end, or at event N part-way through that
event's animation) and animated GIFs (Pillow) of a whole game or of the action holding one
event, e.g. a single charge with its melee, push back and pursuit."""
from __future__ import annotations

import math
from pathlib import Path

import pygame

from render.daimyo import hud
from render.daimyo.animator import motion_of, seconds_for
from render.daimyo.app import TableView
from render.daimyo.log_panel import describe
from render.daimyo.replay import Timeline

LOG_TAIL = 200            # the log panel shows the newest lines; older ones need no wrapping
MAX_GIF_FRAMES = 900


class Picture(TableView):
    """Draws a timeline position (or a live state) into an off-screen surface."""

    def __init__(self, state, size, side: str | None = None):
        if not pygame.font.get_init():
            pygame.font.init()
        super().__init__(state, size)
        self.surface = pygame.Surface(size)
        if side and side in state.armies:
            self.camera.view_from(state.armies[side].edge)

    def render(self, state, frame, events, selected=None, note="") -> pygame.Surface:
        self.state = state
        self.log.entries.clear()
        for ev in events[-LOG_TAIL:]:
            self.log.add_event(ev)
        sel = state.units.get(selected) if selected else None
        info = hud.unit_info(state, sel) + hud.overlay_legend(state, sel) if sel is not None else []
        if events and not info:
            info = [f"Event {len(events) - 1}", describe(events[-1])] + hud.army_summary(state)
        self.draw_frame(self.surface, frame, selected, hud.header_text(state, state.to_move or None, note),
                        "", info, [], "Kassen - Daimyo")
        return self.surface


def _check_event(timeline: Timeline, event: int) -> int:
    from sim.core.errors import KassenError
    if not 0 <= event < len(timeline):
        raise KassenError(f"--event {event}: this game has events 0-{len(timeline) - 1}")
    return event


def export_png(game, path, event: int | None = None, fraction: float = 1.0, size=(1280, 800),
               side: str | None = None, selected: str | None = None) -> Path:
    """Write a PNG of the game now, or of event `event` (0-based) at `fraction` of its move."""
    if event is None:
        pic = Picture(game.state, size, side)
        surf = pic.render(game.state, None, list(game.events), selected)
    else:
        timeline = Timeline.of(game)
        _check_event(timeline, event)
        state, frame = timeline.at(event, fraction)
        pic = Picture(state, size, side)
        note = f"event {event}" + (f" at {fraction:.0%}" if fraction < 1 else "")
        surf = pic.render(state, frame, timeline.events[: event + 1], selected, note)
    path = Path(path)
    pygame.image.save(surf, str(path))
    return path


def gif_positions(timeline: Timeline, fps: float, start: int, end: int) -> list[tuple[int, float]]:
    """(event, fraction) of every GIF frame: moving events get frames for their whole path,
    the pathless events of one action share a single frame (the action's result)."""
    out = []
    for i in range(start, end):
        m = motion_of(timeline.events[i])
        if m is not None:
            n = max(2, math.ceil(seconds_for(m) * fps))
            out.extend((i, k / n) for k in range(1, n + 1))
        elif i + 1 == end or timeline.owner[i + 1] != timeline.owner[i]:
            out.append((i, 1.0))
    return out


def export_gif(game, path, event: int | None = None, fps: float = 12, size=(960, 600),
               side: str | None = None) -> Path:
    """Animated GIF of the whole game, or (with `event`) of the action that produced it."""
    from PIL import Image
    timeline = Timeline.of(game)
    if len(timeline) == 0:
        from sim.core.errors import KassenError
        raise KassenError("the game has no events to animate")
    if event is None:
        start, end = 0, len(timeline)
    else:
        start, end = timeline.batch(_check_event(timeline, event))
    positions = gif_positions(timeline, fps, start, end)
    if len(positions) > MAX_GIF_FRAMES:     # a long game: keep the end, where the story is
        positions = positions[-MAX_GIF_FRAMES:]
    pic = Picture(timeline.snapshots[0], size, side)
    frames = []
    for i, frac in positions:
        state, frame = timeline.at(i, frac)
        surf = pic.render(state, frame, timeline.events[: i + 1], note=f"event {i}")
        img = Image.frombytes("RGB", size, pygame.image.tobytes(surf, "RGB"))
        frames.append(img.quantize(colors=255, method=Image.Quantize.MEDIANCUT))
    hold = [int(1000 / fps)] * len(frames)
    hold[-1] = 2000                           # linger on the outcome
    path = Path(path)
    frames[0].save(str(path), save_all=True, append_images=frames[1:], duration=hold, loop=0)
    return path
