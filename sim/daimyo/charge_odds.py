"""Exact odds of one unit charging (or fighting) another, with the modifiers really in force.

The combat rules compute the modifiers (combat/melee.py, combat/shooting.py) and who fights
(4.6.1); odds.py turns them into exact distributions. For a charge not yet made, the charger is
placed, on a copy, where the charge would put it (combat/charge.py `plan`, which also says why a
charge is impossible), with the charge bonus it would earn; the target's closing fire (4.4) is
the one the reaction rules would allow. Nothing here changes the game: units are copied.
Morale tests before contact (5.1) and the reaction the target chooses are not part of the odds.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from fractions import Fraction

import shapely

from sim.core.errors import RuleError
from sim.core.memo import keep
from sim.daimyo import odds
from sim.daimyo.combat import charge as CH
from sim.daimyo.combat import common as C
from sim.daimyo.combat import melee, reactions, shooting
from sim.daimyo.geometry import direction, footprint
from sim.daimyo.model import Troop
from sim.daimyo.state import DaimyoState

SYSTEM = "daimyo"
DISORDER_MAX = 20_000      # charges_into_disorder answers kept per game
Mod = tuple[str, int, str]


@dataclass(frozen=True)
class Fire:
    """The defender's closing fire at the charger (4.4)."""
    stands: int
    effective: bool
    mods: tuple[Mod, ...]
    hits: list[Fraction]


@dataclass(frozen=True)
class ChargeOdds:
    attacker: str
    defender: str
    charging: bool                       # False: the units are already in melee
    edge: str                            # the defender's edge contacted
    fire: Fire | None                    # closing fire, if the defender may shoot
    a_stands: tuple[int, ...]            # each fighting stand's modifier total
    b_stands: tuple[int, ...]
    a_mods: tuple[Mod, ...]              # the unit-wide modifiers (a flank/rear stand adds its own)
    b_mods: tuple[Mod, ...]
    melee: odds.MeleeOdds
    a_lost: list[Fraction]               # stands lost this round, hits carried counted (D-20)
    b_lost: list[Fraction]


def _err(msg: str, rule: str = "4.4") -> RuleError:
    return RuleError(rule, msg, SYSTEM)


def _fighter(st: DaimyoState, unit_id: str, role: str):
    u = st.units.get(unit_id)
    if u is None:
        known = ", ".join(sorted(v.id for v in st.living()))
        raise _err(f"no unit {unit_id!r} ({role}); units on the table: {known}", "odds")
    if not u.alive:
        raise _err(f"{unit_id} ({role}) has left the table ({u.gone})", "odds")
    if u.troop is Troop.HQ and role == "attacker":
        raise _err(f"{unit_id} is an HQ and cannot charge")
    if u.troop is Troop.ARTILLERY and role == "attacker":
        raise _err(f"{unit_id} is artillery and cannot charge", "6.1")
    if u.routing and role == "attacker":
        raise _err(f"{unit_id} is routing and cannot fight", "4.6.7")
    return u


def _stand_totals(st, a, b, rounds_done: int) -> tuple[tuple[int, ...], tuple[Mod, ...]]:
    """4.6.1-4.6.3: each of a's fighting stands' modifier total against b, from the same
    description the engine rolls (melee.round_stands)."""
    return _totals(st, a, b, rounds_done), tuple(melee.modifiers(st, a, b, rounds_done))


def _totals(st, a, b, rounds_done: int) -> tuple[int, ...]:
    """_stand_totals' totals alone (the planner's head_on shows no modifier list)."""
    return tuple(sum(v for _, v, _ in sm) for _, sm in melee.round_stands(st, a, b, rounds_done))


def charge_odds(st: DaimyoState, attacker: str, defender: str) -> ChargeOdds:
    """Odds of `attacker` charging `defender` now (or of their next melee round, if they are
    already fighting). RuleError naming the rule when the charge cannot be made."""
    u, t = _fighter(st, attacker, "attacker"), _fighter(st, defender, "defender")
    if u.side == t.side:
        raise _err(f"{attacker} and {defender} are on the same side", "odds")
    fire = None
    fighting = C.touching(u, t)            # already in base contact: the next round
    if fighting:
        a, edge = u, C.side_of(t, u)
        rounds = st.melee_rounds.get(C.pair_key(u.id, t.id), 0)
    else:
        p = CH.plan(st, u, t)              # raises RuleError naming why the charge is impossible
        n, effective = reactions.closing_fire(st, t, u, p)
        if n:
            shooter = copy.copy(t)
            shooter.charged_by = list(t.charged_by) + [u.id]     # 4.5.4: shooter being charged
            mods = tuple(shooting.modifiers(st, shooter, u, effective))
            fire = Fire(n, effective, mods, odds.hits_distribution([sum(v for _, v, _ in mods)] * n))
        a = copy.copy(u)                   # the charger where the charge puts it (4.4)
        a.x, a.y, a.facing = p.final
        a.charge_target, a.charge_bonus = t.id, p.bonus
        a_dis, t_dis = CH.contact_disorders(u, p)
        a.disordered = a.disordered or bool(a_dis)
        if t_dis and not t.disordered:
            t = copy.copy(t)
            t.disordered = True
        edge, rounds = p.edge, 0
    a_stands, a_mods = _stand_totals(st, a, t, rounds)
    b_stands, b_mods = _stand_totals(st, t, a, rounds)
    m = odds.melee_odds(a_stands, b_stands)
    return ChargeOdds(u.id, t.id, not fighting, edge, fire, a_stands, b_stands, a_mods, b_mods, m,
                      odds.stands_lost(m.b_hits, u.hits, u.stands), odds.stands_lost(m.a_hits, t.hits, t.stands))


