"""The legal actions of the side to act, indexed the ways a person reaches them: by the place
they start from and the place they go to (clicks on the map), and by kind (the list).
No pygame here: the click logic is tested without a window."""
from __future__ import annotations

import re

from render.board.adapter import Anchor, BoardAdapter


def describe(action, game) -> str:
    """The game's own words for an action; a readable fallback for one without describe()."""
    if hasattr(action, "describe"):
        return action.describe(game)
    fields = [str(v) for k, v in action.__dict__.items() if k != "side" and v not in ("", None, ())]
    return " ".join([words(action.kind)] + fields)


def words(kind: str) -> str:
    """"EndActivation" -> "End activation"."""
    text = re.sub(r"(?<!^)(?=[A-Z])", " ", kind).lower()
    return text[:1].upper() + text[1:]


class Choices:
    def __init__(self, game, adapter: BoardAdapter, actions: list):
        self.actions = list(actions)
        self.anchors: list[Anchor] = [adapter.anchor(a) for a in self.actions]
        self.labels = [describe(a, game) for a in self.actions]
        self.end_kinds = adapter.end_kinds
        self._pinned = [i for i, a in enumerate(self.actions) if a.kind in self.end_kinds]
        self._rows: dict[str | None, list] = {}

    def __len__(self) -> int:
        return len(self.actions)

    # -- the map ------------------------------------------------------------------------------
    def origins(self) -> set[str]:
        return {a.origin for a in self.anchors if a.origin}

    def from_place(self, place: str) -> list[int]:
        return [i for i, a in enumerate(self.anchors) if a.origin == place]

    def moves_from(self, place: str) -> dict[str, list[int]]:
        """Destination -> the actions going there from `place` (more than one: a real choice)."""
        out: dict[str, list[int]] = {}
        for i, a in enumerate(self.anchors):
            if a.origin == place and a.dest:
                out.setdefault(a.dest, []).append(i)
        return out

    def at(self, place: str) -> list[int]:
        """Actions done at a place, going nowhere (activate, assault, fight here...)."""
        return [i for i, a in enumerate(self.anchors) if a.origin == place and not a.dest]

    def only_mover(self) -> str | None:
        """The one place all moves start from (the active stack), to select it at once."""
        starts = {a.origin for a in self.anchors if a.dest}
        return starts.pop() if len(starts) == 1 else None

    def click(self, place: str | None, selected: str | None) -> tuple[str, object]:
        """What a click on `place` does, given the selected place:
        ("apply", i) | ("choose", [i...]) | ("select", place) | ("deselect", None)."""
        if place is None:
            return "deselect", None
        if selected and place != selected:
            dests = self.moves_from(selected).get(place)
            if dests:
                return ("apply", dests[0]) if len(dests) == 1 else ("choose", dests)
        if self.moves_from(place):
            if place == selected and self.at(place):
                return "choose", self.at(place)
            return ("deselect", None) if place == selected else ("select", place)
        here = self.at(place)
        if len(here) == 1:
            return "apply", here[0]
        if here:
            return "choose", here
        return "deselect", None

    # -- the list -------------------------------------------------------------------------------
    def pinned(self) -> list[int]:
        """Pass / end choices, always visible under the list."""
        return self._pinned

    def rows(self, selected: str | None = None) -> list[tuple[str, int | None]]:
        """The list as (text, index) rows; a group heading has index None. The selected place's
        actions come first, then every other action grouped by kind in the rules' order."""
        pinned = set(self.pinned())
        out: list[tuple[str, int | None]] = []
        first = self.from_place(selected) if selected else []
        if first:
            out.append((f"{selected}", None))
            out += [(self.labels[i], i) for i in first]
        groups: dict[str, list[int]] = {}
        for i, a in enumerate(self.actions):
            if i not in pinned:
                groups.setdefault(a.kind, []).append(i)
        for kind, idx in groups.items():
            out.append((f"{words(kind)} ({len(idx)})" if len(idx) > 1 else words(kind), None))
            out += [(self.labels[i], i) for i in idx]
        return out
