"""What Kassen holds, for the listing commands: bundled scenarios, AI levels, a table's units."""
from __future__ import annotations

import importlib
import pkgutil

import sim
from sim.batch.spec import RunSpec, valid_levels
from sim.core.bundled import bundled_scenarios
from sim.core.protocol import Game
from sim.core.scenario import open_game


def scenario_rows() -> list[dict]:
    """One row per bundled scenario: name, system, title, sides, length (seed 0's set-up)."""
    rows = []
    for name, path in bundled_scenarios().items():
        game = open_game(path, seed=0)
        rows.append({"name": name, "system": game.system,
                     "title": game.scenario.get("meta", {}).get("title", ""),
                     "sides": ", ".join(game.sides()), "length": game.length() or "-"})
    return rows


def systems() -> dict[str, type[Game]]:
    """Every system package sim.<name> exporting a GAME class, by name."""
    out = {}
    for info in pkgutil.iter_modules(sim.__path__):
        if info.ispkg:
            cls = getattr(importlib.import_module(f"sim.{info.name}"), "GAME", None)
            if isinstance(cls, type) and issubclass(cls, Game):
                out[cls.system] = cls
    return dict(sorted(out.items()))


def levels() -> dict[str, tuple[str, ...]]:
    """The AI levels each system accepts, weakest first ("random": uniform legal orders)."""
    return {name: valid_levels(RunSpec(game=cls)) for name, cls in systems().items()}


def unit_rows(game) -> list[dict]:
    """A Daimyo table's units (the ids `kassen odds` takes); other systems have no units list."""
    units = getattr(game.state, "units", None)
    if game.system != "daimyo" or not isinstance(units, dict):
        return []
    return [{"id": u.id, "side": u.side, "clan": u.clan, "name": u.name,
             "troop": f"{u.quality.value} {u.troop.value}", "stands": u.stands}
            for u in units.values()]
