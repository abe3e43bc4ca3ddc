"""Melee (4.6): which stands fight (4.6.1), the 4.6.3 modifiers, rolls and hits (4.6.2), the
result (4.6.5), push back and follow up (4.6.6), rout and pursuit (4.6.7-8), and multiple
unit melees (4.6.9)."""
from __future__ import annotations

from sim.daimyo import artillery
from sim.daimyo.geometry import CONTACT_TOLERANCE, direction, local_corners, stand_corners, stand_layout
from sim.daimyo.model import Armour, Troop, Unit, Weapon
from sim.daimyo.effects import add_hits, moved_by_combat, remove_unit, set_disordered
from sim.daimyo.state import Decision
from sim.daimyo.tables import tables
from sim.daimyo.surroundings import (contact_ids, enemies_in_contact, footprint, in_building,
                                     on_hill, touches)

from . import common as C
from .contact import EDGES, edges_touching
from .random_event import heroic
from .events import FollowedUp, MeleeResult, MeleeRound, PushedBack, StandRoll

Mod = tuple[str, int, str]
SEVERITY = {"win": 0, "draw": 1, "pushed_back": 2, "rout": 3}


def melee_weapon(u: Unit) -> Weapon:
    """4.6.1: missile ashigaru and the HQ fight with improvised weapons (ruling D-68)."""
    if u.missile_ashigaru or u.troop is Troop.HQ:
        return Weapon.IMW
    for w in (Weapon.LONG_SPEAR, Weapon.LANCE, Weapon.POLE_ARM):
        if w in u.weapons:
            return w
    return Weapon.IMW


def edge_contacts(a: Unit, b: Unit) -> list[frozenset[str]]:
    """For each stand of a, which of its edges touch b's stands along more than half a cm
    (numpy bounds, Shapely only where they cannot tell: combat/contact.py). Remembered in both
    units' transient `shapes` (per game) on the numbers that define both units' stands: a
    charge's odds ask the same pairs many times."""
    key = ("edge_contacts", a.stands, a.files, a.stand_w, a.stand_d, a.x, a.y, a.facing,
           b.stands, b.files, b.stand_w, b.stand_d, b.x, b.y, b.facing)
    got = a.shapes.get(key)
    if got is None:
        got = b.shapes.get(key)
    if got is None:
        touch = edges_touching(stand_corners(a), (b.x, b.y, b.facing), local_corners(b),
                               lambda: footprint(b).buffer(CONTACT_TOLERANCE))
        got = tuple(frozenset(EDGES[k] for k in range(4) if row[k]) for row in touch)
        # kept with both: the planner puts every attacker of a layout on the same spot before
        # one defender (charge_odds.head_on), so the defender's memo answers the next one
        a.shapes[key] = b.shapes[key] = got
    return list(got)


def contact_sides(st, u: Unit) -> set[str]:
    """front / flank / rear: where enemies touch u (4.6.9 'attacked from several sides')."""
    out = set()
    for v in enemies_in_contact(st, u):
        for edges in edge_contacts(u, v):
            for e in edges:
                out.add("flank" if e in ("left", "right") else e)
    return out


