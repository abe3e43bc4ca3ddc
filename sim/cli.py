# PYTHON_ARGCOMPLETE_OK   (argcomplete: `kassen completion bash` prints the hook)
"""`kassen` command line. Every user error is printed as one line naming file, key or rule.

The parser is built from small helpers (`command` for a subcommand with its example,
`scenario_arg`, `seed_arg`, `option_args`, `batch_args`) so every command documents each
argument the same way; the handlers import their machinery only when run.
"""
from __future__ import annotations

import argparse
import os
import sys

from sim.core import args as check
from sim.core.errors import KassenError, clip


# -- handlers -----------------------------------------------------------------------------------

def _cmd_check(args) -> int:
    from sim.core.scenario import open_game
    for path in args.scenarios:
        game = open_game(path, seed=0)
        print(f"ok  {path}: {game.summary()}")
    return 0


def _cmd_info(args) -> int:
    from sim.core.scenario import open_game
    game = open_game(args.scenario, seed=0)
    if not args.units:
        print(game.info())
        return 0
    from sim.catalog import unit_rows
    rows = unit_rows(game)
    if not rows:
        raise KassenError(f"{args.scenario}: --units lists Daimyo units; {game.system} has none")
    _print_rows(rows, ("id", "side", "clan", "troop", "stands", "name"))
    return 0


def _cmd_scenarios(args) -> int:
    from sim.catalog import scenario_rows
    _print_rows(scenario_rows(), ("name", "system", "length", "sides", "title"))
    return 0


def _cmd_levels(args) -> int:
    from sim.catalog import levels
    for system, names in levels().items():
        print(f"{system:<12} {', '.join(names)}")
    return 0


def _print_rows(rows: list[dict], columns: tuple[str, ...]) -> None:
    """Plain aligned columns, one line a row: easy to read and to grep or cut."""
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in columns}
    print("  ".join(c.ljust(widths[c]) for c in columns).rstrip())
    for r in rows:
        print("  ".join(str(r[c]).ljust(widths[c]) for c in columns).rstrip())


def _cmd_run(args) -> int:
    """Headless run with random legal orders: shows the turn sequence and the rules applied."""
    from sim.core.players import RandomPlayer, play_out
    from sim.core.save import save
    from sim.core.scenario import open_game
    game = open_game(args.scenario, seed=args.seed, **rule_options(args))
    players = {side: RandomPlayer(args.seed * 31 + i) for i, side in enumerate(game.sides())}
    play_out(game, players, max_actions=args.max_actions)
    if not args.quiet:
        for event in game.events:
            print(event.describe())
    res = game.result()
    print(f"result: {res.winner or 'no winner'} - {res.reason}" if res else "result: game not finished")
    if args.save:
        save(game, args.save)
        print(f"saved to {args.save}")
    return 0


def _cmd_simulate(args) -> int:
    from sim.batch.commands import simulate
    return simulate(args)


def _cmd_duel(args) -> int:
    from sim.batch.commands import duel
    return duel(args)


def _cmd_odds(args) -> int:
    """Exact odds of a Daimyo charge or melee round on a scenario's table or a saved game."""
    from sim.daimyo.charge_odds import charge_odds, describe
    game = _open_table(args.table, args.seed)
    if game.system != "daimyo":
        raise KassenError(f"{args.table}: odds are for Daimyo tables, not {game.system}")
    for line in describe(charge_odds(game.state, args.attacker, args.defender)):
        print(line)
    return 0


def _open_table(path: str, seed: int | None):
    """A scenario (.toml or bundled name) at its start (seed 0 unless given), or a saved game
    (.json) where it stands."""
    from sim.core.save import load
    from sim.core.scenario import open_game
    if path.endswith(".json"):
        game = load(path)
        refuse_seed(seed, path)
        return game
    return open_game(path, seed=0 if seed is None else seed)


def _cmd_bench(args) -> int:
    from sim.daimyo import LEVELS
    from sim.daimyo.bench import run_against, run_bench
    if args.level not in LEVELS:
        raise KassenError(f"--level {clip(repr(args.level))}: expected one of {', '.join(LEVELS)}")
    if args.against:
        return run_against(args.against, args.level, args.turn_scale, replay_only=args.replay_only,
                           repeat=args.repeat)
    return run_bench(args.battles, args.scenario, args.turn_limit, args.level)


def _cmd_completion(args) -> int:
    import argcomplete
    print(argcomplete.shellcode(["kassen"], shell=args.shell))
    return 0


# -- rule options -------------------------------------------------------------------------------

def _value(text: str):
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        return text


def rule_options(args) -> dict:
    """--option KEY=VALUE pairs plus --weather / --random-events, for Game.new."""
    out = {}
    for item in getattr(args, "option", None) or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise KassenError(f"--option expects KEY=VALUE, got {item!r}")
        out[key] = _value(value)
    for key in ("weather", "random_events"):
        if getattr(args, key, None) is not None:
            out[key] = getattr(args, key)
    return out


