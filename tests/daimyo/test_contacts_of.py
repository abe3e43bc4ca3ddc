"""Ruling D-3 contacts asked for one unit (geometry.table.contacts_of, the kernel's unit_near)
equal the whole table's contact matrix for that unit, at every decision of random games on the
training table (melees, routs, units removed) and on the 150-stand reference table."""
from sim.core.scenario import read_toml
from sim.daimyo.fuzz import EagerRandomPlayer
from sim.daimyo.game import DaimyoGame
from sim.daimyo.geometry import table
from sim.daimyo.surroundings import footprint_distance


def _play_and_compare(path: str, seed: int, actions: int) -> tuple[int, int]:
    game = DaimyoGame.new(read_toml(path), seed)
    players = {s: EagerRandomPlayer(seed * 7 + i) for i, s in enumerate(game.sides())}
    compared = touching = 0
    for _ in range(actions):
        side = game.to_act()
        if side is None:
            break
        st = game.state
        t = table.arrays(st)
        alone = {}
        for uid in t.ids:
            t.derived = {}                      # no matrix, nothing asked yet: the unit's own query
            alone[uid] = list(table.contacts_of(st, uid, footprint_distance))
        t.derived = {}
        whole = table.contacts(st, footprint_distance)
        assert alone == whole
        compared += 1
        touching += sum(bool(v) for v in whole.values())
        game.apply(players[side].choose(game, side))
    return compared, touching


def test_d3_one_units_contacts_equal_the_matrix_training():
    for seed in (2, 7):                                  # random battles with melees (ruling D-114 changed 1 and 3)
        compared, touching = _play_and_compare("scenarios/daimyo/training.toml", seed, 800)
        assert compared > 400 and touching > 50          # melees fought on the way


def test_d3_one_units_contacts_equal_the_matrix_reference():
    assert _play_and_compare("benchmarks/reference.toml", 2, 300)[0] == 300
