"""Hellas robustness run: N random-play games and M scripted-opponent games of the 431
campaign, each to its end; reports errors, outcomes, lengths and the view-leak check.

    PYTHONPATH=. python benchmarks/hellas_fuzz.py --random 1000 --ai 200 --workers 4

AI and random games are interleaved and each result is appended to `--log` as it finishes, so a
run stopped early (or `--deadline` seconds reached) still reports every game it completed.
"""
from __future__ import annotations

import argparse
import collections
import json
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "hellas" / "431_campaign.toml"
LEVELS = ("easy", "normal", "hard")


def leak_free(game) -> bool:
    """No enemy face that never fought appears in a side's view or its event log."""
    from sim.board import events_for
    shown = {e.face for e in game.events if e.kind == "BlockRevealed"}
    for side in game.sides():
        text = json.dumps(game.view(side)) + repr(events_for(game.events, side))
        found = " ".join(e.found for e in game.events if e.kind == "IntelGathered" and e.owner == side)
        hermes = {b.face for b in game.state.blocks.values() if b.face in found}   # Hermes (§13)
        for b in game.state.blocks.values():
            if b.side != side and b.face not in shown | hermes and b.face in text:
                return False
    return True


def one(job: tuple[str, int]) -> dict:
    kind, seed = job
    from sim.core.players import RandomPlayer, play_out
    from sim.core.scenario import open_game
    from sim.hellas import make_player
    game = open_game(SCENARIO, seed=seed)
    if kind == "random":
        players = {s: RandomPlayer(seed * 31 + i) for i, s in enumerate(game.sides())}
    else:
        level = LEVELS[seed % 3]
        players = {s: make_player(s, level, seed * 31 + i) for i, s in enumerate(game.sides())}
    try:
        play_out(game, players, max_actions=100_000)
    except Exception:
        return {"kind": kind, "seed": seed, "error": traceback.format_exc()}
    res = game.result()
    return {"kind": kind, "seed": seed, "over": game.is_over(), "winner": res.winner if res else "unfinished",
            "reason": res.reason.split(" ")[0] if res else "", "actions": len(game.actions),
            "year": game.state.year, "prestige": game.state.prestige,
            "leak_free": leak_free(game) if seed % 10 == 0 else True}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--random", type=int, default=1000)
    p.add_argument("--ai", type=int, default=200)
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--log", help="append one JSON line per finished game here")
    p.add_argument("--deadline", type=float, help="stop starting games after this many seconds")
    args = p.parse_args()
    rnd = [("random", s) for s in range(args.random)]
    ai = [("ai", s) for s in range(args.ai)]
    step = max(1, len(rnd) // max(1, len(ai)))
    jobs = []
    while rnd or ai:                       # interleaved: a run cut short still has both kinds
        jobs += ai[:1] + rnd[:step]
        ai, rnd = ai[1:], rnd[step:]
    t0 = time.time()
    rows = []
    log = open(args.log, "a") if args.log else None
    with ProcessPoolExecutor(args.workers) as pool:
        pending = {pool.submit(one, j) for j in jobs[:args.workers * 2]}
        queue = jobs[args.workers * 2:]
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                rows.append(f.result())
                if log:
                    log.write(json.dumps(rows[-1]) + "\n")
                    log.flush()
                if queue and (args.deadline is None or time.time() - t0 < args.deadline):
                    pending.add(pool.submit(one, queue.pop(0)))
    if queue:
        print(f"deadline reached: {len(queue)} games not started")
    for kind in ("random", "ai"):
        rs = [r for r in rows if r["kind"] == kind]
        if not rs:
            continue
        errors = [r for r in rs if "error" in r]
        ok = [r for r in rs if "error" not in r]
        print(f"{kind}: {len(rs)} games, {len(errors)} errors, "
              f"{sum(1 for r in ok if not r['over'])} unfinished, "
              f"{sum(1 for r in ok if not r['leak_free'])} view leaks (checked every 10th)")
        if ok:
            print("  outcomes:", dict(collections.Counter((r["winner"], r["reason"]) for r in ok).most_common()))
            print(f"  mean actions {sum(r['actions'] for r in ok) / len(ok):.0f}, "
                  f"mean final year {sum(r['year'] for r in ok) / len(ok):.1f} BC")
        for r in errors[:3]:
            print(f"  seed {r['seed']}:\n{r['error']}")
    print(f"elapsed {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
