"""Scripted opponent against itself: N games (default 200) per pairing of levels.

Run: PYTHONPATH=. python benchmarks/sekigahara_ai.py [N] [tokugawa_level ishida_level ...]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from sim.core import args
from sim.core.players import play_out
from sim.core.scenario import read_toml
from sim.sekigahara import GAME, LEVELS, make_player

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios/sekigahara/campaign.toml"
PAIRINGS = ["normal", "normal", "hard", "easy", "easy", "hard"]


def run(n: int, t_level: str, i_level: str, scenario) -> int:
    start, wins, reasons, errors, actions, battles = time.time(), Counter(), Counter(), 0, 0, 0
    for seed in range(n):
        g = GAME.new(scenario, seed)
        try:
            play_out(g, {"tokugawa": make_player("tokugawa", t_level, seed),
                         "ishida": make_player("ishida", i_level, seed)})
        except Exception as exc:
            errors += 1
            print(f"seed {seed}: {exc!r}")
            continue
        r = g.result()
        wins[r.winner] += 1
        reasons[r.reason.split(" (")[0]] += 1
        actions += len(g.actions)
        battles += sum(1 for e in g.events if e.kind == "BattleStarted")
    done = max(1, n - errors)
    print(f"tokugawa {t_level} vs ishida {i_level}: {n} games in {time.time() - start:.1f}s, errors {errors}, "
          f"mean actions {actions / done:.0f}, mean combats {battles / done:.1f}")
    print("  wins", dict(wins), " endings", dict(reasons))
    return errors


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=args.integer(0, args.MAX_RUNS), default=200,
                    help="games per pairing (default 200)")
    ap.add_argument("levels", nargs="*", metavar="LEVEL",
                    help=f"tokugawa's and ishida's levels, a pair per pairing ({', '.join(LEVELS)}; "
                         f"default {' '.join(PAIRINGS)})")
    got = ap.parse_args(argv)
    bad = [lv for lv in got.levels if lv not in LEVELS]
    if bad:
        ap.error(f"argument LEVEL: invalid choice: {bad[0]!r} (choose from {', '.join(LEVELS)})")
    if len(got.levels) % 2:
        ap.error(f"levels come in pairs (tokugawa ishida), got {len(got.levels)}")
    n, levels = got.n, got.levels or PAIRINGS
    scenario = read_toml(SCENARIO)
    errors = sum(run(n, levels[i], levels[i + 1], scenario) for i in range(0, len(levels), 2))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
