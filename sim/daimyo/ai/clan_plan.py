"""A clan's plan across turns (issue 19): a small state machine the Daimyo planner steps.

States, checked in this order each time the clan's plan is stepped:
- rally: half its units or more are routing (4.2.2.1, 5.1);
- engage: a unit is in melee - it fights on and the rest support (4.6.1);
- pursue: an enemy router lies within a move and a charge of a unit in good order (5.1:
  a charge that reaches routers destroys them);
- fall_back: its sector is refused and an enemy that beats it could charge it now (the
  rules' own charge plan, 4.4), or it has lost half its stands with the enemy close and the
  clock not pressing: it steps back out of reach to re-form a line;
- reform: half its fighting units are disordered (4.2.1 - they may not charge) near the enemy;
- receive: its way to the enemy runs over a bridge or ford (4.3.1) that an enemy unit stands
  on or nearer to than any of the clan's: it lines up on its own bank just outside the
  charge reach of that crossing and charges what comes over (engage, below, as soon as a unit
  can charge at winning odds); the side nearer the crossing goes over, so two columns do
  not meet head on where one stand a side fights (4.6.1);
- receive (hard, `patient`): a stream (difficult water, 4.3.1) lies across its way to the
  enemy, no unit of the clan is in it yet, and the enemy holds the far bank where the clan
  would come out (within a move and a charge of that stretch it shoots into the water at
  effective range, 4.5.4, or wins the fight by the matchups, 4.6.5): a unit wading over is
  disordered (4.3.1, 4.2.1: it may not charge, cavalry may not charge out of it at all) and
  comes out within the enemy's reach and fire, so the clan lines up on its own bank, within
  its own charge of the water, and charges what comes out disordered - until the clock
  (PATIENCE) says a draw is near and it goes over after all; from BOLD a side behind on
  the 5.2 margin no longer waits for the fire alone where it wins the fight at the water;
- approach: still more than a move beyond the form-up band (measured along the way round where
  impassable ground lies between, `_nearest_by_way`); its objective is the next
  waypoint on the way to the enemy in its sector (routes.py: fords, bridges, gaps);
- form_up: in the band just outside the enemy's charge reach, the clan lines up;
- engage: an attacking clan that has formed up (a turn in the band), that the clock presses,
  or that has a unit able to charge now (the rules' charge plan) at winning odds where
  striking first beats being charged;
- hold: a held, refused or reserve sector's clan stays on its line, charging only when it wins.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from sim.core.errors import RuleError
from sim.daimyo.combat import charge as CH
from sim.daimyo import surroundings
from sim.daimyo.combat import shooting
from sim.daimyo.ai.matchups import chargers
from sim.daimyo.ai.reach import Ground, may_charge_soon
from sim.daimyo.geometry import footprint, stand_quads
from sim.daimyo.geometry.kernels import MARGIN
from sim.daimyo.geometry.unit_groups import UnitGroup
from sim.daimyo.model import Troop

STATES = ("approach", "form_up", "hold", "reform", "receive", "engage", "pursue", "rally", "fall_back")
BAND_CM = 2.0            # how far outside the enemy's charge reach a line forms up
TIE_CM = 1.0             # nearer a crossing than the enemy by less than this is a tie
CROSSINGS = ("bridge", "ford")
PATIENCE = 0.6           # clock pressure (5.2) up to which a patient clan receives at a stream
BOLD = 0.4               # and from which fire alone no longer holds it where it wins, if behind (5.2)


@dataclass(frozen=True)
class PlanChanged:
    """A clan's plan as it changed: shown by the play view, never part of the game's state."""
    turn: int
    side: str
    clan: str
    posture: str                  # the sector's posture: attack, hold, refuse, reserve
    state: str                    # one of STATES
    objective: tuple[float, float]
    target: str                   # the enemy unit aimed at ("" for none)
    why: str


@dataclass(frozen=True)
class ClanPlan:
    clan: str
    posture: str
    state: str
    objective: tuple[float, float]
    target: str
    why: str
    since: int                    # the turn the state began
    crossing: str = ""            # receive: the bridge or ford (terrain feature id) it faces


def step(prev: ClanPlan | None, st, side: str, clan: str, army, mu, routes,
         patient: bool = False) -> ClanPlan | None:
    """The clan's plan now, from its last one (None at first) and the table; `patient` (hard)
    receives the enemy at a stream rather than wading into its reach."""
    units = [u for u in st.clan_units(clan) if u.troop is not Troop.HQ]
    if not units:
        return None
    posture = army.posture(clan)
    enemies = [e for e in st.living(st.enemy(side)) if not e.routing]
    routers = [e for e in st.living(st.enemy(side)) if e.routing]
    fighters = chargers(units)

    def plan(state, objective, why, target="", crossing=""):
        since = prev.since if prev is not None and prev.state == state else st.turn
        return ClanPlan(clan, posture, state, tuple(round(v, 1) for v in objective), target, why, since, crossing)

    centre = _centre(units)
    routing = sum(u.routing for u in units)
    if routing * 2 >= len(units):
        return plan("rally", centre, f"{routing} of {len(units)} units routing (4.2.2.1)")
    if not enemies:
        return plan("pursue", _centre(routers) if routers else centre, "no enemy stands")
    melee = [u for u in fighters if u.in_melee_with]
    if melee:
        foe = st.units[melee[0].in_melee_with[0]]
        return plan("engage", (foe.x, foe.y), f"{melee[0].id} in melee with {foe.id}: fight on, support (4.6.1)", foe.id)
    if posture not in ("refuse", "reserve"):
        for u in fighters:
            if u.disordered:
                continue
            for r in routers:
                if math.dist((u.x, u.y), (r.x, r.y)) <= u.move_row.normal + u.move_row.charge:
                    return plan("pursue", (r.x, r.y), f"{r.id} is routing within reach of {u.id} (5.1)", r.id)
    group = UnitGroup([stand_quads(e) for e in enemies])
    gaps = {u.id: _nearest_by_way(st, u, enemies, group, routes) for u in fighters}
    threatened = [(u, e) for u in fighters for e in enemies if _charges(st, e, u)]
    losing = [(u, e) for u, e in threatened if mu.dfn.get((u.id, e.id), 0.0) < 0]
    lost_half = sum(u.stands for u in units) * 2 <= sum(u.starting_stands for u in units)
    reach = max((e.move_row.charge for e in enemies if e.troop not in (Troop.HQ, Troop.ARTILLERY)), default=0)
    move = min((u.move_row.normal for u in fighters), default=0)
    band = reach + BAND_CM + move                      # the form-up band's far edge
    close = min((g for g, _ in gaps.values()), default=math.inf)
    if (posture == "refuse" and losing) or (lost_half and close <= band and army.pressure < 0.5):
        u, e = losing[0] if losing else (None, min(gaps.values(), key=_first)[1] if gaps else None)
        back = _away(centre, (e.x, e.y) if e else centre, move)
        why = (f"sector refused and {e.id} beats {u.id} in a charge (4.4)" if u is not None
               else "half the clan's stands lost: step back and re-form a line")
        return plan("fall_back", back, why, e.id if e else "")
    # a unit still in difficult ground cannot reform there (its next move disorders it again,
    # 4.3.1, ruling D-41): it wades on, and the clan does not stop for it
    ground = Ground(st, routes)
    disordered = [u for u in fighters if u.disordered and not u.in_melee_with
                  and not ground.touches(u, footprint(u), "difficult")]
    if fighters and len(disordered) * 2 > len(fighters) and close <= band + move:
        return plan("reform", centre, f"{len(disordered)} of {len(fighters)} units disordered near the enemy (4.2.2)")
    nearest = min(gaps.values(), key=_first)[1] if gaps else min(enemies, key=lambda e: math.dist(centre, (e.x, e.y)))
    goal = _sector_goal(army, clan, enemies, nearest)
    lead = fighters[0] if fighters else units[0]
    # the way a column one stand wide could take: a line forms one to pass a bridge (line_up.py)
    narrow = routes.for_unit(st, lead, files=1)
    held = _held_crossing(st, side, fighters, enemies, narrow, centre, (goal.x, goal.y))
    if held is None and patient and army.pressure < PATIENCE:
        # a side behind on the margin has nothing to wait for (5.2): from BOLD it braves the fire
        bold = army.pressure >= BOLD and army.margin < 0
        held = _held_stream(st, fighters, enemies, centre, (goal.x, goal.y), mu, bold)
    if held is not None and posture != "reserve":
        feat, holder = held
        best = _best_strike(st, fighters, enemies, mu)
        if best is not None:
            u, e, edge = best
            return plan("engage", (e.x, e.y), f"{u.id} charges {e.id} at odds worth {edge:+.2f}, striking first", e.id)
        exit_ = _near_point(feat.shape, centre)
        why = (f"{holder.id} holds the {feat.kind} ({feat.id}): line up on this bank outside its charge reach "
               f"and charge what comes over (4.3.1, 4.4)") if feat.kind in CROSSINGS else \
            (f"{holder.id} holds the far bank of the {feat.kind} ({feat.id}): wading in disorders (4.3.1, "
             f"4.2.1); line up on this bank and charge what comes out")
        return plan("receive", exit_, why, holder.id, feat.id)
    if close > band + move:
        way = narrow.waypoint(centre, (goal.x, goal.y))
        via = "" if way == (goal.x, goal.y) else f" via ({way[0]:.0f}, {way[1]:.0f})"
        return plan("approach", way, f"{close:.0f} cm from the enemy: march on {goal.id}{via}", goal.id)
    if posture == "attack":
        best = _best_strike(st, fighters, enemies, mu)
        formed = prev is not None and (prev.state == "engage" or prev.state == "form_up" and st.turn > prev.since)
        if best is not None:
            u, e, edge = best
            return plan("engage", (e.x, e.y), f"{u.id} charges {e.id} at odds worth {edge:+.2f}, striking first", e.id)
        if formed or army.pressure >= 0.5:
            e = _best_target(fighters, enemies, mu) or nearest
            why = "formed up: close in" if formed else "the clock presses (5.2)"
            return plan("engage", (e.x, e.y), f"{why}; aim at {e.id}", e.id)
        return plan("form_up", (nearest.x, nearest.y), f"line up {reach + BAND_CM:.0f} cm off {nearest.id}, outside its charge reach", nearest.id)
    return plan("hold", (nearest.x, nearest.y), f"{posture} sector: hold outside {nearest.id}'s reach, charge only to win", nearest.id)


def aims(st, side: str, clan: str, mu, ground) -> dict[str, str]:
    """Each fighting unit's own target once its clan engages: the enemy it beats best (the
    matchup edge, 4.6.5), less a quarter point a move of the real way there (4.3.1), and less
    for cavalry an enemy standing in difficult ground (cavalry may not charge out of it and
    charge only a third as far into it, 4.3.1)."""
    enemies = [e for e in st.living(st.enemy(side)) if not e.routing]
    out = {}
    for u in chargers(st.clan_units(clan)):
        shape, best = footprint(u), (-math.inf, "")
        for e in enemies:
            edge = mu.att.get((u.id, e.id))
            if edge is None or edge == -math.inf:
                continue
            target = footprint(e)
            way, _ = ground.approach(u, shape, target)
            edge -= 0.25 * way / u.move_row.normal
            if u.cavalry and "difficult" in ground.effects(u, target):
                edge -= 1.5
            best = max(best, (edge, e.id))
        if best[1]:
            out[u.id] = best[1]
    return out


def _charges(st, e, u) -> bool:
    """The rules' own charge plan (4.4) says e could charge u as they stand (e in good order)."""
    if e.troop in (Troop.HQ, Troop.ARTILLERY) or e.disordered and not e.reforming or e.in_melee_with:
        return False
    if footprint(e).distance(footprint(u)) > e.move_row.charge:
        return False
    try:
        CH.plan(st, e, u)
        return True
    except RuleError:
        return False


