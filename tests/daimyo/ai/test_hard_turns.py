"""Issue 19 item 3: hard weighs only the turns and wheels of the menu (4.3.5.1, 4.3.5.2) that
face a unit nearer the heading its plan wants (ai/shortlist.py `_turns_away`); normal weighs
them all. Hand-built tables, the real engine."""
from sim.daimyo import actions as A
from sim.daimyo.ai import shortlist
from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.table_kit import game, give_orders, scenario, unit

TRIES = [A.Wheel("east", "e1", 30), A.Wheel("east", "e1", -30),
         A.Turn("east", "e1", 90), A.Turn("east", "e1", -90), A.Turn("east", "e1", 180)]


def _kept(east, west) -> list:
    g = give_orders(game(scenario([east], [west])))
    s = DaimyoScorer(planning=True, exact=True)
    s.prepare(g, "east")
    return [a for a in TRIES if not shortlist._turns_away(s, g.state, a, {})]


def _facing(a: A.Action) -> float:
    return (90 + a.angle) % 360


def test_4_3_5_hard_weighs_no_turn_or_wheel_when_facing_the_enemy_ahead():
    assert _kept(unit("e1", 100, 40, facing=90), unit("w1", 100, 100, facing=270)) == []


def test_4_3_5_hard_weighs_the_turn_and_wheel_toward_an_enemy_on_its_flank():
    """e1 faces up the table (90), the enemy level with it to one side: only the quarter turn
    and the wheel toward that side are weighed, never the about face (no nearer) nor the
    other side's."""
    for x, want in ((30, 180.0), (170, 0.0)):
        kept = _kept(unit("e1", 100, 40, facing=90), unit("w1", x, 40, facing=0))
        assert sorted(type(a).__name__ for a in kept) == ["Turn", "Wheel"]
        for a in kept:
            assert abs((want - _facing(a) + 180) % 360 - 180) < 90


def test_4_3_5_2_hard_weighs_the_about_face_to_an_enemy_behind():
    kept = _kept(unit("e1", 100, 60, facing=90), unit("w1", 100, 10, facing=90))
    assert A.Turn("east", "e1", 180) in kept


def test_hard_weighs_fewer_options_than_normal_facing_the_enemy():
    """The shortlist itself: with the enemy straight ahead hard's has the five menu turns and
    wheels fewer than normal's (line_up's own orders aside, which both weigh)."""
    sc = scenario([unit("e1", 100, 40, facing=90)], [unit("w1", 100, 100, facing=270)])
    sizes = []
    for exact in (False, True):
        g = give_orders(game(sc))
        sizes.append(len(shortlist.options(DaimyoScorer(planning=True, exact=exact), g, "east")))
    assert sizes[0] - sizes[1] == 5
