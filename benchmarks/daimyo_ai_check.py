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

import argparse
import json
import os
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


def check(mode: str, out: str, only: str = "") -> int:
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
        want = recorded.get(key)
        if want is None:
            bad += 1
            print(f"{key}: not in {out}", flush=True)
            continue
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("record", "compare"), help="record on the code before, compare on the code after")
    ap.add_argument("file", help="the recorded battles (JSON): written by record, read by compare")
    ap.add_argument("only", nargs="?", default="", help="play only the battles whose scenario path contains this")
    got = ap.parse_args(argv)
    battles = [b[0] for b in BATTLES if got.only in b[0]]
    if not battles:
        ap.error(f"argument only: {got.only[:100]!r} is in none of the battles' scenario paths")
    if not all(os.path.isfile(path) for path in battles):
        ap.error(f"{next(p for p in battles if not os.path.isfile(p))} not found: run from the repository's root")
    if got.mode == "compare" and not os.path.isfile(got.file):
        ap.error(f"argument file: no such file to compare with: {got.file[:200]}")
    if got.mode == "record" and not os.path.isdir(os.path.dirname(got.file) or "."):
        ap.error(f"argument file: no folder {os.path.dirname(got.file)[:200]} to record into")
    return check(got.mode, got.file, got.only)


if __name__ == "__main__":
    sys.exit(main())
