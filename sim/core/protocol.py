"""The one game protocol all four systems implement (DESIGN.md seam 1).

Generic code (AI, batch runs, save/load, replay, the renderer's event player, the CLI) talks to
this interface only. A system subclasses `Game`, keeps its whole state in one serializable
dataclass with a `dice` field, and implements the abstract methods. `apply` is the only way to
change a game: it asks the system to validate the action first (a `RuleError` leaves the state
untouched) and then to execute it, collecting every event, dice rolls included.

`apply` is all-or-nothing: if executing an action raises anything, the state is rebuilt as it
was before the action (from a checkpoint of the encoded state plus the actions since, with the
dice that were forced before each) and the error is re-raised as a RuleError or an EngineError
naming the action. The checkpoint is refreshed every CHECKPOINT_EVERY actions, so rebuilding
never replays more than that, and a successful action costs nothing extra. (A state edited by
hand outside `apply`, as some tests do, is captured only at the next checkpoint.)
"""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from sim.core.codec import decode, encode, field_problem, serializable
from sim.core.dice import Dice
from sim.core.errors import EngineError, KassenError, RuleError, shorten
from sim.core.events import DiceRolled, Event


@dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses whose first field is `side`."""

    @property
    def kind(self) -> str:
        return type(self).__name__


@serializable
@dataclass(frozen=True)
class Result:
    winner: str | None          # None: a draw or a timeout
    reason: str
    scores: dict[str, float] = field(default_factory=dict)


# Encoding a 150-unit Daimyo state costs about 2 ms, 64 actions of its rules about 25 ms: every
# 256 actions the checkpoint is under 3 % of a replay, and rebuilding after an engine error
# (a bug, or a rule refusing an order only as it executes) replays at most about 0.1 s.
CHECKPOINT_EVERY = 256


class Game(ABC):
    """A running game: a state, the actions that made it, and the events they produced."""

    system: ClassVar[str]
    # Events after which a side may not take its actions back (sim/core/undo.py): card draws
    # and reveals. A die roll and a change of player end the undo window in every system.
    undo_barriers: ClassVar[tuple[type[Event], ...]] = ()

    def __init__(self, state: Any, scenario: dict, seed: int):
        self.state = state
        self.scenario = scenario
        self.seed = seed
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.action_starts: list[int] = []    # index in `events` of each action's first event (undo)
        # Dice results queued by `dice.force` before action i (tests, tutorials): part of the
        # record, so that `seed + actions + forced` replays the game exactly.
        self.forced: dict[int, list[int]] = {}
        self.version = 0        # bumped by every change of state; per-game caches key on it
        self._checkpoint: tuple[Any, int] | None = None   # (encoded state, len(actions))
        self._pending: list[Event] | None = None
        self._attach_dice()

    # -- construction --------------------------------------------------------------------
    @classmethod
    def check(cls, scenario: dict, where: str, **options) -> None:
        """Validate scenario data, raising ScenarioError naming `where`, the key and the problem."""

    @classmethod
    @abstractmethod
    def new(cls, scenario: dict, seed: int, **options) -> "Game":
        """Set up a game from scenario data (a parsed TOML document); options are CLI switches."""

    @classmethod
    def maker(cls, scenario: dict, **options) -> Callable[[int], "Game"]:
        """Games of one scenario by seed, for a batch that plays many: `maker(...)(seed)` is
        the game `new(scenario, seed, **options)`. A system may work out here, once, what all
        of the scenario's games share (read-only)."""
        return lambda seed: cls.new(scenario, seed, **options)

    @classmethod
    def replay(cls, scenario: dict, seed: int, actions: list[Action],
               forced: dict[int, list[int]] | None = None) -> "Game":
        """`seed + actions` rebuilds a game exactly (DESIGN.md seam 3); `forced` holds the dice
        results queued before action i, when a test or a tutorial forced them."""
        game = cls.new(scenario, seed)
        for i, action in enumerate(actions):
            game.state.dice.forced = list((forced or {}).get(i, []))
            game.apply(action)
        return game

    # -- the protocol --------------------------------------------------------------------
    @abstractmethod
    def sides(self) -> tuple[str, ...]:
        """All sides (players) of this game."""

    @abstractmethod
    def to_act(self) -> str | None:
        """The side whose decision is awaited, or None once the game is over."""

    @abstractmethod
    def legal_actions(self, side: str) -> list[Action]:
        """Every action `side` may take now (empty when it is not that side's decision)."""

    @abstractmethod
    def validate(self, action: Action) -> None:
        """Raise RuleError (naming the rule section) if `action` is illegal now. Must not mutate."""

    @abstractmethod
    def _execute(self, action: Action) -> None:
        """Carry out a validated action, calling `emit` for every event."""

    @abstractmethod
    def view(self, side: str | None) -> dict:
        """What `side` may see (None: an omniscient spectator). Hidden information is removed."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None: ...

    def summary(self) -> str:
        """One line about the game (for `kassen check`)."""
        return f"{self.system} game, sides {', '.join(self.sides())}"

    def length(self) -> str | None:
        """How long the scenario runs at most, e.g. "12 turns" (for `kassen scenarios`)."""
        return None

    def info(self) -> str:
        """Scenario description and historical notes (for `kassen info`)."""
        meta = self.scenario.get("meta", {})
        return "\n".join(str(meta.get(k, "")) for k in ("title", "notes") if meta.get(k))

    # -- shared machinery ----------------------------------------------------------------
    @property
    def dice(self) -> Dice:
        return self.state.dice

    def apply(self, action: Action) -> list[Event]:
        if self.is_over():
            raise RuleError("end", "the game is over; no further actions", self.system)
        if not isinstance(action, Action) or (why := field_problem(action)):
            raise RuleError("action", why or f"{shorten(action)} is not an action", self.system)
        side = getattr(action, "side", None)
        if side is not None and side != self.to_act():
            raise RuleError("turn", f"it is {self.to_act()}'s decision, not {side}'s", self.system)
        try:
            self.validate(action)
        except KassenError:
            raise
        except Exception as exc:     # a validator that breaks on odd input must not escape raw
            raise EngineError(self.system, action, exc) from exc
        index, forced, kept_events = len(self.actions), list(self.state.dice.forced), len(self.events)
        if self._checkpoint is None or index - self._checkpoint[1] >= CHECKPOINT_EVERY:
            self._checkpoint = (encode(self.state), index)
        try:
            events = self.run_step(lambda: self._execute(action))
        except Exception as exc:
            self._restore(index, forced)
            if isinstance(exc, KassenError):
                raise
            raise EngineError(self.system, action, exc) from exc
        if forced:
            self.forced[index] = forced
        self.actions.append(action)
        self.action_starts.append(kept_events)
        self.version += 1
        return events

    def _restore(self, index: int, forced: list[int]) -> None:
        """The state as it was before action `index`: the checkpoint, then the actions since."""
        encoded, start = self._checkpoint
        kept = len(self.events)
        self.set_state(decode(encoded, "checkpoint"))
        for i in range(start, index):
            self.state.dice.forced = list(self.forced.get(i, []))
            action = self.actions[i]
            self.run_step(lambda: self._execute(action))
        del self.events[kept:]
        self.state.dice.forced = forced

    def run_step(self, step) -> list[Event]:
        """Run `step` collecting its events (and dice rolls) into the game's history. Used by
        `apply`, and by `new` for set-up rolls that happen before the first action."""
        self._pending = []
        try:
            step()
        finally:
            events, self._pending = self._pending, None
        self.events.extend(events)
        return events

    def emit(self, event: Event) -> Event:
        if self._pending is None:
            raise RuntimeError("events may only be emitted while an action is applied")
        self._pending.append(event)
        return event

    def _attach_dice(self) -> None:
        def record(purpose: str, faces: tuple[int, ...], rule: str, sides: int) -> None:
            if self._pending is not None:
                self._pending.append(DiceRolled(purpose, faces, rule, sides))
        self.state.dice.listener = record

    def snapshot(self) -> Any:
        """A copy of the state as it stands, to look at (a replay's timeline): no dice listener,
        so nothing done with it reaches this game's history."""
        snap = copy.deepcopy(self.state)
        snap.dice.listener = None
        return snap

    def set_state(self, state: Any) -> None:
        """Replace the state (used by load); reattaches the dice listener."""
        self.state = state
        self.version += 1
        self._checkpoint = None
        self._attach_dice()
