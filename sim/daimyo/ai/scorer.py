"""The Daimyo scripted opponent: scores each legal order from the table geometry.

It reads the open table through `view(side)` (Daimyo hides nothing) and previews every
movement order with the same `movement.plan` the rules use, so it can never issue an order the
rules refuse. Scores are in rough "points": a unit closing on the enemy, facing it, keeping
missile troops at shooting range and out of charge reach, standing in cover, and fighting
at good odds (the exact odds of sim/daimyo/charge_odds.py) all score; the personality weighs
aggression against caution. It plays for the result: a side that does not win when time runs
out grows bolder as the turns pass, and units are drawn to the enemy unit or leader whose loss
wins the scenario at once (5.2, ruling D-85).
"""
from __future__ import annotations

import math

import numpy as np
import shapely

from shapely.geometry import LineString, Point

from sim.ai.scored import Personality
from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo.ai import guns
from sim.daimyo.ai.fire import FireZones
from sim.daimyo.ai import shortlist
from sim.daimyo.ai.reach import Ground, may_charge_soon
from sim.daimyo import command, movement
from sim.daimyo.command import leader_point
from sim.daimyo.tables import tables
from sim.daimyo.charge_odds import charge_odds
from sim.daimyo.odds import expected
from sim.daimyo.geometry import direction, footprint
from sim.daimyo.geometry.kernels import box_gaps
from sim.daimyo.model import Troop, Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.terrain import features_touching
from sim.daimyo.combat.victory import points

URGENCY = 3.0       # aggression multiplier on the last turn for a side the clock does not favour
OBJECTIVE_PULL = 0.5  # share of MOVE_WORTH per move a fighting unit is away from a scenario objective
OBJECTIVE_WORTH = 2.0  # added to the worth of charging or threatening a scenario objective
MOVE_WORTH = 0.7    # points per normal move (or reform turn) a fighting unit is away from contact
END_STEP = 0.01      # ending a step beats a pointless Hold, loses to any useful order