def _held_crossing(st, side, fighters, enemies, narrow, centre, goal):
    """(crossing, enemy) when the clan's way to its goal runs over a bridge or ford (4.3.1:
    the river between is impassable elsewhere) and an enemy fighting unit stands nearer that
    crossing than any of the side's own (ties: the side named first alphabetically goes
    over), so at each crossing one side goes over and the other receives. No memory of the last turn's choice: both sides decide from the same table, and
    a side that kept receiving where it had once been second held two receiving lines apart
    all day (seen on the reference table). None otherwise."""
    feats = [f for f in st.terrain if f.kind in CROSSINGS]
    rivers = [f.shape for f in st.terrain if f.row.effect == "river" and not f.wide_stream]
    if not fighters or not feats or not rivers:
        return None
    if narrow.clear(centre, goal):          # straight over a crossing, or not over the river
        path = LineString([centre, goal])
        if not any(r.intersects(path) for r in rivers):
            return None
    else:                                   # round to a crossing (routes.py)
        way = narrow.waypoint(centre, goal)
        path = LineString([centre, way]) if way != centre else Point(centre)
    feat = min(feats, key=lambda f: (f.shape.distance(path), f.id))
    if feat.shape.distance(path) > max(u.move_row.normal for u in fighters):
        return None
    theirs, holder = _nearest_to(feat, enemies)
    if holder is None:
        return None
    ours, _ = _nearest_to(feat, [u for u in st.living(side) if not u.routing])
    if theirs < ours - TIE_CM or abs(theirs - ours) <= TIE_CM and st.enemy(side) < side:
        return feat, holder
    return None


