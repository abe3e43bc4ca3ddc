"""Orders and log lines in words, with the names on the table (issue 24): "Shoot at Shima horse
(12 cm, long range)", "Honda Tadakatsu joins Honda spearmen", "2d6 = 3+3 = 6 +4 (rating) = 10".
The view shows these; no pygame here, and nothing changes the state."""
from __future__ import annotations

import functools
import math
import re

from sim.core.events import DiceRolled
from sim.daimyo.geometry import footprint
from sim.daimyo.leaders import leader_xy

REACTIONS = {"stand": "stand and receive the charge", "shoot": "stand and give closing fire",
             "retire": "retire before the charge (5.1)", "shoot_retire": "give fire, then retire (5.1)",
             "countercharge": "counter-charge"}


# What a unit is ordered to do, after its name ("Honda spearmen: hold").
UNIT_ORDERS = {
    "Move": lambda a: f"move {a.distance:.1f} cm ahead",
    "Wheel": lambda a: f"wheel {abs(a.angle):g} deg {'left' if a.angle > 0 else 'right'}",
    "Turn": lambda a: "turn about" if abs(a.angle) == 180 else f"turn 90 deg {'left' if a.angle > 0 else 'right'}",
    "FallBack": lambda a: f"fall back {a.distance:g} cm",
    "Reform": lambda a: f"reform {a.files} wide, facing {a.facing:g} deg",
    "Hold": lambda a: "hold",
    "React": lambda a: REACTIONS.get(a.choice, a.choice),
    "Rally": lambda a: "try to rally" if a.attempt else "do not rally",
    "FollowUp": lambda a: "follow up" if a.go else "stay",
}


def _unit(st, uid: str) -> str:
    u = st.units.get(uid)
    return u.name if u is not None else uid


def _leader(st, lid: str) -> str:
    lead = st.leaders.get(lid)
    return lead.name if lead is not None else lid


def order_text(st, a) -> str:
    """One order in words (any Daimyo action, combat ones included)."""
    kind = type(a).__name__
    unit = _unit(st, getattr(a, "unit", "")) if hasattr(a, "unit") else ""
    if kind == "ChooseOrder":
        return "Activate first" if a.go_first else "Let the enemy activate first"
    if kind == "ActivateClan":
        clan = st.clans.get(a.clan)
        rating = st.daimyo(a.clan).rating if clan is not None and st.daimyo(a.clan).alive else 0
        return f"Try to activate clan {clan.name if clan else a.clan} (2d6 +{rating} rating, 8+; 4.1)"
    if kind == "ActivateGeneral":
        return "Activate the General: his hatamoto and the unit he is with (4.1)"
    if kind == "EndActivations":
        return "Make no more activation attempts this turn"
    if kind in ("EndMovement", "EndShooting", "EndLeaderMoves"):
        return {"EndMovement": "End the movement step", "EndShooting": "End shooting",
                "EndLeaderMoves": "End leader moves"}[kind]
    if kind in UNIT_ORDERS:
        return f"{unit}: {UNIT_ORDERS[kind](a)}"
    if kind == "MoveLeader":
        who = _leader(st, a.leader)
        if a.attach:
            return f"{who} joins {_unit(st, a.attach)}"
        lead = st.leaders.get(a.leader)
        far = f" {math.dist(leader_xy(st, lead), (a.x, a.y)):.1f} cm" if lead is not None else ""
        return f"{who} moves{far} to open ground"
    if kind == "MountUp":
        return "The General mounts up" + (f" with {_unit(st, a.hatamoto)}" if a.hatamoto else "") + " (1.7)"
    if kind == "Shoot":
        return f"{unit}: " + shot_text(st, a.unit)
    if kind == "Charge":
        u, t = st.units.get(a.unit), st.units.get(a.target)
        far = f" ({footprint(u).distance(footprint(t)):.1f} cm)" if u is not None and t is not None else ""
        return f"{unit}: charge {_unit(st, a.target)}{far}"
    if kind == "Challenge":
        return f"{_leader(st, a.leader)} challenges {_leader(st, a.target)}"
    if kind == "AnswerChallenge":
        return f"{_leader(st, a.leader)} {'accepts' if a.accept else 'refuses'} the challenge"
    return named(st, f"{kind} " + " ".join(f"{v}" for k, v in a.__dict__.items() if k != "side"))


def shot_text(st, uid: str) -> str:
    """4.5: whom the unit's stands would shoot at (the nearest enemy in each stand's arc)."""
    from sim.daimyo.combat import shooting
    u = st.units[uid]
    aims = shooting.targets(st, u).values()
    if not aims:
        return "shoot (no target in arc and range)"
    short = shooting.ranges(u)[0]
    nearest: dict[str, float] = {}
    for t, d in aims:
        nearest[t.id] = min(d, nearest.get(t.id, d))
    return "shoot at " + ", ".join(
        f"{_unit(st, t)} ({d:.0f} cm, {'effective' if d <= short else 'long'} range)" for t, d in nearest.items())


def _ids(st) -> re.Pattern | None:
    return _pattern(tuple(sorted({*st.units, *st.leaders, *st.clans}, key=len, reverse=True)))


@functools.lru_cache(maxsize=8)
def _pattern(ids: tuple[str, ...]) -> re.Pattern | None:
    if not ids:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


def named(st, text: str) -> str:
    """`text` with every unit, leader and clan id replaced by its name on the table."""
    pattern = _ids(st)
    if pattern is None:
        return text

    def name(m: re.Match) -> str:
        key = m.group(1)
        for table in (st.units, st.leaders, st.clans):
            if key in table:
                return table[key].name
        return key
    return pattern.sub(name, text)


