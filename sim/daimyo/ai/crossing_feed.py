"""Which bridge or ford a clan makes for (issue 19): feed the crossing where the side is winning,
and spread the clans over the crossings by load.

A river is crossed only at its bridges and fords (4.3.1), and each clan takes the cheapest way
to the enemy in its sector (clan_plan.py), so on the reference table (a bridge and a ford 110 cm
apart) a clan that met a receiving enemy at one crossing stood there for many turns while its
side won or lost at the other (normal - normal game 5: the west over the bridge from turn 11,
two clans of it receiving at the ford from turn 8 to 19). Two overrides of a clan's own plan,
worked out once a turn (`Feeder.turn`) and applied whenever the clan's plan is stepped
(`Feeder.plan`):

- feed: a clan standing off at a crossing (none of its units over the river nor in melee, its
  centre within NEAR_CM of the crossing, an enemy fighting unit within NEAR_CM of it on the far
  bank) for FEED_AFTER turns walks along its own bank to the crossing where its side holds a
  bridgehead (`winning`: its units over the river there, less its routers there, plus the
  enemy's), if it can get there with ARRIVE_TURNS to spare before the turn limit (5.2);
- spread: a clan approaching a crossing that more clans of its side make for than another
  crossing (by LOAD_GAP; a clan receiving at a crossing files over nothing and does not count),
  where the other is not more than SPREAD_CM further by the way, makes
  for the other.

The walk is the clan plan's `receive` at the new crossing (its units stand off the crossing's
end on their own bank, out of reach of what comes over, 4.4), so the scorer needs nothing new;
within HANDOFF_CM of that end the clan's own plan takes over. Reads the side's view only and
rolls no dice.
"""
from __future__ import annotations

import math
from dataclasses import replace

import shapely
from shapely.geometry import Point, box

from sim.daimyo.ai import crossing_axis
from sim.daimyo.ai.matchups import chargers
from sim.daimyo.model import Troop

FEED_AFTER = 3        # turns standing off at one crossing before the clan goes where its side wins
NEAR_CM = 30.0        # a clan within this of a crossing stands at it; units within it count there
OVER_CM = 35.0        # units over the river within this of a crossing count at it
ARRIVE_TURNS = 2      # turns to spare at the crossing fed before the limit (5.2)
HANDOFF_CM = 40.0     # within this of the new crossing's end the clan's own plan takes over
LOAD_GAP = 2          # clans more at one crossing than another before one goes to the other
SPREAD_CM = 30.0      # how much further by the way the less loaded crossing may be
WALK_STATES = ("approach", "engage", "form_up", "hold", "receive")
FEED = True           # the overrides in play (normal and hard)
SPREAD = True
CROSS_SENT = True     # a clan sent to a crossing goes over there, receiving nobody


