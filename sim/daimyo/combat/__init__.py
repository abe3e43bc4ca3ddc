"""Daimyo combat (issue 3): the seams the turn sequence (game.py) calls. Each rule lives in a
module named for it: charge, reactions, shooting, melee, morale, rout, duels, victory, weather,
random_event; common holds the shared geometry and bookkeeping.

Orders: Charge (orders step), Shoot (shooting step), Challenge (a 4.4 duel, orders or leaders
step). Decisions (`state.pending`, newest first): "reaction" -> React(choice), "rally" ->
Rally(attempt), "challenge" -> Challenge (empty leader declines), "duel" -> AnswerChallenge.
Events: combat/events.py; every move carries its full path of (x, y, facing) poses."""
from __future__ import annotations

from sim.core.errors import RuleError
from sim.core.events import Note
from sim.daimyo import command
from sim.daimyo.model import Troop
from sim.daimyo.state import DaimyoState, Decision
from sim.daimyo.surroundings import centre, footprint, in_melee

from . import charge as CH
from . import common as C
from . import duels, melee, morale, random_event as RE, reactions, rout, shooting, weather
from . import victory as V
from .actions import AnswerChallenge, Challenge, Charge, FollowUp, Rally, React, Shoot

__all__ = ["before_battle", "start_of_turn", "start_of_activation", "charge_candidates",
           "shoot_candidates", "handles", "validate", "execute", "decision_actions",
           "validate_decision", "execute_decision", "melee_step", "end_of_turn_morale",
           "random_events", "victory", "scores", "allowed_orders", "check_order",
           "leader_candidates", "obligation", "check_end_movement", "Charge", "React", "Shoot", "Rally", "Challenge", "AnswerChallenge", "FollowUp"]


def before_battle(game) -> None:
    """5.2: the scenario's share of losses that breaks each army and its own victory
    conditions; 6.2 the season."""
    weather.roll_season(game)
    for army in game.scenario.get("armies", []):
        if "victory_share" in army and army["side"] in game.state.armies:
            game.state.armies[army["side"]].victory_share = float(army["victory_share"])
    game.state.victory_conditions = [dict(v) for v in game.scenario.get("victory", [])]


def start_of_turn(game) -> None:
    """Clear the per-turn combat flags."""
    st = game.state
    for u in st.units.values():
        u.charge_target = ""
        u.charge_bonus = False
        u.charged_by = []
        u.hit_by_shooting = False
        u.morale_reasons = []
        u.pursuing = False
        u.rout_moved = False
        u.rallied = False
    st.melee_fought = []
    st.leader_deaths = []
    st.challengers = []
    weather.turn_weather(game)             # 6.2
    RE.start_of_turn(game)                 # 5.3 the event in force


def start_of_activation(game) -> None:
    """4.1 step 1: routing and frenzied units of the clan may try to rally (a decision each);
    then the clan's routers make their rout moves (ruling D-51)."""
    st = game.state
    if not st.active_clan:
        return
    RE.clan_activated(game)                # 5.3 events of the first activated clan
    for u in st.clan_units(st.active_clan):
        if not u.activated and rout.rally_options(st, u):
            st.pending.append(Decision(u.side, "rally", {"unit": u.id}))
    if not any(d.kind == "rally" for d in st.pending):
        rout.routers_move(game, st.active_clan)
        rout.frenzied_pursuits(game, st.active_clan)


# -- orders -------------------------------------------------------------------------------
def charge_candidates(st: DaimyoState, unit) -> list:
    """4.4: one Charge per enemy the unit can reach (frenzied units: enemies ahead only, 5.1);
    a fanatic that can reach its nearest visible enemy is offered that charge alone (5.3)."""
    if not _may_charge(st, unit):
        return []
    nearest = RE.fanatic_target(st, unit)
    if nearest is not None and _can_charge(st, unit, nearest):
        return [Charge(unit.side, unit.id, nearest.id)]
    reach = unit.move_row.charge + unit.width
    fp = footprint(unit)
    return [Charge(unit.side, unit.id, t.id) for t in st.living()
            if t.side != unit.side and fp.distance(footprint(t)) <= reach
            and not (unit.frenzied and not _ahead(unit, t)) and _can_charge(st, unit, t)]


def _ahead(unit, t) -> bool:
    """5.1: the enemy "in front of" a frenzied unit: its centre lies ahead of the front edge."""
    return C.frame(unit, centre(t)[None, :])[0, 0] > 0


