"""The lazy movement step's estimates (ai/shortlist.py) against the exact scores: a Turn's
sharpened estimate - the pose held weighed with the move ahead a turn opens, as the exact
score weighs it - is at least the exact score and exactly SLACK above it on open ground, and
a Turn the shortlist sets aside unweighed is one the rules refuse (4.3.5.2)."""
import pytest

from sim.daimyo import actions as A
from sim.daimyo import menus, movement
from sim.daimyo.ai import shortlist
from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.table_kit import game, give_orders, scenario, unit

ANGLES = (90, -90, 180)
WOOD_LEFT = {"id": "wood", "kind": "wood", "points": [[20, 20], [56, 20], [56, 60], [20, 60]]}
POSES = [  # (east unit, enemy): the enemy ahead, to a flank, behind; a wood on its left flank
    (unit("e1", 60, 30), unit("w1", 140, 100, facing=270)),
    (unit("e1", 100, 40, facing=0), unit("w1", 100, 90, facing=270)),
    (unit("e1", 100, 60, facing=90, troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy"), unit("w1", 100, 30, facing=90)),
    (unit("e1", 70, 40, facing=90, stands=6, files=2), unit("w1", 60, 95, facing=270)),
]


def _scorer(east, west, terrain=()):
    g = give_orders(game(scenario([east], [west], terrain=list(terrain))))
    s = DaimyoScorer(planning=True, exact=True)
    s.prepare(g, "east")
    return g, s


@pytest.mark.parametrize("terrain", [(), (WOOD_LEFT,)])
@pytest.mark.parametrize("east, west", POSES)
def test_4_3_5_2_a_turns_sharpened_estimate_is_at_least_its_exact_score(east, west, terrain):
    g, s = _scorer(east, west, terrain)
    u = g.state.units["e1"]
    for angle in ANGLES:
        a = A.Turn("east", "e1", angle)
        if shortlist._refused(g.state, u, a) or not menus.tried(g.state, u, a):
            continue
        here: dict = {}
        plain = shortlist._estimate(s, u, [a], here)
        held = shortlist._estimate(s, u, [a], here, held=True)
        exact = s.score(a)
        assert held >= exact, (angle, held, exact)
        assert held <= plain
        if not movement.plan(g.state, a).disorder:
            # as tight as SLACK leaves it: any smaller estimate would fall below the exact score
            assert held - shortlist.SLACK == pytest.approx(exact, abs=1e-12)


def test_4_3_5_2_the_move_ahead_of_the_pose_held_sharpens_a_turns_estimate():
    """Facing up the table with the enemy ahead to its left, e1's move ahead is worth more
    than standing: the turns' estimates are smaller weighed against it (else the test above
    would prove nothing)."""
    g, s = _scorer(*POSES[0])
    u = g.state.units["e1"]
    for angle in ANGLES:
        a = A.Turn("east", "e1", angle)
        here: dict = {}
        assert shortlist._estimate(s, u, [a], here, held=True) < shortlist._estimate(s, u, [a], here)


def test_4_3_5_2_a_turn_into_difficult_ground_scores_no_more_than_its_estimate():
    """A turn in the wood disorders the unit (4.3.1, ruling D-41: it moves while touching
    difficult ground): its exact score weighs the pose disordered, never worth more than in
    good order."""
    g, s = _scorer(unit("e1", 38, 50, facing=90), unit("w1", 38, 100, facing=270), [WOOD_LEFT])
    u = g.state.units["e1"]
    a = A.Turn("east", "e1", 90)
    assert movement.plan(g.state, a).disorder
    assert shortlist._estimate(s, u, [a], {}, held=True) >= s.score(a)


@pytest.mark.parametrize("turned, used_share", [(0, 0.0), (90, 0.0), (180, 0.0), (0, 0.6), (0, 0.51), (90, 0.5)])
def test_4_3_5_2_a_turn_set_aside_is_one_the_rules_refuse(turned, used_share):
    """Beyond 180 degrees a turn, or dearer than the move left: refused (the regular unit's
    turn costs half its move, 4.3.5.2); at exactly the move left, allowed."""
    g, s = _scorer(unit("e1", 100, 40), unit("w1", 100, 100, facing=270))
    st = g.state
    u = st.units["e1"]
    u.turned_deg = turned
    u.move_used = used_share * movement.max_move(st, u)
    for angle in ANGLES:
        a = A.Turn("east", "e1", angle)
        refused = shortlist._refused(st, u, a)
        assert refused == (turned + abs(angle) > 180 or used_share > 0.5), (angle, refused)
        if refused:
            assert not menus.tried(st, u, a)
        else:
            assert menus.tried(st, u, a)
