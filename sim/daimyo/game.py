"""The Daimyo game: the turn sequence (2, 3, 4.1, 5) driving orders through the protocol.

A turn: initiative (3) -> the holder chooses who activates first -> sides alternate clan
activation attempts (4.1); an activated clan gives movement orders, then shooting, then its
melees are fought -> end of turn: morale (5.1), victory (5.2), disorder removal, leader moves,
random events (5.3). Rule modules do the work; this file only sequences them.
"""
from __future__ import annotations

from types import MappingProxyType

from sim.core.errors import RuleError
from sim.core.protocol import Action, Game, Result
from sim.daimyo import actions as A
from sim.daimyo import artillery, combat, command, leaders, menus, movement, prepared, preview, scenario_rules
from sim.daimyo.build import build_state
from sim.daimyo.combat.victory import lost, points_down
from sim.daimyo.geometry import table
from sim.daimyo.events import (ClanActivation, GameOver, GeneralActivated, InitiativeRolled, ObedienceTest,
                               OrderChosen, PhaseChanged, RatingRolled, TurnStarted)
from sim.daimyo.model import LeaderKind
from sim.daimyo.prepared import ScenarioGames
from sim.daimyo.scenario import parse
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables

ORDER_ACTIONS = (A.Move, A.Wheel, A.Turn, A.FallBack, A.Reform, A.Hold)


def _with_options(scenario: dict, options: dict) -> dict:
    """The scenario with CLI/batch options laid over its [options] table (6.1, 6.2, 5.3
    switches, max_turns...), so they are validated and saved exactly like the file's own."""
    if not options:
        return scenario
    options = dict(options)
    if "turn_limit" in options:          # the generic batch option name
        options["max_turns"] = options.pop("turn_limit")
    merged = {**scenario, "options": {**scenario.get("options", {}), **options}}
    last = options.get("max_turns")
    if isinstance(last, int) and "victory" in scenario:
        # a game shortened by option: a turn_end condition set later falls at its last turn,
        # so the side the scenario names still wins when time runs out (ruling D-85)
        merged["victory"] = [{**v, "turn": last} if v.get("when") == "turn_end" and isinstance(v.get("turn"), int)
                             and v["turn"] > last else v for v in scenario["victory"]]
    return merged


# The turn's bookkeeping (2, 3, 4.1, 1.9): emitted only where no unit has moved, turned,
# reformed or gone since the last other event, so they leave the table arrays (and a plan or
# target search handed from an order's validation to its execution) standing. Any other event
# makes geometry.table check every unit's pose again.
FLOW_EVENTS = (OrderChosen, ClanActivation, GeneralActivated, PhaseChanged, TurnStarted, InitiativeRolled,
               ObedienceTest)


# the step each turn-flow action belongs to (read-only)
_PHASE_OF = MappingProxyType({A.ChooseOrder: "choose_order", A.ActivateClan: "activation",
                              A.ActivateGeneral: "activation", A.EndActivations: "activation",
                              A.EndMovement: "orders", A.EndShooting: "shooting", A.EndLeaderMoves: "leaders"})


