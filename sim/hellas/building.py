"""Building (4.2: Reinforce, Levy), Organising garrisons (4.2.3) and Pillaging (5.5)."""
from __future__ import annotations

from sim.board import Block
from sim.hellas import events as E
from sim.hellas.query import (aboard, attackable, blockaded, controller, is_barbarian, is_fleet,
                              loyal_side, upright, upright_land)
from sim.hellas.rulings import RULINGS
from sim.hellas.state import POOL, city_of, other


def can_build_in(g, city: str) -> bool:
    """8.2.1: no Building in a port both besieged and blockaded; ruling H-6: none at all in a
    besieged city that is not a port."""
    st, m = g.state, g.map
    if city not in st.sieges:
        return True
    return m.cities[city].port and not blockaded(st, m, city)


def reinforce_ok(g, b: Block) -> bool:
    st, m = g.state, g.map
    if (b.side != st.turn.active or b.location == POOL or b.location == "box" or aboard(b)
            or is_barbarian(b) or b.steps >= b.max_steps or b.id in st.turn.built):
        return False
    city = city_of(b.location)
    if city:
        return controller(st, m, city) == b.side and can_build_in(g, city) and (m.cities[city].port or not is_fleet(b))
    if m.is_sea(b.location):
        return False
    return any(controller(st, m, c.name) == b.side and c.name not in st.sieges and (c.port or not is_fleet(b))
               for c in m.cities_in(b.location))


def reinforce(g, b: Block) -> None:
    g.state.turn.built.append(b.id)
    b.steps += 1
    g.emit(E.Built(b.side, b.id, "reinforce", b.steps, b.location))


def levy_cities(g, b: Block) -> list[str]:
    """4.2 Levy (ruling H-6): a pool Greek block enters in its home city, friendly and not
    besieged; fleets only in ports."""
    st, m = g.state, g.map
    if b.side != st.turn.active or b.location != POOL or is_barbarian(b):
        return []
    home = b.marks.get("home", "")
    out = []
    c = m.cities.get(home)
    if not (c is None or controller(st, m, home) != b.side or home in st.sieges or (is_fleet(b) and not c.port)):
        out.append(home)
    if b.side == "sparta" and is_fleet(b) and st.persian_aid:
        # ruling H-57: Persian Aid builds Spartan fleets in the Asian ports
        out += [x.name for x in m.cities.values() if x.port and x.area in RULINGS["persian_aid"]["areas"]
                and controller(st, m, x.name) == "sparta" and x.name not in st.sieges and x.name != home]
    return sorted(out)


def levy(g, b: Block, city: str) -> None:
    b.location = g.map.cities[city].area
    b.steps = RULINGS["levy_steps"]
    g.state.turn.built.append(b.id)
    g.emit(E.Built(b.side, b.id, "levy", b.steps, b.location))


def organise_ok(g, city: str) -> bool:
    """4.2.3: a captured enemy city you control and occupy, not besieged, without a garrison."""
    st, m = g.state, g.map
    side = st.turn.active
    c = m.cities[city]
    return (st.holder.get(city) == side and loyal_side(c) != side and city not in st.sieges
            and city not in st.garrisons and bool(upright(st, c.area, side)))


def organise(g, city: str) -> None:
    g.state.garrisons[city] = "organised"
    g.emit(E.GarrisonPlaced(city, g.state.turn.active, "organised", "4.2.3"))


def pillage_ok(g, area: str) -> bool:
    """5.5 (ruling H-8): a land block of yours in the area, not pillaged this Year, and an enemy
    city there that you have besieged since an earlier Player Turn, or an unwalled enemy city
    with no enemy block in the area; Archidamos lets Sparta pillage Attica regardless."""
    st, m = g.state, g.map
    side = st.turn.active
    if area in st.pillaged or not upright_land(st, area, side):
        return False
    if side == "sparta" and area == "Attica" and st.leaders.get("sparta", [""])[0] == "Archidamos":
        return True
    if st.turn.periplous:
        # the raiding block landed this turn pillages an enemy city-state without a siege
        return any(controller(st, m, c.name) == other(side) for c in m.cities_in(area)) and any(
            st.blocks[b].location == area and not is_fleet(st.blocks[b]) for b in st.turn.moved)
    for c in m.cities_in(area):
        if not attackable(m, c.name) or controller(st, m, c.name) != other(side):
            continue
        s = st.sieges.get(c.name)
        if s and s.besieger == side and s.established < st.stamp:
            return True
        if not c.walled and not upright(st, area, other(side)):
            return True
    return False


def pillage(g, area: str) -> None:
    side = g.state.turn.active
    g.state.pillaged.append(area)
    g.emit(E.Pillaged(side, area))
    g.add_prestige(side, RULINGS["pillage_prestige"], f"pillaged {area}", "5.5")
