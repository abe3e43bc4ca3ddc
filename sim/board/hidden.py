"""Hidden information helpers: what one side may see of blocks and of the event log.

Events that carry secrets subclass `PrivateEvent`: they name the side allowed to see them in
full, and `public()` returns what everyone else sees (counts instead of identities).
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from sim.board.blocks import Block


class PrivateEvent:
    """Mixin for events with a secret part; `owner` sees the event as is."""
    owner: str

    def public(self):  # pragma: no cover - every subclass overrides
        raise NotImplementedError


def events_for(events: Iterable, side: str | None, secret=lambda ev: False) -> list:
    """The event log as `side` sees it (None: an omniscient spectator sees everything).
    `secret(ev)` marks events no player may see at all, such as the draws of a shuffle, which
    would give away the order of a deck."""
    out = []
    for ev in events:
        if side is not None:
            if secret(ev):
                continue
            if isinstance(ev, PrivateEvent) and ev.owner != side:
                ev = ev.public()
        out.append(ev)
    return out


def block_face(block: Block, viewer: str | None) -> dict:
    """A block as `viewer` sees it: full face for its owner or when face up, else only side."""
    if block.visible_to(viewer):
        return {"id": block.id, "side": block.side, "face": block.face, "strength": block.strength,
                "steps": block.steps, "face_up": block.face_up, "marks": dict(block.marks)}
    return {"side": block.side, "hidden": True}


def counts_by_location(blocks: Iterable[Block]) -> dict[str, Counter]:
    """Per location, how many blocks each side has there (what a hidden stack shows)."""
    out: dict[str, Counter] = {}
    for b in blocks:
        out.setdefault(b.location, Counter())[b.side] += 1
    return out


def stacks_view(blocks: Iterable[Block], viewer: str | None, sides: Iterable[str],
                include=lambda loc: True) -> dict[str, dict]:
    """Per location: how many blocks each side has, and the faces `viewer` may see (his own,
    and any face up). The usual per-side map view of a block game."""
    out: dict[str, dict] = {}
    names = tuple(sides)
    for b in blocks:
        if not include(b.location):
            continue
        entry = out.setdefault(b.location, {**{s: 0 for s in names}, "blocks": []})
        entry[b.side] += 1
        if b.visible_to(viewer):
            entry["blocks"].append(block_face(b, viewer))
    for entry in out.values():
        entry["blocks"].sort(key=lambda d: d["id"])
    return out
