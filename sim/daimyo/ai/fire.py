"""Where the enemy's missile troops could shoot next turn, for the Daimyo scorer (4.5, 4.5.1).

A unit that waits in front of enemy arquebusiers or archers loses stands without fighting:
hard's horse used to park in the stream within the east's effective range (README "AI
strength"). The zones are each shooter's arcs from its shooting stands where it stands now
(45-degree arcs, cavalry all round, 4.5, ruling D-2), cut at effective (8 cm) and long (15 cm)
range (4.5.1); sight and cover are left out (cheap, and a unit should not count on them).
"""
from __future__ import annotations

from shapely.ops import unary_union

from sim.core.memo import keep
from sim.daimyo.combat import shooting
from sim.daimyo.geometry import all_round_arc, boxes_apart, fire_arc, stand_corners
from sim.daimyo.model import Unit, Weapon

ZONES_MAX = 4096     # shooter zones kept per game (st.geometry_cache["ai_fire_zones"])


class FireZones:
    def __init__(self, st, shooters: list[Unit]):
        self.zones = []                # (shooter, effective zone, long zone)
        kept = st.geometry_cache.setdefault("ai_fire_zones", {})
        for e in shooters:
            if shooting.weapon(e) is None:
                continue
            corners = stand_corners(e)
            idx = shooting.shooting_stands(st, e)
            eff, long_ = shooting.ranges(e)
            eff_zone, long_zone = self._arc(kept, e, corners, idx, eff), self._arc(kept, e, corners, idx, long_)
            self.zones.append((e, eff_zone, long_zone, eff_zone.bounds, long_zone.bounds))

    @staticmethod
    def _arc(kept: dict, e: Unit, corners, idx, rng):
        # a shooter's zone depends only on its stands' corners, which of them shoot and the range;
        # most shooters stand still between decisions, so the zones are kept with the game
        # (derived, never saved: the state's geometry_cache)
        key = (corners.tobytes(), tuple(idx), rng, e.cavalry, e.facing)
        got = kept.get(key)
        if got is None:
            got = keep(kept, key, unary_union([all_round_arc(corners[i], rng) if e.cavalry
                                               else fire_arc(corners[i], e.facing, rng) for i in idx]), ZONES_MAX)
        return got

    def danger(self, u: Unit, shape, weight=None, box=None) -> float:
        """Rough hits-to-come weight: 1 per shooter with `shape` at effective range (+1 to
        hit, 4.5.4), 0.4 at long range; an arquebus against cavalry counts half again (+1);
        each shooter times `weight(shooter)` if given (`box`: the shape's axis box, if the
        caller has it)."""
        total = 0.0
        box = shape.bounds if box is None else box      # a zone whose box misses it cannot touch it
        for e, eff, long_, eff_box, long_box in self.zones:
            w = 1.0 if not boxes_apart(eff_box, box) and eff.intersects(shape) else \
                0.4 if not boxes_apart(long_box, box) and long_.intersects(shape) else 0.0
            if w and u.cavalry and Weapon.ARQUEBUS in e.weapons:
                w *= 1.5
            total += w * (weight(e) if w and weight is not None else 1.0)
        return total
