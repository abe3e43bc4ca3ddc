"""Line of sight on the table (4.5.2): other units' stands and sight-blocking terrain, as the
shooting rules ask it. Pure geometry lives in geometry.py; this module knows the state."""
from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import LineString

from sim.daimyo.geometry import CONTACT_TOLERANCE, footprint, sight_clear, stand_corners, stand_polygons
from sim.daimyo.model import Unit
from sim.daimyo.state import DaimyoState


def sight_point(shooter: Unit, stand: int, target_geom) -> tuple[float, float]:
    """Where a stand looks from: the point of its front edge nearest the target (4.5)."""
    c = stand_corners(shooter)[stand]
    edge = LineString([c[0], c[1]])
    p = shapely.ops.nearest_points(edge, target_geom)[0]
    return (p.x, p.y)


def can_see(st: DaimyoState, shooter: Unit, stand: int, target: Unit) -> bool:
    """4.5.2: can `shooter`'s stand `stand` see `target`? Every other unit's stands block unless
    the 4 cm lane clears them (ruling D-21). Wood, village, house and impassable ground block
    beyond 3 cm of it (ruling D-32); a hedge blocks any line across it unless the shooter or the
    target is lining it (touching it, ruling D-32)."""
    tgt = footprint(target)
    src = sight_point(shooter, stand, tgt)
    blockers = [p for u in st.living() if u.id not in (shooter.id, target.id) for p in stand_polygons(u)]
    areas, lines = [], []
    me = footprint(shooter)
    for f in st.terrain:
        if not f.row.blocks_los:
            continue
        if f.linear:
            if min(me.distance(f.shape), tgt.distance(f.shape)) > CONTACT_TOLERANCE:
                lines.append(f.shape)
        else:
            areas.append(f.shape)
    if not sight_clear(src, tgt, blockers, areas):
        return False
    line = LineString([src, shapely.ops.nearest_points(tgt, shapely.Point(src))[0]])
    return not bool(np.any(shapely.intersects(np.array(lines, dtype=object), line))) if lines else True
