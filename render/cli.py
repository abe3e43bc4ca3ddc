"""`kassen play`, `kassen replay` and `kassen render`: parsers and handlers.

sim/cli.py wires them in with `add_parsers(sub)`. The window or picture comes from the
system's own package, render.<system> (no central registry). Every user error is a
KassenError, printed by the CLI as one line.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
from pathlib import Path

from sim.core import args as check
from sim.core.bundled import scenario_file
from sim.core.errors import KassenError, shorten
from sim.core.output import writing

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 1280x800, not {text!r}") from None
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is out of range")
    return w, h


def _fraction(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, not {text!r}") from None
    if not 0.0 <= v <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, not {v:g}")
    return v


def add_parsers(sub) -> None:
    from sim.cli import command, option_args, scenario_arg, seed_arg
    c = command(sub, "play", "play a scenario (or continue a save) in a window",
                ["kassen play training --side east --ai normal   # the AI plays west",
                 "kassen play my-game.json                       # continue a saved game"], cmd_play)
    scenario_arg(c, what="scenario file (.toml), bundled name (e.g. training) or save file")
    c.add_argument("--side", help="the side you command (default: hot-seat, you command both)")
    seed_arg(c, 1, "the game's seed (dice), for a scenario", saves=True)
    c.add_argument("--ai", metavar="LEVEL", help="scripted opponent level for the other side "
                                                 "(default: normal, where the system has it; `kassen levels`)")
    c.add_argument("--size", type=_size, default=(1280, 800), metavar="WxH", help="window size, e.g. 1920x1080")
    c.add_argument("--save", metavar="FILE", type=check.output_file,
                   help="where Ctrl+S and closing the window save the game "
                        "(default: an autosave in the user data dir, ~/.local/share/kassen/saves; printed on start)")
    option_args(c)

    c = command(sub, "replay", "step through a saved game, or a game of a games file, by event, phase and turn",
                ["kassen replay game.json --side west",
                 "kassen replay --from games.parquet --game 3"], cmd_replay)
    c.add_argument("save", nargs="?", help="save file (from kassen play or kassen run --save)")
    games_args(c)
    c.add_argument("--side", help="view the table from this side's edge")

    c = command(sub, "render", "draw a save, scenario or simulated game to a PNG or an animated GIF, headless",
                ["kassen render nagashino --png nagashino.png",
                 "kassen render game.json --png out.png --event 40 --fraction 0.5",
                 "kassen render --from games.csv --game 3 --gif game3.gif"], cmd_render)
    scenario_arg(c, "source", "save file, scenario file (.toml) or bundled name", nargs="?")
    games_args(c)
    out = c.add_mutually_exclusive_group(required=True)
    out.add_argument("--png", metavar="FILE", type=check.output_file_of(".png"), help="write a picture here (FILE.png)")
    out.add_argument("--gif", metavar="FILE", type=check.output_file_of(".gif"), help="write an animation here (FILE.gif)")
    c.add_argument("--event", type=check.integer(0, 1 << 40), metavar="N",
                   help="PNG: the state at this event (0-based); GIF: animate its action")
    c.add_argument("--fraction", type=_fraction, default=1.0,
                   help="with --event: how far along that event's move to draw (0-1, default 1)")
    c.add_argument("--fps", type=check.positive_float(100), default=12, help="GIF frames per second (default 12)")
    c.add_argument("--side", help="view from this side's table edge")
    c.add_argument("--select", metavar="UNIT", help="PNG: show this unit's reach, arcs and command range")
    seed_arg(c, 1, "seed when rendering a scenario", saves=True)
    c.add_argument("--size", type=_size, metavar="WxH", help="picture size (default 1280x800 PNG, 960x600 GIF)")
    option_args(c)


def games_args(c: argparse.ArgumentParser) -> None:
    c.add_argument("--from", dest="games_file", metavar="FILE",
                   help="a games file written by kassen simulate --games (.jsonl, .csv, .parquet)")
    c.add_argument("--game", type=check.integer(0, 1 << 40), metavar="N", help="with --from: the game's number (its `game` column)")


def _game_of_file(args, positional: str | None, name: str):
    """With --from FILE --game N: that game played again from its seed and levels (checked
    against the file); else None, and the positional argument names the source."""
    if args.games_file is None:
        if args.game is not None:
            raise KassenError("--game needs --from FILE (a games file from kassen simulate --games)")
        if positional is None:
            raise KassenError(f"give a {name}, or --from FILE --game N")
        return None
    if positional is not None:
        raise KassenError(f"give either a {name} or --from FILE, not both")
    if args.game is None:
        raise KassenError(f"--from {args.games_file} needs --game N")
    from sim.batch.games import game_from_row, read_games
    return game_from_row(read_games(args.games_file), args.game, args.games_file)


def open_source(path: str, seed: int | None = None, options: dict | None = None):
    """A scenario (.toml) starts a new game (seed 1 unless given, `options` over its
    [options]); anything else is read as a save, which keeps the seed and options it was played
    with. A bundled scenario's name (`training`) stands for its file."""
    file = scenario_file(path)
    if not file.exists():
        raise KassenError(f"{path}: no such file")
    if file.suffix.lower() == ".toml":
        from sim.core.scenario import open_game
        return open_game(path, seed=1 if seed is None else seed, **(options or {}))
    if options:
        raise KassenError(f"{path} is a save: its rule options were fixed when it was played")
    from sim.cli import refuse_seed
    refuse_seed(seed, path)
    from sim.core.save import load
    return load(path)


