"""Per-game results: one row per game, written as JSONL, CSV or Parquet, and a game rebuilt
from its row.

A row holds what re-plays the game (scenario, options, personality, master and game seed,
each side's AI level, max actions) and what came of it (winner, reason, turns, actions, each
side's statistics as `<side>.<stat>` columns, clans and rout positions as JSON text, the final
state's checksum). `game_from_row` plays the game again and refuses a result whose final state
differs from the row's, so a replayed game is the game that was simulated.
"""
from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import replace
from pathlib import Path

from sim.batch.spec import BatchError, RunSpec, check_spec, spec_from_file
from sim.batch.worker import GameSummary, replay_game
from sim.core import reading
from sim.core.errors import clip, shorten
from sim.core.output import writing
from sim.core.save import state_digest

FORMATS = (".jsonl", ".csv", ".parquet")
PARQUET_EXTRA = "Parquet needs pyarrow: pip install 'kassen[analysis]'"


def game_row(spec: RunSpec, s: GameSummary) -> dict:
    row = {"game": s.index, "master_seed": spec.seed, "game_seed": s.seed, "scenario": spec.source,
           "system": spec.game.system, "winner": s.winner or "", "draw": s.draw, "timeout": s.timeout,
           "reason": s.reason, "turns": s.turns, "actions": s.actions, "error": s.error or ""}
    row.update({f"level.{side}": level for side, level in s.levels.items()})
    row.update({f"{side}.{stat}": value for side, numbers in s.sides.items() for stat, value in numbers.items()})
    row.update({"clans": json.dumps({c: {"side": s.clan_side.get(c), **v} for c, v in s.clans.items()}),
                "positions": json.dumps([list(p) for p in s.positions]),
                "table": json.dumps(s.table), "digest": s.digest,
                "options": json.dumps(spec.options, sort_keys=True),
                "personality": json.dumps(spec.personality, sort_keys=True), "max_actions": spec.max_actions})
    return row


def summary_from_row(row: dict) -> GameSummary:
    """The summary a row was written from (what the plots and statistics read)."""
    sides = [k.split(".", 1)[1] for k in row if k.startswith("level.")]
    numbers = {side: {k.split(".", 1)[1]: float(v) for k, v in row.items()
                      if k.startswith(f"{side}.") and _present(v)} for side in sides}
    clans = json.loads(row["clans"])
    table = json.loads(row["table"])
    return GameSummary(
        index=int(row["game"]), seed=int(row["game_seed"]), levels={s: row[f"level.{s}"] for s in sides},
        winner=row["winner"] or None, reason=row["reason"], timeout=_bool(row["timeout"]),
        error=row["error"] or None, actions=int(row["actions"]),
        turns=int(float(row["turns"])) if _present(row["turns"]) else None, sides=numbers,
        clans={c: {k: v for k, v in d.items() if k != "side"} for c, d in clans.items()},
        clan_side={c: d["side"] for c, d in clans.items() if d.get("side")},
        positions=tuple(tuple(p) for p in json.loads(row["positions"])),
        table=tuple(table) if table else None, digest=row["digest"])


def _present(value) -> bool:
    return value is not None and value != "" and value == value      # NaN != NaN (pandas' missing)


def _bool(value) -> bool:
    return value is True or str(value).lower() == "true"


def check_target(path: str | Path) -> Path:
    """Refuse an unknown extension or a missing folder before any game is played."""
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise BatchError(f"--games {path}: the extension picks the format: {', '.join(FORMATS)}")
    if not path.resolve().parent.is_dir():
        raise BatchError(f"--games {path}: folder {path.resolve().parent} does not exist")
    if path.suffix.lower() == ".parquet":
        _pyarrow()
    return path


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise BatchError(PARQUET_EXTRA) from None
    return pyarrow


def write_games(rows: list[dict], path: str | Path) -> Path:
    path = check_target(path)
    columns = list(dict.fromkeys(k for row in rows for k in row))    # every key, first-seen order
    kind = path.suffix.lower()
    with writing(path, "games file"):
        if kind == ".parquet":
            pa = _pyarrow()
            pa.parquet.write_table(pa.Table.from_pylist(rows), path)
        elif kind == ".csv":
            with path.open("w", newline="") as fh:
                writer = csv.DictWriter(fh, columns, restval="")
                writer.writeheader()
                writer.writerows(rows)
        else:
            with path.open("w") as fh:
                fh.writelines(json.dumps(row) + "\n" for row in rows)
    return path


