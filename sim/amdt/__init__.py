"""A Most Dangerous Time (MMP / Game Journal): chit-pull area game for 2, 3 or 4 players."""
from sim.amdt.game import AmdtGame

GAME = AmdtGame
LEVELS = ("random", "easy", "normal", "hard")


def make_player(side: str, level: str, seed: int, **personality):
    """A scripted opponent for `side` at `level` (random, easy, normal, hard)."""
    from sim.amdt.ai import make
    return make(side, level, seed)
