"""The easy level of the generic scored player (issue 5): a random pick among the better half,
or, for a scorer that gives `easy_best`, its best order that share of the time."""
from sim.ai.scored import ScoredPlayer


class Menu:
    def legal_actions(self, side):
        return list(range(10))


class Plain:
    def prepare(self, game, side):
        pass

    def score(self, action):
        return float(action)


class Purposeful(Plain):
    easy_best = 50


def picks(scorer, n=400):
    p = ScoredPlayer(scorer, "easy", seed=7)
    return [p.choose(Menu(), "east") for _ in range(n)]


def test_easy_picks_only_among_the_better_half():
    assert set(picks(Plain())) == {5, 6, 7, 8, 9}


def test_easy_best_share_makes_the_best_order_the_usual_one():
    plain, purposeful = picks(Plain()), picks(Purposeful())
    assert set(purposeful) <= {5, 6, 7, 8, 9}
    # a fifth of the picks without the share; half plus a tenth with it
    assert 0.15 < plain.count(9) / 400 < 0.25
    assert 0.52 < purposeful.count(9) / 400 < 0.68
