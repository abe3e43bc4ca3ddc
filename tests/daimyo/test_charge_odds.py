"""`kassen odds` and sim/daimyo/charge_odds.py: the exact odds of a charge with the modifiers
the combat rules put in force (issue 5 item 2)."""
from fractions import Fraction as F

import pytest

from sim.cli import main
from sim.core.errors import RuleError
from sim.core.save import save
from sim.daimyo.charge_odds import charge_odds
from tests.daimyo.table_kit import CAV, game, scenario, unit


def _table():
    return game(scenario([unit("horse", 100, 40, 90, stands=2, files=2, **CAV)],
                         [unit("spear", 100, 56, 270, stands=2, files=2),
                          unit("guns", 100, 95, 270, stands=2, files=2, weapons=["arquebus"])]))


def test_lance_charge_on_spears_uses_the_4_6_3_modifiers_and_counts_2d6_exactly():
    o = charge_odds(_table().state, "horse", "spear")
    # 4.6.3: lance +1, cavalry charge +2, good-order lance first round +2 = +5 per stand
    assert o.a_stands == (5, 5)
    # long spear vs cavalry +2, first round +2, heavy armour -2, higher quality -1 = +1
    assert o.b_stands == (1, 1)
    hit, spear_hit = F(35, 36), F(21, 36)          # 2d6 >= 3 and 2d6 >= 7
    assert o.melee.a_hits == [(1 - hit) ** 2, 2 * hit * (1 - hit), hit ** 2]
    assert o.melee.b_hits == [(1 - spear_hit) ** 2, 2 * spear_hit * (1 - spear_hit), spear_hit ** 2]
    # 4.6.5: two more hits rout, one more pushes back
    assert o.melee.a_routs_b == hit ** 2 * (1 - spear_hit) ** 2
    assert o.fire is None and o.charging and o.edge == "front"


def test_out_of_reach_is_a_4_4_rule_error():
    with pytest.raises(RuleError, match=r"4\.4.*out of charge reach"):
        charge_odds(_table().state, "horse", "guns")


def test_odds_change_nothing_on_the_table():
    g = _table()
    before = (g.state.units["horse"].x, g.state.units["horse"].y, g.state.units["horse"].charge_target)
    charge_odds(g.state, "horse", "spear")
    assert (g.state.units["horse"].x, g.state.units["horse"].y, g.state.units["horse"].charge_target) == before


def test_cli_prints_the_distribution_from_a_save(tmp_path, capsys):
    path = tmp_path / "table.json"
    save(_table(), path)
    assert main(["odds", str(path), "--attacker", "horse", "--defender", "spear"]) == 0
    out = capsys.readouterr().out
    assert "hits by horse: 0:   0.1%  1:   5.4%  2:  94.5%" in out
    assert "horse wins  63.3%" in out and "closing fire (4.4): none possible" in out


@pytest.mark.parametrize("attacker,defender,message", [
    ("nobody", "spear", "no unit 'nobody' (attacker)"),
    ("horse", "ghost", "no unit 'ghost' (defender)"),
    ("spear", "guns", "same side"),
    ("horse", "guns", "out of charge reach"),
])
def test_cli_errors_name_the_unit_or_rule(tmp_path, capsys, attacker, defender, message):
    path = tmp_path / "table.json"
    save(_table(), path)
    assert main(["odds", str(path), "--attacker", attacker, "--defender", defender]) == 2
    assert message in capsys.readouterr().err


def test_cli_on_a_scenario_file(capsys):
    assert main(["odds", "scenarios/daimyo/training.toml", "--attacker", "hq-east", "--defender", "shima-horse"]) == 2
    assert "HQ and cannot charge" in capsys.readouterr().err


def test_kassen_bench_reports_battle_speed_and_odds_time(capsys):
    """`kassen bench` is wired (the numbers themselves are benchmarks, not asserted)."""
    assert main(["bench", "--battles", "1", "--turn-limit", "1", "--scenario", "scenarios/daimyo/training.toml"]) == 0
    out = capsys.readouterr().out
    assert "battles/s per core" in out and "1,000 battles on 2 cores would take" in out
    assert "exact odds" in out and "goal <= 10 ms" in out


def test_4_3_1_4_4_a_kept_charge_into_disorder_equals_a_fresh_one_on_nagashino():
    """charges_into_disorder keeps its answers with the game (the terrain never changes):
    every pair on Nagashino (its stream, fords and palisades), with attackers moved about
    so that answers are found again under other units of the same kind, equals one worked
    out afresh."""
    import random
    from sim.core.scenario import open_game
    from sim.daimyo.charge_odds import charges_into_disorder
    st = open_game("scenarios/daimyo/nagashino.toml", seed=1).state
    rng = random.Random(5)
    units = [u for u in st.living() if u.troop.name not in ("HQ", "ARTILLERY")]
    seen = 0
    for _ in range(3):
        for u in units:
            u.x, u.y = rng.uniform(10, st.width - 10), rng.uniform(10, st.height - 10)
        pairs = [(a, e) for a in units for e in [v for v in units if v.side != a.side][:6]]
        kept = [charges_into_disorder(st, a.id, e.id) for a, e in pairs]    # one book for all
        for (a, e), k in zip(pairs, kept):
            st.geometry_cache.pop("charge_disorder")
            assert charges_into_disorder(st, a.id, e.id) == k
            seen += k
    assert seen                                  # some charges do cross disordering ground


def test_4_4_4_6_5_head_on_given_the_front_slot_equals_head_on_working_it_out():
    """ai/matchups.py passes the charger's slot at the defender's front (CH.final_pose, kept
    with the game) to head_on and charges_into_disorder: the same odds and the same answer as
    each working the slot out, for pairs all over the reference table."""
    import random
    from sim.core.scenario import open_game
    from sim.daimyo.charge_odds import charges_into_disorder, head_on
    from sim.daimyo.combat import charge as CH
    st = open_game("benchmarks/reference.toml", seed=1).state
    rng = random.Random(7)
    units = [u for u in st.living() if u.troop.name not in ("HQ", "ARTILLERY")]
    for u in units:
        u.x, u.y, u.facing = rng.uniform(10, st.width - 10), rng.uniform(10, st.height - 10), rng.uniform(0, 360)
    pairs = [(a, e) for a in units[::3] for e in [v for v in units if v.side != a.side][:5]]
    for a, e in pairs:
        front = CH.final_pose(a, e, "front")
        assert charges_into_disorder(st, a.id, e.id, front) == charges_into_disorder(st, a.id, e.id)
        for disordered in (False, True):
            assert head_on(st, a.id, e.id, disordered, front) == head_on(st, a.id, e.id, disordered)
