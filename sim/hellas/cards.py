"""Cards (3.0): the deck, initiative (3.3) and the Events implemented (ruling H-33)."""
from __future__ import annotations

import tomllib
from functools import lru_cache

from sim.board import Block
from sim.hellas import events as E
from sim.hellas.query import (CAPITALS, aboard, area_of, attackable, controller, inside,
                              is_fleet, on_map, upright)
from sim.hellas.rulings import DATA, RULINGS
from sim.hellas.state import BOX, other

BARBARIAN_LANDS = ("Thrace", "Macedonia", "Epirus", "Aetolia")   # reference §7.6
from sim.hellas import siege


LATE_WAR_YEAR = 413      # ruling H-58: cards 45-55 join the deck from 413 BC


@lru_cache(maxsize=None)
def deck_table(late: bool = False) -> dict[str, dict]:
    files = [RULINGS["deck"]] + (["cards_late.toml"] if late else [])  # ruling H-1, ruling H-58
    rows = [r for f in files for r in tomllib.loads((DATA / f).read_text())["card"]]
    return {r["id"]: {"value": int(r["value"]), "event": r["event"], "side": r["side"]} for r in rows}


def leader(st, side: str) -> str:
    return st.leaders.get(side, [""])[0]


def fortify_ok(g, side: str) -> bool:
    """ruling H-50: Athens fortifies the empty site with a block or fleet nearby."""
    st, f = g.state, RULINGS["fortify_pylos"]
    return (side == "athens" and f["site"] not in st.forts
            and any(b.side == "athens" and b.location in f["near"] for b in st.blocks.values()))


def fortify(g, side: str) -> None:
    site = RULINGS["fortify_pylos"]["site"]
    g.state.forts[site] = side
    g.map = g.map.fortified(g.state.forts)
    g.emit(E.GarrisonPlaced(site, side, "fortified", "3.0"))


def helots(st):
    return next((b for b in st.blocks.values() if b.marks.get("helot")), None)


def helot_revolt_ok(g, side: str) -> bool:
    """ruling H-51: Pylos fortified by Athens or an Athenian block in Messenia or Laconia."""
    st, h = g.state, RULINGS["helot_revolt"]
    if side != "athens" or upright(st, h["area"], "sparta"):
        return False
    b = helots(st)
    if b is not None and b.location != BOX:
        return False
    return st.forts.get(RULINGS["fortify_pylos"]["site"]) == "athens" or any(
        b.side == "athens" and not is_fleet(b) and b.location in ("Messenia", "Laconia") for b in st.blocks.values())


def helot_revolt(g) -> None:
    st, m, h = g.state, g.map, RULINGS["helot_revolt"]
    b = helots(st)
    if b is None:
        b = Block("helots", "athens", f"Messenian Helots {h['rating']}", h["steps"], BOX, steps=h["steps"],
                  max_steps=h["steps"], marks={"kind": "barbarian", "rating": h["rating"], "home": "",
                                               "cls": "barbarian", "helot": True})
        st.blocks[b.id] = b
    b.side, b.location, b.steps = "athens", h["area"], b.max_steps
    in_laconia = [x for x in st.blocks.values() if x.side == "sparta" and on_map(x)
                  and not aboard(x) and area_of(m, x.location) == "Laconia"]
    st.helots = [st.season_count, int(len(in_laconia) * h["laconia_share"]), 0]
    g.emit(E.Built("athens", b.id, "helots", b.steps, b.location, "3.0"))


def persian_aid(g, how: str) -> None:
    """13.0 (ruling H-57): from Persian Gold or the New Year of 411."""
    if not g.state.persian_aid:
        g.state.persian_aid = True
        g.emit(E.EventResolved("sparta", "Persian Aid", "Sardis", how))


def initiative_value(card: dict, use: str) -> int:
    return 0 if use == "event" else card["value"]   # 3.3: an Event counts as 0


def first_player(plays: dict[str, tuple[dict, str]]) -> str:
    """3.3: lower Action Value first; ties go to Sparta (ruling H-4)."""
    a = initiative_value(*plays["athens"])
    s = initiative_value(*plays["sparta"])
    if a == s:
        return "sparta" if RULINGS["sparta_first_on_ties"] else "athens"  # ruling H-4
    return "athens" if a < s else "sparta"


