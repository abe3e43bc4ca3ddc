"""4.0 step 3, the End Turn phase: Nobunaga's return (16.2.5(5)), the Kyoto card, illness
(15.3), wounded leaders (11.1), regroup (11.2), Ikko-Ikki (11.3), reinforcements (11.4),
disbanding (12.0), Azuchi (15.5), victory and the turn marker."""
from __future__ import annotations

import math

from sim.amdt import victory
from sim.amdt.control import enemy_units, faction, on_map, sector_faction, sphere
from sim.amdt.data import data
from sim.amdt.events import AzuchiBuilt, LeaderReturned, Marched
from sim.amdt.rulings import ruling
from sim.amdt.supply import has_loc, in_supply


def run(g) -> None:
    st = g.state
    steps = (nobunaga_returns, kyoto_card, illness, wounded_return, regroup, ikko_growth,
             reinforcements, disband_oos, azuchi)
    for fn in steps:
        fn(g)
        if st.phase == "over":
            return
    victory.check_sudden(g)
    if st.phase == "over":
        return
    if st.turn >= victory.last_turn(g):                            # ruling
        victory.turn_limit(g)
        return
    limit = ruling("cards")["hand_limit"]                          # ruling A-28
    for hand, cs in st.hands.items():
        while len(cs) > limit:
            st.discard.append(cs.pop(0))
    st.turn += 1


def nobunaga_returns(g) -> None:
    """16.2.5(5): in 4p Nobunaga and his 3 guards go back to the capital if a LOC joins them."""
    st = g.state
    nobu = st.units["nobunaga"]
    if st.mode != 4 or nobu.status != "map" or nobu.sector == st.capital:
        return
    if sector_faction(st, st.capital) != "oda" or not has_loc(st, nobu.sector, "Oda"):
        return
    guard = [u for u in on_map(st, nobu.sector) if u.guard][:3]
    frm = nobu.sector
    for u in [nobu] + guard:
        u.sector, u.in_castle = st.capital, False
    g.emit(Marched("oda", tuple(u.id for u in [nobu] + guard), frm, st.capital, 0, 0, "16.2.5(5)"))


def kyoto_card(g) -> None:
    st = g.state
    clan = st.control.get("Kyoto", "")
    if not clan or st.clan_faction.get(clan) not in ("oda", "anti"):
        return
    g.draw_for_clan(clan, "holds Kyoto at End Turn")


def illness(g) -> None:
    st = g.state
    for lid, info in data().leaders.items():
        u = st.units[lid]
        if "illness_from" not in info or u.status == "dead" or st.turn < info["illness_from"]:
            continue
        if st.clan_faction.get(u.clan) == "neutral" and u.clan in st.entry:
            continue
        if g.dice.d6(f"illness of {info['name']}", "15.3") <= ruling("illness"):   # ruling A-20
            g.kill_leader(u, "illness", "15.3")


def wounded_return(g) -> None:
    st = g.state
    for u in sorted(st.units.values(), key=lambda u: u.id):
        if u.kind != "leader" or u.status != "wounded" or u.back_turn > st.turn:
            continue
        for s in g.clan_castles(u.clan):
            if has_loc(st, s, u.clan) and not enemy_units(st, s, faction(st, u)):
                u.status, u.sector, u.in_castle = "map", s, False
                g.emit(LeaderReturned(u.id, s))
                break


def regroup(g) -> None:
    """11.2 (ruling A-14); Nobunaga's guard first (16.2.5(4), ruling A-43)."""
    st = g.state
    for clan in sorted(st.clan_faction):
        fac = st.clan_faction[clan]
        if clan in st.gone_clans or fac not in ("oda", "anti") or clan not in data().clans:
            continue
        castles = [s for s in g.clan_castles(clan) if has_loc(st, s, clan)]
        if clan == "Oda" and st.mode == 4 and ruling("regroup_4p") == "per_alliance":  # ruling A-61
            by_sphere: dict[str, list[str]] = {}
            for s in castles:
                by_sphere.setdefault(sphere(st, s), []).append(s)
            first = st.last_alliance if st.last_alliance in by_sphere else ""
            for who in sorted(by_sphere, key=lambda w: (w != first, w)):
                _regroup_in(g, clan, by_sphere[who], guard=who == first)
        else:
            _regroup_in(g, clan, castles, guard=clan == "Oda")


