"""Players that choose actions through the protocol only (the scripted opponents build on this)."""
from __future__ import annotations

from typing import Protocol

from sim.core.dice import Dice
from sim.core.protocol import Action, Game


class Player(Protocol):
    def choose(self, game: Game, side: str) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions, with its own seeded dice (not the game's)."""

    def __init__(self, seed: int = 0):
        self.dice = Dice(seed)

    def choose(self, game: Game, side: str) -> Action:
        actions = game.legal_actions(side)
        if not actions:
            raise RuntimeError(f"{side} is to act but has no legal action")
        return actions[self.dice.choice_index(len(actions))]


def play_out(game: Game, players: dict[str, Player], max_actions: int = 100_000) -> Game:
    """Let the players act until the game ends (or `max_actions`, a guard against endless games)."""
    for _ in range(max_actions):
        side = game.to_act()
        if side is None:
            break
        game.apply(players[side].choose(game, side))
    return game
