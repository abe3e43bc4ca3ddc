"""Issue 18: `kernels.warm()` loads every signature a battle compiles, so `kassen bench` times
play, not Numba's compiler (a kernel first met inside a timed battle costs 0.2-0.3 s). Run in a
fresh process: in the suite's own, other tests have compiled kernels already."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib, json, pkgutil
import numba
import sim.daimyo.geometry as geometry
from sim.core.players import play_out
from sim.core.scenario import open_game
from sim.daimyo import make_player
from sim.daimyo.geometry import kernels

def signatures():
    out = {}
    for info in pkgutil.iter_modules(geometry.__path__):
        module = importlib.import_module("sim.daimyo.geometry." + info.name)
        for name, value in vars(module).items():
            if isinstance(value, numba.core.registry.CPUDispatcher):
                out[info.name + "." + name] = {str(s) for s in value.signatures}
    return out

kernels.warm()
before = signatures()
game = open_game("scenarios/daimyo/reference.toml", seed=1, max_turns=3)
play_out(game, {s: make_player(s, "hard", 10 + i) for i, s in enumerate(game.sides())})
print(json.dumps({k: sorted(v - before.get(k, set())) for k, v in signatures().items()
                  if v - before.get(k, set())}))
"""


def test_warm_compiles_every_signature_a_hard_battle_uses():
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {}