def _regroup_in(g, clan: str, castles: list[str], guard: bool) -> None:
    """11.2 (ruling A-14): ceil(levels / divisor) soldiers back from the pool into `castles`."""
    st = g.state
    rg = ruling("regroup")
    points = math.ceil(sum(st.castle[s] for s in castles) / rg["divisor"])
    points = min(points, st.eliminated.get(clan, 0))
    if guard:
        points -= refill_guard(g, points)
    for s in castles:
        if points <= 0:
            break
        if enemy_units(st, s, st.clan_faction[clan]):
            continue
        n = min(rg["per_castle"], points, g.headroom(clan))
        if n > 0:
            g.place(clan, s, n, "regroup", from_pool=True)
            points -= n


def refill_guard(g, points: int, from_pool: bool = True) -> int:
    """Put up to `points` soldiers back into Nobunaga's guard; returns how many were used."""
    st = g.state
    nobu = st.units["nobunaga"]
    if nobu.status != "map" or points <= 0 or not in_supply(st, nobu):
        return 0
    have = sum(1 for u in on_map(st, nobu.sector) if u.guard)
    n = min(ruling("guard_extra") - have, points)
    if n <= 0:
        return 0
    for u in g.place("Oda", nobu.sector, n, "guard", from_pool=from_pool):
        u.guard = True
        u.owner = "oda" if st.mode == 4 else ""
    return n


def ikko_growth(g) -> None:
    st = g.state
    grow = ruling("ikko")["temple_growth"]                          # ruling A-15
    for s in sorted(data().board.locations):
        if "ikko_temple" in data().tags(s) and st.control.get(s) == "Ikko-Ikki" \
                and not enemy_units(st, s, st.clan_faction["Ikko-Ikki"]):
            g.place("Ikko-Ikki", s, min(grow, g.headroom("Ikko-Ikki")), "11.3 temple")


def reinforcements(g) -> None:
    st = g.state
    for r in data().reinforcements:                                 # ruling A-16
        if r["turn"] == st.turn and sector_faction(st, r["at"]) == st.clan_faction[r["clan"]]:
            n = min(r["n"], g.headroom(r["clan"]))
            if r["clan"] == "Oda":
                n -= refill_guard(g, n, from_pool=False)
            g.place(r["clan"], r["at"], n, "11.4 reinforcement")


def disband_oos(g) -> None:
    """12.0 (ruling A-18): each out-of-supply stack outside a castle loses a soldier."""
    st = g.state
    stacks: dict[tuple[str, str], list] = {}
    for u in on_map(st):
        if u.kind == "soldier" and not u.in_castle and faction(st, u) in ("oda", "anti"):
            stacks.setdefault((u.sector, faction(st, u)), []).append(u)
    for key in sorted(stacks):
        units = sorted(stacks[key], key=lambda u: (u.guard, u.id))
        if not in_supply(st, units[0]):
            for u in units[: ruling("disband")]:
                g.lose_soldier(u, "disbanded", "12.0")


def azuchi(g) -> None:
    """15.5 / 16.2.5(2): build level 2 once the Azai are gone; level 3 next turn = capital."""
    st = g.state
    site = "Kannon-ji"
    if st.mode != 4 and not ruling("azuchi_all_modes"):             # ruling A-22
        return
    if st.azuchi == 2 and st.azuchi_turn < st.turn and sector_faction(st, site) == "oda":
        st.azuchi, st.castle[site], st.capital = 3, 3, site
        g.emit(AzuchiBuilt(3))
    elif st.azuchi == 0 and "Azai" in st.gone_clans and not enemy_units(st, site, "oda") \
            and sector_faction(st, site) in ("oda", ""):
        st.azuchi, st.azuchi_turn, st.castle[site] = 2, st.turn, 2
        st.control[site] = "Oda"
        g.emit(AzuchiBuilt(2))
