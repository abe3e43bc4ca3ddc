"""Read-only questions about a Hellas position: who controls a city, who is upright where,
blockade and supply. Everything here is a pure function of the state and the map."""
from __future__ import annotations

from sim.board import Block
from sim.hellas.mapdata import HellasMap
from sim.hellas.rulings import RULINGS
from sim.hellas.state import BOX, POOL, HellasState, city_of, in_city, other

LOYAL_SIDE = {"athenian": "athens", "spartan": "sparta"}
CAPITALS = {"athens": "Athens", "sparta": "Sparta"}


def loyal_side(city) -> str | None:
    return LOYAL_SIDE.get(city.loyalty)


def controller(st: HellasState, m: HellasMap, name: str) -> str | None:
    """7.x City Control: a captured city stays with its captor; otherwise its loyalty."""
    founded = RULINGS["city_founded"].get(name)   # ruling H-46: not yet founded, nobody's
    if founded is not None and st.year > founded:
        return None
    return st.holder.get(name) or loyal_side(m.cities[name])


def attackable(m: HellasMap, name: str) -> bool:
    """Neutral, Persian and empty sites can never be attacked (ruling H-10), nor cities of
    the Sicily inset while it is out of play (ruling H-45)."""
    if not RULINGS["sicily_in_play"] and m.is_inset(m.cities[name].area):
        return False
    return loyal_side(m.cities[name]) is not None


def is_fleet(b: Block) -> bool:
    return b.marks.get("kind") == "fleet"


def is_barbarian(b: Block) -> bool:
    return b.marks.get("cls") == "barbarian"


def on_map(b: Block) -> bool:
    return b.location not in (POOL, BOX)


def aboard(b: Block) -> str:
    return b.marks.get("aboard", "")


def area_of(m: HellasMap, loc: str) -> str:
    c = city_of(loc)
    return m.cities[c].area if c else loc


def upright(st: HellasState, loc: str, side: str | None = None) -> list[Block]:
    """Blocks standing in an area or sea (not inside a city, not carried)."""
    return [b for b in st.blocks_at(loc, side) if not aboard(b)]


def upright_land(st: HellasState, loc: str, side: str) -> list[Block]:
    return [b for b in upright(st, loc, side) if not is_fleet(b)]


def fleets_at(st: HellasState, loc: str, side: str) -> list[Block]:
    return [b for b in upright(st, loc, side) if is_fleet(b)]


def inside(st: HellasState, city: str) -> list[Block]:
    return [b for b in st.blocks_at(in_city(city)) if not aboard(b)]


def cargo(st: HellasState, fleet: Block) -> list[Block]:
    return [b for b in st.blocks.values() if aboard(b) == fleet.id]


def used_capacity(st: HellasState, city: str) -> int:
    blocks = inside(st, city)
    if not RULINGS["fleets_use_capacity"]:  # ruling H-26
        blocks = [b for b in blocks if not is_fleet(b)]
    return len(blocks)  # 7.3: garrisons never count


def rating(b: Block, where: str, m: HellasMap) -> tuple[str, int]:
    """Agility letter and firepower. Fleets use the naval rating at sea, C1 on land (ruling H-18)."""
    r = b.marks["rating"]
    if is_fleet(b) and not m.is_sea(where):
        return "C", 1
    return r[0], int(r[1:])


def blockaded(st: HellasState, m: HellasMap, name: str) -> bool:
    """8.2.1: an enemy fleet in the port's offshore sea; 8.2.2: Athens also while a Spartan
    fleet holds a grain sea."""
    city = m.cities[name]
    holder = controller(st, m, name)
    if not city.port or holder is None:
        return False
    if fleets_at(st, city.offshore_sea, other(holder)):
        return True
    if name == "Athens" and holder == "athens":
        return grain_cut(st, m)
    return False


def grain_cut(st: HellasState, m: HellasMap) -> bool:
    """8.2.2 Black Sea Grain: a Spartan fleet in the Hellespont, Sea of Marmara or Saronic Gulf."""
    return any(fleets_at(st, sea, "sparta") for sea in m.grain_seas)


def friendly_city_area(st: HellasState, m: HellasMap, area: str, side: str) -> bool:
    aid = RULINGS["persian_aid"]["supply_city"] if side == "sparta" and st.persian_aid else ""  # ruling H-57
    return any((controller(st, m, c.name) == side or c.name == aid) and c.name not in st.sieges
               for c in m.cities_in(area))


def supplied(st: HellasState, m: HellasMap, area: str, side: str) -> bool:
    """9.2 supply (ruling H-31): own unbesieged city here or in a land-adjacent area, or a sea
    route free of enemy fleets to an own unbesieged, unblockaded port."""
    if friendly_city_area(st, m, area, side):
        return True
    if any(friendly_city_area(st, m, n, side) for n in m.board.neighbours(area, ("land",))):
        return True
    goals = {c.offshore_sea for c in m.cities.values()
             if c.port and controller(st, m, c.name) == side and c.name not in st.sieges
             and not blockaded(st, m, c.name)}
    seen, todo = set(), [s for s in m.seas_of(area) if not fleets_at(st, s, other(side))]
    while todo:
        sea = todo.pop()
        if sea in seen:
            continue
        seen.add(sea)
        if sea in goals:
            return True
        todo.extend(n for n in m.board.neighbours(sea, ("sea", "inset"))
                    if n not in seen and not fleets_at(st, n, other(side)))
    return False


def movement_allowance(b: Block) -> int:
    if is_fleet(b):
        return 5
    if is_barbarian(b):
        return RULINGS["barbarian_move"]  # ruling H-14
    return 3 if b.marks.get("kind") == "cavalry" else 2
