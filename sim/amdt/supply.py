"""R-LOC: lines of communication from a stack to its clan's home base (ruling A-7)."""
from __future__ import annotations

from sim.amdt.control import enemy_units, faction, on_map, sector_faction
from sim.amdt.data import data
from sim.amdt.rulings import ruling
from sim.amdt.state import AmdtState, Unit


HIEI = "Mt. Hiei"


def home_bases(st: AmdtState, clan: str) -> list[str]:
    """The capital if held, else a held level-2+ castle; Oda-aligned clans may use Oda's."""
    fac = st.clan_faction[clan]
    info = data().clans.get(clan, {})
    cands = []
    if clan == "Oda" or (fac == "oda" and clan in data().clans and data().clans[clan]["faction"] == "oda"):
        cands += [st.capital] + data().clans["Oda"].get("home", [])
    if info.get("capital"):
        cands.append(info["capital"])
    held = [s for s in cands if sector_faction(st, s) == fac]
    if held:
        return held
    return [s for s, c in st.control.items() if c == clan and st.castle.get(s, 0) >= 2]


def passable(st: AmdtState, sector: str, fac: str) -> bool:
    if any(not u.in_castle for u in enemy_units(st, sector, fac)):
        return False
    owner = sector_faction(st, sector)
    return not (st.castle.get(sector, 0) >= 1 and owner not in ("", fac))


def has_loc(st: AmdtState, sector: str, clan: str, blocked: set[str] | None = None) -> bool:
    fac = st.clan_faction[clan]
    homes = home_bases(st, clan)
    if not homes:
        return False
    if sector in homes:
        return True
    return _reaches(st, sector, set(homes), fac, blocked)


def _reaches(st: AmdtState, start: str, goals: set[str], fac: str, blocked=None) -> bool:
    """Breadth-first trace (the same question as BoardMap.connected_path, without building a
    networkx view per query, which dominated the run time of whole games)."""
    adj = _adjacency()
    if blocked is None:
        blocked = _blocked(st, fac)
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for n in adj[here]:
                if n in seen:
                    continue
                if n in goals:
                    return True
                seen.add(n)
                if n not in blocked:
                    nxt.append(n)
        frontier = nxt
    return False


_ADJ: dict[str, tuple[str, ...]] = {}


def _adjacency() -> dict[str, tuple[str, ...]]:
    if not _ADJ:
        g = data().board.graph
        _ADJ.update({n: tuple(sorted(g.neighbors(n))) for n in g.nodes})
    return _ADJ


def _blocked(st: AmdtState, fac: str) -> set[str]:
    out = set()
    for u in st.units.values():
        if u.status == "map" and not u.in_castle and st.clan_faction[u.clan] not in (fac, ""):
            out.add(u.sector)
    for s, clan in st.control.items():
        if clan and st.castle.get(s, 0) >= 1 and st.clan_faction.get(clan) not in ("", fac):
            out.add(s)
    if fac == "oda" and HIEI in out and ruling("hiei_loc") and not any(
            not u.in_castle for u in enemy_units(st, HIEI, fac)) and any(
            st.clan_faction[u.clan] == "oda" for u in on_map(st, HIEI)):
        out.discard(HIEI)              # 15.4 (ruling A-68): the monks hold only their castle
    return out


def in_supply(st: AmdtState, u: Unit, blocked: set[str] | None = None) -> bool:
    fac = faction(st, u)
    if u.in_castle and sector_faction(st, u.sector) == fac:
        return True                        # a garrison defending its castle is never penalised
    return has_loc(st, u.sector, u.clan, blocked)


def oos_units(st: AmdtState, units) -> list[str]:
    cache: dict[tuple[str, str, bool], bool] = {}
    blocked: dict[str, set[str]] = {}
    out = []
    for u in units:
        key = (u.sector, u.clan, u.in_castle)
        if key not in cache:
            fac = faction(st, u)
            if fac not in blocked:
                blocked[fac] = _blocked(st, fac)
            cache[key] = in_supply(st, u, blocked[fac])
        if not cache[key]:
            out.append(u.id)
    return out


def all_oos(st: AmdtState, fac: str) -> list[str]:
    return oos_units(st, [u for u in on_map(st) if faction(st, u) == fac])
