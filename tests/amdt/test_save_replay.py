"""Save/load and seed+actions replay through sim.core.save (DESIGN.md seam 3)."""
from sim.amdt import GAME, actions as A
from sim.core import save as saves
from sim.core.codec import encode
from sim.core.players import RandomPlayer
from tests.amdt.helpers import game


def played(players, seed, n):
    g = game(players, seed)
    ps = {s: RandomPlayer(seed + i) for i, s in enumerate(g.sides())}
    while len(g.actions) < n and not g.is_over():
        g.apply(ps[g.to_act()].choose(g, g.to_act()))
    return g


def test_replay_seed_and_actions_rebuilds_the_same_state_and_events():
    for players in (2, 3, 4):
        g = played(players, 7, 250)
        again = GAME.replay(g.scenario, g.seed, list(g.actions))
        assert encode(again.state) == encode(g.state)
        assert again.events == g.events


def test_save_and_load_round_trip_then_continue_identically(tmp_path):
    g = played(4, 3, 200)
    path = tmp_path / "amdt.json"
    saves.save(g, path)
    loaded = saves.load(path)
    assert encode(loaded.state) == encode(g.state) and loaded.actions == g.actions
    side = g.to_act()
    action = g.legal_actions(side)[-1]
    assert loaded.apply(action) == g.apply(action)


def test_options_are_part_of_the_replayed_scenario():
    g = game(2, 5, good_luck=True)
    assert g.state.good_luck == {"oda": 2, "anti": 2}
    g.apply(A.Reroll("oda"))
    again = GAME.replay(g.scenario, g.seed, list(g.actions))
    assert encode(again.state) == encode(g.state) and again.state.good_luck["oda"] == 1


def test_amdt_types_do_not_collide_with_other_systems_in_the_codec():
    import importlib
    import pkgutil

    import sim
    for mod in pkgutil.iter_modules(sim.__path__):
        if mod.ispkg and mod.name not in ("core", "board", "ai"):
            importlib.import_module(f"sim.{mod.name}")      # raises TypeError on a name clash
    from sim.amdt.state import AmdtUnit
    from sim.core.codec import decode
    assert type(decode(encode(AmdtUnit("x", "soldier", "Oda", "Kyoto")))) is AmdtUnit