def _can_charge(st, unit, t) -> bool:
    try:
        CH.plan(st, unit, t)
    except RuleError:
        return False
    return True


def _may_charge(st, u) -> bool:
    """4.4, 4.2.1, 5.1, 6.1: who may be offered a charge at all (geometry is checked by plan)."""
    return not (u.troop in (Troop.HQ, Troop.ARTILLERY) or u.disordered or u.charge_target
                or u.move_used > 0 or u.routing or u.halted_turns > 0 or in_melee(st, u))


def obligation(st: DaimyoState, unit) -> tuple[str, list]:
    """(rule, charges) when the unit must charge now: 5.1 frenzied units charge a reachable
    enemy in front of them; 5.3 fanatics charge their nearest visible enemy if they can reach
    it (ruling D-81). ("", []) when the unit is free."""
    if not (unit.frenzied or RE.fanatic(st, unit)):
        return "", []
    charges = charge_candidates(st, unit)
    nearest = RE.fanatic_target(st, unit)
    if nearest is not None and charges and charges[0].target == nearest.id:
        return "5.3", charges
    return ("5.1", charges) if unit.frenzied and charges else ("", [])


def allowed_orders(st: DaimyoState, unit, orders: list) -> list:
    """Movement orders the combat rules still allow: none in melee (4.6) or under a charge
    obligation (5.1 frenzy, 5.3 fanaticism); a halted unit only stands or, in its second
    turn, turns about (5.1 Halt, ruling D-80)."""
    if in_melee(st, unit) or obligation(st, unit)[1]:
        return []
    if unit.halted_turns > 0:
        return [a for a in orders if a.kind == "Hold" or (a.kind == "Turn" and abs(a.angle) == 180)]
    return orders


def check_order(st: DaimyoState, action) -> None:
    unit = st.units[action.unit]
    if in_melee(st, unit) and action.kind != "Hold":
        raise C.err("4.6", f"{unit.id} is in melee and may not leave it voluntarily")
    rule, charges = obligation(st, unit)
    if charges:
        raise C.err(rule, f"{unit.id} must charge ({', '.join(c.target for c in charges)}), not {action.kind}")
    if unit.halted_turns > 0 and not (action.kind == "Hold" or (
            action.kind == "Turn" and abs(action.angle) == 180 and unit.halt_about_face)):
        raise C.err("5.1", f"{unit.id} is halted: it stands still (in its second turn it may turn 180 degrees)")


def check_end_movement(st: DaimyoState) -> None:
    """5.1 / 5.3: the movement step may not end while a unit still must charge."""
    for unit in command.orderable_units(st):
        rule, charges = obligation(st, unit)
        if charges:
            raise C.err(rule, f"{unit.id} must charge ({', '.join(c.target for c in charges)}) "
                              "before the movement step ends")


def shoot_candidates(st: DaimyoState) -> list:
    return [Shoot(u.side, u.id) for u in st.living(st.to_move)
            if C.is_active(st, u) and not shooting.may_shoot(st, u) and shooting.targets(st, u)]


def leader_candidates(st: DaimyoState, side: str) -> list:
    return duels.duel_candidates(st, side)


def handles(action) -> bool:
    return isinstance(action, (Charge, Shoot, Challenge, React, Rally, AnswerChallenge, FollowUp))


def validate(game, action) -> None:
    st = game.state
    if isinstance(action, Charge):
        if st.phase != "orders":
            raise C.err("4.4", "charges are declared in the movement step of an activation")
        command.check_orderable(st, action.unit)
        u = st.units[action.unit]
        t = st.units.get(action.target)
        if t is None or not t.alive or t.side == u.side:
            raise C.err("4.4", f"no enemy unit {action.target!r} to charge")
        if u.disordered:
            raise C.err("4.2.1", f"{u.id} is disordered and may not declare a charge")
        if in_melee(st, u):
            raise C.err("4.6", f"{u.id} is in melee")
        if u.move_used > 0 or u.charge_target:
            raise C.err("4.4", f"{u.id} has already moved this activation (ruling D-62)")
        if u.halted_turns > 0:
            raise C.err("5.1", f"{u.id} is halted and may not charge")
        rule, charges = obligation(st, u)
        if charges and action not in charges:
            raise C.err(rule, f"{u.id} must charge {' or '.join(c.target for c in charges)}")
        if u.frenzied and rule != "5.3" and not _ahead(u, t):
            raise C.err("5.1", "a frenzied unit charges the enemy in front of it")
        CH.plan(st, u, t)
    elif isinstance(action, Shoot):
        if st.phase != "shooting":
            raise C.err("4.5", "shooting takes place after movement")
        u = st.units.get(action.unit)
        if u is None or not u.alive or u.side != action.side:
            raise C.err("4.5", f"no unit {action.unit!r} of yours")
        if not C.is_active(st, u):
            raise C.err("4.5", "only units of the active clan shoot")
        why = shooting.may_shoot(st, u)
        if why:
            raise C.err("4.5", why)
        if not shooting.checked_targets(st, u):
            raise C.err("4.5", f"{u.id} has no enemy in range, arc and sight")
    elif isinstance(action, Challenge):
        if st.phase not in ("orders", "leaders"):
            raise C.err("4.4", "leaders challenge when they move")
        duels.check_duel(st, action)
    else:
        raise C.err("4.4", f"{action.kind} answers a decision, and none is awaited")


