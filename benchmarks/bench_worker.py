"""One timed job for `kassen bench --against`, run in a subprocess inside either source tree
(this one, or a frozen git worktree of the base commit). It uses only the generic game API
present in both, so the same file times the old engine and the new.

    python bench_worker.py battle <scenario> <seed> <turns> <level> <actions out.json>
    python bench_worker.py replay <scenario> <seed> <turns> <actions in.json> [repeat]

Prints one JSON line: CPU seconds (process time) of the battle or of the replay (the least of
`repeat` replays, each into a fresh game: a shared machine's load only ever adds), the number
of actions, and digests of the events and the final state (to show both engines agree).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import time


def _digest(obj) -> str:
    from sim.core.codec import encode
    return _sha(encode(obj))


def _sha(data) -> str:
    return hashlib.sha1(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def _state_digest(state) -> str:
    """The final state's digest without the clans' colours: presentation no rule reads, which
    engines before e1664f6 left grey where a scenario gives none (the generated tables), so
    that the bench compares what the rules made against older engines too."""
    from sim.core.codec import encode
    data = encode(state)
    for clan in data.get("clans", {}).get("__dict", {}).values():
        clan.pop("colour", None)
    return _sha(data)


def _warm() -> float:
    """Load the compiled kernels first where the engine has them (their one-off load or
    compile cost is reported apart, not inside the timings)."""
    start = time.process_time()
    try:
        from sim.daimyo.geometry import kernels
    except ImportError:
        return 0.0
    kernels.warm()
    return time.process_time() - start


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    jobs = ap.add_subparsers(dest="mode", required=True, metavar="{battle,replay}")
    battle = jobs.add_parser("battle", help="time an AI battle and write its actions")
    replay = jobs.add_parser("replay", help="time the replay of a battle's actions")
    for job in (battle, replay):
        job.add_argument("scenario")
        job.add_argument("seed", type=int)
        job.add_argument("turns", type=int, help="the turn limit")
    battle.add_argument("level", help="both sides' AI level")
    battle.add_argument("out", help="the actions' JSON file to write")
    replay.add_argument("actions", help="the actions' JSON file to replay")
    replay.add_argument("repeat", nargs="?", type=int, default=1, help="replays timed, the least kept (default 1)")
    return ap


def main(argv=None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    for name in ["scenario"] + (["actions"] if args.mode == "replay" else []):
        if not os.path.isfile(getattr(args, name)):
            ap.error(f"argument {name}: no such file: {getattr(args, name)[:200]}")
    if args.mode == "replay" and args.repeat < 1:
        ap.error(f"argument repeat: expected 1 or more, got {args.repeat}")
    from sim.core.codec import decode, encode
    from sim.core.players import play_out
    from sim.core.scenario import open_game
    import sim.daimyo.game  # noqa: F401  registers the Daimyo actions for decoding
    import sim.daimyo.combat.actions  # noqa: F401
    path, seed, turns = args.scenario, args.seed, args.turns
    warm = _warm()
    game = open_game(path, seed=seed, max_turns=turns)
    if args.mode == "battle":
        from sim.daimyo import make_player
        players = {s: make_player(s, args.level, seed * 10 + i) for i, s in enumerate(game.sides())}
        start = time.process_time()
        play_out(game, players)
        cpu = time.process_time() - start
        with open(args.out, "w") as f:
            json.dump([encode(a) for a in game.actions], f)
    else:
        with open(args.actions) as f:
            actions = [decode(a) for a in json.load(f)]
        cpu = math.inf
        for n in range(args.repeat):
            if n:
                game = open_game(path, seed=seed, max_turns=turns)
            start = time.process_time()
            for a in actions:
                game.apply(a)
            cpu = min(cpu, time.process_time() - start)
    print(json.dumps({"cpu": cpu, "warm": warm, "actions": len(game.actions),
                      "events": _digest(game.events), "state": _state_digest(game.state)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
