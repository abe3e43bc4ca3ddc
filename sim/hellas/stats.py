"""Per-game numbers for batch runs (sim.core.registry, sim.batch): Prestige from each side's
point of view (§16: one track, positive when Athens leads), cities held at the end, blocks
eliminated, and the seasons played (five a Year)."""
from __future__ import annotations

from sim.core.registry import Stat
from sim.hellas.query import controller
from sim.hellas.state import SIDES

STATS = (Stat("prestige", "Prestige lead (§16)"), Stat("cities", "cities held"),
         Stat("blocks_lost", "blocks eliminated"), Stat("years", "Years played"))


def game_stats(game) -> dict:
    st, m = game.state, game.map
    lost = {side: 0 for side in SIDES}
    for e in game.events:
        if e.kind == "BlockEliminated" and e.side in lost:
            lost[e.side] += 1
    held = [controller(st, m, c) for c in m.cities]
    years = st.first_year - st.year + 1
    sides = {side: {"prestige": st.prestige if side == "athens" else -st.prestige,
                    "cities": held.count(side), "blocks_lost": lost[side], "years": years}
             for side in SIDES}
    return {"turns": st.season_count + 1, "sides": sides}
