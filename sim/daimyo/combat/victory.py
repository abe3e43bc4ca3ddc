"""Victory (5.2): units counted without peasants, the hatamoto as 2 and the HQ as 3; a side
that has lost more than its scenario share (default one third) of that total has lost."""
from __future__ import annotations

from sim.daimyo.model import Troop, Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables


def points(u: Unit) -> int:
    v = tables().victory
    if u.troop is Troop.PEASANT:
        return 0
    if u.troop is Troop.HQ:
        return v["hq"]
    return v["hatamoto"] if u.hatamoto else v["unit"]


def tally(st: DaimyoState, side: str) -> tuple[int, int]:
    """(total points, points lost) of a side."""
    units = [u for u in st.units.values() if u.side == side]
    # an HQ abandoned when the General mounts up is not lost (1.7, ruling D-47)
    return sum(points(u) for u in units), sum(points(u) for u in units if u.gone not in ("", "abandoned"))


def victory(st: DaimyoState):
    """Checked at the end of every turn (5.2); a side with nothing left loses at once
    (ruling D-71)."""
    losers = []
    for side in st.armies:
        total, lost = tally(st, side)
        if not st.living(side) or (st.phase == "end" and total and lost > total * st.armies[side].victory_share):
            losers.append((lost / total if total else 1.0, side))
    if not losers:
        return None
    if len(losers) == 2:
        (fa, sa), (fb, sb) = losers
        if fa == fb:
            return "", "both armies broke in the same turn", "5.2"
        loser = sa if fa > fb else sb
    else:
        loser = losers[0][1]
    winner = st.enemy(loser)
    total, lost = tally(st, loser)
    return winner, f"{st.armies[loser].name} lost {lost} of {total} unit points", "5.2"


def scores(st: DaimyoState) -> dict[str, float]:
    """Each side's score: the enemy unit points it destroyed."""
    return {side: float(tally(st, st.enemy(side))[1]) for side in st.armies}
