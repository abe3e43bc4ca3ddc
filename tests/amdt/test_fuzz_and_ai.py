"""Random play and scripted-opponent play finish without errors (the long runs live in
benchmarks/amdt_fuzz.py); the scripted opponent is deterministic given its seed."""
import pytest

from sim.amdt import make_player
from sim.core.players import RandomPlayer, play_out
from tests.amdt.helpers import game

RUNS = 8


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(RUNS))
def test_random_games_finish(players, seed):
    g = game(players, seed)
    ps = {s: RandomPlayer(seed * 7 + i) for i, s in enumerate(g.sides())}
    play_out(g, ps, max_actions=50_000)
    assert g.is_over() and g.result() is not None
    assert g.state.turn <= 30


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ai_games_finish_and_repeat_exactly(players):
    runs = []
    for _ in range(2):
        g = game(players, 21)
        ps = {s: make_player(s, ("easy", "normal", "hard")[i % 3], 100 + i) for i, s in enumerate(g.sides())}
        play_out(g, ps, max_actions=50_000)
        assert g.is_over()
        runs.append(g.actions)
    assert runs[0] == runs[1]


def test_ai_sees_only_its_view(monkeypatch):
    g = game(4, 2)
    seen = []
    real = type(g).view
    monkeypatch.setattr(type(g), "view", lambda self, side: seen.append(side) or real(self, side))
    p = make_player("katsuie", "hard", 1)
    p.choose(g, "katsuie")
    assert seen == ["katsuie"]


def test_unknown_ai_level_is_refused():
    with pytest.raises(KeyError):
        make_player("oda", "genius", 1)
