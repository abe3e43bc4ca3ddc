"""Field, naval and sortie battles (6.0, 8.3) and the retreats that follow them (6.4).
Which battles are pending is decided at the start of the active player's Combat phase."""
from __future__ import annotations

from sim.board import Block
from sim.hellas import events as E
from sim.hellas import siege
from sim.hellas.combat import Battle, Side
from sim.hellas.mapdata import LAND_KINDS
from sim.hellas.query import (aboard, cargo, controller, fleets_at, friendly_city_area,
                              is_fleet, upright, used_capacity)
from sim.hellas.rulings import RULINGS
from sim.hellas.state import WINTER, in_city, other

SORTIE = "sortie:"


def pending_battles(g) -> list[str]:
    """5.4: every land area or sea where both sides stand upright; sorties (8.3) after them."""
    st, side = g.state, g.state.turn.active
    out = []
    for loc in g.map.board.locations:
        if upright(st, loc, side) and upright(st, loc, other(side)):
            out.append(loc)
    for city in sorted({c for c in (g.state.blocks[b].location[5:] for b in st.turn.sorties)}):
        out.append(SORTIE + city)
    return out


def fight_location(g, where: str) -> None:
    if where.startswith(SORTIE):
        return sortie_battle(g, where[len(SORTIE):])
    st, side = g.state, g.state.turn.active
    attackers = upright(st, where, side)
    defenders = upright(st, where, other(side))
    kind = "naval" if g.map.is_sea(where) else "field"
    out = Battle(g, where, Side(side, attackers, False), Side(other(side), defenders, True), kind).fight()
    att, dfn = out.sides[side], out.sides[other(side)]
    for b in dfn.routed:
        retreat(g, b, where, defending=True)
    for b in att.routed + (att.blocks if out.winner != side else []):
        retreat(g, b, where, defending=False)
    battle_prestige(g, out)


def battle_prestige(g, out) -> None:
    """ruling H-19: the winner scores if the loser lost a step or a block (surrenders count)."""
    if out.winner is None:
        return
    loser = out.sides[other(out.winner)]
    surrendered = [b for b in loser.routed if b.location == "pool" or b.location == "box"]
    if loser.steps_lost or loser.eliminated or surrendered:
        g.add_prestige(out.winner, RULINGS["battle_prestige"], "battle won", "6.0")


def sortie_battle(g, city: str) -> None:
    """8.3: sortieing blocks attack the besiegers as a normal field battle (ruling H-21); they can
    retreat only back into the city; besiegers retreat normally. A won sortie lifts the siege."""
    st, side = g.state, g.state.turn.active
    area = g.map.cities[city].area
    sortiers = [st.blocks[b] for b in st.turn.sorties if st.blocks[b].location == in_city(city)]
    st.turn.sorties = [b for b in st.turn.sorties if b not in {s.id for s in sortiers}]
    besiegers = upright(st, area, other(side))
    out = Battle(g, area, Side(side, sortiers, False), Side(other(side), besiegers, True), "sortie").fight()
    for b in out.sides[other(side)].routed:
        retreat(g, b, area, defending=True)
    for b in out.sides[side].routed:
        g.emit(E.BlockRetreated(b.id, in_city(city), "8.3"))  # back behind the walls
    if out.winner == side:
        for b in out.sides[side].blocks:
            b.location = area
    battle_prestige(g, out)
    siege.check_sieges(g)


def _prefer(g, b: Block, options: list[str]) -> str | None:
    """ruling H-40: the owner's retreat choice, by a fixed order of preference."""
    st = g.state
    ranks = {"own_city_area": lambda a: not g.map.is_sea(a) and friendly_city_area(st, g.map, a, b.side),
             "own_blocks": lambda a: bool(upright(st, a, b.side)),
             "vacant": lambda a: True}
    for key in RULINGS["retreat_order"]:
        if key in ranks:
            found = sorted(a for a in options if not a.startswith("city:") and ranks[key](a))
        else:
            found = [a for a in options if a.startswith("city:")]
        if found:
            return found[0]
    return None


def retreat_options(g, b: Block, where: str, defending: bool) -> list[str]:
    st, m, side = g.state, g.map, b.side
    enemy = other(side)
    out: list[str] = []
    if is_fleet(b):
        for n in m.board.neighbours(where, ("coast", "sea", "inset")):
            if not g.enterable(n) or fleets_at(st, n, enemy):
                continue
            if m.is_sea(n):
                out.append(n)
            elif any(c.port and controller(st, m, c.name) == side and c.name not in st.sieges
                     and c.offshore_sea == where for c in m.cities_in(n)) and not upright(st, n, enemy):
                out.append(n)
    else:
        entered = {a for blk, a in st.turn.entered.items() if st.blocks[blk].side == enemy}
        for n in m.board.neighbours(where, LAND_KINDS):
            if not g.enterable(n) or upright(st, n, enemy):
                continue
            if defending and n in entered:
                continue  # 6.4: not across a border the enemy came in by
            if not g.border_open(where, n, side):
                continue
            out.append(n)
    if defending and RULINGS["withdraw_before_battle"]:  # ruling H-23: into one's own walled city
        for c in m.cities_in(where) if not m.is_sea(where) else []:
            if (c.walled and controller(st, m, c.name) == side and (c.port or not is_fleet(b))
                    and used_capacity(st, c.name) < c.capacity):
                out.append(in_city(c.name))
    return out


def retreat(g, b: Block, where: str, defending: bool) -> None:
    dest = _prefer(g, b, retreat_options(g, b, where, defending))
    if dest is None:
        g.eliminate(b, "6.4")   # routed or beaten blocks with no retreat surrender
        return
    g.note_border(where, dest, b.side)
    b.location = dest
    for c in cargo(g.state, b):
        c.location = dest
    g.emit(E.BlockRetreated(b.id, dest))


def winter_sea_losses(g, side: str) -> None:
    """ruling H-32: fleets of `side` at sea at the end of a Winter Player Turn lose a step,
    cargo too."""
    if g.state.season != WINTER:
        return
    for b in list(g.state.blocks.values()):
        if (b.side == side and is_fleet(b) and g.map.is_sea(b.location) and not aboard(b)
                and b.id != g.state.turn.poseidon):        # §13 Poseidon spares his fleet
            for c in cargo(g.state, b) + [b]:
                g.secret_step_loss(c, RULINGS["winter_sea_loss"], "9.0")
