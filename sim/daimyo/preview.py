"""What a unit's movement orders would do, computed by the rules themselves (issue 24).

The view's overlays and order previews come from here, and here only from the plans the rules
execute (`movement.plan`, with the checks `DaimyoGame.validate` makes before it): terrain costs,
halts (5.1), obedience (1.9), interpenetration (4.3.2), enemies (4.3.3) and the table edge
(4.3.4). So what the view shows is what `apply` accepts, and a unit that may not move says why.
No pygame here; nothing changes the state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo import combat, command, menus, movement
from sim.daimyo.model import Troop, Unit
from sim.daimyo.state import DaimyoState
from sim.daimyo.words import order_text

SYSTEM = "daimyo"
WHEEL_STEP = 1          # degrees: the view wheels in whole degrees


def order_plan(st: DaimyoState, action) -> movement.Plan:
    """The rules' check of one movement order (4.1, 4.3, 5.1) and its plan; RuleError if the
    order is refused now. `DaimyoGame.validate` uses this for every movement order."""
    if st.phase != "orders":
        raise RuleError("4.1", "units move only while their clan is active", SYSTEM)
    command.check_orderable(st, action.unit)
    combat.check_order(st, action)
    return movement.plan(st, action)


def _plan_any_turn(st: DaimyoState, action) -> movement.Plan:
    """As `order_plan`, but for a unit whose clan is not the one giving orders now: everything
    that keeps the unit itself still (halt, rout, melee, a failed test...) still refuses."""
    try:
        command.check_orderable(st, action.unit)
    except RuleError as exc:
        if exc.rule != "4.1":               # 4.1: not this clan's or side's activation
            raise
    combat.check_order(st, action)
    return movement.plan(st, action)


@dataclass(frozen=True)
class Preview:
    """One order as the rules see it: its plan, or the refusal naming the rule."""
    action: object
    plan: movement.Plan | None
    refusal: RuleError | None
    obedience_test: bool = False        # 1.9: the order waits on a test first (a die roll)

    @property
    def accepted(self) -> bool:
        return self.plan is not None


def preview(st: DaimyoState, action, now: bool = True) -> Preview:
    """The order's outcome (`now`: as `apply` would take it at this moment; else on the unit's
    own activation, for looking at other units)."""
    if st.pending and now:
        return Preview(action, None, RuleError("2", "a combat decision must be answered first", SYSTEM))
    try:
        plan = order_plan(st, action) if now else _plan_any_turn(st, action)
    except RuleError as exc:
        return Preview(action, None, exc)
    u = st.units[action.unit]
    test = (not isinstance(action, A.Hold) and not u.obedience and not command.in_command(st, u))
    return Preview(action, plan, None, test)


@dataclass(frozen=True)
class Reach:
    """How far the unit may go now, each figure the plan of an order the rules accept."""
    unit: str
    why_not: RuleError | None                  # why it may not move ahead (None: it may)
    straight: movement.Plan | None = None      # the furthest straight move
    wheels: dict[int, movement.Plan] = field(default_factory=dict)   # +1 left, -1 right: widest
    turns: list[movement.Plan] = field(default_factory=list)
    fall_back: movement.Plan | None = None
    charges: list[str] = field(default_factory=list)   # enemies the charge rules offer (4.4)
    shots: list[str] = field(default_factory=list)     # enemies its stands would shoot at (4.5)

    @property
    def still(self) -> bool:
        """No movement order at all is accepted (Hold only)."""
        return not (self.straight or self.wheels or self.turns or self.fall_back)


def reach(st: DaimyoState, u: Unit, now: bool = True) -> Reach:
    """Every movement order's extreme the rules accept for `u` (see `preview` for `now`)."""
    probe = preview(st, A.Move(u.side, u.id, 0.01), now)
    # ruling D-114: flush behind a friend a short move is refused (it would not move the unit)
    # where a long one may pass right through that friend
    through = probe.refusal is not None and probe.refusal.rule == "4.3.2"
    far = menus.max_straight(st, u) if probe.accepted or through else 0.0
    straight = _accepted(st, A.Move(u.side, u.id, far), now) if far > 0 else None
    wheels = {}
    if u.troop is not Troop.ARTILLERY:                     # 6.1: guns do not wheel
        for sign in (1, -1):
            widest = _widest_wheel(st, u, sign, now)
            if widest is not None:
                wheels[sign] = widest
    turns = [p for p in (_accepted(st, A.Turn(u.side, u.id, a), now) for a in (90, -90, 180)) if p]
    back = _accepted(st, A.FallBack(u.side, u.id, _fall_back_cm(u)), now)
    why_not = None if straight is not None else probe.refusal
    return Reach(u.id, why_not, straight, wheels, turns, back, _charges(st, u, now), _shots(st, u))


