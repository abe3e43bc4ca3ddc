"""Who plays which side in a `kassen play` window, the same for every system: no --side is
hot-seat (the person plays every side); a chosen side meets the system's scripted opponent at
--ai LEVEL, else at the system's default level (`System.default_level`)."""
from __future__ import annotations


def seats(game, side: str | None, level: str | None, seed: int):
    """(humans, scripted players by side, header note). An unknown level (the registry's
    LevelError) or --ai without --side is one clear error: never a quiet hot-seat."""
    from sim.core.registry import system
    check_seats(side, level)
    sides = game.sides()
    if side is None:
        return set(sides), {}, "hot-seat"
    entry = system(game.system)
    level = level or entry.default_level
    others = {s: entry.player(s, level, seed + i) for i, s in enumerate(sides) if s != side}
    return {side}, others, f"you: {side}, opponent: {level}"


def check_seats(side: str | None, level: str | None) -> None:
    """--ai without --side is an error (checked by `kassen play` before it prints anything)."""
    if side is None and level is not None:
        from sim.core.errors import KassenError
        raise KassenError("--ai needs --side (the side you play); without it you play every side")
