"""`kassen` command line. Every user error is printed as one line naming file, key or rule."""
from __future__ import annotations

import argparse
import sys

from sim.core.errors import KassenError


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
    game = open_game(args.scenario, seed=args.seed)
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


def _not_yet(issue: int):
    def run(args) -> int:
        print(f"kassen {args.command}: not available yet (tracked in issue {issue})", file=sys.stderr)
        return 2
    return run


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="kassen", description="Samurai-era and ancient wargame simulator")
    sub = p.add_subparsers(dest="command", required=True)

    c = sub.add_parser("check", help="validate scenario files")
    c.add_argument("scenarios", nargs="+")
    c.set_defaults(func=_cmd_check)

    c = sub.add_parser("info", help="describe a scenario and its history")
    c.add_argument("scenario")
    c.set_defaults(func=_cmd_info)

    c = sub.add_parser("run", help="run one game headless with random legal orders and print its log")
    c.add_argument("scenario")
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--max-actions", type=int, default=20_000)
    c.add_argument("--save", help="write the finished game to this save file")
    c.add_argument("--quiet", action="store_true", help="print only the result")
    c.set_defaults(func=_cmd_run)

    for name, issue in (("play", 4), ("replay", 4), ("render", 4), ("simulate", 5), ("odds", 5),
                        ("duel", 5), ("bench", 5)):
        c = sub.add_parser(name, help=f"(issue {issue})")
        c.add_argument("rest", nargs="*")
        c.set_defaults(func=_not_yet(issue))
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KassenError as exc:
        print(f"kassen: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
