"""Pygame views. They read game state and events and never change a game.

Each system has a module `render.<system>` (or package) exporting `play(game, args)` for a
window and `export_png(game, path, **kw)` for headless pictures; the CLI finds it by name.
"""
