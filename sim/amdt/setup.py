"""R-SETUP and 16.2.3: the state at the start of a 2-, 3- or 4-player game."""
from __future__ import annotations

from sim.amdt.control import ALLIANCES, clan_seat, players, sphere
from sim.amdt.data import data
from sim.amdt.rulings import ruling
from sim.amdt.state import AmdtState, Unit
from sim.core.dice import Dice


def hands_for(mode: int) -> list[str]:
    return ["oda", "anti"] if mode in (2, 4) else ["oda", "north", "west"]


def build_state(mode: int, seed: int, options: dict[str, bool]) -> AmdtState:
    d = data()
    st = AmdtState(dice=Dice(seed), mode=mode, options=dict(options))
    for sector in d.board.locations:
        owner = d.board.attr(sector, "start_controller")
        st.control[sector] = d.start_owner.get(sector, "" if owner == "none" else owner)
        st.castle[sector] = d.castle(sector)
    for clan, info in d.clans.items():
        st.clan_faction[clan] = info["faction"]
        if "entry" in info:
            st.entry[clan] = info["entry"]
    minors = sorted({c for c in st.control.values() if c and c not in d.clans})
    for clan in minors:
        st.clan_faction[clan] = "neutral"
    for lid, l in d.leaders.items():
        rank = l["rank"]
        if mode == 4 and lid in ("hideyoshi", "katsuie"):
            rank = "daimyo"                      # 16.2.2(2): "new daimyo" markers
        st.units[lid] = Unit(lid, "leader", l["clan"], l["at"], rank=rank)
    garrisons = list(d.garrisons)
    lv = ruling("minor_garrison")               # ruling A-48
    for sector in d.board.locations:
        if st.control[sector] in minors and st.castle[sector] >= 1:
            n = lv["level1"] if st.castle[sector] == 1 else lv["level2"]
            garrisons.append({"at": sector, "clan": st.control[sector], "n": n, "castle": True})
    for gar in garrisons:
        for _ in range(gar["n"]):
            u = new_soldier(st, gar["clan"], gar["at"])
            u.guard = bool(gar.get("guard"))
            u.murakami = bool(gar.get("murakami"))
            u.in_castle = bool(gar.get("castle"))
    for clan in st.clan_faction:
        st.start_soldiers[clan] = sum(1 for u in st.units.values()
                                      if u.kind == "soldier" and u.clan == clan)
        st.eliminated[clan] = 0
    if mode == 4:
        _four_player_owners(st)
    mode_data = d.modes[mode]
    seats = {c for cs in mode_data["chits"].values() for c in cs}
    starts = mode_data.get("chit_from", {})
    st.chits = [c for c, info in d.chits.items()          # ruling A-30
                if c in seats and starts.get(c, info["from"]) == "start"]
    st.end_turn_in_pool = not ruling("end_turn_on_kyoto")[str(mode)]   # ruling A-31
    for name, card in d.cards.items():
        st.deck += [name] * int(card.get("copies", 1))
    st.hands = {h: [] for h in hands_for(mode)}
    if options.get("good_luck"):
        st.good_luck = {p: ruling("good_luck") for p in players(st)}     # ruling A-23
    return st


def new_soldier(st: AmdtState, clan: str, sector: str) -> Unit:
    u = Unit(f"s{st.next_id:03d}", "soldier", clan, sector)
    st.next_id += 1
    st.units[u.id] = u
    if st.mode == 4:
        u.owner = placed_owner(st, clan, sector)
    return u


def placed_owner(st: AmdtState, clan: str, sector: str) -> str:
    if st.clan_faction.get(clan) != "oda":
        return ""
    return clan_seat(clan) or sphere(st, sector) or "oda"


def _four_player_owners(st: AmdtState) -> None:
    """16.2.3: Hideyoshi's 4 and Akechi's 3 at Kanagasaki; the guard is no one's; the rest of
    Kanagasaki is Katsuie's (Echizen is his sphere)."""
    at_k = [u for u in st.units.values()
            if u.kind == "soldier" and u.sector == "Kanagasaki" and u.clan == "Oda"]
    pending = list(data().modes[4]["kanagasaki"])          # ruling A-42
    queue = [(p["alliance"], p["leader"]) for p in pending for _ in range(p["n"])]
    for u in at_k:
        if u.guard:
            u.owner = "oda"
        elif queue:
            u.owner, u.led_by = queue.pop(0)     # under that leader's control (ruling A-69)
        else:
            u.owner = "katsuie"
    assert set(players(st)) >= set(ALLIANCES)
