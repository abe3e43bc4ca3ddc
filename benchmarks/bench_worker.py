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

import hashlib
import json
import math
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


def main(argv: list[str]) -> None:
    from sim.core.codec import decode, encode
    from sim.core.players import play_out
    from sim.core.scenario import open_game
    import sim.daimyo.game  # noqa: F401  registers the Daimyo actions for decoding
    import sim.daimyo.combat.actions  # noqa: F401
    mode, path, seed, turns = argv[0], argv[1], int(argv[2]), int(argv[3])
    warm = _warm()
    game = open_game(path, seed=seed, max_turns=turns)
    if mode == "battle":
        from sim.daimyo import make_player
        level, out = argv[4], argv[5]
        players = {s: make_player(s, level, seed * 10 + i) for i, s in enumerate(game.sides())}
        start = time.process_time()
        play_out(game, players)
        cpu = time.process_time() - start
        with open(out, "w") as f:
            json.dump([encode(a) for a in game.actions], f)
    else:
        with open(argv[4]) as f:
            actions = [decode(a) for a in json.load(f)]
        cpu = math.inf
        for n in range(int(argv[5]) if len(argv) > 5 else 1):
            if n:
                game = open_game(path, seed=seed, max_turns=turns)
            start = time.process_time()
            for a in actions:
                game.apply(a)
            cpu = min(cpu, time.process_time() - start)
    print(json.dumps({"cpu": cpu, "warm": warm, "actions": len(game.actions),
                      "events": _digest(game.events), "state": _state_digest(game.state)}))


if __name__ == "__main__":
    main(sys.argv[1:])