def execute(game, action) -> None:
    st = game.state
    if isinstance(action, Charge):
        if command.obeys(game, action.unit):          # 1.9 outside command range
            reactions.declare(game, st.units[action.unit], st.units[action.target])
        melee.refresh_melee_lists(st)
    elif isinstance(action, Shoot):
        shooting.shoot(game, st.units[action.unit])
    elif isinstance(action, Challenge):
        duels.challenge(game, st.leaders[action.leader], st.leaders[action.target], False)


# -- decisions ----------------------------------------------------------------------------
def decision_actions(game, decision: Decision) -> list:
    d = decision
    if d.kind == "reaction":
        return [React(d.side, d.data["target"], c) for c in d.data["choices"]]
    if d.kind == "rally":
        return [Rally(d.side, d.data["unit"], True), Rally(d.side, d.data["unit"], False)]
    if d.kind == "challenge":
        return duels.challenge_actions(d)
    if d.kind == "duel":
        return duels.answer_actions(d)
    if d.kind == "follow_up":
        return [FollowUp(d.side, d.data["unit"], True), FollowUp(d.side, d.data["unit"], False)]
    return []


_RULE = {"reaction": "4.4", "rally": "4.2.2", "challenge": "4.6.4", "duel": "4.4",
         "follow_up": "4.6.6"}


def validate_decision(game, decision: Decision, action) -> None:
    if action not in decision_actions(game, decision):
        raise C.err(_RULE.get(decision.kind, "4.4"),
                    f"a {decision.kind} decision is awaited: one of {decision_actions(game, decision)}")


def execute_decision(game, decision: Decision, action) -> None:
    st = game.state
    d = decision
    if d.kind == "reaction":
        reactions.react(game, d.data["charger"], d.data["target"], action.choice)
    elif d.kind == "rally":
        if action.attempt:
            rout.rally(game, st.units[action.unit])
        if not any(p.kind == "rally" for p in st.pending):
            rout.routers_move(game, st.active_clan)
            rout.frenzied_pursuits(game, st.active_clan)
    elif d.kind == "challenge":
        if action.leader:
            duels.challenge(game, st.leaders[action.leader], st.leaders[action.target], True)
    elif d.kind == "duel":
        duels.answer(game, d, action.accept)
    elif d.kind == "follow_up":
        if action.go:
            melee.carry_on(game, st.units[d.data["unit"]], st.units[d.data["loser"]],
                           d.data["mode"], d.data["distance"])
        else:
            rule = "4.6.6" if d.data["mode"] == "follow_up" else "4.6.8"
            game.emit(Note(f"{d.data['unit']} holds its obstacle: no {d.data['mode'].replace('_', ' ')}", rule))
    melee.end_melees(game)                 # 4.2.1 cause 6
    melee.refresh_melee_lists(st)


# -- steps --------------------------------------------------------------------------------
def melee_step(game) -> None:
    melee.melee_step(game)


def end_of_turn_morale(game) -> None:
    """5 step 1: routers that have not moved run (ruling D-51), then the 5.1 tests; units
    routed a second time are removed (4.2.2.1)."""
    st = game.state
    rout.routers_move(game, None)
    morale.end_of_turn(game)
    from sim.daimyo.effects import remove_unit
    for u in st.living():
        if u.remove_at_end_of_turn:
            remove_unit(game, u, "dispersed", "4.2.2.1")
    melee.end_melees(game)                 # 4.2.1 cause 6
    melee.refresh_melee_lists(st)


def random_events(game) -> None:
    RE.roll(game)                          # 5.3 (optional)


def victory(st: DaimyoState):
    return V.victory(st)


def scores(st: DaimyoState) -> dict[str, float]:
    return V.scores(st)
