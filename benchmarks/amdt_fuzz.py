"""Random-play and AI-play runs of A Most Dangerous Time (issue 9 "done when"):
`python benchmarks/amdt_fuzz.py random 1000` and `python benchmarks/amdt_fuzz.py ai 200`
(optional third and fourth arguments: player counts "2,3,4" and the first seed).
Every game must finish without an error; prints winners, turns and speed per player count."""
from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from sim.core import args as checked
from sim.core.players import RandomPlayer, play_out
from sim.core.scenario import open_game

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios/amdt"


def one(args) -> tuple:
    kind, n, seed = args
    from sim.amdt import make_player
    g = open_game(SCENARIOS / f"amdt_{n}p.toml", seed=seed)
    if kind == "random":
        players = {s: RandomPlayer(seed * 7 + i) for i, s in enumerate(g.sides())}
    else:
        levels = ("easy", "normal", "hard")
        players = {s: make_player(s, levels[(seed + i) % 3], seed * 11 + i) for i, s in enumerate(g.sides())}
    try:
        play_out(g, players, max_actions=50_000)
    except Exception:
        return (n, seed, "ERROR", 0, 0, traceback.format_exc())
    r = g.result()
    if r is None:
        return (n, seed, "UNFINISHED", g.state.turn, len(g.actions), "")
    return (n, seed, r.winner or "none", g.state.turn, len(g.actions), "")


def fuzz(kind: str, runs: int, counts=(2, 3, 4), workers: int = 2, start: int = 0) -> int:
    failures = 0
    for n in counts:
        t = time.time()
        results = []
        with ProcessPoolExecutor(workers) as pool:
            for r in pool.map(one, [(kind, n, s) for s in range(start, start + runs)], chunksize=4):
                results.append(r)
                if len(results) % 50 == 0:
                    bad = sum(1 for x in results if x[2] in ("ERROR", "UNFINISHED"))
                    print(f"  {kind} {n}p: {len(results)}/{runs} done, {bad} failed", flush=True)
        bad = [r for r in results if r[2] in ("ERROR", "UNFINISHED")]
        failures += len(bad)
        wins = Counter(r[2] for r in results)
        turns = sum(r[3] for r in results) / len(results)
        acts = sum(r[4] for r in results) / len(results)
        print(f"{kind} {n}p: {runs} games, {len(bad)} failed, winners {dict(wins)}, "
              f"mean turn {turns:.1f}, mean actions {acts:.0f}, {(time.time() - t) / runs:.2f} s/game",
              flush=True)
        for r in bad[:3]:
            print(f"  seed {r[1]}: {r[2]}\n{r[5]}")
    return 1 if failures else 0


def player_counts(text: str) -> tuple[int, ...]:
    """Comma-separated player counts, each one AMDT has a scenario for (2, 3 or 4)."""
    counts = tuple(c.strip() for c in text.split(","))
    if not all(c in ("2", "3", "4") for c in counts):
        raise argparse.ArgumentTypeError(f"expected player counts from 2, 3, 4 like 2,3,4, got {text[:40]!r}")
    return tuple(int(c) for c in counts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", nargs="?", choices=("random", "ai"), default="random",
                    help="random play or the scripted opponent's levels in turn (default random)")
    ap.add_argument("runs", nargs="?", type=checked.runs, default=20, help="games per player count (default 20)")
    ap.add_argument("counts", nargs="?", type=player_counts, default=(2, 3, 4),
                    help="player counts, comma-separated (default 2,3,4)")
    ap.add_argument("start", nargs="?", type=checked.seed, default=0, help="first seed, to extend a run (default 0)")
    got = ap.parse_args(argv)
    return fuzz(got.kind, got.runs, got.counts, start=got.start)


if __name__ == "__main__":
    sys.exit(main())
