"""The Daimyo scripted opponent: scores each legal order from the table geometry.

It reads the open table through `view(side)` (Daimyo hides nothing) and previews every
movement order with the same `movement.plan` the rules use, so it can never issue an order the
rules refuse. Scores are in rough "points": a unit closing on the enemy, facing it, keeping
missile troops at shooting range and out of charge reach, standing in cover, and fighting
at good odds (the exact odds of sim/daimyo/charge_odds.py) all score; the personality weighs
aggression against caution.
"""
from __future__ import annotations

import math

from shapely.geometry import Point

from sim.ai.scored import Personality
from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.ai import daimyo_guns as guns
from sim.ai import daimyo_shortlist as shortlist
from sim.daimyo import movement
from sim.daimyo.charge_odds import charge_odds
from sim.daimyo.odds import expected
from sim.daimyo.geometry import direction, footprint
from sim.daimyo.model import Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.terrain import features_touching

END_STEP = 0.01      # ending a step beats a pointless Hold, loses to any useful order


class DaimyoScorer:
    def __init__(self, personality: Personality = Personality()):
        self.p = personality
        self.st: DaimyoState | None = None
        self.side = ""

    def reading(self, game):
        """Each order is planned once per decision, by the menu and the scoring alike."""
        return movement.reading(game.state)

    def shortlist(self, game, side: str):
        """The movement step weighed lazily (sim/ai/daimyo_shortlist.py); None in other steps."""
        return shortlist.options(self, game, side)

    def prepare(self, game, side: str) -> None:
        self.st = game.view(side)["table"]
        self.side = side
        self.enemies = [u for u in self.st.living(self.st.enemy(side)) if not u.routing]
        self.enemy_shapes = {u.id: footprint(u) for u in self.enemies}

    # -- dispatch --------------------------------------------------------------------------
    def score(self, action) -> float:
        gun = guns.score(self, action)          # 6.1: guns keep their shot or pivot to get one
        if gun is not None:
            return gun
        fn = getattr(self, f"_score_{type(action).__name__}", None)
        return fn(action) if fn else self._score_other(action)

    def _score_ChooseOrder(self, a: A.ChooseOrder) -> float:
        # Moving second lets you answer the enemy's moves; the aggressive take the first blow.
        return 0.5 * self.p.aggression if a.go_first else 0.5 * self.p.caution

    def _score_ActivateClan(self, a: A.ActivateClan) -> float:
        units = self.st.clan_units(a.clan)
        near = min((self._nearest(u)[1] for u in units), default=100.0)
        return 2.0 + self.st.daimyo(a.clan).rating * 0.2 + max(0.0, 1.0 - near / 60)

    def _score_ActivateGeneral(self, a: A.ActivateGeneral) -> float:
        return 1.0

    def _score_EndActivations(self, a) -> float:
        return -5.0

    def _score_EndMovement(self, a) -> float:
        return END_STEP

    _score_EndShooting = _score_EndMovement
    _score_EndLeaderMoves = _score_EndMovement

    def _score_Hold(self, a) -> float:
        return 0.0

    def _score_MoveLeader(self, a) -> float:
        return -0.05

    def _score_Reform(self, a: A.Reform) -> float:
        u = self.st.units[a.unit]
        return (1.5 * self.p.caution if u.disordered else -1.0) + self._pose_gain(a)

    def _score_other(self, a) -> float:
        return 0.5

    # -- combat orders (4.4, 4.5, 4.2.2) ---------------------------------------------------
    def _score_Charge(self, a) -> float:
        u, target = self.st.units[a.unit], self.st.units[a.target]
        if target.routing:
            return 3.0                      # 5.1: a charge reaching routers destroys them
        try:
            o = charge_odds(self.st, u.id, target.id)
        except RuleError:
            return -100.0                   # the rules would refuse it (never offered, in fact)
        m = o.melee
        # exact odds of the first round (4.6.5): routing the enemy is worth most, being routed
        # costs most; hits traded and the closing fire taken on the way in (4.4) count too
        edge = 3.0 * float(m.a_routs_b) + 1.5 * float(m.a_pushes_b) \
            - 1.5 * float(m.b_pushes_a) - 3.0 * float(m.b_routs_a)
        edge += 0.4 * float(expected(m.a_hits) - expected(m.b_hits))
        if o.fire:
            edge -= 0.4 * self.p.caution * float(expected(o.fire.hits))
        return 0.5 + self.p.aggression * edge

    def _score_Shoot(self, a) -> float:
        return 2.0

    def _score_React(self, a) -> float:
        return {"shoot": 1.5, "countercharge": 0.8 * self.p.aggression, "stand": 1.0,
                "retire": 0.4 * self.p.caution}.get(a.choice, 0.5)

    def _score_Rally(self, a) -> float:
        return 1.0 if a.attempt else 0.0

    def _score_move(self, a) -> float:
        return self._pose_gain(a)

    _score_Move = _score_Wheel = _score_Turn = _score_FallBack = _score_move

    # -- position evaluation ---------------------------------------------------------------
    def _pose_gain(self, a) -> float:
        try:
            plan = movement.plan(self.st, a)
        except RuleError:
            return -100.0
        u = self.st.units[a.unit]
        x, y, f = plan.path[-1]
        if plan.leaves_table:
            return -50.0
        before = self._value(u, u.x, u.y, u.facing, u.files)
        after = self._value(u, x, y, f, plan.files or u.files)
        return after - before - (1.0 * self.p.caution if plan.disorder and not u.disordered else 0.0)

    def _nearest(self, u: Unit, x: float | None = None, y: float | None = None) -> tuple[Unit | None, float]:
        here = Point(u.x if x is None else x, u.y if y is None else y)
        best, dist = None, math.inf
        for e in self.enemies:
            d = self.enemy_shapes[e.id].distance(here)
            if d < dist:
                best, dist = e, d
        return best, dist

    def _value(self, u: Unit, x: float, y: float, facing: float, files: int) -> float:
        enemy, dist = self._nearest(u, x, y)
        if enemy is None:
            return 0.0
        fwd = direction(facing)
        to_e = (enemy.x - x, enemy.y - y)
        norm = math.hypot(*to_e) or 1.0
        facing_score = (fwd[0] * to_e[0] + fwd[1] * to_e[1]) / norm      # 1 when facing it
        value = 0.6 * facing_score
        if u.missile and not u.cavalry:
            # stay inside long range (15 cm, 4.5.1) but out of the enemy's charge reach
            value += 1.5 - abs(dist - 12.0) / 8.0
            if dist < enemy.move_row.charge:
                value -= 1.0 * self.p.caution
        else:
            value -= self.p.aggression * dist / 15.0
        shape = footprint(u, x=x, y=y, facing=facing, files=files)
        for feat in features_touching(self.st.terrain, shape):
            row = feat.row
            if row.cover and u.missile:
                value += 0.5 * self.p.caution
            if row.hill:
                value += 0.3
            if row.effect == "difficult" and u.cavalry:
                value -= 1.0
        return value
