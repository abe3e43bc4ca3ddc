"""Ruling D-3 for a unit as it would stand (charge_odds.head_on's charger at the enemy's front,
4.4, 4.6.1): surroundings.enemies_in_contact of a copy off the table (the table's kernel
distances set aside the enemies surely clear of the tolerance, Shapely decides the rest)
equals asking Shapely about every living enemy, in table order: for copies placed by the
charge rules against a line of units flush side by side, nudged across the tolerance, and at
random poses."""
import copy

from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.daimyo.combat import charge as CH
from sim.daimyo.geometry import CONTACT_TOLERANCE, direction
from sim.daimyo.surroundings import enemies_in_contact, footprint
from tests.daimyo.table_kit import game, scenario, unit

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# west: three 4-stand lines of 4 cm stands, the first two flush, the third 0.1 cm off (the
# tolerance itself), a column behind; east: the chargers and a friend beside the line
LINE = [unit("w1", 60, 80, facing=270), unit("w2", 76, 80, facing=270), unit("w3", 92.1, 80, facing=270),
        unit("w4", 108, 96, facing=270, files=1)]
EAST = [unit("e1", 70, 30), unit("e2", 40, 30, stands=6, files=3), unit("e3", 44, 80, facing=0)]


def _by_shapely(st, u):
    return [v for v in st.living() if v.side != u.side and footprint(u).distance(footprint(v)) <= CONTACT_TOLERANCE]


def _placed(st, uid, x, y, facing):
    a = copy.copy(st.units[uid])
    a.x, a.y, a.facing = x, y, facing
    return a


@given(stn.sampled_from(["e1", "e2"]), stn.sampled_from(["w1", "w2", "w3", "w4"]),
       stn.sampled_from([0.0, 1e-9, -1e-9, 1e-6, -1e-6, CONTACT_TOLERANCE, CONTACT_TOLERANCE + 1e-7,
                         CONTACT_TOLERANCE - 1e-7, 0.5, -0.5]),
       stn.sampled_from([0.0, 1e-7, -1e-7, 2.0, -4.0, 0.05]), stn.sampled_from([0.0, 1e-7, 3.0]))
@SETTINGS
def test_D_3_charger_placed_at_the_front_touches_as_shapely_measures(attacker, target, ahead, aside, turn):
    st = game(scenario(EAST, LINE)).state
    x, y, f = CH.final_pose(st.units[attacker], st.units[target], "front")
    ahead_of_target = direction(f + 180)          # away from the target's front, into the open
    side = direction(f + 90)
    a = _placed(st, attacker, x + ahead_of_target[0] * ahead + side[0] * aside,
                y + ahead_of_target[1] * ahead + side[1] * aside, f + turn)
    assert enemies_in_contact(st, a) == _by_shapely(st, a)


@given(stn.sampled_from(["e1", "e2", "e3"]), stn.floats(20, 130, allow_nan=False),
       stn.floats(50, 110, allow_nan=False), stn.floats(0, 360, allow_nan=False))
@SETTINGS
def test_D_3_a_unit_anywhere_off_the_table_touches_as_shapely_measures(uid, x, y, facing):
    st = game(scenario(EAST, LINE)).state
    a = _placed(st, uid, x, y, facing)
    assert enemies_in_contact(st, a) == _by_shapely(st, a)


def test_D_3_a_charger_against_flush_neighbours_meets_them_too():
    """w1 and w2 stand flush: a charger of w1's width at w1's front, slid to w2's side by a
    stand, touches both (4.6.1: its stands facing w2 are engaged to their front)."""
    st = game(scenario(EAST, LINE)).state
    x, y, f = CH.final_pose(st.units["e1"], st.units["w1"], "front")
    a = _placed(st, "e1", x + 4.0, y, f)
    assert [v.id for v in enemies_in_contact(st, a)] == ["w1", "w2"] == [v.id for v in _by_shapely(st, a)]
