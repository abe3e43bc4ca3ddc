"""Daimyo (Ian Duncan, 2004): tabletop miniatures rules on a continuous table."""
from sim.daimyo.game import DaimyoGame

GAME = DaimyoGame


def make_player(side: str, level: str, seed: int):
    from sim.core.players import RandomPlayer
    if level != "random":
        raise KeyError(level)
    return RandomPlayer(seed)
