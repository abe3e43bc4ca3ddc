"""The Daimyo table view: `play(game, args)` opens the window, `export_png(game, path, **kw)`
draws one picture headless (render/__init__.py describes the convention)."""
from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no banner on every command


def play(game, args=None) -> None:
    from render.daimyo.app import play as _play
    _play(game, args)


def export_png(game, path, **kw) -> None:
    from render.daimyo.export import export_png as _export
    _export(game, path, **kw)


def export_gif(game, path, **kw) -> None:
    from render.daimyo.export import export_gif as _export
    _export(game, path, **kw)


def play_replay(game, args=None) -> None:
    """The replay window (not named `replay`: that is the submodule's name)."""
    from render.daimyo.replay import play_replay as _replay
    _replay(game, args)