# -- argument definitions -----------------------------------------------------------------------

def _version() -> str:
    from sim import __version__
    return __version__


def command(sub, name: str, help: str, examples: list[str], func) -> argparse.ArgumentParser:
    """A subcommand whose --help ends with worked examples."""
    epilog = "examples:\n" + "\n".join(f"  {line}" for line in examples)
    c = sub.add_parser(name, help=help, description=help[:1].upper() + help[1:] + ".",
                       epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    c.set_defaults(func=func)
    return c


def _scenario_names(prefix: str = "", **_) -> list[str]:
    """Shell completion: bundled scenario names (file paths complete as usual)."""
    from sim.core.bundled import bundled_scenarios
    return [n for n in bundled_scenarios() if n.startswith(prefix)]


def scenario_arg(c: argparse.ArgumentParser, name: str = "scenario", what: str = "", **kw) -> None:
    """A scenario given as a file path or a bundled name (`kassen scenarios` lists them)."""
    arg = c.add_argument(name, help=what or "scenario file (.toml) or bundled name, e.g. training "
                                            "(`kassen scenarios` lists them)", **kw)
    arg.completer = _scenario_names


def seed_arg(c: argparse.ArgumentParser, default: int, what: str, saves: bool = False) -> None:
    """--seed N. A command that also takes a save (saves=True) leaves it None when not given,
    and uses `default` only for a scenario: a save keeps the seed it was played with, so a
    --seed given with one is refused (`refuse_seed`), not ignored."""
    c.add_argument("--seed", type=check.seed, default=None if saves else default, metavar="N",
                   help=f"{what} (default {default})")


def refuse_seed(seed: int | None, path: str) -> None:
    if seed is not None:
        raise KassenError(f"{path} is a save: it keeps the seed it was played with (--seed is for a scenario)")


def option_args(c: argparse.ArgumentParser) -> None:
    """Switches for a system's optional rules, laid over the scenario's [options] table."""
    c.add_argument("--weather", action=argparse.BooleanOptionalAction, default=None,
                   help="Daimyo 6.2 weather on/off (default: the scenario's [options] weather, else off)")
    c.add_argument("--random-events", action=argparse.BooleanOptionalAction, default=None,
                   help="Daimyo 5.3 random events on/off (default: the scenario's, else off)")
    c.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="any scenario option, e.g. season=winter, artillery=false (repeatable)")


def batch_args(c: argparse.ArgumentParser) -> None:
    """Options shared by simulate and duel (sim/batch does the work)."""
    c.add_argument("--runs", type=check.runs, default=100, metavar="N", help="number of games (default 100)")
    c.add_argument("--workers", type=check.workers, metavar="N", help="local worker processes (default: CPU count)")
    seed_arg(c, 1, "master seed; every game's seed derives from it and the game's number")
    c.add_argument("--personality", action="append", metavar="KEY=VALUE", type=check.weight,
                   help="AI personality weight, e.g. aggression=0.8 (repeatable)")
    c.add_argument("--turn-limit", type=check.count, metavar="N", help="end games after this many turns (a system option)")
    c.add_argument("--max-actions", type=check.count, default=100_000, metavar="N",
                   help="stop a game after this many actions and count it as a timeout (default 100000)")
    c.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    c.add_argument("--dask", metavar="ADDRESS", type=check.scheduler, help="run on a Dask scheduler, e.g. tcp://host:8786 "
                                                     "(extra: pip install 'kassen[dask]')")
    c.add_argument("--no-progress", action="store_true", help="no progress bar")
    option_args(c)


