"""Issue 19: an engaged unit of normal weighs the charge a pose promises with the rules' own
charge plan (4.4), as hard does: on the reference table engaged units stood within charge
distance of an enemy they beat, their charge path blocked by a friend in front (docs/ai.md,
"Engaged units in reach"). Hand-built table, the real engine."""
import pytest

from sim.core.errors import RuleError
from sim.daimyo.ai.clan_plan import ClanPlan
from sim.daimyo.ai.scorer import TARGET_PULL, DaimyoScorer
from sim.daimyo.combat import charge as CH
from tests.daimyo.table_kit import game, give_orders, scenario, unit

SAM = dict(troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy")


def _engaging():
    """Samurai 9 cm behind a friend's line's left half, spearmen 9 cm beyond it: in reach, but
    the charge path crosses the friend; 8 cm to the right the path is clear."""
    g = give_orders(game(scenario([unit("sam", 94, 47, 90, stands=2, files=2, **SAM),
                                   unit("front", 92, 50, 90, stands=2, files=2)],
                                  [unit("spear", 100, 56, 270, stands=2, files=2)], east_daimyo=(100, 20))))
    st = g.state
    u, spear = st.units["sam"], st.units["spear"]
    s = DaimyoScorer(planning=True)                        # normal: no exact charge checks of its own
    s.prepare(g, "east")
    s.plans = dict(s.plans)
    s.plans[u.clan] = ClanPlan(u.clan, "attack", "engage", (spear.x, spear.y), "spear", "test", 1)
    s.commander.aims = {}
    return g, s, u, spear


def test_4_4_an_engaged_unit_behind_a_friend_is_not_pulled_by_a_charge_the_rules_refuse():
    """4.4: the charge path may not cross a friend. Where the samurai stand the rules refuse the
    charge; 8 cm to the right they accept it. The engaged samurai value the clear pose above the
    blocked one by at least the whole pull of the target (TARGET_PULL of its worth): the blocked
    pose gets none of it (on main it got it all and was within a point of the clear one)."""
    g, s, u, spear = _engaging()
    assert not s._can_charge(u, u.x, u.y, u.facing, u.files, spear)
    assert s._can_charge(u, u.x + 8, u.y, u.facing, u.files, spear)
    with pytest.raises(RuleError, match="blocked by front"):
        CH.plan(g.state, u, spear)
    blocked = s._value(u, u.x, u.y, u.facing, u.files)
    clear = s._value(u, u.x + 8, u.y, u.facing, u.files)
    assert clear - blocked > TARGET_PULL * s.p.aggression * s._target_worth(spear)

