"""Issue 19: a column over the river forms its line out of the enemy's reach before it closes
(1.5, 4.3.5.4, 4.6.1: a column meets the enemy with its head - one stand fights, two from the
second round - so the melees at a crossing's exit were long and decided little). Hand-built
tables, the real engine (the tables of test_crossing.py)."""
from sim.ai.scored import ScoredPlayer
from sim.daimyo import actions as A
from sim.daimyo.ai.scorer import DaimyoScorer
from sim.daimyo.geometry import footprint
from tests.daimyo.ai.test_crossing import _table
from tests.daimyo.table_kit import game, give_orders, scenario, unit


def _prepared(g):
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    return s


def test_1_5_4_6_1_a_column_over_the_river_deploys_before_it_closes():
    """A column of five one stand wide, over the bridge and its column's length off it, 20 cm
    from the enemy: it reforms into a line (4.3.5.4) rather than march on in reach as a column
    (before: the move of 7 cm into charge reach, the column's head to fight)."""
    g = _table(y=80.0, files=1)
    s = _prepared(g)
    u = g.state.units["line"]
    assert s._in_column(u, footprint(u), 1)
    got = ScoredPlayer(DaimyoScorer(planning=True), "normal", 1).choose(g, "east")
    assert isinstance(got, A.Reform) and got.files > 1


def test_1_5_a_column_still_to_pass_the_bridge_is_not_costed():
    """South of the river the column's way runs over the bridge (crossing_axis.way_point): it
    is no column fighting as one; nor is one within its length of the bridge's end (its line
    would stand across the way over), nor a line."""
    g = _table(y=40.0, files=1)
    s = _prepared(g)
    u = g.state.units["line"]
    assert not s._in_column(u, footprint(u), 1)
    at_end = _table(y=72.0, files=1)            # its rear 0.5 cm off the bridge's end
    s = _prepared(at_end)
    u = at_end.state.units["line"]
    assert not s._in_column(u, footprint(u), 1)
    beyond = _table(y=80.0, files=1)
    s = _prepared(beyond)
    u = beyond.state.units["line"]
    assert not s._in_column(u, footprint(u), 3)


def test_1_5_no_column_cost_without_a_bridge_or_ford():
    """On a table with no bridge or ford (the training table) nothing changes: a column is
    weighed as before, so those games play the same."""
    g = give_orders(game(scenario([unit("col", 60, 60, 90, stands=5, files=1)],
                                  [unit("foe", 60, 100, 270, stands=2, files=2)],
                                  width=120, height=120, east_daimyo=(60, 50), west_daimyo=(60, 110))))
    s = _prepared(g)
    u = g.state.units["col"]
    assert not s._in_column(u, footprint(u), 1)
