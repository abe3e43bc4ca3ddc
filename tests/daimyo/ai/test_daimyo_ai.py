import pytest

from sim.core.codec import encode
from sim.core.players import play_out
from sim.core.scenario import open_game
from sim.daimyo import make_player
from sim.daimyo import actions as A

SCENARIO = "scenarios/daimyo/training.toml"


def _battle(seed, levels=("hard", "normal")):
    g = open_game(SCENARIO, seed=seed)
    players = {s: make_player(s, lvl, seed + i) for i, (s, lvl) in enumerate(zip(g.sides(), levels))}
    return play_out(g, players, max_actions=5000)


def test_ai_is_deterministic_given_the_seeds():
    a, b = _battle(4), _battle(4)
    assert a.actions == b.actions and encode(a.state) == encode(b.state)


def test_unknown_level_is_a_key_error_listing_nothing_silently():
    with pytest.raises(KeyError):
        make_player("east", "grandmaster", 1)


def test_ai_only_chooses_legal_actions():
    g = open_game(SCENARIO, seed=9)
    player = make_player("east", "hard", 3)
    for _ in range(60):
        side = g.to_act()
        if side is None:
            break
        choice = (player if side == "east" else make_player(side, "easy", 5)).choose(g, side)
        assert choice in g.legal_actions(side)
        g.apply(choice)


def test_ai_advances_melee_troops_towards_the_enemy():
    g = _battle(6)
    start = open_game(SCENARIO, seed=6).state
    moved = [a for a in g.actions if isinstance(a, A.Move)]
    assert moved, "the scripted opponent gave no move orders at all"
    gap_start = abs(start.units["shima-horse"].y - start.units["honda-yari"].y)
    # the horse's own moves and charges (not a rout, which may carry it off the table, 5.1)
    ys = [e.path[-1][1] for e in g.events
          if getattr(e, "unit", "") == "shima-horse" and getattr(e, "how", "") in ("move", "charge")]
    assert ys and min(abs(y - start.units["honda-yari"].y) for y in ys) < gap_start


@pytest.mark.parametrize("seed", [1, 2])
def test_ai_against_random_play_never_raises_or_orders_illegally(seed):
    """Issue 5: the small version of benchmarks/daimyo_ai_fuzz.py (every AI order checked)."""
    from sim.daimyo.ai.fuzz import ai_against_random
    out = ai_against_random(SCENARIO, seed, ("easy", "hard")[seed % 2], max_actions=120)
    assert out["ai_orders"] > 20 and out["actions"] == 120 or out["over"]


def test_charge_scores_come_from_the_exact_odds():
    """Issue 5 item 1: charges are scored from the odds; a lance charge on raw spearmen that
    wins 63 % of first rounds (4.6.5) beats every movement order of the same unit."""
    from sim.daimyo.ai.scorer import DaimyoScorer
    from sim.daimyo import menus
    from sim.daimyo.combat import Charge
    from tests.daimyo.table_kit import CAV, game, give_orders, scenario, unit
    g = give_orders(game(scenario([unit("horse", 100, 40, 90, stands=2, files=2, **CAV)],
                                  [unit("spear", 100, 56, 270, stands=2, files=2)])))
    scorer = DaimyoScorer()
    scorer.prepare(g, "east")
    charge = Charge("east", "horse", "spear")
    assert charge in g.legal_actions("east")
    best_move = max(scorer.score(a) for a in menus.candidates(g.state, g.state.units["horse"]))
    assert scorer.score(charge) > best_move
    assert scorer.score(charge) == pytest.approx(0.5 + 3 * 0.1638 + 1.5 * 0.4694 - 1.5 * 0.0189
                                                 + 0.4 * (1.9444 - 1.1667), abs=2e-3)


def test_4_6_5_charge_at_losing_odds_scores_below_holding():
    """Two stands of raw spearmen in reach of elite heavy samurai: the exact first-round odds
    (4.6.5) are against them, so the charge scores below a Hold (0) and hard does not feed
    them into the melee."""
    from sim.daimyo.ai.scorer import DaimyoScorer
    from sim.daimyo.combat import Charge
    from tests.daimyo.table_kit import game, give_orders, scenario, unit
    elite = dict(troop="samurai", quality="elite", weapons=["pole_arm"], armour="heavy")
    g = give_orders(game(scenario([unit("spear", 100, 40, 90, stands=2, files=2, quality="raw")],
                                  [unit("sam", 100, 48, 270, **elite)])))
    scorer = DaimyoScorer()
    scorer.prepare(g, "east")
    charge = Charge("east", "spear", "sam")
    assert charge in g.legal_actions("east")
    assert scorer.score(charge) < scorer.score(A.Hold("east", "spear")) == 0.0
