"""The Hellas map (data/hellas_map.toml) on the generic board engine: areas and seas are graph
nodes, borders typed edges (land, pass, strait, coast, sea, inset). Cities are a table of their
own, keyed by name, each in one area; a port has exactly one offshore sea (7.4)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from sim.board import BoardMap, load_map
from sim.core.errors import ScenarioError
from sim.core.reading import read_toml

MAP_FILE = Path(__file__).parent / "data" / "hellas_map.toml"
LAND_KINDS = ("land", "pass", "strait")
SEA_KINDS = ("sea", "inset")


@dataclass(frozen=True)
class City:
    name: str
    area: str
    port: bool
    offshore_sea: str
    loyalty: str
    walled: bool
    capacity: int
    tribute: int
    x: float
    y: float


@dataclass
class HellasMap:
    board: BoardMap
    cities: dict[str, City]
    grain_seas: tuple[str, ...]

    def __post_init__(self) -> None:
        nodes = self.board.graph.nodes
        self._seas = frozenset(n for n in nodes if nodes[n].get("kind") == "sea")
        self._inset = frozenset(n for n in nodes if nodes[n].get("inset"))
        self._by_area: dict[str, list[City]] = {}
        for c in self.cities.values():
            self._by_area.setdefault(c.area, []).append(c)

    def fortified(self, forts: dict[str, str]) -> "HellasMap":
        """This map with each empty site in `forts` made a walled city (capacity 1) loyal to the
        side that fortified it (Fortify Pylos, ruling H-50); the shared map is never changed."""
        if not forts:
            return self
        loyalty = {"athens": "athenian", "sparta": "spartan"}
        cities = dict(self.cities)
        for name, side in forts.items():
            cities[name] = replace(cities[name], loyalty=loyalty[side], walled=True, capacity=1)
        return HellasMap(self.board, cities, self.grain_seas)

    def is_sea(self, loc: str) -> bool:
        return loc in self._seas

    def is_inset(self, loc: str) -> bool:
        return loc in self._inset

    def land_neighbours(self, area: str) -> list[str]:
        return self.board.neighbours(area, LAND_KINDS)

    def seas_of(self, area: str) -> list[str]:
        """Seas touching a land area (coast borders): all of them serve a block holding the area."""
        return self.board.neighbours(area, ("coast",))

    def is_coastal(self, area: str) -> bool:
        return bool(self.seas_of(area))

    def cities_in(self, area: str) -> list[City]:
        return list(self._by_area.get(area, ()))

    def ports_on(self, sea: str) -> list[City]:
        return [c for c in self.cities.values() if c.port and c.offshore_sea == sea]


@lru_cache(maxsize=None)
def load_hellas_map(path: str = str(MAP_FILE)) -> HellasMap:
    """The reconstructed map (ruling H-62), validated on load."""
    data = read_toml(path)
    board = load_map(data, path, location_key="area", edge_key="border",
                     edge_kinds=data["meta"]["border_kinds"])
    cities: dict[str, City] = {}
    for i, raw in enumerate(data.get("city", [])):
        key = f"city[{i}]"
        if raw["area"] not in board.graph or board.attr(raw["area"], "kind") != "land":
            raise ScenarioError(path, f"{key}.area", f"unknown land area {raw['area']!r}")
        if raw["port"]:
            # 7.4: the one offshore sea must be a sea touching the city's own area
            if raw["offshore_sea"] not in board.neighbours(raw["area"], ("coast",)):
                raise ScenarioError(path, f"{key}.offshore_sea", f"{raw['offshore_sea']!r} is not a coast of {raw['area']}")
        if raw["name"] in cities:
            raise ScenarioError(path, f"{key}.name", f"duplicate city {raw['name']!r}")
        cities[raw["name"]] = City(raw["name"], raw["area"], bool(raw["port"]), raw["offshore_sea"],
                                   raw["loyalty"], bool(raw["walled"]), int(raw["capacity"]),
                                   int(raw["tribute"]), float(raw["x"]), float(raw["y"]))
    grain = tuple(data["meta"]["grain_route_seas"])
    for sea in grain:
        if board.attr(sea, "kind") != "sea":
            raise ScenarioError(path, "meta.grain_route_seas", f"{sea!r} is not a sea")
    return HellasMap(board, cities, grain)
