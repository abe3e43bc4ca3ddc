"""Who is who: factions, players, spheres (16.2.2), which units a chit activates (7.1) and which
units an Oda alliance may move in the 4-player game (16.2.6, 16.2.7(3))."""
from __future__ import annotations

from sim.amdt.data import data
from sim.amdt.rulings import ruling
from sim.amdt.state import AmdtState, Unit

COMMAND = {"daimyo": 7, "samurai": 3}   # 16.2.6(2)
ALLIANCES = ("hideyoshi", "katsuie", "tokugawa")


def clan_seat(clan: str) -> str:
    """16.2.6(1): a clan's soldiers belong to the seat holding its daimyo (its head leader)."""
    for l in data().leaders.values():
        if l["clan"] == clan and clan != "Oda" and l.get("alliance"):
            return l["alliance"]
    return ""


def faction(st: AmdtState, u: Unit) -> str:
    return st.clan_faction[u.clan]


def sector_faction(st: AmdtState, sector: str) -> str:
    clan = st.control.get(sector, "")
    return st.clan_faction.get(clan, "") if clan else ""


def on_map(st: AmdtState, sector: str | None = None) -> list[Unit]:
    """Units on the map (in one sector). Indexed in the game's own memo; the index is rebuilt
    whenever a unit moves, appears or leaves (Unit.__setattr__, state.touch, the unit count)."""
    memo = st.memo
    key = (memo.gen, len(st.units))
    if memo.index_key != key:
        every: list[Unit] = []
        by: dict[str, list[Unit]] = {}
        for u in st.units.values():
            if u.memo is not memo:
                object.__setattr__(u, "memo", memo)     # attaching is no change of place
            if u.status == "map":
                every.append(u)
                by.setdefault(u.sector, []).append(u)
        memo.index_key, memo.all, memo.by = key, every, by
    if sector is None:
        return list(memo.all)
    return list(memo.by.get(sector, ()))


def soldiers(units) -> list[Unit]:
    return [u for u in units if u.kind == "soldier"]


def enemy_units(st: AmdtState, sector: str, fac: str) -> list[Unit]:
    return [u for u in on_map(st, sector) if faction(st, u) not in (fac, "")]


def players(st: AmdtState) -> tuple[str, ...]:
    return tuple(data().modes[st.mode]["players"])


def chit_player(st: AmdtState, chit: str) -> str:
    for player, chits in data().modes[st.mode]["chits"].items():
        if chit in chits:
            return player
    raise KeyError(chit)


def player_of(st: AmdtState, u: Unit) -> str:
    """The seat that decides for a unit ("" for neutrals; "oda" for Nobunaga's own in 4p)."""
    fac = faction(st, u)
    if fac == "neutral":
        return ""
    if st.mode == 2:
        return fac
    if fac == "anti":
        if st.mode == 4:
            return "anti"
        north = data().modes[3]["clans"]["north"]
        return "north" if u.clan in north else "west"   # ruling A-41: betrayed units go west
    if st.mode == 3:
        return "oda"
    if u.kind == "leader":
        return st.leader_player.get(u.id) or data().leaders[u.id].get("alliance", "oda")
    return u.owner or "oda"


def oda_players(st: AmdtState) -> tuple[str, ...]:
    return ALLIANCES if st.mode == 4 else ("oda",)


def hand_of(st: AmdtState, player: str) -> str:
    """16.2.8: the three Oda alliances share one hand."""
    return "oda" if player in ALLIANCES else player


def sphere(st: AmdtState, sector: str) -> str:
    """4p sphere of a sector: an alliance, "oda" (Nobunaga's own) or "" (none yet)."""
    if sector == "Kyoto":
        return "oda"                                    # 16.2.2(3)
    prov = data().province(sector)
    if prov == "Omi" and ("Azai" in st.gone_clans or st.azuchi):
        return "oda"                                    # 16.2.5(3)
    name = data().provinces[prov].get("sphere", "none")
    if name != "none":
        return name.lower()
    return ruling("spheres").get(prov, st.sphere_extra.get(sector, ""))   # ruling A-39


def leader_command(u: Unit) -> int:
    return COMMAND[u.rank]


def chit_clans(st: AmdtState, chit: str) -> list[str]:
    override = data().modes[st.mode].get("chit_clans", {})
    return override.get(chit, data().chits[chit]["clans"])


