"""Static data of the game, loaded and validated once: the map (through sim.board), clans,
leaders, chits, cards and the per-player-count tables of game.toml."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sim.board import BoardMap, load_map
from sim.core.errors import ScenarioError
from sim.core.reading import read_toml

HERE = Path(__file__).with_name("data")
LINK_KINDS = ("land", "sea", "strait")


@dataclass(frozen=True)
class Data:
    board: BoardMap
    provinces: dict[str, dict]
    clans: dict[str, dict]
    leaders: dict[str, dict]
    garrisons: list[dict]
    start_owner: dict[str, str]
    chits: dict[str, dict]
    cards: dict[str, dict]
    reinforcements: list[dict]
    modes: dict[int, dict]

    def castle(self, sector: str) -> int:
        return int(self.board.attr(sector, "castle", 0))

    def province(self, sector: str) -> str:
        return self.board.attr(sector, "province")

    def is_sea(self, sector: str) -> bool:
        return "sea" in self.tags(sector)

    def tags(self, sector: str) -> list[str]:
        return self.board.attr(sector, "tags", []) or []

    def link_road(self, a: str, b: str) -> str:
        edge = self.board.graph.edges[a, b]
        return edge["road"] if edge["kind"] == "land" else edge["kind"]


def _read(name: str) -> dict:
    return read_toml(HERE / name)


@lru_cache(maxsize=1)
def data() -> Data:
    raw_map = _read("map.toml")
    board = load_map(raw_map, str(HERE / "map.toml"), location_key="sector", edge_key="link",
                     edge_kinds=LINK_KINDS)
    provinces = {p["name"]: p for p in raw_map["province"]}
    g = _read("game.toml")
    where = str(HERE / "game.toml")
    for sector in board.locations:
        if board.attr(sector, "province") not in provinces:
            raise ScenarioError(where, f"sector {sector}", "unknown province")
    leaders = {l["id"]: l for l in g["leader"]}
    for lid, l in leaders.items():
        if l["clan"] not in g["clan"] or l["at"] not in board.graph:
            raise ScenarioError(where, f"leader {lid}", "unknown clan or sector")
    garrisons = []
    for i, gar in enumerate(g["garrison"]):
        places = gar["at"] if isinstance(gar["at"], list) else [gar["at"]]
        for p in places:
            if p not in board.graph or gar["clan"] not in g["clan"]:
                raise ScenarioError(where, f"garrison[{i}]", f"unknown sector or clan {p}/{gar['clan']}")
            garrisons.append({**gar, "at": p})
    modes = {int(k): v for k, v in g["mode"].items()}
    from sim.amdt.rulings import ruling
    omitted = ruling("omitted_cards")                  # ruling A-66: targets not in the OOB
    cards = {k: c for k, c in g["card"].items() if c["title"] not in omitted}
    windows = set(ruling("card_windows")) | {"enemy_mp"}    # ruling A-63 (+ Rain, A-65)
    for k, c in cards.items():
        if c["timing"] not in windows:
            raise ScenarioError(where, f"card.{k}.timing", f"expected one of {sorted(windows)}")
        if c.get("garrison") and c["garrison"] not in board.graph:
            raise ScenarioError(where, f"card.{k}.garrison", f"unknown sector {c['garrison']}")
    return Data(board, provinces, g["clan"], leaders, garrisons, g.get("start_owner", {}),
                g["chit"], cards, g.get("reinforcement", []), modes)
