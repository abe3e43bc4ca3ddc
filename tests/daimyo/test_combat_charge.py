"""Daimyo 4.4 charges and charge reactions: reach, the turn allowance, the straight run for
the bonus, tests to charge (reason 4) and to receive (reasons 2, 3), reactions, closing fire,
counter-charges, failed charges, flank charges (ruling D-4). Dice are forced."""
import pytest

from sim.core.codec import encode
from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo.combat import Charge, React
from sim.daimyo.combat import charge as CH

from .combat_helpers import activate, kinds, new_game, scenario, unit

SPEAR = dict(troop="ashigaru", quality="regular", weapons=["long_spear"], armour="light")
HORSE = dict(troop="mounted_samurai", quality="veteran", weapons=["lance"], armour="heavy")


def setup(charger=None, target=None, gap=10.0, tx=60.0, tfacing=270.0, ty=None, **kw):
    c = dict(SPEAR)
    c.update(charger or {})
    t = dict(SPEAR)
    t.update(target or {})
    ty = 30 + gap if ty is None else ty
    sc = scenario([unit("c", c.pop("troop"), c.pop("quality"), c.pop("weapons"), c.pop("armour"), 4, 4, 60, 30, 90, **c)],
                  [unit("t", t.pop("troop"), t.pop("quality"), t.pop("weapons"), t.pop("armour"), 4, 4, tx, ty, tfacing, **t)],
                  east_daimyo=(40, 24), west_daimyo=(40, 46), **kw)
    g = new_game(sc)
    activate(g, "east", "e")
    return g


def test_4_4_charge_within_charge_reach_only():
    g = setup(gap=14)            # light infantry charge 15 cm
    assert Charge("east", "c", "t") in g.legal_actions("east")
    g = setup(gap=15.5)
    assert Charge("east", "c", "t") not in g.legal_actions("east")
    before = encode(g.state)
    with pytest.raises(RuleError) as exc:
        g.apply(Charge("east", "c", "t"))
    assert exc.value.rule == "4.4" and encode(g.state) == before


def test_4_4_half_the_charge_move_may_be_spent_turning_at_the_start():
    g = setup(gap=10, tx=62)     # 2 cm off centre: straight on, lined up on contact for free
    p = CH.plan(g.state, g.state.units["c"], g.state.units["t"])
    assert (p.turn_cost, p.run) == pytest.approx((0, 10)) and p.final[:2] == pytest.approx((62, 40))
    ronin = dict(troop="ronin", weapons=["pole_arm"], armour="medium")     # charge 14 cm
    g = setup(charger=dict(ronin, quality="veteran"), gap=8, tx=74)
    p = CH.plan(g.state, g.state.units["c"], g.state.units["t"])
    assert 0 < p.turn_cost <= 14 / 2 and p.turn_cost + p.run <= 14
    g = setup(charger=dict(ronin, quality="regular"), gap=8, tx=74)     # wheels cost double
    with pytest.raises(RuleError) as exc:
        CH.plan(g.state, g.state.units["c"], g.state.units["t"])
    assert "more than half the charge move" in str(exc.value)


@pytest.mark.parametrize("gap,bonus", [(7.4, False), (7.5, True), (12, True)])
def test_4_4_charge_bonus_needs_a_straight_run_of_half_the_charge_move(gap, bonus):
    g = setup(gap=gap)
    ev = g.apply(Charge("east", "c", "t"))
    decl = kinds(ev, "ChargeDeclared")[0]
    assert decl.bonus is bonus and decl.distance == pytest.approx(gap)


def test_4_4_stands_line_up_corner_to_corner_on_contact():
    g = setup(gap=10, tx=61.5)
    st = g.state
    p = CH.plan(st, st.units["c"], st.units["t"])
    # equal widths: the charger's front edge lies exactly on the target's
    assert p.final[:2] == pytest.approx((61.5, 40)) and p.final[2] == 90


def test_4_4_unit_charged_in_the_flank_may_stand_turning_to_face_ruling_D_103():
    """4.4: "stand" includes turning to face. The target (a 4 x 1 line facing east, charged
    on its right flank) turns 90 degrees right for half its 11 cm move (Regular, 4.3.5.2) and
    becomes a column facing the charger (ruling D-37): met in front, not disordered."""
    g = setup(gap=0, tx=68, ty=42, tfacing=0)
    st = g.state
    t = st.units["t"]
    g.apply(Charge("east", "c", "t"))
    assert [a.choice for a in g.legal_actions("west")] == ["stand", "face", "countercharge"]
    ev = g.apply(React("west", "t", "face"))
    turn = kinds(ev, "UnitMoved")[0]
    assert (turn.how, turn.cost) == ("turn", pytest.approx(5.5)) and t.move_used == pytest.approx(5.5)
    assert (t.facing, t.files) == (270, 1) and (t.x, t.y) == pytest.approx((66, 34))
    assert kinds(ev, "ChargeMoved")[0].contact and not t.disordered
    g.apply(A.EndMovement("east"))
    g.dice.force(*[1, 1] * 8)
    rounds = {e.unit: e for e in kinds(g.apply(A.EndShooting("east")), "MeleeRound")}
    assert all(("attacked in flank or rear", -2, "4.6.3") not in r.modifiers for r in rounds["t"].rolls)


