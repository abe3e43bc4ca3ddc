"""Issue 19: a line too wide for a bridge forms a column to pass it (1.5, 4.3.1, 4.3.5.4;
routes.py keeps a way clear of impassable ground by half the frontage, line_up.crossing).
Hand-built tables, the real engine."""
import math

from sim.ai.scored import ScoredPlayer
from sim.daimyo import actions as A
from sim.daimyo.ai import line_up
from sim.daimyo.ai.routes import RouteBook
from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.table_kit import game, give_orders, scenario, unit

RIVER = {"id": "river", "kind": "river", "points": [[0, 56], [120, 56], [120, 62], [0, 62]]}
BRIDGE = {"id": "bridge", "kind": "bridge", "points": [[55, 54], [65, 54], [65, 64], [55, 64]]}


def _table(x=60.0, y=40.0, files=5):
    return give_orders(game(scenario([unit("line", x, y, 90, stands=5, files=files)],
                                     [unit("foe", 60, 100, 270, stands=2, files=2)],
                                     terrain=[RIVER, BRIDGE], width=120, height=120, east_daimyo=(x, y - 4),
                                     west_daimyo=(60, 110))))


def test_4_3_1_a_way_over_a_bridge_only_for_a_frontage_that_fits_it():
    """The bridge is 10 cm wide; the line of five stands 20 cm. Its way to the enemy beyond the
    river has no crossing (measured as ten times the straight distance); a column one stand
    wide (4 cm) crosses at the bridge, a little further than the straight line."""
    g = _table()
    st = g.state
    u = st.units["line"]
    book = RouteBook()
    a, b = (60.0, 40.0), (60.0, 100.0)
    straight = math.dist(a, b)
    assert book.for_unit(st, u).distance(a, b) >= 10 * straight - 1e-6
    assert straight <= book.for_unit(st, u, files=1).distance(a, b) < 1.5 * straight


def test_1_5_a_line_forms_a_column_to_pass_a_bridge():
    """4.3.5.4: the planning AI reforms the line into a column one stand wide facing the
    bridge; once over (nothing impassable between it and the enemy) it is offered the reform
    back into a line two ranks deep."""
    g = _table()
    st = g.state
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    got = line_up.crossing(s, st, st.units["line"])
    assert [(a.files, round(a.facing)) for a in got] == [(1, 90)]
    assert ScoredPlayer(DaimyoScorer(planning=True), "hard", 1).choose(g, "east") == got[0]
    beyond = _table(y=72.0, files=1)
    s = DaimyoScorer(planning=True)
    s.prepare(beyond, "east")
    back = line_up.crossing(s, beyond.state, beyond.state.units["line"])
    assert len(back) == 1 and isinstance(back[0], A.Reform) and back[0].files == 3


def test_4_3_5_4_a_column_facing_off_its_way_over_a_bridge_faces_it_again():
    """A column one stand wide on the bridge, turned 45 degrees off it: a move straight ahead
    would leave the bridge for the river (4.3.1). It is offered the reform into a column facing
    the way over (4.3.5.4), and the rules accept it; facing the way already, nothing."""
    g = _table(x=60.0, y=57.0, files=1)
    st = g.state
    st.units["line"].facing = 135.0
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    got = line_up.crossing(s, st, st.units["line"])
    assert len(got) == 1 and isinstance(got[0], A.Reform) and got[0].files == 1
    assert abs(got[0].facing - 90) <= line_up.OFF_WAY
    st.units["line"].facing = 90.0
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert line_up.crossing(s, st, st.units["line"]) == []
