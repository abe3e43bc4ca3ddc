"""Charge reactions (4.4, 5.1 reasons 2-4): the charger's test to charge, the charged unit's
test, its choices (stand, closing fire, retire, counter-charge), and carrying them out."""
from __future__ import annotations

from sim.core.errors import RuleError
from sim.core.events import Note
from sim.daimyo import actions as A
from sim.daimyo import movement
from sim.daimyo.effects import moved_by_combat, set_disordered
from sim.daimyo.model import Quality, Troop, Unit
from sim.daimyo.state import Decision
from sim.daimyo.surroundings import centre, clear_of_box, enemies_in_contact, footprint, in_melee

from . import charge as CH
from . import common as C
from . import morale, shooting
from .events import ChargeDeclared, ReactionChosen


def must_test_to_charge(u: Unit) -> bool:
    """4.4 / 5.1 reason 4: missile-armed ashigaru and peasants (never frenzied units)."""
    return not u.frenzied and (u.missile_ashigaru or u.troop is Troop.PEASANT)


def reaction_reason(st, t: Unit, u: Unit, p: CH.ChargePlan | None = None) -> int:
    """The 5.1 reason the charged unit tests for (the higher applies), or 0 for none:
    3 infantry (not Elite, not frenzied) charged by cavalry in the open; 2 missile ashigaru
    and peasants charged by anyone. No test if already in melee or frenzied."""
    fighting = any(v.id != u.id for v in enemies_in_contact(st, t))
    if t.frenzied or fighting or t.routing or t.troop is Troop.HQ:
        return 0
    hull = footprint(u).union(footprint(t)).convex_hull
    in_open = not CH.ground_on(st, u, hull)     # ruling D-67: only open ground or road (D-120)
    if t.infantry and u.cavalry and t.quality is not Quality.ELITE and in_open:
        return 3
    if t.missile_ashigaru or t.troop is Troop.PEASANT:
        return 2
    return 0


def may_countercharge(st, t: Unit, u: Unit) -> bool:
    """4.4: any unit may counter-charge, except infantry against cavalry; not when halted
    (5.1), in melee, routing, an HQ or artillery; cavalry not out of difficult terrain."""
    if t.infantry and u.cavalry or t.troop in (Troop.HQ, Troop.ARTILLERY):
        return False
    if t.halted_turns > 0 or t.routing or in_melee(st, t):
        return False
    if t.cavalry and "difficult" in CH.ground_on(st, t, footprint(t)):       # 4.3.1 (D-120)
        return False
    return _face_pose(st, t, u) is not None


def _face_pose(st, t: Unit, u: Unit):
    """Ruling D-60: a counter-charger meets the charger where it stands, turning about its
    centre to face a flank or rear charger; None if that turn would overlap another unit."""
    if C.side_of(t, u) == "front":
        return t.x, t.y, t.facing
    heading = C.heading_to(centre(t), centre(u))
    x, y = C.rotated_about_centre(t, heading)
    fp = footprint(t, x=x, y=y, facing=heading)
    box = fp.bounds
    for v in st.living():
        if v.id != t.id and not clear_of_box(v, box) and footprint(v).intersection(fp).area > C.OVERLAP:
            return None
    return x, y, heading


def closing_fire(st, t: Unit, u: Unit, p: CH.ChargePlan) -> tuple[int, bool]:
    """4.4: good-order missile units may shoot at chargers starting more than half their
    charge move away, with sight for the whole charge, and only if they need not turn
    (ruling D-19)."""
    if shooting.weapon(t) is None or t.disordered or p.edge != "front":
        return 0, False
    if p.run <= p.charge_move / 2:
        return 0, False
    fps = [footprint(u, x=x, y=y, facing=f) for x, y, f in p.path[1:3]]
    return shooting.closing_fire_stands(st, t, u, fps, p.run)


def face_turn(st, t: Unit, p: CH.ChargePlan):
    """4.4 "stand" includes turning to face: the Turn order toward a flank or rear charger
    (90 degrees to that flank, 180 to the rear), or None when the charge comes at the front
    or the unit may not manoeuvre at all now (ruling D-103)."""
    if p.edge == "front" or t.troop in (Troop.HQ, Troop.ARTILLERY) or t.halted_turns > 0 \
            or t.reforming or t.rallied or t.routing or in_melee(st, t):
        return None
    return A.Turn(t.side, t.id, {"left": 90, "right": -90, "rear": 180}[p.edge])


