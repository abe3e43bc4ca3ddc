"""Turning a validated scenario into the initial DaimyoState (1.5-1.8 set-up)."""
from __future__ import annotations

from sim.core.dice import Dice
from sim.daimyo.model import (Armour, Army, Clan, Leader, LeaderKind, Quality, Troop, Unit,
                              Weapon)
from sim.daimyo.scenario import ScenarioIn, UnitIn
from sim.daimyo.state import DaimyoState
from sim.daimyo.tables import tables
from sim.daimyo.terrain import Feature

# 1 recommended stands: 40 mm wide; infantry 15 mm deep, cavalry 30 mm; HQ and guns 40x30 mm.
STAND_W = 4.0
DEPTH = {"infantry": 1.5, "cavalry": 3.0, "deep": 3.0}


def unit_from_spec(u: UnitIn, side: str, clan: str) -> Unit:
    row = tables().troops[u.troop]
    deep = row.cavalry or u.troop in ("artillery", "hq")
    return Unit(id=u.id, name=u.name or u.id, side=side, clan=clan, troop=Troop(u.troop),
                quality=Quality(u.quality), weapons=tuple(Weapon(w) for w in u.weapons),
                armour=Armour(u.armour), stands=u.stands, files=min(u.files, u.stands),
                x=u.x, y=u.y, facing=u.facing, stand_w=STAND_W,
                stand_d=DEPTH["deep"] if deep else DEPTH["infantry"], hatamoto=u.hatamoto)


# A clan without a colour of its own takes the next of its army's: the first army's blues,
# the second's reds, so that two armies never share a colour on the table.
PALETTES = (((40, 70, 160), (70, 140, 200), (40, 130, 120), (90, 90, 190), (30, 100, 150), (110, 150, 210)),
            ((180, 45, 40), (205, 140, 35), (160, 60, 110), (200, 90, 50), (150, 40, 70), (210, 170, 60)))


def clan_colour(given, side_no: int, clan_no: int) -> tuple[int, int, int]:
    if given is not None:
        return tuple(given)
    palette = PALETTES[side_no % len(PALETTES)]
    return palette[clan_no % len(palette)]


def _rating(value) -> int:
    """0 marks a rating still to be rolled (1.7, 1.8); the game rolls it at set-up so the
    roll is an event like every other."""
    return 0 if value == "roll" else int(value)


def build_state(sc: ScenarioIn, seed: int) -> DaimyoState:
    dice = Dice(seed)
    clans: dict[str, Clan] = {}
    units: dict[str, Unit] = {}
    leaders: dict[str, Leader] = {}
    armies: dict[str, Army] = {}
    for side_no, army in enumerate(sc.armies):
        g = army.general
        gid = f"general-{army.side}"
        leaders[gid] = Leader(gid, g.name, army.side, LeaderKind.GENERAL,
                              _rating(g.rating), mounted=g.mounted or not g.seated,
                              seated=g.seated, x=g.x, y=g.y, attached_to=g.attach)
        surprise = army.inactive_until
        armies[army.side] = Army(army.side, army.name, gid, army.edge,
                                 general_inactive_until=surprise.turn if surprise else 0)
        for clan_no, clan in enumerate(army.clans):
            d = clan.daimyo
            did = f"daimyo-{clan.id}"
            leaders[did] = Leader(did, d.name, army.side, LeaderKind.DAIMYO,
                                  _rating(d.rating), clan=clan.id,
                                  mounted=d.mounted, x=d.x, y=d.y, attached_to=d.attach)
            late = [r for r in (surprise, clan.inactive_until) if r is not None]
            clans[clan.id] = Clan(clan.id, clan.name, army.side, did, clan_colour(clan.colour, side_no, clan_no),
                                  inactive_until=max((r.turn for r in late), default=0),
                                  wake_zone=next((tuple(map(tuple, r.enemy_enters)) for r in reversed(late)
                                                  if r.enemy_enters), ()))
            for u in clan.units:
                units[u.id] = unit_from_spec(u, army.side, clan.id)
        if army.hq is not None:
            # 1.7: a seated General's HQ, a 40x30 mm stand of its own; it belongs to the
            # first clan only for ownership of colour, and never activates (ruling D-23).
            hid = f"hq-{army.side}"
            units[hid] = Unit(hid, f"HQ of {g.name}", army.side, army.clans[0].id, Troop.HQ,
                              Quality.REGULAR, (Weapon.IMW,), Armour.LIGHT, 1, 1, army.hq.x,
                              army.hq.y, army.hq.facing, STAND_W, DEPTH["deep"])
            armies[army.side].hq = hid
    return DaimyoState(dice=dice, width=sc.table.width, height=sc.table.height,
                       terrain=[Feature(f.id, f.kind, tuple(map(tuple, f.points)), f.name, f.wide_stream) for f in sc.terrain],
                       armies=armies, clans=clans, units=units, leaders=leaders,
                       options=sc.options.model_dump(), weather=sc.options.start_weather)   # 6.2
