"""Time `charge_odds` and check that a speed change alters none of its answers.

Positions are real: eager-random games (sim/daimyo/fuzz.py) on a few scenarios, stopped every
few actions; every unit that could charge is asked about every enemy within 40 cm. The answer
(the whole ChargeOdds, or the RuleError text) is digested per position.

    PYTHONPATH=. python -m benchmarks.charge_odds_check record /tmp/odds.json   # code before
    PYTHONPATH=. python -m benchmarks.charge_odds_check compare /tmp/odds.json  # code after
    PYTHONPATH=. python -m benchmarks.charge_odds_check time                    # CPU ms, 6 charges
    PYTHONPATH=. python -m benchmarks.charge_odds_check all                     # every charge found
"""
from __future__ import annotations

import hashlib
import json
import statistics
import sys
import time

from sim.core.errors import RuleError
from sim.core.scenario import read_toml
from sim.daimyo.charge_odds import charge_odds
from sim.daimyo.combat.common import footprint
from sim.daimyo.fuzz import EagerRandomPlayer
from sim.daimyo.game import DaimyoGame
from sim.daimyo.model import Troop

# (scenario, seed, actions played, look every n actions)
GAMES = [
    ("scenarios/daimyo/training.toml", 1, 1500, 10),
    ("scenarios/daimyo/training.toml", 5, 1500, 10),
    ("benchmarks/reference.toml", 2, 1200, 15),
    ("scenarios/daimyo/mikatagahara.toml", 3, 1200, 15),     # 6- and 8-stand units
    ("scenarios/daimyo/nagashino.toml", 4, 1000, 15),
]


def positions(path: str, seed: int, actions: int, every: int):
    """(game, attacker id, defender id) for each nearby enemy pair at every `every`th action."""
    game = DaimyoGame.new(read_toml(path), seed)
    players = {s: EagerRandomPlayer(seed * 7 + i) for i, s in enumerate(game.sides())}
    for n in range(actions):
        side = game.to_act()
        if side is None:
            return
        if n % every == 0:
            st = game.state
            for u in st.living():
                if u.troop in (Troop.HQ, Troop.ARTILLERY) or u.routing:
                    continue
                for t in st.living(st.enemy(u.side)):
                    if footprint(u).distance(footprint(t)) <= 40:
                        yield game, u.id, t.id
        game.apply(players[side].choose(game, side))


def answer(st, a: str, b: str) -> str:
    try:
        return repr(charge_odds(st, a, b))
    except RuleError as e:
        return f"RuleError {e}"


def digests() -> list[str]:
    out = []
    for g in GAMES:
        for game, a, b in positions(*g):
            text = answer(game.state, a, b)
            out.append(f"{g[0]} {g[1]} {game.state.turn} {a}->{b} "
                       f"{hashlib.sha1(text.encode()).hexdigest()[:16]} {text[:60]}")
    return out


def cpu_ms(fn, repeat: int, cold=None) -> float:
    """Median CPU ms of `repeat` calls; `cold` runs before each (e.g. clears memo caches)."""
    times = []
    for _ in range(repeat):
        if cold:
            cold()
        t = time.process_time()
        fn()
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times)


def clear_caches() -> None:
    from sim.daimyo import geometry
    from sim.daimyo.combat import common, melee
    geometry._SHAPES.clear()
    common._FP.clear()
    getattr(melee, "_CONTACTS", {}).clear()


def timed_positions() -> list[tuple[str, object, str, str]]:
    """Two possible charges (different pairs) from each of the training, Mikatagahara and
    Nagashino games (the last two with 6- and 8-stand units), the first found with 8+ stands."""
    import copy
    out = []
    for g in (GAMES[0], GAMES[3], GAMES[4]):
        seen = set()
        for game, a, b in positions(*g):
            st = game.state
            if (a, b) in seen or st.units[a].stands + st.units[b].stands < 8 \
                    or answer(st, a, b).startswith("RuleError"):
                continue
            seen.add((a, b))
            out.append((f"{g[0].split('/')[-1]} seed {g[1]} turn {st.turn}", copy.deepcopy(st), a, b))
            if len(seen) == 2:
                break
    return out


def main(argv) -> int:
    mode = argv[1]
    if mode == "time":
        for name, st, a, b in timed_positions():
            u, t = st.units[a], st.units[b]
            warm = cpu_ms(lambda: charge_odds(st, a, b), 30)
            cold = cpu_ms(lambda: charge_odds(st, a, b), 30, clear_caches)
            print(f"{name}: {a} ({u.stands} stands) -> {b} ({t.stands}): "
                  f"{warm:.2f} ms warm, {cold:.2f} ms with the shape caches cleared")
        return 0
    if mode == "all":          # every possible charge of the recorded games, once cold, once warm
        cold, warm = [], []
        for g in GAMES:
            for game, a, b in positions(*g):
                st = game.state
                if answer(st, a, b).startswith("RuleError"):
                    continue
                cold.append(cpu_ms(lambda: charge_odds(st, a, b), 1, clear_caches))
                warm.append(cpu_ms(lambda: charge_odds(st, a, b), 3))
        for name, xs in (("cold", cold), ("warm", warm)):
            xs.sort()
            print(f"{len(xs)} possible charges, {name}: median {statistics.median(xs):.2f} ms, "
                  f"90th percentile {xs[int(0.9 * len(xs))]:.2f} ms, max {xs[-1]:.2f} ms")
        return 0
    if mode == "record":
        d = digests()
        with open(argv[2], "w") as f:
            json.dump(d, f)
        ok = sum(not x.split(" ", 5)[5].startswith("RuleError") for x in d)
        print(f"{len(d)} positions, {ok} possible charges")
        return 0
    with open(argv[2]) as f:
        old = json.load(f)
    new = digests()
    bad = [(a, b) for a, b in zip(old, new) if a != b]
    print(f"{len(new)} positions (recorded {len(old)}), {len(bad)} differ")
    for a, b in bad[:10]:
        print(" was", a, "\n now", b)
    return 1 if bad or len(old) != len(new) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
