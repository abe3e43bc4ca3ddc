"""Issue 19: an engaging clan commits - it wades in without fearing what does not beat it
(4.3.1, 4.6.5) - and every side goes for the enemy unit whose loss breaks the enemy army
(5.2). Hand-built tables, the real engine."""
import math

from sim.daimyo.ai.clan_plan import ClanPlan
from sim.daimyo.ai.scorer import OBJECTIVE_WORTH, DaimyoScorer, _unit_mode
from tests.daimyo.table_kit import game, give_orders, scenario, unit

SAM = dict(troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy")
STREAM = {"id": "stream", "kind": "stream", "points": [[0, 44], [200, 44], [200, 48], [0, 48]]}


def _engaged(g, dfn: float) -> float:
    """The samurai's value standing disordered in the stream, its clan engaging the spearmen
    beyond, with the spearmen's edge charging it set to `dfn`."""
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    u = g.state.units["sam"]
    s.plans = {u.clan: ClanPlan(u.clan, "attack", "engage", (100.0, 53.0), "spear", "test", 1)}
    s.commander.aims = {"sam": "spear"}
    s.mu.dfn[("sam", "spear")] = dfn
    assert [e.id for e in s._threats(u, s.friend_shapes["sam"])] == ["spear"]
    return s._value(u, u.x, u.y, u.facing, u.files, disordered=True)


def test_4_3_1_a_wading_unit_of_an_engaging_clan_fears_only_enemies_that_beat_it():
    """4.3.1: the samurai wade the stream toward the spearmen (disordered, 4.2.1). Engaged, they
    fear the spearmen's charge only if it beats them (4.6.5): a charge the spearmen would lose
    costs the wading pose nothing, one they would win costs it as before."""
    g = give_orders(game(scenario([unit("sam", 100, 46, 90, **SAM)], [unit("spear", 100, 53, 270)],
                                  terrain=[STREAM], east_daimyo=(100, 40))))
    assert _engaged(g, 1.0) > _engaged(g, -5.0) + 0.5


def test_5_2_the_unit_whose_loss_breaks_the_enemy_army_is_an_objective():
    """5.2: an army that has lost more than a third of its unit points has lost. West has
    three units (3 points); with none lost no single loss breaks it, with one lost either of
    the other two does: they count as objectives (the pull and worth of ruling D-85)."""
    g = give_orders(game(scenario([unit("sam", 100, 30, 90, **SAM)],
                                  [unit("a", 80, 80, 270), unit("b", 100, 80, 270), unit("c", 120, 80, 270)],
                                  east_daimyo=(100, 26))))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert s.objectives == {}
    worth = s._target_worth(g.state.units["b"])
    g.state.units["a"].gone = "destroyed"
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert sorted(s.objectives) == ["b", "c"]
    assert math.isclose(s._target_worth(g.state.units["b"]), worth + OBJECTIVE_WORTH)
    # the level without a plan (easy) keeps to the scenario's own objectives
    easy = DaimyoScorer()
    easy.prepare(g, "east")
    assert easy.objectives == {}


def test_4_3_1_a_disordered_unit_in_a_stream_goes_on_across_while_its_clan_approaches():
    """D-41, 4.3.1: a unit in difficult ground cannot reform there (its next move disorders it
    again): disordered in a stream while its clan approaches or engages, it wades on; out of
    the stream, or while its clan only forms up, it reforms first (4.2.2)."""
    g = game(scenario([unit("sam", 100, 46, 90, **SAM)], [unit("spear", 100, 90, 270)], terrain=[STREAM]))
    u = g.state.units["sam"]
    u.disordered = True
    for state, wading, mode in (("approach", True, "approach"), ("engage", True, "engage"),
                                ("approach", False, "reform"), ("form_up", True, "reform")):
        plan = ClanPlan(u.clan, "attack", state, (100.0, 90.0), "spear", "test", 1)
        assert _unit_mode(u, plan, wading) == mode
