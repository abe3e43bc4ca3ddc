"""The Daimyo scripted opponent's clock (issue 19, rules 5.2): how hard the turn limit presses a side.

5.2: a battle not won by the last turn is a draw, and a draw wins nothing, so what presses a side
is not the turns gone but whether the turns left still let it break the enemy: the turns its
fighting units need to reach the enemy by the way (4.3.1: routes.py's ways round a river to its
bridge or ford, ground cost counted; 4.3 their move; 4.1 their clan's activation chance) plus
the turns a fight takes to break a side (FIGHT_TURNS). The pressure falls with the spare turns
(the turns after this one less that need): 0 on turn 1 for armies in reach of each other, 1
once no turn is spare, linear between. So the same turn presses an army far from its enemy
sooner than one in reach, and the clock eases a little as the armies close.
"""
from __future__ import annotations

import statistics
from itertools import product

from sim.daimyo.ai.matchups import chargers
from sim.daimyo.ai.routes import RouteBook
from sim.daimyo.model import Troop
from sim.daimyo.tables import tables

# Turns of fighting that break a side (5.2: more than a third of its unit points lost) once
# the armies are in reach. The reference table's notes (scenarios/daimyo/reference.toml) put it
# at six to ten; 6, the low end, is the last moment a fight that goes well still wins: the clock
# presses fully only when no turn is spare even for that (8, the middle, pressed the reference
# table's armies at 0.94 from turn 1 and decided fewer games: docs/ai.md "The clock counts the
# time left to fight").
FIGHT_TURNS = 6.0


def activation_chance(rating: int) -> float:
    """4.1: P(2d6 + rating >= the activation target)."""
    need = tables().command.activation_target - rating
    return sum(a + b >= need for a, b in product(range(1, 7), repeat=2)) / 36


def wins_at_limit(st, side: str) -> bool:
    """The scenario gives this side the battle when time runs out (ruling D-85)."""
    return any(v["when"] == "turn_end" and v["winner"] == side for v in st.victory_conditions)


def approach_turns(st, side: str, routes) -> float:
    """Expected turns until the side's fighting units are in charge reach of the enemy: for
    each, the way to its nearest enemy (4.3.1, routes: a RouteBook) less its charge (4.4), over
    its move (4.3) times its clan's activation chance (4.1), and that enemy's too unless the
    scenario gives the enemy the battle at the limit (5.2: a draw wins neither side anything,
    so both come on; a side that wins at the limit may wait); the median unit (half the army in
    the fight)."""
    mine = chargers(st.living(side))
    theirs = [e for e in st.living(st.enemy(side)) if e.troop is not Troop.HQ and not e.routing]
    if not mine or not theirs:
        return 0.0
    comes = not wins_at_limit(st, st.enemy(side))
    turns = []
    for u in mine:
        way = routes.for_unit(st, u, files=1)
        d, e = min((way.distance((u.x, u.y), (e.x, e.y)), e.id) for e in theirs)
        rate = _rate(st, u) + (_rate(st, st.units[e]) if comes else 0.0)
        turns.append(max(0.0, d - u.move_row.charge) / rate)
    return float(statistics.median(turns))


def _rate(st, u) -> float:
    """cm a turn: its move (4.3) at its clan's activation chance (4.1)."""
    return u.move_row.normal * activation_chance(st.daimyo(u.clan).rating)


def clock_pressure(st, side: str, routes=None) -> float:
    """5.2: 0..1, how hard the turn limit presses a side that does not win when time runs out:
    1 less its spare turns (the turns after this one less approach_turns and FIGHT_TURNS) over
    the spare turns of armies in reach on turn 1; 0 throughout for a side the scenario gives the
    battle at the turn limit. routes: a RouteBook (the player's; a fresh one when not given)."""
    last = st.options.get("max_turns", 0)
    if last <= 1 or wins_at_limit(st, side):
        return 0.0
    spare = last - st.turn - FIGHT_TURNS - approach_turns(st, side, routes or RouteBook())
    return min(1.0, max(0.0, 1.0 - spare / max(1.0, last - 1 - FIGHT_TURNS)))
