"""9.0 Movement: groups, movement points, which marches are legal, and what entering a sector
does (battle, capture). 16.2.7(3)/(4) and 16.2.6 restrict the 4-player Oda seats."""
from __future__ import annotations

from collections import Counter

from sim.amdt.control import (ALLIANCES, activated, active_units, enemy_units, faction, is_closed_neutral, leader_command,
                              on_map, player_of, sector_faction, sphere)
from sim.amdt.data import data
from sim.amdt.rulings import ruling
from sim.amdt.state import AmdtState, Unit

HIEI = "Mt. Hiei"


def link_cost(a: str, b: str) -> int:
    return ruling("link_cost")[data().link_road(a, b)]          # ruling A-3


def is_sea_move(a: str, b: str) -> bool:
    d = data()
    return d.board.kind(a, b) == "sea" or d.is_sea(b)


def besieged(st: AmdtState, u: Unit) -> bool:
    """A garrison with enemy units outside in its sector cannot leave (R-BATTLE §10.5)."""
    return u.in_castle and any(not e.in_castle for e in enemy_units(st, u.sector, faction(st, u)))


def can_step(st: AmdtState, u: Unit) -> bool:
    act = st.active
    if u.id in act.stopped or besieged(st, u) or not activated(st, u):
        return False
    if u.id in act.oos and act.moved.get(u.id, 0) >= ruling("oos")["max_links"]:  # ruling A-6
        return False
    return True


def movable_soldiers(st: AmdtState, sector: str, leader: Unit | None,
                     ok: set[str] | None = None) -> list[Unit]:
    """Soldiers that may march from `sector` with `leader` (None: leaderless), best first.
    `ok`: ids already known to pass can_step (saves recomputing it per group)."""
    player = st.active.player
    out = []
    for u in on_map(st, sector):
        if u.kind != "soldier" or not (u.id in ok if ok is not None else can_step(st, u)):
            continue
        if leader is None and (u.guard or (st.mode == 4 and u.owner != player)):
            continue                                   # 16.2.6(3): player-less ones need a leader
        if leader is not None and faction(st, u) != faction(st, leader):
            continue
        if leader is not None and leader.id != "nobunaga" and u.guard:
            continue                                   # the guard stays with Nobunaga (16.2.5(4))
        if leader is not None and u.led_by != leader.id and not may_recruit(st, leader, sector):
            continue                                   # 16.2.6: no recruiting outside Oda's zone
        if leader is not None and abroad(st, leader) and u.led_by != leader.id:
            continue                                   # 16.2.7(3): he moves alone (ruling A-69)
        out.append(u)
    clan = leader.clan if leader else ""
    return sorted(out, key=lambda u: (not u.guard, u.clan != clan, u.owner != player, u.id))


def abroad(st: AmdtState, leader: Unit) -> bool:
    """16.2.7(3): a 4p alliance leader standing in another alliance's sphere, who may move only
    by himself (his own set-up group excepted, ruling A-69). Ruling A-38 value "sphere"."""
    if st.mode != 4 or leader.id == "nobunaga" or ruling("soldier_owner") != "sphere":
        return False
    seat = player_of(st, leader)
    sp = sphere(st, leader.sector)
    return seat in ALLIANCES and sp in ALLIANCES and sp != seat


def may_recruit(st: AmdtState, leader: Unit, sector: str) -> bool:
    """16.2.6 (ruling A-60): in 4p an Oda leader picks up soldiers only where Oda holds the
    sector; Nobunaga's own pick-up is 16.2.5(6)."""
    rule = ruling("oda_pickup")
    if st.mode != 4 or rule == "off" or leader.id == "nobunaga" or faction(st, leader) != "oda":
        return True
    if rule == "samurai" and leader.rank != "samurai":
        return True
    return sector_faction(st, sector) == "oda"


def mark_led(st: AmdtState, group: list[Unit], frm: str) -> None:
    """Soldiers marching with a leader stay under his command; those he leaves do not."""
    leader = next((u for u in group if u.kind == "leader"), None)
    ids = {u.id for u in group}
    for u in on_map(st, frm):
        if u.kind == "soldier" and leader is not None and u.led_by == leader.id and u.id not in ids:
            u.led_by = ""
    for u in group:
        if u.kind == "soldier":
            u.led_by = leader.id if leader is not None else ""


def group_for(st: AmdtState, frm: str, leader_id: str, n: int,
              ok: set[str] | None = None) -> list[Unit] | None:
    """The units a March would move, or None if it cannot be formed."""
    leader = st.units.get(leader_id) if leader_id else None
    if leader_id and (leader is None or leader.kind != "leader" or leader.sector != frm
                      or leader.status != "map"
                      or not (leader.id in ok if ok is not None else can_step(st, leader))):
        return None
    pool = movable_soldiers(st, frm, leader, ok)
    if leader is not None and leader.id == "nobunaga":
        guard = [u for u in pool if u.guard][: ruling("guard_extra")]   # ruling A-44
        rest = [u for u in pool if not u.guard]
        cap = ruling("nobunaga_soldiers_4p") if st.mode == 4 else leader_command(leader)  # ruling A-52
        if n > min(cap, len(rest)):
            return None
        return [leader] + guard + rest[:n]
    cap = leader_command(leader) if leader is not None else len(pool)
    if n > min(cap, len(pool)) or (leader is None and n < 1):
        return None
    return ([leader] if leader else []) + pool[:n]