def _held_stream(st, fighters, enemies, centre, goal, mu, bold=False):
    """(stream, enemy) when difficult water (a stream, a small river, a river the scenario
    treats as a wide stream: 4.3.1) lies across the straight way from the clan to its goal, no
    fighting unit of the clan touches it yet (a clan already wading goes on), and the far bank
    where the clan would come out is held against it: of the enemy fighting units within a
    move and a charge of that stretch of water, a missile unit shoots into it at effective
    range (4.5.1, 4.5.4: waders lose stands before they can close), or they win the fight
    there by the matchups' odds (`_wins_at_water` not positive, 4.6.5). A `bold` clan (5.2:
    its side behind and the clock past BOLD) is held by the fight alone, not by fire. An
    enemy that stands further along the stream, or that the clan beats, holds nothing: the
    clan goes over. None otherwise."""
    if not fighters or any(_in_water(st, u) for u in fighters):
        return None
    path = LineString([centre, goal])
    feats = [f for f in st.terrain if is_water(f) and f.shape.intersects(path)]
    if not feats:
        return None
    feat = min(feats, key=lambda f: (f.shape.distance(Point(centre)), f.id))
    spread = max(math.dist(centre, (u.x, u.y)) + max(u.width, u.depth) / 2 for u in fighters)
    where = feat.shape.intersection(path.buffer(spread))
    foes = chargers(enemies)
    off = {e.id: where.distance(footprint(e)) for e in foes}
    holders = [e for e in foes if off[e.id] <= e.move_row.normal + e.move_row.charge]
    shot = any(e.missile and off[e.id] <= shooting.ranges(e)[0] for e in holders)
    if not holders or (bold or not shot) and _wins_at_water(fighters, holders, mu) > 0:
        return None
    _, holder = _nearest_to(feat, holders)
    return None if holder is None else (feat, holder)


