"""`kassen` command line. Every user error is printed as one line naming file, key or rule."""
from __future__ import annotations

import argparse
import sys

from sim.core import args as check
from sim.core.errors import KassenError, clip


def _cmd_check(args) -> int:
    from sim.core.scenario import open_game
    for path in args.scenarios:
        game = open_game(path, seed=0)
        print(f"ok  {path}: {game.summary()}")
    return 0


def _cmd_info(args) -> int:
    from sim.core.scenario import open_game
    game = open_game(args.scenario, seed=0)
    print(game.info())
    return 0


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


def option_args(c: argparse.ArgumentParser) -> None:
    """Switches for a system's optional rules, laid over the scenario's [options] table."""
    c.add_argument("--weather", action=argparse.BooleanOptionalAction, default=None,
                   help="Daimyo 6.2 weather on/off (default: the scenario's [options] weather, else off)")
    c.add_argument("--random-events", action=argparse.BooleanOptionalAction, default=None,
                   help="Daimyo 5.3 random events on/off (default: the scenario's, else off)")
    c.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="any scenario option, e.g. season=winter, artillery=false (repeatable)")


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


def _cmd_odds(args) -> int:
    """Exact odds of a Daimyo charge or melee round on a scenario's table or a saved game."""
    from sim.daimyo.charge_odds import charge_odds, describe
    game = _open_table(args.table, args.seed)
    if game.system != "daimyo":
        raise KassenError(f"{args.table}: odds are for Daimyo tables, not {game.system}")
    for line in describe(charge_odds(game.state, args.attacker, args.defender)):
        print(line)
    return 0


def _open_table(path: str, seed: int):
    """A scenario (.toml) at its start, or a saved game (.json) where it stands."""
    from sim.core.save import load
    from sim.core.scenario import open_game
    return load(path) if path.endswith(".json") else open_game(path, seed=seed)


def _cmd_bench(args) -> int:
    from sim.daimyo import LEVELS
    from sim.daimyo.bench import run_against, run_bench
    if args.level not in LEVELS:
        raise KassenError(f"--level {clip(repr(args.level))}: expected one of {', '.join(LEVELS)}")
    if args.against:
        return run_against(args.against, args.level, args.turn_scale)
    return run_bench(args.battles, args.scenario, args.turn_limit, args.level)


def _batch_args(c: argparse.ArgumentParser) -> None:
    """Options shared by simulate and duel (sim/batch does the work)."""
    c.add_argument("--runs", type=check.runs, default=100, help="number of games (default 100)")
    c.add_argument("--workers", type=check.workers, help="local worker processes (default: CPU count)")
    c.add_argument("--seed", type=check.seed, default=1, help="master seed; game seeds derive from it")
    c.add_argument("--personality", action="append", metavar="KEY=VALUE", type=check.weight,
                   help="AI personality weight, e.g. aggression=0.8 (repeatable)")
    c.add_argument("--turn-limit", type=check.count, help="end games after this many turns (a system option)")
    c.add_argument("--max-actions", type=check.count, default=100_000,
                   help="stop a game after this many actions and count it as a timeout")
    c.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    c.add_argument("--dask", metavar="ADDRESS", type=check.scheduler, help="run on a Dask scheduler, e.g. tcp://host:8786")
    c.add_argument("--no-progress", action="store_true", help="no progress bar")
    option_args(c)


def build_parser() -> argparse.ArgumentParser:
    p = check.Parser(prog="kassen", description="Samurai-era and ancient wargame simulator")
    sub = p.add_subparsers(dest="command", required=True)

    c = sub.add_parser("check", help="validate scenario files")
    c.add_argument("scenarios", nargs="+")
    c.set_defaults(func=_cmd_check)

    c = sub.add_parser("info", help="describe a scenario and its history")
    c.add_argument("scenario")
    c.set_defaults(func=_cmd_info)

    c = sub.add_parser("run", help="run one game headless with random legal orders and print its log")
    c.add_argument("scenario")
    c.add_argument("--seed", type=check.seed, default=1)
    c.add_argument("--max-actions", type=check.count, default=20_000)
    c.add_argument("--save", type=check.output_file, help="write the finished game to this save file")
    c.add_argument("--quiet", action="store_true", help="print only the result")
    option_args(c)
    c.set_defaults(func=_cmd_run)

    c = sub.add_parser("simulate", help="AI against AI over many games: win rates, casualties, plots")
    c.add_argument("scenario")
    c.add_argument("--ai", action="append", metavar="LEVEL|SIDE=LEVEL",
                   help="AI level for every side, or for one side (repeatable)")
    c.add_argument("--plots", metavar="DIR", type=check.output_folder, help="write PNG plots into DIR")
    _batch_args(c)
    c.set_defaults(func=_cmd_simulate)

    c = sub.add_parser("duel", help="win rate of AI level A against level B, sides alternated")
    c.add_argument("scenarios", nargs="+", metavar="scenario")
    c.add_argument("--a", required=True, metavar="LEVEL", help="the level measured")
    c.add_argument("--b", required=True, metavar="LEVEL", help="its opponent")
    _batch_args(c)
    c.set_defaults(func=_cmd_duel)

    from render.cli import add_parsers as add_render_parsers   # imports no pygame until used
    add_render_parsers(sub)

    c = sub.add_parser("odds", help="exact odds of a Daimyo charge: closing fire, hits, winner, push back, rout")
    c.add_argument("table", metavar="scenario-or-save", help="a scenario (.toml) or a saved game (.json)")
    c.add_argument("--attacker", required=True, metavar="U", help="the charging (or fighting) unit's id")
    c.add_argument("--defender", required=True, metavar="V", help="the unit charged")
    c.add_argument("--seed", type=check.seed, default=0, help="seed for a scenario's set-up rolls")
    c.set_defaults(func=_cmd_odds)

    c = sub.add_parser("bench", help="time AI-vs-AI battles on the reference table and the odds")
    c.add_argument("--battles", type=check.count, default=2, help="battles to time (default 2)")
    c.add_argument("--scenario", default="benchmarks/reference.toml", help="the battle (default: reference)")
    c.add_argument("--turn-limit", type=check.count, default=15, help="turns per battle (default 15)")
    c.add_argument("--level", default="hard", help="AI level of both sides (default hard)")
    c.add_argument("--against", metavar="COMMIT", help="compare side by side with the engine at this git "
                   "commit (a frozen worktree): replays and AI battles of three tables, and cost growth "
                   "from 50 to 300 stands, as ratios")
    c.add_argument("--turn-scale", type=check.positive_float(10.0), default=1.0, help="with --against: scale each battle's "
                   "turns (default 1: reference 15, Nagashino 18, training 12)")
    c.set_defaults(func=_cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.func(args)
    except KassenError as exc:
        print(f"kassen: {clip(str(exc), 500)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
