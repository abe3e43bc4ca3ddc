"""Land and naval movement (5.1, 5.2) with transport (5.21): the legal paths of one block and
carrying them out. Besieged land blocks cannot move and besieged fleets leave only through the
port's offshore sea (7.4)."""
from __future__ import annotations

from sim.board import Block
from sim.hellas import events as E
from sim.hellas.mapdata import LAND_KINDS
from sim.hellas.query import (aboard, area_of, cargo, fleets_at, is_barbarian, is_fleet,
                              movement_allowance, on_map, upright)
from sim.hellas.rulings import RULINGS
from sim.hellas.state import WINTER, city_of, other


def pass_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def allowance(g, b: Block, march: bool = True) -> int:
    """Movement allowance: +2 for Poseidon's fleet (§13), +1 in a Forced March (§7.6); with
    `march`, Brasidas' once-a-Year long march (ruling H-55)."""
    turn = g.state.turn
    bonus = 2 if turn is not None and turn.poseidon == b.id else 0
    if turn is not None and turn.forced_march:
        bonus += 1
    base = movement_allowance(b) + bonus
    if march and brasidas_march(g, b):
        return max(base, RULINGS["brasidas"]["move"])
    return base


def brasidas_march(g, b: Block) -> bool:
    st = g.state
    return (b.side == "sparta" and st.leaders.get("sparta", [""])[0] == "Brasidas"
            and st.brasidas_year != st.year and not is_fleet(b) and not is_barbarian(b))


def laconia_room(g) -> int | None:
    """ruling H-51: how many more Spartan blocks may leave Laconia this Season (None: no limit)."""
    st = g.state
    if not st.helots or st.helots[0] != st.season_count:
        return None
    return st.helots[1] - st.helots[2]


def leaves_laconia(g, b: Block, dest: str) -> bool:
    return b.side == "sparta" and area_of(g.map, b.location) == "Laconia" and dest != "Laconia"


def can_move(g, b: Block) -> bool:
    st = g.state
    if b.side != st.turn.active or not on_map(b) or b.id in st.turn.moved or aboard(b):
        return False
    if city_of(b.location) and not is_fleet(b):
        return False  # 7.4: besieged land blocks only sortie
    return g.activation_cost(b) <= st.turn.actions_left


def land_paths(g, b: Block) -> list[tuple[str, ...]]:
    """Every destination with its entry border (retreats depend on it); stop on entering an
    area with upright enemy blocks (ruling H-10); a strait crossing ends the move (H-9)."""
    st, m, enemy = g.state, g.map, other(b.side)
    best: dict[tuple[str, str], tuple[str, ...]] = {}
    uses: dict[str, int] = {}

    def walk(path: tuple[str, ...]) -> None:
        if len(path) - 1 >= allowance(g, b):
            return
        here = path[-1]
        for nxt in m.board.neighbours(here, LAND_KINDS):
            if nxt in path or not g.enterable(nxt) or not g.border_open(here, nxt, b.side, uses):
                continue
            longer = path + (nxt,)
            best.setdefault((nxt, here), longer)
            kind = m.board.kind(here, nxt)
            stop = kind == "strait" or (RULINGS["stop_on_enemy"] and upright(st, nxt, enemy))
            if not stop:
                if kind == "pass":
                    uses[pass_key(here, nxt)] = uses.get(pass_key(here, nxt), 0) + 1
                walk(longer)
                if kind == "pass":
                    uses[pass_key(here, nxt)] -= 1

    walk((b.location,))
    return sorted(best.values())


def fleet_paths(g, b: Block, carrying: bool) -> list[tuple[str, ...]]:
    """Shortest path to each reachable destination: out of a coastal area into any of its seas
    (a besieged port only into its offshore sea), sea to sea, and into a coastal area, which
    ends the move; stop on entering a sea with enemy fleets (H-11)."""
    st, m, enemy = g.state, g.map, other(b.side)
    city = city_of(b.location)
    start = area_of(m, b.location)
    if city:
        first = [m.cities[city].offshore_sea]
    elif m.is_sea(start):
        first = None
    else:
        first = m.seas_of(start)
    paths: dict[str, tuple[str, ...]] = {}
    frontier = [(start,)]
    while frontier:
        nxt_frontier = []
        for path in frontier:
            here = path[-1]
            if len(path) - 1 >= allowance(g, b):
                continue
            if len(path) == 1 and first is not None:
                options = first
            elif m.is_sea(here):
                options = m.board.neighbours(here, ("sea", "inset", "coast"))
            else:
                continue
            for n in options:
                if n in paths or n == start or not g.enterable(n):
                    continue
                hostile = RULINGS["fleets_stop_on_fleets"] and m.is_sea(n) and bool(fleets_at(st, n, enemy))
                # ruling H-11: a sea holding enemy fleets ends the move (no further frontier)
                if carrying and hostile and RULINGS["carrier_must_land"]:
                    continue  # ruling H-12
                longer = path + (n,)
                paths[n] = longer
                if m.is_sea(n) and not hostile:
                    nxt_frontier.append(longer)
        frontier = nxt_frontier
    out = []
    for dest, path in paths.items():
        at_sea = m.is_sea(dest)
        if at_sea and (carrying or cargo(st, b)) and RULINGS["carrier_must_land"]:
            continue
        if at_sea and st.season == WINTER:
            continue  # ruling H-32: no Winter move may end at sea
        out.append(path)
    return sorted(out)


def passengers(g, fleet: Block) -> list[Block]:
    """5.21: one unmoved Greek land block with fewer steps, in the fleet's coastal area."""
    st = g.state
    if city_of(fleet.location) or g.map.is_sea(fleet.location) or cargo(st, fleet):
        return []
    return [p for p in upright(st, fleet.location, fleet.side)
            if not is_fleet(p) and not is_barbarian(p) and p.steps < fleet.steps and p.id not in st.turn.moved]


def legal_moves(g, b: Block) -> list[tuple[tuple[str, ...], str]]:
    if not can_move(g, b):
        return []
    if not is_fleet(b):
        out = [(p, "") for p in land_paths(g, b)]
    else:
        out = [(p, "") for p in fleet_paths(g, b, False)]
        for p in passengers(g, b):
            out.extend((path, p.id) for path in fleet_paths(g, b, True) if not g.map.is_sea(path[-1]))
    room = laconia_room(g)
    if room is not None:   # ruling H-51: the helots pin part of the Spartan army
        out = [(p, c) for p, c in out if not leaves_laconia(g, b, p[-1]) or room >= 1 + bool(c or cargo(g.state, b))]
    return out


def move(g, b: Block, path: tuple[str, ...], carry: str) -> None:
    st = g.state
    cost = g.activation_cost(b)
    if cost:
        st.turn.actions_left -= cost
        st.turn.activated.append(area_of(g.map, b.location))  # ruling H-5
    for a, n in zip(path, path[1:]):
        g.note_border(a, n, b.side)
    dest = path[-1]
    riders = cargo(st, b) + ([st.blocks[carry]] if carry else [])
    if len(path) - 1 > allowance(g, b, march=False):
        st.brasidas_year = st.year   # ruling H-55: the Year's long march is spent
    if laconia_room(g) is not None and leaves_laconia(g, b, dest):
        st.helots[2] += 1 + len(riders)
    for blk in [b] + riders:
        blk.location = dest
        st.turn.moved.append(blk.id)
        st.turn.entered[blk.id] = path[-2]
        if not g.map.is_sea(dest):
            blk.marks.pop("aboard", None)   # cargo lands where the move ends (H-12)
    g.emit(E.BlockMoved(b.side, b.id, tuple(path), carry))
