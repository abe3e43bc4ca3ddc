"""Building (4.2, 4.2.3), Winter supply (9.2), New Year Tribute and Victory (10.0, 14.0)."""
import pytest

from sim.core.errors import RuleError
from sim.hellas import actions as A
from sim.hellas import seasons
from sim.hellas.state import Siege

from tests.hellas.helpers import bare_game, of, open_turn, place


def test_4_2_reinforce_once_per_block_per_turn_up_to_maximum():
    g = bare_game()
    b = place(g, "athens", "Attica", steps=2, max_steps=3)
    open_turn(g, "athens")
    g.apply(A.Reinforce("athens", b.id))
    assert b.steps == 3 and g.state.turn.actions_left == 2
    with pytest.raises(RuleError) as err:
        g.apply(A.Reinforce("athens", b.id))
    assert err.value.rule == "4.2"


def test_4_2_levy_in_home_city_at_one_step_fleets_only_in_ports():
    g = bare_game()
    h = place(g, "sparta", "pool", steps=0, home="Tegea")
    f = place(g, "sparta", "pool", steps=0, kind="fleet", rating="F2", home="Tegea")
    open_turn(g, "sparta")
    legal = g.legal_actions("sparta")
    assert A.Levy("sparta", h.id, "Tegea") in legal
    assert not any(isinstance(a, A.Levy) and a.block == f.id for a in legal)
    g.apply(A.Levy("sparta", h.id, "Tegea"))
    assert h.location == "Tegea" and h.steps == 1


def test_4_2_no_building_in_a_besieged_inland_city():
    g = bare_game()
    g.state.sieges["Thebes"] = Siege("Thebes", "athens", -2)
    b = place(g, "sparta", "city:Thebes", steps=1, max_steps=3)
    place(g, "athens", "Boeotia", steps=2)
    open_turn(g, "sparta")
    assert A.Reinforce("sparta", b.id) not in g.legal_actions("sparta")


def test_9_2_unsupplied_field_blocks_lose_a_step_in_winter():
    g = bare_game()
    lost = place(g, "athens", "Tegea", steps=2)
    fed = place(g, "athens", "Attica", steps=2)
    g.run_step(lambda: seasons.winter_supply(g))
    assert (lost.steps, fed.steps) == (1, 2)


def test_10_0_tribute_for_enemy_cities_held_except_pillaged_areas():
    g = bare_game()
    g.state.holder["Thebes"] = "athens"       # tribute 2
    g.state.holder["Megara"] = "athens"       # tribute 1, but Megaris was pillaged
    g.state.pillaged = ["Megaris"]
    g.run_step(lambda: seasons.tribute(g))
    assert g.state.prestige == 2


def test_14_0_sudden_victory_at_a_lead_of_20_and_final_lead_of_3():
    """Ruling H-35: a lead of 20 at a New Year wins at once (10 ended campaigns in a Year)."""
    g = bare_game()
    g.state.prestige = -20
    g.run_step(lambda: seasons.victory_check(g, final=False))
    assert g.result().winner == "sparta"
    g = bare_game()
    g.state.prestige = 19
    g.run_step(lambda: seasons.victory_check(g, final=False))
    assert not g.is_over()
    g.state.prestige = 2
    g.run_step(lambda: seasons.victory_check(g, final=True))
    assert g.is_over() and g.result().winner is None


def test_14_0_taking_the_enemy_capital_wins_at_once():
    g = bare_game()
    g.state.sieges["Sparta"] = Siege("Sparta", "athens", -2)
    g.state.garrisons["Sparta"] = "loyal"
    place(g, "athens", "Laconia", steps=2)
    open_turn(g, "athens", phase="combat", season=1)
    g.state.dice.force(1)
    g.apply(A.Attrition("athens", "Sparta"))
    assert g.is_over() and g.result().winner == "athens" and g.to_act() is None


def test_10_0_new_year_advances_year_and_deals_six():
    g = bare_game()
    g.state.season = 4
    open_turn(g, "sparta", season=4, index=1)
    g.apply(A.EndActions("sparta"))
    ev = g.apply(A.EndCombat("sparta"))
    assert g.state.year == 430 and g.state.phase == "newyear"
    assert all(len(p.hand) == 6 for p in g.state.piles.values())
    assert of(ev, "CardsDealt")[0].year == 430


def test_h46_heraclea_does_not_exist_before_426():
    from sim.hellas.query import controller
    g = bare_game()
    place(g, "athens", "Malis", steps=3)
    open_turn(g, "athens")
    assert controller(g.state, g.map, "Heraclea") is None
    g.apply(A.EndActions("athens"))
    assert "Heraclea" not in g.state.sieges
    g = bare_game()
    g.state.year = 426
    place(g, "athens", "Malis", steps=3)
    open_turn(g, "athens")
    g.apply(A.EndActions("athens"))
    assert g.state.sieges["Heraclea"].besieger == "athens"
