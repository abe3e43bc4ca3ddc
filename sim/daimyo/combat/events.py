"""Typed combat events (issue 3). Every move carries its full path of poses (x, y, facing)
so the renderer can animate it; every test carries its dice, modifiers and rule."""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.codec import serializable
from sim.core.events import Event
# the events of the shared effects (sim/daimyo/effects.py) live below combat; combat reads them here
from sim.daimyo.events import HitsTaken, LeaderHitTest, StandRemoved  # noqa: F401

Pose = tuple[float, float, float]
Mod = tuple[str, int, str]            # (label, value, rule cited)


def _mods(mods: tuple[Mod, ...]) -> str:
    return ", ".join(f"{v:+d} {label}" for label, v, _ in mods) or "no modifiers"


@serializable
@dataclass(frozen=True)
class ChargeDeclared(Event):
    unit: str
    target: str
    edge: str                 # front | left | right | rear of the target (ruling D-4)
    distance: float           # straight run to contact, cm
    turn_cost: float          # cm of the charge move spent wheeling/turning at the start
    charge_move: float
    bonus: bool               # 4.4: straight run >= half the charge move
    rule: str = "4.4"

    def describe(self) -> str:
        return (f"{self.unit} charges {self.target} ({self.edge}): run {self.distance:.1f} cm + turn "
                f"{self.turn_cost:.1f} of {self.charge_move:g} cm, bonus {'yes' if self.bonus else 'no'} ({self.rule})")


@serializable
@dataclass(frozen=True)
class MoraleTested(Event):
    unit: str
    reason: int
    faces: tuple[int, int]
    modifiers: tuple[Mod, ...]
    total: int
    pass_score: int
    passed: bool
    margin: int               # pass score - total when failed, else 0
    result: str
    rule: str = "5.1"

    def describe(self) -> str:
        return (f"{self.unit} morale (reason {self.reason}): {self.faces[0]}+{self.faces[1]} "
                f"[{_mods(self.modifiers)}] = {self.total} vs {self.pass_score}: "
                f"{'passed' if self.passed else f'failed by {self.margin}'} -> {self.result} ({self.rule})")


@serializable
@dataclass(frozen=True)
class ReactionChosen(Event):
    unit: str
    charger: str
    choice: str               # stand | face | shoot | retire | countercharge | retreat | rout | none
    forced: bool              # imposed by the morale result, not chosen
    rule: str = "4.4"


@serializable
@dataclass(frozen=True)
class ChargeMoved(Event):
    unit: str
    target: str
    path: tuple[Pose, ...]
    contact: bool             # False: a failed charge (4.4)
    how: str = "charge"       # charge | countercharge | failed_charge
    rule: str = "4.4"

    def describe(self) -> str:
        x, y, f = self.path[-1]
        end = "contacts" if self.contact else "falls short of"
        return f"{self.unit} {self.how} {end} {self.target} at ({x:.1f}, {y:.1f}) ({self.rule})"


@serializable
@dataclass(frozen=True)
class ShotResolved(Event):
    unit: str
    target: str
    stands: int
    band: str                 # effective | long
    rolls: tuple[tuple[int, int], ...]
    modifiers: tuple[Mod, ...]
    hits: int
    closing_fire: bool = False
    rule: str = "4.5.3"

    def describe(self) -> str:
        r = " ".join(f"{a}+{b}" for a, b in self.rolls)
        return (f"{self.unit} shoots {self.target} with {self.stands} stand(s) at {self.band} range: "
                f"{r} [{_mods(self.modifiers)}] -> {self.hits} hit(s) ({self.rule})")


@serializable
@dataclass(frozen=True)
class StandRoll:
    stand: int                # index in the unit's layout, front rank first
    faces: tuple[int, int]
    modifiers: tuple[Mod, ...]
    total: int
    hit: bool


