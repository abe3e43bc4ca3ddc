"""Exact odds (issue 5) against hand-computed distributions and a Monte Carlo of the dice."""
from fractions import Fraction as F

from sim.core.dice import Dice
from sim.daimyo.odds import hit_chance, hits_distribution, melee_odds, stands_lost


def test_4_6_2_hit_chance_counts_2d6_outcomes_of_8_or_more():
    assert hit_chance(0) == F(15, 36)       # 8..12: 5+4+3+2+1
    assert hit_chance(2) == F(26, 36)       # 6..12
    assert hit_chance(-1) == F(10, 36)      # 9..12
    assert hit_chance(6) == 1               # even snake eyes hits
    assert hit_chance(-5) == 0              # 13 is impossible


def test_two_stands_hits_distribution_by_hand():
    p = F(15, 36)
    assert hits_distribution([0, 0]) == [(1 - p) ** 2, 2 * p * (1 - p), p * p]


def test_mixed_modifiers_distribution_by_hand():
    p, q = F(26, 36), F(10, 36)
    d = hits_distribution([2, -1])
    assert d == [(1 - p) * (1 - q), p * (1 - q) + q * (1 - p), p * q]
    assert sum(d) == 1


def test_4_5_5_three_hits_remove_a_stand_with_carried_hits():
    d = hits_distribution([0, 0])          # 0, 1 or 2 hits this time
    lost = stands_lost(d, carried_hits=2)  # 2 carried: one more hit removes a stand
    assert lost == [d[0], d[1] + d[2]]


def test_4_6_5_one_against_one_outcomes_by_hand():
    p = F(15, 36)                          # each stand hits with p
    o = melee_odds([0], [0])
    assert o.a_pushes_b == p * (1 - p) and o.b_pushes_a == p * (1 - p)
    assert o.draw == p * p + (1 - p) ** 2
    assert o.a_routs_b == 0 and o.b_routs_a == 0


def test_4_6_5_rout_needs_two_more_hits():
    p = F(26, 36)
    o = melee_odds([2, 2], [-10])          # B cannot hit at all
    assert o.a_routs_b == p * p and o.a_pushes_b == 2 * p * (1 - p) and o.draw == (1 - p) ** 2


def test_odds_agree_with_monte_carlo_of_the_real_dice():
    a, b = [1, 1, 0, 2], [0, -1, 3]
    o = melee_odds(a, b)
    dice = Dice(2024)
    n, wins, routs = 20000, 0, 0
    for _ in range(n):
        ha = sum(sum(dice.two_d6()) + m >= 8 for m in a)
        hb = sum(sum(dice.two_d6()) + m >= 8 for m in b)
        wins += ha > hb
        routs += ha - hb >= 2
    # 4 standard errors of a proportion at n = 20000 is under 0.015
    assert abs(wins / n - float(o.a_wins)) < 0.015
    assert abs(routs / n - float(o.a_routs_b)) < 0.015
