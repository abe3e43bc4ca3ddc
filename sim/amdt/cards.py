"""R-CARDS: one shuffled pile of event and negotiation cards, hands per seat (the three Oda
alliances share one, 16.2.8), battle and activation plays, negotiation and betrayal."""
from __future__ import annotations

import functools

from sim.amdt.control import (ALLIANCES, activated, faction, hand_of, holds_kyoto, on_map,
                              player_of, sector_faction, soldiers, sphere)
from sim.amdt.data import data
from sim.amdt.events import Betrayal, CardDrawn, CardPlayed
from sim.amdt.rulings import ruling
from sim.amdt.setup import placed_owner
from sim.amdt.state import touch


def seat_faction(st, player: str) -> str:
    return "oda" if player in ALLIANCES or player == "oda" else "anti"


def draw(g, hand: str, n: int, why: str) -> None:
    st = g.state
    got = []
    for _ in range(n):
        if not st.deck and st.discard:
            st.deck, st.discard = st.discard, []
            g.dice.shuffle(st.deck, "reshuffle", "R-CARDS")
        if not st.deck:
            break
        got.append(st.deck.pop(g.dice.choice_index(len(st.deck), "card draw", "R-CARDS")))
    st.hands[hand].extend(got)
    if got:
        g.emit(CardDrawn(hand, tuple(got), why))


def _side_ok(card: dict, fac: str) -> bool:
    return card["side"] in ("either", fac)


def spend(g, player: str, card: str) -> None:
    st = g.state
    hand = hand_of(st, player)
    st.hands[hand].remove(card)
    st.discard.append(card)
    g.emit(CardPlayed(hand, card))


# -- negotiation ------------------------------------------------------------------------------
def diplomats(g, player: str, where: list[str] | None = None):
    """16.2.8: Nobunaga or a diplomat leader of the active force (in battle: in the battle)."""
    st = g.state
    out = []
    for u in on_map(st):
        if u.kind != "leader" or not data().leaders[u.id].get("diplomat"):
            continue
        if seat_faction(st, player) != faction(st, u):
            continue
        if where is not None:
            if u.sector in where:
                out.append(u)
        elif activated(st, u) and (st.mode != 4 or u.id == "nobunaga" or player_of(st, u) == player
                                   or faction(st, u) == "anti"):
            out.append(u)
    return out


def target_units(st, clan: str):
    units = [u for u in on_map(st) if u.clan == clan]
    heads = [u for u in units if u.kind == "leader"]
    return heads[0] if heads else (soldiers(units)[0] if units else None), units


def negotiation_ok(g, player: str, card: str, in_battle: str = "") -> bool:
    st = g.state
    info = data().cards[card]
    clan = info["target"]
    fac = seat_faction(st, player)
    if clan in st.gone_clans or clan not in st.clan_faction:
        return False
    head, units = target_units(st, clan)
    if head is None:
        return False
    tfac = st.clan_faction[clan]
    if tfac == fac:
        if not (st.mode == 4 and fac == "oda" and (g.state.options.get("oda_betray_each_other")
                                                    or ruling("oda_betray_each_other"))):  # ruling A-50
            return False                               # 16.2.8: not on Oda-alliance leaders
        if all(player_of(st, u) == player for u in units):
            return False
    if tfac == "neutral" and clan in st.entry:
        return False
    if info.get("garrison"):
        return not in_battle and tfac != fac and garrison_ok(g, player, info)
    if in_battle:
        if head.sector != in_battle:
            return False
        return bool(diplomats(g, player, [in_battle]))
    if info.get("whole_clan_if"):
        if not any(sector_faction(st, s) == fac for s in info["whole_clan_if"]):
            return False
    rng = ruling("negotiation")["range"]                  # ruling A-29
    return any(distance(d.sector, head.sector) <= rng for d in diplomats(g, player))


def garrison_ok(g, player: str, info: dict) -> bool:
    """Ruling A-64: the named sector holds only soldiers of the target clan, the card's side is
    the player's, and one of his diplomats is within range of the sector."""
    st = g.state
    sector = info["garrison"]
    here = on_map(st, sector)
    if not here or any(u.clan != info["target"] or u.kind != "soldier" for u in here):
        return False
    if st.clan_faction.get(info["turn_to"]) != seat_faction(st, player):
        return False
    rng = ruling("negotiation")["range"]                  # ruling A-29
    return any(distance(d.sector, sector) <= rng for d in diplomats(g, player))


def turn_garrison(g, player: str, info: dict) -> None:
    """12.3, ruling A-64: each soldier rolls; successes change clan, failures are lost; a
    garrison that turned hands its castle over (a capture by betrayal, §11)."""
    st = g.state
    sector, clan, new = info["garrison"], info["target"], info["turn_to"]
    local = soldiers(on_map(st, sector))
    faces = g.dice.roll(len(local), f"negotiation with the {sector} garrison", "12.3")
    turned = []
    for u, f in zip(local, faces):
        if f >= ruling("garrison_negotiation")["success"]:
            turned.append(u)
        else:
            g.lose_soldier(u, "dispersed", "12.3")
    for u in turned:
        u.clan = new
        u.owner = placed_owner(st, new, sector) if st.mode == 4 else ""   # 16.2.8: the sphere's
    touch(st)
    g.emit(Betrayal(clan, st.clan_faction[new], len(turned), len(local) - len(turned), "12.3"))
    if turned:
        g.capture(sector, turned, stop=False)
    g.check_clans()


@functools.cache
def _distances(a: str) -> dict[str, int]:
    return data().board.distances(a)     # the printed map's: the same for every game


