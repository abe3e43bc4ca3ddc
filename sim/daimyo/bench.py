"""`kassen bench`: how fast whole AI-vs-AI battles and the exact odds are (issue 5 goals).

Goal: 1,000 battles of the ~150-stand reference table (bundled scenario `reference`), up to 15
turns, in <= 60 s on 2 cores, i.e. 0.12 s a battle per core; exact odds in <= 10 ms.
Battles run one after another in this process (per-core speed; the batch runner's process pool
multiplies it by the cores). docs/performance.md records results and where the time goes.
"""
from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sim.core.errors import KassenError
from sim.core.players import play_out
from sim.core.scenario import open_game

GOAL_BATTLES, GOAL_SECONDS, GOAL_CORES, GOAL_ODDS_MS = 1000, 60.0, 2, 10.0
REACH_CM = 60.0      # centre to centre: beyond any charge move (4.3 table) plus two unit widths


def time_battles(path: str, battles: int, turn_limit: int, level: str) -> list[dict]:
    from sim.daimyo import make_player
    out = []
    for seed in range(1, battles + 1):
        game = open_game(path, seed=seed, max_turns=turn_limit)
        players = {s: make_player(s, level, seed * 10 + i) for i, s in enumerate(game.sides())}
        start = time.perf_counter(), time.process_time()
        play_out(game, players)
        wall, cpu = time.perf_counter() - start[0], time.process_time() - start[1]
        res = game.result()
        out.append({"seed": seed, "wall": wall, "cpu": cpu, "actions": len(game.actions),
                    "turns": game.state.turn, "winner": res.winner if res else None,
                    "rules": replay_cpu(path, seed, turn_limit, game.actions)})
    return out


def replay_cpu(path: str, seed: int, turn_limit: int, actions) -> float:
    """CPU seconds the rules alone take to carry out a battle's orders, replayed into a fresh
    game with no decisions made: the floor under any player's cost."""
    game = open_game(path, seed=seed, max_turns=turn_limit)
    start = time.process_time()
    for a in actions:
        game.apply(a)
    return time.process_time() - start


def time_odds(path: str, repeat: int = 21, max_actions: int = 3000, seeds: int = 5) -> tuple[float, str]:
    """Median CPU milliseconds of the exact odds of a whole charge (plan, closing fire, fighting
    stands, modifiers, arithmetic). Armies rarely start in reach, so eager-random games on the
    table (seed 1, then 2, ... up to `seeds`: one random game may end without a charge ever
    being open) are played until some unit may charge an enemy; if none ever may, the largest
    pure melee round (8 stands against 8, arithmetic only) is timed instead, and said so."""
    import statistics
    from sim.daimyo.charge_odds import charge_odds
    from sim.daimyo.odds import melee_odds
    for seed in range(1, seeds + 1):
        game, pair = _random_game_to_a_charge(path, seed, max_actions)
        if pair:
            break
    st = game.state
    if pair:
        fn = lambda: charge_odds(st, *pair)      # noqa: E731
        what = (f"charge {pair[0]} ({st.units[pair[0]].stands} stands) -> {pair[1]} "
                f"({st.units[pair[1]].stands}), turn {st.turn} of random game seed {seed} (rules + arithmetic)")
    else:
        fn, what = (lambda: melee_odds([2] * 8, [1] * 8)), "melee round 8 stands vs 8 (arithmetic only)"
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), what


def _random_game_to_a_charge(path: str, seed: int, max_actions: int):
    """An eager-random game of `path` played until a charge is open: (game, (attacker,
    defender)), or (game, None) if it ended or ran out of actions first."""
    from sim.daimyo.fuzz import EagerRandomPlayer
    game = open_game(path, seed=seed)
    players = {s: EagerRandomPlayer(6 + seed + i) for i, s in enumerate(game.sides())}
    pair = _first_charge(game.state)
    for n in range(1, max_actions):
        side = game.to_act()
        if pair or side is None:
            break
        game.apply(players[side].choose(game, side))
        if n % 10 == 0:                # asking every pair is dear; a charge stays open a while
            pair = _first_charge(game.state)
    return game, pair


def _first_charge(st) -> tuple[str, str] | None:
    """The first (attacker, defender) pair whose charge the rules allow now, if any."""
    from sim.core.errors import RuleError
    from sim.daimyo.charge_odds import charge_odds
    from sim.daimyo.model import Troop
    for u in st.living():
        if u.troop in (Troop.HQ, Troop.ARTILLERY) or u.routing:
            continue
        for t in st.living(st.enemy(u.side)):
            if math.hypot(u.x - t.x, u.y - t.y) > REACH_CM:
                continue
            try:
                charge_odds(st, u.id, t.id)
            except RuleError:
                continue
            return u.id, t.id
    return None


