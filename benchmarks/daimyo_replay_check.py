"""Check that a speed change to the Daimyo engine or AI changes no game: record a few games
on the code before the change, then replay them on the code after it and compare.

Recorded per game: the actions, a digest of every event, a digest of the legal-action menu
offered at every decision (the random and scripted players choose from it) and of the final
state. `compare` replays the recorded actions (so a change in plan/execute shows as an event
difference even where the menus agree), and replays the players from their seeds (so a change
in menus or AI scores shows as a different action).

    PYTHONPATH=. python -m benchmarks.daimyo_replay_check record /tmp/baseline.json   # before
    PYTHONPATH=. python -m benchmarks.daimyo_replay_check compare /tmp/baseline.json  # after
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time

from sim.core.codec import decode, encode
from sim.core.scenario import read_toml
from sim.daimyo import make_player
from sim.daimyo.fuzz import EagerRandomPlayer
from sim.daimyo.game import DaimyoGame

# (scenario, seed, players, action cap, options): eager-random players exercise every rule,
# the scripted ones the AI's choices.
GAMES = [
    ("scenarios/daimyo/training.toml", 1, "random", 4000, {}),
    ("scenarios/daimyo/training.toml", 2, "random", 4000, {"weather": True, "random_events": True}),
    ("benchmarks/reference.toml", 1, "random", 1500, {}),
    ("scenarios/daimyo/nagashino.toml", 3, "random", 800, {}),
    ("scenarios/daimyo/training.toml", 4, "hard-normal", 4000, {}),
    ("benchmarks/reference.toml", 1, "hard-easy", 4000, {"max_turns": 2}),
    ("benchmarks/reference.toml", 5, "random", 1500, {"weather": True, "random_events": True}),
    ("scenarios/daimyo/nagashino.toml", 6, "random", 800, {"weather": True, "random_events": True}),
]


def _digest(obj) -> str:
    return hashlib.sha1(json.dumps(encode(obj), sort_keys=True).encode()).hexdigest()[:16]


def _players(game, kind: str, seed: int) -> dict:
    if kind == "random":
        return {s: EagerRandomPlayer(seed * 7 + i) for i, s in enumerate(game.sides())}
    levels = kind.split("-")
    return {s: make_player(s, lv, seed + i) for i, (s, lv) in enumerate(zip(game.sides(), levels))}


def play(path: str, seed: int, kind: str, cap: int, options: dict) -> dict:
    game = DaimyoGame.new(read_toml(path), seed, **options)
    players = _players(game, kind, seed)
    menus = []
    for _ in range(cap):
        side = game.to_act()
        if side is None:
            break
        menus.append(_digest(game.legal_actions(side)))
        game.apply(players[side].choose(game, side))
    return {"actions": [encode(a) for a in game.actions], "menus": menus,
            "events": [_digest(e) for e in game.events], "state": _digest(game.state)}


def replay(path: str, seed: int, options: dict, actions: list) -> dict:
    game = DaimyoGame.new(read_toml(path), seed, **options)
    for a in actions:
        game.apply(decode(a))
    return {"events": [_digest(e) for e in game.events], "state": _digest(game.state)}


def record(out: str) -> None:
    data = []
    for path, seed, kind, cap, options in GAMES:
        t = time.perf_counter()
        data.append(play(path, seed, kind, cap, options))
        print(f"{path} seed {seed} {kind}: {len(data[-1]['actions'])} actions, "
              f"{time.perf_counter() - t:.1f} s", flush=True)
    with open(out, "w") as f:
        json.dump(data, f)


def compare(baseline: str) -> int:
    with open(baseline) as f:
        data = json.load(f)
    bad = 0
    for (path, seed, kind, cap, options), rec in zip(GAMES, data):
        t = time.perf_counter()
        again = replay(path, seed, options, rec["actions"])
        same_events = again["events"] == rec["events"] and again["state"] == rec["state"]
        live = play(path, seed, kind, cap, options)
        same_play = live["actions"] == rec["actions"]
        first_menu = next((i for i, (a, b) in enumerate(zip(live["menus"], rec["menus"])) if a != b), None)
        bad += not (same_events and same_play and first_menu is None)
        print(f"{path} seed {seed} {kind}: replayed events {'same' if same_events else 'DIFFER'}; "
              f"players' actions {'same' if same_play else 'DIFFER'}; menus "
              f"{'same' if first_menu is None else f'DIFFER from decision {first_menu}'} "
              f"({time.perf_counter() - t:.1f} s)", flush=True)
    print("all identical" if not bad else f"{bad} game(s) differ")
    return 1 if bad else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("record", "compare"), help="record on the code before, compare on the code after")
    ap.add_argument("file", help="the recorded games (JSON): written by record, read by compare")
    got = ap.parse_args(argv)
    missing = [g[0] for g in GAMES if not os.path.isfile(g[0])]
    if missing:
        ap.error(f"{missing[0]} not found: run from the repository's root")
    if got.mode == "compare" and not os.path.isfile(got.file):
        ap.error(f"argument file: no such file to compare with: {got.file[:200]}")
    if got.mode == "record" and not os.path.isdir(os.path.dirname(got.file) or "."):
        ap.error(f"argument file: no folder {os.path.dirname(got.file)[:200]} to record into")
    if got.mode == "record":
        record(got.file)
        return 0
    return compare(got.file)


if __name__ == "__main__":
    sys.exit(main())
