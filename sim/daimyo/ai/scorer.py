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

import copy
import math

import numpy as np
import shapely

from shapely.geometry import GeometryCollection, LineString, Point

from sim.ai.scored import Personality
from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo.ai import crossing_axis, guns, line_up
from sim.daimyo.ai.fire import FireZones
from sim.daimyo.ai import pose_batch, shortlist
from sim.daimyo.ai.backtrack import Backtrack
from sim.daimyo.ai.clan_plan import BAND_CM, CROSSINGS
from sim.daimyo.ai.commander import Commander
from sim.daimyo.ai.matchups import round_edge
from sim.daimyo.ai.planner import clock_pressure
from sim.daimyo.ai.pose_memo import PoseMemo, reach_key, unit_key
from sim.daimyo.ai.reach import Ground, may_charge_soon
from sim.daimyo.ai.routes import RouteBook
from sim.daimyo.combat import charge as CH
from sim.daimyo.combat import common as C
from sim.daimyo.combat import morale
from sim.daimyo.combat.reactions import must_test_to_charge
from sim.daimyo import command, movement
from sim.daimyo.command import leader_point, leader_spot
from sim.daimyo.tables import tables
from sim.daimyo.charge_odds import charge_odds
from sim.daimyo.odds import expected, stands_lost
from sim.daimyo.geometry import direction, footprint, stand_quads
from sim.daimyo.geometry.kernels import MARGIN, point_quads_distance
from sim.daimyo.geometry.unit_groups import UNSURE, UnitGroup, lane_quad
from sim.daimyo.model import Troop, Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.combat.victory import breakers, points

URGENCY = 3.0       # aggression multiplier on the last turn for a side the clock does not favour
OBJECTIVE_PULL = 0.5  # share of MOVE_WORTH per move a fighting unit is away from a scenario objective
OBJECTIVE_WORTH = 2.0  # added to the worth of charging or threatening a scenario objective
MOVE_WORTH = 0.7    # points per normal move (or reform turn) a fighting unit is away from contact
END_STEP = 0.01      # ending a step beats a pointless Hold, loses to any useful order
BOLDNESS = 3.0     # edge added to an engaging unit's charge on the last turn (5.2: a draw wins nothing)
LOOKAHEAD = 0.7      # weight of the move a turn or wheel opens for the next order (issue 19)
LEASH = 0.3          # points for a General closing the whole 1.7 range on his hatamoto
BLOCKING = 1.0       # points a line standing across a bridge's or ford's end loses (crossing_axis.blocks)
BALKED = 0.5         # edge a charge loses when the charger fails its test to charge (5.1 reason 4)
QUEUE = 1.0          # points within QUEUE_CM of a crossing's end another friend has, up to 2 at it (crossing_axis.queue)
LANE_CM = 8.0        # the lane ahead a friend must leave clear (4.4 charges, 4.5.2 shooting)
TARGET_PULL = 0.8    # share of a target's worth (times aggression) in a pose that may charge it