class Feeder:
    """What the overrides remember across turns (lives in the Commander, outside the game)."""

    def __init__(self, feed: bool | None = None, spread: bool | None = None):
        self.feed = FEED if feed is None else feed
        self.spread = SPREAD if spread is None else spread
        self.standing: dict[str, tuple[str, int]] = {}   # clan -> (crossing id, first turn standing off)
        self.going: dict[str, tuple[str, str]] = {}      # clan -> (crossing id, why)
        self.done: set[str] = set()                       # clans sent once (never sent again)
        self.arrived: dict[str, str] = {}                 # clan -> the crossing it was sent to and reached
        self._banks: dict = {}                            # id(terrain) -> the banks' polygons

    def turn(self, st, side: str, plans: dict, army, routes) -> None:
        """Once a turn, before the clans' plans are stepped: who stands off where, who goes."""
        feats = crossing_axis.features(st)
        if not feats or not crossing_axis.rivers(st):
            return
        banks = self._banks_of(st)
        home = _home(banks, st.living(side))
        if home is None:
            return
        clans = sorted({u.clan for u in st.living(side) if not u.hatamoto})
        for clan in clans:
            self._release(st, side, clan, feats, banks, home, routes)
        if self.feed:
            for clan in clans:
                self._stand_off(st, side, clan, army, feats, banks, home, routes)
        if self.spread and st.turn > 1:
            self._spread(st, side, clans, plans, army, feats, routes)

    def plan(self, st, side: str, clan: str, now, routes):
        """The clan's plan, overridden to walk to the crossing it has been sent to."""
        got = self.going.get(clan)
        if now is not None and got is None and now.state == "receive" and now.crossing == self.arrived.get(clan):
            # sent here to go over: it does not wait for the enemy to come (4.3.1)
            e = st.units[now.target]
            return replace(now, state="approach", objective=(round(e.x, 1), round(e.y, 1)),
                           why=f"sent to the {now.crossing} to go over: march on {e.id}")
        if now is None or got is None or now.state not in WALK_STATES:
            return now
        units = chargers([u for u in st.clan_units(clan) if not u.routing])
        if not units or any(u.in_melee_with for u in units):
            return now
        feat = next(f for f in crossing_axis.features(st) if f.id == got[0])
        centre = _centre(units)
        end = _near_end(feat, centre)
        enemies = [e for e in st.living(st.enemy(side)) if not e.routing and e.troop not in (Troop.HQ, Troop.ARTILLERY)]
        if not enemies:
            return now
        holder = min(enemies, key=lambda e: (feat.shape.distance(Point(e.x, e.y)), e.id))
        since = now.since if now.state == "receive" and now.crossing == feat.id else st.turn
        return replace(now, state="receive", objective=(round(end[0], 1), round(end[1], 1)), target=holder.id,
                       why=got[1], since=since, crossing=feat.id)

    def _release(self, st, side, clan, feats, banks, home, routes) -> None:
        got = self.going.get(clan)
        if got is None:
            return
        units = chargers([u for u in st.clan_units(clan) if not u.routing])
        feat = next(f for f in feats if f.id == got[0])
        if not units or feat.shape.distance(Point(_centre(units))) <= HANDOFF_CM:
            del self.going[clan]          # there (or gone): the clan's own plan takes over
            if units and CROSS_SENT:
                self.arrived[clan] = feat.id
        elif got[1].startswith("feed") and winning(st, side, feat, banks, home) <= 0:
            del self.going[clan]          # the bridgehead it went to feed is lost

    def _stand_off(self, st, side, clan, army, feats, banks, home, routes) -> None:
        units = chargers([u for u in st.clan_units(clan) if not u.routing])
        if not units or clan in self.going or clan in self.done or army.posture(clan) == "reserve":
            self.standing.pop(clan, None)
            return
        centre = _centre(units)
        at = min(feats, key=lambda f: (f.shape.distance(Point(centre)), f.id))
        enemies = [e for e in chargers(st.living(st.enemy(side))) if not e.routing]
        facing = any(at.shape.distance(Point(e.x, e.y)) <= NEAR_CM and not _on(home, e) and _on_bank(banks, e)
                     for e in enemies)
        off = (at.shape.distance(Point(centre)) <= NEAR_CM and facing
               and not any(u.in_melee_with or not _on(home, u) for u in units))
        if not off:
            self.standing.pop(clan, None)
            return
        was = self.standing.get(clan)
        if was is None or was[0] != at.id:
            self.standing[clan] = (at.id, st.turn)
            return
        if st.turn - was[1] < FEED_AFTER:
            return
        left = st.options.get("max_turns", 0) - st.turn
        move = min(u.move_row.normal for u in units)
        way = routes.for_unit(st, units[0], files=1)
        best = None
        for f in feats:
            if f.id == at.id:
                continue
            won = winning(st, side, f, banks, home)
            turns = way.distance(centre, _near_end(f, centre)) / move
            if won > 0 and turns <= left - ARRIVE_TURNS and (best is None or (won, -turns) > best[:2]):
                best = (won, -turns, f)
        if best is not None:
            f = best[2]
            self.going[clan] = (f.id, f"feed the {f.kind} ({f.id}): stood off at the {at.kind} since turn "
                                      f"{was[1]}, the side wins over the river there ({best[0]:+d})")
            self.done.add(clan)
            self.standing.pop(clan, None)

    def _spread(self, st, side, clans, plans, army, feats, routes) -> None:
        # each clan making for a crossing, and how far it is from it by the way
        making: dict[str, tuple] = {}
        for clan in clans:
            plan = plans.get(clan)
            units = chargers([u for u in st.clan_units(clan) if not u.routing])
            if plan is None or not units or army.posture(clan) == "reserve":
                continue
            centre = _centre(units)
            got = self.going.get(clan)
            if got is not None:
                making[clan] = (got[0], None, centre, units)
                continue
            if plan.state == "receive":
                continue          # it waits for the enemy to come over: it files over nothing
            near = min(feats, key=lambda f: (f.shape.distance(Point(centre)), f.id))
            if near.shape.distance(Point(centre)) <= NEAR_CM:
                making[clan] = (near.id, None, centre, units)   # there already: stays
                continue
            if plan.state != "approach" or plan.target not in st.units:
                continue
            way = routes.for_unit(st, units[0], files=1)
            goal = st.units[plan.target]
            feat = crossing_axis.on_way(way, centre, (goal.x, goal.y))
            if feat is not None:
                making[clan] = (feat.id, way, centre, units)
        load = {f.id: 0 for f in feats}
        for fid, *_ in making.values():
            load[fid] += 1
        # clans in their order (the clans there already are counted and stay)
        movable = [(c, m) for c, m in making.items() if m[1] is not None and c not in self.done]
        for clan, (fid, way, centre, units) in sorted(movable, key=lambda t: t[0]):
            here = next(f for f in feats if f.id == fid)
            there = way.distance(centre, _near_end(here, centre))
            for f in sorted(feats, key=lambda f: f.id):
                if f.id == fid or load[f.id] + LOAD_GAP > load[fid]:
                    continue
                other = way.distance(centre, _near_end(f, centre))
                if other <= there + SPREAD_CM:
                    load[fid] -= 1
                    load[f.id] += 1
                    self.going[clan] = (f.id, f"spread: {load[fid] + 1} clans make for the {here.kind} ({here.id}), "
                                              f"{load[f.id] - 1} for the {f.kind} ({f.id}), {other - there:+.0f} cm by the way")
                    self.done.add(clan)
                    break

    def _banks_of(self, st) -> list:
        got = self._banks.get(id(st.terrain))
        if got is None:
            land = box(0.0, 0.0, st.width, st.height).difference(shapely.union_all(crossing_axis.rivers(st)))
            got = self._banks[id(st.terrain)] = list(getattr(land, "geoms", [land]))
        return got


