"""A system module for batch tests: it declares a SYSTEM (sim.core.registry) like sim.<system>.

StatRace is the core toy race game plus a `stats()` whose every number is counted from the
game's own events: a rolled 1 is a "stumble" (reported as stands_lost) at the runner's track
position, a double 1 is a fall (units_lost) there too.
"""
from __future__ import annotations

from sim.core.dice import Dice
from sim.core.events import DiceRolled
from sim.core.protocol import Result
from sim.core.registry import Stat, System
from tests.core.toygame import Advance, Moved, RaceGame, RaceState



class StatRace(RaceGame):
    @classmethod
    def new(cls, scenario, seed, turn_limit=None):
        game = cls(RaceState(Dice(seed)), scenario, seed)
        game.GOAL = scenario.get("goal", RaceGame.GOAL)
        game.turn_limit = turn_limit
        return game

    def turns(self) -> int:
        return -(-len(self.actions) // 2)

    def is_over(self):
        limited = self.turn_limit is not None and len(self.actions) >= 2 * self.turn_limit
        return limited or super().is_over()

    def result(self):
        if super().is_over():
            return super().result()
        return Result(None, "turn limit") if self.is_over() else None

    def stats(self):
        sides = {s: {"stands_lost": 0, "units_lost": 0} for s in self.sides()}
        clans = {f"{s}-{half}": {"side": s, "stands_lost": 0} for s in self.sides() for half in ("near", "far")}
        positions, roll, pos = [], None, {s: 0 for s in self.sides()}
        for event in self.events:
            if isinstance(event, DiceRolled):
                roll = event.faces
            elif isinstance(event, Moved):
                pos[event.side] += event.steps
                ones = roll.count(1)
                sides[event.side]["stands_lost"] += ones
                half = "near" if pos[event.side] < self.GOAL / 2 else "far"
                clans[f"{event.side}-{half}"]["stands_lost"] += ones
                lane = 0.5 if event.side == "a" else 1.5
                if ones:
                    positions.append((pos[event.side], lane, "routed"))
                if ones == 2:
                    sides[event.side]["units_lost"] += 1
                    positions.append((pos[event.side], lane, "destroyed"))
        return {"turns": self.turns(), "sides": sides, "clans": clans, "positions": positions,
                "table": (self.GOAL + 12, 2)}


GAME = StatRace


class FixedPlayer:
    def __init__(self, dice: int):
        self.dice = dice

    def choose(self, game, side):
        return Advance(side, self.dice)


class MixedPlayer:
    """Rolls two dice with probability `risk` (a personality weight), using its own seeded dice."""

    def __init__(self, seed: int, risk: float = 0.5):
        self.dice, self.risk = Dice(seed), risk

    def choose(self, game, side):
        two = self.dice.choice_index(1000) < self.risk * 1000
        return Advance(side, 2 if two else 1)


def make_player(side, level, seed, **personality):
    if level == "timid":
        return FixedPlayer(1)
    if level == "bold":
        return FixedPlayer(2)
    if level == "mixed":
        return MixedPlayer(seed, **personality)
    raise ValueError(f"unknown level {level!r}")


SYSTEM = System("race", StatRace, make_player, ("random", "timid", "mixed", "bold"), sides=("a", "b"),
                stats=(Stat("stands_lost", "stumbles"), Stat("units_lost", "falls")),
                plots=("outcomes", "win_rate", "length", "reasons", "casualties", "statistics", "heatmap"),
                personality=True)