def distance(a: str, b: str) -> int:
    return _distances(a).get(b, 99)


def betray(g, player: str, card: str) -> None:
    st = g.state
    info = data().cards[card]
    clan = info["target"]
    fac = seat_faction(st, player)
    if info.get("garrison"):
        turn_garrison(g, player, info)
        return
    head, units = target_units(st, clan)
    where = head.sector
    if st.clan_faction[clan] == fac:                      # 4p optional rule: change of alliance
        new_seat = sphere(st, where) if sphere(st, where) in ALLIANCES else player
        for u in units:
            if u.kind == "leader":
                st.leader_player[u.id] = new_seat
                touch(st)
            else:
                u.owner = new_seat
        g.emit(Betrayal(clan, fac, len(units), 0, "16.2.8"))
        return
    need = ruling("negotiation")["success"]
    dispersed = 0
    local = [u for u in units if u.sector == where and u.kind == "soldier"]
    if local and not info.get("whole_clan_if"):
        faces = g.dice.roll(len(local), f"negotiation with {clan}", "R-CARDS")
        for u, f in zip(local, faces):
            if f < need:
                dispersed += 1
                g.lose_soldier(u, "dispersed")
    st.clan_faction[clan] = fac
    touch(st)
    seat = player
    if st.mode == 4 and fac == "oda":                     # 16.2.8: the sphere's alliance takes them
        sp = sphere(st, where)
        seat = sp if sp in ALLIANCES else player
    for u in on_map(st):
        if u.clan != clan:
            continue
        if st.mode == 4:
            if u.kind == "leader":
                st.leader_player[u.id] = seat if fac == "oda" else "anti"
                touch(st)
            else:
                u.owner = seat if fac == "oda" else ""
    g.emit(Betrayal(clan, fac, sum(1 for u in on_map(st) if u.clan == clan), dispersed))
    g.settle_turncoats(clan)


# -- battle cards -----------------------------------------------------------------------------
def playable_in_battle(g, player: str) -> list[str]:
    st = g.state
    b = st.battle
    fac = seat_faction(st, player)
    out = []
    for card in sorted(set(st.hands[hand_of(st, player)])):
        info = data().cards[card]
        if not _side_ok(info, fac):
            continue
        if info["timing"] == "battle":
            if info.get("needs_kyoto") and not holds_kyoto(st, fac):
                continue
            if info.get("first_fire") and b.fire_first:
                continue
            out.append(card)
        elif info["kind"] == "negotiation" and not info.get("whole_clan_if"):
            if negotiation_ok(g, player, card, in_battle=b.sector):
                out.append(card)
    return out


def battle_card_players(g) -> list[str]:
    """Seats offered a battle card before round 1, attackers first (ruling A-49)."""
    st = g.state
    b = st.battle
    seats = []
    for fac in (b.attacker, b.defender):
        for u in sorted(on_map(st, b.sector), key=lambda u: u.id):
            p = player_of(st, u)
            if faction(st, u) == fac and p and p in g.sides() and p not in seats:
                seats.append(p)
    if st.mode == 4 and any(faction(st, u) == "oda" for u in on_map(st, b.sector)):
        for p in ALLIANCES:                    # 16.2.8: any Oda alliance player may play (shared hand)
            if p not in seats:
                seats.append(p)
    return [p for p in seats if st.hands[hand_of(st, p)]]   # any hand, so the offer hides the cards


def play_in_battle(g, player: str, card: str) -> None:
    st = g.state
    b = st.battle
    info = data().cards[card]
    fac = seat_faction(st, player)
    spend(g, player, card)
    if info.get("fire"):
        b.mods[fac] = b.mods.get(fac, 0) + int(info["fire"])
    if info.get("first_fire"):
        b.fire_first = fac
    if info["kind"] == "negotiation":
        betray(g, player, card)


# -- activation cards -------------------------------------------------------------------------
def activation_plays(g, player: str) -> list[tuple[str, str]]:
    st = g.state
    act = st.active
    fac = seat_faction(st, player)
    out = []
    for card in sorted(set(st.hands[hand_of(st, player)])):
        info = data().cards[card]
        if info["timing"] != "activation" or not _side_ok(info, fac):
            continue
        if info.get("mp"):
            out.append((card, ""))
        elif info.get("soldiers"):
            out += [(card, s) for s in reinforce_targets(g, player)]
        elif info.get("conversion_bonus"):
            if act.chit == info.get("needs_chit"):
                out += [(card, s) for s in g.conversion_targets()]
        elif info["kind"] == "negotiation" and negotiation_ok(g, player, card):
            out.append((card, ""))
    return out


def reinforce_targets(g, player: str) -> list[str]:
    st = g.state
    out = []
    for clan, info in data().clans.items():
        cap = info.get("capital")
        if not cap or clan in st.gone_clans or st.control.get(cap) != clan:
            continue
        units = [u for u in on_map(st, cap) if u.clan == clan]
        probe = units[0] if units else None
        if probe is not None and activated(st, probe) and g.headroom(clan) > 0:
            out.append(cap)
    return sorted(set(out))


def play_activation(g, player: str, card: str, target: str) -> None:
    st = g.state
    info = data().cards[card]
    spend(g, player, card)
    if info.get("mp"):
        st.active.mp += int(info["mp"])
    elif info.get("soldiers"):
        g.place(st.control[target], target, int(info["soldiers"]), "card")
    elif info.get("conversion_bonus"):
        g.convert(target, int(info["conversion_bonus"]))
    elif info["kind"] == "negotiation":
        betray(g, player, card)
