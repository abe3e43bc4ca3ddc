"""Issue 19: one friend at a time at a bridge's end (crossing_axis.queue; docs/ai.md "One
friend at a time at a crossing's end"). On the reference table two columns of two clans met
head on short of the bridge and nine units stood there from turn 6 to 20 (4.3.2: a move into a
friend stops behind it, a reform may not end inside one). Hand-built tables, the real engine."""
import math

from sim.daimyo import actions as A
from sim.daimyo import movement
from sim.daimyo.ai import crossing_axis
from sim.daimyo.ai.scorer import DaimyoScorer
from sim.daimyo.game import DaimyoGame
from tests.daimyo.table_kit import game, give_orders, scenario, unit

RIVER = {"id": "river", "kind": "river", "points": [[0, 56], [120, 56], [120, 62], [0, 62]]}
BRIDGE = {"id": "bridge", "kind": "bridge", "points": [[55, 54], [65, 54], [65, 64], [55, 64]]}
END = (60.0, 54.0)          # the bridge's end on the south bank
RAW = dict(troop="ashigaru", quality="raw", weapons=["long_spear"], armour="light")


def _table(*columns) -> DaimyoGame:
    """Raw columns one stand wide (5 stands) south of the river, the enemy beyond it."""
    return give_orders(game(scenario([unit(uid, x, y, f, stands=5, files=1, **RAW) for uid, x, y, f in columns],
                                     [unit("foe", 60, 100, 270, stands=2, files=2)],
                                     terrain=[RIVER, BRIDGE], width=120, height=120,
                                     east_daimyo=(20.0, 20.0), west_daimyo=(60, 112))))


def _gap(g, uid) -> float:
    u = g.state.units[uid]
    return math.dist(crossing_axis.centre(u, u.x, u.y, u.facing, u.files), END)


def test_4_3_2_a_second_column_keeps_out_of_the_room_at_a_bridge_end_a_friend_has():
    """The column on the axis 4 cm short of the end has it; the other, coming at it from the
    side, is kept out of QUEUE_CM about the end (its way there is not worth a place in the
    first's room). Alone, the same column goes in."""
    first, second = ("first", 60.0, 50.0, 90.0), ("second", 46.0, 42.0, 30.0)
    g = _table(first, second)
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert list(s._queue) == ["second"] and s._queue["second"][0] == END
    assert _best_gap(g, "second") >= crossing_axis.QUEUE_CM
    assert _best_gap(_table(second), "second") < crossing_axis.QUEUE_CM


def _best_gap(g, uid) -> float:
    """How far from the end the centre of `uid` stands after the order the scorer likes best."""
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    orders = [a for a in g.legal_actions("east") if getattr(a, "unit", None) == uid]
    best = max(orders, key=s.score)
    u = g.state.units[uid]
    x, y, f = movement.plan(g.state, best).path[-1] if not isinstance(best, A.Hold) else (u.x, u.y, u.facing)
    return math.dist(crossing_axis.centre(u, x, y, f, u.files), END)


def test_4_3_2_a_friend_pressed_behind_the_column_at_the_end_steps_back():
    """The column at the end faces 45 degrees off the axis; a friend's front touches its rear, so
    its reform onto the axis (about its centre, ruling D-38) is refused (4.3.2). The friend is
    in the first's room and its fall back scores above standing; once it has fallen back the
    rules accept the reform."""
    first = ("first", 62.0, 49.0, 45.0)
    u_len = 5 * 1.5
    rear = (62.0 - u_len * math.cos(math.radians(45.0)), 49.0 - u_len * math.sin(math.radians(45.0)))
    behind = ("behind", rear[0] - 0.2, rear[1] - 0.2, 45.0)
    g = _table(first, behind)
    st = g.state
    assert st.units["first"].stand_d == 1.5
    reform = A.Reform("east", "first", 1, 90.0)
    try:
        g.validate(reform)
        refused = False
    except Exception:
        refused = True
    assert refused
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert s.score(A.FallBack("east", "behind", 3.0)) > s.score(A.Hold("east", "behind"))
    g.apply(A.FallBack("east", "behind", 3.0))
    g.validate(reform)
