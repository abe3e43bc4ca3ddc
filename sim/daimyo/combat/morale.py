"""Morale (5.1): pass scores, modifiers, the results table, automatic 12/2, frenzy, and the
results (halt, retire, retreat, rout, dispersed) applied to the unit."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sim.daimyo import command
from sim.daimyo.geometry import direction
from sim.daimyo.model import Troop, Unit, Weapon
from sim.daimyo.effects import leader_position, moved_by_combat, remove_unit, set_disordered
from sim.daimyo.surroundings import (centre, enemies_in_contact, footprint, in_building, in_cover,
                                     near_range, nearest_enemy, on_hill, within)
from sim.daimyo.tables import tables

from . import common as C
from .events import FrenzyBegan, FrenzyEnded, Halted, MoraleMove, MoraleTested

COLUMN = {1: "lost_stand", 2: "charged", 3: "charged", 4: "wants_to_charge",
          5: "critical", 6: "critical", 7: "critical", 8: "rally"}


@dataclass
class Outcome:
    reason: int
    passed: bool
    margin: int
    result: str
    total: int
    frenzy: bool = False


def result_for(reason: int, margin: int, passed: bool) -> str:
    """5.1 results table: column by reason, row passed / failed by 1, 2, 3, 4+."""
    row = getattr(tables().morale_results, COLUMN[reason])
    return row[0] if passed else row[min(margin, 4)]


def modifiers(st, u: Unit, reason: int, charger: Unit | None = None) -> list[tuple[str, int, str]]:
    """Every 5.1 modifier that applies, as (label, value, rule)."""
    m = tables().morale_modifiers
    out: list[tuple[str, int, str]] = []
    rng = near_range(st, u)
    for leader in st.attached(u.id):
        if not u.routing or reason == 8:      # 5.1: a routing leader gives no bonus
            out.append((f"{leader.name} attached", leader.rating, "5.1"))
    if u.pursuing:
        out.append(("pursuing", m["pursuing"], "5.1"))
    enemies = [v for v in within(st, u, rng) if v.side != u.side]
    if in_cover(st, u) or in_building(st, u) or (
            enemies and on_hill(st, u) and not any(on_hill(st, v) for v in enemies)):
        out.append(("uphill of all enemy within range, or in cover", m["uphill_or_cover"], "5.1"))
    general = st.general(u.side)
    if general.alive:                          # attached or not (ruling D-69)
        import shapely
        gx, gy = leader_position(st, general)
        if footprint(u).distance(shapely.Point(gx, gy)) <= rng:
            out.append(("General within range", m["general_near"], "5.1"))
    if charger is not None and u.infantry and charger.cavalry:     # reason 2 or 3 (D-104)
        if Weapon.LONG_SPEAR in u.weapons and not u.disordered and C.side_of(u, charger) == "front":
            out.append(("long spear in good order charged frontally by cavalry",
                        m["long_spear_charged_frontally_by_cavalry"], "5.1"))
        out.append(("infantry charged by cavalry", m["infantry_charged_by_cavalry"], "5.1"))
    if any(v.routing for v in enemies):
        out.append(("enemy routing within range", m["enemy_routing_near"], "5.1"))
    if u.hatamoto:
        out.append(("hatamoto", m["hatamoto"], "5.1"))
    if u.disordered:
        out.append(("disordered", m["disordered"], "5.1"))
    if u.troop is not Troop.HQ and not command.in_command(st, u):
        out.append(("outside command range", m["out_of_command"], "5.1"))
    friends = [v for v in within(st, u, rng, u.side)
               if v.routing and v.quality.rank >= u.quality.rank]
    for v in friends:                       # ruling D-12: each such friend routing
        out.append((f"{v.id} (equal or better) routing within range", m["friend_routing_near"], "5.1"))
    lost = u.starting_stands - u.stands
    if lost > 0:
        out.append((f"{lost} stand(s) lost", m["stand_lost"] * lost, "5.1"))
    if any(not v.routing and C.side_of(u, v) != "front" and _faces(v, u) for v in enemies):
        out.append(("enemy facing flank or rear within range", m["enemy_on_flank_or_rear"], "5.1"))  # ruling D-53
    if any(s == u.side and footprint(u).distance(_pt(x, y)) <= rng for x, y, s in st.leader_deaths):
        out.append(("leader killed this turn within range", m["leader_killed_near"], "5.1"))
    if u.routing:
        out.append(("routing", m["routing"], "5.1"))
    return out


def _pt(x, y):
    import shapely
    return shapely.Point(x, y)


def _faces(v: Unit, u: Unit) -> bool:
    """v faces u: u's centre lies ahead of v's front edge."""
    return float(C.frame(v, centre(u)[None, :])[0, 0]) > 0


def test(game, u: Unit, reason: int, charger: Unit | None = None) -> Outcome:
    """Roll 2d6 + modifiers against the pass score; an unmodified 12 passes and an unmodified
    2 fails with a rout (ruling D-15); samurai/ronin on 12 and monks on 11-12 become frenzied
    unless rallying (frenzy counts as a pass: frenzied units never test, ruling D-54)."""
    st = game.state
    mt = tables().morale
    faces = game.dice.two_d6(f"morale of {u.name} (reason {reason})", "5.1")
    natural = sum(faces)
    mods = modifiers(st, u, reason, charger)
    total = natural + sum(v for _, v, _ in mods)
    score = tables().pass_score[u.quality.value]
    frenzy = _frenzy(u, reason, natural)
    passed = _passes(natural, total, score, frenzy)
    margin = 0 if passed else max(1, score - total)
    result = result_for(reason, margin, passed)
    if not passed and natural <= mt.auto_fail and reason != 8:
        result = "rout"                    # ruling D-15: a natural 2 routs whatever the margin
    game.emit(MoraleTested(u.id, reason, faces, tuple(mods), total, score, passed, margin, result))
    if frenzy:
        u.frenzied = True
        game.emit(FrenzyBegan(u.id, faces))
    return Outcome(reason, passed, margin, result, total, frenzy)


def _frenzy(u: Unit, reason: int, natural: int) -> bool:
    """Samurai/ronin on 12 and monks on 11-12 become frenzied, never on a rally test."""
    fz = tables().frenzy
    return reason != 8 and not u.frenzied and (
        (u.monk and natural in fz.monk_faces) or
        ((u.samurai or u.troop is Troop.RONIN) and natural in fz.samurai_faces))


def _passes(natural: int, total: int, score: int, frenzy: bool) -> bool:
    """An unmodified 12 (or frenzy) passes, an unmodified 2 fails (ruling D-15), else the total
    against the pass score."""
    mt = tables().morale
    if natural >= mt.auto_pass or frenzy:
        return True
    if natural <= mt.auto_fail:
        return False
    return total >= score


def pass_chance(st, u: Unit, reason: int, charger: Unit | None = None) -> Fraction:
    """The exact chance that `u` passes a 5.1 test for `reason` now, over the 36 throws of 2d6,
    with the modifiers `test` would apply; rolls no dice (the scripted opponent weighs a
    missile unit's charge by it, reason 4)."""
    bonus = sum(v for _, v, _ in modifiers(st, u, reason, charger))
    score = tables().pass_score[u.quality.value]
    won = sum(_passes(a + b, a + b + bonus, score, _frenzy(u, reason, a + b))
              for a in range(1, 7) for b in range(1, 7))
    return Fraction(won, 36)


def end_frenzy(game, u: Unit, cause: str) -> None:
    if u.frenzied:
        u.frenzied = False
        game.emit(FrenzyEnded(u.id, cause))


def apply(game, u: Unit, result: str, away_from: Unit | None = None) -> None:
    """Carry out a 5.1 result that moves or stops the unit."""
    from . import rout
    st = game.state
    if result in ("retire", "retreat", "rout"):
        if _leaving_many_sides(st, u):     # 4.6.9: giving ground when attacked from several sides
            remove_unit(game, u, "destroyed", "4.6.9")
            return
        end_frenzy(game, u, result)
    if result == "halt":
        u.halted_turns = 2                 # this turn and the next (ruling D-55)
        u.halt_about_face = True           # 5.1: it may turn 180 degrees next turn (D-80)
        u.activated = True
        game.emit(Halted(u.id, 2))
    elif result == "retire":
        retire(game, u, away_from)
    elif result == "retreat":
        retreat(game, u)
    elif result == "rout":
        rout.start_rout(game, u, about_face=False)
    elif result == "dispersed":
        remove_unit(game, u, "dispersed", "5.1")


def _leaving_many_sides(st, u: Unit) -> bool:      # ruling D-66
    sides = {C.side_of(u, v) if C.side_of(u, v) == "front" else "flank_rear"
             for v in enemies_in_contact(st, u)}
    return len(enemies_in_contact(st, u)) > 1 and len(sides) > 1


def retire(game, u: Unit, away_from: Unit | None = None) -> None:
    """5.1 Retire: half its normal move away from the enemy, still facing it; it then
    stands still next turn (path: ruling D-64)."""
    st = game.state
    if away_from is None:
        away_from = nearest_enemy(st, u)
    heading = (u.facing + 180) % 360 if away_from is None else \
        C.heading_to(centre(away_from), centre(u))
    dist = u.move_row.normal / 2
    start = C.pose(u)
    d, _ = C.sweep(st, u, heading, dist)   # touching enemies do not block moving away
    h = direction(heading)
    u.x, u.y = float(u.x + h[0] * d), float(u.y + h[1] * d)
    u.activated = True
    moved_by_combat(game, u)
    u.halted_turns = max(u.halted_turns, 2)
    u.halt_about_face = False              # 5.1 Retire: it stands still next turn
    game.emit(MoraleMove(u.id, "retire", (start, C.pose(u))))
    C.ride_down_leaders(game, u, (start, C.pose(u)))
    _left_table(game, u)


def retreat(game, u: Unit) -> None:
    """5.1 Retreat: free about-face, full normal move toward its own table edge; it halts
    next turn and is disordered; it may not shoot."""
    st = game.state
    start = C.pose(u)
    heading = C.own_edge_heading(st, u)
    if C.turn_is_clear(st, u, heading):
        x, y = C.rotated_about_centre(u, heading)
    else:                                  # no room to turn: it backs away as it faces
        x, y, heading = u.x, u.y, u.facing
    path = [start, (round(x, 4), round(y, 4), heading)]
    move = C.own_edge_heading(st, u)
    d, _ = C.sweep(st, u, move, u.move_row.normal, facing=heading, start=(x, y))
    h = direction(move)
    u.x, u.y, u.facing = float(x + h[0] * d), float(y + h[1] * d), heading
    path.append(C.pose(u))
    u.activated = u.shot = True
    moved_by_combat(game, u)
    u.halted_turns = max(u.halted_turns, 2)
    u.halt_about_face = True               # 5.1 "halts next turn": may face about then (D-80)
    game.emit(MoraleMove(u.id, "retreat", tuple(path)))
    C.ride_down_leaders(game, u, path)
    set_disordered(game, u, "retreat", "5.1")
    _left_table(game, u)


def _left_table(game, u: Unit) -> None:
    if u.alive and not C.on_table(game.state, u):
        remove_unit(game, u, "left_table", "4.3.4")


def end_of_turn(game) -> None:
    """5.1: end-of-turn tests (reasons 1, 5, 6, 7), highest reason only, from the west flank
    to the east (ruling D-52); frenzied units never test."""
    st = game.state
    units = sorted((u for u in st.living() if u.morale_reasons and not u.frenzied
                    and u.troop is not Troop.HQ),
                   key=lambda u: (u.x, u.y, u.id))
    for u in units:
        reasons = [r for r in u.morale_reasons if r in (1, 5, 6, 7)]
        u.morale_reasons = []
        if not u.alive or not reasons or u.routing:
            continue                       # routing units do not test again (ruling D-57)
        out = test(game, u, max(reasons))
        if out.result not in ("none",):
            apply(game, u, out.result)