def march_problem(st: AmdtState, frm: str, to: str, leader_id: str, n: int) -> tuple[str, str] | None:
    """(rule, reason) why the march is illegal, or None."""
    d = data()
    if st.active is None or st.battle is not None:
        return "4.0", "no activation in progress"
    if to not in d.board.graph or frm not in d.board.graph or not d.board.graph.has_edge(frm, to):
        return "9.0", f"{frm} and {to} are not linked"
    cost = link_cost(frm, to)
    if cost > st.active.mp:
        return "9.0", f"moving {frm}-{to} costs {cost} MP, {st.active.mp} left"
    group = group_for(st, frm, leader_id, n)
    if group is None:
        leader = st.units.get(leader_id)
        if leader is not None and leader.sector == frm and not may_recruit(st, leader, frm) \
                and group_for(st, frm, leader_id, 0) is not None:
            return "16.2.6", "outside Oda's zone a leader keeps only the soldiers that marched in with him"
        if not leader_id and st.mode == 4 and any(u.owner == "oda" for u in on_map(st, frm)):
            return "16.2.6(3)", "Nobunaga's guard and his own soldiers move only with a leader"
        return "9.0", "that group cannot march (not activated, stopped, besieged or too many soldiers)"
    fac = faction(st, group[0])
    if any(u.id == "nobunaga" or u.guard for u in group) and is_sea_move(frm, to):
        return "16.2.7(4)", "Nobunaga and his soldiers never move by sea"
    if is_closed_neutral(st, to):
        return "R-NEUTRALS", f"{to} belongs to a power that has not entered yet"
    if not leader_id:
        enemy = enemy_units(st, to, fac)
        if enemy or sector_faction(st, to) != fac:                     # ruling A-4
            return "9.0", "soldiers without a leader move only into friendly sectors"
        if st.mode == 4 and fac == "oda" and sphere(st, to) != st.active.player:
            return "16.2.6(2)", "without a leader soldiers move only inside their player's sphere"
    return None


def legal_marches(st: AmdtState, first_only: bool = False) -> list[tuple[str, str, str, int]]:
    """One link per march (ruling A-5). (frm, to, leader, soldiers) options: each leader alone, with half or all he may take;
    leaderless soldiers one or all. The same checks as march_problem, done once per sector."""
    d = data()
    out = []
    mp = st.active.mp
    movers = [u for u in active_units(st) if can_step(st, u)]
    ok = {u.id for u in movers}
    for frm in sorted({u.sector for u in movers}):
        here = [u for u in movers if u.sector == frm]
        groups = []
        for leader in sorted((u for u in here if u.kind == "leader"), key=lambda u: u.id):
            pool = movable_soldiers(st, frm, leader, ok)
            nobu = leader.id == "nobunaga"
            cap = (ruling("nobunaga_soldiers_4p") if st.mode == 4 else leader_command(leader)) \
                if nobu else leader_command(leader)
            extra = [u for u in pool if not u.guard] if nobu else pool
            top = min(cap, len(extra))
            for n in sorted({0, top // 2, top}):
                grp = group_for(st, frm, leader.id, n, ok)
                if grp:
                    groups.append((leader.id, n, grp))
        loose = movable_soldiers(st, frm, None, ok)
        for n in sorted({1, len(loose)} if loose else set()):
            groups.append(("", n, loose[:n]))
        for to in sorted(d.board.neighbours(frm)):
            if link_cost(frm, to) > mp or is_closed_neutral(st, to):
                continue
            sea = is_sea_move(frm, to)
            enemy_there = None
            for lid, n, grp in groups:
                if sea and any(u.id == "nobunaga" or u.guard for u in grp):
                    continue
                if not lid:
                    fac = faction(st, grp[0])
                    if enemy_there is None:
                        enemy_there = bool(enemy_units(st, to, fac))
                    if enemy_there or sector_faction(st, to) != fac:
                        continue
                    if st.mode == 4 and fac == "oda" and sphere(st, to) != st.active.player:
                        continue
                out.append((frm, to, lid, n))
                if first_only:
                    return out
    return out


def discard_on_entry(st: AmdtState, group: list[Unit], frm: str, to: str) -> list[Unit]:
    """16.2.7(3), ruling A-38: soldiers a 4p alliance leader takes into another sphere are lost."""
    if st.mode != 4 or faction(st, group[0]) != "oda" or any(u.id == "nobunaga" for u in group):
        return []
    player = st.active.player
    dest = sphere(st, to)
    if dest in ("", player) or dest == sphere(st, frm):
        return []
    return [u for u in group if u.kind == "soldier"]


def capturing_clan(group: list[Unit]) -> str:
    leaders = [u for u in group if u.kind == "leader"]
    if leaders:
        return leaders[0].clan
    return Counter(u.clan for u in group).most_common(1)[0][0]


def owner_after_move(st: AmdtState, u: Unit) -> None:
    """Leaderless soldiers stay in their sphere; led ones keep their mover (ruling A-38)."""
    if st.mode == 4 and u.kind == "soldier" and faction(st, u) == "oda" and u.owner == "oda" \
            and st.active and st.active.player in ("hideyoshi", "katsuie", "tokugawa") and not u.guard:
        u.owner = st.active.player


def player_units(st: AmdtState, player: str) -> list[Unit]:
    return [u for u in on_map(st) if player_of(st, u) == player]
