"""Daimyo (Ian Duncan, 2004): tabletop miniatures rules on a continuous table."""
from sim.daimyo.game import DaimyoGame

GAME = DaimyoGame
LEVELS = ("random", "easy", "normal", "hard")


def make_player(side: str, level: str, seed: int, **personality):
    """A scripted opponent for `side` at `level` (random, easy, normal, hard); unknown
    levels raise KeyError so callers can list the valid ones."""
    from sim.daimyo.ai.scorer import DaimyoScorer
    from sim.ai.scored import LEVELS, Personality, ScoredPlayer
    if level not in LEVELS:
        raise KeyError(level)
    return ScoredPlayer(DaimyoScorer(Personality(**personality)), level, seed)
