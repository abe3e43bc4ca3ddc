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
                    f"{entry['text']} | {entry.get('why', 'rules/amdt.md proposed default')}; change in "
                    f"sim/amdt/data/rulings.toml |")
    return rows


if __name__ == "__main__" and "--markdown" in sys.argv:
    print("\n".join(markdown_rows()))


DOCS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"
HEADER = "## A Most Dangerous Time\n\n| id | section | ruling | why |\n|---|---|---|---|\n"


def docs_section(text: str) -> list[str]:
    """The table rows currently in docs/rulings.md's A Most Dangerous Time section."""
    start = text.index(HEADER) + len(HEADER)
    rows = []
    for line in text[start:].splitlines():
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def write_docs() -> None:
    text = DOCS.read_text()
    old = "\n".join(docs_section(text))
    start = text.index(HEADER) + len(HEADER)
    body = "\n".join(markdown_rows())
    text = text[:start] + body + text[start + len(old):]
    DOCS.write_text(text)


if __name__ == "__main__" and "--write-docs" in sys.argv:
    write_docs()
