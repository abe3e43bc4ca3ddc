"""A generic scored-candidate player: every legal action gets a score, the best is played.

Levels differ in how well they choose, not in what they may see or do: `hard` plays the best
score, `normal` adds a little noise, `easy` picks among the better half at random (a scorer
may have it play its best order a share of the time: `easy_best`), `random` ignores scores.
Noise comes from the player's own seeded dice, so a game is deterministic given the seeds. The
system-specific part is a `Scorer`.
"""
from __future__ import annotations

import heapq
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Callable, Protocol

from sim.core.dice import Dice
from sim.core.protocol import Action, Game

LEVELS = ("random", "easy", "normal", "hard")
LAZY = ("normal", "hard")      # levels that need only the best score, not every score


@dataclass(frozen=True)
class Personality:
    aggression: float = 1.0   # weight of closing with and attacking the enemy
    caution: float = 1.0      # weight of staying out of danger and keeping good order


@dataclass(frozen=True)
class Option:
    """Legal actions not yet weighed exactly (their orders not yet planned): `estimate` is meant
    to be at least the best score `resolve()` gives; `resolve()` returns the legal actions the
    option stands for with their scores (none if the rules refuse them all), or a sharper Option
    for them after some of the work."""
    estimate: float
    resolve: Callable[[], "list[tuple[Action, float]] | Option"]


class Scorer(Protocol):
    def prepare(self, game: Game, side: str) -> None:
        """Called once per decision with the side's view, before scoring candidates."""

    def score(self, action: Action) -> float: ...

    # Optional hooks, each looked up by name (a scorer without one goes without):
    # - shortlist(game, side) -> list[Option] | None, the decision as options weighed lazily
    #   (None: score the whole legal menu). Used by the LAZY levels.
    # - more_orders(game, side, menu) -> list[Action], legal orders the menu does not list
    #   (DaimyoScorer: easy's exact line-up wheel); the rules check them when applied.
    # - reading(game), a context manager holding the game read-only while a decision is made.


class ScoredPlayer:
    def __init__(self, scorer: Scorer, level: str = "normal", seed: int = 0):
        if level not in LEVELS:
            raise KeyError(level)
        self.scorer = scorer
        self.level = level
        self.dice = Dice(seed)

    def choose(self, game: Game, side: str) -> Action:
        # a scorer may hold the game read-only while it lists and weighs the menu (and so
        # remember work shared by both); see DaimyoScorer.reading
        hold = getattr(self.scorer, "reading", None)
        with hold(game) if hold is not None else nullcontext():
            return self._choose(game, side)

    def _choose(self, game: Game, side: str) -> Action:
        shortlist = getattr(self.scorer, "shortlist", None)
        options = shortlist(game, side) if shortlist is not None and self.level in LAZY else None
        if options:
            best = self._best_option(options)
            if best is not None:
                return best
        actions = game.legal_actions(side)
        if not actions:
            raise RuntimeError(f"{side} is to act but has no legal action")
        if self.level == "random" or len(actions) == 1:
            return actions[self.dice.choice_index(len(actions))]
        self.scorer.prepare(game, side)
        more = getattr(self.scorer, "more_orders", None)
        if more is not None:
            # a scorer may add legal orders the menu does not list (checked by the rules)
            actions = actions + more(game, side, actions)
        scored = [(self.scorer.score(a) + self._noise(), i) for i, a in enumerate(actions)]
        scored.sort(key=lambda t: (-t[0], t[1]))
        if self.level == "easy" and not self._easy_plays_best():
            top = scored[: max(1, (len(scored) + 1) // 2)]
            return actions[top[self.dice.choice_index(len(top))][1]]
        return actions[scored[0][1]]

    def _noise(self) -> float:
        """`normal` adds up to half a point: breaks ties and avoids a fully predictable enemy."""
        return (self.dice.roll(1, sides=100)[0] - 1) / 200 if self.level == "normal" else 0.0

    def _best_option(self, options: list[Option]) -> Action | None:
        """The best-scoring action, weighing options in order of estimate and stopping once the
        best exact score found reaches the next estimate (ties go to the earlier option). An
        option may resolve into a sharper one, which waits its turn again."""
        noise = [self._noise() for _ in options]
        queue = [(-(o.estimate + noise[i]), i, 0, o) for i, o in enumerate(options)]
        heapq.heapify(queue)
        best: tuple[float, Action] | None = None
        while queue:
            estimate, i, step, option = heapq.heappop(queue)
            if best is not None and best[0] >= -estimate:
                break
            got = option.resolve()
            if isinstance(got, Option):
                heapq.heappush(queue, (-(got.estimate + noise[i]), i, step + 1, got))
                continue
            for action, score in got:
                if best is None or score + noise[i] > best[0]:
                    best = (score + noise[i], action)
        return None if best is None else best[1]

    def _easy_plays_best(self) -> bool:
        """A scorer may give `easy_best`, the share of easy's orders that are its best (in
        percent); the rest are a random pick among the better half. No roll when it is 0."""
        share = getattr(self.scorer, "easy_best", 0)
        return bool(share) and self.dice.roll(1, sides=100)[0] <= share