def with_dice(st, rolls: list[DiceRolled], result) -> tuple[str, int] | None:
    """The rolls just logged and the result they decided, on one line with the modifiers
    named: "activation of Honda: 2d6 = 3+3 = 6 +4 (daimyo's rating) = 10: activated (4.1)".
    Returns (line, how many of the last rolls it replaces), or None if `result` is no such result."""
    kind = type(result).__name__
    if kind == "InitiativeRolled" and len(rolls) >= len(result.totals):
        parts = []
        for roll, (side, total) in zip(rolls[-len(result.totals):], result.totals):
            parts.append(f"{side} {_sum(roll)}{_mod(total - sum(roll.faces), 'General and army', total)}")
        who = result.winner or "tie, roll again"
        return f"initiative: {', '.join(parts)} -> {who} ({result.rule})", len(result.totals)
    total = getattr(result, "total", None)
    if total is None or kind not in ("ClanActivation", "ObedienceTest") or not rolls:
        return None
    roll = rolls[-1]
    mod = total - sum(roll.faces)
    why = "daimyo's rating" if kind == "ClanActivation" else "leader's rating"
    if kind == "ClanActivation":
        clan = st.clans.get(result.clan)
        general = st.general(clan.side) if clan is not None else None
        if general is not None and general.alive and general.seated and mod > st.daimyo(result.clan).rating:
            why += " +1 seated General"
        outcome = "activated" if result.success else "fails"
    else:
        outcome = "obeys" if result.passed else "halts"
    return f"{named(st, roll.purpose)}: {_sum(roll)}{_mod(mod, why, total)}: {outcome} ({result.rule})", 1


def _sum(roll: DiceRolled) -> str:
    faces = "+".join(map(str, roll.faces))
    return f"{len(roll.faces)}d{roll.sides} = {faces}" + (f" = {sum(roll.faces)}" if len(roll.faces) > 1 else "")


def _mod(mod: int, why: str, total: int) -> str:
    return f" {mod:+d} ({why}) = {total}" if mod else ""


def unit_tip(st, u) -> list[str]:
    """A unit's tooltip: troops, arms, state and the rules in force on it now."""
    from sim.daimyo import command
    from sim.daimyo.combat import shooting
    clan = st.clans.get(u.clan)
    lines = [u.name,
             f"{clan.name if clan else u.clan} ({u.side}): {u.quality.value} {u.troop.value.replace('_', ' ')}",
             f"{', '.join(w.value.replace('_', ' ') for w in u.weapons) or 'no weapons'}; {u.armour.value} armour",
             f"{u.stands} stands, {u.files} wide ({u.formation.value}); {u.hits} hits"]
    if shooting.weapon(u) is not None:
        short, _ = shooting.ranges(u)
        lines.append(f"shoots: effective to {short:g} cm, long to {shooting.reach(st, u, None):g} cm (4.5)")
    lines.append(f"move {u.move_row.normal:g} cm, charge {u.move_row.charge:g} cm (4.3, 4.4)")
    effects = [
        (u.routing, "routing: moves only by rout moves until rallied (4.6.7, 4.2.2.1)"),
        (u.frenzied, "frenzied: must charge the nearest enemy it can reach (5.1)"),
        (u.halted_turns > 0, "halted: stands still" + (", may turn about" if command.may_about_face(u) else "")
         + " (5.1)"),
        (u.disordered, "disordered: wheels and turns cost double until reformed (4.3.5, 4.2.2)"),
        (u.obedience == "failed", "failed its obedience test: halts this turn (1.9)"),
        (bool(u.in_melee_with), "in melee with " + ", ".join(_unit(st, v) for v in u.in_melee_with) + " (4.6)"),
        (u.reforming, "reformed this turn: moves and shoots no more (4.3.5.4)"),
        (u.fell_back, "fell back this turn: that was its move (4.3.5.3)"),
        (u.blocked, "walked into by a friend: may not move further (4.3.2)"),
        (u.troop.value != "hq" and not u.routing and not command.in_command(st, u),
         "out of command range: tests obedience before it moves (1.9)"),
    ]
    lines += [text for on, text in effects if on]
    lines += [f"with {lead.name} ({lead.kind.value}, rating {lead.rating})" for lead in st.attached(u.id)]
    return lines


def terrain_tip(st, x: float, y: float) -> list[str]:
    """The terrain under a point and what it does to movement, sight and combat (4.3.1)."""
    from shapely.geometry import Point
    from sim.daimyo.tables import tables
    from sim.daimyo.terrain import features_touching
    te = tables().terrain_effects
    effect = {"light": f"light ground: {te.light_cm:g} cm once a turn (4.3.1)",
              "difficult": f"difficult ground: each cm costs {te.difficult_infantry_factor:g} "
                           f"({te.difficult_cavalry_factor:g} mounted) and disorders (4.3.1)",
              "obstacle": f"obstacle: {te.obstacle_infantry_cm:g} cm to cross "
                          f"({te.obstacle_cavalry_cm:g} mounted) and disorders (4.3.1)",
              "impassable": "impassable (4.3.1)", "road": "road: a column moves at half cost (4.3)",
              "river": "river (4.3.1)", "open": "open ground"}
    out = []
    for f in features_touching(list(st.terrain), Point(x, y).buffer(0.3)):
        row = f.row
        extra = [t for on, t in ((row.hill, "hill"), (row.cover, "cover from shooting"),
                                 (row.blocks_los, "blocks sight"), (row.building, "building"),
                                 (bool(row.impassable_to), f"impassable to {row.impassable_to}")) if on]
        out.append(f"{f.name or f.kind.replace('_', ' ')}: {effect.get(row.effect, row.effect)}"
                   + (f"; {', '.join(extra)}" if extra else ""))
    return out
