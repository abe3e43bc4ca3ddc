"""What Kassen holds, for the listing commands: bundled scenarios, AI levels, a table's units."""
from __future__ import annotations

from sim.core.bundled import bundled_scenarios
from sim.core.registry import bundled
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


def levels() -> dict[str, tuple[str, ...]]:
    """The AI levels each bundled system accepts, weakest first (the registry's; "random":
    uniform legal orders)."""
    return {s.name: s.levels for s in bundled()}


def unit_rows(game) -> list[dict]:
    """A Daimyo table's units (the ids `kassen odds` takes); other systems have no units list."""
    units = getattr(game.state, "units", None)
    if game.system != "daimyo" or not isinstance(units, dict):
        return []
    return [{"id": u.id, "side": u.side, "clan": u.clan, "name": u.name,
             "troop": f"{u.quality.value} {u.troop.value}", "stands": u.stands}
            for u in units.values()]
