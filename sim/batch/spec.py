"""What a batch plays: one scenario, its Game class, who commands each side, and the limits.

A spec is plain picklable data (the Game class pickles by reference), so it can be shipped to
process-pool or Dask workers unchanged. Players and levels come from the system's registry
entry (sim.core.registry.System); the level "random" (uniform legal orders) is always available,
because AI strength is measured against it.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.core.bundled import scenario_file
from sim.core.errors import KassenError, clip, shorten
from sim.core.players import Player
from sim.core.protocol import Game
from sim.core.registry import LevelError, RANDOM, System, random_only, system
from sim.core.scenario import read_toml, system_of



class BatchError(KassenError):
    """A bad batch request (runs, workers, levels): the CLI prints it as one line."""


@dataclass(frozen=True)
class RunSpec:
    game: type[Game]
    scenario: dict = field(default_factory=dict)
    source: str = "<data>"            # where the scenario came from, for messages and reports
    seed: int = 1                     # master seed; every game's seed is derived from it
    # Levels by seat: side k of game i gets lineup[(k - rotate*i) % n], the lineup padded with
    # its last entry to n sides. ("hard",) is everyone hard; ("hard", "easy") with rotate=True
    # is a duel with sides alternated game by game.
    lineup: tuple[str, ...] = ("normal",)
    rotate: bool = False
    levels: dict[str, str] = field(default_factory=dict)   # fixed per-side overrides
    personality: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)  # passed to Game.new (e.g. turn_limit)
    max_actions: int = 100_000        # guard against endless games: hitting it is a timeout
    # Module declaring the SYSTEM (a dotted path, e.g. for test systems). None: sim.<system>.
    players: str | None = None


def spec_from_file(path: str | Path, **fields) -> RunSpec:
    """A spec for a scenario file or bundled name; its system (and Game class) is read from the file."""
    data = read_toml(scenario_file(path))
    cls = system_of(data, str(path))
    cls.check(data, str(path), **fields.get("options", {}))
    return RunSpec(game=cls, scenario=data, source=str(path), **fields)


def derive_seed(master: int, *path: int) -> int:
    """A 63-bit seed from the master seed and a path (game index, seat): independent of workers."""
    text = ":".join(str(p) for p in (master, *path)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def system_entry(spec: RunSpec) -> System:
    """The System declaring this spec's game (sim.core.registry): sim.<system>, else the Game
    class's own module (test systems), or the module named by `spec.players`; a game that
    declares none is played with the level "random" only."""
    names = [spec.players] if spec.players else [spec.game.system, spec.game.__module__]
    for name in names:
        try:
            return system(name)
        except KeyError:
            continue
    return random_only(spec.game)   # a Game with no scripted opponent can still be played at random


def valid_levels(spec: RunSpec) -> tuple[str, ...]:
    """The levels this system's players accept, weakest first ("random" is always one)."""
    return system_entry(spec).levels


def check_spec(spec: RunSpec) -> None:
    """Refuse unknown levels, sides and options before any game starts, naming the valid ones."""
    try:  # one probe set-up: options the system does not take fail here, not in every worker
        sides = tuple(spec.game.new(spec.scenario, spec.seed, **spec.options).sides())
    except TypeError as exc:
        if not spec.options:
            raise
        raise BatchError(f"{spec.game.system} does not take these options "
                         f"{sorted(spec.options)}: {exc}") from None
    unknown = sorted(set(spec.levels) - set(sides))
    if unknown:
        raise BatchError(f"unknown side {unknown[0]!r}; sides are: {', '.join(sides)}")
    valid = valid_levels(spec)
    for level in (*spec.lineup, *spec.levels.values()):
        if level not in valid:
            raise BatchError(f"unknown AI level {level!r} for {spec.game.system}; "
                             f"valid levels: {', '.join(valid)}")
    if not spec.lineup:
        raise BatchError("the lineup needs at least one AI level")
    if spec.personality:       # one probe player: a weight the AI does not take fails here, once
        level = next((lv for lv in (*spec.lineup, *spec.levels.values()) if lv != RANDOM), None)
        try:
            if level is not None:
                make_player(spec, sides[0], level, 0)
        except (TypeError, ValueError, KeyError) as exc:
            raise BatchError(f"--personality {sorted(spec.personality)}: not taken by the "
                             f"{spec.game.system} AI ({clip(str(exc), 120)})") from None
    if spec.max_actions < 1:
        raise BatchError(f"max actions must be at least 1 (got {spec.max_actions})")


def default_level(spec: RunSpec) -> str:
    return system_entry(spec).default_level


def seat_levels(spec: RunSpec, sides: tuple[str, ...], index: int) -> dict[str, str]:
    n = len(sides)
    padded = list(spec.lineup) + [spec.lineup[-1]] * max(0, n - len(spec.lineup))
    shift = index if spec.rotate else 0
    out = {side: padded[(k - shift) % n] for k, side in enumerate(sides)}
    out.update({s: lv for s, lv in spec.levels.items() if s in out})
    return out


def make_player(spec: RunSpec, side: str, level: str, seed: int) -> Player:
    try:
        return system_entry(spec).player(side, level, seed, **spec.personality)
    except LevelError as exc:
        raise BatchError(str(exc)) from None
