"""Play many random Daimyo battles with invariant checks (issue 3 property test at full size).

    python benchmarks/daimyo_fuzz.py [games] [workers] [--start S] [--scenario FILE]

Seeds S .. S+games-1 (default 0) of the training scenario unless --scenario names another
Daimyo scenario file (each bundled table has ground the training table lacks: bridges,
stockades, guns)."""
from __future__ import annotations

import argparse
import collections
import functools
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor


TRAINING = "scenarios/daimyo/training.toml"


def one(seed: int, path: str = TRAINING) -> dict:
    from sim.daimyo.fuzz import load, play, replay_identical
    sc = load(path)
    opts = {"weather": True, "random_events": True} if seed % 2 else {}   # optional rules too
    try:
        g = play(sc, seed, **opts)
    except Exception:                                  # report, do not stop the sweep
        return {"seed": seed, "error": traceback.format_exc(limit=6)}
    kinds = collections.Counter(e.kind for e in g.events)
    res = g.result()
    return {"seed": seed, "winner": res.winner if res else "unfinished", "turns": g.state.turn,
            "actions": len(g.actions), "replay": replay_identical(sc, g, **opts) if seed % 10 < 2 else None,
            "kinds": dict(kinds)}


def main(games: int = 500, workers: int = 2, start: int = 0, path: str = TRAINING) -> int:
    t0 = time.time()
    results = []
    with ProcessPoolExecutor(workers) as ex:
        for r in ex.map(functools.partial(one, path=path), range(start, start + games)):
            results.append(r)
            tag = "ERROR" if "error" in r else f"{r['winner'] or 'draw'} t{r['turns']} a{r['actions']}"
            print(f"seed {r['seed']}: {tag}", flush=True)
    errors = [r for r in results if "error" in r]
    winners = collections.Counter(r.get("winner") for r in results if "error" not in r)
    total = collections.Counter()
    for r in results:
        total.update(r.get("kinds", {}))
    replays = [r["replay"] for r in results if r.get("replay") is not None]
    print(f"{games} games in {time.time() - t0:.0f} s; errors {len(errors)}; winners {dict(winners)}")
    print(f"replays checked {len(replays)}, identical {sum(replays)}")
    for k in ("ChargeDeclared", "ShotResolved", "MeleeRound", "UnitRouted", "Pursued", "MoraleTested",
              "PushedBack", "FollowedUp", "FrenzyBegan", "Rallied", "DuelFought", "UnitRemoved"):
        print(f"  {k}: {total.get(k, 0)}")
    for e in errors[:5]:
        print(f"seed {e['seed']}:\n{e['error']}")
    return 1 if errors or not all(replays) else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=int, nargs="?", default=500)
    ap.add_argument("workers", type=int, nargs="?", default=2)
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--scenario", default=TRAINING, help="a Daimyo scenario file")
    a = ap.parse_args()
    sys.exit(main(a.games, a.workers, a.start, a.scenario))
