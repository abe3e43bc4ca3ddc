"""What a movement plan keeps from one plan to the next gives the plan it would make afresh
(Daimyo 4.3, 4.3.2): the sampled s of a motion (`sweep._even`, numpy's linspace bit for bit) and
the friends' stands shrunk by 1e-7 cm (`movement._shrunk_friends`, kept in each friend's
transient shapes memo), against Shapely's buffer asked every time, on random moves and wheels
into one or two friends."""
import numpy as np
import shapely
from hypothesis import HealthCheck, assume, given, settings, strategies as stn

from sim.core.errors import RuleError, ScenarioError
from sim.daimyo import actions as A, movement
from sim.daimyo.sweep import _even
from tests.daimyo.table_kit import game, give_orders, scenario, unit

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@given(stn.integers(2, 5000))
def test_4_3_sampled_s_are_numpys_linspace_bit_for_bit(n):
    assert _even(n).tobytes() == np.linspace(0.0, 1.0, n).tobytes()


def _buffered(st, others, rows):
    """The old way: the walked-into friends' stands buffered again every time."""
    return shapely.buffer(others.friend_polys_at(rows), -1e-7, join_style="mitre")


def _plan(st, order):
    try:
        with movement.afresh(st):
            p = movement.plan(st, order)
        return p.path, p.cost, p.walked_into, p.passed, p.disorder
    except RuleError as exc:
        return exc.rule, str(exc)


@given(stn.floats(-3, 3), stn.floats(0, 6), stn.floats(-3, 3), stn.floats(2, 8), stn.integers(1, 4),
       stn.sampled_from([0, 20, -20, 45]), stn.floats(1, 11))
@SETTINGS
def test_4_3_2_kept_shrunk_friends_give_the_plan_of_buffering_afresh(dx1, dy1, dx2, dy2, files, wheel, distance):
    depth = 1.5 * (4 // files)                                  # b's ranks behind its front
    try:
        g = give_orders(game(scenario([unit("a", 50, 20), unit("b", 50 + dx1, 20 + dy1 + depth, stands=4, files=files),
                                       unit("c", 50 + dx2, 20 + dy1 + depth + dy2, stands=4, files=4)])))
    except ScenarioError:                                       # friends set up overlapping
        assume(False)
    st = g.state
    order = A.Wheel("east", "a", wheel) if wheel else A.Move("east", "a", distance)
    kept = movement._shrunk_friends
    first, again = _plan(st, order), _plan(st, order)          # the second reads the memo
    try:
        movement._shrunk_friends = _buffered
        fresh = _plan(st, order)
    finally:
        movement._shrunk_friends = kept
    assert first == again == fresh