def test_4_2_1_cause_4_a_turn_to_face_that_cannot_be_completed_disorders_ruling_D_103():
    """The target moved 7 of its 11 cm in its own activation: the 5.5 cm turn cannot be made,
    so it stays charged in the flank and is disordered."""
    sc = scenario([unit("c", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 60, 30, 90)],
                  [unit("t", "ashigaru", "regular", ["long_spear"], "light", 4, 4, 61, 42, 0)],
                  east_daimyo=(40, 24), west_daimyo=(55, 46))
    g = new_game(sc)
    st = g.state
    t = st.units["t"]
    activate(g, "west", "w")
    g.apply(A.Move("west", "t", 7.0))
    g.apply(A.EndMovement("west"))
    g.apply(A.EndShooting("west"))
    activate(g, "east", "e")
    g.apply(Charge("east", "c", "t"))
    ev = g.apply(React("west", "t", "face"))
    assert not kinds(ev, "UnitMoved") and t.facing == 0 and t.move_used == pytest.approx(7)
    dis = kinds(ev, "Disordered")[0]
    assert (dis.unit, dis.rule) == ("t", "4.2.1") and "turn to face" in dis.cause
    assert kinds(ev, "ChargeMoved")[0].contact


def test_4_4_flank_charge_ruling_D_4_aligns_on_the_front_corner_and_disorders():
    # target faces east with its front at x=70: the charger (below, facing north) is
    # entirely behind its front line, on its right flank
    g = setup(gap=0, tx=68, ty=42, tfacing=0)
    st = g.state
    c, t = st.units["c"], st.units["t"]
    p = CH.plan(st, c, t)
    assert p.edge == "right"
    assert p.final == pytest.approx((68 - c.width / 2, 34, 90))    # front-left corner on (68, 34)
    assert (p.run, p.turn_cost) == pytest.approx((4, 0))
    g.apply(Charge("east", "c", "t"))
    g.apply(React("west", "t", "stand"))
    assert t.disordered                                  # 4.2.1 cause 4


def test_5_1_missile_ashigaru_charged_by_cavalry_outside_the_open_test_reason_2_at_minus_1_ruling_D_104():
    """A low hill beside the charge path: not "open" (D-67), so no reason 3, but the arquebusiers
    test reason 2 and, being infantry charged by cavalry, take the -1."""
    hill = [{"id": "h", "kind": "low_hill", "points": [[67, 35], [72, 35], [72, 37], [67, 37]]}]
    g = setup(charger=HORSE, target=dict(weapons=["arquebus"]), gap=12, terrain=hill)
    g.dice.force(4, 4)
    ev = g.apply(Charge("east", "c", "t"))
    test = kinds(ev, "MoraleTested")[0]
    assert (test.unit, test.reason) == ("t", 2)
    assert ("infantry charged by cavalry", -1, "5.1") in test.modifiers


def test_4_4_missile_ashigaru_must_pass_reason_4_to_charge_halt_on_failure():
    g = setup(charger=dict(weapons=["arquebus"]), gap=10)
    st = g.state
    g.dice.force(2, 3)                                   # 5 vs 6: failed by 1 -> halt
    ev = g.apply(Charge("east", "c", "t"))
    t = kinds(ev, "MoraleTested")[0]
    assert (t.reason, t.total, t.margin, t.result) == (4, 5, 1, "halt")
    c = st.units["c"]
    assert (c.x, c.y) == (60, 30) and c.halted_turns == 2 and not kinds(ev, "ChargeMoved")


def test_4_4_reason_2_test_for_missile_ashigaru_charged_failed_by_2_retreats():
    g = setup(target=dict(weapons=["arquebus"]), gap=10)
    st = g.state
    g.dice.force(2, 2)                                   # 4 vs 6 -> failed by 2 -> retreat
    ev = g.apply(Charge("east", "c", "t"))
    t = [e for e in kinds(ev, "MoraleTested") if e.unit == "t"][0]
    assert (t.reason, t.total, t.result) == (2, 4, "retreat")
    move = kinds(ev, "MoraleMove")[0]
    assert move.result == "retreat" and move.path[-1][2] == 90          # toward the north edge
    assert st.units["t"].y == pytest.approx(40 + 1.5 + 11)              # about-face, 11 cm
    failed = kinds(ev, "ChargeMoved")[0]
    assert not failed.contact and failed.how == "failed_charge"
    assert st.units["c"].y == pytest.approx(30 + 7.5)                   # half of 15 (ruling D-50)