class DaimyoGame(Game):
    system = "daimyo"
    state: DaimyoState

    # -- set-up ----------------------------------------------------------------------------
    @classmethod
    def check(cls, scenario: dict, where: str, **options) -> None:
        parse(_with_options(scenario, options), where)

    @classmethod
    def new(cls, scenario: dict, seed: int, **options) -> "DaimyoGame":
        scenario = _with_options(scenario, options)
        return cls._start(scenario, parse(scenario, "scenario"), seed)   # options validated as the file's

    @classmethod
    def maker(cls, scenario: dict, **options) -> "ScenarioGames":
        """The scenario parsed and checked once, its terrain cut into triangles once (shared by
        its games read-only, sim/daimyo/prepared.py): each game then starts as `new` starts it."""
        scenario = _with_options(scenario, options)
        sc = parse(scenario, "scenario")
        return ScenarioGames(cls, scenario, sc, prepared.ground_triangles(build_state(sc, 0)))

    @classmethod
    def _start(cls, scenario: dict, sc, seed: int, triangles=None) -> "DaimyoGame":
        st = build_state(sc, seed)
        if triangles is not None:
            prepared.share_triangles(st, triangles)
        game = cls(st, scenario, seed)
        game.run_step(game._setup)
        return game

    def _setup(self) -> None:
        st = self.state
        ct = tables().command_rating
        for leader in st.leaders.values():
            if leader.rating == 0:   # 1.7, 1.8: roll on the command rating table
                row = ct.general if leader.kind is LeaderKind.GENERAL else ct.daimyo
                leader.rating = row[self.dice.d6(f"command rating of {leader.name}", "1.8") - 1]
                self.emit(RatingRolled(leader.id, leader.rating))
        combat.before_battle(self)
        self._start_turn()

    # -- protocol --------------------------------------------------------------------------
    def sides(self) -> tuple[str, ...]:
        return tuple(self.state.armies)

    def to_act(self) -> str | None:
        st = self.state
        if st.phase == "over":
            return None
        if st.pending:
            return st.pending[-1].side
        return st.to_move

    def is_over(self) -> bool:
        return self.state.phase == "over"

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        return Result(self.state.winner or None, self.state.over_reason, combat.scores(self.state))

    def view(self, side: str | None) -> dict:
        """Daimyo is played on an open table: both sides see everything, so the view is the
        table itself. Readers (AI, renderer) must treat it as read-only."""
        st = self.state
        return {"turn": st.turn, "phase": st.phase, "to_act": self.to_act(), "table": st}

    def stats(self) -> dict:
        """Numbers for batch runs (sim.batch): losses per side and clan, where units broke."""
        st = self.state
        sides = {s: {"stands_lost": 0, "units_lost": 0, "leaders_killed": 0} for s in st.armies}
        clans = {c.id: {"side": c.side, "stands_lost": 0, "units_lost": 0} for c in st.clans.values()}
        for u in st.units.values():
            if u.gone and not lost(u):
                continue                  # an HQ abandoned on mounting up is no loss (ruling D-47)
            for group in (sides[u.side], clans[u.clan]):
                group["stands_lost"] += u.starting_stands - (0 if u.gone else u.stands)
                group["units_lost"] += 1 if u.gone else 0
        for leader in st.leaders.values():
            sides[leader.side]["leaders_killed"] += 0 if leader.alive else 1
        # where each lost unit left play (remove_unit leaves it there), by side; an HQ abandoned
        # on mounting up is no loss (ruling D-47)
        positions = [(u.x, u.y, u.gone, u.side) for u in st.units.values() if u.gone and lost(u)]
        for side, numbers in sides.items():
            numbers["points_down"] = points_down(st, side)
        return {"turns": st.turn, "sides": sides, "clans": clans,
                "positions": positions, "table": (st.width, st.height)}

    def length(self) -> str:
        return f"{self.state.options['max_turns']} turns"     # Daimyo 5.2: the scenario's limit

    def summary(self) -> str:
        st = self.state
        parts = []
        for side, army in st.armies.items():
            units = st.living(side)
            parts.append(f"{army.name} ({side}): {len({u.clan for u in units})} clans, "
                         f"{len(units)} units, {sum(u.stands for u in units)} stands")
        return f"{self.scenario['meta']['title']} - " + "; ".join(parts)

    # -- legality --------------------------------------------------------------------------
    def apply(self, action: Action):
        with table.in_step(self.state), movement.applying(self.state):
            return super().apply(action)

    def legal_actions(self, side: str) -> list[Action]:
        with table.in_step(self.state):
            return self._legal_actions(side)

    def _legal_actions(self, side: str) -> list[Action]:
        st = self.state
        if side != self.to_act():
            return []
        if st.pending:
            return combat.decision_actions(self, st.pending[-1])
        if st.phase == "choose_order":
            return [A.ChooseOrder(side, True), A.ChooseOrder(side, False)]
        if st.phase == "activation":
            out: list[Action] = [A.ActivateClan(side, c.id) for c in command.clans_to_try(st, side)]
            if command.general_may_activate(st, side):
                out.append(A.ActivateGeneral(side))
            return out + [A.EndActivations(side)]
        if st.phase == "orders":
            return self.orders_menu(side, planned=True)
        if st.phase == "shooting":
            return combat.shoot_candidates(st) + [A.EndShooting(side)]
        if st.phase == "leaders":
            return (leaders.leader_candidates(st, side, during_activation=False)
                    + combat.leader_candidates(st, side) + [A.EndLeaderMoves(side)])
        return []

    def orders_menu(self, side: str, planned: bool) -> list[Action]:
        """The movement step's menu (4.1-4.4). Unplanned, each unit's movement orders are not yet
        tried (menus.menu): a scripted player plans only those it weighs most, and validates
        the one it picks; everything else is exactly as legal_actions offers it."""
        with table.in_step(self.state):
            return self._orders_menu(side, planned)

    def _orders_menu(self, side: str, planned: bool) -> list[Action]:
        st = self.state
        out: list[Action] = []
        for unit in command.orderable_units(st):
            out.extend(combat.allowed_orders(st, unit, menus.menu(st, unit, planned)))
            out.extend(combat.charge_candidates(st, unit))
        out.extend(leaders.leader_candidates(st, side, during_activation=True))
        out.extend(command.mount_up_candidates(st, side))
        out.extend(combat.leader_candidates(st, side))
        try:
            combat.check_end_movement(st)      # 5.1 / 5.3: a unit must charge first
        except RuleError:
            return out
        return out + [A.EndMovement(side)]

    def validate(self, action: Action) -> None:
        st = self.state
        if (why := A.measure_problem(action)):
            raise RuleError("4.3", why, self.system)
        if st.pending:
            combat.validate_decision(self, st.pending[-1], action)
            return
        want = _PHASE_OF.get(type(action))
        if want is not None and st.phase != want:
            raise RuleError("2", f"{action.kind} is not allowed in the {st.phase} step", self.system)
        if isinstance(action, A.EndMovement):
            combat.check_end_movement(st)
        elif isinstance(action, A.ActivateClan):
            command.check_clan_attempt(st, action.side, action.clan)
        elif isinstance(action, A.ActivateGeneral):
            if not command.general_may_activate(st, action.side):
                raise RuleError("4.1", "the General has already been activated this turn", self.system)
        elif isinstance(action, ORDER_ACTIONS):
            preview.order_plan(st, action)      # the plan the view previews (issue 24)
        elif isinstance(action, A.MoveLeader):
            leaders.plan_leader(st, action, during_activation=st.phase == "orders")
        elif isinstance(action, A.MountUp):
            why = ("mount up during the General's activation" if st.phase != "orders"
                   else command.mount_up_problem(st, action.side, action.hatamoto))
            if why:
                raise RuleError("1.7", why, self.system)
        elif combat.handles(action):
            combat.validate(self, action)
        elif want is None:
            raise RuleError("2", f"unknown order {action.kind}", self.system)

    def emit(self, event):
        if not isinstance(event, FLOW_EVENTS):
            table.bump(self.state)    # the table arrays are checked against the state again
        return super().emit(event)

    # -- execution -------------------------------------------------------------------------
    def _execute(self, action: Action) -> None:
        st = self.state
        if st.pending:
            combat.execute_decision(self, st.pending.pop(), action)
            if st.phase == "melee" and not st.pending:
                self._melee()                 # 4.6: the melee step goes on
        elif isinstance(action, A.ChooseOrder):
            first = action.side if action.go_first else st.enemy(action.side)
            self.emit(OrderChosen(action.side, first))
            st.to_move = first
            st.phase = "activation"
        elif isinstance(action, A.ActivateClan):
            self._activate_clan(action.clan)
        elif isinstance(action, A.ActivateGeneral):
            st.active_general = action.side
            command.mark_general_activated(st, action.side)
            self.emit(GeneralActivated(action.side))
            self._enter_orders(clan="")
        elif isinstance(action, A.EndActivations):
            command.forgo_attempts(st, action.side)
            self._next_activation()
        elif isinstance(action, ORDER_ACTIONS):
            # 1.9: a failed test halts the unit; standing still needs no test
            if isinstance(action, A.Hold) or command.obeys(self, action.unit):
                movement.execute(self, movement.plan(st, action))
        elif isinstance(action, A.MountUp):
            command.mount_up(self, action.side, action.hatamoto)
        elif isinstance(action, A.MoveLeader):
            leaders.execute_leader(self, action)
        elif isinstance(action, A.EndMovement):
            st.phase = "shooting"
            self.emit(PhaseChanged("shooting", st.to_move, st.active_clan))
        elif isinstance(action, A.EndShooting):
            st.phase = "melee"
            self._melee()
        elif isinstance(action, A.EndLeaderMoves):
            st.leaders_done.append(action.side)
            other = st.enemy(action.side)
            if other in st.leaders_done:
                self._end_of_turn_after_leaders()
            else:
                st.to_move = other
        else:
            combat.execute(self, action)
        artillery.claim_abandoned(self, self._pending or [])   # 6.1: first unit to reach a gun
        self._check_over()

    def _start_turn(self) -> None:
        st = self.state
        st.turn += 1
        self.emit(TurnStarted(st.turn))
        command.reset_turn(st)
        scenario_rules.start_of_turn(self)   # late clans released, scripted weather
        combat.start_of_turn(self)           # 6.2 weather, 5.3 event in force
        # 3: initiative, 1d6 + General's rating (+1 seated); re-roll ties.
        while True:
            totals = tuple((side, command.initiative_total(self, side)) for side in st.armies)
            (sa, ta), (sb, tb) = totals
            winner = sa if ta > tb else sb if tb > ta else ""
            self.emit(InitiativeRolled(totals, winner))
            if winner:
                break
        st.initiative = winner
        st.to_move = winner
        st.phase = "choose_order"

    def _activate_clan(self, clan_id: str) -> None:
        st = self.state
        clan = st.clans[clan_id]
        clan.attempted = True
        total, success = command.activation_roll(self, clan_id)
        self.emit(ClanActivation(clan_id, total, success))
        if success:
            self._enter_orders(clan_id)
        else:
            self._next_activation()

    def _enter_orders(self, clan: str) -> None:
        st = self.state
        st.active_clan = clan
        st.phase = "orders"
        self.emit(PhaseChanged("orders", st.to_move, clan))
        combat.start_of_activation(self)     # 4.1 step 1: rally attempts; 5.3 events

    def _melee(self) -> None:
        """4.6: the active clan's melees; a follow-up decision (4.6.6) pauses the step."""
        combat.melee_step(self)
        if not self.state.pending:
            self._finish_activation()

    def _finish_activation(self) -> None:
        st = self.state
        command.close_activation(st)
        st.active_clan = ""
        st.active_general = ""
        self._next_activation()

    def _next_activation(self) -> None:
        """4.1: the other player chooses next; a side with nothing left to try is skipped."""
        st = self.state
        if self._check_over():
            return
        other = st.enemy(st.to_move)
        for side in (other, st.to_move):
            if command.has_attempts_left(st, side):
                st.to_move = side
                st.phase = "activation"
                return
        self._end_of_turn()

    def _end_of_turn(self) -> None:
        st = self.state
        st.phase = "end"
        combat.end_of_turn_morale(self)      # 5.1
        if self._check_over():
            return
        command.end_of_turn_reform(self)     # 5.2: remove disorder of reformed/rallied units
        st.phase = "leaders"
        st.leaders_done = []
        st.to_move = st.initiative
        self.emit(PhaseChanged("leaders", st.to_move))

    def _end_of_turn_after_leaders(self) -> None:
        st = self.state
        combat.random_events(self)           # 5.3
        if st.turn >= st.options["max_turns"]:
            # a draw: a scenario's turn_end condition for this turn already decided in the end phase (ruling D-85)
            self._finish("", f"turn limit of {st.options['max_turns']} reached", "options")
            return
        self._start_turn()

    def _check_over(self) -> bool:
        st = self.state
        if st.phase == "over":
            return True
        verdict = combat.victory(st)   # 5.2, the scenario's conditions first (ruling D-85)
        if verdict is not None:
            self._finish(*verdict)
            return True
        return False

    def _finish(self, winner: str, reason: str, rule: str = "5.2") -> None:
        st = self.state
        st.phase = "over"
        st.winner = winner
        st.over_reason = reason
        st.to_move = ""
        self.emit(GameOver(winner, reason, rule))
