"""Bounded memos: answers kept for speed in plain dicts, all dropped at once when one is full.

A kept answer is a function of its key alone (and of what never changes in a game), so
dropping answers costs time, never a result. Callers look an answer up with `dict.get` inline,
the hit path being the hot one, and store a miss with `keep`, which holds the bound."""
from __future__ import annotations


def keep(kept: dict, key, value, limit: int):
    """`value`, stored under `key` in `kept`; everything kept is dropped first when `kept`
    already holds `limit` answers."""
    if len(kept) >= limit:
        kept.clear()
    kept[key] = value
    return value
