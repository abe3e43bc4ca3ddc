"""Sieges (7.0-7.4) and Siege Combat (8.0-8.3): establishing a siege with its garrison, city
control and reversion, blockade (8.2.1) and Black Sea grain (8.2.2), Attrition by season,
Assault with the surrender option and double defense, and capture."""
from __future__ import annotations

from sim.board import Block
from sim.hellas import events as E
from sim.hellas.combat import Battle, Side, is_garrison
from sim.hellas.query import (CAPITALS, attackable, blockaded, cargo, controller, fleets_at, inside,
                              is_fleet, loyal_side, supplied, upright, upright_land)
from sim.hellas.rulings import RULINGS
from sim.hellas.state import WINTER, Siege, in_city, other


def garrison_block(g, city: str) -> Block | None:
    """7.3: an immobile 1-CV A2 block, made for the fight and kept as a flag in the state."""
    kind = g.state.garrisons.get(city)
    if kind is None:
        return None
    side = controller(g.state, g.map, city)
    return Block(f"garrison-{city}", side, "garrison", 1, in_city(city), steps=1, max_steps=1,
                 marks={"kind": "garrison", "rating": "A2"})


def defenders(g, city: str) -> list[Block]:
    gar = garrison_block(g, city)
    return inside(g.state, city) + ([gar] if gar else [])


def besiegers(st, area: str, side: str) -> list:
    """Ruling H-44: land blocks besiege (fleets blockade), unless the register says otherwise."""
    return upright_land(st, area, side) if RULINGS["land_blocks_besiege"] else upright(st, area, side)


def establish_sieges(g) -> None:
    """7.0: in the Combat phase a walled enemy city whose side has no upright block left in the
    area, while the active side has land blocks there (ruling H-44), is besieged; a loyal city
    gets its garrison (7.3). A captured city with no defenders at all is simply retaken (H-29)."""
    st, m, side = g.state, g.map, g.state.turn.active
    for city in sorted(m.cities):
        c = m.cities[city]
        holder = controller(st, m, city)
        if (not c.walled or not attackable(m, city) or holder != other(side) or city in st.sieges
                or not besiegers(st, c.area, side) or upright(st, c.area, holder)):
            continue
        if loyal_side(c) == holder and city not in st.garrisons:
            st.garrisons[city] = "loyal"
            g.emit(E.GarrisonPlaced(city, holder, "loyal"))
        if not defenders(g, city):
            if RULINGS["retake_unorganised"]:  # ruling H-29
                set_holder(g, city, side)
                g.emit(E.CityCaptured(city, side, "retaken", "7.3"))
            continue
        st.sieges[city] = Siege(city, side, st.stamp, st.season_count if blockaded(st, m, city) else None)
        g.emit(E.SiegeEstablished(city, side, st.garrisons.get(city, "")))
    for city in sorted({b.location[5:] for b in st.blocks.values() if b.location.startswith("city:")}):
        if city not in st.sieges:   # withdrew, but no siege followed: stand up in the area again
            for b in inside(st, city):
                b.location = m.cities[city].area
    check_sieges(g)


def set_holder(g, city: str, side: str) -> None:
    if loyal_side(g.map.cities[city]) == side:
        g.state.holder.pop(city, None)
    else:
        g.state.holder[city] = side


def check_sieges(g) -> None:
    """7.3 / 10.9: a siege with no besieging land block left is lifted (the loyal garrison goes,
    an organised one stays); otherwise keep the blockade record for 8.2.1 up to date."""
    st, m = g.state, g.map
    for city in sorted(st.sieges):
        s = st.sieges[city]
        c = m.cities[city]
        if not besiegers(st, c.area, s.besieger):
            del st.sieges[city]
            for b in inside(st, city):
                b.location = c.area
                for x in cargo(st, b):
                    x.location = c.area
            if st.garrisons.get(city) == "loyal":
                del st.garrisons[city]
                g.emit(E.GarrisonRemoved(city, "siege lifted"))
            g.emit(E.SiegeLifted(city))
            continue
        if blockaded(st, m, city):
            if s.blockaded_since is None:
                s.blockaded_since = st.season_count
        else:
            s.blockaded_since = None


def control_check(g) -> None:
    """7.x City Control: at the end of every Action and Combat phase a captured city with no
    block of its captor in the area and no organised garrison reverts to its loyalty."""
    st, m = g.state, g.map
    for city in sorted(st.holder):
        holder = st.holder[city]
        c = m.cities[city]
        if city in st.sieges or st.garrisons.get(city) == "organised":
            continue
        if upright(st, c.area, holder) or inside(st, city):
            continue
        del st.holder[city]
        g.emit(E.CityReverted(city, loyal_side(c) or c.loyalty))


