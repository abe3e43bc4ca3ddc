"""Victory (5.2): units counted without peasants, the hatamoto as 2 and the HQ as 3; a side
that has lost more than its scenario share (default one third) of that total has lost."""
from __future__ import annotations

from sim.daimyo.model import Troop, Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables


def points(u: Unit) -> int:
    v = tables().victory
    if u.troop is Troop.PEASANT or u.captured_from:
        return 0                           # ruling D-94: a gun taken over is no part of the army
    if u.troop is Troop.HQ:
        return v["hq"]
    return v["hatamoto"] if u.hatamoto else v["unit"]


def lost(u: Unit) -> bool:
    """Gone for 5.2: an HQ abandoned when the General mounts up is not lost (1.7, ruling D-47)."""
    return u.gone not in ("", "abandoned")


def tally(st: DaimyoState, side: str) -> tuple[int, int]:
    """(total points, points lost) of a side."""
    total, gone, _ = tallies(st)[side]
    return total, gone


def tallies(st: DaimyoState) -> dict[str, tuple[int, int, bool]]:
    """Each side's (total points, points lost, any unit alive), all in one pass over the units
    (asked after every action)."""
    out = {side: [0, 0, False] for side in st.armies}
    for u in st.units.values():
        row = out.get(u.side)
        if row is None:
            continue
        row[2] = row[2] or not u.gone       # Unit.alive
        p = points(u)
        row[0] += p
        if lost(u):
            row[1] += p
    return {side: (t, g, a) for side, (t, g, a) in out.items()}


def scenario_verdict(st: DaimyoState, timed: bool = False):
    """5.2 "these vary by scenario": the first of the scenario's conditions that holds
    (ruling D-85). A leader killed or a unit lost decides at once; with timed=True, the
    turn_end conditions, each at the end of its turn."""
    for v in st.victory_conditions:
        when, target = v["when"], v.get("target", "")
        if (when == "turn_end") != timed:
            continue
        if when == "leader_killed":
            held = not st.leaders[target].alive
            why = f"{st.leaders[target].name} is dead"
        elif when == "unit_lost":
            held = lost(st.units[target])
            why = f"{st.units[target].name} is lost"
        else:
            held = st.phase == "end" and st.turn >= v["turn"]
            why = f"the end of turn {v['turn']} came"
        if held:
            return v["winner"], v.get("text") or f"{st.armies[v['winner']].name} win: {why}", "5.2"
    return None


def victory(st: DaimyoState):
    """Checked at the end of every turn (5.2); a side with nothing left loses at once
    (ruling D-71). The scenario's leader_killed and unit_lost conditions come first, its
    turn_end conditions last: they give the battle to a side only if nothing else decided
    it that turn (ruling D-85)."""
    return scenario_verdict(st) or _army_broken(st) or scenario_verdict(st, timed=True)


def _army_broken(st: DaimyoState):
    if st.phase != "end" and _every_side_alive(st):
        return None                 # outside the end phase only an army with nothing left loses
    losers = []
    counts = tallies(st)
    for side in st.armies:
        total, lost, alive = counts[side]
        if not alive or (st.phase == "end" and total and lost > total * st.armies[side].victory_share):
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
    total, lost, _ = counts[loser]
    return winner, f"{st.armies[loser].name} lost {lost} of {total} unit points", "5.2"


def _every_side_alive(st: DaimyoState) -> bool:
    """Whether each army still has a unit on the table (ruling D-71), stopping at the first
    living unit of each (asked after every action)."""
    waiting = set(st.armies)
    for u in st.units.values():
        if not u.gone and u.side in waiting:
            waiting.discard(u.side)
            if not waiting:
                return True
    return not waiting


def breakers(st: DaimyoState, side: str) -> list[Unit]:
    """5.2: the living units of `side` whose loss alone would take the army past its share of
    unit points lost, so that it breaks at the end of the turn."""
    total, lost = tally(st, side)
    need = total * st.armies[side].victory_share - lost
    return [u for u in st.living(side) if 0 < points(u) and points(u) > need]


def points_down(st: DaimyoState, side: str) -> float:
    """How far a side is toward breaking (5.2), for batch reports of drawn battles: the unit
    points it has lost, plus half the points of its units routing or down to half their
    stands (they may yet be lost)."""
    down = 0.0
    for u in st.units.values():
        if u.side != side:
            continue
        if lost(u):
            down += points(u)
        elif not u.gone and (u.routing or 2 * u.stands <= u.starting_stands):
            down += points(u) / 2
    return down


def scores(st: DaimyoState) -> dict[str, float]:
    """Each side's score: the enemy unit points it destroyed."""
    return {side: float(tally(st, st.enemy(side))[1]) for side in st.armies}
