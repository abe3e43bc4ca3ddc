"""Issue 19, docs/ai.md "Friends step out of a stuck column's reform": at the reference table's
bridge a column beside the near end, askew against the river, may not reform onto its way
because a friend pressed behind stands where the reformed column would (Daimyo 4.3.2); the
friend at the back steps away first. Hand-built table, the real engine."""
from sim.ai.scored import ScoredPlayer
from sim.core.errors import RuleError
from sim.daimyo import actions as A, preview
from sim.daimyo.ai import line_up
from sim.daimyo.ai.scorer import ROOM, DaimyoScorer
from tests.daimyo.table_kit import CAV, game, give_orders, scenario, unit

RIVER = {"id": "river", "kind": "river", "points": [[0, 56], [120, 56], [120, 62], [0, 62]]}
BRIDGE = {"id": "bridge", "kind": "bridge", "points": [[55, 54], [65, 54], [65, 64], [55, 64]]}


def _table(rear=(46.0, 50.5)):
    """Reference game 0, turns 8-20: a mounted column beside the bridge's near end facing 133
    degrees (into the river), a friend's column behind it facing the river."""
    return give_orders(game(scenario([unit("col", 49.7, 53.8, 133.0, stands=5, files=1, **CAV),
                                      unit("rear", *rear, 88.0, stands=5, files=1, **CAV)],
                                     [unit("foe", 60, 100, 270, stands=2, files=2)],
                                     terrain=[RIVER, BRIDGE], width=120, height=120,
                                     east_daimyo=(40, 40), west_daimyo=(60, 112))))


def _refused(s, g) -> list:
    refused: list = []
    line_up.crossing(s, g.state, g.state.units["col"], refused)
    return refused


def test_4_3_2_the_friend_in_a_stuck_columns_reform_steps_away_first():
    """The column's reform about its centre onto its way (4.3.5.4, ruling D-38) is refused for
    the friend (4.3.2); line_up.room lists that friend with the reformed footprint, the friend's
    fall back (4.3.5.3) out of it gains ROOM and is the order the planning AI plays; after it
    the column's reform is accepted."""
    g = _table()
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    reform = _refused(s, g)[0]
    try:
        preview.order_plan(g.state, reform)
        raise AssertionError("the reform should be refused")
    except RuleError as exc:
        assert "4.3.2" in str(exc) and "rear" in str(exc)
    assert set(s._stuck_room) == {"rear"}
    back = A.FallBack("east", "rear", 3.0)
    assert s.score(back) > s.score(A.Hold("east", "rear")) + ROOM / 2
    assert ScoredPlayer(DaimyoScorer(planning=True), "normal", 1).choose(g, "east") == back
    g.apply(back)
    preview.order_plan(g.state, reform)          # accepted now


def test_4_3_2_no_room_asked_when_the_reform_is_clear():
    """Friend well behind: the reform is accepted, nothing is asked of anyone."""
    g = _table(rear=(20.0, 30.0))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert _refused(s, g) == [] and s._stuck_room == {}
