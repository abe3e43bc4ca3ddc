"""R-BATTLE: field battles and sieges fought in fire rounds, hit allocation, retreat and
pursuit, with the 4-player command rules of 16.2.7b (commander, allocation, retreat order)."""
from __future__ import annotations

from collections import Counter

from sim.amdt import cards
from sim.amdt.control import ALLIANCES, faction, on_map, player_of, sector_faction, soldiers, sphere
from sim.amdt.data import data
from sim.amdt.events import BattleEnded, BattleStarted, Fire, Retreated
from sim.amdt.movement import is_sea_move
from sim.amdt.rulings import ruling
from sim.amdt.state import Battle, Decision
from sim.amdt.supply import oos_units

RANK = {"daimyo": 2, "samurai": 1}


# -- who is in the battle -------------------------------------------------------------------
def side_units(g, fac: str, where: str = "any"):
    b = g.state.battle
    units = [u for u in on_map(g.state, b.sector) if faction(g.state, u) == fac]
    if where == "field":
        return [u for u in units if not u.in_castle]
    if where == "castle":
        return [u for u in units if u.in_castle]
    return units


def sector_player(g, units) -> str:
    """The seat controlling the battle sector among those with units here (16.2.7b)."""
    st = g.state
    b = st.battle
    seats = [player_of(st, u) for u in units if player_of(st, u)]
    if not seats:
        return ""
    if st.mode == 4:
        sp = sphere(st, b.sector)
        if sp in seats:
            return sp
        if st.active and st.active.player in seats:
            return st.active.player
    else:
        holder = st.control.get(b.sector, "")
        for u in units:
            if u.clan == holder and player_of(st, u):
                return player_of(st, u)
    return Counter(seats).most_common(1)[0][0]


def decider(g, seat: str, units) -> str:
    """A real seat for a decision: in 4p Nobunaga's own ("oda") units are spoken for by the
    active alliance, else by the alliance with most units here (16.2.7b)."""
    st = g.state
    if seat != "oda" or st.mode != 4:
        return seat
    if st.active and st.active.player in g.sides() and st.active.player != "anti":
        return st.active.player
    seats = [player_of(st, u) for u in units if player_of(st, u) not in ("", "oda", "anti")]
    if seats:
        return Counter(seats).most_common(1)[0][0]
    return st.last_alliance or "katsuie"


def commander(g, units):
    """(ruling A-32) Nobunaga; else the best leader of the sector's player, then of the side."""
    leaders = [u for u in units if u.kind == "leader"]
    for u in leaders:
        if u.id == "nobunaga":
            return u
    if not leaders:
        return None
    boss = sector_player(g, units)
    def key(u):
        return (player_of(g.state, u) == boss, RANK[u.rank], data().leaders[u.id].get("battle", 0), u.id)
    return max(leaders, key=key)


def battle_value(u) -> int:
    return data().leaders[u.id].get("battle", 0) if u is not None else 0


# -- start ------------------------------------------------------------------------------------
def start(g, sector: str, attacker: str, origin: str, assault: bool = False) -> None:
    st = g.state
    enemies = [u for u in on_map(st, sector) if faction(st, u) != attacker]
    defender = faction(st, enemies[0])
    st.battle = Battle(sector, attacker, defender, origin)
    st.phase = "battle"
    b = st.battle
    b.queue = []
    b.oos = oos_units(st, on_map(st, sector))
    b.stage = "garrison"
    if assault:
        b.mods["assault_now"] = 1
    g.emit(BattleStarted(sector, attacker, defender))
    st.stats["battles"] = st.stats.get("battles", 0) + 1
    if st.active:
        st.active.stopped.extend(u.id for u in side_units(g, attacker))


def capacity(g) -> int:
    b = g.state.battle
    return ruling("castle_capacity") * g.state.castle.get(b.sector, 0)   # ruling A-9


def garrison_options(g) -> list[int]:
    inside = soldiers(side_units(g, g.state.battle.defender, "castle"))
    outside = soldiers(side_units(g, g.state.battle.defender, "field"))
    room = max(0, capacity(g) - len(inside))
    return list(range(0, min(room, len(outside)) + 1))