def view_module(game, needs: str):
    """render.<system>, which must provide `needs` (play, play_replay, export_png or export_gif)."""
    if importlib.util.find_spec("pygame") is None:      # headless installs leave the view out
        raise KassenError("windows and pictures need the view extra: pip install 'kassen[view]'")
    try:
        module = importlib.import_module(f"render.{game.system}")
    except ModuleNotFoundError:
        raise KassenError(f"there is no table view for {game.system} games yet") from None
    if not hasattr(module, needs):
        raise KassenError(f"the {game.system} view cannot {needs.replace('_', ' ')} yet")
    return module


def _check_side(game, side: str | None) -> None:
    if side is not None and side not in game.sides():
        raise KassenError(f"no side {shorten(side)} in this game (sides: {', '.join(game.sides())})")


def _check_level(game, level: str | None) -> None:
    """`--ai` must name a level this system's scripted opponent has: no quiet hot-seat."""
    if level is None:
        return
    from sim.core.registry import system
    levels = system(game.system).levels
    if level not in levels:
        raise KassenError(f"--ai {shorten(level)}: no such {game.system} opponent (levels: {', '.join(levels)})")


def cmd_play(args) -> int:
    from sim.cli import rule_options
    game = open_source(args.scenario, args.seed, rule_options(args))
    _check_side(game, args.side)
    _check_level(game, args.ai)
    from render.opponents import check_seats
    check_seats(args.side, args.ai)       # before the autosave's path is printed
    module = view_module(game, "play")
    if not args.save:                    # never silently into the working folder
        from render.userdata import free_autosave
        args.save = str(free_autosave(game))
        print(f"autosave: {args.save}")
    module.play(game, args)
    return 0


def cmd_replay(args) -> int:
    from sim.core.save import load
    game = _game_of_file(args, args.save, "save file")
    if game is None:
        if Path(args.save).suffix.lower() == ".toml":
            raise KassenError(f"{args.save} is a scenario; replay needs a save file "
                              "(from kassen play or kassen run --save)")
        game = load(args.save)
    _check_side(game, args.side)
    view_module(game, "play_replay").play_replay(game, args)
    return 0


def cmd_render(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")     # pictures need no window
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from sim.cli import rule_options
    game = _game_of_file(args, args.source, "save or scenario")
    if game is None:
        game = open_source(args.source, args.seed, rule_options(args))
    elif rule_options(args) or args.seed is not None:
        raise KassenError("--from: a simulated game keeps the seed and options it was played with")
    _check_side(game, args.side)
    kw = {"event": args.event, "side": args.side}
    if args.size:
        kw["size"] = args.size
    if args.png:
        target, kw = args.png, {**kw, "fraction": args.fraction, "selected": args.select}
        if args.select and args.select not in getattr(game.state, "units", {}):
            raise KassenError(f"--select {shorten(args.select)}: no such unit")
        export = view_module(game, "export_png").export_png
    else:
        target, kw = args.gif, {**kw, "fps": args.fps}
        export = view_module(game, "export_gif").export_gif
    import pygame                     # its image writer raises pygame.error, not OSError
    with writing(target, "picture", also=(pygame.error,)):
        export(game, target, **{k: v for k, v in kw.items() if v is not None})
    print(f"wrote {target}")
    return 0
