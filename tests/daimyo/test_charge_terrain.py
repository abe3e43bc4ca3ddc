"""Daimyo 4.3.1 / 4.4: a charge's ground is read the way a move's is (ruling D-120): a river is
impassable away from its bridges and fords unless the scenario makes it a wide stream, a bridge
is cut out of the river under it (D-34) and costs a charge nothing, a ford or a wide stream
halves it and disorders. Positions are built by hand on a table with the reference battle's
river, bridge and ford (scenarios/daimyo/reference.toml, moved onto the 120 x 90 test table)."""
import pytest

from sim.core.errors import RuleError
from sim.daimyo.combat import Charge, React
from sim.daimyo.combat import charge as CH

from .combat_helpers import activate, kinds, new_game, scenario, unit

SPEAR = ("ashigaru", "regular", ["long_spear"], "light")          # infantry_light: charge 15 cm
ARQUEBUS = ("ashigaru", "regular", ["arquebus"], "light")
HORSE = ("mounted_samurai", "veteran", ["lance"], "heavy")


def river(wide_stream: bool = False) -> list[dict]:
    """The reference table's river (y 56-62), its bridge (x 60-70, y 54-64) and a ford (x 85-115)."""
    r = {"id": "river", "kind": "river", "points": [[0, 56], [120, 56], [120, 62], [0, 62]]}
    if wide_stream:
        r["wide_stream"] = True
    return [r, {"id": "bridge", "kind": "bridge", "points": [[60, 54], [70, 54], [70, 64], [60, 64]]},
            {"id": "ford", "kind": "ford", "points": [[85, 54], [115, 54], [115, 64], [85, 64]]}]


def game(east, west, terrain):
    """`east` / `west`: (kind, stands, files, x, y, facing); east's daimyo 20 cm to one side,
    within command range (no obedience test), on its own bank."""
    ex, ey = east[3], east[4]
    sc = scenario([unit("c", *east[0], *east[1:])], [unit("t", *west[0], *west[1:])],
                  east_daimyo=(ex - 20 if ex > 30 else ex + 20, ey - 8 if ey < 62 else ey + 8), west_daimyo=(5, 85), terrain=terrain)
    g = new_game(sc)
    activate(g, "east", "e")
    return g


def test_4_3_1_charge_straight_across_the_river_away_from_the_bridge_is_refused_ruling_D120():
    """The charge traced in reference normal-normal game 2 of master seed 2: arquebus
    ashigaru on the south bank at x 13 (about 50 cm from the bridge) and their enemy on the north
    bank, 7 cm apart over the river. Half the charge move (7.5 cm) would have reached."""
    g = game((ARQUEBUS, 5, 5, 13, 56, 90), (ARQUEBUS, 5, 5, 13, 63, 270), river())
    st = g.state
    assert Charge("east", "c", "t") not in g.legal_actions("east")
    with pytest.raises(RuleError) as exc:
        CH.plan(st, st.units["c"], st.units["t"])
    assert exc.value.rule == "4.3.1" and "impassable" in str(exc.value)


def test_4_3_1_wide_stream_river_still_halves_the_charge_and_disorders():
    g = game((SPEAR, 4, 4, 13, 56, 90), (SPEAR, 4, 4, 13, 63, 270), river(wide_stream=True))
    st = g.state
    p = CH.plan(st, st.units["c"], st.units["t"])
    assert p.charge_move == pytest.approx(7.5) and p.terrain_disorder
    g = game((SPEAR, 4, 4, 13, 55.4, 90), (SPEAR, 4, 4, 13, 63, 270), river(wide_stream=True))
    with pytest.raises(RuleError) as exc:             # 7.6 cm: beyond half of 15
        CH.plan(g.state, g.state.units["c"], g.state.units["t"])
    assert exc.value.rule == "4.4"


def test_4_4_column_charging_off_the_bridge_along_its_axis_has_its_full_charge_ruling_D120():
    """A column one stand wide on the bridge charges 12 cm along the bridge's axis: the bridge
    is road (D-34), not the river under it, so the charge is not halved nor disordered."""
    g = game((SPEAR, 4, 1, 65, 64, 90), (SPEAR, 4, 4, 65, 76, 270), river())
    st = g.state
    p = CH.plan(st, st.units["c"], st.units["t"])
    assert p.charge_move == pytest.approx(15) and not p.terrain_disorder and p.bonus
    ev = g.apply(Charge("east", "c", "t"))
    assert kinds(ev, "ChargeDeclared")[0].bonus
    g.apply(React("west", "t", "stand"))
    assert st.units["c"].in_melee_with and not st.units["c"].disordered


def test_4_3_1_charge_through_the_ford_is_halved_and_disorders():
    g = game((SPEAR, 4, 4, 100, 56, 90), (SPEAR, 4, 4, 100, 63, 270), river())
    st = g.state
    p = CH.plan(st, st.units["c"], st.units["t"])
    assert p.charge_move == pytest.approx(7.5) and p.terrain_disorder
    g.apply(Charge("east", "c", "t"))
    ev = g.apply(React("west", "t", "stand"))
    assert st.units["c"].disordered and [e.rule for e in kinds(ev, "Disordered")] == ["4.3.1"]


def test_4_3_1_counter_charge_across_the_river_cannot_be_made_ruling_D120():
    """A counter-charger meets the charger where it stands (D-60): across the river off its
    crossings there is no charge to meet, either way."""
    g = game((SPEAR, 4, 4, 30, 56, 90), (SPEAR, 4, 4, 30, 63, 270), river())
    assert Charge("east", "c", "t") not in g.legal_actions("east")
    with pytest.raises(RuleError) as exc:
        CH.plan(g.state, g.state.units["t"], g.state.units["c"])
    assert exc.value.rule == "4.3.1"


def test_4_3_1_counter_charger_on_the_bridge_is_not_disordered_by_the_river_under_it_ruling_D120():
    """Cavalry in column on the bridge counter-charge a charger coming off the north bank:
    the bridge is road (D-34), so they may counter-charge and are not disordered."""
    g = game((SPEAR, 4, 4, 65, 76, 270), (HORSE, 4, 1, 65, 64, 90), river())
    st = g.state
    g.apply(Charge("east", "c", "t"))
    assert "countercharge" in [a.choice for a in g.legal_actions("west")]
    ev = g.apply(React("west", "t", "countercharge"))
    assert st.units["t"].charge_target == "c" and not st.units["t"].disordered
    assert not kinds(ev, "Disordered")
