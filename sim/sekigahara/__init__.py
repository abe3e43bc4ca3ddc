"""Sekigahara: The Unification of Japan (GMT, 2011) — block game on a province map.

Modules: pieces (blocks, decks, bid numbers), setup (scenario check, initial setup), state
(the one saved dataclass), board_state (control, castles, shared effects), weekly (6: week,
bid, turns), movement (7, 9.3), combat (8, 9.1-9.2), game (the protocol: steps, legal
actions, validation, views), events, actions, ai (scripted opponent). Rulings: docs/rulings.md.
"""
from sim.core.registry import System
from sim.sekigahara.game import SekigaharaGame
from sim.sekigahara.pieces import SIDES
from sim.sekigahara.stats import STATS

GAME = SekigaharaGame
LEVELS = ("random", "easy", "normal", "hard")


def make_player(side: str, level: str = "normal", seed: int = 0):
    from sim.sekigahara.ai import ScriptedPlayer
    return ScriptedPlayer(side, level, seed)


SYSTEM = System("sekigahara", SekigaharaGame, make_player, LEVELS, SIDES, stats=STATS,
                plots=("outcomes", "win_rate", "length", "reasons", "statistics"))

__all__ = ["GAME", "LEVELS", "SYSTEM", "make_player", "SekigaharaGame"]
