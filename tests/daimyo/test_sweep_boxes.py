"""What a motion's sweep comes near (geometry/sweep_boxes.py), against Shapely and the plan
questions' own box tests (Daimyo 4.3.1-4.3.4, 4.4): a kind the kernel does not call near is one
whose question finds no candidate, and the table's edge is near exactly when a corner is
within 1e-6 cm of it or beyond (4.3.4), on random straight moves, wheels, turns, friends, enemies,
terrain and leaders."""
import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo.geometry import CONTACT_TOLERANCE, LEADER_RADIUS, stand_corners
from sim.daimyo.geometry.kernels import box_pairs
from sim.daimyo.geometry.sweep_boxes import EDGE, ENEMIES, FRIENDS, LEADERS, TERRAIN, near
from sim.daimyo.movement import EPS, LEADER_REACH, _swept
from sim.daimyo.sweep import Motion
from tests.daimyo.test_geometry_kernels import coord, units
from tests.daimyo.test_swept import _motion

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
APPROACH = 3.0
WIDTH, HEIGHT = 50.0, 40.0            # a table some poses run off (4.3.4)


def _sweep(a, kind, amount):
    if kind == "jump":                 # a turn: its stands at the start and at the end
        motion = Motion(a, "jump", (a.x, a.y, a.facing), end=(a.x + 1.0, a.y, (a.facing + 90) % 360), files=1)
    else:
        motion = _motion(a, kind, amount)
    return motion, motion.corners(motion.samples())


@given(units("a"), stn.sampled_from(["straight", "wheel", "jump"]), stn.floats(-90, 90).filter(lambda v: abs(v) > 1),
       stn.lists(units("o"), min_size=0, max_size=5), stn.lists(stn.tuples(coord, coord), max_size=3),
       stn.tuples(coord, coord, stn.floats(0.5, 8)))
@SETTINGS
def test_4_3_sweep_not_near_means_no_candidate(a, kind, amount, others, leaders, patch):
    for k, o in enumerate(others):
        o.id, o.side = f"o{k}", ("east", "west")[k % 2]      # a is east: friends and enemies
    motion, corners = _sweep(a, kind, amount)
    mine = stand_corners(a)
    table = np.concatenate([mine] + [stand_corners(o) for o in others])
    boxes = np.concatenate([table.min(axis=1), table.max(axis=1)], axis=1)
    sides = np.repeat([hash(a.side)] + [hash(o.side) for o in others], [a.stands] + [o.stands for o in others])
    friend = sides == hash(a.side)
    friend[:a.stands] = False
    enemy = sides != hash(a.side)
    shape = shapely.box(patch[0], patch[1], patch[0] + patch[2], patch[1] + patch[2])
    xy = np.array(leaders, dtype=float).reshape(-1, 2)
    got = near(corners, boxes, sides.astype(np.int64), hash(a.side), 0, a.stands, APPROACH - EPS,
               shapely.bounds(shape)[None, :], xy, LEADER_REACH, 1e-6, WIDTH - 1e-6, HEIGHT - 1e-6)
    pieces = _swept(motion, corners)
    polys = pieces.all()
    stands = shapely.polygons(table)
    if not got & FRIENDS:
        assert len(box_pairs(pieces.bounds, boxes[friend], 0.0)[0]) == 0
        assert not shapely.intersects(polys[:, None], stands[None, friend]).any()
    if not got & ENEMIES:
        assert len(box_pairs(pieces.bounds, boxes[enemy], APPROACH - EPS)[0]) == 0
        assert not shapely.dwithin(polys[:, None], stands[None, enemy], APPROACH - EPS).any()
    if not got & TERRAIN:
        assert not shapely.intersects(polys, shape).any()
    if not got & LEADERS:
        spots = shapely.points(xy)
        assert not shapely.dwithin(polys[:, None], spots[None, :], LEADER_RADIUS + CONTACT_TOLERANCE).any()
    # 4.3.4: movement's own test of every corner at least 1e-6 cm inside the table
    xs, ys = corners[..., 0], corners[..., 1]
    inside = xs.min() >= 1e-6 and ys.min() >= 1e-6 and xs.max() <= WIDTH - 1e-6 and ys.max() <= HEIGHT - 1e-6
    assert bool(got & EDGE) == (not inside)
    # and each kind is near when its own box test finds a candidate (the same comparisons)
    if kind == "straight":
        assert bool(got & FRIENDS) == bool(len(box_pairs(pieces.bounds, boxes[friend], 0.0)[0]))
        assert bool(got & ENEMIES) == bool(len(box_pairs(pieces.bounds, boxes[enemy], APPROACH - EPS)[0]))
