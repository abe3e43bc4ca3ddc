"""A scenario prepared once for the many games a batch plays of it (`DaimyoGame.maker`): parsed
and checked once, and its terrain cut into triangles once. The triangles (straight_ahead's
memo by WKB, read-only arrays) are worked out on a throwaway state of the scenario for every
kind of mover and handed to each game as a read-only mapping behind the game's own memo, so
a game asks the same shapes and gets the same numbers as alone. Nothing of it is saved: a
save loaded alone cuts its own triangles."""
from __future__ import annotations

from collections import ChainMap
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from sim.daimyo import straight_ahead, terrain_touch
from sim.daimyo.tables import tables
from sim.daimyo.terrain import terrain_map


@dataclass(frozen=True)
class ScenarioGames:
    """Games of one prepared scenario by seed (`Game.maker`); immutable, shared by its games."""
    game: type
    scenario: dict               # with the options laid over it: each game's own record
    parsed: Any                  # the checked ScenarioIn
    triangles: Mapping           # WKB -> read-only triangles, shared read-only

    def __call__(self, seed: int):
        return self.game._start(self.scenario, self.parsed, seed, self.triangles)


def ground_triangles(st) -> Mapping:
    """Every terrain shape movement cuts into triangles (each mover kind's patches and
    interiors, the road zone and the table off the road), as a read-only mapping."""
    big = tables().terrain_effects.house_max_stands + 1
    for cavalry in (False, True):
        for stands in (1, big):
            terrain_touch.cut_all(st, terrain_map(st, cavalry, stands))
    return MappingProxyType(dict(straight_ahead.triangle_memo(st)))


def share_triangles(st, triangles: Mapping) -> None:
    """A new game's triangle memo: its own dict first (what it cuts that the scenario's did
    not), the scenario's behind it (never written)."""
    st.geometry_cache["triangles"] = ChainMap({}, triangles)