def test_4_4_frenzied_chargers_run_the_full_distance_when_the_charge_fails():
    g = setup(target=dict(weapons=["arquebus"]), gap=10)
    st = g.state
    st.units["c"].frenzied = True
    g.dice.force(1, 2)                                   # 3: failed by 3 -> retreat
    g.apply(Charge("east", "c", "t"))
    assert st.units["c"].y == pytest.approx(30 + 15)


def test_4_4_infantry_never_counter_charge_cavalry():
    g = setup(charger=HORSE, gap=18, target=dict(quality="regular"))
    g.dice.force(4, 4)                                   # reason 3: 8 -1 = 7 passes
    g.apply(Charge("east", "c", "t"))
    assert [a.choice for a in g.legal_actions("west")] == ["stand", "retire"]


def test_4_4_counter_charge_turns_to_face_and_counts_as_charging():
    g = setup(gap=12, tx=62)
    st = g.state
    g.apply(Charge("east", "c", "t"))
    assert [a.choice for a in g.legal_actions("west")] == ["stand", "countercharge"]
    ev = g.apply(React("west", "t", "countercharge"))
    t = st.units["t"]
    assert t.charge_target == "c" and t.charge_bonus
    assert kinds(ev, "ChargeMoved")[0].contact


@pytest.mark.parametrize("kind,disordered", [("low_hill", True), ("wood", True), (None, False)])
def test_4_3_1_counter_charging_from_light_or_difficult_terrain_disorders(kind, disordered):
    """The counter-charger stands on the feature (from y 42.5; its stands reach y 43.5); the
    charger's path stops short of it."""
    terrain = [{"id": "f", "kind": kind, "points": [[50, 42.5], [75, 42.5], [75, 55], [50, 55]]}] if kind else []
    g = setup(gap=12, tx=62, terrain=terrain)
    st = g.state
    g.apply(Charge("east", "c", "t"))
    ev = g.apply(React("west", "t", "countercharge"))
    assert st.units["t"].disordered is disordered and not st.units["c"].disordered
    assert [e.rule for e in kinds(ev, "Disordered")] == (["4.3.1"] if disordered else [])


def test_4_4_closing_fire_only_if_the_charger_starts_beyond_half_its_charge_move():
    g = setup(target=dict(weapons=["bow"], quality="regular"), gap=7, charger=dict(quality="regular"))
    g.dice.force(4, 4)                                   # reason 2 passes
    g.apply(Charge("east", "c", "t"))
    assert "shoot" not in [a.choice for a in g.legal_actions("west")]
    g = setup(target=dict(weapons=["bow"]), gap=10)
    g.dice.force(4, 4)
    g.apply(Charge("east", "c", "t"))
    assert "shoot" in [a.choice for a in g.legal_actions("west")]


def test_4_4_closing_fire_at_effective_range_for_veterans_ruling_D_10():
    g = setup(target=dict(troop="ronin", quality="veteran", weapons=["bow"], armour="light"), gap=12)
    g.dice.force(1, 1, 1, 1, 1, 1, 1, 1)
    g.apply(Charge("east", "c", "t"))
    ev = g.apply(React("west", "t", "shoot"))
    assert kinds(ev, "ShotResolved")[0].band == "effective"


def test_4_2_1_disordered_units_may_not_declare_a_charge():
    g = setup(gap=10)
    g.state.units["c"].disordered = True
    with pytest.raises(RuleError) as exc:
        g.apply(Charge("east", "c", "t"))
    assert exc.value.rule == "4.2.1"


def test_5_1_a_charger_reaching_routers_destroys_them():
    g = setup(gap=10)
    st = g.state
    st.units["t"].routing = True
    g.apply(Charge("east", "c", "t"))
    assert st.units["t"].gone == "destroyed"


def test_4_6_units_in_melee_may_not_move_away():
    g = setup(gap=10)
    g.apply(Charge("east", "c", "t"))
    g.apply(React("west", "t", "stand"))
    st = g.state
    st.units["c"].activated = False
    st.units["c"].move_used = 0
    orders = [a for a in g.legal_actions("east") if getattr(a, "unit", "") == "c"]
    assert orders == []
    with pytest.raises(RuleError) as exc:
        g.apply(A.FallBack("east", "c", 3))
    assert exc.value.rule == "4.6"