class DaimyoScorer:
    # Half of easy's orders are its best, half a random pick among the better half: picking
    # only at random ended most movement steps at random, and in a 12-turn battle across a
    # stream that level barely played better than random orders (README "AI strength").
    easy_best = 50

    def __init__(self, personality: Personality = Personality()):
        self.base = self.p = personality
        self.st: DaimyoState | None = None
        self.side = ""

    def reading(self, game):
        """Each order is planned once per decision, by the menu and the scoring alike."""
        return movement.reading(game.state)

    def shortlist(self, game, side: str):
        """The movement step weighed lazily (sim/daimyo/ai/shortlist.py); None in other steps."""
        return shortlist.options(self, game, side)

    def prepare(self, game, side: str) -> None:
        self.st = game.view(side)["table"]
        self.side = side
        self.p = self._pressed(self.st, side)
        self.enemies = [u for u in self.st.living(self.st.enemy(side)) if not u.routing]
        self.routers = [u for u in self.st.living(self.st.enemy(side)) if u.routing]
        self.enemy_shapes = {u.id: footprint(u) for u in self.enemies + self.routers}
        self.ground = Ground(self.st)
        # enemies that could charge at their next activation, and enemy shooters (4.5)
        self.chargers = [e for e in self.enemies if may_charge_soon(e)]
        self._charger_arr = _shapes(self.enemy_shapes, self.chargers)
        self._target_arr = _shapes(self.enemy_shapes, self.enemies + self.routers)
        self.shooters = [e for e in self.enemies if e.missile]
        self.fire = FireZones(self.st, self.shooters)
        self.objectives = self._objectives(side)
        self._values: dict[str, float] = {}
        self.friend_shapes = {u.id: footprint(u) for u in self.st.living(side)
                              if u.troop is not Troop.HQ and not u.routing}
        self.friend_lanes = {u.id: self._lane(u, u.x, u.y, u.facing) for u in self.st.living(side)
                             if (u.infantry or u.cavalry) and not u.missile and not u.routing}

    def _pressed(self, st: DaimyoState, side: str) -> Personality:
        """The personality as the clock runs (5.2): a side that does not win when the last turn
        ends (a draw, or the enemy's scenario win at the turn limit, ruling D-85) grows bolder
        turn by turn - up to URGENCY times the aggression and half the caution on the last turn;
        a side that wins at the limit keeps its personality."""
        last = st.options.get("max_turns", 0)
        if last <= 1 or any(v["when"] == "turn_end" and v["winner"] == side for v in st.victory_conditions):
            return self.base
        late = min(1.0, max(0.0, (st.turn - 1) / (last - 1)))
        return Personality(aggression=self.base.aggression * (1 + (URGENCY - 1) * late),
                           caution=self.base.caution * (1 - 0.5 * late))

    def _objectives(self, side: str) -> dict[str, object]:
        """The scenario's 5.2 conditions that win this side the battle at once (ruling D-85):
        the enemy unit whose loss wins it, or the unit an enemy leader whose death wins it
        rides with (his own point while he stands alone), by id -> shape."""
        st, out = self.st, {}
        for v in st.victory_conditions:
            if v["winner"] != side or v["when"] == "turn_end":
                continue
            if v["when"] == "unit_lost":
                u = st.units.get(v["target"])
                if u is not None and u.alive and not u.gone:
                    out[u.id] = footprint(u)
            elif (leader := st.leaders[v["target"]]).alive:
                host = st.units.get(leader.attached_to)
                if host is not None and host.alive:
                    out[host.id] = footprint(host)
                else:
                    out[leader.id] = leader_point(st, leader)
        return out

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

    def _score_MoveLeader(self, a: A.MoveLeader) -> float:
        """1.8, 1.9: keep the clan's units (the hatamoto, for a General, 1.7) inside command
        range so they need no obedience test; attach to a fighting unit (4.6.3, 5.1 bonuses);
        never stand alone where an enemy could walk into him (4.3.3)."""
        leader = self.st.leaders[a.leader]
        mates = self._led_by(leader)
        rng = self._command_range(leader)
        before = sum(self._commands(leader_point(self.st, leader), leader.attached_to, u, rng) for u in mates)
        if a.attach:
            host = self.st.units[a.attach]
            there = Point(host.x, host.y)
        else:
            host, there = None, Point(a.x, a.y)
        after = sum(self._commands(there, a.attach, u, rng) for u in mates)
        score = 0.8 * (after - before) - 0.05
        if host is not None and not host.missile and not host.disordered:
            score += 0.2
        if host is None and any(self.enemy_shapes[e.id].distance(there) <= e.move_row.normal + 3.0
                                for e in self.enemies if e.troop not in (Troop.HQ, Troop.ARTILLERY)):
            score -= 2.0 * self.p.caution
        return score

    def _led_by(self, leader) -> list[Unit]:
        if leader.kind.value == "daimyo":
            return [u for u in self.st.living(leader.side) if u.clan == leader.clan
                    and not u.hatamoto and u.troop is not Troop.HQ]
        return [u for u in self.st.living(leader.side) if u.hatamoto]

    def _command_range(self, leader) -> float:
        return (command.command_range(self.st) if leader.kind.value == "daimyo"
                else tables().command.hatamoto_range_cm)

    def _commands(self, at: Point, attached: str, u: Unit, rng: float, shape=None) -> bool:
        return attached == u.id or (shape if shape is not None else footprint(u)).distance(at) <= rng

    def _out_of_command(self, u: Unit, shape) -> bool:
        """1.9: a unit outside its daimyo's range (the hatamoto: its General's) tests to move."""
        if u.troop in (Troop.HQ, Troop.ARTILLERY):
            return False
        leader = self.st.general(u.side) if u.hatamoto else self.st.daimyo(u.clan)
        if not leader.alive:
            return False
        return not self._commands(leader_point(self.st, leader), leader.attached_to, u,
                                  self._command_range(leader), shape)

    def _score_Reform(self, a: A.Reform) -> float:
        u = self.st.units[a.unit]
        if not u.disordered:
            return -1.0 + self._pose_gain(a)          # 4.3.5.4: only to change formation/facing
        return self._reform_need(u) + self._pose_gain(a)

    def _reform_need(self, u: Unit) -> float:
        """4.2.2: a disordered unit may not charge (4.2.1) and fights and shoots worse; it must
        stand a whole turn, unshot, to reform. Worth most with the enemy a couple of moves
        off; less while still wading (it would still be in the ground that slows it), when an
        enemy can charge it anyway, or when enemy shooters in range would spoil it."""
        shape = footprint(u)
        enemy, dist = self._nearest(u)
        if enemy is None:
            return 0.5 * self.p.caution
        horizon = u.move_row.normal + enemy.move_row.charge + 6.0
        need = 0.3 + (2.0 if dist <= horizon else 0.0)
        if "difficult" in self.ground.effects(u, shape):
            need -= 2.0                                # wade out first: moving on disorders it again (4.3.1)
        if self._threats(u, shape):
            need -= 0.8                                # it will be charged disordered anyway
        if any(self.enemy_shapes[e.id].distance(shape) <= 15.0 for e in self.shooters):
            need -= 0.8                                # 4.2.2: one hit and the turn is wasted
        return self.p.caution * need

    def _score_MountUp(self, a: A.MountUp) -> float:
        # 1.7, 3, 4.1: a Seated General adds +1 to initiative and to every clan's activation;
        # mount only when the HQ (3 points, 5.2) could be charged, an abandoned HQ being no
        # loss (ruling D-47)
        hq = self.st.units.get(self.st.armies[self.side].hq or "")
        if hq is not None and hq.alive and self._threats(hq, footprint(hq)):
            return 3.0
        return -0.5

    def _score_other(self, a) -> float:
        return 0.5

    # -- combat orders (4.4, 4.5, 4.2.2) ---------------------------------------------------
    def _score_Charge(self, a) -> float:
        u, target = self.st.units[a.unit], self.st.units[a.target]
        worth = points(target) / 2 + 0.5             # 5.2: the hatamoto counts 2, the HQ 3
        if target.routing:
            return 3.0 + worth              # 5.1: a charge reaching routers destroys them
        try:
            o = charge_odds(self.st, u.id, target.id)
        except RuleError:
            return -100.0                   # the rules would refuse it (never offered, in fact)
        m = o.melee
        # exact odds of the first round (4.6.5): routing the enemy is worth most, being routed
        # costs most; hits traded and the closing fire taken on the way in (4.4) count too
        edge = 3.0 * worth * float(m.a_routs_b) + 1.5 * float(m.a_pushes_b) \
            - 1.5 * float(m.b_pushes_a) - 3.0 * float(m.b_routs_a)
        edge += 0.4 * float(expected(m.a_hits) - expected(m.b_hits))
        if target.id in self.objectives:
            # the scenario's win at once (ruling D-85): an HQ never routs, it is lost with its
            # one stand (4.6.1), so winning the round is what counts
            edge += OBJECTIVE_WORTH * float(m.a_wins)
        if o.fire:
            edge -= 0.4 * self.p.caution * float(expected(o.fire.hits))
        # a charge the odds are against scores below holding (0): an even base of 0.5 made
        # any charge in reach beat a hold, and hard fed units into losing melees. Aggression
        # weighs the gain, caution the loss, so a side pressed by the clock takes longer odds.
        if edge > 0:
            return 0.5 + self.p.aggression * edge
        return -0.2 + self.p.caution * edge

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
        before = self._values.get(u.id)
        if before is None:
            before = self._values[u.id] = self._value(u, u.x, u.y, u.facing, u.files, u.disordered)
        disorder = bool(plan.disorder) or u.disordered
        after = self._value(u, x, y, f, plan.files or u.files, disorder)
        return after - before

    def _nearest(self, u: Unit, x: float | None = None, y: float | None = None) -> tuple[Unit | None, float]:
        px, py = u.x if x is None else x, u.y if y is None else y
        here = Point(px, py)
        best, dist = None, math.inf
        # an enemy whose box is no nearer than the best so far cannot be nearer (DESIGN seam 6)
        low = box_gaps(shapely.bounds(self._target_arr[:len(self.enemies)]), px, py, px, py).tolist()
        for e, lb in zip(self.enemies, low):
            if lb >= dist:
                continue
            d = self.enemy_shapes[e.id].distance(here)
            if d < dist:
                best, dist = e, d
        return best, dist

    @staticmethod
    def _lane(u: Unit, x: float, y: float, facing: float):
        """The 8 cm straight ahead of the unit's front."""
        fwd = direction(facing)
        return LineString([(x, y), (x + 8.0 * fwd[0], y + 8.0 * fwd[1])]).buffer(u.width / 2 - 0.5, cap_style="flat")

    def _lane_blocked(self, u: Unit, shape, x: float, y: float, facing: float) -> bool:
        """A friendly unit within 8 cm straight ahead: it blocks charges (4.4) and shooting
        (4.5.2) and the unit cannot pass it without disorder (4.3.2)."""
        fwd = direction(facing)
        ox, oy = fwd[1] * (u.width / 2 - 0.5), -fwd[0] * (u.width / 2 - 0.5)     # the lane's corners
        xs = (x - ox, x + ox, x - ox + 8.0 * fwd[0], x + ox + 8.0 * fwd[0])
        ys = (y - oy, y + oy, y - oy + 8.0 * fwd[1], y + oy + 8.0 * fwd[1])
        friends = [s for fid, s in self.friend_shapes.items() if fid != u.id]
        if not friends:
            return False
        # only friends whose boxes come near the lane's box can meet it
        near = box_gaps(shapely.bounds(np.array(friends, dtype=object)), min(xs), min(ys), max(xs), max(ys)) <= 1e-6
        if not near.any():
            return False
        lane = self._lane(u, x, y, facing)
        return any(s.intersects(lane) for s, n in zip(friends, near.tolist()) if n)

    def _threats(self, u: Unit, shape) -> list[Unit]:
        """Enemies that could charge `shape` at their next activation (rough reach, 4.4)."""
        near = _within_charge(self.chargers, self._charger_arr, shape)
        return [e for e, d in near if d <= self.ground.charge_allowance(e, self.enemy_shapes[e.id], shape)]

    def _targets(self, u: Unit, shape) -> list[Unit]:
        """Enemies `u` could charge from `shape` at its next activation (rough reach, 4.4)."""
        if u.troop in (Troop.HQ, Troop.ARTILLERY):
            return []
        near = _within_charge(self.enemies + self.routers, self._target_arr, shape, u.move_row.charge)
        return [e for e, d in near if d <= self.ground.charge_allowance(u, shape, self.enemy_shapes[e.id])]

    def _target_worth(self, e: Unit) -> float:
        """4.2.1: a disordered target fights with one rank at -1; 5.1: a charge that reaches
        routers destroys them; 5.2: the hatamoto counts 2 points, the HQ 3; a scenario
        objective wins at once (ruling D-85)."""
        base = 3.0 if e.routing else 2.0 if e.disordered else 1.0
        return base * (1 + 0.25 * (points(e) - 1)) + (OBJECTIVE_WORTH if e.id in self.objectives else 0.0)

    def _value(self, u: Unit, x: float, y: float, facing: float, files: int,
               disordered: bool = False) -> float:
        enemy, dist = self._nearest(u, x, y)
        if enemy is None:
            return 0.0
        fwd = direction(facing)
        to_e = (enemy.x - x, enemy.y - y)
        norm = math.hypot(*to_e) or 1.0
        facing_score = (fwd[0] * to_e[0] + fwd[1] * to_e[1]) / norm      # 1 when facing it
        value = 0.6 * facing_score
        shape = footprint(u, x=x, y=y, facing=facing, files=files)
        threats = self._threats(u, shape)
        if u.troop is Troop.HQ:
            return -3.0 * self.p.caution * len(threats)
        if u.missile and not u.cavalry:
            # close to effective range (8 cm, +1, 4.5.1, 4.5.4), never beyond long range
            # (15 cm), and out of the enemy's charge reach (a stream between halves it, 4.3.1)
            value += 1.5 - max(0.0, min(dist, 15.0) - 8.0) / 6.0 - max(0.0, dist - 15.0) / 8.0
            if threats:
                value -= (2.0 if disordered else 1.5) * self.p.caution
        else:
            # closing in, in moves over the ground at its real cost (4.3.1), plus the turn it
            # must stand to reform before it may charge (4.2.1, 4.2.2) if it is disordered or
            # will be on the way, its next move included (ruling D-41: any move while touching
            # difficult ground disorders): wading in or out is progress, not a sudden loss
            eff, wades = self.ground.approach(u, shape, self.enemy_shapes[enemy.id])
            reform = (disordered or wades or "difficult" in self.ground.effects(u, shape)) \
                and u.troop is not Troop.PEASANT
            value -= self.p.aggression * MOVE_WORTH * (eff / u.move_row.normal + reform)
            if self.objectives:
                # the scenario's way to win at once draws the fighting units on (ruling D-85)
                goal = min(self.ground.approach(u, shape, g)[0] for g in self.objectives.values())
                value -= self.p.aggression * MOVE_WORTH * OBJECTIVE_PULL * goal / u.move_row.normal
            if threats:
                # 4.2.1: a disordered unit receives the charge at -1 with one rank; in good
                # order the first to activate charges, with the bonus (4.6.3)
                value -= self.p.caution * (1.6 if disordered else 0.3) * (1 + 0.3 * (len(threats) - 1))
            targets = [] if disordered else self._targets(u, shape)
            if targets:
                best = max(self._target_worth(e) for e in targets)
                value += 0.8 * self.p.aggression * best
            # 4.5.1, 4.5.4: waiting in front of enemy shooters costs stands; less so on the
            # way to a charge that will reach them next turn
            value -= self.p.caution * (0.1 if targets else 0.25) * self.fire.danger(u, shape)
        if disordered:
            # still to reform (4.2.2): dear with the enemy close by; further off a fighting
            # unit counts the reform turn in its approach above, a shooter its -1 (4.5.4)
            if dist <= u.move_row.normal + enemy.move_row.charge + 6.0:
                value -= 0.4 * self.p.caution
            elif u.missile and not u.cavalry:
                value -= 0.15 * self.p.caution
        if self._out_of_command(u, shape):
            value -= 0.4                                 # 1.9: an obedience test to move next turn
        if self._lane_blocked(u, shape, x, y, facing):
            value -= 0.5                                 # a friend in front: no charge or shot past it
        if any(lane.intersects(shape) for fid, lane in self.friend_lanes.items() if fid != u.id):
            value -= 0.3                                 # standing in a fighting friend's way
        for feat in features_touching(self.st.terrain, shape):
            row = feat.row
            if row.cover and u.missile:
                value += 0.5 * self.p.caution
            if row.hill:
                value += 0.3
            if row.effect in ("difficult", "river") and not row.building and u.troop is not Troop.PEASANT:
                value -= 0.3 if u.cavalry else 0.1          # slowed; cavalry may not charge out
        return value


def _shapes(shapes: dict, units: list[Unit]) -> np.ndarray:
    return np.array([shapes[e.id] for e in units], dtype=object)


def _within_charge(units: list[Unit], arr: np.ndarray, shape, reach: float | None = None) -> list[tuple[Unit, float]]:
    """(unit, distance) for the units whose footprint lies within a 4.4 charge column of
    `shape` (their own, or `reach`): one vectorised distance call instead of one per unit.
    Ground only shortens a charge, so nobody beyond is in reach; the callers compare the
    distance with Ground.charge_allowance for the rest."""
    if not units:
        return []
    # a unit whose box is beyond any charge (or `reach`) is beyond its own: Shapely measures
    # only the others, each against its own charge move
    bound = reach if reach is not None else max(row.charge for row in tables().movement.values())
    near = np.flatnonzero(box_gaps(shapely.bounds(arr), *shapely.bounds(shape)) <= bound + 1e-6).tolist()
    d = shapely.distance(arr[near], shape).tolist()
    return [(units[i], de) for i, de in zip(near, d) if de <= (units[i].move_row.charge if reach is None else reach)]
