"""The hard opponent's exact battle odds (sim/amdt/ai_odds.py) against the real battle rules."""
from fractions import Fraction

import pytest

from sim.amdt import actions as A
from sim.amdt import make_player
from sim.amdt.ai import AmdtScorer
from sim.amdt.ai_odds import Odds, hit_chance
from sim.amdt.victory import counts_for_oda
from tests.amdt.helpers import activate, clear, game, move, put, soldiers_at


@pytest.mark.parametrize("mod, faces", [(-1, 1), (0, 1), (1, 2), (2, 3), (4, 5), (6, 5)])
def test_a8_hit_chance_natural_six_always_natural_one_never(mod, faces):
    assert hit_chance(mod) == pytest.approx(faces / 6)


def one_on_one(g):
    """Katsuie (battle +1) leads one Oda soldier from Seta against one Rokkaku soldier in Koka;
    Rokkaku keeps it outside the castle: a field battle (10.2, 10.3)."""
    clear(g, "Koka", keep_leaders=True)
    put(g, "Koka", "Rokkaku", 1)
    move(g, "katsuie", "Seta")
    put(g, "Seta", "Oda", 1)
    activate(g, "nobunaga", 6)
    g.apply(A.March("oda", "Seta", "Koka", "katsuie", 1))
    g.apply(A.Garrison("anti", 0))


def test_r_battle_field_odds_equal_the_engines_first_round_over_all_36_dice():
    # each pair of forced dice (Oda fires first in the log, both before hits, 10.3) gives one
    # of: Oda alone hits, Rokkaku alone hits, both, neither. A fight to the end repeats the
    # round while neither hits, so the attacker's chance is P(Oda alone) / (1 - P(neither)).
    counts = {"oda": 0, "anti": 0, "both": 0, "none": 0}
    for oda_die in range(1, 7):
        for anti_die in range(1, 7):
            g = game(2)
            g.dice.force(oda_die, anti_die)
            one_on_one(g)
            oda = len(soldiers_at(g, "Koka", "Oda"))
            anti = len(soldiers_at(g, "Koka", "Rokkaku"))
            counts[{(1, 0): "oda", (0, 1): "anti", (0, 0): "both", (1, 1): "none"}[(oda, anti)]] += 1
    assert counts == {"oda": 10, "anti": 4, "both": 2, "none": 20}     # +1 hits on 5-6, else 6
    win = Fraction(counts["oda"], 36 - counts["none"])
    assert Odds().field(1, 1, att_mod=1, def_mod=0).win == pytest.approx(float(win))   # 5/8


def test_r_battle_assault_odds_garrison_fires_first():
    # 10.5, ruling A-10: one defender in a level-1 castle hits on 5-6 (2/6) before the lone
    # attacker fires at 6 only; a round repeats while both miss (4/6 * 5/6):
    # P(capture) = (4/6 * 1/6) / (1 - 20/36) = 1/4
    assert Odds().assault(1, 1, castle=1).win == pytest.approx(0.25)


def test_r_battle_fight_to_the_end_totals_are_consistent():
    odds = Odds()
    f = odds.field(6, 4, 1, 0)
    assert 0 < f.win < 1 and f.att_left <= 6 and f.def_left <= 4
    # with nobody inside, the sector holds exactly when the field battle is not lost
    assert odds.hold_chance(6, 4, 0, 2, 1, 0) == pytest.approx(1 - f.win)
    # with nobody outside, exactly when the assault fails
    assert odds.hold_chance(6, 0, 4, 2, 1, 0) == pytest.approx(1 - odds.assault(6, 4, 2).win)


def test_r_battle_hard_garrisons_where_the_sector_holds_best():
    # Katsuie and 3 Oda soldiers against Koka's 2 Rokkaku soldiers (castle level 1): fought to
    # the end, the sector holds 4.8 % with both outside, 20.7 % with one in, 58.0 % with both in
    g = game(2)
    move(g, "katsuie", "Seta")
    put(g, "Seta", "Oda", 3)
    activate(g, "nobunaga", 6)
    g.apply(A.March("oda", "Seta", "Koka", "katsuie", 3))
    odds = Odds()
    holds = [odds.hold_chance(3, 2 - n, n, 1, 1, 0) for n in range(3)]
    assert holds == pytest.approx([0.048, 0.207, 0.580], abs=0.001)
    assert make_player("anti", "hard", 1).choose(g, "anti") == A.Garrison("anti", 2)


def test_r_victory_castles_that_count_toward_odas_six():
    # ruling A-25: level 2 or more, not Oda's at the start, Azuchi's site excluded
    assert counts_for_oda("Odani", 2) and counts_for_oda("Ishiyama", 3)
    assert not counts_for_oda("Gifu", 3)            # Oda's own
    assert not counts_for_oda("Kannon-ji", 3)
    assert not counts_for_oda("Koka", 1)


def mori_holds_takamatsu(players: int):
    """Terumoto and 3 Mori soldiers in Takamatsu (Hideyoshi's 4p victory sector, 16.2.4(2)),
    3 Oda soldiers next door in Okayama, the Mori chit active with 6 MP."""
    g = game(players)
    clear(g, "Takamatsu")
    put(g, "Takamatsu", "Mori", 3)
    move(g, "terumoto", "Takamatsu")
    clear(g, "Okayama")
    g.state.control["Okayama"] = "Oda"
    put(g, "Okayama", "Oda", 3, owner="hideyoshi" if players == 4 else None)
    g.state.clan_faction["Mori"] = "anti"
    activate(g, "mori", 6)
    return g


def test_16_2_4_2_hard_anti_keeps_an_alliance_victory_sector_garrisoned_in_4p():
    # 4p: Oda taking Takamatsu wins the game for Hideyoshi, so hard keeps its soldiers there;
    # 2p: Takamatsu is a level-1 castle that does not count toward Oda's six (ruling A-25),
    # so the same position sends them out
    def strips(a):
        return isinstance(a, A.March) and a.frm == "Takamatsu" and a.soldiers > 0
    assert not strips(make_player("anti", "hard", 1).choose(mori_holds_takamatsu(4), "anti"))
    assert strips(make_player("anti", "hard", 1).choose(mori_holds_takamatsu(2), "anti"))


def test_16_2_4_2_hard_alliance_will_not_take_a_rivals_victory_sector():
    # ruling A-40: Hideyoshi's soldiers taking Uozu win the game for Katsuie, not for him
    g = game(4)
    clear(g, "Uozu")
    put(g, "Uozu", "Uesugi", 1)
    g.state.clan_faction["Uesugi"] = "anti"
    clear(g, "Toyama")
    g.state.control["Toyama"] = "Oda"
    for seat in ("hideyoshi", "katsuie"):
        put(g, "Toyama", "Oda", 4, owner=seat)
    values = {}
    for seat in ("hideyoshi", "katsuie"):
        scorer = AmdtScorer("hard")
        scorer.prepare(g, seat)
        values[seat] = scorer.score(A.March(seat, "Toyama", "Uozu", "", 4))
    assert values["hideyoshi"] < 0 < values["katsuie"]