def _wins_at_water(fighters, holders, mu) -> float:
    """The clan's balance against the enemy holding the far bank (as the army plan weighs a
    sector, 4.6.5): the mean of its units' best charging edges on those enemies less the mean
    of those enemies' best charging edges on its units, each no worse than -1."""
    ids = [e.id for e in holders]
    ours = [max(mu.best_target(u, ids)[1], -1.0) for u in fighters]
    theirs = [max(max((-mu.dfn.get((u.id, e.id), -1.0) for u in fighters), default=-1.0), -1.0)
              for e in holders]
    return sum(ours) / len(ours) - sum(theirs) / len(theirs)


def is_water(f) -> bool:
    """Difficult water (4.3.1): a stream or small river, or a river the scenario makes a wide
    stream; not a river crossed only at its bridges and fords."""
    return f.kind in ("stream", "small_river") or f.row.effect == "river" and f.wide_stream


def _in_water(st, u) -> bool:
    shape = footprint(u)
    return any(is_water(f) and f.shape.intersects(shape) for f in st.terrain)


def _nearest_to(feat, units):
    """(gap, unit): the fighting unit nearest the crossing, of those within a move and a charge
    of it ((inf, None) for none); disordered ones count (a unit wading the ford is disordered,
    4.3.1, and still stands in the way)."""
    near = [(feat.shape.distance(footprint(e)), e.id, e) for e in units
            if e.troop not in (Troop.HQ, Troop.ARTILLERY) and not e.routing]
    near = [t for t in near if t[0] <= t[2].move_row.normal + t[2].move_row.charge]
    if not near:
        return math.inf, None
    gap, _, unit = min(near, key=lambda t: (t[0], t[1]))
    return gap, unit


