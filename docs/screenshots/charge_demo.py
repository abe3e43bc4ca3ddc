"""Pictures of a charge, a rout and a pursuit on the training table: the Shima horse starts
10 cm from the Honda arquebusiers and charges as soon as its clan activates. Regenerate with
`SDL_VIDEODRIVER=dummy PYTHONPATH=. python docs/screenshots/charge_demo.py`."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sim.core.dice import Dice
from sim.core.save import save
from sim.core.scenario import read_toml
from sim.daimyo import GAME

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def scenario() -> dict:
    data = read_toml(ROOT / "scenarios/daimyo/training.toml")
    for army in data["armies"]:
        army.pop("deploy", None)
        for clan in army["clans"]:
            for u in clan["units"]:
                if u["id"] == "shima-horse":
                    u["x"], u["y"] = 44.0, 36.0   # 10 cm from the arquebusiers, clear of wood and stream
    return data


def prefer(acts, side):
    for kind in ("Charge", "React", "ActivateClan"):
        pick = [a for a in acts if type(a).__name__ == kind]
        if kind == "Charge":
            pick = [a for a in pick if a.unit == "shima-horse"]
        if kind == "ActivateClan" and side == "west":
            pick = [a for a in pick if a.clan == "shima"] or pick
        if pick:
            return pick[0]
    ends = [a for a in acts if type(a).__name__.startswith("End") and type(a).__name__ != "EndActivations"]
    return ends[0] if ends else acts[0]


def main() -> None:
    game = GAME.new(scenario(), seed=11)
    dice = Dice(99)
    for _ in range(400):
        side = game.to_act()
        if side is None:
            break
        acts = game.legal_actions(side)
        choice = prefer(acts, side) if side == "west" else acts[dice.choice_index(len(acts))]
        game.apply(choice)
        if any(e.kind == "Pursued" for e in game.events) or game.state.turn > 4:
            break
    path = HERE / "charge_demo.json"
    save(game, path)
    first = {}
    for i, e in enumerate(game.events):
        first.setdefault(e.kind, i)
    print({k: first.get(k) for k in ("ChargeMoved", "UnitRouted", "Pursued")})
    for kind, name in (("ChargeMoved", "training_charge_mid.png"), ("UnitRouted", "training_rout_mid.png"),
                       ("Pursued", "training_pursuit_mid.png")):
        if kind in first:
            subprocess.run([sys.executable, "-m", "sim.cli", "render", str(path), "--png", str(HERE / name),
                            "--event", str(first[kind]), "--fraction", "0.6"], check=True, cwd=ROOT)


if __name__ == "__main__":
    main()
