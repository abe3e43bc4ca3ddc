"""The one board-game view shared by Sekigahara, A Most Dangerous Time and Hellas (DESIGN.md
seam 10). A game module supplies a `BoardAdapter` (render/board/adapter.py) and gets its
`play`, `play_replay` and `export_png` from `entry_points(adapter)`; nothing else is per game.

  adapter.py  what a game tells the view        choices.py  legal actions by place and kind
  mapview.py  the map, pieces and highlights    view.py     one frame: map, panel, log, dialogs
  app.py      the live window (input, opponents, battles step by step, save, undo)
  replay.py   the replay window                 text.py     fonts and event lines
"""
from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def entry_points(adapter_cls):
    """(play, play_replay, export_png) for a game whose view is `adapter_cls`."""

    def play(game, args=None):
        return play_game(game, adapter_cls, args)

    def play_replay(game, args=None):
        return replay_game(game, adapter_cls, args)

    def export_png(game, path, side=None, size=(1280, 800), event=None, **kw):
        return export(game, adapter_cls, path, side, size, event)

    return play, play_replay, export_png


def _window(size, caption: str):
    import pygame
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(caption)
    return pygame.display.set_mode(tuple(size), pygame.RESIZABLE)


def play_game(game, adapter_cls, args=None):
    import pygame
    from render.board.app import BoardApp, run
    from render.userdata import autosave_path
    side = getattr(args, "side", None)
    from render.opponents import seats
    humans, others, note = seats(game, side, getattr(args, "ai", None), int(getattr(args, "seed", 0) or 0))
    save_path = getattr(args, "save", None) or str(autosave_path(game))
    size = tuple(getattr(args, "size", None) or (1280, 800))
    _window(size, f"Kassen - {adapter_cls.title}")
    app = BoardApp(game, adapter_cls(game), size, humans, others, note, save_path)
    try:
        run(app)
    finally:
        if app.game.actions and app.save():
            print(f"saved to {app.save_path}")
        pygame.display.quit()
    return app.game


def replay_game(game, adapter_cls, args=None):
    import pygame
    from render.board.app import run
    from render.board.replay import ReplayApp
    size = tuple(getattr(args, "size", None) or (1280, 800))
    _window(size, f"Kassen - {adapter_cls.title} replay")
    app = ReplayApp(game, adapter_cls, size, getattr(args, "side", None))
    try:
        run(app)
    finally:
        pygame.display.quit()


def export(game, adapter_cls, path, side=None, size=(1280, 800), event: int | None = None):
    """One picture of the game from `side`'s view (None: everything), headless; with `event`,
    the position after the action that produced that event (0-based, as the log counts)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from render.board.app import BoardApp
    if event is not None:
        from render.board.replay import Timeline
        from sim.core.errors import KassenError
        timeline = Timeline(game)
        if not 0 <= event < len(timeline.events):
            raise KassenError(f"--event {event}: the game has events 0-{len(timeline.events) - 1}")
        game = timeline.at(next(k for k, end in enumerate(timeline.events_at) if end > event))
    pygame.display.init()
    pygame.font.init()
    surf = pygame.Surface(size)
    app = BoardApp(game, adapter_cls(game), size, humans={side} if side else set(), note="picture")
    app.update(float("inf"))               # every event revealed
    app.draw(surf)
    pygame.image.save(surf, str(path))
    return path
