"""What a game works out from its own state and keeps (`DaimyoState.geometry_cache`: per game,
transient, never saved), in one get-or-make instead of one written out in each module."""
from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")


def derived(st, key, make: Callable[[], T], made_from=None) -> T:
    """`make()` kept under `key`, made once, and again whenever `made_from` (what it is worked
    out from: the table arrays' build, a terrain map, the table's size) has changed."""
    got = st.geometry_cache.get(key)
    if got is None or got[0] != made_from:
        got = st.geometry_cache[key] = (made_from, make())
    return got[1]