def winning(st, side: str, feat, banks: list, home) -> int:
    """How the side stands over the river at the crossing `feat` (4.3.1): its fighting units on
    a far bank within OVER_CM of the crossing and not routing, less its routers there, plus the
    enemy's routers there (5.1); 0 without a unit of it over the river there (a bridgehead)."""
    def near(u):
        return feat.shape.distance(Point(u.x, u.y)) <= OVER_CM

    ours = [u for u in st.living(side) if u.troop not in (Troop.HQ, Troop.ARTILLERY) and near(u)]
    over = sum(1 for u in ours if not u.routing and not _on(home, u) and _on_bank(banks, u))
    if not over:
        return 0
    routed = sum(1 for e in st.living(st.enemy(side)) if e.routing and near(e))
    return over - sum(1 for u in ours if u.routing) + routed


def _home(banks: list, units):
    """The bank most of the side's fighting units stand on (None where none does)."""
    counts = [sum(1 for u in units if u.troop is not Troop.HQ and b.contains(Point(u.x, u.y))) for b in banks]
    if not counts or max(counts) == 0:
        return None
    return banks[counts.index(max(counts))]


def _on(bank, u) -> bool:
    return bank.contains(Point(u.x, u.y))


def _on_bank(banks, u) -> bool:
    return any(b.contains(Point(u.x, u.y)) for b in banks)


def _near_end(feat, p) -> tuple[float, float]:
    q = feat.shape.exterior.interpolate(feat.shape.exterior.project(Point(p)))
    return (q.x, q.y)


def _centre(units) -> tuple[float, float]:
    return (sum(u.x for u in units) / len(units), sum(u.y for u in units) / len(units))
