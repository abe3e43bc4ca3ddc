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
    # levels differ in judgment (issue 19): easy scores orders alone, normal follows an army
    # plan and clan plans, hard also checks every charge a pose promises with the rules
    scorer = DaimyoScorer(Personality(**personality), planning=level in ("normal", "hard"),
                          exact=level == "hard")
    return ScoredPlayer(scorer, level, seed)
