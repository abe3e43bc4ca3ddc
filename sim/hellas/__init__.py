"""Hellas (the rules family of Hellenes: Campaigns of the Peloponnesian War): a block game on an
area/sea map of Greece, Athens against Sparta, with sieges (7.0-8.3) from the seed."""
from sim.ai.scored import LEVELS
from sim.core.registry import System
from sim.hellas.game import HellasGame
from sim.hellas.state import SIDES
from sim.hellas.stats import STATS

GAME = HellasGame


def make_player(side: str, level: str, seed: int):
    """A scripted opponent for `side` (athens or sparta) at `level` (random, easy, normal,
    hard); unknown levels or sides raise KeyError."""
    from sim.ai.scored import ScoredPlayer
    from sim.hellas.ai import HellasScorer
    if level not in LEVELS or side not in SIDES:
        raise KeyError(level if level not in LEVELS else side)
    return ScoredPlayer(HellasScorer(hard=level == "hard"), level, seed)


SYSTEM = System("hellas", HellasGame, make_player, LEVELS, SIDES, stats=STATS,
                plots=("outcomes", "win_rate", "length", "reasons", "statistics"))
