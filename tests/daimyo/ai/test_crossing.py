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
    bridge; once over (nothing impassable between it and the enemy) and its own column's length
    (7.5 cm) off the bridge's end, it is offered the reform back into a line two ranks deep; just
    off the end, not (the line would stand across the way of the next column over)."""
    g = _table()
    st = g.state
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    got = line_up.crossing(s, st, st.units["line"])
    assert [(a.files, round(a.facing)) for a in got] == [(1, 90)]
    assert ScoredPlayer(DaimyoScorer(planning=True), "hard", 1).choose(g, "east") == got[0]
    beyond = _table(y=80.0, files=1)
    s = DaimyoScorer(planning=True)
    s.prepare(beyond, "east")
    back = line_up.crossing(s, beyond.state, beyond.state.units["line"])
    assert len(back) == 1 and isinstance(back[0], A.Reform) and back[0].files == 3
    at_end = _table(y=72.0, files=1)            # its rear 0.5 cm off the bridge's end
    s = DaimyoScorer(planning=True)
    s.prepare(at_end, "east")
    assert not [a for a in line_up.crossing(s, at_end.state, at_end.state.units["line"]) if a.files > 1]


def test_4_3_5_4_a_column_facing_off_its_way_over_a_bridge_faces_it_again():
    """A column one stand wide on the bridge, turned 45 degrees off it: a move straight ahead
    would leave the bridge for the river (4.3.1). It is offered the exact wheel onto the bridge's
    axis (4.3.5.1) and the reform into a column facing it (4.3.5.4), both accepted by the rules;
    facing the way already, nothing."""
    g = _table(x=60.0, y=57.0, files=1)
    st = g.state
    st.units["line"].facing = 135.0
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    got = line_up.crossing(s, st, st.units["line"])
    assert [type(a) for a in got] == [A.Wheel, A.Reform] and got[1].files == 1
    # toward the point beyond the bridge's far end on its axis x = 60, from the column's centre
    assert -45.0 < got[0].angle < -30.0 and 90.0 < got[1].facing < 105.0
    st.units["line"].facing = 90.0
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert line_up.crossing(s, st, st.units["line"]) == []


FORD = {"id": "ford", "kind": "ford", "points": [[95, 54], [110, 54], [110, 64], [95, 64]]}
RAW = dict(troop="ashigaru", quality="raw", weapons=["long_spear"], armour="light")    # 11 cm, column +3


def _column(x, y, facing=90.0, foe=(60.0, 100.0)):
    """A raw column one stand wide (4 x 7.5 cm) south of the river, the enemy beyond it."""
    return give_orders(game(scenario([unit("col", x, y, facing, stands=5, files=1, **RAW)],
                                     [unit("foe", *foe, 270, stands=2, files=2)],
                                     terrain=[RIVER, BRIDGE, FORD], width=120, height=120,
                                     east_daimyo=(x, y - 6), west_daimyo=(foe[0], 112))))


def test_4_3_1_a_way_over_a_bridge_does_not_wade_one_through_a_ford_does():
    """reach.Ground.approach: the way round the river over the bridge (a road, 4.3.1) crosses no
    difficult ground, so it does not wade (a reform turn counted for it was never stood); the
    way through the ford (difficult ground, 4.3.1) does."""
    from sim.daimyo.ai.reach import Ground
    from sim.daimyo.geometry import footprint
    for foe, wades in (((60.0, 100.0), False), ((102.0, 100.0), True)):
        g = _column(foe[0] - 20.0, 30.0, foe=foe)
        st = g.state
        ground = Ground(st, RouteBook())
        d, got = ground.approach(st.units["col"], footprint(st.units["col"]), footprint(st.units["foe"]))
        assert got is wades and d < 2 * math.dist((foe[0] - 20.0, 30.0), foe)


def test_4_3_1_a_column_makes_for_the_bridge_axis_then_over_it():
    """crossing_axis.way_point: the bridge is 10 cm wide (x 55-65), its axis x = 60. A column 8 cm
    off the axis makes for the axis point half a column's length short of the near end (y 54);
    a column on the axis, or off it but already on the bridge (never back), makes for the point
    half a column's length beyond the far end (y 64); one over and off it, for nothing. A column
    past the start but beside the bridge (7.5 cm off the axis, beyond its half-width of 5) stands
    on the bank at the river's edge, where every move ahead touches the river (4.3.1): it makes
    for the point short of the near end again (reference game 8: a mounted column counted as
    over stood there for twelve turns)."""
    from sim.daimyo.ai import crossing_axis
    g = _column(47.0, 30.0)
    st = g.state
    u = st.units["col"]
    narrow = RouteBook().for_unit(st, u, files=1)
    half = u.stands * u.stand_d / 2 + crossing_axis.ROOM_CM
    assert crossing_axis.way_point(narrow, u, 47.0, 30.0, (60.0, 100.0)) == (60.0, 54.0 - half)
    assert crossing_axis.way_point(narrow, u, 61.0, 40.0, (60.0, 100.0)) == (60.0, 64.0 + half)
    assert crossing_axis.way_point(narrow, u, 56.7, 58.0, (60.0, 100.0)) == (60.0, 64.0 + half)
    assert crossing_axis.way_point(narrow, u, 67.5, 51.0, (60.0, 100.0)) == (60.0, 54.0 - half)
    assert crossing_axis.way_point(narrow, u, 63.0, 51.0, (60.0, 100.0)) == (60.0, 64.0 + half)
    assert crossing_axis.way_point(narrow, u, 60.0, 64.0 + half + 1.0, (60.0, 100.0)) is None


def test_4_3_5_1_a_column_at_an_angle_on_a_bridge_wheels_onto_its_axis_and_goes_over():
    """A column on the bridge facing 30 degrees off its axis: a move straight ahead touches the
    river (4.3.1) and stops it short. It is offered the exact wheel onto the axis (4.3.5.1: a
    column one stand wide wheels cheaply); played out by the planning AI on both sides, it is
    over the river, all its stands on the far bank, within four turns (the rules' own moves)."""
    g = _column(57.7, 56.3, 60.0, foe=(60.0, 108.0))
    st = g.state
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert any(isinstance(a, A.Wheel) for a in line_up.crossing(s, st, st.units["col"]))
    g = game(scenario([unit("col", 57.7, 56.3, 60.0, stands=5, files=1, **RAW)],
                      [unit("foe", 60.0, 108.0, 270, stands=2, files=2)],
                      terrain=[RIVER, BRIDGE, FORD], width=120, height=120,
                      east_daimyo=(57.7, 50.3), west_daimyo=(60.0, 116.0)), seed=3)
    players = {side: ScoredPlayer(DaimyoScorer(planning=True), "normal", k + 1) for k, side in enumerate(g.sides())}
    while g.to_act() and g.state.turn <= 4:
        g.apply(players[g.to_act()].choose(g, g.to_act()))
    from sim.daimyo.geometry import footprint
    assert footprint(g.state.units["col"]).bounds[1] > 64.0          # y 54-64: the bridge's far end


def test_4_3_1_a_turn_to_face_the_river_opens_no_move():
    """A turn or wheel is valued with the move straight ahead it opens (scorer LOOKAHEAD), but a
    column whose move ahead, whole or half, would sweep over the river away from the bridge
    (impassable, 4.3.1: the rules stop the move) is valued as it stands: the pose in the river
    beyond, nearer the enemy, was what turned columns on a bridge's end toward the water."""
    g = _column(40.0, 52.0, 90.0)
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    u = g.state.units["col"]
    assert s._value(u, 40.0, 63.0, 90.0, 1) > s._value(u, 40.0, 52.0, 90.0, 1)       # the river looks nearer
    assert s.pose_value(u, 40.0, 52.0, 90.0, 1, turned=True) == s._value(u, 40.0, 52.0, 90.0, 1)
    # along the bank the move is open: the turn counts it
    assert s.pose_value(u, 40.0, 52.0, 0.0, 1, turned=True) != s._value(u, 40.0, 52.0, 0.0, 1)


def test_4_3_1_a_column_makes_for_the_axis_though_its_nearest_line_clears_the_bridge():
    """reach.Ground: the thin line from a column's nearest stand to the enemy beyond the river
    passes over the bridge, so the way was measured straight and the column faced the enemy
    (a column that followed that line 20 degrees off the axis drifted to the river's edge beside
    the bridge's end, reference game 8); now its way runs along the axis (crossing_axis.py):
    2.5 cm off it, within its play, the point it faces to go on is the point beyond the far end;
    4 cm off, the axis point short of the near end (4.3.1)."""
    from sim.daimyo.ai import crossing_axis
    from sim.daimyo.ai.reach import Ground
    from sim.daimyo.geometry import footprint
    for x, way in ((57.5, 64.0), (56.0, 54.0)):
        g = _column(x, 38.0, 90.0)
        st = g.state
        u = st.units["col"]
        ground = Ground(st, RouteBook())
        half = u.stands * u.stand_d / 2 + crossing_axis.ROOM_CM
        ahead = half if way > 60.0 else -half
        assert ground.heading(u, footprint(u), footprint(st.units["foe"])) == (60.0, way + ahead)


def test_4_3_5_4_at_a_bridges_start_a_column_steps_onto_it_and_faces_along_its_axis():
    """line_up.crossing: a column facing the start of the bridge (its centre's point on the axis
    half a column short of the near end) is offered the move that stops its centre there (the
    menu's moves overshoot it); there, ten degrees off the axis, it is offered the reform facing
    along it (4.3.5.4: it keeps its centre, ruling D-38; a wheel pivots on a corner and swings
    the centre off); played out by the planning AI, it is over within two turns (4.3.1)."""
    from sim.daimyo.ai import crossing_axis
    from sim.daimyo.geometry import footprint
    # centre (56, 40), facing the start point (60, 49.75) 10.54 cm away, 4 cm off the axis
    facing = math.degrees(math.atan2(9.75, 4.0))
    g = _column(56.0 + 3.75 * math.cos(math.radians(facing)), 40.0 + 3.75 * math.sin(math.radians(facing)), facing)
    st = g.state
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    moves = [a for a in line_up.crossing(s, st, st.units["col"]) if isinstance(a, A.Move)]
    assert len(moves) == 1 and abs(moves[0].distance - math.hypot(9.75, 4.0)) < 0.02
    u = st.units["col"]
    start = _column(60.0 + 3.75 * math.sin(math.radians(10.0)), 49.75 + 3.75 * math.cos(math.radians(10.0)), 80.0)
    st = start.state
    c = footprint(st.units["col"]).centroid
    assert crossing_axis.at_start(RouteBook().for_unit(st, u, files=1), st.units["col"], c.x, c.y, (60.0, 100.0))
    s = DaimyoScorer(planning=True)
    s.prepare(start, "east")
    got = line_up.crossing(s, st, st.units["col"])
    reform = [a for a in got if isinstance(a, A.Reform)]
    assert len(reform) == 1 and reform[0].files == 1 and abs(reform[0].facing - 90.0) < 0.5
    players = {side: ScoredPlayer(DaimyoScorer(planning=True), "normal", k + 1) for k, side in enumerate(start.sides())}
    while start.to_act() and start.state.turn <= 2:
        start.apply(players[start.to_act()].choose(start, start.to_act()))
    assert footprint(start.state.units["col"]).bounds[1] > 64.0          # y 54-64: the bridge's far end


def test_1_5_a_line_across_a_bridges_end_blocks_it():
    """crossing_axis.blocks: a line three stands wide (12 cm) within its own column's length of
    the 10 cm bridge's end stands across the way over (4.3.1); the same line further off, or a
    column one stand wide at the end, does not. The scorer takes BLOCKING off such a pose."""
    from sim.daimyo.ai import crossing_axis
    from sim.daimyo.geometry import footprint
    g = _table(y=70.0, files=3)
    st = g.state
    u = st.units["line"]
    book = RouteBook()
    assert crossing_axis.blocks(book.crossings(st), u, footprint(u), 3)
    assert not crossing_axis.blocks(book.crossings(st), u, footprint(u, y=80.0), 3)
    assert not crossing_axis.blocks(book.crossings(st), u, footprint(u, files=1), 1)


def test_4_3_5_4_a_column_jammed_askew_on_a_bridge_reforms_onto_its_axis():
    """Reference game 9: a mounted column on the bridge 13 degrees off its axis, a friend pressed
    against its rear. Every move straight ahead touches the river within 1 cm (4.3.1), it may not
    fall back into the friend (4.3.2) and the wheel onto the axis (4.3.5.1, it pivots on a front
    corner) is refused. It is stuck (line_up.stuck): the reform about its centre (4.3.5.4,
    ruling D-38) facing the axis is offered, costs it no move it could have made, and is the
    order the scorer ranks first; from the reformed pose the column goes on over the river."""
    from sim.daimyo import menus
    from tests.daimyo.table_kit import CAV

    def table(x, y, facing):
        return give_orders(game(scenario([unit("col", x, y, facing, stands=5, files=1, **CAV),
                                          unit("rear", 58.9, 43.5, 87.0, stands=5, files=1, **CAV)],
                                         [unit("foe", 60, 100, 270, stands=2, files=2)],
                                         terrain=[RIVER, BRIDGE, FORD], width=120, height=120,
                                         east_daimyo=(40, 40), west_daimyo=(60, 112))))
    g = table(57.0, 58.8, 103.0)
    st = g.state
    u = st.units["col"]
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert menus.max_straight(st, u) < line_up.STUCK_CM and line_up.stuck(s, u)
    offered = line_up.crossing(s, st, u)
    reform = next(a for a in offered if isinstance(a, A.Reform))
    assert abs((reform.facing - 90.0 + 180) % 360 - 180) < 5.0            # along the bridge (y 54-64)
    menu = [a for a in g.legal_actions("east") if getattr(a, "unit", None) == "col"]
    assert max(menu + offered, key=s.score) == reform
    g.apply(reform)
    col = g.state.units["col"]
    assert not col.disordered and not g.state.units["rear"].disordered
    g = table(col.x, col.y, col.facing)
    assert menus.max_straight(g.state, g.state.units["col"]) > 5.0


def test_4_3_1_a_kept_way_point_is_the_one_worked_out_afresh():
    """crossing_axis.way_point is kept with the routes under the column's stands and the two
    points: columns of other sizes at the same points, and the same column elsewhere, get
    their own answers, each the one fresh routes work out."""
    import copy
    from sim.daimyo.ai import crossing_axis
    g = _table(files=1)
    st = g.state
    u = st.units["line"]
    kept = RouteBook().for_unit(st, u, 1)
    seen = set()
    for stands, depth in ((5, 1.5), (3, 1.5), (5, 3.0)):
        col = copy.copy(u)
        col.stands, col.stand_d = stands, depth
        for x, y in ((60.0, 40.0), (57.0, 50.0), (60.0, 52.0), (62.0, 59.0), (80.0, 45.0)):
            for goal in ((60.0, 100.0), (20.0, 90.0)):
                fresh = crossing_axis._way_point(RouteBook().for_unit(st, u, 1), col, x, y, goal)
                assert crossing_axis.way_point(kept, col, x, y, goal) == fresh
                assert crossing_axis.way_point(kept, col, x, y, goal) == fresh      # found kept
                seen.add(fresh)
    assert len(seen) > 2          # the bridge's near and far points, and none


STREAM = {"id": "stream", "kind": "stream", "points": [[0, 40], [40, 40], [40, 46], [0, 46]]}


def test_4_3_1_whether_a_way_wades_alone_is_the_ways_own_answer():
    """reach.Ground.wades (what a unit receiving at a stream reads of its way) is
    approach(...)[1] for lines and columns, straight ways, ways round the river over the bridge
    or through the ford and ways over a stream (4.3.1), whether or not the whole way was
    asked first."""
    from sim.daimyo.ai.reach import Ground
    from sim.daimyo.geometry import footprint
    seen = set()
    for files, foe in ((1, (60.0, 100.0)), (1, (102.0, 100.0)), (1, (30.0, 90.0)), (5, (60.0, 100.0)),
                       (5, (102.0, 100.0)), (5, (30.0, 50.0))):
        st = give_orders(game(scenario([unit("col", 40.0, 30.0, 90.0, stands=5, files=1, **RAW)],
                                       [unit("foe", *foe, 270, stands=2, files=2)],
                                       terrain=[RIVER, BRIDGE, FORD, STREAM], width=120, height=120,
                                       east_daimyo=(40.0, 24.0), west_daimyo=(foe[0], 112)))).state
        fresh, asked = Ground(st, RouteBook()), Ground(st, RouteBook())
        u, target = st.units["col"], footprint(st.units["foe"])
        for x in (20.0, 57.0, 60.0, 80.0, 104.0):
            for y in (30.0, 50.0, 58.0):
                for facing in (0.0, 90.0):
                    shape = footprint(u, x=x, y=y, facing=facing, files=files)
                    whole = asked.approach(u, shape, target, files)
                    assert asked.wades(u, shape, target, files) is whole[1]
                    assert fresh.wades(u, shape, target, files) is whole[1]
                    seen.add(whole[1])
    assert seen == {True, False}
