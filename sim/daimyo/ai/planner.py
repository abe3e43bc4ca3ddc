"""The Daimyo army planner (issue 19), run once a turn: sectors, postures, main effort, reserve.

The front is cut into three sectors across the line between the armies' centres. In each, the
matchup matrix (matchups.py) says how well the side's units would fight the enemy's there,
both ways: the sector's balance is the sum of the side's best charging edges less the
enemy's. A sector where the side wins its matchups is attacked, an even one held, a losing one
refused - unless the clock (5.2) presses: a side that does not win when the last turn ends
grows bolder turn by turn, and one the 5.2 margin puts near breaking the enemy attacks
everywhere. The sector with the best balance is the main effort; with three clans or more,
the clan furthest back is kept in reserve until the main effort is engaged or time runs short.
Clans are what activates (4.1), so each is given one sector and one role.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from sim.daimyo.ai.matchups import Matchups, chargers
from sim.daimyo.combat.victory import breakers, tally
from sim.daimyo.model import Troop

SECTORS = 3
ATTACK_AT = 0.0          # a sector's balance from which it is attacked (the clock lowers it)
REFUSE_AT = -1.0         # and below which it is refused (mean edge a unit)
RELEASE_AT = 0.7         # clock pressure at which the reserve is committed
HYSTERESIS = 0.5         # a posture changes only when the balance passes its bar by this much


@dataclass
class ArmyPlan:
    turn: int
    pressure: float                           # 0..1: how hard the clock presses (5.2)
    margin: float                             # 5.2: enemy's share of its break point lost, less ours
    balance: dict[int, float]                 # sector -> matchup balance
    postures: dict[int, str]                  # sector -> attack | hold | refuse
    main: int                                 # the main effort's sector
    clan_sector: dict[str, int] = field(default_factory=dict)
    reserve: str = ""                         # the clan held back ("" for none)
    axis: tuple = ((0.0, 0.0), (0.0, 1.0))    # (origin, lateral unit vector)
    bounds: tuple = (0.0, 1.0)                # lateral extent the sectors split

    def sector_of(self, x: float, y: float) -> int:
        (ox, oy), (px, py) = self.axis
        lat = (x - ox) * px + (y - oy) * py
        lo, hi = self.bounds
        return min(SECTORS - 1, max(0, int((lat - lo) / max(hi - lo, 1e-9) * SECTORS)))

    def posture(self, clan: str) -> str:
        if clan == self.reserve:
            return "reserve"
        return self.postures.get(self.clan_sector.get(clan, self.main), "hold")


def clock_pressure(st, side: str) -> float:
    """5.2: 0 on turn 1 rising to 1 on the last turn for a side that does not win when time
    runs out; 0 throughout for a side the scenario gives the battle at the turn limit."""
    last = st.options.get("max_turns", 0)
    if last <= 1 or wins_at_limit(st, side):
        return 0.0
    return min(1.0, max(0.0, (st.turn - 1) / (last - 1)))


def margin(st, side: str) -> float:
    """5.2: how far the enemy is toward breaking (points lost over its breaking share) less how
    far this side is: positive when the side is ahead."""
    def toward(s):
        total, lost = tally(st, s)
        return lost / (total * st.armies[s].victory_share) if total else 1.0
    return toward(st.enemy(side)) - toward(side)


def plan_army(st, side: str, mu: Matchups, prev: ArmyPlan | None = None) -> ArmyPlan:
    """The plan for this turn; `prev`, last turn's, keeps postures and the reserve steady
    unless the balance moves clearly (HYSTERESIS), so clans do not swing turn by turn."""
    mine = [u for u in st.living(side) if u.troop is not Troop.HQ and not u.routing]
    theirs = [u for u in st.living(st.enemy(side)) if u.troop is not Troop.HQ and not u.routing]
    pressure, lead = clock_pressure(st, side), margin(st, side)
    if not mine or not theirs:
        return ArmyPlan(st.turn, pressure, lead, {}, {}, 0)
    c_mine = np.mean([(u.x, u.y) for u in mine], axis=0)
    c_theirs = np.mean([(u.x, u.y) for u in theirs], axis=0)
    ahead = c_theirs - c_mine
    ahead = ahead / (np.hypot(*ahead) or 1.0)
    lateral = (float(-ahead[1]), float(ahead[0]))
    origin = tuple(float(v) for v in (c_mine + c_theirs) / 2)
    lats = [(u.x - origin[0]) * lateral[0] + (u.y - origin[1]) * lateral[1] for u in mine + theirs]
    plan = ArmyPlan(st.turn, pressure, lead, {}, {}, 0, axis=(origin, lateral), bounds=(min(lats), max(lats)))
    # the balance of each sector: our best charges there against theirs (both ways, 4.6.5)
    # (the mean edge of the units there, so a big sector does not swing more than a small one)
    total = {s: 0.0 for s in range(SECTORS)}
    count = {s: 0 for s in range(SECTORS)}
    enemy_ids = [e.id for e in theirs]
    for a in chargers(mine):
        _, edge = mu.best_target(a, enemy_ids)
        if edge > -math.inf:
            s = plan.sector_of(a.x, a.y)
            total[s] += max(edge, -1.0)
            count[s] += 1
    for e in chargers(theirs):
        worst = max((-mu.dfn[(a.id, e.id)] for a in mine if (a.id, e.id) in mu.dfn), default=None)
        if worst is not None:
            s = plan.sector_of(e.x, e.y)
            total[s] -= max(worst, -1.0)
            count[s] += 1
    balance = {s: total[s] / count[s] if count[s] else 0.0 for s in range(SECTORS)}
    plan.balance = balance
    # the clock and the margin lower the bar: a side behind on time attacks at worse odds
    bar = ATTACK_AT - 2.0 * pressure - 1.5 * max(0.0, lead)
    for s, b in balance.items():
        was = prev.postures.get(s) if prev is not None else None
        slack = HYSTERESIS if was else 0.0
        attack = b >= bar - (slack if was == "attack" else -slack if was else 0.0)
        refuse = b < REFUSE_AT - 2.0 * pressure + (slack if was == "refuse" else -slack if was else 0.0)
        plan.postures[s] = "attack" if attack else "refuse" if refuse else "hold"
    if wins_at_limit(st, side):
        plan.postures = {s: ("attack" if b > 1.0 else "hold") for s, b in balance.items()}
    occupied = {plan.sector_of(u.x, u.y) for u in theirs}
    plan.main = max(sorted(occupied), key=lambda s: balance[s])
    finishing = one_from_breaking(st, st.enemy(side))
    if pressure >= RELEASE_AT or finishing:
        plan.postures[plan.main] = "attack"
    if finishing and not wins_at_limit(st, side):
        # 5.2: one more unit lost and the enemy army breaks: every sector presses on
        plan.postures = {s: "attack" for s in plan.postures}
    # each clan to the sector holding most of its units; the furthest-back clan in reserve
    clans = sorted({u.clan for u in mine if not u.hatamoto})
    for c in clans:
        units = [u for u in mine if u.clan == c]
        votes = [plan.sector_of(u.x, u.y) for u in units]
        plan.clan_sector[c] = max(sorted(set(votes)), key=votes.count)
    if len(clans) >= 3 and pressure < RELEASE_AT and not finishing:
        def behind(c):
            units = [u for u in mine if u.clan == c]
            return min(math.dist((u.x, u.y), (e.x, e.y)) for u in units for e in theirs)
        keep = prev.reserve if prev is not None and prev.reserve in clans else ""
        plan.reserve = keep or max(clans, key=lambda c: (behind(c), c))
    return plan


def one_from_breaking(st, side: str) -> bool:
    """5.2: `side` has lost units already and the loss of one more of its units would take it
    past its share of unit points lost, so that it breaks at the end of the turn."""
    return tally(st, side)[1] > 0 and any(u.troop is not Troop.HQ for u in breakers(st, side))


def wins_at_limit(st, side: str) -> bool:
    """The scenario gives this side the battle when time runs out (ruling D-85)."""
    return any(v["when"] == "turn_end" and v["winner"] == side for v in st.victory_conditions)