def put_in_castle(g, n: int) -> None:
    b = g.state.battle
    outside = sorted(soldiers(side_units(g, b.defender, "field")), key=lambda u: (u.guard, u.id))
    for u in outside[:n]:
        u.in_castle = True
    if not soldiers(side_units(g, b.defender, "field")):    # ruling A-36
        for u in side_units(g, b.defender, "field"):
            u.in_castle = True


# -- the step machine -------------------------------------------------------------------------
def step(g) -> None:
    """Advance the battle until a decision is needed or it ends."""
    st = g.state
    while st.battle is not None and st.decision is None and st.phase != "over":
        b = st.battle
        if b.stage == "garrison":
            b.stage = "cards"
            castle_ok = st.castle.get(b.sector, 0) >= 1 and sector_faction(st, b.sector) == b.defender
            if castle_ok and not side_units(g, b.defender, "castle") and len(garrison_options(g)) > 1:
                who = decider(g, sector_player(g, side_units(g, b.defender)), side_units(g, b.defender))
                if who:
                    st.decision = Decision("garrison", who)
                else:
                    put_in_castle(g, garrison_options(g)[-1])        # neutrals hold the castle
            elif castle_ok and not side_units(g, b.defender, "castle") and not player_of(st, side_units(g, b.defender)[0]):
                put_in_castle(g, garrison_options(g)[-1])
        elif b.stage == "cards":
            if not b.queue and not b.mods.get("cards_asked"):      # ruling A-49: asked once
                b.queue = [["card", p, ""] for p in cards.battle_card_players(g)]
                b.mods["cards_asked"] = 1
            if b.queue and b.queue[0][0] == "card":
                _, p, _ = b.queue.pop(0)
                st.decision = Decision("battle_card", p)
            else:
                b.queue = []
                b.stage = "assault" if b.mods.get("assault_now") else "field"
        elif b.stage == "field":
            _field_round(g)
        elif b.stage == "retreat":
            _next_retreat(g)
        elif b.stage == "siege":
            _siege_choice(g)
        elif b.stage == "assault":
            _assault_round(g)
        elif b.stage == "assault2":
            _assault_second(g)
        elif b.stage == "hits":
            _take_hits(g)
        elif b.stage == "field2":
            _field_second(g)
        elif b.stage == "post":
            _post_round(g)
        elif b.stage == "done":
            _finish(g)


def _field_round(g) -> None:
    st = g.state
    b = st.battle
    att, dfn = side_units(g, b.attacker, "field"), side_units(g, b.defender, "field")
    if not dfn or not att:
        b.stage = "siege"
        return
    if not soldiers(att) and not soldiers(dfn):                   # ruling A-35
        _withdraw(g, att, b.origin or None, pursuit=False)
        b.stage = "siege"
        return
    b.round += 1
    first = b.fire_first if b.round == 1 else ""
    if first:                      # surprise attack: the enemy answers with its survivors only
        _volley(g, first, "field", "field", "field2")
    else:
        _volley(g, b.attacker, "field", "field", "post")        # simultaneous: both roll
        _volley(g, b.defender, "field", "field", "post")        # before any hit is taken


def _field_second(g) -> None:
    b = g.state.battle
    first = b.fire_first
    _volley(g, b.defender if first == b.attacker else b.attacker, "field", "field", "post")


def _post_round(g) -> None:
    st = g.state
    b = st.battle
    b.retreated = []                  # ruling A-37: only the round right after the retreat
    att, dfn = side_units(g, b.attacker, "field"), side_units(g, b.defender, "field")
    if not att or not dfn:
        b.stage = "siege"
        return
    b.queue = _retreat_queue(g, b.attacker) + _retreat_queue(g, b.defender)
    b.stage = "retreat"


