"""The analyst's API: simulate a scenario into a pandas DataFrame, one row per game, and draw it.

    from sim.batch import api
    hard = api.simulate("training", 40, ai="hard", seed=1)
    easy = api.simulate("training", 40, ai={"east": "easy", "west": "hard"}, seed=1)
    api.outcomes({"hard - hard": hard, "easy - hard": easy})     # a matplotlib Figure

The rows are those of `kassen simulate --games FILE` (sim/batch/games.py): master and game
seed, each side's level (`level.<side>`), winner, reason, turns, actions, each side's
statistics (`<side>.<stat>`), clans and positions as JSON text. `df.attrs` holds the scenario,
its system, title and the labels of its statistics. pandas comes with the optional extra: pip install 'kassen[analysis]'.
The figure functions (from sim.batch.plots) return matplotlib Figures and write nothing.
"""
from __future__ import annotations

from dataclasses import replace

from sim.batch.games import game_from_row, game_row, read_games
from sim.batch.plots import casualties, game_length, heatmap, outcomes, statistics, win_rate
from sim.batch.runner import run_batch
from sim.batch.spec import BatchError, default_level, spec_from_file, system_entry

__all__ = ["simulate", "read", "replay", "outcomes", "win_rate", "game_length", "casualties",
           "statistics", "heatmap"]


def _pandas():
    try:
        import pandas
    except ImportError:
        raise BatchError("the analyst's API needs pandas: pip install 'kassen[analysis]'") from None
    return pandas


def simulate(scenario: str, runs: int = 100, ai: str | dict[str, str] | None = None, seed: int = 1,
             workers: int | None = 1, options: dict | None = None, personality: dict | None = None,
             max_actions: int = 100_000, progress: bool = False):
    """Play `runs` games of a scenario (a bundled name or a file) AI against AI.

    ai: one level for every side ("hard"), or {side: level} (sides not named get the system's
    default level); options: the scenario's rule options (turn_limit, weather, ...);
    workers: local processes (None: one per CPU). The same seed gives the same games.
    """
    pd = _pandas()
    spec = spec_from_file(scenario, seed=seed, options=options or {}, personality=personality or {},
                          max_actions=max_actions)
    fixed = ai if isinstance(ai, dict) else {}
    spec = replace(spec, lineup=(ai if isinstance(ai, str) else default_level(spec),), levels=fixed)
    frame = pd.DataFrame([game_row(spec, s) for s in run_batch(spec, runs, workers=workers, progress=progress)])
    frame.attrs.update(scenario=str(scenario), system=spec.game.system,
                       title=spec.scenario.get("meta", {}).get("title") or str(scenario),
                       stats={s.key: s.label for s in system_entry(spec).stats})
    return frame


def read(path: str):
    """A games file written by `kassen simulate --games` (.jsonl, .csv, .parquet) as a DataFrame."""
    return _pandas().DataFrame(read_games(path))


def replay(frame, game: int):
    """Game number `game` of a frame played again from its seed and levels (checked against
    its final state): a Game to inspect, save (sim.core.save) or render."""
    return game_from_row(frame.to_dict("records"), game, "data frame")
