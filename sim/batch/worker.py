"""Play one game AI against AI and boil it down to a small picklable summary.

Numbers come only from the game: `result()` for the winner and reason, and the optional
`game.stats()` (see `read_stats`) for turns, losses and where units broke. A key a system does
not report stays absent (None / empty); nothing is estimated here.
"""
from __future__ import annotations

import gc
import traceback
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable

from sim.batch.spec import RunSpec, derive_seed, make_player, seat_levels
from sim.core.errors import clip
from sim.core.players import play_out
from sim.core.save import state_digest

Numbers = dict[str, float]

# A battle makes millions of short-lived objects (poses, plans, geometries) and almost no
# cycles: with the default young threshold (700) a hard reference battle ran ~680 collections,
# 6-9 % of its CPU (docs/performance.md). Games play the same at any threshold.
YOUNG_THRESHOLD = 20_000


@dataclass(frozen=True)
class GameSummary:
    index: int
    seed: int
    levels: dict[str, str]                 # side -> AI level that commanded it
    winner: str | None = None              # None: draw, timeout or error
    reason: str = ""
    timeout: bool = False                  # the max-actions guard stopped an unfinished game
    error: str | None = None               # an exception, with the seed to reproduce it
    actions: int = 0
    turns: int | None = None               # from stats()["turns"]; None if not reported
    sides: dict[str, Numbers] = field(default_factory=dict)   # side -> losses etc.
    clans: dict[str, Numbers] = field(default_factory=dict)   # clan -> losses etc.
    clan_side: dict[str, str] = field(default_factory=dict)
    positions: tuple[tuple, ...] = ()      # (x, y, kind[, side]) of units routed or lost
    table: tuple[float, float] | None = None                  # table (width, height) if given
    digest: str = ""                       # the final state's checksum: a replay must match it

    @property
    def draw(self) -> bool:
        return self.winner is None and not self.timeout and self.error is None


def _numbers(group: object) -> dict[str, Numbers]:
    """Keep only numeric entries of {name: {key: number}}; anything else is not a statistic."""
    if not isinstance(group, dict):
        return {}
    out = {}
    for name, values in group.items():
        if isinstance(values, dict):
            out[str(name)] = {str(k): float(v) for k, v in values.items()
                              if isinstance(v, (int, float)) and not isinstance(v, bool)}
    return out


def read_stats(game) -> dict:
    """The optional `game.stats()` contract, read defensively.

    Keys (all optional): turns: int; sides: {side: {stat: number}}; clans: {clan: {"side": side,
    stat: number}}; positions: [(x, y, kind[, side]), ...]; table: (width, height).
    """
    stats = getattr(game, "stats", None)
    raw = stats() if callable(stats) else {}
    raw = raw if isinstance(raw, dict) else {}
    out: dict = {}
    if isinstance(raw.get("turns"), int):
        out["turns"] = raw["turns"]
    out["sides"] = _numbers(raw.get("sides"))
    clans = raw.get("clans") if isinstance(raw.get("clans"), dict) else {}
    out["clans"] = _numbers(clans)
    out["clan_side"] = {str(c): str(v["side"]) for c, v in clans.items()
                        if isinstance(v, dict) and "side" in v}
    out["positions"] = tuple((float(p[0]), float(p[1]), *(str(v) for v in p[2:4]))
                             for p in raw.get("positions") or () if len(p) >= 3)
    table = raw.get("table")
    if isinstance(table, (tuple, list)) and len(table) == 2:
        out["table"] = (float(table[0]), float(table[1]))
    return out


def repeating(actions: list, window: int = 200) -> str:
    """What an endless game keeps doing: the most frequent of its last `window` actions, with
    its count, so a timeout names the loop to look for (the seed replays it)."""
    last = [repr(a) for a in actions[-window:]]
    if not last:
        return "no action"
    text, n = Counter(last).most_common(1)[0]
    return f"{n} of the last {len(last)} actions were {clip(text, 160)}"


def _play(spec: RunSpec, game, seed: int, levels: dict[str, str]) -> None:
    players = {side: make_player(spec, side, levels[side], derive_seed(seed, k))
               for k, side in enumerate(game.sides())}
    play_out(game, players, max_actions=spec.max_actions)


def replay_game(spec: RunSpec, seed: int, levels: dict[str, str]):
    """One game again from its seed and levels: the same game, move for move."""
    game = spec.game.new(spec.scenario, seed, **spec.options)
    _play(spec, game, seed, levels)
    return game


def play_game(spec: RunSpec, index: int, start: Callable | None = None) -> GameSummary:
    """Game `index` of the batch; `start` (`Game.maker`'s, shared by a chunk's games) starts
    it as `Game.new` would."""
    seed = derive_seed(spec.seed, index)
    levels: dict[str, str] = {}
    game = None
    try:
        game = start(seed) if start is not None else spec.game.new(spec.scenario, seed, **spec.options)
        levels = seat_levels(spec, tuple(game.sides()), index)
        _play(spec, game, seed, levels)
        over = game.is_over()
        result = game.result() if over else None
        stats = read_stats(game)
    except Exception as exc:  # one broken game must not sink a 1,000-game sweep; it is reported
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return GameSummary(index, seed, levels, error=f"{type(exc).__name__}: {exc} "
                           f"({where.filename}:{where.lineno}; game seed {seed})",
                           actions=len(game.actions) if game is not None else 0)
    return GameSummary(
        index, seed, levels,
        winner=result.winner if result else None,
        reason=result.reason if result else
        ("over, but the game gave no result" if over else
         f"stopped after {spec.max_actions} actions (game seed {seed}; {repeating(game.actions)})"),
        timeout=not over, actions=len(game.actions), digest=state_digest(game), **stats)


def play_chunk(spec: RunSpec, start: int, stop: int) -> list[GameSummary]:
    """A chunk of consecutive games: one task per chunk keeps per-task overhead small, and
    what the scenario's games share is worked out once a chunk (`Game.maker`; a lone game
    starts as `Game.new`, which works out only what it asks)."""
    maker = None
    if stop - start > 1:
        try:
            maker = spec.game.maker(spec.scenario, **spec.options)
        except Exception:  # a scenario that will not start: each game reports its own error
            pass
    with fewer_collections():
        return [play_game(spec, i, maker) for i in range(start, stop)]


@contextmanager
def fewer_collections():
    """The young generation collected every YOUNG_THRESHOLD allocations while games play, the
    caller's thresholds restored after (a notebook or a Dask worker keeps its own)."""
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], YOUNG_THRESHOLD), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