def _volley(g, shooter: str, kind: str, where: str, then: str) -> None:
    """`shooter` fires; its hits on the other side (its units `where`) wait in the queue as
    [hits, target, n, where, shooter, kind, luck-offer pending]."""
    b = g.state.battle
    hits = _fire(g, shooter, kind)
    target = b.defender if shooter == b.attacker else b.attacker
    offer = "fire" in ruling("good_luck_uses") and bool(soldiers(firing_units(g, shooter, kind)))
    b.queue.append(["hits", target, str(hits), where, shooter, kind, "1" if offer else "0"])
    b.stage, b.next = "hits", then


def luck_seat(g, fac: str) -> str:
    """The seat that may spend Good Luck for a side's dice (15.6): whoever commands it."""
    st = g.state
    if not st.good_luck:
        return ""
    units = side_units(g, fac)
    seat = decider(g, sector_player(g, units), units) if units else ""
    return seat if seat in g.sides() and st.good_luck.get(seat, 0) > 0 else ""


def reroll_volley(g, index: int) -> None:
    """15.6 (ruling A-62): the side's dice of this fire round are rolled again."""
    entry = g.state.battle.queue[index]
    entry[2] = str(_fire(g, entry[4], entry[5]))


def _take_hits(g) -> None:
    st = g.state
    b = st.battle
    for i, entry in enumerate(b.queue):            # ruling A-62: offered before any hit lands
        if entry[0] == "hits" and entry[6] == "1":
            entry[6] = "0"
            seat = luck_seat(g, entry[4])
            if seat:
                st.decision = Decision("luck", seat, str(i))
                return
    while b.queue:
        _, fac, hits, where = b.queue.pop(0)[:4]
        if _hit(g, fac, int(hits), where) or st.decision is not None:
            return
        if st.phase == "over":
            return
    b.stage = b.next


def _retreat_queue(g, fac: str) -> list[list[str]]:
    """16.2.7b: the commander decides for the whole force, then each player by unit count."""
    units = side_units(g, fac, "field")
    boss = commander(g, units)
    boss_player = player_of(g.state, boss) if boss else sector_player(g, units)
    if not boss_player:
        return []
    boss_player = decider(g, boss_player, units)   # Nobunaga commanding: an alliance speaks
    queue = [["retreat", boss_player, "all", fac]]
    counts = Counter(player_of(g.state, u) for u in units)
    others = [p for p in counts if p and p != "oda" and p != boss_player]
    if len(others) > 1 and len(set(counts[p] for p in others)) < len(others):
        roll = g.dice.roll(len(others), "retreat order tie", "16.2.7b")
        tiebreak = dict(zip(others, roll))
    else:
        tiebreak = {p: 0 for p in others}
    others.sort(key=lambda p: (-counts[p], -tiebreak[p], p))
    queue += [["retreat", p, p, fac] for p in others]
    return queue


def retreat_units(g, fac: str, scope: str):
    units = side_units(g, fac, "field")
    if scope == "all":
        return units
    return [u for u in units if player_of(g.state, u) == scope]


def retreat_options(g, fac: str, scope: str) -> list[str]:
    """Where a retreat may go (ruling A-34)."""
    st = g.state
    b = st.battle
    units = retreat_units(g, fac, scope)
    if not units:
        return []
    nobu = any(u.id == "nobunaga" or u.guard for u in units)
    if fac == b.attacker and b.origin:
        cands = [b.origin]
    else:
        cands = sorted(data().board.neighbours(b.sector))
    out = []
    for n in cands:
        if fac == b.defender and n == b.origin:
            continue
        if nobu and is_sea_move(b.sector, n):
            continue
        from sim.amdt.control import enemy_units, is_closed_neutral
        if is_closed_neutral(st, n) or enemy_units(st, n, fac):
            continue
        owner = sector_faction(st, n)
        if owner not in ("", fac) and st.castle.get(n, 0) >= 1:
            continue
        out.append(n)
    return out


def _next_retreat(g) -> None:
    st = g.state
    b = st.battle
    while b.queue:
        kind, player, scope, fac = b.queue[0]
        if not retreat_units(g, fac, scope) or not retreat_options(g, fac, scope):
            b.queue.pop(0)
            continue
        st.decision = Decision("retreat", player, scope)
        return
    b.stage = "field"