# -- Events ------------------------------------------------------------------------------
def targets(g, side: str, event: str, newyear: bool = False) -> list[str]:
    """What the Event may be aimed at; an empty list means its prerequisite fails. Events
    without a target return [""]."""
    st, m = g.state, g.map
    enemy = other(side)
    if event not in RULINGS["events"]:
        return []
    if event == "Plague":
        return [""] if side == "sparta" and st.year <= 430 else []
    if event == "Peace Faction Ascendant":
        return [""] if st.year <= RULINGS["peace"]["from_year"] else []
    if event == "Storm":
        return sorted({b.location for b in st.blocks.values()
                       if b.side == enemy and is_fleet(b) and m.is_sea(b.location)})
    if event == "Civil War":
        return [c for c in sorted(m.cities) if m.cities[c].walled and attackable(m, c)
                and controller(st, m, c) == enemy and c not in st.sieges
                # ruling H-34: capitals excluded
                and not (RULINGS["capitals_excluded_from_civil_war"] and c in CAPITALS.values())
                and not upright(st, m.cities[c].area, enemy) and not inside(st, c)]
    if event == "Periplous":
        return [""] if side == "athens" and st.turn is not None and not newyear else []
    if event == "Forced March":
        return [] if newyear or st.turn is None else [""]
    if event in RULINGS["leader_cards"]:
        info = RULINGS["leader_cards"][event]   # ruling H-52
        ok = info["side"] == side and leader(st, side) != event and st.year <= info["from_year"]
        return [""] if ok else []
    if event == "Fortify Pylos":
        return [""] if fortify_ok(g, side) else []
    if event == "Helot Revolt":
        return [""] if helot_revolt_ok(g, side) else []
    if event == "Persian Gold":
        ok = side == "sparta" and not st.persian_aid and st.year <= LATE_WAR_YEAR
        return [""] if ok else []
    if event == "Barbarian Allies":
        if not any(b.location == BOX and not b.marks.get("helot") for b in st.blocks.values()):
            return []
        return [a for a in BARBARIAN_LANDS if not upright(st, a, enemy)]
    if event == "Revolt":
        if side != "sparta":
            return []
        near_attica = set(m.land_neighbours("Attica")) | {"Attica"}
        return [c for c in sorted(m.cities) if m.cities[c].walled and m.cities[c].loyalty == "athenian"
                and controller(st, m, c) == "athens" and c not in st.sieges
                and m.cities[c].area not in near_attica and not inside(st, c)
                and not upright(st, m.cities[c].area, "athens")]
    if event == "Treachery":
        if newyear or st.turn is None:
            return []  # a Treachery Assault belongs to an Event turn (8.1)
        delay = RULINGS["siege_combat_delay_seasons"]
        return sorted(c for c, s in st.sieges.items()
                      if s.besieger == side and s.established // 2 <= st.season_count - delay)
    return []


def resolve(g, side: str, event: str, target: str) -> None:
    """Carry out an Event without a further decision (Treachery waits for the surrender
    choice in the game's sequence)."""
    st, m = g.state, g.map
    enemy = other(side)
    if event == "Plague":
        # Athens and every Athenian land block in Attica lose a step; Athens 1 Prestige
        for b in sorted(st.blocks.values(), key=lambda b: b.id):
            if b.side == "athens" and not is_fleet(b) and b.location in ("Attica", "city:Athens"):
                g.secret_step_loss(b, 1, "3.0")
        g.add_prestige("athens", -1, "plague", "3.0")
        if st.leaders.get("athens", [""])[0] == "Pericles" and st.year < 430:
            del st.leaders["athens"]
            st.leader_left = True
            g.emit(E.EventResolved(side, event, "Pericles", "Pericles dies of the plague"))
        g.emit(E.EventResolved(side, event, "Athens", "plague"))
    elif event == "Storm":
        fleets = [b for b in st.blocks_at(target, enemy) if is_fleet(b)]
        b = max(fleets, key=lambda b: (b.steps, b.id))
        for x in [b] + [c for c in st.blocks.values() if c.marks.get("aboard") == b.id]:
            g.secret_step_loss(x, 1, "3.0")
        g.emit(E.EventResolved(side, event, target, "a fleet lost a step"))
    elif event == "Barbarian Allies":
        # the strongest block in the barbarian box joins the player at full strength
        b = min((b for b in st.blocks.values() if b.location == BOX and not b.marks.get("helot")),
                key=lambda b: (-b.max_steps, b.id))   # ruling H-51: never the helots
        b.side, b.location, b.steps = side, target, b.max_steps
        g.emit(E.Built(side, b.id, "barbarians", b.steps, target, "3.0"))
    elif event in ("Civil War", "Revolt"):
        # Revolt: as Civil War, but automatic with a Spartan land block in the city's area
        area = m.cities[target].area
        auto = event == "Revolt" and any(not is_fleet(b) for b in upright(st, area, side))
        # ruling H-55: Brasidas' Revolts in the north succeed without a die
        auto = auto or (event == "Revolt" and leader(st, side) == "Brasidas"
                        and area in RULINGS["brasidas"]["revolt_areas"])
        roll = 1 if auto else g.dice.d6(f"{event.lower()} in {target}", "3.0")
        if roll <= 4:
            siege.set_holder(g, target, side)
            st.garrisons[target] = "organised"
            g.emit(E.CityCaptured(target, side, event.lower(), "3.0"))
            g.add_prestige(enemy, -1, f"{event.lower()} in {target}", "3.0")
        g.emit(E.EventResolved(side, event, target, "turned" if roll <= 4 else "failed"))
    elif event in RULINGS["leader_cards"]:
        # ruling H-52: a Continuing Event; the old leader leaves play
        if leader(st, side):
            st.leader_left = True
        st.leaders[side] = [event, RULINGS["leader_cards"][event]["modifier"], g.state.committed[side][0]]
        g.emit(E.EventResolved(side, event, side, "leads"))
    elif event == "Fortify Pylos":
        fortify(g, side)
        g.emit(E.EventResolved(side, event, RULINGS["fortify_pylos"]["site"], "fortified"))
    elif event == "Helot Revolt":
        helot_revolt(g)
        g.emit(E.EventResolved(side, event, RULINGS["helot_revolt"]["area"], "helots rise"))
    elif event == "Persian Gold":
        persian_aid(g, "Persian Gold")
    elif event == "Peace Faction Ascendant":
        p = RULINGS["peace"]  # ruling H-38
        roll = g.dice.d6("peace faction", "12.0") + (1 if st.leader_left else 0)
        g.emit(E.EventResolved(side, event, "", "peace" if roll >= p["roll"] else "war goes on"))
        if roll >= p["roll"]:
            lead = st.prestige
            winner = None if abs(lead) <= p["draw_band"] else ("athens" if lead > 0 else "sparta")
            g.finish(winner, f"peace concluded at Prestige {lead:+d}")


def treachery_roll(g, city: str) -> bool:
    roll = g.dice.d6(f"treachery at {city}", "8.1")
    ok = roll <= RULINGS["treachery_success"]  # ruling H-28
    g.emit(E.EventResolved(g.state.turn.active, "Treachery", city, "betrayed" if ok else "no traitor"))
    return ok
