"""What an order costs the side beyond the unit that makes it (issue 19): a charge the closing
fire may end before contact, a move that disorders the friend it passes through. Hand-built
tables, the real engine."""
import pytest

from sim.daimyo import actions as A
from sim.daimyo import movement
from sim.daimyo.ai.scorer import MOVE_WORTH, DaimyoScorer
from sim.daimyo.charge_odds import charge_odds
from sim.daimyo.combat import Charge
from sim.daimyo.odds import stands_lost
from tests.daimyo.table_kit import CAV, game, give_orders, scenario, unit

TEPPO = dict(troop="ashigaru", quality="regular", weapons=["arquebus"], armour="light")


def _horse_at_guns(stands: int):
    g = give_orders(game(scenario([unit("horse", 100, 50, 90, stands=2, files=2, **CAV)],
                                  [unit("teppo", 100, 62, 270, stands=4, files=4, **TEPPO)],
                                  east_daimyo=(100, 46))))
    g.state.units["horse"].stands = stands          # what is left after losses
    return g


@pytest.mark.parametrize("planning", [False, True])
def test_4_5_5_a_charge_the_closing_fire_likely_destroys_scores_below_holding(planning):
    """Four arquebus stands give closing fire at the horse charging them (4.4): 3 hits take a
    stand (4.5.5), so a horse down to its last stand is removed before contact in 69 % of
    charges by the rules' own odds. That charge scores below a hold (0); with two stands
    (never more than one lost to four shots) the same charge scores above it."""
    last, two = _horse_at_guns(1), _horse_at_guns(2)
    o = charge_odds(last.state, "horse", "teppo")
    assert o.fire is not None and o.fire.stands == 4
    assert float(stands_lost(o.fire.hits, 0, 1)[1]) == pytest.approx(0.6906, abs=1e-4)
    assert len(stands_lost(o.fire.hits, 0, 2)) == 2        # at most one of two stands lost
    scores = []
    for g in (last, two):
        s = DaimyoScorer(planning=planning)
        s.prepare(g, "east")
        assert any(isinstance(a, Charge) and a.target == "teppo" for a in g.legal_actions("east"))
        scores.append(s.score(Charge("east", "horse", "teppo")))
    assert scores[0] < 0.0 < scores[1]


def _column(x: float):
    """Spearmen 'front' at (100, 50) and 'back' at (x, 46), both facing the enemy far off: an
    11 cm move of 'back' passes through 'front' when it stands behind it (x = 100)."""
    return give_orders(game(scenario([unit("front", 100, 50, 90), unit("back", x, 46, 90)],
                                     [unit("foe", 100, 110, 270)], east_daimyo=(110, 45))))


def test_4_3_2_a_move_through_a_friend_counts_the_friend_disordered():
    """4.3.2: a unit passing through a friend disorders both. The scorer weighs the move with
    the friend's own loss (its pose in disorder: a turn to reform before it may charge,
    4.2.1, 4.2.2), so the same move scores at least a reform turn less where it passes
    through the friend than where the friend stands aside."""
    through, aside = _column(100), _column(130)
    move = A.Move("east", "back", 11.0)
    assert movement.plan(through.state, move).passed == ["front"]
    assert movement.plan(aside.state, move).passed == []
    got = []
    for g in (through, aside):
        s = DaimyoScorer()
        s.prepare(g, "east")
        got.append(s.score(move))
    assert got[0] <= got[1] - MOVE_WORTH
