"""ScoredPlayer weighing a shortlist lazily (issue 5): options are resolved best estimate first,
and only while an estimate could still beat the best exact score found."""
from sim.ai.scored import Option, ScoredPlayer
from sim.core.scenario import open_game
from sim.daimyo import make_player
from sim.daimyo.ai import shortlist


class _Listed:
    """A scorer whose decision is a fixed shortlist; records which options were resolved."""

    def __init__(self, options):
        self.opts, self.resolved = options, []

    def shortlist(self, game, side):
        return [Option(est, (lambda name=name, got=got: self.resolved.append(name) or got))
                for name, est, got in self.opts]

    def prepare(self, game, side):
        raise AssertionError("a shortlist needs no full menu")


def _choose(options, level="hard"):
    scorer = _Listed(options)
    return ScoredPlayer(scorer, level, seed=1).choose(None, "east"), scorer.resolved


def test_the_best_exact_score_wins_and_lower_estimates_are_never_resolved():
    choice, resolved = _choose([("a", 1.0, [("A", 0.4)]), ("b", 3.0, [("B", 2.0)]),
                                ("c", 2.5, [("C", 2.2)]), ("d", 2.1, [("D", 9.0)])])
    assert choice == "C"
    assert resolved == ["b", "c"]       # d's estimate 2.1 cannot beat C's 2.2: never planned


def test_an_option_the_rules_refuse_is_skipped():
    choice, resolved = _choose([("a", 5.0, []), ("b", 1.0, [("B", 0.5)])])
    assert (choice, resolved) == ("B", ["a", "b"])


def test_a_sharper_estimate_waits_its_turn_again():
    resolved = []
    sharper = Option(0.5, lambda: resolved.append("a2") or [("A", 0.5)])
    scorer = _Listed([])
    scorer.shortlist = lambda game, side: [Option(3.0, lambda: resolved.append("a1") or sharper),
                                           Option(1.0, lambda: resolved.append("b") or [("B", 0.8)])]
    assert ScoredPlayer(scorer, "hard", seed=1).choose(None, "east") == "B"
    assert resolved == ["a1", "b"]      # A's sharper 0.5 cannot beat B's 0.8: never finished


def test_ties_go_to_the_earlier_option():
    choice, _ = _choose([("a", 1.0, [("A", 1.0)]), ("b", 1.0, [("B", 1.0)])])
    assert choice == "A"


class _Weighed:
    """The game as hard's shortlist weighs it: its legal actions without the turns and wheels
    that face a unit no nearer its plan's heading (ai/shortlist.py `_turns_away`), asked of the
    lazy player's scorer, prepared for the same decision."""

    def __init__(self, game, scorer):
        self.game, self.scorer = game, scorer

    def legal_actions(self, side):
        toward: dict = {}
        return [a for a in self.game.legal_actions(side)
                if not shortlist._turns_away(self.scorer, self.game.state, a, toward)]

    def __getattr__(self, name):
        return getattr(self.game, name)


def test_4_1_the_lazy_movement_step_plays_what_the_whole_menu_would():
    """Hard's lazy step plays what scoring every legal action it weighs would (the whole menu
    less the turns and wheels away from its plan's heading, `_Weighed`)."""
    g = open_game("scenarios/daimyo/training.toml", seed=3, max_turns=3)
    lazy = {s: make_player(s, "hard", 7 + i) for i, s in enumerate(g.sides())}
    exact = {s: make_player(s, "hard", 7 + i) for i, s in enumerate(g.sides())}
    for p in exact.values():
        p.scorer.shortlist = None        # score every legal action
    orders = 0
    while g.to_act() and orders < 25:
        side = g.to_act()
        # both players see every decision: their clan plans (issue 19) keep state between them
        choice = lazy[side].choose(g, side)
        whole = exact[side].choose(_Weighed(g, lazy[side].scorer), side)
        if g.state.phase == "orders" and not g.state.pending:
            orders += 1
            assert choice in g.legal_actions(side)
            assert choice == whole
        g.apply(choice)
    assert orders >= 10