def capture_unwalled(g) -> None:
    """ruling H-43: an unwalled enemy city falls to occupation at the end of the Combat phase."""
    st, m, side = g.state, g.map, g.state.turn.active
    for city in sorted(m.cities):
        c = m.cities[city]
        if (c.walled or not attackable(m, city) or controller(st, m, city) != other(side)
                or not upright_land(st, c.area, side) or upright(st, c.area, other(side))):
            continue
        capture(g, city, side, "occupation", RULINGS["unwalled_capture_prestige"], "7.0")


# -- Siege Combat ----------------------------------------------------------------------------
def eligible(g, city: str, kind: str) -> bool:
    """8.0: against a siege established in a previous Season (ruling H-22); Attrition on a port
    also needs the blockade since the previous Season (8.2.1); Assault only in Action turns
    (8.1) and with no blockade (ruling H-25)."""
    st = g.state
    s = st.sieges.get(city)
    if s is None or s.besieger != st.turn.active or city in st.turn.sieges_done:
        return False
    delay = RULINGS["siege_combat_delay_seasons"]  # ruling H-22
    if s.established // 2 > st.season_count - delay:
        return False
    c = g.map.cities[city]
    if kind == "assault":
        if st.turn.use != "action":
            return False
        if city == "Athens" and RULINGS["long_walls"] and not blockaded(st, g.map, city):
            return False                                  # ruling H-63: the Long Walls
        return not (RULINGS["assault_needs_blockade"] and c.port and not blockaded(st, g.map, city))
    if c.port:
        return s.blockaded_since is not None and s.blockaded_since <= st.season_count - delay
    return True


def attrition_hit_number(g, city: str) -> int:
    """8.2: 1 in the summer Seasons, 1-3 in Winter if the besiegers are Supplied (9.22, else
    ruling H-27); Athens besieged and blockaded always uses 1-3 (8.2.2, ruling H-30)."""
    st, m = g.state, g.map
    s = st.sieges[city]
    if city == "Athens" and s.besieger == "sparta" and blockaded(st, m, city):
        return 3
    if st.season == WINTER:
        return 3 if supplied(st, m, m.cities[city].area, s.besieger) else RULINGS["unsupplied_winter_attrition_hits"]
    return 1


def attrition(g, city: str) -> None:
    """8.2: one die per besieged block, garrison included; nothing is revealed; each hit goes to
    the strongest besieged block, the garrison last; the besiegers lose nothing."""
    st = g.state
    st.turn.sieges_done.append(city)
    g.emit(E.SiegeCombatDeclared(city, st.turn.active, "attrition"))
    n = attrition_hit_number(g, city)
    faces = g.dice.roll(len(defenders(g, city)), f"siege attrition at {city} (hits on 1-{n})", "8.2")
    hits = sum(1 for f in faces if f <= n)
    if st.demeter.get(city) == st.season_count and hits:
        g.emit(E.EventResolved(other(st.turn.active), "Demeter", city, f"{hits} Attrition hits ignored"))
        hits = 0
    for _ in range(hits):
        blocks = inside(st, city)
        if blocks:
            target = min(blocks, key=lambda b: (-b.steps, b.id))
            g.secret_step_loss(target, 1, "8.2")
        elif city in st.garrisons:
            del st.garrisons[city]
            g.emit(E.GarrisonRemoved(city, "eliminated by attrition", "8.2"))
    if not defenders(g, city):
        capture(g, city, st.turn.active, "attrition", RULINGS["attrition_capture_prestige"], "8.2")  # ruling H-24


def surrender(g, city: str) -> None:
    """8.1.3: every besieged block goes to the pool, the besiegers lose nothing, the city is
    taken for 1 Prestige instead of 2."""
    st = g.state
    blocks = inside(st, city)
    g.emit(E.Surrendered(city, other(st.turn.active), len(blocks)))
    for b in blocks:
        g.eliminate(b, "8.1.3")
    st.garrisons.pop(city, None)
    capture(g, city, st.turn.active, "surrender", 1, "8.1.3")


def escape_options(g, city: str) -> list[tuple[str, str]]:
    """8.1.2: besieged fleets may leave into the offshore sea if no enemy fleet is there, each
    carrying one friendly land block with fewer steps (5.21)."""
    st, m = g.state, g.map
    c = m.cities[city]
    if not c.port or fleets_at(st, c.offshore_sea, st.turn.active):
        return []
    out = []
    blocks = inside(st, city)
    for f in (b for b in blocks if is_fleet(b)):
        out.append((f.id, ""))
        out.extend((f.id, p.id) for p in blocks if not is_fleet(p) and p.steps < f.steps
                   and p.marks.get("cls") == "greek")
    return out


