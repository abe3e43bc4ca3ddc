"""Issue 19: how the planning AI engages - charges valued with the ground they cross, lining up
where a charge earns its bonus, and a charge weighed against being charged. Hand-built tables,
the real engine."""
import pytest

from sim.daimyo.ai.clan_plan import ClanPlan
from sim.daimyo.ai.matchups import Matchups, round_edge
from sim.daimyo.ai.scorer import DaimyoScorer, launch_window
from sim.daimyo.charge_odds import charge_odds, charges_into_disorder, head_on
from sim.daimyo.combat import charge as CH
from sim.daimyo.geometry import footprint
from tests.daimyo.table_kit import CAV, game, give_orders, scenario, unit

SAM = dict(troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy")
WOOD = {"id": "wood", "kind": "wood", "points": [[80, 60], [120, 60], [120, 72], [80, 72]]}


def _table(terrain=(), foe_y=66.0, horse_y=40.0):
    return give_orders(game(scenario([unit("horse", 100, horse_y, 90, stands=2, files=2, **CAV)],
                                     [unit("spear", 100, foe_y, 270, stands=2, files=2)],
                                     terrain=list(terrain), east_daimyo=(100, 36))))


def test_4_3_1_a_charge_into_a_wood_is_valued_disordered():
    """Spearmen standing in a wood: a charge at them ends in difficult ground and disorders the
    horse (4.3.1), which fights at -1 (4.6.3). The matchup counts it, as the real charge does."""
    open_, wooded = _table(foe_y=62.0), _table([WOOD], foe_y=62.0)
    assert not charges_into_disorder(open_.state, "horse", "spear")
    assert charges_into_disorder(wooded.state, "horse", "spear")
    plain = round_edge(head_on(wooded.state, "horse", "spear"))
    counted = Matchups(wooded.state, "east").att[("horse", "spear")]
    assert counted < plain
    assert counted == round_edge(head_on(wooded.state, "horse", "spear", disordered=True))
    # the rules agree: the charge itself disorders the horse on contact
    near = _table([WOOD], foe_y=62.0, horse_y=56.0)
    assert CH.plan(near.state, near.state.units["horse"], near.state.units["spear"]).terrain_disorder
    assert any(label == "disordered" for label, _, _ in charge_odds(near.state, "horse", "spear").a_mods)


def _engaging(g):
    """The planning scorer with the horse's clan engaging the spearmen, and the horse's value
    standing with its front (x, y) `gap` cm off the spearmen's."""
    st = g.state
    u, spear = st.units["horse"], st.units["spear"]
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    s.plans = {u.clan: ClanPlan(u.clan, "attack", "engage", (spear.x, spear.y), "spear", "test", 1)}
    s.commander.aims = {}
    return s, u, lambda gap: s._value(u, u.x, spear.y - gap, u.facing, u.files)


def test_4_4_an_engaging_unit_closes_to_where_its_charge_earns_the_bonus():
    """4.4: the charge bonus needs a straight run of half the charge move. An engaging horse
    values standing in its launch window above standing 3 cm off the enemy (where a normal move
    stops and no charge has the bonus), and above standing beyond its charge reach."""
    s, u, at = _engaging(_table(horse_y=20.0))
    lo, hi = launch_window(u)
    window = at((lo + hi) / 2)
    assert window > at(3.0)
    assert window > at(hi + u.move_row.normal)
    assert lo <= u.move_row.charge / 2 + 1.0 and hi <= u.move_row.charge


def test_4_3_1_an_engaging_unit_closes_to_the_window_of_its_cut_charge():
    """4.3.1: a charge into a wood goes a third as far for cavalry. The horse engaging
    spearmen that stand at a wood's edge values the window of that cut charge (its half plus a
    little for the turn, up to 0.8 of it) above standing closer (where the charge keeps no
    room for its turn, 4.4), and above standing beyond the cut charge's reach."""
    s, u, at = _engaging(_table([WOOD], foe_y=60.0, horse_y=40.0))
    allowance = s.ground.charge_allowance(u, footprint(u), s.enemy_shapes["spear"])
    assert allowance == u.move_row.charge / 3
    window = at(0.7 * allowance)
    assert window > at(allowance / 2 - 0.5)
    assert window > at(allowance + u.move_row.normal / 2)


def test_4_4_a_charge_is_weighed_against_being_charged():
    """The horse, 12 cm off the spearmen, could charge them and they it (4.4). With its clan
    engaging, the charge also counts what waiting would cost: had the spearmen the better of a
    charge at the horse (their edge, set here to 1 point), charging scores that much higher."""
    from sim.daimyo.combat import Charge
    g = _table(foe_y=58.0, horse_y=46.0)
    st = g.state
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    u = st.units["horse"]
    s.plans = {u.clan: ClanPlan(u.clan, "attack", "engage", (100.0, 58.0), "spear", "test", 1)}
    assert [e.id for e in s._threats(u, footprint(u))] == ["spear"]
    a = Charge("east", "horse", "spear")
    s.mu.dfn[("horse", "spear")] = 0.4                  # they would lose charging it: no change
    calm = s.score(a)
    s.mu.dfn[("horse", "spear")] = -1.0
    assert s.score(a) == pytest.approx(calm + 1.0 * s.p.aggression)
