import pytest

from sim.batch.duel import duel_report, duel_spec, seat_of_a
from sim.batch.runner import run_batch
from sim.batch.stats import convergence, histogram, summarise, wilson, sign_test
from sim.batch.worker import GameSummary


@pytest.mark.parametrize("k, n, lo, hi", [
    # Hand-computed: centre = (p + z²/2n)/(1 + z²/n), half = z·sqrt(p(1-p)/n + z²/4n²)/(1 + z²/n)
    (8, 10, 0.49016, 0.94331),   # centre 0.71674, half 0.22657
    (5, 10, 0.23659, 0.76341),   # centre 0.5, half 0.26341
    (0, 10, 0.0, 0.27753),       # centre 0.13876 = half
    (10, 10, 0.72247, 1.0),
    (1, 1000, 0.00018, 0.00566),
])
def test_wilson_matches_hand_computed_intervals(k, n, lo, hi):
    got = wilson(k, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_refuses_impossible_counts():
    with pytest.raises(ValueError):
        wilson(11, 10)
    assert wilson(0, 0) == (0.0, 1.0)  # no games: no information


def test_histogram_has_one_bin_per_turn_when_few():
    assert histogram([3, 3, 4, 7]) == {"edges": [3, 4, 5, 6, 7, 8], "counts": [2, 1, 0, 0, 1]}
    wide = histogram(list(range(100)), max_bins=10)
    assert sum(wide["counts"]) == 100 and len(wide["counts"]) == 10 and wide["edges"][0] == 0


def g(i, winner, **kw):
    return GameSummary(i, i, {"a": "x", "b": "y"}, winner=winner, **kw)


def test_summarise_aggregates_by_hand():
    games = [
        g(0, "a", turns=4, sides={"a": {"stands_lost": 2}, "b": {"stands_lost": 5, "leaders_killed": 1}},
          clans={"Oda": {"stands_lost": 2}}, clan_side={"Oda": "a"}),
        g(1, "b", turns=6, sides={"a": {"stands_lost": 4}, "b": {"stands_lost": 1}}),
        g(2, None, turns=5, reason="turn limit"),
        g(3, None, timeout=True, reason="stopped"),
        GameSummary(4, 4, {}, error="ValueError: x"),
    ]
    r = summarise(games)
    assert r["games"] == 5 and r["played"] == 4 and r["errors"]["count"] == 1
    assert r["sides"]["a"]["count"] == 1 and r["sides"]["a"]["rate"] == 0.25
    assert r["sides"]["a"]["ci95"] == list(wilson(1, 4))
    assert r["draws"]["count"] == 1 and r["timeouts"]["count"] == 1
    assert (r["turns"]["mean"], r["turns"]["median"], r["turns"]["games"]) == (5, 5, 3)
    # means are over the games that reported the group (two here), totals over all
    assert r["losses"]["sides"]["a"]["stands_lost"] == {"total": 6, "mean": 3}
    assert r["losses"]["sides"]["b"]["leaders_killed"] == {"total": 1, "mean": 0.5}
    assert r["losses"]["clans"]["Oda"] == {"stands_lost": {"total": 2, "mean": 2}, "side": "a"}


def test_summarise_real_batch_totals_equal_sum_of_summaries(spec):
    batch = run_batch(spec, 40, workers=1, progress=False)
    r = summarise(batch)
    for side in ("a", "b"):
        assert r["sides"][side]["count"] == sum(s.winner == side for s in batch)
        total = sum(s.sides[side]["stands_lost"] for s in batch)
        assert r["losses"]["sides"][side]["stands_lost"]["total"] == total > 0
    clan_total = sum(v["stands_lost"]["total"] for v in r["losses"]["clans"].values())
    assert clan_total == sum(v["stands_lost"]["total"] for v in r["losses"]["sides"].values())
    assert r["positions"] == sum(len(s.positions) for s in batch)


def test_convergence_ends_at_the_overall_rate(spec):
    batch = run_batch(spec, 30, workers=1, progress=False)
    curve = convergence(batch, "a")
    k = sum(s.winner == "a" for s in batch)
    assert len(curve) == 30 and curve[-1] == (30, k / 30, *wilson(k, 30))


def test_duel_alternates_sides_and_measures_the_stronger_level(spec):
    d = duel_spec(spec, "bold", "timid")
    batch = run_batch(d, 80, workers=2, progress=False)
    assert [seat_of_a(s) for s in batch[:4]] == ["a", "b", "a", "b"]
    assert all(s.levels[seat_of_a(s)] == "bold" and sorted(s.levels.values()) == ["bold", "timid"]
               for s in batch)
    r = duel_report(batch, "bold", "timid")
    wins = sum(s.winner == seat_of_a(s) for s in batch)
    assert r["a_wins"]["count"] == wins and r["a_by_seat"]["a"]["games"] == 40
    # two dice a turn against one: bold should win nearly always, and significantly
    assert r["a_wins"]["ci95"][0] > 0.8
    reverse = duel_report(run_batch(duel_spec(spec, "timid", "bold"), 80, workers=1, progress=False),
                          "timid", "bold")
    assert reverse["a_wins"]["rate"] < 0.2


def test_sign_test_is_the_exact_binomial_tail():
    assert sign_test(7, 0) == 2 / 2 ** 7                      # 7 of 7 decisive games one way
    assert sign_test(10, 3) == pytest.approx(2 * (1 + 13 + 78 + 286) / 2 ** 13)
    assert sign_test(3, 10) == sign_test(10, 3)
    assert sign_test(3, 3) == 1.0 and sign_test(0, 0) == 1.0


def test_duel_counts_the_units_each_level_lost_and_who_came_out_ahead(spec):
    batch = run_batch(duel_spec(spec, "bold", "timid"), 40, workers=1, progress=False)
    lost = duel_report(batch, "bold", "timid")["units_lost"]
    pairs = [(s.sides[seat_of_a(s)]["units_lost"],
              sum(v["units_lost"] for side, v in s.sides.items() if side != seat_of_a(s))) for s in batch]
    assert lost["a"]["mean"] == sum(a for a, _ in pairs) / 40
    assert lost["b"]["mean"] == sum(b for _, b in pairs) / 40
    assert (lost["a_ahead"], lost["b_ahead"]) == (sum(b > a for a, b in pairs), sum(a > b for a, b in pairs))
    assert lost["a_ahead"] + lost["b_ahead"] + lost["even"] == 40 and lost["a_ahead"] + lost["b_ahead"] > 0
    assert lost["sign_p"] == sign_test(lost["a_ahead"], lost["b_ahead"])


def test_outcome_split_decisive_marginal_and_level_draws():
    """Issue 19 item 7: a drawn game is marginal for the side the other trails on points_down."""
    def game(i, winner, a_down, b_down):
        return GameSummary(i, i, {"a": "x", "b": "y"}, winner=winner,
                           sides={"a": {"points_down": a_down}, "b": {"points_down": b_down}})
    report = summarise([game(0, "a", 0, 5), game(1, None, 1, 2.5), game(2, None, 3, 1),
                        game(3, None, 2, 2), game(4, None, 0, 1.5)])
    split = report["split"]
    assert split["decisive"]["count"] == 1
    assert {s: r["count"] for s, r in split["marginal"].items()} == {"a": 2, "b": 1}
    assert split["level"]["count"] == 1
    assert split["margin"]["mean"] == pytest.approx((1.5 + 2 + 1.5) / 3)
    assert summarise([GameSummary(0, 0, {"a": "x"}, winner=None)])["split"] is None
