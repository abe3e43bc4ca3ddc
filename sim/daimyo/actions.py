"""Daimyo actions (orders). Each is validated against the rules before anything changes."""
from __future__ import annotations

import math
from dataclasses import dataclass

from sim.core.codec import serializable
from sim.core.protocol import Action


@serializable
@dataclass(frozen=True)
class ChooseOrder(Action):
    """3: the initiative holder decides whether to activate first or second."""
    side: str
    go_first: bool


@serializable
@dataclass(frozen=True)
class ActivateClan(Action):
    side: str
    clan: str


@serializable
@dataclass(frozen=True)
class ActivateGeneral(Action):
    """4.1: activating the General needs no roll."""
    side: str


@serializable
@dataclass(frozen=True)
class EndActivations(Action):
    """Forgo the remaining clan attempts this turn (ruling D-24)."""
    side: str


@serializable
@dataclass(frozen=True)
class Move(Action):
    """4.3: straight ahead (positive) up to the unit's move; never closer than 3 cm (4.4)."""
    side: str
    unit: str
    distance: float


@serializable
@dataclass(frozen=True)
class Wheel(Action):
    """4.3.5.1: pivot on a front corner; positive angle wheels left (counter-clockwise)."""
    side: str
    unit: str
    angle: float


@serializable
@dataclass(frozen=True)
class Turn(Action):
    """4.3.5.2: change facing by 90 (left), -90 (right) or 180 degrees."""
    side: str
    unit: str
    angle: int


@serializable
@dataclass(frozen=True)
class FallBack(Action):
    """4.3.5.3: move back facing the enemy."""
    side: str
    unit: str
    distance: float


@serializable
@dataclass(frozen=True)
class Reform(Action):
    """4.3.5.4 / 4.2.2: take any facing and formation; no further move or shooting."""
    side: str
    unit: str
    files: int
    facing: float


@serializable
@dataclass(frozen=True)
class Hold(Action):
    """The unit does nothing more this activation."""
    side: str
    unit: str


@serializable
@dataclass(frozen=True)
class MoveLeader(Action):
    """Move an unattached leader to (x, y); attach to a unit there, or detach ("")."""
    side: str
    leader: str
    x: float
    y: float
    attach: str = ""


@serializable
@dataclass(frozen=True)
class EndMovement(Action):
    side: str


@serializable
@dataclass(frozen=True)
class EndShooting(Action):
    side: str


@serializable
@dataclass(frozen=True)
class EndLeaderMoves(Action):
    side: str


@serializable
@dataclass(frozen=True)
class MountUp(Action):
    """1.7: an activated Seated General mounts and leaves his HQ (removed for good); his
    hatamoto, if named, mounts with him."""
    side: str
    hatamoto: str = ""


TABLE_LIMIT = 10_000.0      # cm or degrees: far beyond any table, any move, any turn


def measure_problem(action: Action) -> str | None:
    """Why a distance, angle, position or count of an order is no measure at all (nan, inf,
    or absurdly large), or None. Checked before any rule reads it, so the geometry never sees it."""
    for name, value in vars(action).items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if not math.isfinite(value) or abs(value) > TABLE_LIMIT:
            return f"{action.kind}.{name} = {value!r} is not a measure on the table (finite, within ±{TABLE_LIMIT:g})"
    return None