def _near_point(shape, p) -> tuple[float, float]:
    """The point of `shape` nearest p (the crossing's end on the clan's bank)."""
    q = nearest_points(shape, Point(p))[0]
    return (q.x, q.y)


def _best_strike(st, fighters, enemies, mu):
    """(unit, enemy, edge): the best charge a unit could make now (the rules' charge plan) at
    winning odds, where striking first beats being charged - or where the enemy may not charge
    at its next activation (4.2.1: a disordered unit may not declare a charge), so that waiting
    only gives it the turn it needs to reform (4.2.2)."""
    best = None
    for u in fighters:
        if u.disordered:
            continue
        for e in enemies:
            edge = mu.att.get((u.id, e.id), -math.inf)
            if edge <= 0 or not (mu.strikes_first(u.id, e.id) or not may_charge_soon(e)) or (best and edge <= best[2]):
                continue
            if _charges(st, u, e):
                best = (u, e, edge)
    return best


def _best_target(fighters, enemies, mu):
    ids = [e.id for e in enemies]
    scored = [(mu.best_target(u, ids)[::-1], u.id) for u in fighters]
    scored = [(edge, e) for (edge, e), _ in scored if e]
    if not scored:
        return None
    _, e = max(scored)
    return next(x for x in enemies if x.id == e)


def _sector_goal(army, clan: str, enemies, nearest):
    """The enemy to march on: the nearest in the clan's sector, else the nearest anywhere."""
    sector = army.clan_sector.get(clan)
    mine = [e for e in enemies if sector is not None and army.sector_of(e.x, e.y) == sector]
    return min(mine, key=lambda e: math.dist((nearest.x, nearest.y), (e.x, e.y))) if mine else nearest


def _nearest(u, enemies, group: UnitGroup) -> tuple:
    """(distance, enemy) to the nearest enemy footprint, the first of equals. Shapely measures
    only the enemies the kernel finds within 2 MARGIN of the least distance (`group`: their
    stands): the nearest is always among them (DESIGN seam 6)."""
    # the kernel measures only the enemies whose box lies within a bound on the least
    # distance (corner_bound) and a cm to spare: the others lie beyond `close` either way
    quads = stand_quads(u)
    kd = group.distances(quads, group.corner_bound(quads) + 2 * MARGIN + 1.0).tolist()
    close = min(kd) + 2 * MARGIN
    return min(((footprint(e).distance(footprint(u)), e) for e, k in zip(enemies, kd) if k <= close), key=_first)


def _nearest_by_way(st, u, enemies, group: UnitGroup, routes) -> tuple:
    """(distance, enemy) to the enemy nearest u by the way a column could walk:
    straight where no impassable ground lies between (the footprints' gap, as `_nearest`),
    else that gap plus what the way round to a bridge or ford adds (4.3.1: a river is crossed
    only there). An enemy across such a river is not near: a clan that formed up against one
    on the far bank stood at the water's edge for nine turns (reference table)."""
    gap, nearest = _nearest(u, enemies, group)
    way = routes.for_unit(st, u, files=1)
    here = (u.x, u.y)
    if way.clear(here, (nearest.x, nearest.y)):
        return gap, nearest
    best = (math.inf, nearest)
    mine = surroundings.reach(u)

    def least(e) -> float:
        # no enemy's way is shorter than its straight gap, and that is at least the distance
        # between the circles holding the two units' stands (surroundings.reach)
        theirs = surroundings.reach(e)
        return math.hypot(mine[0] - theirs[0], mine[1] - theirs[1]) - mine[2] - theirs[2]

    for bound, e in sorted(((least(e), e) for e in enemies), key=lambda t: (t[0], t[1].id)):
        if bound >= best[0]:
            break
        straight = footprint(e).distance(footprint(u))
        there = (e.x, e.y)
        detour = 0.0 if way.clear(here, there) else max(0.0, way.distance(here, there) - math.dist(here, there))
        d = straight + detour
        best = min(best, (d, e), key=_first)
    return best


def _first(t):
    return t[0]


def _centre(units) -> tuple[float, float]:
    return (sum(u.x for u in units) / len(units), sum(u.y for u in units) / len(units))


def _away(here, threat, dist: float) -> tuple[float, float]:
    dx, dy = here[0] - threat[0], here[1] - threat[1]
    n = math.hypot(dx, dy) or 1.0
    return (here[0] + dx / n * dist, here[1] + dy / n * dist)
