"""Short real games of every system, played by random legal orders (for the input-boundary tests)."""
from __future__ import annotations

from functools import cache

from sim.core.players import RandomPlayer, play_out
from sim.core.protocol import Game
from sim.core.scenario import open_game

SCENARIOS = {
    "daimyo": "scenarios/daimyo/training.toml",
    "sekigahara": "scenarios/sekigahara/campaign.toml",
    "amdt": "scenarios/amdt/amdt_short_2p.toml",
    "hellas": "scenarios/hellas/431_short.toml",
}


def played(system: str, actions: int = 40, seed: int = 3) -> Game:
    game = open_game(SCENARIOS[system], seed=seed)
    return play_out(game, {s: RandomPlayer(seed + i) for i, s in enumerate(game.sides())},
                    max_actions=actions)


@cache
def save_document(system: str) -> dict:
    """A save document of a short real game (cached: tests copy it before changing it)."""
    from sim.core.save import to_document
    return to_document(played(system))
