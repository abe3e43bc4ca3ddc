"""The Hellas rulings register (data/rulings.toml): every open default of the rules reference as
one named value, loaded once. Code reads `RULINGS["key"]` and cites the ruling id beside it."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from sim.core.errors import ScenarioError

DATA = Path(__file__).parent / "data"


@lru_cache(maxsize=None)
def rulings_table() -> tuple[dict, ...]:
    path = DATA / "rulings.toml"
    rows = tomllib.loads(path.read_text())["ruling"]
    seen: set[str] = set()
    for i, row in enumerate(rows):
        for key in ("id", "key", "section", "value", "ruling", "why"):
            if key not in row:
                raise ScenarioError(str(path), f"ruling[{i}].{key}", "missing")
        if row["id"] in seen or row["key"] in seen:
            raise ScenarioError(str(path), f"ruling[{i}]", f"duplicate {row['id']}/{row['key']}")
        seen.update((row["id"], row["key"]))
    return tuple(rows)


class _Rulings:
    def __getitem__(self, key: str):
        return _values()[key]


@lru_cache(maxsize=None)
def _values() -> dict:
    return {row["key"]: row["value"] for row in rulings_table()}


RULINGS = _Rulings()


def markdown_rows() -> str:
    """The `## Hellas` rows of docs/rulings.md, generated from the register."""
    return "\n".join(f"| {r['id']} | {r['section']} | {r['ruling']} (`{r['key']}` = {r['value']!r}) | {r['why']} |"
                     for r in rulings_table())
