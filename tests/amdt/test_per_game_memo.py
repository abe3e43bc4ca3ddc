"""The on-map index and the activation memo belong to a game (issue 23): two games played in
turns give exactly the events each gives alone."""
from sim.core.players import RandomPlayer
from sim.core.scenario import open_game

SCENARIO = "scenarios/amdt/amdt_2p.toml"


def _alone(seed, n):
    g = open_game(SCENARIO, seed=seed)
    rng = RandomPlayer(seed)
    for _ in range(n):
        g.apply(rng.choose(g, g.to_act()))
    return g.events


def test_two_games_in_turns_do_not_share_memos():
    games = [open_game(SCENARIO, seed=s) for s in (4, 5)]
    rngs = [RandomPlayer(4), RandomPlayer(5)]
    for _ in range(60):
        for g, rng in zip(games, rngs):
            g.apply(rng.choose(g, g.to_act()))
    assert games[0].events == _alone(4, 60)
    assert games[1].events == _alone(5, 60)
    assert games[0].state.memo is not games[1].state.memo


def test_memos_are_not_saved():
    from sim.core.codec import encode
    g = open_game(SCENARIO, seed=4)
    text = str(encode(g.state))
    assert "memo" not in text and "Memo" not in text
