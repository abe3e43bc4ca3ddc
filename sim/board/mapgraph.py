"""A board map: locations (nodes with attributes) joined by typed connections (edges).

Loaded from TOML tables (`[[location]]` and `[[road]]` by default, names configurable) and
validated once, so game code can trust every name. Movement reach, supply and retreat are
graph queries over an undirected networkx graph; callers pass predicates for what blocks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field

from sim.core.errors import ScenarioError
from sim.core.scenario import validate_model

EDGE_KINDS = frozenset({"highway", "road", "sea", "strait", "border"})

Edge = frozenset  # an undirected segment, frozenset({a, b})


class _Location(BaseModel):
    model_config = ConfigDict(extra="allow")
    name: str = Field(min_length=1)
    x: float = Field(ge=0, le=1)
    y: float = Field(ge=0, le=1)


class _Connection(BaseModel):
    model_config = ConfigDict(extra="allow")
    a: str
    b: str
    kind: str


def segment(a: str, b: str) -> frozenset:
    return frozenset((a, b))


@dataclass
class BoardMap:
    graph: nx.Graph
    boxes: dict[str, dict]   # off-map boxes (recruitment pools and the like), by name

    # -- attributes --------------------------------------------------------------------
    @property
    def locations(self) -> list[str]:
        return list(self.graph.nodes)

    def attr(self, loc: str, key: str, default=None):
        return self.graph.nodes[loc].get(key, default)

    def where(self, key: str, value=True) -> list[str]:
        """Locations whose attribute `key` equals `value` (e.g. where("castle"))."""
        return [n for n, d in self.graph.nodes(data=True) if d.get(key) == value]

    def kind(self, a: str, b: str) -> str | None:
        data = self.graph.get_edge_data(a, b)
        return None if data is None else data["kind"]

    def neighbours(self, loc: str, kinds: Iterable[str] | None = None) -> list[str]:
        allowed = None if kinds is None else set(kinds)
        return [n for n in self.graph.neighbors(loc)
                if allowed is None or self.graph.edges[loc, n]["kind"] in allowed]

    def edges(self) -> Iterator[tuple[str, str, str]]:
        for a, b, d in self.graph.edges(data=True):
            yield a, b, d["kind"]

    # -- queries -----------------------------------------------------------------------
    def paths(self, start: str, max_len: int, *, kinds: Iterable[str] | None = None,
              can_enter: Callable[[str], bool] = lambda loc: True,
              must_stop: Callable[[str], bool] = lambda loc: False,
              edge_ok: Callable[[str, str], bool] = lambda a, b: True) -> list[tuple[str, ...]]:
        """Every simple path from `start` of 1..max_len steps. A path may enter a location only
        if `can_enter`, and ends at any location where `must_stop` (enemy pieces, say)."""
        out: list[tuple[str, ...]] = []

        def walk(path: tuple[str, ...]) -> None:
            if len(path) - 1 >= max_len:
                return
            here = path[-1]
            for nxt in self.neighbours(here, kinds):
                if nxt in path or not edge_ok(here, nxt) or not can_enter(nxt):
                    continue
                longer = path + (nxt,)
                out.append(longer)
                if not must_stop(nxt):
                    walk(longer)

        walk((start,))
        return out

    def reach(self, start: str, max_len: int, **kw) -> set[str]:
        """Locations a mover can end in (movement reach)."""
        return {p[-1] for p in self.paths(start, max_len, **kw)}

    def connected_path(self, start: str, targets: Iterable[str], *,
                       passable: Callable[[str], bool] = lambda loc: True,
                       kinds: Iterable[str] | None = None) -> list[str] | None:
        """Shortest path from start to any target through passable locations (supply lines,
        lines of communication); None if cut off. Targets themselves need not be passable."""
        goals = set(targets)
        allowed = None if kinds is None else set(kinds)
        view = nx.subgraph_view(
            self.graph,
            filter_node=lambda n: n == start or n in goals or passable(n),
            filter_edge=lambda a, b: allowed is None or self.graph.edges[a, b]["kind"] in allowed)
        best = None
        for goal in goals:
            if goal not in view:
                continue
            try:
                p = nx.shortest_path(view, start, goal)
            except nx.NetworkXNoPath:
                continue
            if best is None or len(p) < len(best):
                best = p
        return best

    def retreat_options(self, loc: str, *, can_enter: Callable[[str], bool],
                        forbidden: Iterable[frozenset] = (), only: Iterable[frozenset] | None = None,
                        kinds: Iterable[str] | None = None) -> list[str]:
        """Adjacent locations a loser may fall back to: not through `forbidden` segments, and
        (when `only` is given) only through those segments."""
        banned = set(forbidden)
        allowed = None if only is None else set(only)
        return [n for n in self.neighbours(loc, kinds)
                if segment(loc, n) not in banned
                and (allowed is None or segment(loc, n) in allowed)
                and can_enter(n)]

    def distances(self, start: str) -> dict[str, int]:
        return nx.single_source_shortest_path_length(self.graph, start)


def _validated(model, raw: dict, where: str, key: str):
    """pydantic check of one table, with the key path made absolute (location[3].x)."""
    try:
        return validate_model(model, raw, where)
    except ScenarioError as exc:
        raise ScenarioError(where, f"{key}.{exc.key}", exc.reason) from None


def load_map(data: dict, where: str, *, location_key: str = "location", edge_key: str = "road",
             box_key: str = "box", edge_kinds: Iterable[str] = EDGE_KINDS,
             require_connected: bool = True) -> BoardMap:
    """Build and validate a BoardMap; every problem is a ScenarioError naming file and key."""
    kinds = set(edge_kinds)
    locs = data.get(location_key)
    if not isinstance(locs, list) or not locs:
        raise ScenarioError(where, location_key, "expected a non-empty array of tables")
    g = nx.Graph()
    for i, raw in enumerate(locs):
        key = f"{location_key}[{i}]"
        if not isinstance(raw, dict):
            raise ScenarioError(where, key, "expected a table")
        loc = _validated(_Location, raw, where, key)
        if loc.name in g:
            raise ScenarioError(where, f"{key}.name", f"duplicate location {loc.name!r}")
        g.add_node(loc.name, **raw)
    for i, raw in enumerate(data.get(edge_key, [])):
        key = f"{edge_key}[{i}]"
        if not isinstance(raw, dict):
            raise ScenarioError(where, key, "expected a table")
        edge = _validated(_Connection, raw, where, key)
        for end in ("a", "b"):
            name = getattr(edge, end)
            if name not in g:
                raise ScenarioError(where, f"{key}.{end}", f"unknown location {name!r} (dangling connection)")
        if edge.a == edge.b:
            raise ScenarioError(where, key, f"connection from {edge.a!r} to itself")
        if edge.kind not in kinds:
            raise ScenarioError(where, f"{key}.kind", f"unknown connection kind {edge.kind!r}; "
                                f"expected one of {sorted(kinds)}")
        if g.has_edge(edge.a, edge.b):
            raise ScenarioError(where, key, f"duplicate connection {edge.a}-{edge.b}")
        g.add_edge(edge.a, edge.b, **raw)
    if require_connected and not nx.is_connected(g):
        parts = sorted(nx.connected_components(g), key=len)
        raise ScenarioError(where, edge_key, f"map is not connected: {sorted(parts[0])} are cut off")
    boxes = {}
    for i, raw in enumerate(data.get(box_key, [])):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise ScenarioError(where, f"{box_key}[{i}].name", "every box needs a name")
        boxes[raw["name"]] = raw
    return BoardMap(g, boxes)


def check_names(names: Iterable[str], board: BoardMap, where: str, key: str) -> None:
    """Scenario data naming locations (setup, reinforcements) must name real ones."""
    for name in names:
        if name not in board.graph and name not in board.boxes:
            raise ScenarioError(where, key, f"unknown location {name!r}")
