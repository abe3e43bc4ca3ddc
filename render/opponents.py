"""Who plays which side in a `kassen play` window, the same for every system: no --side is
hot-seat (the person plays every side); a chosen side meets the system's scripted opponent at
--ai LEVEL, else at the system's default level (`System.default_level`)."""
from __future__ import annotations


def seats(game, side: str | None, level: str | None, seed: int):
    """(humans, scripted players by side, header note). An unknown level (the registry's
    LevelError) or --ai without --side is one clear error: never a quiet hot-seat."""
    from sim.core.errors import KassenError
    from sim.core.registry import system
    sides = game.sides()
    if side is None:
        if level is not None:
            raise KassenError("--ai needs --side (the side you play); without it you play every side")
        return set(sides), {}, "hot-seat"
    entry = system(game.system)
    level = level or entry.default_level
    others = {s: entry.player(s, level, seed + i) for i, s in enumerate(sides) if s != side}
    return {side}, others, f"you: {side}, opponent: {level}"