def describe(o: ChargeOdds) -> list[str]:
    """The odds as text lines (kassen odds, the play view's log)."""
    def pct(x: Fraction) -> str:
        return f"{float(x) * 100:5.1f}%"

    def dist(d) -> str:
        return "  ".join(f"{k}: {pct(v)}" for k, v in enumerate(d) if v)

    def mods(ms) -> str:
        return ", ".join(f"{name} {v:+d} ({rule})" for name, v, rule in ms) or "none"

    m = o.melee
    lines = [f"{o.attacker} {'charges' if o.charging else 'fights'} {o.defender} "
             f"(contact on its {o.edge} edge)"]
    if o.fire:
        f = o.fire
        lines += [f"closing fire (4.4): {f.stands} stands at {'effective' if f.effective else 'long'} range; "
                  f"modifiers: {mods(f.mods)}",
                  f"  hits on {o.attacker}: {dist(f.hits)}  (expected {float(odds.expected(f.hits)):.2f})"]
    else:
        lines.append("closing fire (4.4): none possible")
    lines += [f"melee round (4.6): {o.attacker} {len(o.a_stands)} stands at {list(o.a_stands)}; "
              f"{o.defender} {len(o.b_stands)} stands at {list(o.b_stands)} (2d6 + total >= 8 hits)",
              f"  {o.attacker} modifiers: {mods(o.a_mods)}",
              f"  {o.defender} modifiers: {mods(o.b_mods)}",
              f"  hits by {o.attacker}: {dist(m.a_hits)}  (expected {float(odds.expected(m.a_hits)):.2f})",
              f"  hits by {o.defender}: {dist(m.b_hits)}  (expected {float(odds.expected(m.b_hits)):.2f})",
              f"  {o.attacker} wins {pct(m.a_wins)} (routs {o.defender} {pct(m.a_routs_b)}, pushes back "
              f"{pct(m.a_pushes_b)}); draw {pct(m.draw)}; {o.defender} wins {pct(m.b_wins)} "
              f"(routs {pct(m.b_routs_a)}, pushes back {pct(m.b_pushes_a)}) (4.6.5)",
              f"  stands lost by {o.attacker}: {dist(o.a_lost)}; by {o.defender}: {dist(o.b_lost)}"]
    return lines


def head_on(st: DaimyoState, attacker: str, defender: str, disordered: bool = False,
            front: tuple[float, float, float] | None = None) -> odds.MeleeOdds:
    """The first round (4.6.5) if `attacker` reached `defender`'s front edge in a charge with
    the bonus (4.4), wherever the two stand now: what a planner weighs for a fight a few moves
    off. The defender's ground (a hill, an obstacle, a building) counts where it stands; the
    closing fire and whether the charge can be made are left out (charge_odds has them).
    `disordered`: the charge crosses ground that disorders the charger on contact (4.3.1,
    charge.charge_allowance; `charges_into_disorder` says whether it does). `front`:
    CH.final_pose(attacker, defender, "front") where the caller has it (the same numbers)."""
    u, t = _fighter(st, attacker, "attacker"), _fighter(st, defender, "defender")
    a = copy.copy(u)
    a.x, a.y, a.facing = CH.final_pose(u, t, "front") if front is None else front
    a.charge_target, a.charge_bonus = t.id, True
    a.pursuit_disordered = False                     # 4.2.1: only a unit in good order charges
    a.disordered = disordered
    return odds.melee_odds(_totals(st, a, t, 0), _totals(st, t, a, 0))


def charges_into_disorder(st: DaimyoState, attacker: str, defender: str,
                          front: tuple[float, float, float] | None = None) -> bool:
    """Whether a charge at `defender`'s front edge from a bonus run away (half the charge move,
    4.4) crosses ground that disorders the charger (light or difficult ground, an obstacle:
    4.3.1 as charge.charge_allowance reads it), wherever the attacker stands now. `front` as
    in head_on."""
    u, t = st.units[attacker], st.units[defender]
    fx, fy, ff = CH.final_pose(u, t, "front") if front is None else front
    # the answer reads of the attacker only its stands' layout and charge move, and the
    # terrain, which never changes in a game: kept with the game (derived, never saved), for
    # the planner asks again for every pair whenever one of the two has moved (ai/matchups.py)
    key = (fx, fy, ff, u.cavalry, u.stands, u.files, u.stand_w, u.stand_d, u.move_row.charge)
    kept = st.geometry_cache.setdefault("charge_disorder", {})
    got = kept.get(key)
    if got is None:
        back = direction(ff) * (u.move_row.charge / 2)
        hull = shapely.union_all([footprint(u, x=fx, y=fy, facing=ff),
                                  footprint(u, x=fx - back[0], y=fy - back[1], facing=ff)]).convex_hull
        got = keep(kept, key, CH.charge_allowance(st, u, hull)[1], DISORDER_MAX)
    return got
