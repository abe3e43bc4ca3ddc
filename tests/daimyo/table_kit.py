"""Small hand-built Daimyo tables for rule tests: exact positions, no dice unless forced."""
from __future__ import annotations

import copy

from sim.daimyo.game import DaimyoGame

INF = dict(troop="ashigaru", quality="regular", weapons=["long_spear"], armour="light")   # 11 cm
CAV = dict(troop="mounted_samurai", quality="veteran", weapons=["lance"], armour="heavy")  # 15 cm


def unit(id, x, y, facing=90.0, stands=4, files=4, **kw) -> dict:
    spec = dict(INF)
    spec.update(kw)
    spec.update(id=id, x=x, y=y, facing=facing, stands=stands, files=files)
    return spec


def scenario(east: list[dict], west: list[dict] = (), terrain: list[dict] = (), width=200.0,
             height=120.0, east_daimyo=(5.0, 5.0), west_daimyo=(195.0, 115.0),
             east_army: dict | None = None, west_army: dict | None = None) -> dict:
    army = {"east": east_army or {}, "west": west_army or {}}
    def side(name, units, at, gx, gy, edge):
        units = list(units) or [unit(f"{name}-dummy", width - 20 if edge == "north" else 20,
                                     height - 10 if edge == "north" else 10,
                                     270 if edge == "north" else 90, stands=2, files=2)]
        out = {"side": name, "name": f"{name} army", "edge": edge,
               "general": {"name": f"{name} general", "rating": 3, "seated": False, "x": gx, "y": gy},
               "clans": [{"id": f"{name}-clan", "name": f"{name} clan",
                          "daimyo": {"name": f"{name} daimyo", "rating": 2, "x": at[0], "y": at[1]},
                          "units": units}]}
        out.update(army.get(name, {}))
        return out
    return {"system": "daimyo", "meta": {"title": "test table"},
            "table": {"width": width, "height": height},
            "terrain": [dict(t) for t in terrain],
            "armies": [side("east", east, east_daimyo, 2.0, 2.0, "south"),
                       side("west", west, west_daimyo, width - 2, height - 2, "north")]}


def game(sc: dict, seed: int = 0) -> DaimyoGame:
    return DaimyoGame.new(copy.deepcopy(sc), seed)


def give_orders(g: DaimyoGame, side: str = "east", clan: str | None = None, obey: bool = True) -> DaimyoGame:
    """Put the game in `side`'s movement step with its clan active (the 4.1 roll skipped)."""
    st = g.state
    st.pending = []
    st.phase = "orders"
    st.to_move = side
    st.active_clan = clan or f"{side}-clan"
    st.active_general = ""
    if obey:
        for u in st.living(side):
            u.obedience = "passed"
    return g


def moved(g: DaimyoGame, events, kind="UnitMoved"):
    return [e for e in events if e.kind == kind]


def charge_next(g: DaimyoGame, charger: str, target: str) -> DaimyoGame:
    """The side to move ends its movement and shooting; the other side, given orders, charges
    `target` with `charger`, the target stands (4.4) and the charging side ends its movement."""
    from sim.daimyo import actions as A
    from sim.daimyo.combat import Charge, React
    ending = g.state.to_move
    g.apply(A.EndMovement(ending))
    g.apply(A.EndShooting(ending))
    side = "west" if ending == "east" else "east"
    give_orders(g, side)
    g.apply(Charge(side, charger, target))
    g.apply(React(ending, target, "stand"))
    g.apply(A.EndMovement(side))
    return g

