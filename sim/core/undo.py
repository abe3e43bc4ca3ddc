"""Taking back a side's own actions, the same for every system (issue 24).

A side may take back its trailing actions, newest first, until one of them rolled a die, drew a
card or revealed something (the system's `Game.undo_barriers` events), or until the decision
passed to another side. What such an action showed cannot be unseen, so the window closes there.

`undo` returns a new game equal to replaying `seed + actions` (with the dice a test or tutorial
forced before each action) without the last action: the save and the replay of that game never
contain the undone action. The undone action rolled nothing, so the dice stand where they do now.
"""
from __future__ import annotations

from sim.core.errors import RuleError
from sim.core.events import DiceRolled, Event
from sim.core.protocol import Game


def _events_of(game: Game, index: int) -> list[Event]:
    """The events the action at `index` produced."""
    starts = game.action_starts
    end = starts[index + 1] if index + 1 < len(starts) else len(game.events)
    return game.events[starts[index]:end]


def _closing_event(game: Game, index: int) -> Event | None:
    """The event of action `index` that closes the undo window (a roll, draw or reveal)."""
    return next((ev for ev in _events_of(game, index)
                 if isinstance(ev, DiceRolled) or isinstance(ev, game.undo_barriers)), None)


def _why_not(game: Game, side: str) -> RuleError | None:
    """Why `side` may take back nothing now, or None if its last action may be taken back."""
    if game.to_act() != side:
        who = game.to_act()
        reason = "the game is over" if who is None else f"the decision has passed to {who}"
        return RuleError("undo", f"{side} cannot take back an action: {reason}", game.system)
    if not game.actions or getattr(game.actions[-1], "side", None) != side:
        return RuleError("undo", f"{side} has no action of its own since the decision came to it",
                         game.system)
    closing = _closing_event(game, len(game.actions) - 1)
    if closing is None:
        return None
    if isinstance(closing, DiceRolled):
        what, rule = f"rolled dice ({closing.purpose})", closing.rule or "undo"
    else:
        what, rule = f"drew a card or revealed a piece ({closing.describe()})", getattr(closing, "rule", "") or "undo"
    return RuleError(rule, f"{side} cannot take back its last action: it {what}", game.system)


def undoable(game: Game, side: str) -> int:
    """How many of `side`'s own trailing actions may be taken back, newest first."""
    if _why_not(game, side) is not None:
        return 0
    count = 0
    for index in range(len(game.actions) - 1, -1, -1):
        if getattr(game.actions[index], "side", None) != side or _closing_event(game, index):
            break
        count += 1
    return count


def undo(game: Game, side: str) -> Game:
    """A new game: `game` without `side`'s last action. RuleError (naming the rule) if there is
    nothing `side` may take back. `game` itself is left as it is."""
    refusal = _why_not(game, side)
    if refusal is not None:
        raise refusal
    keep = len(game.actions) - 1
    forced = {i: faces for i, faces in game.forced.items() if i < keep}
    rebuilt = type(game).replay(game.scenario, game.seed, game.actions[:keep], forced)
    rebuilt.state.dice.forced = list(game.dice.forced)   # queued for what comes next, if any
    return rebuilt
