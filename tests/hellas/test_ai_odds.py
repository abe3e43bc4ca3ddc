"""The hard opponent's battle forecast (sim/hellas/odds.py) follows the combat rules: 6.0
(letters, hits and routs), 8.1 / 8.1.1 (Assault: A2 defenders, double defense, no routs), and
ruling H-15 (rounds); and hard uses it only through its own view."""
from sim.hellas.odds import Unit, forecast
from sim.hellas import make_player

from tests.hellas.helpers import bare_game, open_turn, place


def test_6_0_a_much_stronger_attacker_is_forecast_to_win():
    fc = forecast([Unit("B", 2, 4), Unit("B", 2, 4), Unit("C", 2, 4)], [Unit("C", 2, 2)])
    assert fc.attacker_wins and fc.value() > 0


def test_6_0_defenders_fire_first_at_the_same_letter():
    even = forecast([Unit("C", 2, 3)], [Unit("C", 2, 3)])
    assert even.attacker_lost > even.defender_lost and not even.attacker_wins


def test_6_0_a_better_letter_fires_first():
    fast = forecast([Unit("A", 2, 3)], [Unit("C", 2, 3)])
    slow = forecast([Unit("D", 2, 3)], [Unit("C", 2, 3)])
    assert fast.value() > slow.value()


def test_8_1_1_double_defense_halves_the_attackers_effect():
    field = forecast([Unit("C", 2, 6)], [Unit("A", 2, 2)])
    assault = forecast([Unit("C", 2, 6)], [Unit("A", 2, 2)], assault=True)
    assert assault.defender_lost < field.defender_lost


def test_h_15_more_rounds_more_losses():
    army = [Unit("B", 2, 4)] * 4
    one = forecast(army, [Unit("C", 2, 4)], assault=True, rounds=1)
    three = forecast(army, [Unit("C", 2, 4)], assault=True, rounds=3)
    assert three.defender_lost > one.defender_lost


def test_8_1_hard_declines_a_hopeless_assault():
    g = bare_game()
    from sim.hellas.state import Siege
    g.state.sieges["Thebes"] = Siege("Thebes", "athens", -2)
    g.state.garrisons["Thebes"] = "loyal"
    for _ in range(4):
        place(g, "sparta", "city:Thebes", steps=4, rating="B2")
    place(g, "athens", "Boeotia", steps=2, rating="C2")
    open_turn(g, "athens", phase="combat", season=1)
    hard = make_player("athens", "hard", 1)
    assert hard.choose(g, "athens").kind != "Assault"