GAMES_BYTES = 1 << 30        # a million games' rows are about 300 MB


def _games_error(file: str, key: str, message: str) -> BatchError:
    return BatchError(f"{file}: {key + ': ' if key else ''}{message}")


def read_games(path: str | Path) -> list[dict]:
    """The rows of a games file, read through the reading gate (sim/core/reading.py): a folder,
    a device, bad bytes or a malformed line is one BatchError naming the file and line."""
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise BatchError(f"{clip(str(path), 120)}: not a games file ({', '.join(FORMATS)})")
    kind = path.suffix.lower()
    if kind == ".parquet":
        reading.check_file(path, GAMES_BYTES, _games_error)
        try:
            rows = _pyarrow().parquet.read_table(path).to_pylist()
        except (OSError, ValueError, TypeError) as exc:        # pyarrow's ArrowInvalid is a ValueError
            raise BatchError(f"{path}: not a Parquet games file ({clip(str(exc), 120)})") from None
    else:
        text = reading.read_text(path, GAMES_BYTES, _games_error)
        if kind == ".csv":
            try:
                rows = list(csv.DictReader(io.StringIO(text, newline="")))
            except csv.Error as exc:
                raise BatchError(f"{path}: not a CSV games file ({clip(str(exc), 120)})") from None
        else:
            rows = [reading.parse_json(line, f"{path}: line {i}", _games_error)
                    for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not all(isinstance(r, dict) for r in rows):
        raise BatchError(f"{path}: every row of a games file is an object of columns")
    return rows


def _object(text) -> dict:
    value = json.loads(text) if isinstance(text, str) else text
    if not isinstance(value, dict):
        raise TypeError(f"expected a JSON object, got {shorten(value)}")
    return value


def _weights(text) -> dict:
    """A row's AI personality: names to finite numbers, as --personality KEY=NUMBER gives."""
    weights = _object(text)
    for key, value in weights.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"personality {shorten(key)}: expected a finite number, got {shorten(value)}")
    return weights


def game_from_row(rows: list[dict], number: int, where: str = "games file"):
    """Game `number` of a games file, played again from its seed and levels, and checked."""
    try:
        numbers = [int(r["game"]) for r in rows]
        row = next((r for r, n in zip(rows, numbers) if n == number), None)
        if row is None:
            raise BatchError(f"{where}: no game {number} (games {min(numbers)}-{max(numbers)})"
                             if rows else f"{where}: holds no games")
        spec = spec_from_file(row["scenario"], seed=int(row["master_seed"]),
                              options=_object(row["options"]), personality=_weights(row["personality"]),
                              max_actions=int(row["max_actions"]))
        levels = summary_from_row(row).levels
        seed = int(row["game_seed"])
    except KeyError as exc:
        raise BatchError(f"{where}: no column {shorten(exc.args[0])} (not a games file of kassen simulate)") from None
    except (ValueError, TypeError, AttributeError) as exc:
        raise BatchError(f"{where}: a malformed row ({clip(str(exc), 120)})") from None
    try:    # the row's levels and weights, checked as `simulate` checks its arguments
        check_spec(replace(spec, lineup=tuple(levels.values())[:1] or spec.lineup, levels=levels))
        sides = spec.game.new(spec.scenario, seed, **spec.options).sides()
        if set(levels) != set(sides):
            raise BatchError(f"its levels are for sides {', '.join(sorted(levels)) or '(none)'}, "
                             f"but {clip(str(row['scenario']), 120)} has sides {', '.join(sides)}")
    except BatchError as exc:
        raise BatchError(f"{where}: game {number}: {exc}") from None
    game = replay_game(spec, seed, levels)
    if row["digest"] and state_digest(game) != row["digest"]:
        raise BatchError(f"{where}: game {number} did not replay to the state it ended in "
                         "(written by another version of Kassen or of the scenario?)")
    return game