class DaimyoScorer:
    # Easy plays its best order (issue 19): it differs from normal in judgment - no plan, and
    # rash (RASH) - not in slips. Half its orders picked at random among the better half left
    # its units standing in the stream and beat random play in a third of the games
    # (docs/ai.md "Easy against random").
    easy_best = 100

    def __init__(self, personality: Personality = Personality(), planning: bool = False,
                 exact: bool = False):
        """planning: an army plan and clan plans aim the scoring (normal, hard; issue 19), with
        a second order looked at after a turn or wheel; exact: a charge a pose promises is
        checked with the rules' charge plan (hard)."""
        self.base = self.p = personality
        self.st: DaimyoState | None = None
        self.side = ""
        self.routes = RouteBook()
        self.commander = Commander(patient=exact, routes=self.routes) if planning else None
        self.exact = exact
        self.plans: dict = {}
        self.mu = None
        self.memo = PoseMemo()          # answers kept while the enemy stands still (ai/pose_memo.py)
        self.ground: Ground | None = None
        self._enemy_kept: tuple | None = None   # the enemy's side as `_enemy_side` last made it
        self._near: dict = {}          # prefetch: the enemies within a charge of a decision's poses
        self.backtrack = Backtrack()
        self._queue: dict = {}         # friends kept out of a crossing's end (crossing_axis.queue)
        self._room: dict = {}          # easy: friends to make room for a line-up (more_orders)
        self._back: dict = {}          # easy: units whose fall back opens a line-up (more_orders)

    @property
    def plan_log(self):
        """The clan plans as they changed (PlanChanged), for the play view; [] without a plan."""
        return self.commander.log if self.commander is not None else []

    def reading(self, game):
        """Each order is planned once per decision, by the menu and the scoring alike."""
        return movement.reading(game.state)

    def shortlist(self, game, side: str):
        """The movement step weighed lazily (sim/daimyo/ai/shortlist.py); None in other steps."""
        return shortlist.options(self, game, side)

    def more_orders(self, game, side: str, menu: list) -> list:
        """Easy weighs the whole menu (ScoredPlayer), with the wheel or reform that faces a
        charge run exactly (line_up.orders) for the units the menu lets move; normal and hard
        get them in their shortlist."""
        if self.commander is not None or game.state.phase != "orders":
            return []
        st, listed = game.state, set(menu)
        movers = dict.fromkeys(a.unit for a in menu if isinstance(a, (A.Move, A.Wheel, A.Turn, A.FallBack, A.Reform)))
        self._room, self._back = line_up.room(self, st, [st.units[uid] for uid in movers])
        return [a for uid in movers for a in line_up.orders(self, st, st.units[uid]) if a not in listed]

    def prepare(self, game, side: str) -> None:
        self.st = game.view(side)["table"]
        self.side = side
        self.p = self._pressed(self.st, side)
        foe = self.st.enemy(side)
        army = tuple(unit_key(e) for e in self.st.living(foe))
        self._enemy_side(foe, army)
        self.memo.begin(self.st, side)
        self.backtrack.see(self.st)
        if self.ground is None or self.ground.st is not self.st:
            self.ground = Ground(self.st, self.routes, self.memo.check)     # the terrain: once a game
        if self.commander is not None:
            self.commander.update(self.st, side, self.ground)
            self.plans, self.mu = self.commander.clans, self.commander.matchups
        self.objectives = self._objectives(side)
        if self.commander is not None:
            self.objectives.update(self._breakers(side))
        self._values: dict[tuple, float] = {}
        self._room: dict = {}          # easy: friends to make room for a line-up (more_orders)
        self._back: dict = {}          # easy: units whose fall back opens a line-up (more_orders)
        self._near: dict = {}          # the enemies within a charge of this decision's poses (prefetch)
        self._contexts: dict[str, tuple] = {}
        # 4.3.2: one friend at a time at a bridge's or ford's end (crossing_axis.queue)
        self._queue = crossing_axis.queue(self.routes.crossings(self.st), self.st, side, self.plans) \
            if self.commander is not None else {}
        self.memo.begin_values((self.ground, army,
                                tuple((c.id, c.attempted, c.active) for c in self.st.clans.values() if c.side == foe),
                                foe in self.st.general_used_sides, tuple(self.objectives.items()),
                                tuple((e.id, eff, long_) for e, eff, long_, *_ in self.fire.zones)))
        friends = [u for u in self.st.living(side) if u.troop is not Troop.HQ and not u.routing]
        self.friend_shapes = {u.id: footprint(u) for u in friends}
        self._friend_ids = [u.id for u in friends]
        self._friend_at = {fid: k for k, fid in enumerate(self._friend_ids)}
        self._friends = UnitGroup([stand_quads(u) for u in friends])
        fighters = [u for u in self.st.living(side) if (u.infantry or u.cavalry) and not u.missile and not u.routing]
        self.friend_lanes = {u.id: self._lane(u, u.x, u.y, u.facing) for u in fighters}
        self._friend_lane_list = list(self.friend_lanes.items())
        self._lane_at = {fid: k for k, (fid, _) in enumerate(self._friend_lane_list)}
        self._friend_lanes = UnitGroup([lane_quad(u.x, u.y, u.facing, u.width / 2 - 0.5, LANE_CM) for u in fighters])

    def _enemy_side(self, foe: str, army: tuple) -> None:
        """The enemy's units, their footprints and stands as arrays, who could charge at their
        next activation and the shooters' zones (4.4, 4.5): they read only the enemy's living
        units (`army`: every saved field of each, pose_memo.unit_key) and the terrain, so they
        are kept, the same objects, while the enemy stands as it was (it does at most of this
        side's decisions: the enemy moves in its own activations)."""
        living = self.st.living(foe)
        kept = self._enemy_kept
        if kept is not None and kept[0] is self.st and kept[1] == army and \
                all(a is b for a, b in zip(kept[2], living)) and len(kept[2]) == len(living):
            (self.enemies, self.routers, self.enemy_shapes, self.chargers, self._charger_arr, self._target_arr,
             self._chargers, self._targets_group, self.shooters, self.fire) = kept[3]
            return
        self.enemies = [u for u in living if not u.routing]
        self.routers = [u for u in living if u.routing]
        self.enemy_shapes = {u.id: footprint(u) for u in self.enemies + self.routers}
        # enemies that could charge at their next activation, and enemy shooters (4.5)
        self.chargers = [e for e in self.enemies if may_charge_soon(e)]
        self._charger_arr = _shapes(self.enemy_shapes, self.chargers)
        self._target_arr = _shapes(self.enemy_shapes, self.enemies + self.routers)
        # the same units' stands as arrays: kernels set aside those clear of a threshold
        self._chargers = UnitGroup([stand_quads(e) for e in self.chargers])
        self._targets_group = UnitGroup([stand_quads(e) for e in self.enemies + self.routers])
        self.shooters = [e for e in self.enemies if e.missile]
        self.fire = FireZones(self.st, self.shooters)
        self._enemy_kept = (self.st, army, living, (
            self.enemies, self.routers, self.enemy_shapes, self.chargers, self._charger_arr, self._target_arr,
            self._chargers, self._targets_group, self.shooters, self.fire))

    def _pressed(self, st: DaimyoState, side: str) -> Personality:
        """The personality as the clock runs (5.2): a side that does not win when the last turn
        ends (a draw, or the enemy's scenario win at the turn limit, ruling D-85) grows bolder
        turn by turn - up to URGENCY times the aggression and half the caution on the last turn;
        a side that wins at the limit keeps its personality."""
        late = clock_pressure(st, side)          # 0 throughout for a side that wins at the limit
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

    def _breakers(self, side: str) -> dict[str, object]:
        """5.2: the enemy units whose loss alone would take the enemy army past its share of
        unit points lost, so that it breaks at the end of the turn - worth going for as a
        scenario objective is (ruling D-85), by id -> shape; none while it is further off."""
        return {u.id: footprint(u) for u in breakers(self.st, self.st.enemy(side))}

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
        score = 2.0 + self.st.daimyo(a.clan).rating * 0.2 + max(0.0, 1.0 - near / 60)
        plan = self.plans.get(a.clan)
        if plan is not None:
            # clans are what activates (4.1): the ones with something to do now go first,
            # the reserve last
            score += {"engage": 0.6, "pursue": 0.6, "rally": 0.4, "reform": 0.3,
                      "fall_back": 0.3}.get(plan.state, 0.0) - (0.5 if plan.posture == "reserve" else 0.0)
        return score

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
        if leader.kind.value != "daimyo" and self.commander is None:
            # 1.7: the hatamoto may not move beyond 20 cm of its General: a General left behind
            # holds it back, so he keeps up with it (riding with it, none at all). Easy only:
            # for normal it cut training's decisive games 29 to 23 of 40 (docs/ai.md)
            for u in mates:
                shape = footprint(u)
                near = 0.0 if a.attach == u.id else shape.distance(there)
                was = 0.0 if leader.attached_to == u.id else shape.distance(leader_point(self.st, leader))
                score += LEASH * (was - near) / rng
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

    def _out_of_command(self, u: Unit, shape, quads, pose: dict | None = None) -> bool:
        """1.9: a unit outside its daimyo's range (the hatamoto: its General's) tests to move.
        `quads`: the stands of `shape`; their kernel distance decides where it is clear of
        the range, Shapely's elsewhere. `shape` None: the footprint at `pose`, made if needed."""
        if u.troop in (Troop.HQ, Troop.ARTILLERY):
            return False
        leader = self.st.general(u.side) if u.hatamoto else self.st.daimyo(u.clan)
        if not leader.alive:
            return False
        if leader.attached_to == u.id:
            return False                                 # he rides with it (1.9)
        rng = self._command_range(leader)
        px, py = leader_spot(self.st, leader)
        near = point_quads_distance(quads, px, py)
        if abs(near - rng) > MARGIN:
            return near > rng
        if shape is None:
            shape = footprint(u, **pose)
        return not self._commands(leader_point(self.st, leader), leader.attached_to, u, rng, shape)

    def _score_Reform(self, a: A.Reform) -> float:
        u = self.st.units[a.unit]
        if not u.disordered:
            # 4.3.5.4: only to change formation/facing, giving up the rest of the move - which
            # is nothing to a column jammed at a crossing (line_up.stuck)
            return -(0.0 if line_up.stuck(self, u) else 1.0) + self._pose_gain(a)
        urge = 1.0 * self.p.caution if _unit_mode(u, self.plans.get(u.clan)) == "reform" else 0.0
        return self._reform_need(u) + urge + self._pose_gain(a)

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
        if self.ground.touches(u, shape, "difficult"):
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
        # 4.4, 5.1 reason 4: missile ashigaru and peasants charge only if they pass a morale
        # test; failed, they halt or retire and the charge is not made
        dare = float(morale.pass_chance(self.st, u, 4)) if must_test_to_charge(u) else 1.0
        if target.routing:
            return dare * (3.0 + worth) - (1.0 - dare) * BALKED   # 5.1: a charge reaching routers destroys them
        try:
            o = charge_odds(self.st, u.id, target.id)
        except RuleError:
            return -100.0                   # the rules would refuse it (never offered, in fact)
        m = o.melee
        # exact odds of the first round (4.6.5): routing the enemy is worth most, being routed
        # costs most; hits traded and the closing fire taken on the way in (4.4) count too
        edge = round_edge(m, worth)
        plan = self.plans.get(u.clan)
        if plan is not None and plan.state in ("engage", "pursue") and self.mu is not None:
            if self.mu.strikes_first(u.id, target.id):
                edge += 0.3                 # striking first beats being charged (4.6.3 first-round bonuses)
            edge += BOLDNESS * self.commander.army.pressure     # 5.2: a draw is no win
            if target in self._threats(u, footprint(u)):
                # the alternative to charging is being charged by it, with the bonus (4.4):
                # a charge is weighed against that, not against a quiet hold
                edge -= min(0.0, self.mu.dfn.get((u.id, target.id), 0.0)) * self._first_weight(target)
        elif self.commander is None:
            # easy has no plan, but a draw wins it nothing either (5.2): from the battle's second
            # half its charges gain edge, up to BOLDNESS on the last turn
            edge += BOLDNESS * max(0.0, 2.0 * clock_pressure(self.st, self.side) - 1.0)
        if target.id in self.objectives:
            # the scenario's win at once (ruling D-85): an HQ never routs, it is lost with its
            # one stand (4.6.1), so winning the round is what counts
            edge += OBJECTIVE_WORTH * float(m.a_wins)
        if o.fire:
            edge -= 0.4 * self.p.caution * float(expected(o.fire.hits))
            # 4.4, 4.5.5: closing fire that takes the charger's last stand (3 hits a stand, the
            # hits it carries counted, ruling D-20) removes it before contact: no round is
            # fought and the unit is lost (5.2: its points)
            lost = stands_lost(o.fire.hits, u.hits, u.stands)
            dead = float(lost[u.stands]) if len(lost) > u.stands else 0.0
            edge = (1.0 - dead) * edge - dead * 3.0 * points(u)
        edge = dare * edge - (1.0 - dare) * BALKED
        # a charge the odds are against scores below holding (0): an even base of 0.5 made
        # any charge in reach beat a hold, and hard fed units into losing melees. Aggression
        # weighs the gain, caution the loss, so a side pressed by the clock takes longer odds.
        if edge > 0:
            return 0.5 + self.p.aggression * edge
        return -0.2 + self.p.caution * edge

    def _score_Shoot(self, a) -> float:
        return 2.0

    def _score_React(self, a) -> float:
        return {"shoot": 1.5, "countercharge": 0.8 * self.p.aggression, "stand": 1.0, "face": 1.2,
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
        if self.backtrack.back(u.id, x, y, f, plan.files or u.files):
            return -100.0           # an order undone: move and turning spent for nothing (4.3)
        turned = abs(f - u.facing) > 1e-6
        before = self._present(u, turned)
        disorder = bool(plan.disorder) or u.disordered
        if plan.disorder and not u.disordered and self.commander is not None and \
                _unit_mode(u, self.plans.get(u.clan)) != "engage":
            # with a plan, disorder is a lost charge (4.2.1) and a turn standing (4.2.2):
            # a move that disorders (wading, passing a friend, 4.3.1, 4.3.2) must earn it -
            # unless the clan engages: then it commits, the reform turn is in its approach
            before += 0.5 * self.p.caution
        after = self.pose_value(u, x, y, f, plan.files or u.files, disorder, turned=turned)
        if isinstance(a, A.Reform) and u.disordered and self.commander is None:
            after += self._reform_opens(u, x, y, f, plan.files or u.files)
        if u.id in self._room:
            after += self._room_made(u, x, y, f, plan.files or u.files)
        if isinstance(a, A.FallBack) and u.id in self._back:
            # the line-up a turn later, the charge the turn after (4.3.5.3, 4.3.5.4)
            after += LOOKAHEAD * TARGET_PULL * self.p.aggression * self._target_worth(self._back[u.id])
        return after - before - self._spoiled(u, plan.passed)

    def _present(self, u: Unit, turned: bool) -> float:
        """The value of the pose the unit holds, kept for the decision. Against a turn or wheel
        it counts, as the turned pose does (`pose_value`), the move straight ahead it opens:
        standing already opens one (4.3). Without it every turn toward a better move looked
        better than the facing held, and a unit turned one way at one activation and back at
        the next, spending a quarter or half its move each time (4.3.5.2; issue 19)."""
        key = (u.id, turned)
        if key not in self._values:
            self._values[key] = self.pose_value(u, u.x, u.y, u.facing, u.files, u.disordered, turned=turned)
        return self._values[key]

    def _room_made(self, u: Unit, x: float, y: float, facing: float, files: int) -> float:
        """Easy: a friend's line-up this pose makes room for (line_up.room; 4.3.2), worth the
        charge it opens, as its own reform's would be (_reform_opens)."""
        shape = footprint(u, x=x, y=y, facing=facing, files=files)
        worth = [self._target_worth(t) for there, t in self._room[u.id] if shape.intersection(there).area <= C.OVERLAP]
        return TARGET_PULL * self.p.aggression * max(worth, default=0.0)

    def _reform_opens(self, u: Unit, x: float, y: float, facing: float, files: int) -> float:
        """Easy: the charge a disordered unit's reform opens for its next activation (4.2.2: it
        stands this turn, so the pose is weighed disordered; 4.2.1: in good order after it may
        charge), by the rules' charge plan (4.4) from the reformed pose."""
        if u.troop in (Troop.HQ, Troop.ARTILLERY) or u.missile and not u.cavalry:
            return 0.0
        shape = footprint(u, x=x, y=y, facing=facing, files=files)
        quads = stand_quads(u, x=x, y=y, facing=facing, files=files)
        worth = [self._target_worth(e) for e in self._targets(u, shape, x, y, facing, quads)
                 if self._can_charge(u, x, y, facing, files, e)]
        return TARGET_PULL * self.p.aggression * max(worth, default=0.0)

    def _spoiled(self, u: Unit, passed: list[str]) -> float:
        """4.3.2: each friend in good order a move passes through is disordered too (not one
        that missile ashigaru pass before it has moved, ruling D-43): what that costs the
        friend where it stands, by its own pose's value in and out of order."""
        cost = 0.0
        for fid in passed:
            f = self.st.units[fid]
            if f.disordered or f.routing or (u.missile_ashigaru and not f.moved):
                continue
            cost += self._value(f, f.x, f.y, f.facing, f.files) - self._value(f, f.x, f.y, f.facing, f.files, True)
        return max(0.0, cost)

    def pose_value(self, u: Unit, x: float, y: float, facing: float, files: int,
                   disordered: bool = False, turned: bool = False) -> float:
        """A pose's value; with a plan, a pose that turned the unit also counts, at LOOKAHEAD,
        the normal move straight ahead it opens for the next order (4.3.5: turn, then move) -
        or half of it where the whole would touch impassable ground (4.3.1: a river away from
        its crossings stops the move; a turn toward it opens nothing)."""
        value = self._value(u, x, y, facing, files, disordered)
        if self._looks_ahead(u, turned):
            ahead = self._ahead(u, x, y, facing, files)
            if ahead is not None:
                ahead = self._value(u, *ahead, facing, files, disordered)
                return max(value, LOOKAHEAD * ahead + (1 - LOOKAHEAD) * value)
        return value

    def _looks_ahead(self, u: Unit, turned: bool) -> bool:
        """Whether a turned pose's value counts the move it opens (`pose_value`; `prefetch`
        works out the same poses ahead)."""
        return turned and self.commander is not None and u.troop is not Troop.ARTILLERY

    def _ahead(self, u: Unit, x: float, y: float, facing: float, files: int) -> tuple | None:
        """Where the normal move straight ahead from a turned pose ends (4.3.5), or half of it
        where the whole would sweep impassable ground (4.3.1); None where both would. It reads
        only the unit's kind as the ground sees it (cavalry, stands), its stands' size, its
        normal move and the ground: kept the whole game under those (a unit's turned poses
        come up again at every decision of its clan until it moves)."""
        return self.memo.recall_lasting(
            ("ahead", u.cavalry, u.stands, u.stand_w, u.stand_d, u.move_row.normal, x, y, facing, files),
            lambda: self._ahead_now(u, x, y, facing, files))

    def _ahead_now(self, u: Unit, x: float, y: float, facing: float, files: int) -> tuple | None:
        fwd = direction(facing)
        walls = self.ground.has(u, "impassable")
        here = stand_quads(u, x=x, y=y, facing=facing, files=files) if walls else None
        got = None
        for step in (u.move_row.normal, u.move_row.normal / 2):
            ax, ay = x + fwd[0] * step, y + fwd[1] * step
            # the ground the move sweeps: the hull of where it starts and ends (the kernel
            # on the stands' corners; Shapely's hull of the footprints where it cannot tell)
            if not walls or not self._sweeps_walls(u, here, x, y, ax, ay, facing, files):
                got = (ax, ay)
                break
        return got

    def _sweeps_walls(self, u: Unit, here, x: float, y: float, ax: float, ay: float, facing: float,
                      files: int) -> bool:
        """A straight move from (x, y) to (ax, ay) sweeps impassable ground (4.3.1): `here` the
        stands' corners at the start."""
        ahead = stand_quads(u, x=ax, y=ay, facing=facing, files=files)
        sure = self.ground.sweep_meets_walls(u, np.concatenate([here, ahead]).reshape(-1, 2))
        if sure is not None:
            return sure
        return self.ground.touches(u, GeometryCollection([footprint(u, x=x, y=y, facing=facing, files=files),
                                                          footprint(u, x=ax, y=ay, facing=facing, files=files)]).convex_hull,
                                   "impassable")

    def _nearest(self, u: Unit, x: float | None = None, y: float | None = None) -> tuple[Unit | None, float]:
        px, py = u.x if x is None else x, u.y if y is None else y
        got, dist = self.memo.recall(("nearest", px, py), lambda: self._nearest_now(px, py))
        return (None if got is None else self.st.units[got]), dist

    def _nearest_now(self, px: float, py: float) -> tuple[str | None, float]:
        if not self.enemies:
            return None, math.inf
        here = Point(px, py)
        best, dist = None, math.inf
        # Shapely measures only the enemies the kernel finds within 2 MARGIN of the least
        # distance: the nearest (the first of equals) is always among them (DESIGN seam 6)
        kd = self._targets_group.point_distances(px, py)[:len(self.enemies)]
        close = float(kd.min()) + 2 * MARGIN
        for e, k in zip(self.enemies, kd.tolist()):
            if k > close:
                continue
            d = self.enemy_shapes[e.id].distance(here)
            if d < dist:
                best, dist = e.id, d
        return best, dist

    def prefetch(self, poses) -> None:
        """What a pose's value reads only of the enemy army and the pose, for each of a
        decision's poses (unit, x, y, facing, files, turned) that will be weighed anew (no value
        kept for it; a turned pose's move ahead too, `pose_value`), worked out together (ai/pose_batch.py): the nearest enemy, kept in the memo
        where `_nearest` asks for it, and the enemies within a charge of the pose (4.4), kept
        for `_threats_now` and `_targets_now` this decision."""
        if not self.enemies or not self.memo.enabled:
            return
        new = {}
        for u, x, y, facing, files, turned in poses:
            for pose in [(x, y)] + ([self._ahead(u, x, y, facing, files)] if self._looks_ahead(u, turned) else []):
                key = (self.memo.unit_key(u), *pose, facing, files, False) if pose is not None else None
                if key is not None and key not in new and not self.memo.knows_value(key, self._context(u)):
                    new[key] = (u, *pose, facing, files)
        points = list(dict.fromkeys((x, y) for _, x, y, _, _ in new.values()
                                    if not self.memo.knows(("nearest", x, y))))
        if points:
            for (x, y), (k, d) in zip(points, pose_batch.nearest_all(np.array(points), self._targets_group,
                                                                     self._target_arr, len(self.enemies))):
                self.memo.keep(("nearest", x, y), (self.enemies[k].id, d))
        threats, targets = [], {}
        allowances = []         # (charger, its footprint, the target's) as _value_part, _threats_now, _targets_now ask
        for u, x, y, facing, files in new.values():
            shape = footprint(u, x=x, y=y, facing=facing, files=files)
            quads = stand_quads(u, x=x, y=y, facing=facing, files=files)
            enemy = self._nearest(u, x, y)[0]
            if enemy is not None and u.troop is not Troop.HQ and not (u.missile and not u.cavalry):
                _, mode, goal = self._aim(u, enemy)
                if mode in ("engage", "approach") and not self.st.units[goal].routing:
                    allowances.append((u, shape, self.enemy_shapes[goal]))     # the launch window's
            if not self.memo.knows(("threats", reach_key(u), u.x, u.y, u.facing), (shape,)):
                threats.append((shape, quads))
            if u.troop not in (Troop.HQ, Troop.ARTILLERY) and not (u.missile and not u.cavalry) and \
                    not self.memo.knows(("targets", reach_key(u), x, y, facing), (shape,)):
                targets.setdefault(u.move_row.charge, []).append((shape, quads, u))
        for reach, kind, units, arr, group, asked in (
                [(None, "threats", self.chargers, self._charger_arr, self._chargers, threats)]
                + [(r, "targets", self.enemies + self.routers, self._target_arr, self._targets_group, asked)
                   for r, asked in targets.items()]):
            if asked:
                shapes, quads = [a[0] for a in asked], [a[1] for a in asked]
                for got, near in zip(asked, pose_batch.within_charge(units, arr, group, quads, shapes, reach)):
                    shape = got[0]
                    self._near[(kind, id(shape), reach)] = (shape, near)
                    allowances += ([(e, self.enemy_shapes[e.id], shape) for e, _ in near] if reach is None else
                                   [(got[2], shape, self.enemy_shapes[e.id]) for e, _ in near])
        self.ground.keep_charge_allowances(allowances)

    def _charge_near(self, kind: str, shape, reach, compute) -> list:
        """The enemies within a charge of `shape` as `prefetch` found them, else `compute()`."""
        got = self._near.pop((kind, id(shape), reach), None)
        return got[1] if got is not None and got[0] is shape else compute()

    def _lane(self, u: Unit, x: float, y: float, facing: float):
        """The 8 cm straight ahead of the unit's front (kept a whole game: it reads only the
        unit's width and the pose)."""
        return self.memo.recall_lasting(("lane", u.width, x, y, facing), lambda: _lane_shape(u, x, y, facing))

    def _lane_blocked(self, u: Unit, shape, x: float, y: float, facing: float) -> bool:
        """A friendly unit within 8 cm straight ahead: it blocks charges (4.4) and shooting
        (4.5.2) and the unit cannot pass it without disorder (4.3.2)."""
        if not len(self._friends):
            return False
        # only friends (but itself) the kernel finds within MARGIN of the lane can meet it
        near = [self._friend_ids[k] for k in self._friends.within(
            lane_quad(x, y, facing, u.width / 2 - 0.5, LANE_CM), MARGIN) if self._friend_ids[k] != u.id]
        if not near:
            return False
        lane = self._lane(u, x, y, facing)
        return any(self.friend_shapes[fid].intersects(lane) for fid in near)

    def _crossing(self, fid: str):
        """The bridge, ford or stream a receiving clan faces (clan_plan: receive), by its feature id."""
        return next(f for f in self.st.terrain if f.id == fid)

    def _wading(self, u: Unit) -> bool:
        """u stands in difficult ground now (4.3.1); kept a whole game under all it reads (the
        kind the ground is resolved for, and the stands where it stands)."""
        return self.memo.recall_lasting(("wading", u.cavalry, u.stands, u.files, u.stand_w, u.stand_d, u.x, u.y, u.facing),
                                        lambda: self.ground.touches(u, footprint(u), "difficult"))

    def _threats(self, u: Unit, shape, quads=None) -> list[Unit]:
        """Enemies that could charge `shape` at their next activation (rough reach, 4.4; with a
        plan, the turn to face it counted as the rules count it). `quads`: the stands of
        `shape`, by default the unit's where it stands."""
        got = self.memo.recall(("threats", reach_key(u), u.x, u.y, u.facing),
                               lambda: self._threats_now(u, shape, stand_quads(u) if quads is None else quads),
                               (shape,))
        return [self.st.units[e] for e in got]

    def _threats_now(self, u: Unit, shape, quads) -> tuple[str, ...]:
        # reads of u only its reach_key and pose (the memo's key, ai/pose_memo.py)
        near = self._charge_near("threats", shape, None, lambda: _within_charge(
            self.chargers, self._charger_arr, self._chargers, quads, shape))
        out = []
        for e, d in near:
            allowance = self.ground.charge_allowance(e, self.enemy_shapes[e.id], shape)
            if self.commander is not None:
                # the need reads u where it stands, not the pose weighed: the same for all
                # of a unit's poses, so kept under what it reads (as the threats above)
                d = self.memo.recall(("need", e.id, reach_key(u), u.x, u.y, u.facing, allowance),
                                     lambda: _charge_need(e, _posed(u, shape), allowance))
            if d <= allowance:
                out.append(e.id)
        return tuple(out)

    def _threat_count(self, threats: list[Unit]) -> float:
        """How many enemies could charge first (each weighed by _first_weight)."""
        return sum(self._first_weight(e) for e in threats)

    def _first_weight(self, e: Unit) -> float:
        """1 for an enemy that may yet act before this side's next activation; with a plan,
        0.5 for one whose clan has had its activation this turn (4.1): it charges or shoots
        first next turn only if its side wins the initiative (3)."""
        if self.commander is None:
            return 1.0
        st = self.st
        clan = st.clans.get(e.clan)
        spent = (e.hatamoto and e.side in st.general_used_sides) or \
            (clan is not None and clan.attempted and not clan.active)
        return 0.5 if spent else 1.0

    def _targets(self, u: Unit, shape, x: float | None = None, y: float | None = None,
                 facing: float | None = None, quads=None) -> list[Unit]:
        """Enemies `u` could charge from `shape` at its next activation (rough reach, 4.4; with
        a plan and the pose given, the turn to face the target counted). `quads`: the stands
        of `shape`, by default the unit's where it stands."""
        if u.troop in (Troop.HQ, Troop.ARTILLERY):
            return []
        where = (x, y, facing) if x is not None else (u.x, u.y, u.facing, facing)
        got = self.memo.recall(("targets", reach_key(u)) + where,
                               lambda: self._targets_now(u, shape, x, y, facing,
                                                         stand_quads(u) if quads is None else quads), (shape,))
        return [self.st.units[e] for e in got]

    def _targets_now(self, u: Unit, shape, x, y, facing, quads) -> tuple[str, ...]:
        # reads of u only its reach_key and the pose weighed (the memo's key, ai/pose_memo.py)
        near = self._charge_near("targets", shape, u.move_row.charge, lambda: _within_charge(
            self.enemies + self.routers, self._target_arr, self._targets_group, quads, shape, u.move_row.charge))
        out = []
        there = _posed(u, shape, x, y, facing) if near and facing is not None else None
        for e, d in near:
            allowance = self.ground.charge_allowance(u, shape, self.enemy_shapes[e.id])
            if there is not None:
                d = _charge_need(there, e, allowance)
            if d <= allowance:
                out.append(e.id)
        return tuple(out)

    def _can_charge(self, u: Unit, x: float, y: float, facing: float, files: int, e: Unit) -> bool:
        """The rules' charge plan (4.4) from the pose: turning, run, ground and friends in the way."""
        there = _posed(u, None, x, y, facing)
        there.files = files
        try:
            CH.plan(self.st, there, e)
            return True
        except RuleError:
            return False

    def _target_worth(self, e: Unit) -> float:
        """4.2.1: a disordered target fights with one rank at -1; 5.1: a charge that reaches
        routers destroys them; 5.2: the hatamoto counts 2 points, the HQ 3; a scenario
        objective wins at once (ruling D-85)."""
        base = 3.0 if e.routing else 2.0 if e.disordered else 1.0
        return base * (1 + 0.25 * (points(e) - 1)) + (OBJECTIVE_WORTH if e.id in self.objectives else 0.0)

    def _value(self, u: Unit, x: float, y: float, facing: float, files: int,
               disordered: bool = False) -> float:
        key = (self.memo.unit_key(u), x, y, facing, files, disordered)
        return self.memo.recall_now(key, lambda: self._value_now(u, x, y, facing, files, disordered, key))

    def _value_now(self, u: Unit, x: float, y: float, facing: float, files: int,
                   disordered: bool, key: tuple) -> float:
        """The pose's value: what it reads of the enemy, the unit and the side's plans kept
        across decisions (ai/pose_memo.py ValueBook), its friends' terms worked out each time.
        `key`: the unit's key and the pose (`_value`'s)."""
        part = self.memo.recall_value(key, self._context(u),
                                      lambda: self._value_part(u, x, y, facing, files, disordered))
        return self._with_friends(u, x, y, facing, files, part)

    def _context(self, u: Unit) -> tuple:
        """What a pose's value reads of this decision besides the unit, the pose, the enemy army
        and the ground (ValueBook.begin): the personality as the clock runs, the clan's plan
        (with the crossing a receiving clan faces), the unit's aim, the clock's pressure and the unit's matchups (4.6.5)."""
        got = self._contexts.get(u.id)
        if got is None:
            plan = self.plans.get(u.clan)
            mu = self.mu
            got = self._contexts[u.id] = (
                self.p, None if plan is None else (plan.state, plan.target, plan.crossing),
                None if self.commander is None else (self.commander.aims.get(u.id), self.commander.army.pressure),
                None if mu is None else tuple((mu.att.get((u.id, e.id)), mu.dfn.get((u.id, e.id)))
                                              for e in self.enemies + self.routers))
        return got

    def _with_friends(self, u: Unit, x: float, y: float, facing: float, files: int, part) -> float:
        """The value from its part that reads no friend (`_value_part`): the command range
        (1.9), the lanes ahead (4.4, 4.5.2), then the ground's terms in their order."""
        value, ground = part
        if ground is None:
            return value
        quads = stand_quads(u, x=x, y=y, facing=facing, files=files)
        pose = {"x": x, "y": y, "facing": facing, "files": files}
        if self._out_of_command(u, None, quads, pose):
            value -= 0.4                                 # 1.9: an obedience test to move next turn
        # both lane questions in one kernel call; Shapely only where it cannot tell (MARGIN)
        half = u.width / 2 - 0.5
        blocked, in_way = self._friends.friend_terms(quads, x, y, facing, half, LANE_CM, self._friend_lanes,
                                                     self._friend_at.get(u.id, -1), self._lane_at.get(u.id, -1),
                                                     MARGIN)
        if blocked == UNSURE or half <= 0.0:
            blocked = self._lane_blocked(u, None, x, y, facing)
        if blocked:
            value -= 0.5                                 # a friend in front: no charge or shot past it
        if in_way == UNSURE:
            in_way = self._in_friends_lane(u, quads, pose)
        if in_way:
            value -= 0.3                                 # standing in a fighting friend's way
        for term in ground:
            value += term
        ends = self._queue.get(u.id)
        if ends:
            # another friend has the crossing's end: keep out of its room (4.3.2)
            value -= QUEUE * crossing_axis.queued(self.routes.crossings(self.st), u, ends, x, y, facing, files)
        return value

    def _aim(self, u: Unit, enemy: Unit) -> tuple:
        """(the clan's plan, what it asks of u (`_unit_mode`), the enemy u closes on: the one
        it goes for once engaged, the plan's target approaching or pursuing, else `enemy`, the
        nearest to the pose weighed)."""
        plan = self.plans.get(u.clan)
        mode = _unit_mode(u, plan, self._wading(u))
        goal = self.commander.aims.get(u.id, plan.target) if mode == "engage" else \
            plan.target if mode in ("approach", "pursue") else ""
        return plan, mode, goal if goal in self.enemy_shapes else enemy.id

    def _in_friends_lane(self, u: Unit, quads, pose: dict) -> bool:
        """The pose's stands `quads` meet a fighting friend's lane ahead (4.4, 4.5.2): only the
        lanes the kernel finds within MARGIN are asked of Shapely."""
        return any(fid != u.id and lane.intersects(footprint(u, **pose)) for fid, lane in (
            self._friend_lane_list[k] for k in self._friend_lanes.within(quads, MARGIN)))

    def _value_part(self, u: Unit, x: float, y: float, facing: float, files: int,
                    disordered: bool = False) -> tuple[tuple[float, tuple | None], bool]:
        """((value before the friends' terms, the ground's terms to add after them), keep), or
        ((the whole value, None), keep) where no friend counts; keep is False where a charge
        the pose promises was checked with the rules' charge plan (it reads friends in the
        way, 4.4): such a part is good for this pose now only."""
        keep = True
        enemy, dist = self._nearest(u, x, y)
        if enemy is None:
            return (0.0, None), keep
        fwd = direction(facing)
        to_e = (enemy.x - x, enemy.y - y)
        norm = math.hypot(*to_e) or 1.0
        facing_score = (fwd[0] * to_e[0] + fwd[1] * to_e[1]) / norm      # 1 when facing it
        value = 0.6 * facing_score
        shape = footprint(u, x=x, y=y, facing=facing, files=files)
        quads = stand_quads(u, x=x, y=y, facing=facing, files=files)
        threats = self._threats(u, shape, quads)
        if u.troop is Troop.HQ:
            return (-3.0 * self.p.caution * len(threats), None), keep
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
            plan, mode, goal = self._aim(u, enemy)
            if mode == "receive":
                # its gap is to the water (below), not to the enemy: of the way it reads only
                # whether it wades - the way's length and the turn toward it would be dropped
                eff, wades = 0.0, self.ground.wades(u, shape, self.enemy_shapes[goal], files)
            else:
                eff, wades = self.ground.approach(u, shape, self.enemy_shapes[goal], files)
            turn = 0.0
            if plan is not None and mode != "receive":
                # a charge must first turn to face its target, at most half the charge move
                # (4.4): the turn counts as part of the way, so a unit lines up as it closes
                # (toward the way's next point where it goes round a river, over the axis of
                # a bridge or ford: facing the enemy across the water leads off the crossing)
                g = self.st.units[goal]
                tx, ty = self.ground.heading(u, shape, self.enemy_shapes[goal], files) or (g.x, g.y)
                turn = _turn_cost(u, x, y, facing, tx, ty)
            reform = (disordered or wades or self.ground.touches(u, shape, "difficult", self.ground.box(shape))) \
                and u.troop is not Troop.PEASANT
            if mode in ("engage", "approach") and not self.st.units[goal].routing:
                # 4.4: a charge earns its bonus (4.6.3) only with a straight run of at least
                # half the charge move: close to a launch window inside charge reach, not to
                # the 3 cm a normal move may reach, where neither side's charge has the bonus
                # (measured with the ground's allowance: across a stream the charge is halved,
                # a third for cavalry, 4.3.1, so there is no launch window: cross first)
                lo, hi = launch_window(u)
                allowance = self.ground.charge_allowance(u, shape, self.enemy_shapes[goal])
                if 0.0 < allowance < lo:
                    # across or in difficult ground the charge is cut (4.3.1): the window is
                    # the cut charge's, with room left for the turn to face the run (4.4)
                    lo, hi = allowance / 2 + 0.5, 0.8 * allowance
                if allowance >= lo:
                    eff = max(0.0, eff - hi) + 2.0 * max(0.0, lo - eff)
                    # a turn of more than half the allowance and the rules refuse the charge
                    turn += 2.0 * max(0.0, turn - allowance / 2)
                if goal != enemy.id and not enemy.routing:
                    eff += 2.0 * max(0.0, lo - dist)     # nor that close to another enemy
            eff += turn
            if mode == "receive":
                # on its own bank, just outside the charge reach of an enemy at the crossing's
                # end (4.4; the way over the river is the crossing alone, 4.3.1); at a stream,
                # whatever comes out is disordered and may not charge (4.3.1, 4.2.1): within
                # the unit's own charge of the water, a stand's depth and a cm to spare
                crossing = self._crossing(plan.crossing)
                off = receive_off(u, self.st.units.get(plan.target, enemy)) if crossing.kind in CROSSINGS else \
                    u.move_row.charge - u.stand_d - 1.0
                eff = abs(crossing.shape.distance(shape) - off)
            elif mode in ("form_up", "hold", "fall_back", "reform"):
                # stand just outside the nearest enemy's charge reach (4.4), a move further
                # when falling back: closer is danger, further is time lost
                off = enemy.move_row.charge + BAND_CM if may_charge_soon(enemy) else 3.0
                if mode == "fall_back":
                    off += u.move_row.normal
                # the turn to face (4.3.5.2, 4.4) is in eff: the distance from charging. It lets a
                # badly facing pose too close look nearer the band; judging the band on the real
                # distance cost charges and decisive games (docs/ai.md, "Band turn as a cost")
                eff = abs(eff - off)
            value -= self.p.aggression * MOVE_WORTH * (eff / u.move_row.normal + reform)
            if self.objectives:
                # the scenario's way to win at once draws the fighting units on (ruling D-85)
                goal = min(self.ground.approach(u, shape, g, files)[0] for g in self.objectives.values())
                value -= self.p.aggression * MOVE_WORTH * OBJECTIVE_PULL * goal / u.move_row.normal
            if threats and mode == "engage" and self.mu is not None:
                # engaged, only the enemies that beat it in a charge are to be feared (4.6.5),
                # and less so as the clock presses (5.2): a battle is not won out of reach;
                # so too for a unit wading across on its way in (4.3.1): it commits
                bar = -3.0 * self.commander.army.pressure
                threats = [e for e in threats if self.mu.dfn.get((u.id, e.id), 0.0) < bar]
            if threats:
                # 4.2.1: a disordered unit receives the charge at -1 with one rank; in good
                # order the first to activate charges, with the bonus (4.6.3)
                fear = 3.0 if mode in ("form_up", "hold", "fall_back", "reform", "receive") else 1.0
                n = self._threat_count(threats)
                value -= fear * self.p.caution * (1.6 if disordered else 0.3) * (1 + 0.3 * (n - 1)) * min(1.0, n)
            targets = [] if disordered else self._targets(u, shape, x, y, facing, quads)
            if targets and self.mu is not None:
                # a plan charges only where the unit wins its matchup (4.6.5)
                targets = [e for e in targets if e.routing or self.mu.att.get((u.id, e.id), 0.0) > -0.2]
            # hard checks with the rules' charge plan (4.4) that the charge could be made; so
            # does easy (no plan, no matchups), which has no finer judgment of which enemy it
            # could charge (docs/ai.md, "Easy lines up its charges")
            if targets and (self.exact if self.mu is not None else self.commander is None):
                targets = [e for e in targets if self._can_charge(u, x, y, facing, files, e)]
                keep = False                              # the charge plan reads friends in the way
            if targets:
                # a winning matchup makes the target worth more, but never as much as the
                # charge itself (scored from the exact odds): reach is a means, not the end
                best = max(self._target_worth(e) * (1 + 0.3 * max(0.0, self.mu.att.get((u.id, e.id), 0.0) if self.mu else 0.0))
                           for e in targets)
                value += TARGET_PULL * self.p.aggression * best
            # 4.5.1, 4.5.4: waiting in front of enemy shooters costs stands; less so on the
            # way to a charge that will reach them next turn
            danger = self.fire.danger(u, shape, self._first_weight, self.ground.box(shape))
            value -= self.p.caution * (0.1 if targets else 0.25) * danger
        if disordered:
            # still to reform (4.2.2): dear with the enemy close by; further off a fighting
            # unit counts the reform turn in its approach above, a shooter its -1 (4.5.4)
            if dist <= u.move_row.normal + enemy.move_row.charge + 6.0:
                value -= 0.4 * self.p.caution
            elif u.missile and not u.cavalry:
                value -= 0.15 * self.p.caution
        ground = []
        for feat in self.ground.features_touching(shape):
            row = feat.row
            if row.cover and u.missile:
                ground.append(0.5 * self.p.caution)
            if row.hill:
                ground.append(0.3)
            if row.effect in ("difficult", "river") and not row.building and u.troop is not Troop.PEASANT:
                ground.append(-(0.3 if u.cavalry else 0.1))   # slowed; cavalry may not charge out
                if self.commander is not None and dist <= enemy.move_row.charge + u.move_row.normal \
                        and _unit_mode(u, self.plans.get(u.clan)) != "engage":
                    # 4.3.1, 4.2.1: wading in near the enemy disorders the unit where it
                    # cannot reform (moving on disorders it again) and may be charged at -1
                    ground.append(-(1.0 * self.p.caution))
        if self.commander is not None and crossing_axis.blocks(self.routes.crossings(self.st), u, shape, files):
            ground.append(-BLOCKING)     # a line across a crossing's end blocks the way over (4.3.1)
        return (value, tuple(ground)), keep      # value - t adds -t: the same sums as before


def receive_off(u: Unit, holder: Unit) -> float:
    """cm a unit receiving at a bridge or ford stands off the crossing's end on its bank: out
    of the charge reach (4.4) of the enemy at that end, and the enemy out of its own until a
    whole column (1.5, 4.3.5.4) has come off the crossing - room to come over and form, so
    that the side going over crosses and the battle is fought on this bank (issue 19: a
    column stepping off into the receivers' reach waited there all game)."""
    return max(holder.move_row.charge, u.move_row.charge) + BAND_CM + holder.stands * holder.stand_d


def launch_window(u: Unit) -> tuple[float, float]:
    """cm from its target a unit would charge from with the bonus (4.4: a straight run of at
    least half the charge move), leaving room for a turn at the start."""
    c = float(u.move_row.charge)
    return c / 2 + 1.0, 0.8 * c


def _lane_shape(u: Unit, x: float, y: float, facing: float):
    fwd = direction(facing)
    return LineString([(x, y), (x + LANE_CM * fwd[0], y + LANE_CM * fwd[1])]).buffer(u.width / 2 - 0.5, cap_style="flat")


def _unit_mode(u: Unit, plan, wading: bool = False) -> str:
    """What the clan plan asks of this unit: a disordered unit reforms first whatever its
    clan does, for it may not charge (4.2.1, 4.2.2) - unless it is wading while its clan
    approaches or engages (in difficult ground it cannot reform: its next move disorders it
    again, ruling D-41), when it goes on across; "" without a plan."""
    if plan is None:
        return ""
    if u.disordered and plan.state in ("engage", "form_up", "approach", "receive") and not u.in_melee_with \
            and not (wading and plan.state in ("engage", "approach")):
        return "reform"
    return plan.state


def _posed(u: Unit, shape, x=None, y=None, facing=None) -> Unit:
    """A copy of u at a pose it is weighing (nothing in the game changes)."""
    there = copy.copy(u)
    if x is not None:
        there.x, there.y, there.facing = x, y, facing
    return there


def _charge_need(u: Unit, t: Unit, allowance: float) -> float:
    """cm of charge move u needs to reach t as the rules measure it (4.4: the turn to face the
    run, then the run to the contact point; the charge plan's own geometry, without the ground
    and friends in the way); infinite when the turn alone costs more than half the allowance."""
    rx, ry, _ = CH.final_pose(u, t, C.side_of(t, u, stand_quads(u)), aligned=False)
    run = math.hypot(rx - u.x, ry - u.y)
    turn = _turn_cost(u, u.x, u.y, u.facing, rx, ry, allowance) if run > 1e-6 else 0.0
    return turn + run


def _turn_cost(u: Unit, x: float, y: float, facing: float, tx: float, ty: float,
               allowance: float | None = None) -> float:
    """cm of a charge the turn from `facing` at (x, y) toward (tx, ty) costs (4.4, the rules'
    rotation_cost); beyond half the allowance the rules refuse the charge: infinite."""
    heading = math.degrees(math.atan2(ty - y, tx - x)) % 360
    diff = (heading - facing + 180) % 360 - 180
    cost = CH.rotation_cost(u, diff)
    return math.inf if allowance is not None and cost > allowance / 2 else cost


def _shapes(shapes: dict, units: list[Unit]) -> np.ndarray:
    return np.array([shapes[e.id] for e in units], dtype=object)


def _within_charge(units: list[Unit], arr: np.ndarray, group: UnitGroup, quads, shape,
                   reach: float | None = None) -> list[tuple[Unit, float]]:
    """(unit, distance) for the units whose footprint lies within a 4.4 charge column of
    `shape` (their own, or `reach`): `arr` their footprints, `group` their stands, `quads`
    the stands of `shape` (ai/pose_batch.py, for one pose)."""
    return pose_batch.within_charge(units, arr, group, [quads], [shape], reach)[0]