def _shots(st: DaimyoState, u: Unit) -> list[str]:
    """4.5: the enemies the unit's stands would shoot at (the shooting rules' nearest target in
    each stand's arc), if it may shoot this turn at all."""
    from sim.daimyo.combat import shooting
    if shooting.weapon(u) is None or shooting.may_shoot(st, u):
        return []
    return sorted({t.id for t, _ in shooting.targets(st, u).values()})


def _charges(st: DaimyoState, u: Unit, now: bool) -> list[str]:
    """4.4: the enemies the rules would let `u` charge (now: only while it takes orders)."""
    if now:
        try:
            if st.phase != "orders" or st.pending:
                return []
            command.check_orderable(st, u.id)
        except RuleError:
            return []
    return [c.target for c in combat.charge_candidates(st, u)]


def _fall_back_cm(u: Unit) -> float:
    """4.3.5.3: 3 cm, or half the normal move for missile-armed ashigaru."""
    from sim.daimyo.overlays import fall_back_limit
    return fall_back_limit(u)


def _accepted(st, action, now) -> movement.Plan | None:
    return preview(st, action, now).plan


def _widest_wheel(st, u: Unit, sign: int, now: bool) -> movement.Plan | None:
    """The widest whole-degree wheel one way that the rules accept (bisection: the price only
    grows with the angle), or None."""
    best, lo, hi = None, 0, 180
    top = _accepted(st, A.Wheel(u.side, u.id, float(sign * hi)), now)
    if top is not None:
        return top
    while hi - lo > WHEEL_STEP:
        mid = (lo + hi) // 2
        got = _accepted(st, A.Wheel(u.side, u.id, float(sign * mid)), now)
        if got is not None:
            best, lo = got, mid
        else:
            hi = mid
    return best


def describe(st: DaimyoState, p: Preview) -> list[str]:
    """The preview in words, with the names on the table: what the order costs and what the
    rules will do on the way (first line), or the refusal with its rule."""
    a = p.action
    u = st.units[a.unit]
    if p.plan is None:
        return [f"Refused ({p.refusal.rule}): {p.refusal.reason}"]
    plan = p.plan
    left = plan.allowance - u.move_used - plan.cost
    if plan.how == "move":                   # a move cut short says how far it really goes
        what = f"Move {travelled(plan):.1f} cm ahead"
    else:
        what = order_text(st, a).split(": ", 1)[-1].capitalize()
    if plan.how in ("fall_back", "reform"):
        lines = [f"{what}: that is {u.name}'s whole move this turn"]
    else:
        lines = [f"{what}: costs {plan.cost:.1f} cm, {max(left, 0):.1f} of {plan.allowance:g} left"]
    name = lambda uid: st.units[uid].name if uid in st.units else uid
    if p.obedience_test:
        lines.append("out of command: an obedience test comes first (1d6 + rating, 6+; 1.9)")
    lines += [f"passes through {name(f)} (4.3.2)" for f in plan.passed]
    lines += [f"would end inside {name(f)}: stops behind it (4.3.2)" for f in plan.walked_into]
    lines += [f"becomes disordered: {cause} ({rule})" for cause, rule in plan.disorder]
    lines += [f"pays for {kind.replace('obstacle:', 'crossing ')} (4.3.1)" for kind in plan.paid]
    lines += [f"runs down {st.leaders[l].name} (4.3.3)" for l in plan.kills if l in st.leaders]
    if plan.leaves_table:
        lines.append("leaves the table and is lost (4.3.4)")
    return lines


def travelled(plan: movement.Plan) -> float:
    """How far the plan takes the unit's front-edge centre (a move cut short is shorter)."""
    (x0, y0, _), (x1, y1, _) = plan.path[0], plan.path[-1]
    return ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
