"""Building exact situations for the AMDT tests: a fresh game, units placed by hand, a chosen
chit active with a known movement allowance, dice forced."""
from __future__ import annotations

import pytest

from sim.amdt import GAME
from sim.amdt import actions as A
from sim.amdt.control import chit_player, on_map
from sim.amdt.setup import new_soldier
from sim.amdt.state import Activation
from sim.core.codec import encode
from sim.core.errors import RuleError


def game(players: int = 2, seed: int = 1, **options):
    return GAME.new({"system": "amdt", "players": players}, seed, **options)


def activate(g, chit: str, mp: int = 10):
    st = g.state
    st.battle, st.decision, st.phase = None, None, "activation"
    st.active = Activation(chit, chit_player(st, chit), mp)
    if chit in st.pool:
        st.pool.remove(chit)
    return st.active


def put(g, sector: str, clan: str, n: int, in_castle: bool = False, owner: str | None = None,
        guard: bool = False):
    out = []
    for _ in range(n):
        u = new_soldier(g.state, clan, sector)
        u.in_castle, u.guard = in_castle, guard
        if owner is not None:
            u.owner = owner
        out.append(u)
    g.state.start_soldiers[clan] = g.state.start_soldiers.get(clan, 0) + n
    return out


def clear(g, sector: str, keep_leaders: bool = False):
    """Remove the soldiers of a sector (and send its leaders to Gifu unless kept)."""
    for u in on_map(g.state, sector):
        if u.kind == "soldier":
            del g.state.units[u.id]
            u.status = "gone"
        elif not keep_leaders:
            u.sector = "Gifu"


def move(g, leader: str, sector: str):
    g.state.units[leader].sector = sector


def soldiers_at(g, sector: str, clan: str | None = None, **attrs):
    return [u for u in on_map(g.state, sector) if u.kind == "soldier"
            and (clan is None or u.clan == clan)
            and all(getattr(u, k) == v for k, v in attrs.items())]


def step(g, fn):
    """Run a rule helper inside the event machinery (as apply would)."""
    return g.run_step(fn)


def snapshot(g):
    return encode(g.state)


def kinds(events):
    return [e.kind for e in events]


def refused(g, action, rule: str) -> None:
    """The action raises RuleError naming `rule` and leaves the state untouched."""
    before = snapshot(g)
    with pytest.raises(RuleError) as err:
        g.apply(action)
    assert err.value.rule == rule
    assert snapshot(g) == before


def guard_hit_at_kanagasaki(g):
    """2p: Nobunaga alone with his guard at Kanagasaki, attacked by Kagetake; a forced 6 hits
    the guard in round 1 (16.2.7b), then the anti side stays: Oda's retreat decision is next."""
    for u in soldiers_at(g, "Kanagasaki", guard=False):
        del g.state.units[u.id]
        u.status = "gone"
    for lid in ("katsuie", "hideyoshi", "akechi", "niwa"):
        move(g, lid, "Gifu")
    activate(g, "azai_asakura", 6)
    g.apply(A.March("anti", "Fuchu", "Kanagasaki", "kagetake", 2))
    g.dice.force(6, 1, 1, 1, 1)
    g.apply(A.Garrison("oda", 0))
    assert g.state.battle.guard_hit
    g.apply(A.Retreat("anti", ""))
    return g