@pytest.mark.parametrize("make,rule", [
    (lambda g: React("west", "t", "stand"), "turn"),            # not west's decision
    (lambda g: React("east", "t", "stand"), "4.4"),             # no decision awaited
    (lambda g: combat_actions().Rally("east", "c", True), "4.4"),
    (lambda g: Charge("east", "c", "nobody"), "4.4"),
    (lambda g: Charge("east", "t", "c"), "4.1"),                # not your unit
    (lambda g: combat_actions().Shoot("east", "c"), "4.5"),     # shooting is after movement
    (lambda g: combat_actions().Challenge("east", "daimyo-e", "daimyo-w"), "4.4"),
])
def test_illegal_combat_actions_name_the_rule_and_leave_the_state_untouched(make, rule):
    g = setup(gap=10)
    before = encode(g.state)
    with pytest.raises(RuleError) as exc:
        g.apply(make(g))
    assert exc.value.rule == rule and encode(g.state) == before and not g.actions


def combat_actions():
    from sim.daimyo.combat import actions
    return actions


def test_4_4_reaction_decision_accepts_only_the_offered_choices():
    g = setup(gap=10)
    g.apply(Charge("east", "c", "t"))
    before = encode(g.state)
    with pytest.raises(RuleError) as exc:
        g.apply(React("west", "t", "retire"))        # not offered: no test was taken
    assert exc.value.rule == "4.4" and encode(g.state) == before


def test_save_load_mid_reaction_decision_round_trips(tmp_path):
    """A game saved while a 4.4 reaction is awaited loads with the same decision pending."""
    from sim.core.save import load, save
    from sim.daimyo.fuzz import EagerRandomPlayer, load as load_training
    from sim.daimyo.game import DaimyoGame
    sc = load_training()
    for seed in range(40):
        g = DaimyoGame.new(sc, seed)
        players = {s: EagerRandomPlayer(seed * 7 + i) for i, s in enumerate(g.sides())}
        while not g.is_over() and not any(d.kind == "reaction" for d in g.state.pending):
            g.apply(players[g.to_act()].choose(g, g.to_act()))
        if g.state.pending:
            break
    assert g.state.pending, "no charge in 40 random battles"
    save(g, tmp_path / "g.json")
    h = load(tmp_path / "g.json")
    assert encode(h.state) == encode(g.state)
    side = g.to_act()
    assert h.to_act() == side and h.legal_actions(side) == g.legal_actions(side)
    h.apply(h.legal_actions(side)[0])
    g.apply(g.legal_actions(side)[0])
    assert encode(h.state) == encode(g.state)


def test_5_1_retire_reaction_may_shoot_before_the_move_ruling_D_86():
    """Bowmen pass their reason-2 test: besides stand, shoot and retire they may shoot and
    then retire (5.1 Retire). Four bow stands at long range: first shot +2, light-armoured
    target +1, being charged -1 = +2; three 6s hit and the chargers lose a stand; the bowmen
    then retire 5.5 cm and the charge fails."""
    g = setup(target=dict(weapons=["bow"]), gap=10)
    st = g.state
    g.dice.force(4, 4)                                   # reason 2: 8 vs 6 passes
    g.apply(Charge("east", "c", "t"))
    assert [a.choice for a in g.legal_actions("west")] == ["stand", "shoot", "retire", "shoot_retire", "countercharge"]
    g.dice.force(3, 3, 3, 3, 3, 3, 1, 1)
    ev = g.apply(React("west", "t", "shoot_retire"))
    shot = kinds(ev, "ShotResolved")[0]
    assert (shot.stands, shot.band, shot.hits, shot.closing_fire) == (4, "long", 3, True)
    assert sum(v for _, v, _ in shot.modifiers) == 2
    assert st.units["c"].stands == 3
    assert kinds(ev, "MoraleMove")[0].result == "retire" and st.units["t"].y == pytest.approx(45.5)
    assert not kinds(ev, "ChargeMoved")[0].contact    # out of reach now: a failed charge


def test_5_1_forced_retire_offers_to_shoot_first_ruling_D_86():
    g = setup(target=dict(weapons=["bow"]), gap=10)
    g.dice.force(2, 3)                                   # reason 2: 5 vs 6 -> failed by 1: retire
    g.apply(Charge("east", "c", "t"))
    assert [a.choice for a in g.legal_actions("west")] == ["retire", "shoot_retire"]
    g.dice.force(1, 1, 1, 1, 1, 1, 1, 1)
    ev = g.apply(React("west", "t", "retire"))
    assert not kinds(ev, "ShotResolved") and kinds(ev, "MoraleMove")[0].result == "retire"
