"""The scripted opponent: only view + legal actions, deterministic, finishes games."""
import pytest

from sim.core.codec import encode
from sim.sekigahara import make_player
from tests.sekigahara.helpers import new_game


class Facade:
    """All an AI may touch: its side's view and its legal actions."""

    def __init__(self, game, side):
        self._g, self._side = game, side

    def view(self, side):
        assert side == self._side, "the AI asked for another side's view"
        return self._g.view(side)

    def legal_actions(self, side):
        assert side == self._side
        return self._g.legal_actions(side)


def play(seed, levels=("normal", "normal")):
    g = new_game(seed)
    ais = {s: make_player(s, lvl, seed) for s, lvl in zip(g.sides(), levels)}
    while g.to_act():
        side = g.to_act()
        action = ais[side].choose(Facade(g, side), side)
        assert action in g.legal_actions(side)
        g.apply(action)
    return g


@pytest.mark.parametrize("levels", [("easy", "hard"), ("normal", "normal"), ("hard", "easy")])
def test_ai_games_finish_through_views_only(levels):
    g = play(3, levels)
    assert g.is_over() and g.result().winner in ("tokugawa", "ishida")


def test_ai_is_deterministic_for_a_seed():
    a, b = play(5), play(5)
    assert a.actions == b.actions and encode(a.state) == encode(b.state)


def test_ai_rejects_unknown_level():
    with pytest.raises(ValueError):
        make_player("tokugawa", "brutal", 1)


def test_ai_deploys_the_strongest_block_in_the_seed_example():
    from sim.sekigahara.actions import Deploy
    from tests.sekigahara.test_battle_example import setup_example
    from tests.sekigahara.helpers import combat
    g, ids = setup_example()
    combat(g, "ishida")
    ai = make_player("ishida", "hard", 1)
    choice = ai.choose(g, "ishida")
    # a free leader costs no card: the best opening
    assert isinstance(choice, Deploy) and choice.card is None
