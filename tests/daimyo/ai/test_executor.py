"""Issue 19 item 3: the unit executor - the scorer aimed by a plan - on hand-built tables."""
import pytest

from sim.daimyo import actions as A
from sim.daimyo import movement
from sim.daimyo.ai.scorer import LOOKAHEAD, DaimyoScorer
from sim.daimyo.geometry import direction, footprint
from tests.daimyo.table_kit import CAV, game, give_orders, scenario, unit

SAM = dict(troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy")


def test_4_4_hard_counts_only_charges_the_rules_charge_plan_accepts():
    """Horse 18 cm from spearmen, within its 20 cm charge column, but a friend stands in the
    way (4.4: the charge path is blocked). The rough reach promises the charge; hard checks it
    with the rules' charge plan and does not count it, normal does."""
    g = give_orders(game(scenario([unit("horse", 100, 40, 90, stands=2, files=2, **CAV),
                                   unit("friend", 100, 50, 90, stands=2, files=2)],
                                  [unit("spear", 100, 58, 270, stands=2, files=2)], east_daimyo=(100, 36))))
    u = g.state.units["horse"]
    values = {}
    for exact in (False, True):
        s = DaimyoScorer(planning=True, exact=exact)
        s.prepare(g, "east")
        assert [e.id for e in s._targets(u, footprint(u), u.x, u.y, u.facing)] == ["spear"]
        assert not s._can_charge(u, u.x, u.y, u.facing, u.files, g.state.units["spear"])
        values[exact] = s._value(u, u.x, u.y, u.facing, u.files)
    assert values[True] < values[False] - 0.5


def test_4_3_5_a_turn_counts_the_move_it_opens_for_the_next_order():
    """Samurai facing along the line with the enemy 60 cm to its left: with a plan, the 90
    degree turn is worth its pose blended with the normal move straight ahead it opens
    (LOOKAHEAD), so the turn scores above what its pose alone is worth."""
    g = give_orders(game(scenario([unit("sam", 100, 40, 0.0, **SAM)], [unit("foe", 100, 100, 270)],
                                  east_daimyo=(100, 36))))
    s = DaimyoScorer(planning=True)
    st = g.state
    u = st.units["sam"]
    with movement.reading(st):
        s.prepare(g, "east")
        turn = A.Turn("east", "sam", 90)
        x, y, f = movement.plan(st, turn).path[-1]
        files = movement.plan(st, turn).files or u.files
        alone = s._value(u, x, y, f, files)
        fwd = direction(f)
        ahead = s._value(u, x + fwd[0] * u.move_row.normal, y + fwd[1] * u.move_row.normal, f, files)
        assert ahead > alone
        before = s._value(u, u.x, u.y, u.facing, u.files)
        assert s.score(turn) == pytest.approx(LOOKAHEAD * ahead + (1 - LOOKAHEAD) * alone - before)
        best = max(g.legal_actions("east"), key=lambda a: s.score(a) if getattr(a, "unit", "") == "sam" else -1e9)
    assert best == turn


def test_4_2_1_a_disordered_unit_reforms_whatever_its_clan_plan():
    """A disordered unit may not charge (4.2.1): with its clan engaging, it is told to reform
    (stand off and reform, 4.2.2), and the Reform order scores above every move."""
    g = give_orders(game(scenario([unit("sam", 100, 40, 90, **SAM), unit("sam2", 70, 40, 90, **SAM)],
                                  [unit("arq", 100, 66, 270, troop="ashigaru", weapons=["arquebus"])],
                                  east_daimyo=(100, 36))))
    st = g.state
    st.units["sam"].disordered = True
    s = DaimyoScorer(planning=True)
    with movement.reading(st):
        s.prepare(g, "east")
        mine = {a: s.score(a) for a in g.legal_actions("east") if getattr(a, "unit", "") == "sam"}
    assert isinstance(max(mine, key=mine.get), A.Reform)
