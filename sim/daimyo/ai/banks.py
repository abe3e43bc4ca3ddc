"""Where a foot missile unit shoots across a river from (issue 19, the reference table).

A river crossed only at its bridges and fords is impassable elsewhere (4.3.1), and a charge
runs straight (4.4): a shooter on its own bank, off the crossings, can be charged only by what
has come over. From there it shoots what stands on the far bank - a queue at a bridge's far
end, the units that hold a ford - at effective (8 cm) or long range (15 cm, 4.5.1). The
scorer alone would not take such a spot: the pull of the nearest enemy runs straight down a
crossing's lane, into the charge reach of what holds its far end.
"""
from __future__ import annotations

import math

from shapely.geometry import LineString
from shapely.ops import nearest_points, unary_union

from sim.daimyo.combat import shooting
from sim.daimyo.geometry import footprint

STEP_CM = 3.0        # spacing of the spots weighed along a bank
SPOT_MOVES = 3.0     # spots further than this many of the unit's moves are not weighed
COST_A_MOVE = 0.1    # a spot's worth lost a move of the way (under LONG_WORTH: a long-range spot three moves off still counts)
LONG_WORTH = 0.4     # a target at long range against 1 at effective range (+1 to hit, 4.5.4)
CLEAR_CM = 1.0       # a spot's footprint keeps this far off a bridge or ford


def rivers(st):
    """The union of the rivers crossed only at bridges and fords (4.3.1), or None."""
    shapes = [f.shape for f in st.terrain if f.row.effect == "river" and not f.wide_stream]
    crossings = [f for f in st.terrain if f.kind in ("bridge", "ford")]
    return unary_union(shapes) if shapes and crossings else None


def firing_spot(st, u, river, enemy_shapes: dict, threatened) -> tuple[float, float] | None:
    """(x, y): the spot on u's own bank of `river` where it faces the water and shoots the
    most enemies (each at effective range 1, at long range LONG_WORTH) that no enemy could
    charge (`threatened(shape)`: a straight charge's reach, 4.4), less COST_A_MOVE
    a move of the way there; None when no such spot has a target or u is not a foot shooter."""
    if not u.missile or u.cavalry or shooting.weapon(u) is None:
        return None
    eff, long_ = shooting.ranges(u)
    here = (u.x, u.y)
    reach = SPOT_MOVES * u.move_row.normal
    # the line it shoots from: a column on its way turns back into one there (4.3.5.2)
    files = u.files if u.files > 1 else u.stands
    off = u.stand_d / 2 + 0.3
    keep_off = [f.shape.buffer(CLEAR_CM) for f in st.terrain if f.kind in ("bridge", "ford")]
    best, best_worth = None, 0.0
    for ring in _rings(river.buffer(off)):
        n = max(1, int(ring.length // STEP_CM))
        for k in range(n):
            p = ring.interpolate(k * STEP_CM)
            away = math.dist(here, (p.x, p.y))
            if away > reach or not (0.0 <= p.x <= st.width and 0.0 <= p.y <= st.height) \
                    or LineString([here, (p.x, p.y)]).intersects(river):
                continue                          # too far, off the table, or on the far bank
            q = nearest_points(river, p)[0]
            facing = math.degrees(math.atan2(q.y - p.y, q.x - p.x)) % 360
            shape = footprint(u, x=p.x, y=p.y, facing=facing, files=files)
            if shape.intersects(river) or any(shape.intersects(c) for c in keep_off):
                continue
            worth = 0.0
            for e_shape in enemy_shapes.values():
                d = shape.distance(e_shape)
                worth += 1.0 if d <= eff else LONG_WORTH if d <= long_ else 0.0
            if worth <= 0.0:
                continue
            worth -= COST_A_MOVE * away / u.move_row.normal
            if worth > best_worth and not threatened(shape):
                best, best_worth = (round(p.x, 1), round(p.y, 1)), worth
    return best


def _rings(shape):
    geoms = getattr(shape, "geoms", [shape])
    for g in geoms:
        yield g.exterior
        yield from g.interiors