@serializable
@dataclass(frozen=True)
class MeleeRound(Event):
    unit: str
    enemy: str
    round: int                # 1 = first round of this melee
    rolls: tuple[StandRoll, ...]
    hits: int
    rule: str = "4.6.2"

    def describe(self) -> str:
        r = "; ".join(f"s{s.stand} {s.faces[0]}+{s.faces[1]}{'' if not s.modifiers else ' [' + _mods(s.modifiers) + ']'}={s.total}"
                      for s in self.rolls)
        return f"{self.unit} vs {self.enemy} round {self.round}: {r} -> {self.hits} hit(s) ({self.rule})"


@serializable
@dataclass(frozen=True)
class MeleeResult(Event):
    unit: str
    outcome: str              # win | draw | pushed_back | rout | destroyed
    hits_for: int
    hits_against: int
    rule: str = "4.6.5"


@serializable
@dataclass(frozen=True)
class PushedBack(Event):
    unit: str
    by: str
    path: tuple[Pose, ...]
    blocked: bool             # could not complete the 3 cm: disordered (4.6.6)
    rule: str = "4.6.6"


@serializable
@dataclass(frozen=True)
class FollowedUp(Event):
    unit: str
    enemy: str
    path: tuple[Pose, ...]
    rule: str = "4.6.6"


@serializable
@dataclass(frozen=True)
class UnitRouted(Event):
    unit: str
    path: tuple[Pose, ...]
    roll: int
    distance: float
    outcome: str              # moved | destroyed | left_table | behind_friend
    rule: str = "4.6.7"

    def describe(self) -> str:
        return f"{self.unit} routs {self.distance:g} cm (rolled {self.roll}): {self.outcome} ({self.rule})"


@serializable
@dataclass(frozen=True)
class Pursued(Event):
    unit: str
    target: str
    path: tuple[Pose, ...]
    roll: int
    distance: float
    outcome: str              # caught | escaped | new_enemy:<id> | blocked
    rule: str = "4.6.8"

    def describe(self) -> str:
        return f"{self.unit} pursues {self.target} {self.distance:g} cm (rolled {self.roll}): {self.outcome} ({self.rule})"


@serializable
@dataclass(frozen=True)
class MoraleMove(Event):
    unit: str
    result: str               # retire | retreat
    path: tuple[Pose, ...]
    rule: str = "5.1"


@serializable
@dataclass(frozen=True)
class Halted(Event):
    unit: str
    turns: int
    rule: str = "5.1"


@serializable
@dataclass(frozen=True)
class Rallied(Event):
    unit: str
    what: str                 # rout | frenzy
    rule: str = "4.2.2.1"


@serializable
@dataclass(frozen=True)
class FrenzyRally(Event):
    unit: str
    faces: tuple[int, int]
    bonus: int
    total: int
    stays_frenzied: bool
    rule: str = "4.2.2.2"


@serializable
@dataclass(frozen=True)
class FrenzyBegan(Event):
    unit: str
    faces: tuple[int, int]
    rule: str = "5.1"


@serializable
@dataclass(frozen=True)
class FrenzyEnded(Event):
    unit: str
    cause: str
    rule: str = "5.1"


@serializable
@dataclass(frozen=True)
class ChallengeIssued(Event):
    challenger: str
    challenged: str
    in_melee: bool
    rule: str = "4.6.4"


@serializable
@dataclass(frozen=True)
class ChallengeRefused(Event):
    leader: str
    rating: int               # rating after the refusal
    rule: str = "4.6.4"


@serializable
@dataclass(frozen=True)
class DuelFought(Event):
    challenger: str
    challenged: str
    rolls: tuple[tuple[int, int], ...]   # (challenger total, challenged total) per roll, ties re-rolled
    winner: str
    loser: str
    winner_rating: int
    rule: str = "4.6.4"

    def describe(self) -> str:
        r = ", ".join(f"{a}-{b}" for a, b in self.rolls)
        return f"duel {self.challenger} v {self.challenged}: {r}; {self.winner} kills {self.loser} ({self.rule})"


@serializable
@dataclass(frozen=True)
class WeatherChanged(Event):
    weather: str
    roll: int
    rule: str = "6.2"


@serializable
@dataclass(frozen=True)
class RandomEvent(Event):
    event: str
    roll: int
    rule: str = "5.3"