def run_bench(battles: int, path: str, turn_limit: int, level: str) -> int:
    rows = time_battles(path, battles, turn_limit, level)
    for r in rows:
        print(f"battle seed {r['seed']}: {r['turns']} turns, {r['actions']} actions, "
              f"{r['wall']:.1f} s wall, {r['cpu']:.1f} s CPU, winner {r['winner'] or 'none'}")
    cpu = sum(r["cpu"] for r in rows) / len(rows)
    need = GOAL_SECONDS * GOAL_CORES / GOAL_BATTLES
    verdict = f"{cpu / need:.0f}x too slow" if cpu > need else "met"
    print(f"{path}, {level} vs {level}, up to {turn_limit} turns: {cpu:.2f} CPU s a battle = "
          f"{1 / cpu:.3f} battles/s per core; 1,000 battles on 2 cores would take "
          f"{cpu * GOAL_BATTLES / GOAL_CORES:.0f} s (goal {GOAL_SECONDS:.0f} s: {verdict})")
    rules = sum(r["rules"] for r in rows) / len(rows)
    print(f"of which the rules carrying out the orders (replayed, no decisions): {rules:.2f} CPU s "
          f"a battle, {rules / need:.1f}x the whole goal of {need:.2f} s")
    ms, what = time_odds(path)
    print(f"exact odds, {what}: {ms:.2f} CPU ms, median of repeats with warm shape caches (goal <= {GOAL_ODDS_MS:.0f} ms)")
    return 0


# -- side by side against a frozen copy of an older engine (issue 18) ----------------------
BATTLES = (("reference", "benchmarks/reference.toml", 15), ("nagashino", "scenarios/daimyo/nagashino.toml", 18),
           ("training", "scenarios/daimyo/training.toml", 12))
SIZES = (50, 150, 300)
# A battle's orders recorded once and kept (benchmarks/recorded/): BATTLES' replays replay
# whatever today's AI plays, so their ratio moves with the AI's changes and with what the game
# holds (the old engine was slowest at shooting and moving); this one measures the engine alone.
RECORDED = (("reference, the 818-action battle of 5b8d32a", "benchmarks/reference.toml", 15,
             "benchmarks/recorded/reference_hard_seed1_5b8d32a.json"),)


def frozen_tree(commit: str, into: Path) -> Path:
    """A git worktree of `commit` inside this run's work directory `into`: the old engine,
    imported only in subprocesses so the two never share a module. Each run has its own, so
    two benches never pull a tree from under each other; `drop_tree` removes it."""
    root = Path(__file__).resolve().parents[2]
    got = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "--short", f"{commit}^{{commit}}"],
                         capture_output=True, text=True)
    if got.returncode:
        raise KassenError(f"--against {commit!r}: not a commit of this repository ({root})")
    tree = into / f"old-{got.stdout.strip()}"
    subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", str(tree), got.stdout.strip()],
                   check=True, capture_output=True)
    return tree


def drop_tree(tree: Path) -> None:
    """Unregister and delete a worktree made by `frozen_tree` (nothing is left in the repository)."""
    root = Path(__file__).resolve().parents[2]
    subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(tree)], capture_output=True)
    subprocess.run(["git", "-C", str(root), "worktree", "prune"], capture_output=True)


class JobFailed(KassenError):
    """A bench worker stopped with an error; the message is its last line of output."""


def _job(tree: Path, *args) -> dict:
    """Run benchmarks/bench_worker.py inside `tree` (its own sim package) and read its report."""
    worker = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_worker.py"
    env = dict(os.environ, PYTHONPATH=str(tree))
    got = subprocess.run([sys.executable, str(worker), *map(str, args)], cwd=tree, env=env,
                         capture_output=True, text=True)
    if got.returncode != 0:
        last = (got.stderr.strip().splitlines() or [f"exit status {got.returncode}"])[-1]
        raise JobFailed(f"{args[0]} of {args[1]} in {tree}: {last}")
    return json.loads(got.stdout.strip().splitlines()[-1])


def _old_job(old: Path, what: str, *args) -> dict | None:
    """A job in the old engine, or None with one line saying why it could not run: an engine
    from before a rules fix may refuse the orders today's engine gave (e.g. 4.6's melee)."""
    try:
        return _job(old, *args)
    except JobFailed as exc:
        print(f"{what:<44} not compared: the old engine stopped ({exc})")
        return None


