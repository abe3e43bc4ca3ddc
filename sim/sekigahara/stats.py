"""Per-game numbers for batch runs (sim.core.registry, sim.batch): victory points (2.2), castles
and resource locations held at the end, blocks destroyed (8.7), and the turns played."""
from __future__ import annotations

from sim.core.registry import Stat
from sim.sekigahara.pieces import SIDES

STATS = (Stat("vp", "victory points (2.2)"), Stat("castles", "castles held"),
         Stat("resources", "resource locations held"), Stat("blocks_lost", "blocks destroyed (8.7)"))


def game_stats(game) -> dict:
    s = game.state
    vp = game.scores()
    lost = {side: 0 for side in SIDES}
    for e in game.events:
        if e.kind == "BlockEliminated":
            lost[e.side] += 1
    sides = {side: {"vp": vp[side], "castles": game.castles_of(side), "resources": game.resources_of(side),
                    "blocks_lost": lost[side]} for side in SIDES}
    # two turns (A and B) a week (6.0)
    return {"turns": 2 * (s.week - 1) + (2 if s.turn == "B" else 1), "sides": sides}
