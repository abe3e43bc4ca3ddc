"""5.1 Retire moves a unit away from the nearest enemy: surroundings.nearest_enemy (the table's
kernel distances set aside the enemies surely further, Shapely decides among the rest) is the
first enemy in table order at the least Shapely distance, as sorting every enemy by Shapely's
distance gives, for every unit at every decision of random games (training, with melees, and
the reference table), and for enemies placed at equal distances. The units within a distance
(5.1 morale modifiers, surroundings.within) likewise equal Shapely's."""
from sim.core.scenario import read_toml
from sim.daimyo.fuzz import EagerRandomPlayer
from sim.daimyo.game import DaimyoGame
from sim.daimyo.surroundings import footprint, nearest_enemy
from tests.daimyo.table_kit import game, scenario, unit


def _by_shapely(st, u):
    foes = sorted((v for v in st.living() if v.side != u.side), key=lambda v: footprint(v).distance(footprint(u)))
    return foes[0] if foes else None


def _states(path: str, seed: int, actions: int, every: int):
    """The state at every `every`-th decision of a random game."""
    g = DaimyoGame.new(read_toml(path), seed)
    players = {s: EagerRandomPlayer(seed * 7 + i) for i, s in enumerate(g.sides())}
    for n in range(actions):
        side = g.to_act()
        if side is None:
            break
        if n % every == 0:
            yield g.state
        g.apply(players[side].choose(g, side))


def _play(path: str, seed: int, actions: int, every: int) -> int:
    compared = 0
    for st in _states(path, seed, actions, every):
        for u in st.living():
            assert nearest_enemy(st, u) is _by_shapely(st, u)
            compared += 1
    return compared


def test_5_1_retire_nearest_enemy_as_shapely_sorts_training():
    assert _play("scenarios/daimyo/training.toml", 2, 600, 3) > 1000


def test_5_1_retire_nearest_enemy_as_shapely_sorts_reference():
    assert _play("benchmarks/reference.toml", 1, 300, 25) > 300


def test_5_1_retire_nearest_enemy_ties_go_to_the_first_in_table_order():
    g = game(scenario([unit("a", 50, 50)], [unit("w1", 50, 70, facing=270), unit("w2", 50, 28.5, facing=90)]))
    st = g.state
    a = st.units["a"]
    assert footprint(st.units["w1"]).distance(footprint(a)) == footprint(st.units["w2"]).distance(footprint(a))
    assert nearest_enemy(st, a) is _by_shapely(st, a) is st.units["w1"]


def _within_by_shapely(st, u, cm, side=None):
    return [v for v in st.living(side) if v.id != u.id and footprint(u).distance(footprint(v)) <= cm]


def test_5_1_units_within_a_distance_as_shapely_measures_them():
    """5.1 morale modifiers (friends and enemies within 15 or 5 cm): surroundings.within, the
    kernel's distances set aside the units surely nearer or further, equals asking Shapely of
    every unit, at every third decision of a random training game and at distances met exactly."""
    from sim.daimyo.surroundings import within
    compared = 0
    for st in _states("scenarios/daimyo/training.toml", 3, 450, 3):
        for u in st.living():
            for cm, whose in ((15.0, None), (5.0, u.side), (0.1, None), (30.0, "west")):
                assert within(st, u, cm, whose) == _within_by_shapely(st, u, cm, whose)
                compared += 1
    assert compared > 1000
    flush = game(scenario([unit("a", 50, 50)], [unit("w1", 50, 70, facing=270), unit("w2", 50, 28.5, facing=90)]))
    a = flush.state.units["a"]
    assert within(flush.state, a, 20.0) == _within_by_shapely(flush.state, a, 20.0) == \
        [flush.state.units["w1"], flush.state.units["w2"]]


def test_4_6_7_units_overlapping_a_router_as_shapely_measures_them():
    """4.6.7 / 4.3.2: a router ending inside a unit is placed behind it; surroundings.overlapping
    (the stands' pairwise areas by the kernel) equals Shapely's area of the footprints'
    intersection for a unit laid over others by whole stands, by slivers and edge to edge."""
    from sim.daimyo.surroundings import overlapping
    from sim.daimyo.combat import common
    g = game(scenario([unit("a", 20, 20), unit("e2", 90, 20)], [unit("w1", 50, 70, facing=270),
                                                                unit("w3", 80, 90)]))
    st = g.state
    a = st.units["a"]

    def by_shapely():
        return [v for v in st.living() if v.id != a.id
                and footprint(v).intersection(footprint(a)).area > common.OVERLAP]
    w1, e2 = st.units["w1"], st.units["e2"]
    poses = [(w1.x, w1.y - 1.5, 90.0), (w1.x, w1.y - 0.5, 90.0), (w1.x + 16.0, w1.y, 270.0),
             (w1.x + 16.0 - 1e-7, w1.y, 270.0), (w1.x + 16.0 + 1e-9, w1.y, 270.0), (w1.x + 0.3, w1.y + 0.7, 270.0),
             (e2.x, e2.y, e2.facing), (e2.x + 3.3, e2.y - 0.2, 30.0), (20.0, 20.0, 90.0)]
    found = []
    for x, y, f in poses:
        a.x, a.y, a.facing = x, y, f
        found.append(overlapping(st, a, common.OVERLAP))
        assert found[-1] == by_shapely()
    assert any(found) and not all(found)
