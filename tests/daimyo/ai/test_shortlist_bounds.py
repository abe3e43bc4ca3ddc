"""The lazy movement step's estimates (ai/shortlist.py) against the exact scores: a Turn's
sharpened estimate - the pose held weighed with the move ahead a turn opens, as the exact
score weighs it - is at least the exact score and exactly SLACK above it on open ground, and
a Turn the shortlist sets aside unweighed is one the rules refuse (4.3.5.2); a reform's estimate,
weighed where it ends about its centre (4.3.5.4, ruling D-38), is at least its exact score +
SLACK, on a hand-built table and at every reform the reference battle's hard sides weigh."""
import pytest

from sim.daimyo import actions as A
from sim.daimyo import movement
from sim.daimyo.ai import shortlist
from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.table_kit import game, give_orders, scenario, unit

ANGLES = (90, -90, 180)
WOOD_LEFT = {"id": "wood", "kind": "wood", "points": [[20, 20], [56, 20], [56, 60], [20, 60]]}
REFERENCE_TURNS = 8
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
        if shortlist._refused(g.state, u, a) or not movement.tried(g.state, u, a):
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
            assert not movement.tried(st, u, a)
        else:
            assert movement.tried(st, u, a)


# -- reforms (4.3.5.4, ruling D-38): bounded without their plan -------------------------------

def _reform_bounds(player, g, side) -> list[tuple]:
    """Every reform option of `side`'s movement step as the shortlist weighs it (the menu's and
    line_up's): (order, estimate, exact score) for each the rules accept, the estimate being the
    one the search orders it by (DaimyoScorer.reform_bound + SLACK)."""
    out = []
    with player.scorer.reading(g):
        for o in shortlist.options(player.scorer, g, side) or []:
            got = o.resolve()
            while not isinstance(got, list):
                got = got.resolve()
            out += [(a, o.estimate, score) for a, score in got if isinstance(a, A.Reform)]
    return out


def _bounded(found) -> None:
    for a, estimate, exact in found:
        assert estimate - shortlist.SLACK >= exact - 1e-9, (a, estimate, exact)


@pytest.mark.parametrize("disordered", [False, True])
def test_4_3_5_4_a_line_up_reforms_estimate_is_at_least_its_exact_score(disordered):
    """4.3.5.4, ruling D-38: a reform turns the unit about its centre, so its plan ends on
    movement.reformed_pose: weighed there, the estimate is its exact score + SLACK (the hard
    samurai of test_line_up lining up on the spearmen, in order and disordered, 4.2.2)."""
    from sim.daimyo import make_player
    g = give_orders(game(scenario([unit("e1", 100, 40, 90, troop="samurai", quality="veteran", weapons=["pole_arm"],
                                       armour="heavy")],
                                  [unit("w1", 114, 48, 255, stands=2, files=2)], east_daimyo=(100, 30))))
    g.state.units["e1"].disordered = disordered
    found = _reform_bounds(make_player("east", "hard", 1), g, "east")
    assert found
    _bounded(found)
    for a, estimate, exact in found:        # open ground, nothing passed: as tight as SLACK leaves it
        assert estimate - shortlist.SLACK == pytest.approx(exact, abs=1e-12)


def test_4_3_5_4_reforms_estimates_bound_their_exact_scores_in_a_hard_battle():
    """Real positions: every reform the hard sides' shortlists weigh (the menu's, line_up's
    crossing columns and line-ups, disordered units') in the reference battle's first
    REFERENCE_TURNS turns, its estimate at least its exact score + SLACK where the rules
    accept it (4.3.5.4, ruling D-38)."""
    from sim.ai.scored import ScoredPlayer
    from sim.core.players import play_out
    from sim.core.scenario import open_game
    from sim.daimyo import make_player
    found = []

    class Recording(DaimyoScorer):
        def reform_bound(self, a):
            bound = super().reform_bound(a)
            self.bounds.append((a, bound))
            return bound

    class Checked(ScoredPlayer):
        def _choose(self, game, side):
            self.scorer.bounds = []
            chosen = super()._choose(game, side)
            st = self.scorer.st
            found.extend((a, bound + shortlist.SLACK, self.scorer.score(a)) for a, bound in self.scorer.bounds
                         if movement.tried(st, st.units[a.unit], a))
            return chosen

    g = open_game("benchmarks/reference.toml", seed=1, max_turns=REFERENCE_TURNS)
    players = {}
    for i, side in enumerate(g.sides()):
        p = make_player(side, "hard", 10 + i).scorer
        players[side] = Checked(Recording(p.p, planning=True, exact=True), "hard", 10 + i)
    play_out(g, players)
    assert len(found) >= 20, len(found)
    _bounded(found)