def forced_retreat(g, fac: str) -> bool:
    """16.2.7b: Nobunaga commanding and his guard hit -> the Oda force must retreat."""
    b = g.state.battle
    boss = commander(g, side_units(g, fac, "field"))
    return b.guard_hit and fac == "oda" and boss is not None and boss.id == "nobunaga"


def do_retreat(g, player: str, scope: str, to: str) -> None:
    st = g.state
    b = st.battle
    _, _, _, fac = b.queue.pop(0)
    if not to:
        return
    units = retreat_units(g, fac, scope)
    whole = len(units) == len(side_units(g, fac, "field"))
    _withdraw(g, units, to, pursuit=whole)
    if whole:
        b.queue = [q for q in b.queue if q[3] != fac]
        if fac == b.attacker:
            b.queue = []
    else:
        b.retreated.extend(u.id for u in units)          # ruling A-37


def _withdraw(g, units, to: str | None, pursuit: bool) -> None:
    st = g.state
    b = st.battle
    if not units:
        return
    fac = faction(st, units[0])
    ids = tuple(u.id for u in units)
    if to is None:
        return
    if pursuit:                                           # ruling A-12
        other = b.defender if fac == b.attacker else b.attacker
        n = len(soldiers(side_units(g, other, "field"))) // ruling("pursuit")
        if n:
            faces = g.dice.roll(n, "pursuit", "R-BATTLE")
            hits = sum(1 for f in faces if f == 6)
            _apply(g, [u for u in units if u.status == "map"], hits, auto=True)
    moved = [u for u in units if u.status == "map"]
    for u in moved:
        u.sector, u.in_castle = to, False
        if u.kind == "soldier" and sphere(st, to) in ALLIANCES and sphere(st, to) != u.owner:
            u.led_by = ""       # retreating into another sphere, it passes to that player (ruling A-69)
    if moved:
        g.emit(Retreated(player_of(st, moved[0]), tuple(u.id for u in moved), b.sector, to))
    if st.active:
        st.active.stopped.extend(ids)


# -- fire and hits ----------------------------------------------------------------------------
def firing_units(g, fac: str, kind: str):
    b = g.state.battle
    return side_units(g, fac, "castle" if (kind == "siege" and fac == b.defender) else "field")


def _fire(g, fac: str, kind: str) -> int:
    st = g.state
    b = st.battle
    units = firing_units(g, fac, kind)
    shooters = soldiers(units)
    if not shooters:
        return 0
    boss = commander(g, units)
    if kind == "siege" and fac == b.attacker:
        base = 0                                          # ruling A-10: only defenders get bonuses
    else:
        base = battle_value(boss) + b.mods.get(fac, 0)
        if kind == "siege":
            base += st.castle.get(b.sector, 0)
    sea = data().is_sea(b.sector)
    mods = []
    for u in shooters:
        m = base
        if kind != "siege" or fac == b.defender:
            if u.id in b.oos and not u.in_castle:
                m += ruling("oos")["fire"]
            if sea and u.murakami:
                m += 1
        mods.append(m)
    faces = g.dice.roll(len(shooters), f"{fac} fire", "R-BATTLE")
    need = ruling("hit_on")                               # ruling A-8
    hits = sum(1 for f, m in zip(faces, mods) if f == 6 or (f != 1 and f + m >= need))
    g.emit(Fire(b.sector, fac, len(shooters), base, hits, kind == "siege"))
    other = b.defender if fac == b.attacker else b.attacker
    if fac == "oda" and any(u.clan == "Enryaku-ji" for u in side_units(g, other)):
        b.fired_at_hiei = True
    return hits


def _hit(g, fac: str, hits: int, where: str) -> bool:
    """Apply hits; True when the allocating player must first order the players (16.2.7b)."""
    if hits <= 0:
        return False
    st = g.state
    b = st.battle
    targets = side_units(g, fac, where)
    groups = sorted({player_of(st, u) or "-" for u in targets})
    if len(groups) > 1 and hits < len(targets):
        who = decider(g, sector_player(g, targets), targets)
        if who and who in g.sides():
            st.hitbox = {"fac": 0 if fac == b.attacker else 1, "hits": hits,
                         "castle": int(where == "castle")}
            st.decision = Decision("allocate", who)
            return True
    _allocate(g, targets, hits, groups)
    return False