def turn_to_face(game, t: Unit, p: CH.ChargePlan) -> None:
    """Ruling D-103: the unit turns as a Turn order would (4.3.5.2 cost out of this turn's
    move, D-37 geometry, at most 180 degrees a turn, not into other units nor off the table);
    if it cannot complete the turn it stays as it is, disordered (4.2.1 cause 4)."""
    try:
        plan = movement.plan(game.state, face_turn(game.state, t, p))
    except RuleError as e:
        game.emit(Note(f"{t.id} cannot complete its turn to face the chargers: {e}", "4.2.1"))
        set_disordered(game, t, "failed to complete a turn to face the chargers", "4.2.1")
        return
    movement.execute(game, plan)


def choices(st, t: Unit, u: Unit, p: CH.ChargePlan, tested: bool) -> list[str]:
    out = ["stand"]
    if face_turn(st, t, p) is not None:
        out.append("face")                 # 4.4: standing includes turning to face (D-103)
    fire = closing_fire(st, t, u, p)[0] > 0
    if fire:
        out.append("shoot")
    if tested:
        out.append("retire")               # 5.1 passed: stand or retire, or counter-charge
        if fire:
            out.append("shoot_retire")     # 5.1 Retire: it may shoot before the move
    if may_countercharge(st, t, u):
        out.append("countercharge")
    if t.frenzied and "countercharge" in out:
        return ["countercharge"]           # 5.1: frenzied units must charge
    return out


def declare(game, u: Unit, t: Unit) -> None:
    """Carry out a validated Charge order up to the reaction decision."""
    st = game.state
    p = CH.plan(st, u, t)
    u.charge_target = t.id
    u.charged = u.activated = u.moved = True
    # a charger missile ashigaru passed through is disordered when it moves (4.3.2), i.e. at
    # contact or the failed charge, not here: the charge was declared in good order (4.2.1) and
    # its turn and reach are judged again after the reaction (ruling D-115)
    t.charged_by.append(u.id)
    game.emit(ChargeDeclared(u.id, t.id, p.edge, round(p.run, 3), round(p.turn_cost, 3),
                             p.charge_move, p.bonus))
    if must_test_to_charge(u):
        out = morale.test(game, u, 4)
        if out.result != "charge":
            u.charge_target = ""
            u.charged = False
            t.charged_by.remove(u.id)
            morale.apply(game, u, out.result, away_from=t)
            return
    if t.routing:
        CH.contact(game, p)
        return
    reason = reaction_reason(st, t, u, p)
    if reason:
        out = morale.test(game, t, reason, charger=u)
        if not out.passed or out.result != "stand_retire_or_countercharge":
            if out.result == "retire" and closing_fire(st, t, u, p)[0] > 0:
                # 5.1 Retire: it may shoot before the move (ruling D-86)
                st.pending.append(Decision(t.side, "reaction", {
                    "charger": u.id, "target": t.id, "choices": ["retire", "shoot_retire"]}))
                return
            react(game, u.id, t.id, out.result, forced=True)
            return
    opts = choices(st, t, u, p, tested=bool(reason))
    if len(opts) == 1:
        react(game, u.id, t.id, opts[0], forced=True)
        return
    st.pending.append(Decision(t.side, "reaction", {"charger": u.id, "target": t.id, "choices": opts}))


def react(game, charger_id: str, target_id: str, choice: str, forced: bool = False) -> None:
    """Carry out the charged unit's reaction, then the charge itself."""
    st = game.state
    u, t = st.units[charger_id], st.units[target_id]
    game.emit(ReactionChosen(t.id, u.id, choice, forced))
    p = CH.plan(st, u, t)
    if choice in ("shoot", "shoot_retire"):
        n, effective = closing_fire(st, t, u, p)
        shooting.resolve(game, t, {(u.id, effective): n}, closing=True)
        if not u.alive:
            return
        try:
            p = CH.plan(st, u, t)         # stands lost change the charger's width
        except RuleError:
            pass                          # judged again below: a failed charge if it cannot
    if choice == "face":
        turn_to_face(game, t, p)
    if choice == "countercharge":
        x, y, heading = _face_pose(st, t, u)
        t.x, t.y, t.facing = x, y, heading
        t.charge_target = u.id
        t.charged = t.charge_bonus = t.activated = True
        moved_by_combat(game, t)
        if CH.ground_on(st, t, footprint(t)) & {"light", "difficult"}:           # D-120
            set_disordered(game, t, "counter-charged in light or difficult terrain", "4.3.1")
    elif choice in ("retire", "shoot_retire", "retreat", "rout", "halt"):
        morale.apply(game, t, "retire" if choice == "shoot_retire" else choice, away_from=u)
    if not u.alive:
        return
    if not t.alive:
        CH.failed(game, u, p)
        return
    try:
        p = CH.plan(st, u, t)
    except RuleError:                     # out of reach now: a failed charge (4.4)
        CH.failed(game, u, p)
        return
    CH.contact(game, p)
    if t.alive and u.alive:
        from .duels import offer_melee_challenge
        offer_melee_challenge(game, u, t)
