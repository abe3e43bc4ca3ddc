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
import json
from pathlib import Path

from sim.batch.spec import BatchError, RunSpec, spec_from_file
from sim.batch.worker import GameSummary, replay_game
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


def read_games(path: str | Path) -> list[dict]:
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise BatchError(f"{path}: not a games file ({', '.join(FORMATS)})")
    if not path.is_file():
        raise BatchError(f"{path}: no such file")
    kind = path.suffix.lower()
    if kind == ".parquet":
        return _pyarrow().parquet.read_table(path).to_pylist()
    with path.open(newline="") as fh:
        if kind == ".csv":
            return list(csv.DictReader(fh))
        return [json.loads(line) for line in fh if line.strip()]


def game_from_row(rows: list[dict], number: int, where: str = "games file"):
    """Game `number` of a games file, played again from its seed and levels, and checked."""
    row = next((r for r in rows if int(r["game"]) == number), None)
    if row is None:
        raise BatchError(f"{where}: no game {number} (games {min(int(r['game']) for r in rows)}-"
                         f"{max(int(r['game']) for r in rows)})" if rows else f"{where}: holds no games")
    spec = spec_from_file(row["scenario"], seed=int(row["master_seed"]), options=json.loads(row["options"]),
                          personality=json.loads(row["personality"]), max_actions=int(row["max_actions"]))
    levels = summary_from_row(row).levels
    game = replay_game(spec, int(row["game_seed"]), levels)
    if row["digest"] and state_digest(game) != row["digest"]:
        raise BatchError(f"{where}: game {number} did not replay to the state it ended in "
                         "(written by another version of Kassen or of the scenario?)")
    return game
