"""The one registry of systems (DESIGN.md seam 8).

Each system package `sim.<name>` declares one `SYSTEM = System(...)`: its Game class, its
player factory, its AI levels weakest to strongest, the sides it can seat, the per-game
statistics its `game.stats()` reports and the batch plots that apply. Batch runs, the CLI,
`play` and the cross-system tests read this object; nothing else looks a system up by name.
The level "random" (uniform legal actions) is always first: AI strength is measured against it.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from sim.core.errors import KassenError
from sim.core.players import Player, RandomPlayer
from sim.core.protocol import Game

RANDOM = "random"
BUNDLED = ("daimyo", "sekigahara", "amdt", "hellas")   # the systems shipped with Kassen
# Plots sim.batch can draw (sim/batch/plots.py); a system lists those its stats support.
PLOTS = ("outcomes", "win_rate", "length", "reasons", "casualties", "statistics", "heatmap")


class LevelError(KassenError):
    """An AI level or side a system does not have; the message lists the valid ones."""


@dataclass(frozen=True)
class Stat:
    """One per-side number of `game.stats()["sides"][side]`, with what it means."""
    key: str
    label: str


@dataclass(frozen=True)
class System:
    name: str
    game: type[Game]
    # factory(side, level, seed, **personality) for every level except "random"
    factory: Callable[..., Player]
    levels: tuple[str, ...]           # weakest to strongest, "random" first
    sides: tuple[str, ...] | None     # every side a scenario may seat (None: each scenario names them)
    stats: tuple[Stat, ...] = ()      # per-side numbers game.stats() reports, in table order
    plots: tuple[str, ...] = ("outcomes", "win_rate", "length", "reasons")
    personality: bool = False         # the factory takes personality weights

    def __post_init__(self):
        if not self.levels or self.levels[0] != RANDOM:
            raise ValueError(f"{self.name}: levels must start with {RANDOM!r}")
        if self.game.system != self.name:
            raise ValueError(f"{self.name}: Game class says system {self.game.system!r}")
        unknown = set(self.plots) - set(PLOTS)
        if unknown:
            raise ValueError(f"{self.name}: unknown plots {sorted(unknown)}; known: {PLOTS}")

    def player(self, side: str, level: str, seed: int, **personality) -> Player:
        """A player for `side` at `level`; an unknown level or side is one clear error."""
        if level not in self.levels:
            raise LevelError(f"unknown AI level {level!r} for {self.name}; "
                             f"valid levels: {', '.join(self.levels)}")
        if self.sides is not None and side not in self.sides:
            raise LevelError(f"unknown side {side!r} for {self.name}; sides: {', '.join(self.sides)}")
        if personality and not self.personality:
            raise LevelError(f"{self.name}'s AI takes no personality weights (got {sorted(personality)})")
        if level == RANDOM:
            return RandomPlayer(seed)
        return self.factory(side, level, seed, **personality)

    @property
    def default_level(self) -> str:
        """'normal' where the system has it, else its strongest level."""
        return "normal" if "normal" in self.levels else self.levels[-1]


def system(name: str) -> System:
    """The System a package `sim.<name>` (or any module path with a dot) declares."""
    module_name = name if "." in name else f"sim.{name}"
    if not all(part.isidentifier() for part in module_name.split(".")):
        raise KeyError(name)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        raise KeyError(name) from None
    found = getattr(module, "SYSTEM", None)
    if not isinstance(found, System):
        raise KeyError(name)
    return found


def random_only(game: type[Game]) -> System:
    """An entry for a Game class no System declares: it can still be played at random."""
    return System(game.system, game, RandomPlayer, (RANDOM,), sides=None, plots=("outcomes", "win_rate", "length"))


def bundled() -> tuple[System, ...]:
    return tuple(system(name) for name in BUNDLED)
