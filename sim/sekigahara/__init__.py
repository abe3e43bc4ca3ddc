"""Sekigahara: The Unification of Japan (GMT, 2011) — block game on a province map."""
from sim.sekigahara.game import SekigaharaGame

GAME = SekigaharaGame


def make_player(side: str, level: str = "normal", seed: int = 0):
    from sim.sekigahara.ai import ScriptedPlayer
    return ScriptedPlayer(side, level, seed)


__all__ = ["GAME", "make_player", "SekigaharaGame"]
