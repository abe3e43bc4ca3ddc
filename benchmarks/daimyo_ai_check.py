"""Check that a speed change to the Daimyo scripted opponent changes none of its decisions:
record whole AI-against-AI battles on the code before the change, play them again on the code
after it and compare the action lists (issue 18 item 5: same games given the seed).

    PYTHONPATH=. python benchmarks/daimyo_ai_check.py record /tmp/ai.json    # before
    PYTHONPATH=. python benchmarks/daimyo_ai_check.py compare /tmp/ai.json   # after

It uses only the generic game API, so the same file records in a git worktree of an older
commit (PYTHONPATH=<that tree>). `kassen bench --against` makes the same comparison for its
three battles ("the two engines' players chose differently" when they differ).
"""
from __future__ import annotations

import json
import sys
import time

# (scenario, seed, levels, turn limit): the three tables of `kassen bench`, and a mixed pair
BATTLES = [
    ("scenarios/daimyo/training.toml", 1, ("hard", "hard"), 12),
    ("scenarios/daimyo/training.toml", 2, ("normal", "hard"), 12),
    ("benchmarks/reference.toml", 1, ("hard", "hard"), 15),
    ("scenarios/daimyo/nagashino.toml", 1, ("hard", "hard"), 18),
]


def play(path: str, seed: int, levels, turns: int) -> list:
    from sim.core.codec import encode
    from sim.core.players import play_out
    from sim.core.scenario import open_game
    from sim.daimyo import make_player
    game = open_game(path, seed=seed, max_turns=turns)
    players = {s: make_player(s, lv, seed * 10 + i) for i, (s, lv) in enumerate(zip(game.sides(), levels))}
    play_out(game, players)
    return [encode(a) for a in game.actions]


def main(mode: str, out: str, only: str = "") -> int:
    battles = [b for b in BATTLES if only in b[0]]
    recorded = {} if mode == "record" else json.load(open(out))
    bad = 0
    for path, seed, levels, turns in battles:
        key = f"{path} seed {seed} {'-'.join(levels)} {turns} turns"
        start = time.process_time()
        actions = play(path, seed, levels, turns)
        cpu = time.process_time() - start
        if mode == "record":
            recorded[key] = actions
            print(f"{key}: {len(actions)} actions, {cpu:.1f} CPU s", flush=True)
            continue
        want = recorded[key]
        first = next((i for i, (a, b) in enumerate(zip(actions, want)) if a != b),
                     None if len(actions) == len(want) else min(len(actions), len(want)))
        bad += first is not None
        print(f"{key}: {len(actions)} actions, {cpu:.1f} CPU s, "
              + ("same actions" if first is None else f"DIFFERENT from action {first}"), flush=True)
    if mode == "record":
        with open(out, "w") as f:
            json.dump(recorded, f)
        return 0
    print("all identical" if not bad else f"{bad} battle(s) differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
