"""Per-game numbers for batch runs (sim.core.registry, sim.batch), by seat: castles and sectors
held at the end, soldiers and leaders lost (killed or wounded), and the turns played."""
from __future__ import annotations

from sim.amdt.control import ALLIANCES, players, sector_faction, sphere
from sim.amdt.data import data
from sim.core.registry import Stat

STATS = (Stat("castles", "castles held"), Stat("sectors", "sectors held"),
         Stat("soldiers_lost", "soldiers lost"), Stat("leaders_lost", "leaders killed or wounded"))


def sector_seat(st, sector: str) -> str:
    """The seat holding a sector: its faction's player; in 3p the anti-Oda player whose clan
    holds it; in 4p the Oda alliance whose sphere it is (16.2.6)."""
    fac = sector_faction(st, sector)
    if st.mode == 3 and fac == "anti":
        return "north" if st.control[sector] in data().modes[3]["clans"]["north"] else "west"
    if st.mode == 4 and fac == "oda":
        return sphere(st, sector) if sphere(st, sector) in ALLIANCES else ""
    return fac


def game_stats(game) -> dict:
    st = game.state
    sides = {seat: {k.key: 0 for k in STATS} for seat in players(st)}
    for sector in st.control:
        seat = sector_seat(st, sector)
        if seat in sides:
            sides[seat]["sectors"] += 1
            sides[seat]["castles"] += st.castle.get(sector, 0) > 0
    for e in game.events:
        if e.kind == "UnitLost" and e.seat in sides:
            key = "soldiers_lost" if e.unit not in data().leaders else "leaders_lost"
            sides[e.seat][key] += 1
    return {"turns": st.turn, "sides": sides}
