"""Named rulings (data/rulings.toml): the one place where a reader with the printed rulebook
changes a proposed default. Code asks `ruling("name")` and cites the id as `# ruling A-n`."""
from __future__ import annotations

import sys
import tomllib
from functools import lru_cache
from pathlib import Path

PATH = Path(__file__).with_name("data") / "rulings.toml"


@lru_cache(maxsize=1)
def table() -> dict[str, dict]:
    with PATH.open("rb") as fh:
        data = tomllib.load(fh)
    ids = [entry["id"] for entry in data.values()]
    if len(ids) != len(set(ids)):
        raise ValueError(f"{PATH}: duplicate ruling ids")
    return data


def ruling(name: str):
    return table()[name]["value"]


def markdown_rows() -> list[str]:
    """Rows of the `## A Most Dangerous Time` table in docs/rulings.md."""
    def num(entry):
        return int(entry["id"].split("-")[1])
    rows = []
    for name, entry in sorted(table().items(), key=lambda kv: num(kv[1])):
        rows.append(f"| {entry['id']} | {entry['section']} | `{name}` = `{entry['value']}`: "
                    f"{entry['text']} | rules/amdt.md proposed default; change in "
                    f"sim/amdt/data/rulings.toml |")
    return rows


if __name__ == "__main__" and "--markdown" in sys.argv:
    print("\n".join(markdown_rows()))
