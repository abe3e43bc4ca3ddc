"""Issue 19: an engaged unit sees its fight through. A unit keeps its aim, and an engaged clan
its target, while that enemy stands within the matchups' reach (three moves and a charge, 4.4)
and no other enemy is clearly better to charge (STICK, the 4.6.5 edge); and once the clock
presses (5.2) a held sector turns to attack at its bar (planner._to_attack). Hand-built
tables, the rules' own odds."""
from sim.daimyo.ai import clan_plan
from sim.daimyo.ai.clan_plan import ClanPlan
from sim.daimyo.ai.matchups import Matchups
from sim.daimyo.ai.planner import PRESSING, plan_army
from sim.daimyo.ai.reach import Ground
from sim.daimyo.ai.routes import RouteBook
from tests.daimyo.ai.test_clan_plan import ARQ, SAM, step, table
from tests.daimyo.table_kit import INF, unit


def two_targets(far_y=64):
    """Samurai (move 8, charge 12) 14 cm from arquebusiers, with arquebusiers off to the side a
    little further (an equal edge, more way) and ashigaru spearmen it beats by less."""
    return table([unit("sam", 100, 40, 90, **SAM)],
                 [unit("near", 100, 54, 270, **ARQ), unit("far", 125, far_y, 270, **ARQ),
                  unit("spear", 75, 56, 270, **INF)])


def aims(g, prev=None):
    st = g.state
    return clan_plan.aims(st, "east", "east-clan", Matchups(st, "east"), Ground(st, RouteBook()), prev)


def engaged(g, target):
    p = step(g)
    return ClanPlan(p.clan, p.posture, "engage", p.objective, target, p.why, since=g.state.turn - 1)


def test_4_6_5_a_unit_keeps_its_aim_while_no_enemy_is_clearly_better():
    g = two_targets()
    assert aims(g) == {"sam": "near"}                      # the shorter way, at the same edge
    assert aims(g, {"sam": "far"}) == {"sam": "far"}       # a few cm more way: not worth a change


def test_4_6_5_a_unit_changes_aim_when_another_enemy_beats_it_by_stick():
    g = two_targets()
    mu = Matchups(g.state, "east")
    assert mu.att[("sam", "near")] - mu.att[("sam", "spear")] > clan_plan.STICK
    assert aims(g, {"sam": "spear"}) == {"sam": "near"}


def test_4_4_a_unit_changes_aim_when_its_target_is_out_of_reach_or_gone():
    g = two_targets(far_y=70)                               # beyond three moves and a charge
    assert aims(g, {"sam": "far"}) == {"sam": "near"}
    g = two_targets()
    g.state.units["far"].gone = "destroyed"
    assert aims(g, {"sam": "far"}) == {"sam": "near"}


def test_4_6_5_an_engaged_clan_keeps_its_target_unless_one_is_clearly_better():
    g = two_targets()
    assert step(g, engaged(g, "far")).target == "far"
    assert step(g, engaged(g, "spear")).target == "near"
    far = two_targets(far_y=70)
    assert step(far, engaged(far, "far")).target == "near"


def test_5_2_a_held_sector_turns_to_attack_at_its_bar_once_the_clock_presses():
    """Samurai and spearmen against spearmen, the sectors cut so the enemy's stands alone in
    the main effort's: its balance lies between -1 and -0.5. Held last turn, it turns to attack
    at pressure PRESSING (bar -1: passed, no HYSTERESIS asked) and not a turn before (bar
    -0.98: passed by less than HYSTERESIS)."""
    g = table([unit("sam", 88, 40, 90, **SAM), unit("ash", 112, 40, 90, **INF)], [unit("spear", 100, 65, 270, **INF)])
    st = g.state
    mu = Matchups(st, "east")
    last = plan_army(st, "east", mu)
    b = last.balance[last.main]
    assert -1.0 <= b < -0.5 and last.postures[last.main] == "hold"
    st.options["max_turns"] = 101
    for turn, posture in ((50, "hold"), (51, "attack")):   # pressure 0.49, then 0.5 (5.2)
        st.turn = turn
        assert plan_army(st, "east", mu, last).postures[last.main] == posture