def activated_ids(st: AmdtState) -> frozenset[str]:
    """Ids of the units the current chit activates; memoised in the game's memo until a unit or
    an allegiance changes (state.touch)."""
    act = st.active
    if act is None:
        return frozenset()
    memo = st.memo
    key = (memo.gen, len(st.units), act.chit, act.player, len(st.chits))
    if memo.act_key != key:
        fac = data().chits[act.chit]["faction"]
        ids = frozenset(u.id for u in on_map(st)
                        if st.clan_faction[u.clan] == fac and _activated(st, u))
        memo.act_key, memo.act_ids = key, ids
    return memo.act_ids


def active_units(st: AmdtState) -> list[Unit]:
    """The activated units, in the state's (deterministic) order."""
    ids = activated_ids(st)
    return [u for u in on_map(st) if u.id in ids]


def activated(st: AmdtState, u: Unit) -> bool:
    """7.1: is this unit activated by the chit being played? (4p Oda seats: see may_move)."""
    return u.status == "map" and u.id in activated_ids(st)


def _activated(st: AmdtState, u: Unit) -> bool:
    act = st.active
    chit = data().chits[act.chit]
    fac = faction(st, u)
    if fac != chit["faction"]:
        return False
    if u.kind == "leader" and data().leaders[u.id].get("stays"):
        return False
    if u.clan == "Enryaku-ji":
        return False                                    # 15.4: the monks never leave Mt. Hiei
    if st.mode == 4 and fac == "oda":
        return may_move_4p(st, u, act.player)
    if u.id == "nobunaga" or u.guard:
        return bool(chit.get("nobunaga"))
    clans = chit_clans(st, act.chit)
    if "*oda" in clans:
        return not (u.clan == "Tokugawa" and "tokugawa" in st.chits)
    if "*anti_rest" in clans:
        covered = {c for ch in st.chits if ch != act.chit for c in chit_clans(st, ch)}
        mine = st.mode != 3 or player_of(st, u) == act.player
        return mine and u.clan not in covered
    return u.clan in clans


def may_move_4p(st: AmdtState, u: Unit, alliance: str) -> bool:
    """16.2.7(3): the active alliance moves its leaders, Nobunaga, soldiers it controls and the
    player-less soldiers (only with its leaders or Nobunaga, 16.2.6(3))."""
    if u.kind == "leader":
        return u.id == "nobunaga" or player_of(st, u) == alliance
    return u.owner in (alliance, "oda")


def sphere_owner(st: AmdtState, u: Unit) -> str | None:
    """16.2.6(4): the seat that controls an Oda soldier standing in a player's sphere ("oda" on
    Nobunaga's own ground, 16.2.6(3)); None where the sphere does not decide: outside the 4p
    game, the guard, a clan whose daimyo a player holds (16.2.6(1)), sectors of no sphere, and
    a set-up group with its leader in another's sphere (16.2.3, ruling A-69)."""
    if st.mode != 4 or u.kind != "soldier" or u.guard or faction(st, u) != "oda" \
            or clan_seat(u.clan):
        return None
    sp = sphere(st, u.sector)
    if sp not in (*ALLIANCES, "oda"):
        return None
    if u.led_by and u.owner in ALLIANCES and u.owner != sp:
        leader = st.units.get(u.led_by)
        if leader is not None and leader.sector == u.sector and leader.status == "map" \
                and player_of(st, leader) == u.owner:
            return None
    return sp


def enforce_spheres(st: AmdtState) -> None:
    """16.2.6(4), ruling A-38: all soldiers in a player's sphere are controlled by that player."""
    if st.mode != 4 or ruling("soldier_owner") != "sphere":
        return
    for u in on_map(st):
        seat = sphere_owner(st, u)
        if seat is not None and u.owner != seat:
            u.owner = seat


def holds_kyoto(st: AmdtState, fac: str) -> bool:
    return sector_faction(st, "Kyoto") == fac


def is_closed_neutral(st: AmdtState, sector: str) -> bool:
    """R-NEUTRALS: a not-yet-entered power's sectors may not be entered."""
    clan = st.control.get(sector, "")
    return bool(clan) and st.clan_faction.get(clan) == "neutral" and clan in st.entry