def escape(g, city: str, fleet: str, carry: str) -> None:
    """8.1.2: the fleet (and its passenger) leaves the city, and the Assault if one is being
    fought; a half hit its passenger held is lost with it (8.1.1)."""
    st = g.state
    sea = g.map.cities[city].offshore_sea
    f = st.blocks[fleet]
    f.location = sea
    if carry:
        p = st.blocks[carry]
        p.location = sea
        p.marks["aboard"] = f.id
    if st.turn.half_hit in (fleet, carry):
        st.turn.half_hit = ""
    g.emit(E.BlockRetreated(f.id, sea, "8.1.2"))


def assault(g, city: str, treachery: bool = False) -> None:
    """8.1: an Assault fought to its end with no choice between rounds (the Treachery Assault,
    ruling H-28, is one round against C1 defenders without double defense)."""
    g.state.turn.assault = city
    while not fight_assault(g, treachery):
        pass


def fight_assault(g, treachery: bool = False) -> bool:
    """8.1: an Assault on `turn.assault` is a battle in which every city defender is A2, uses
    double defense and cannot rout; the attackers stay in the area as besiegers whatever
    happens (8.1.2). It is fought round by round: after a round, if the battle goes on and the
    besieged fleets may retreat (8.1.2, ruling H-42), this returns False and the besieged side
    chooses (Escape / EndEscape) before the next round. True when the Assault is over."""
    st = g.state
    turn, side = st.turn, st.turn.active
    city = turn.assault
    battle = _assault_battle(g, city, treachery)
    if turn.assault_round == 0:
        battle.open()
    while battle.goes_on():
        battle.play_round()
        _keep_assault(g, city, battle)
        if battle.goes_on() and escape_options(g, city):
            return False
    battle.close()
    turn.assault_round, turn.assault_out, turn.half_hit = 0, [], ""
    if not defenders(g, city):
        capture(g, city, side, "assault", 2, "8.1.3")
        if side == "athens" and st.leaders.get("athens", [""])[0] == "Cleon":
            g.add_prestige(side, RULINGS["cleon_assault_prestige"], "Cleon's assault", "3.0")  # ruling H-53
    check_sieges(g)
    return True


def _assault_battle(g, city: str, treachery: bool) -> Battle:
    """The Assault as a Battle, rebuilt from the state: the besiegers still in it (every
    upright block in the area, ruling H-42, less those routed out) against the defenders still
    in the city (those escaped are at sea), with the half hit carried between rounds."""
    st = g.state
    turn, side = st.turn, st.turn.active
    area = g.map.cities[city].area
    attackers = upright(st, area, side) if RULINGS["assault_by_all_besiegers"] else upright_land(st, area, side)  # ruling H-42
    att = Side(side, [b for b in attackers if b.id not in turn.assault_out], False)
    att.routed = [b for b in attackers if b.id in turn.assault_out]
    rating = ("C", 1) if treachery else ("A", 2)
    dfn = Side(other(side), defenders(g, city), True, fixed_rating=rating, double_defense=not treachery,
               can_rout=False, half_hit=turn.half_hit)
    return Battle(g, area, att, dfn, "treachery" if treachery else "assault",
                  rounds=1 if treachery else None, fought=turn.assault_round)


def _keep_assault(g, city: str, battle: Battle) -> None:
    """After a round: record what the next round needs; a garrison that lost its step goes."""
    st = g.state
    st.turn.assault_round = battle.round
    st.turn.assault_out = [b.id for b in battle.att.routed]
    st.turn.half_hit = battle.dfn.half_hit
    if any(is_garrison(b) for b in battle.dfn.eliminated) and city in st.garrisons:
        st.garrisons.pop(city, None)
        g.emit(E.GarrisonRemoved(city, "eliminated in the assault", "8.1"))


def capture(g, city: str, side: str, how: str, prestige: int, rule: str) -> None:
    st = g.state
    set_holder(g, city, side)
    st.sieges.pop(city, None)
    st.garrisons.pop(city, None)
    g.emit(E.CityCaptured(city, side, how, rule))
    if prestige:
        g.add_prestige(side, prestige, f"{city} taken by {how}", rule)
    if CAPITALS[other(side)] == city:
        g.finish(side, f"took {city}, the enemy capital")  # ruling H-35
