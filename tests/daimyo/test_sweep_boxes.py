"""What a motion's sweep comes near (geometry/sweep_boxes.py), against Shapely and the plan
questions' own box tests (Daimyo 4.3.1-4.3.4, 4.4): a kind the kernel does not call near is one
whose question finds no candidate (a friend: none overlapped by more than a quarter of
OVERLAP), and the table's edge is near exactly when a corner is
within 1e-6 cm of it or beyond (4.3.4), on random straight moves, wheels, turns, friends, enemies,
terrain and leaders."""
import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo.geometry import CONTACT_TOLERANCE, LEADER_RADIUS, stand_corners
from sim.daimyo.geometry.kernels import box_pairs
from sim.daimyo.geometry.sweep_boxes import EDGE, END, ENEMIES, FRIENDS, LEADERS, POSES, STRAIGHT, TERRAIN, near
from sim.daimyo.movement import EPS, LEADER_REACH, OVERLAP, _swept
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
               shapely.bounds(shape)[None, :], xy, LEADER_REACH, 1e-6, WIDTH - 1e-6, HEIGHT - 1e-6,
               table, {"straight": STRAIGHT, "jump": END, "wheel": POSES}[kind], OVERLAP / 4)
    pieces = _swept(motion, corners)
    polys = pieces.all()
    stands = shapely.polygons(table)
    if not got & FRIENDS:          # 4.3.2: no friend overlapped on the way or at the end
        shared = shapely.area(shapely.intersection(polys[:, None], stands[None, friend]))
        assert not (shared > OVERLAP / 4 + 1e-12).any()
        if kind == "wheel":         # its boxes decide
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
        assert bool(got & ENEMIES) == bool(len(box_pairs(pieces.bounds, boxes[enemy], APPROACH - EPS)[0]))


def _unit(uid, x, y, facing=0.0):
    from sim.daimyo.model import Armour, Quality, Troop, Unit, Weapon
    return Unit(uid, uid, "east", "c", Troop.ASHIGARU, Quality.REGULAR, (Weapon.BOW,), Armour.LIGHT,
                4, 4, x, y, facing, 4.0, 2.0)


def test_4_3_2_a_friend_flush_beside_a_straight_path_is_not_near_one_a_hair_in_is():
    a = _unit("a", 20.0, 20.0)
    motion = Motion(a, "straight", (a.x, a.y, a.facing), length=10.0)
    corners = motion.corners(motion.samples())
    side = corners[..., 1].max()            # the path's edge on one flank
    for shift, want in ((0.0, False), (1e-3, True)):
        f = _unit("f", 25.0, side + 2.0 - shift, 90.0)     # a line 2 cm deep, its rear on that edge
        quads = stand_corners(f)
        assert abs(quads[..., 1].min() - (side - shift)) < 1e-9
        boxes = np.concatenate([quads.min(axis=1), quads.max(axis=1)], axis=1)
        got = near(corners, boxes, np.zeros(len(quads), np.int64), 0, 0, 0, APPROACH - EPS, np.empty((0, 4)),
                   np.empty((0, 2)), LEADER_REACH, 1e-6, 1e3, 1e3, quads, STRAIGHT, OVERLAP / 4)
        assert bool(got & FRIENDS) == want
        assert (len(box_pairs(_swept(motion, corners).bounds, boxes, 0.0)[0]) > 0)    # the boxes alone would ask
