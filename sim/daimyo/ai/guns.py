"""How the Daimyo scripted opponent handles guns (6.1). A gun that may shoot at something stays
put (moving or pivoting would cost the shot); otherwise it pivots to bring an enemy into its
arc and range, or rolls forward toward the enemy while it faces it and stays out of charge
reach. Orders are previewed with the rules' own `movement.plan`, so none is illegal."""
from __future__ import annotations

import math
from dataclasses import replace

from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo import movement
from sim.daimyo.combat import shooting
from sim.daimyo.geometry import direction
from sim.daimyo.model import Troop


def score(scorer, action) -> float | None:
    """A score for a gun's Move or Reform (pivot), or None for any other order."""
    if not isinstance(action, (A.Move, A.Reform)):
        return None
    st = scorer.st
    u = st.units.get(action.unit)
    if u is None or u.troop is not Troop.ARTILLERY:
        return None
    if not shooting.may_shoot(st, u) and shooting.targets(st, u):
        return -1.0                          # keep the shot (6.1: no moving and shooting)
    try:
        plan = movement.plan(st, action)
    except RuleError:
        return -100.0
    x, y, f = plan.path[-1]
    if plan.leaves_table:
        return -50.0
    after = replace(u, x=x, y=y, facing=f, moved=False, reforming=False)
    if shooting.targets(st, after):
        return 1.5                           # next turn it shoots from here
    enemy, dist = scorer._nearest(u, x, y)
    if enemy is None:
        return -0.2
    gain = _facing(after, enemy) - _facing(u, enemy)
    if isinstance(action, A.Reform):
        return 0.3 * gain - 0.05
    if dist < enemy.move_row.charge + 3 or _facing(u, enemy) < 0.7:
        return -0.5                          # into charge reach, or off to one side
    return 0.2


def _facing(u, enemy) -> float:
    """1 when the gun points straight at the enemy, -1 when away."""
    fwd = direction(u.facing)
    to_e = (enemy.x - u.x, enemy.y - u.y)
    return (fwd[0] * to_e[0] + fwd[1] * to_e[1]) / (math.hypot(*to_e) or 1.0)