def build_parser() -> argparse.ArgumentParser:
    p = check.Parser(
        prog="kassen", description="Samurai-era and ancient wargame simulator: play, watch and "
        "simulate Daimyo, Sekigahara, A Most Dangerous Time and Hellas.",
        epilog="`kassen COMMAND --help` shows a command's arguments and examples.")
    p.add_argument("--version", action="version", version=f"kassen {_version()}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    c = command(sub, "scenarios", "list the bundled scenarios: name, system, length, sides, title",
                ["kassen scenarios", "kassen scenarios | grep daimyo"], _cmd_scenarios)

    c = command(sub, "levels", "list each system's AI levels, weakest first",
                ["kassen levels"], _cmd_levels)

    c = command(sub, "check", "validate scenario files",
                ["kassen check training", "kassen check my_battle.toml other.toml"], _cmd_check)
    scenario_arg(c, "scenarios", "scenario files or bundled names", nargs="+")

    c = command(sub, "info", "describe a scenario and its history, or list its units",
                ["kassen info nagashino", "kassen info training --units"], _cmd_info)
    scenario_arg(c)
    c.add_argument("--units", action="store_true",
                   help="list the units with their ids (the ids `kassen odds` takes; Daimyo)")

    c = command(sub, "run", "run one game headless with random legal orders and print its log",
                ["kassen run training --seed 1 --quiet",
                 "kassen run kawanakajima --no-weather --random-events --save game.json"], _cmd_run)
    scenario_arg(c)
    seed_arg(c, 1, "the game's seed (dice and the random orders)")
    c.add_argument("--max-actions", type=check.count, default=20_000, metavar="N",
                   help="stop after this many actions (default 20000)")
    c.add_argument("--save", metavar="FILE", type=check.output_file, help="write the finished game to this save file (.json)")
    c.add_argument("--quiet", action="store_true", help="print only the result")
    option_args(c)

    c = command(sub, "simulate", "AI against AI over many games: win rates, casualties, plots",
                ["kassen simulate training --ai hard --runs 20 --workers 2 --plots plots/",
                 "kassen simulate nagashino --ai allies=hard --ai takeda=easy --runs 200",
                 "kassen simulate training --runs 100 --games games.parquet"], _cmd_simulate)
    scenario_arg(c)
    c.add_argument("--ai", action="append", metavar="LEVEL|SIDE=LEVEL",
                   help="AI level for every side, or for one side (repeatable; `kassen levels`)")
    c.add_argument("--plots", metavar="DIR", type=check.output_folder, help="write PNG plots into DIR")
    c.add_argument("--games", metavar="FILE", type=check.output_file,
                   help="write one row per game to FILE: .jsonl, .csv or .parquet (extra: kassen[analysis])")
    batch_args(c)

    c = command(sub, "duel", "win rate of AI level A against level B, sides alternated",
                ["kassen duel training --a hard --b easy --runs 100 --workers 2"], _cmd_duel)
    scenario_arg(c, "scenarios", "scenario files or bundled names", nargs="+", metavar="scenario")
    c.add_argument("--a", required=True, metavar="LEVEL", help="the level measured")
    c.add_argument("--b", required=True, metavar="LEVEL", help="its opponent")
    batch_args(c)

    from render.cli import add_parsers as add_render_parsers   # imports no pygame until used
    add_render_parsers(sub)

    c = command(sub, "odds", "exact odds of a Daimyo charge: closing fire, hits, winner, push back, rout",
                ["kassen info training --units      # the unit ids",
                 "kassen odds game.json --attacker shima-horse --defender honda-yari"], _cmd_odds)
    scenario_arg(c, "table", "a scenario (.toml or bundled name) or a saved game (.json)")
    c.add_argument("--attacker", required=True, metavar="U",
                   help="the charging (or fighting) unit's id (`kassen info SCENARIO --units`)")
    c.add_argument("--defender", required=True, metavar="V", help="the unit charged")
    seed_arg(c, 0, "seed for a scenario's set-up rolls", saves=True)

    c = command(sub, "bench", "time AI-vs-AI battles on the reference table and the odds",
                ["kassen bench", "kassen bench --battles 1 --level normal",
                 "kassen bench --against main~5 --turn-scale 0.5",
                 "kassen bench --against main~5 --replay-only"], _cmd_bench)
    c.add_argument("--battles", type=check.count, default=2, metavar="N", help="battles to time (default 2)")
    scenario_arg(c, "--scenario", "the battle, a file or bundled name (default: the bundled "
                                  "reference table)", default="reference")
    c.add_argument("--turn-limit", type=check.count, default=15, metavar="N", help="turns per battle (default 15)")
    c.add_argument("--level", default="hard", help="AI level of both sides (default hard)")
    c.add_argument("--against", metavar="COMMIT", help="compare side by side with the engine at this git "
                   "commit (a frozen worktree): replays and AI battles of three tables, and cost growth "
                   "from 50 to 300 stands, as ratios")
    c.add_argument("--turn-scale", type=check.positive_float(10.0), default=1.0, metavar="X",
                   help="with --against: scale each battle's turns (default 1: reference 15, Nagashino 18, "
                   "training 12)")
    c.add_argument("--replay-only", action="store_true",
                   help="with --against: time only the rules-alone replays (each battle is played once, by "
                   "this tree's AI, for its orders)")
    c.add_argument("--repeat", type=check.count, default=1, metavar="N",
                   help="with --against: time each replay N times and keep the least (default 1)")

    c = command(sub, "completion", "print the shell hook for tab completion",
                ['eval "$(kassen completion bash)"   # add to ~/.bashrc',
                 "kassen completion zsh > ~/.zfunc/_kassen"], _cmd_completion)
    c.add_argument("shell", choices=("bash", "zsh", "fish", "tcsh", "powershell"), help="your shell")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    if argv is None:
        import argcomplete
        argcomplete.autocomplete(parser)      # answers the shell's completion request and exits
    try:
        args = parser.parse_args(argv)
        return args.func(args)
    except KassenError as exc:
        print(f"kassen: {clip(str(exc), 500)}", file=sys.stderr)
        return 2
    except BrokenPipeError:          # `kassen scenarios | head`: the reader stopped; no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