def _line(what: str, old: dict, new: dict) -> str:
    same = "same events and final state" if (old["events"], old["state"]) == (new["events"], new["state"]) \
        else "DIFFERENT events or final state"
    return (f"{what:<44} {old['cpu']:7.3f} s {new['cpu']:7.3f} s {old['cpu'] / new['cpu']:6.2f}x  "
            f"{new['actions']} actions, {same}")


def run_against(commit: str, level: str = "hard", turn_scale: float = 1.0, sizes=SIZES,
                size_turns: int = 6, replay_only: bool = False, repeat: int = 1) -> int:
    """`kassen bench --against COMMIT`: the rules-alone replay and a whole AI battle of the
    reference, Nagashino and training tables, old engine against this one, in one run, as CPU
    seconds and their ratio; then replays of random battles on 50-, 150- and 300-stand tables
    with the fitted exponent of cost against stands. `replay_only`: the battles are played
    once, by this tree, only for their orders, and not timed. `repeat`: each replay is timed
    that many times in its process and the least CPU time counts (a replay of a few tenths of
    a second is otherwise too short to show a step of a few per cent)."""
    work = Path(tempfile.mkdtemp(prefix="kassen-bench-"))
    try:
        old = frozen_tree(commit, work)
        try:
            return _compare(old, work, commit, level, turn_scale, sizes, size_turns, replay_only, repeat)
        finally:
            drop_tree(old)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _compare(old: Path, work: Path, commit: str, level: str, turn_scale: float, sizes, size_turns: int,
             replay_only: bool, repeat: int) -> int:
    from benchmarks.make_reference import table_text
    new = Path(__file__).resolve().parents[2]
    runs = "one run each" if repeat == 1 else f"battles one run each, replays the least of {repeat}"
    print(f"old engine: {commit} ({old}); new: {new}; CPU seconds (process time), {runs}, "
          f"{level} vs {level}, seed 1")
    print(f"{'':<44} {'old':>9} {'new':>9} {'ratio':>7}")
    warm = None
    for name, path, turns in BATTLES:
        turns = max(1, round(turns * turn_scale))
        acts = work / f"{name}.json"
        whole = f"{name}, {turns} turns: whole {level} battle"
        b_old = None if replay_only else _old_job(old, whole, "battle", path, 1, turns, level,
                                                  work / f"{name}-old.json")
        b_new = _job(new, "battle", path, 1, turns, level, acts)
        warm = b_new["warm"]
        # the old tree first, then the new: a shared machine's load falls on both alike
        replay = f"{name}, {turns} turns: rules alone (replay)"
        r_old = _old_job(old, replay, "replay", path, 1, turns, acts, repeat)
        if r_old is not None:
            print(_line(replay, r_old, _job(new, "replay", path, 1, turns, acts, repeat)))
        if b_old is None:
            continue
        same_play = (work / f"{name}-old.json").read_text() == acts.read_text()
        print(_line(f"{name}, {turns} turns: whole {level} battle", b_old, b_new)
              + ("" if same_play else "; the two engines' players chose differently"))
    root = Path(__file__).resolve().parents[2]
    for name, path, turns, acts in RECORDED:
        replay = f"{name}: rules alone (replay)"
        r_old = _old_job(old, replay, "replay", path, 1, turns, root / acts, repeat)
        if r_old is not None:
            print(_line(replay, r_old, _job(new, "replay", path, 1, turns, root / acts, repeat)))
    times = []
    for n in sizes:
        path = work / f"table{n}.toml"
        path.write_text(table_text(n))
        acts = work / f"table{n}.json"
        _job(new, "battle", path, 1, size_turns, "random", acts)
        what = f"{n} stands, {size_turns} turns random: replay"
        r_old = _old_job(old, what, "replay", path, 1, size_turns, acts, repeat)
        if r_old is not None:
            r_new = _job(new, "replay", path, 1, size_turns, acts, repeat)
            times.append((n, r_old["cpu"], r_new["cpu"]))
            print(_line(what, r_old, r_new))
    if len(times) > 1:
        logn = [math.log(n) for n, _, _ in times]
        print(f"growth of replay cost with stands: old n^{_slope(logn, [math.log(t) for _, t, _ in times]):.2f}, "
              f"new n^{_slope(logn, [math.log(t) for _, _, t in times]):.2f} (least squares over {len(times)} sizes)")
    print(f"compiled kernels: loaded in {warm:.2f} CPU s per process (not in the timings above; the very "
          f"first run on a machine compiles them, once)")
    return 0


def _slope(xs: list[float], ys: list[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
