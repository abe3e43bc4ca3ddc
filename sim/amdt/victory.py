"""R-VICTORY (2p), 16.1.3 (3p) and 16.2.4 (4p): sudden death and the turn-30 result."""
from __future__ import annotations

from sim.amdt.control import ALLIANCES, sector_faction
from sim.amdt.data import data
from sim.amdt.events import GameOver
from sim.amdt.rulings import ruling

ANTI_TARGETS = ("Gifu", "Kiyosu")


def over(g, winner: str, reason: str, rule: str) -> None:
    st = g.state
    if st.phase == "over":
        return
    st.phase, st.winner, st.reason = "over", winner, reason
    st.decision = None
    g.emit(GameOver(winner, reason, rule))


def anti_seat(g) -> str:
    """Who wins an anti-Oda sudden death: the side (2p/4p) or the player who did it (3p)."""
    st = g.state
    if st.mode == 3:
        return st.credit if st.credit in ("north", "west") else "west"
    return "anti"


def check_sudden(g) -> None:
    st = g.state
    if st.phase == "over":
        return
    nobu = st.units["nobunaga"]
    if nobu.status == "dead":
        over(g, anti_seat(g), "Oda Nobunaga is dead", "16.2.4(3)")
        return
    targets = list(ANTI_TARGETS) + (["Kannon-ji"] if st.azuchi else [])
    for s in targets:
        if sector_faction(st, s) == "anti":
            over(g, anti_seat(g), f"anti-Oda holds {s}", "16.2.4(3)")    # ruling A-26
            return
    if st.mode == 4:
        held = [a for a in ALLIANCES if sector_faction(st, data().modes[4]["victory"][a]) == "oda"]
        if held:
            pick = st.credit if st.credit in held else held[0]              # ruling A-40
            sector = data().modes[4]["victory"][pick]
            over(g, pick, f"Oda holds {sector}, the {pick} alliance's victory sector", "16.2.4(2)")


def counts_for_oda(sector: str, level: int) -> bool:
    """(ruling A-25) a castle of level 2 or more that Oda did not hold at start, not Azuchi."""
    d = data()
    if sector == "Kannon-ji" or level < 2:
        return False
    start = d.start_owner.get(sector, d.board.attr(sector, "start_controller"))
    return d.clans.get(start, {}).get("faction") != "oda"


def oda_castles(g) -> list[str]:
    """(ruling A-25) the castles counting toward Oda's six that Oda holds now."""
    st = g.state
    return [s for s in data().board.locations
            if counts_for_oda(s, st.castle.get(s, 0)) and sector_faction(st, s) == "oda"]


def short(g) -> dict | None:
    """The short scenario (option short, ruling A-67) or None."""
    return ruling("short_scenario") if g.state.options.get("short") else None


def last_turn(g) -> int:
    sc = short(g)
    return sc["last_turn"] if sc else ruling("turn_limit")            # ruling A-53


def oda_target(g) -> int:
    sc = short(g)
    return sc["oda_castles"] if sc else ruling("oda_six_castles")    # ruling A-25


def check_activation_end(g) -> None:
    st = g.state
    if st.phase == "over" or st.mode == 4:
        return
    castles = oda_castles(g)
    if len(castles) >= oda_target(g):
        over(g, "oda", f"Oda holds {len(castles)} larger castles: {', '.join(castles)}", "R-VICTORY")


def castle_levels(g, seat: str) -> int:
    st = g.state
    clans = set(data().modes[3]["clans"][seat])
    total = 0
    for s, clan in st.control.items():
        if clan and st.clan_faction.get(clan) == "anti":
            owner = "north" if clan in data().modes[3]["clans"]["north"] else "west"
            if owner == seat or clan in clans:
                total += st.castle.get(s, 0)
    return total


def turn_limit(g) -> None:
    """16.2.4(4): after the last turn, with no winner, anti-Oda wins (3p: ruling A-41)."""
    st = g.state
    if short(g) and len(oda_castles(g)) >= oda_target(g):             # ruling A-67
        over(g, "oda", f"short scenario: Oda holds {oda_target(g)} larger castles", "R-SETUP")
        return
    if st.mode != 3:
        over(g, "anti", f"turn {st.turn} ended without an Oda victory", "16.2.4(4)")
        return
    n, w = castle_levels(g, "north"), castle_levels(g, "west")
    st.stats["north_levels"], st.stats["west_levels"] = n, w
    if n == w:
        over(g, "", f"turn {st.turn}: northern and western players tie on {n} castle levels", "16.1.3")
    else:
        win = "north" if n > w else "west"
        over(g, win, f"turn {st.turn}: {win} holds more castle levels ({max(n, w)} to {min(n, w)})", "16.1.3")
