"""AI (easy/normal/hard in turn, or one level) against random play on a Daimyo scenario: counts
games that raised and AI orders that were not legal (issues 5 and 19 done-when: none of either;
issue 19 asks for 1,000 games of each level, hence --level).

    PYTHONPATH=. python -m benchmarks.daimyo_ai_fuzz [games] [workers] [scenario] [first seed] [--level L]

Progress goes to stdout every 50 games, so a run stopped early still says how far it got.
"""
from __future__ import annotations

import argparse
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor

LEVELS = ("easy", "normal", "hard")


def one(args) -> dict:
    from sim.daimyo.ai.fuzz import ai_against_random
    seed, path, level = args
    try:
        return ai_against_random(path, seed, level or LEVELS[seed % 3])
    except AssertionError as exc:
        return {"seed": seed, "illegal": str(exc)}
    except Exception:
        return {"seed": seed, "error": traceback.format_exc(limit=6)}


def main(games: int = 1000, workers: int = 2, path: str = "scenarios/daimyo/training.toml",
         start: int = 0, level: str | None = None) -> int:
    t0 = time.time()
    results = []
    with ProcessPoolExecutor(workers) as ex:
        for r in ex.map(one, [(s, path, level) for s in range(start, start + games)]):
            results.append(r)
            if len(results) % 50 == 0:
                bad = sum(1 for x in results if "actions" not in x)
                print(f"  {len(results)}/{games} games (seeds {start}-{r['seed']}), {bad} failed, "
                      f"{time.time() - t0:.0f} s", flush=True)
    errors = [r for r in results if "error" in r]
    illegal = [r for r in results if "illegal" in r]
    ok = [r for r in results if "actions" in r]
    ai_wins = sum(1 for r in ok if r["winner"] == r["ai_side"])
    print(f"{games} games of {path}, AI {level or 'easy/normal/hard in turn'} (seeds {start}-{start + games - 1}) in {time.time() - t0:.0f} s: errors {len(errors)}, illegal AI orders "
          f"{len(illegal)}, AI orders checked {sum(r['ai_orders'] for r in ok)}, unfinished "
          f"{sum(1 for r in ok if not r['over'])}, AI won {ai_wins}")
    for r in (errors + illegal)[:5]:
        print(f"seed {r['seed']}: {r.get('error') or r.get('illegal')}")
    return 1 if errors or illegal else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=int, nargs="?", default=1000)
    ap.add_argument("workers", type=int, nargs="?", default=2)
    ap.add_argument("scenario", nargs="?", default="scenarios/daimyo/training.toml")
    ap.add_argument("start", type=int, nargs="?", default=0, help="first seed")
    ap.add_argument("--level", choices=LEVELS, help="one level for every game (default: in turn)")
    a = ap.parse_args()
    sys.exit(main(a.games, a.workers, a.scenario, a.start, a.level))
