"""A Most Dangerous Time (MMP / Game Journal): chit-pull area game for 2, 3 or 4 players."""
from sim.ai.scored import LEVELS
from sim.amdt import data as tables
from sim.amdt.game import AmdtGame
from sim.amdt.stats import STATS
from sim.core.registry import System

GAME = AmdtGame


def make_player(side: str, level: str, seed: int, **personality):
    """A scripted opponent for `side` at `level` (random, easy, normal, hard)."""
    from sim.amdt.ai import make
    return make(side, level, seed)


# every seat of the 2-, 3- and 4-player games (16.0)
SEATS = tuple(dict.fromkeys(p for mode in tables.data().modes.values() for p in mode["players"]))
SYSTEM = System("amdt", AmdtGame, make_player, LEVELS, SEATS, stats=STATS,
                plots=("outcomes", "win_rate", "length", "reasons", "statistics"))