def fighting_stands(st, a: Unit, b: Unit, rounds_done: int, used: set[int]) -> list[tuple[int, bool]]:
    """4.6.1: (stand index, attacked in flank/rear) for a's stands able to fight b."""
    layout = stand_layout(a.stands, a.files)
    contacts = edge_contacts(a, b)
    front = [i for i, e in enumerate(contacts) if "front" in e]
    if b.troop is Troop.HQ:
        front = front[:tables().melee.hq_front_stands]   # 4.6.1: one stand against an HQ
    flank = [i for i, e in enumerate(contacts) if e - {"front"} and i not in front]
    # 4.4: a unit already fighting to its front turns its rear rank to face a rear charger
    # (no -2 for those stands); a flank charger is met by the end stand without turning
    turned = {i for i in flank if contacts[i] == {"rear"}} if _front_engaged(st, a, b) else set()
    if a.ranks == 1 and a.stands > 1 and (turned or _rear_engaged(st, a, b)):
        # 4.4: with no second rank, half the stands fight to the front and half to the rear (ruling D-72)
        half = set(range((a.stands + 1) // 2))
        front = [i for i in front if i in half]
        flank = [i for i in flank if i not in half or contacts[i] != {"rear"}]
    picked = list(front)
    two_ranks = not (a.disordered or a.pursuit_disordered) and (
        rounds_done >= 1 or melee_weapon(a) is Weapon.LONG_SPEAR)

    def behind(i):
        r, lat = layout[i]
        best = [j for j, (rj, lj) in enumerate(layout) if rj == r + 1 and abs(lj - lat) <= 0.5]
        return best[0] if best else None

    if rounds_done >= 1 and front:          # 4.6.1 overlaps from the second round (ruling D-70)
        lats = [layout[i][1] for i in front if layout[i][0] == 0]
        if lats:
            for want in (min(lats) - 1, max(lats) + 1):
                for j, (rj, lj) in enumerate(layout):
                    if rj == 0 and abs(lj - want) < 1e-6 and not contacts[j] and j not in picked:
                        picked.append(j)
    if two_ranks:
        for i in list(picked):
            j = behind(i)
            if j is not None and j not in picked:
                picked.append(j)
    out = [(i, False) for i in picked] + [(i, i not in turned) for i in flank]
    if in_building(st, a) or in_building(st, b):
        out = out[:tables().melee.building_max_stands]
    return [(i, fr) for i, fr in out if i not in used]


def _rear_engaged(st, a: Unit, b: Unit) -> bool:
    return any("rear" in e for v in enemies_in_contact(st, a) if v.id != b.id
               for e in edge_contacts(a, v))


def _front_engaged(st, a: Unit, b: Unit) -> bool:
    return any("front" in e for v in enemies_in_contact(st, a) if v.id != b.id
               for e in edge_contacts(a, v))


def modifiers(st, a: Unit, b: Unit, rounds_done: int) -> list[Mod]:
    """Every 4.6.3 modifier for a's stands fighting b (the flank/rear line is per stand);
    first-round bonuses stack with weapon bonuses (ruling D-69)."""
    m = tables().melee_modifiers
    w = melee_weapon(a)
    out: list[Mod] = []
    first = rounds_done == 0
    good = not (a.disordered or a.pursuit_disordered)
    if w is Weapon.LONG_SPEAR:
        out.append(("long spear vs cavalry", m["long_spear_vs_cavalry"], "4.6.3") if b.cavalry
                   else ("long spear vs infantry", m["long_spear_vs_infantry"], "4.6.3"))
    if w is Weapon.POLE_ARM:
        out.append(("pole arm", m["pole_arm"], "4.6.3"))
    if w is Weapon.IMW and not b.cavalry:
        out.append(("improvised weapon vs infantry", m["imw_vs_infantry"], "4.6.3"))
    if w is Weapon.LANCE:
        out.append(("lance", m["lance"], "4.6.3"))
    if first and a.charge_target == b.id and a.charge_bonus and not in_building(st, b) \
            and st.weather not in ("thunderstorm", "snowing"):
        out.append(("cavalry charge", m["cavalry_charge"], "4.6.3") if a.cavalry
                   else ("infantry charge", m["infantry_charge"], "4.6.3"))
    for leader in st.attached(a.id):
        if leader.kind.value == "general":
            out.append(("General with the unit", m["general_with_unit"], "4.6.3"))
        else:
            out.append(("daimyo with the unit", m["daimyo_with_unit"], "4.6.3"))
    if first and a.charge_target == b.id and heroic(st, a):
        out.append(("heroic charge", m["heroic_charge"], "5.3"))
    if a.frenzied:
        out.append(("frenzy", m["frenzy"], "4.6.3"))
    if a.pursuit_bonus == b.id:
        out.append(("pursuit", m["pursuit"], "4.6.8"))
    if first and good and w in (Weapon.LONG_SPEAR, Weapon.LANCE):
        out.append(("good order long spear/lance, first round", m["first_round_spear_or_lance"], "4.6.3"))
    if first and good and w is Weapon.POLE_ARM:
        out.append(("good order pole arm, first round", m["first_round_pole_arm"], "4.6.3"))
    if a.follow_up_bonus == b.id:
        out.append(("follow-up", m["follow_up"], "4.6.3"))
    if b.armour is Armour.HEAVY:
        out.append(("heavy-armoured enemy", m["enemy_heavy_armour"], "4.6.3"))
    elif b.armour is Armour.MEDIUM:
        out.append(("medium-armoured enemy", m["enemy_medium_armour"], "4.6.3"))
    if in_building(st, b):
        out.append(("enemy in a building", m["enemy_in_building"], "4.6.3"))
    if b.quality.rank > a.quality.rank:
        out.append(("enemy of higher quality", m["enemy_higher_quality"], "4.6.3"))   # ruling D-14
    if not good:
        out.append(("disordered", m["disordered"], "4.6.3"))
    if (on_hill(st, b) and not on_hill(st, a)) or defends_obstacle(st, a, b):
        out.append(("enemy uphill or behind an obstacle", m["enemy_uphill_or_behind_obstacle"], "4.6.3"))
    return out


def defends_obstacle(st, a: Unit, b: Unit) -> bool:
    """b defends an obstacle against a: one lies along their contact and b did not charge
    over it (ruling D-83)."""
    if b.charge_target == a.id:
        return False
    # only an obstacle whose box comes within 0.6 cm of both units' boxes can meet the zone
    near = [f for f in st.terrain if f.row.effect == "obstacle"
            and _boxes_within(f.shape.bounds, footprint(a).bounds, 0.6)
            and _boxes_within(f.shape.bounds, footprint(b).bounds, 0.6)]
    if not near:
        return False
    zone = footprint(a).buffer(0.6).intersection(footprint(b).buffer(0.6))
    return any(f.shape.intersects(zone) for f in near)


def _boxes_within(p, q, gap: float) -> bool:
    """Bounding boxes (minx, miny, maxx, maxy) not surely more than `gap` apart."""
    g = gap + 1e-6
    return p[0] <= q[2] + g and q[0] <= p[2] + g and p[1] <= q[3] + g and q[1] <= p[3] + g


def round_stands(st, a: Unit, b: Unit, rounds_done: int, used: set[int] = frozenset()) \
        -> list[tuple[int, tuple[Mod, ...]]]:
    """The one description of a melee round for a against b (4.6.1-4.6.3): each fighting
    stand with every modifier it rolls at. The engine rolls these (`resolve_group`) and the
    exact odds count them (charge_odds.py), so the two cannot disagree."""
    mods = tuple(modifiers(st, a, b, rounds_done))
    flank_mod = ("attacked in flank or rear", tables().melee_modifiers["attacked_in_flank_or_rear"], "4.6.3")
    return [(i, mods + ((flank_mod,) if fr else ()))           # ruling D-13
            for i, fr in fighting_stands(st, a, b, rounds_done, set(used))]


def _roll(game, a: Unit, b: Unit, stands: list[tuple[int, tuple[Mod, ...]]]) -> tuple[StandRoll, ...]:
    hit_on = tables().melee.hit_on
    out = []
    for i, sm in stands:
        faces = game.dice.two_d6(f"melee {a.name} stand {i} vs {b.name}", "4.6.2")
        total = sum(faces) + sum(v for _, v, _ in sm)
        out.append(StandRoll(i, faces, sm, total, total >= hit_on))
    return tuple(out)


def groups(st) -> list[list[Unit]]:
    """Connected groups of units in base contact with enemies (4.6.9)."""
    touching = contact_ids(st)          # the whole table's contacts at once (ruling D-3)
    if not any(touching.values()):
        return []
    units = [u for u in st.living() if not u.routing]
    adj = {u.id: set() for u in units}
    for u in units:
        if touching[u.id]:
            adj[u.id].update(v for v in touching[u.id] if v in adj)
    seen, out = set(), []
    for u in units:
        if u.id in seen or not adj[u.id]:
            continue
        comp, todo = [], [u.id]
        while todo:
            x = todo.pop()
            if x in seen:
                continue
            seen.add(x)
            comp.append(st.units[x])
            todo.extend(adj[x] - seen)
        out.append(sorted(comp, key=lambda v: v.id))
    return out


def melee_step(game) -> None:
    """4.6: after shooting, every melee with a unit of the active clan is fought (the whole
    multiple melee activates, 4.6.9), each pair once a turn (ruling D-6). It stops when a
    winner must decide whether to follow up (4.6.6); called again, it goes on with the melees
    not yet fought."""
    st = game.state
    for group in groups(st):
        if any(C.is_active(st, u) for u in group):
            resolve_group(game, group)
            if st.pending:
                break
    end_melees(game)
    refresh_melee_lists(st)


def end_melees(game) -> None:
    """4.2.1 cause 6: at the conclusion of a melee that lasted more than one turn (its two
    units no longer in contact: pushed back without a follow-up, routed, destroyed, retired
    by a morale result), both units still on the table are disordered. A melee whose loser
    was pushed back and followed up goes on (ruling D-100). Its round count is then forgotten,
    so a later charge between the same units starts a new melee at round one."""
    st = game.state
    waiting = {C.pair_key(d.data["unit"], d.data["loser"]) for d in st.pending if d.kind == "follow_up"}
    for key in list(st.melee_start):
        a, b = (st.units[k] for k in key.split("|"))
        if key in waiting or (a.alive and b.alive and touches(st, a, b)):
            continue
        began = st.melee_start.pop(key)
        st.melee_rounds.pop(key, None)
        if began < st.turn:
            for v in (a, b):
                set_disordered(game, v, "its melee lasted more than one turn", "4.2.1")


def refresh_melee_lists(st) -> None:
    """Keep Unit.in_melee_with / melee_rounds current for views (contact is geometric)."""
    touching = contact_ids(st)
    # no one touches, as at the last call, which emptied every list (only this function sets
    # them; a unit gone since kept its empty one): nothing to change
    apart = not any(touching.values())
    if apart and st.geometry_cache.get("melee lists empty"):
        return
    st.geometry_cache["melee lists empty"] = apart
    for u in st.units.values():
        if u.gone:
            u.in_melee_with = []
        elif not touching[u.id]:
            u.in_melee_with, u.melee_rounds = [], 0      # most units touch no one
        else:
            u.in_melee_with = sorted(touching[u.id])
            u.melee_rounds = max(st.melee_rounds.get(C.pair_key(u.id, v), 0) for v in u.in_melee_with)


def _pairs(st, group: list[Unit]) -> list[tuple[Unit, Unit]]:
    out = []
    for a in group:
        for b in group:
            if a.side == st.to_move and b.side != a.side and touches(st, a, b) \
                    and C.pair_key(a.id, b.id) not in st.melee_fought:
                out.append((a, b))
    return out


def resolve_group(game, group: list[Unit]) -> None:
    st = game.state
    pairs = _pairs(st, group)
    if not pairs:
        return
    multiple = len(group) > 2
    used: dict[str, set[int]] = {u.id: set() for u in group}
    inflicted: dict[tuple[str, str], int] = {}
    for a, b in pairs:
        key = C.pair_key(a.id, b.id)
        st.melee_start.setdefault(key, st.turn)
        done = st.melee_rounds.get(key, 0)
        sa = round_stands(st, a, b, done, used[a.id])
        sb = round_stands(st, b, a, done, used[b.id])
        used[a.id].update(i for i, _ in sa)
        used[b.id].update(i for i, _ in sb)
        ra = _roll(game, a, b, sa)
        rb = _roll(game, b, a, sb)
        inflicted[(a.id, b.id)] = sum(r.hit for r in ra)
        inflicted[(b.id, a.id)] = sum(r.hit for r in rb)
        game.emit(MeleeRound(a.id, b.id, done + 1, ra, inflicted[(a.id, b.id)]))
        game.emit(MeleeRound(b.id, a.id, done + 1, rb, inflicted[(b.id, a.id)]))
        st.melee_rounds[key] = done + 1
        st.melee_fought.append(key)
        a.fought = b.fought = True              # 4.2.2: a unit that fought does not reform
        for x, y in ((a, b), (b, a)):
            if x.follow_up_bonus == y.id:
                x.follow_up_bonus = ""
            if x.pursuit_bonus == y.id:
                x.pursuit_bonus = ""
                x.pursuit_disordered = False
    sides_before = {u.id: contact_sides(st, u) for u in group}
    taken: dict[str, int] = {}
    for (x, y), n in inflicted.items():
        taken[y] = taken.get(y, 0) + n
    for u in group:
        add_hits(game, u, taken.get(u.id, 0), "melee", "4.6.2")
    apply_results(game, group, inflicted, multiple, sides_before)


def outcomes(inflicted: dict[tuple[str, str], int], uid: str) -> tuple[str, list[str]]:
    """4.6.5 / 4.6.9: the worst result over u's opponents, and the opponents that beat it."""
    rm = tables().melee.rout_margin
    worst, beaten_by = "win", []
    for (x, y), mine in inflicted.items():
        if x != uid:
            continue
        theirs = inflicted.get((y, x), 0)
        res = "win" if mine > theirs else "draw" if mine == theirs else \
            "rout" if theirs - mine >= rm else "pushed_back"
        if res in ("rout", "pushed_back"):
            beaten_by.append(y)
        if SEVERITY[res] > SEVERITY[worst]:
            worst = res
    return worst, beaten_by


def apply_results(game, group, inflicted, multiple: bool, sides_before) -> None:
    from . import rout
    from .morale import end_frenzy
    st = game.state
    results = {u.id: outcomes(inflicted, u.id) for u in group}
    for u in group:
        res, _ = results[u.id]
        hf = sum(n for (x, _), n in inflicted.items() if x == u.id)
        ha = sum(n for (_, y), n in inflicted.items() if y == u.id)
        game.emit(MeleeResult(u.id, res if u.alive else "destroyed", hf, ha))
    for u in sorted(group, key=lambda v: -SEVERITY[results[v.id][0]]):
        res, beaten_by = results[u.id]
        if not u.alive or res in ("win", "draw"):
            continue
        winners = [st.units[w] for w in beaten_by if st.units[w].alive and results[w][0] == "win"]
        if u.troop is Troop.ARTILLERY:      # 6.1: crew killed or dispersed, the winner takes the gun
            artillery.lost_melee(game, u, winners[0] if winners else st.units[beaten_by[0]])
            continue
        many = len(sides_before[u.id]) > 1          # ruling D-66
        if many or (res == "rout" and sides_before[u.id] - {"front"}):
            remove_unit(game, u, "destroyed", "4.6.9" if many else "4.6.7")
            continue
        end_frenzy(game, u, "pushed back" if res == "pushed_back" else "routed")
        by = winners[0] if winners else st.units[beaten_by[0]]
        ask = may_decline(st, by, u)       # judged where they fought, before anyone moves
        if res == "pushed_back":
            heading, head_on = away_from(by, u)
            d = push_back(game, u, by, heading)
            if d > 0 and head_on and winners and not multiple and u.alive and _may_follow(by, u):
                _follow_or_offer(game, by, u, "follow_up", d, ask)
        else:
            rout.start_rout(game, u, about_face=True, from_melee=True)
            if winners and not multiple and u.alive and _may_follow(by, u):
                _follow_or_offer(game, by, u, "pursue", 0.0, ask)


def may_decline(st, w: Unit, loser: Unit) -> bool:
    """4.6.6 / 4.6.8: non-frenzied units defending an obstacle may choose not to follow up or
    pursue (defending: ruling D-83)."""
    return not w.frenzied and defends_obstacle(st, loser, w)


def _follow_or_offer(game, w: Unit, loser: Unit, mode: str, d: float, ask: bool) -> None:
    """The winner follows up (4.6.6) or pursues (4.6.8); one that may decline is asked first
    (a "follow_up" decision; the melee step waits for it)."""
    st = game.state
    if ask:
        st.pending.append(Decision(w.side, "follow_up", {
            "unit": w.id, "loser": loser.id, "mode": mode, "distance": d}))
    else:
        carry_on(game, w, loser, mode, d)


def carry_on(game, w: Unit, loser: Unit, mode: str, d: float) -> None:
    from . import rout
    if not (w.alive and loser.alive):
        return
    if mode == "follow_up":
        follow_up(game, w, loser, d)
    elif loser.routing:
        rout.pursue(game, w, loser)


def _may_follow(w: Unit, loser: Unit) -> bool:
    """4.6.6 / 4.6.8: infantry never follow up or pursue cavalry that charged this turn;
    HQs and artillery never do."""
    if w.troop in (Troop.HQ, Troop.ARTILLERY):
        return False
    return not (w.infantry and loser.cavalry and loser.charged)


def away_from(winner: Unit, loser: Unit) -> tuple[float, bool]:
    """4.6.6 'backwards, facing the enemy': the heading straight out of the winner's edge the
    loser touches - its front: along its facing (ruling D-65); a flank or its rear, which the
    loser had charged: out of that side (ruling D-113) - and whether that edge is the front,
    since only then can the winner follow up by moving forward."""
    touched = set().union(*edge_contacts(winner, loser))
    for edge, turn in (("front", 0.0), ("left", 90.0), ("right", -90.0), ("rear", 180.0)):
        if edge in touched:
            return (winner.facing + turn) % 360.0, edge == "front"
    return winner.facing, True


def push_back(game, u: Unit, by: Unit, heading: float) -> float:
    """4.6.6: 3 cm straight back from the winner along `heading` (away_from), facing it; blocked
    by friends or terrain it stops and is disordered; an enemy or the table edge in the way
    destroys it. The winner follows up as far (ruling D-65)."""
    st = game.state
    dist = tables().melee.push_back_cm
    start = C.pose(u)
    # the enemies it touches block only if it is pushed into one (ruling D-117)
    touching = [v.id for v in enemies_in_contact(st, u)]
    d, blocker = C.sweep(st, u, heading, dist, touching=touching)
    h = direction(heading)
    u.x, u.y = float(u.x + h[0] * d), float(u.y + h[1] * d)
    enemy_block = blocker and blocker != "terrain" and st.units[blocker].side != u.side
    off = not C.on_table(st, u, strict=True) and d > 0
    game.emit(PushedBack(u.id, by.id, (start, C.pose(u)), bool(blocker)))
    if d > 0:
        moved_by_combat(game, u)
    C.ride_down_leaders(game, u, (start, C.pose(u)))
    if enemy_block or off:
        remove_unit(game, u, "destroyed", "4.6.6")
        return 0.0
    if blocker:
        set_disordered(game, u, "could not complete its push back", "4.6.6")
    return d


def follow_up(game, w: Unit, loser: Unit, d: float) -> None:
    st = game.state
    start = C.pose(w)
    heading = w.facing
    dd, _ = C.sweep(st, w, heading, d, ignore=[loser.id])
    h = direction(heading)
    w.x, w.y = float(w.x + h[0] * dd), float(w.y + h[1] * dd)
    w.follow_up_bonus = loser.id
    game.emit(FollowedUp(w.id, loser.id, (start, C.pose(w))))
    if dd > 0:
        moved_by_combat(game, w)
    C.ride_down_leaders(game, w, (start, C.pose(w)))
