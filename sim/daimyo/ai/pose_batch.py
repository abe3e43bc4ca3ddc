"""A decision's new poses weighed together (issue 18 item 5: one batched call per decision).

The lazy movement step (ai/shortlist.py) estimates every movement order of the menu from its
end pose on open ground: a few dozen new poses a decision, each asking the same questions of
the same enemy army. The answers that read only the enemy army and the pose are worked out
here for all of a decision's new poses at once - one kernel call and one vectorised Shapely
call instead of one of each per pose - and kept in the pose memo under the keys the scorer
asks them by (DaimyoScorer.prefetch), so each pose finds its answer there. Each answer is the
one the scorer works out for the pose alone: the same kernel for each row, the same GEOS
distance for each pair, the same first of equals (PoseMemo's check mode works every kept
answer out again and compares; tests/daimyo/ai/test_pose_batch.py).

- The nearest enemy (DaimyoScorer._nearest_now): the kernel's distance from the point to
  every enemy unit's stands, Shapely's distance to those within 2 MARGIN of the least, the
  first of the least in the enemies' order (DESIGN seam 6).
- The units within a charge of the pose (4.4: who could charge it, whom it could charge;
  `within_charge`, the scorer's threats and targets read it): the kernel's distance from the
  pose's stands to every unit's, Shapely's distance to those within their charge and MARGIN.
"""
from __future__ import annotations

import numpy as np
import shapely

from sim.daimyo.geometry.kernels import MARGIN
from sim.daimyo.geometry.unit_groups import UnitGroup
from sim.daimyo.tables import tables


def nearest_all(points: np.ndarray, group: UnitGroup, shapes: np.ndarray, n: int) -> list[tuple[int, float]]:
    """(index of the nearest unit, its distance) for each point (k, 2): `group` the units'
    stands, `shapes` their footprints (Shapely), the first `n` of them weighed."""
    kd = group.points_distances(points)[:, :n]
    close = kd.min(axis=1) + 2 * MARGIN
    rows, cols = np.nonzero(kd <= close[:, None])
    d = shapely.distance(shapes[cols], shapely.points(points[rows]))
    # by point, then distance, then the units' order: the first of each point's run is the
    # first of its least distances, as a scan keeping only a strictly smaller one finds it
    order = np.lexsort((cols, d, rows))
    rows, cols, d = rows[order], cols[order], d[order]
    first = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
    return list(zip(cols[first].tolist(), d[first].tolist()))


def within_charge(units: list, shapes: np.ndarray, group: UnitGroup, quads: list[np.ndarray], poses: list,
                  reach: float | None = None) -> list[list[tuple]]:
    """For each pose (its stands `quads[i]`, its footprint `poses[i]`): (unit, distance) for
    the `units` whose footprint (`shapes`; their stands `group`) lies within a 4.4 charge
    column of it - their own charge move, or `reach` - in the units' order. Ground only
    shortens a charge, so nobody beyond is in reach; the scorer compares the distance with
    Ground.charge_allowance for the rest."""
    if not units:
        return [[] for _ in poses]
    # one kernel call sets aside the units beyond their charge by more than MARGIN; Shapely
    # measures the others, each against its own charge move (DESIGN seam 6)
    bound = reach if reach is not None else max(row.charge for row in tables().movement.values())
    gaps = group.poses_distances(quads, bound + MARGIN)
    near = gaps <= bound + MARGIN
    if reach is None:
        charge = np.array([e.move_row.charge for e in units], dtype=np.float64)
        near &= gaps <= charge + MARGIN
    rows, cols = np.nonzero(near)
    d = shapely.distance(shapes[cols], np.array(poses, dtype=object)[rows])
    hit = d <= (charge[cols] if reach is None else reach)
    out = [[] for _ in poses]
    for r, c, de in zip(rows[hit].tolist(), cols[hit].tolist(), d[hit].tolist()):
        out[r].append((units[c], de))
    return out