def allocation_groups(g) -> list[str]:
    st = g.state
    b = st.battle
    fac = b.attacker if st.hitbox["fac"] == 0 else b.defender
    targets = side_units(g, fac, "castle" if st.hitbox["castle"] else "field")
    return sorted({player_of(st, u) or "-" for u in targets})


def resolve_allocation(g, order: tuple[str, ...]) -> None:
    st = g.state
    b = st.battle
    fac = b.attacker if st.hitbox["fac"] == 0 else b.defender
    targets = side_units(g, fac, "castle" if st.hitbox["castle"] else "field")
    hits = st.hitbox["hits"]
    st.hitbox = {}
    _allocate(g, targets, hits, list(order))


def _allocate(g, targets, hits: int, order) -> None:
    st = g.state
    b = st.battle
    rank = {p: i for i, p in enumerate(order)}
    boss = commander(g, targets)
    kinds = {k: i for i, k in enumerate(ruling("hit_order"))}       # ruling A-33
    def key(u):
        # 16.2.7b, 10.3: no leader, and the commander last of all, before every soldier of the
        # side is gone; the allocating player's order ranks the players within each tier
        kind = "commander" if u is boss else ("guard" if u.guard else u.kind)
        tier = 0 if u.kind == "soldier" else (2 if u is boss else 1)
        return (tier, rank.get(player_of(st, u) or "-", 99), kinds[kind], u.id)
    ordered = sorted(targets, key=key)
    _apply(g, ordered[:hits], len(ordered[:hits]), auto=False)
    spill = hits - len(ordered)
    if spill > 0 and b.retreated:                           # ruling A-37
        gone = [st.units[i] for i in b.retreated if i in st.units and st.units[i].status == "map"]
        _apply(g, sorted(gone, key=key)[:spill], min(spill, len(gone)), auto=False)


def _apply(g, units, hits: int, auto: bool) -> None:
    st = g.state
    b = st.battle
    if auto:
        kinds = {k: i for i, k in enumerate(ruling("hit_order"))}
        units = sorted(units, key=lambda u: (kinds["guard" if u.guard else u.kind], u.id))
    for u in units[:hits]:
        if u.status != "map":
            continue
        if u.kind == "soldier":
            if u.guard:
                b.guard_hit = True
            g.lose_soldier(u, "hit")
        else:
            g.leader_hit(u, "R-BATTLE")
        if st.phase == "over":
            return


# -- sieges -----------------------------------------------------------------------------------
def _siege_choice(g) -> None:
    st = g.state
    b = st.battle
    att = side_units(g, b.attacker)
    inside = side_units(g, b.defender, "castle")
    if not att or not inside or not soldiers(att):
        b.stage = "done"
        return
    who = decider(g, sector_player(g, att), att)
    if not who:
        b.stage = "done"
        return
    st.decision = Decision("assault", who)


def _assault_round(g) -> None:
    st = g.state
    b = st.battle
    b.round += 1
    if not side_units(g, b.defender, "castle"):
        b.stage = "siege"
        return
    _volley(g, b.defender, "siege", "field", "assault2")


def _assault_second(g) -> None:
    b = g.state.battle
    if side_units(g, b.attacker):
        _volley(g, b.attacker, "siege", "castle", "siege")
    else:
        b.stage = "siege"


def _finish(g) -> None:
    st = g.state
    b = st.battle
    att = side_units(g, b.attacker)
    dfn = side_units(g, b.defender)
    outcome = "attacker holds the field" if att else "defender holds"
    if att and not dfn:
        outcome = "captured"
    elif att and dfn:
        outcome = "siege"
    g.emit(BattleEnded(b.sector, outcome))
    if b.fired_at_hiei:
        g.advance_entries()
    st.battle = None
    st.phase = "activation"
    if outcome == "captured":
        g.capture(b.sector, att)
    g.check_clans()
