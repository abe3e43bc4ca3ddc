"""Generic batch simulation: many AI-vs-AI games of any system, statistics and plots.

What a system provides (sim/systems.md):
- its registry entry `sim.<system>.SYSTEM` (sim.core.registry): players, levels weakest first
  (the level "random" is generic), sides, per-game statistics and plots.
- `Game.new(scenario, seed, turn_limit=...)` if the system supports `--turn-limit`; optionally
  `Game.maker(scenario, **options)`, games by seed that share what the scenario fixes (a chunk
  of games starts from one; the default calls `new`).
- `game.stats() -> dict`, every key optional (see worker.read_stats): turns; sides and clans
  with numeric losses (stands_lost, units_lost, leaders_killed, ...; a clan also names its
  "side"); positions [(x, y, kind[, side])] of units lost; table (width, height), origin at
  the lower left.

Plots live in sim.batch.plots (imported on demand: workers need no matplotlib).
"""
from sim.batch.duel import duel_report, duel_spec
from sim.batch.runner import dask_executor, run_batch
from sim.batch.spec import BatchError, RunSpec, derive_seed, spec_from_file
from sim.batch.stats import summarise, wilson
from sim.batch.worker import GameSummary, play_game

__all__ = ["BatchError", "GameSummary", "RunSpec", "dask_executor", "derive_seed", "duel_report",
           "duel_spec", "play_game", "run_batch", "spec_from_file", "summarise", "wilson"]
