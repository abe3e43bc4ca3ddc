"""Named rulings. data/rulings.toml holds the switches: the one place where a reader with the
printed rulebook changes a proposed default; code asks `ruling("name")` for every one of them.
data/choices.toml records the choices the code implements with no alternative (not switches).
Code cites both as `# ruling A-n`; docs/rulings.md lists both, generated from the two files."""
from __future__ import annotations

import sys
import tomllib
from functools import lru_cache
from pathlib import Path

PATH = Path(__file__).with_name("data") / "rulings.toml"
CHOICES = PATH.with_name("choices.toml")


def _load(path: Path) -> dict[str, dict]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


@lru_cache(maxsize=1)
def table() -> dict[str, dict]:
    """The switches (rulings.toml)."""
    data = _load(PATH)
    ids = [entry["id"] for entry in [*data.values(), *choices().values()]]
    if len(ids) != len(set(ids)):
        raise ValueError(f"{PATH}, {CHOICES}: duplicate ruling ids")
    return data


@lru_cache(maxsize=1)
def choices() -> dict[str, dict]:
    """The fixed choices (choices.toml): documented, never read as values."""
    return _load(CHOICES)


def ruling(name: str):
    return table()[name]["value"]


def markdown_rows() -> list[str]:
    """Rows of the `## A Most Dangerous Time` table in docs/rulings.md."""
    def num(entry):
        return int(entry["id"].split("-")[1])
    rows = []
    every = [*table().items(), *choices().items()]
    for name, entry in sorted(every, key=lambda kv: num(kv[1])):
        switch = "value" in entry
        where = "change in sim/amdt/data/rulings.toml" if switch else "fixed in code (sim/amdt/data/choices.toml)"
        rows.append(f"| {entry['id']} | {entry['section']} | `{name}` = `{entry['value' if switch else 'choice']}`: "
                    f"{entry['text']} | {entry.get('why', 'rules/amdt.md proposed default')}; {where} |")
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
