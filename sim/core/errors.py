"""Error types. Every error a user can cause names the rule, file or key at fault."""
from __future__ import annotations

from functools import partial

SHOWN = 60   # characters of a bad value an error line echoes


def clip(text: str, limit: int = SHOWN) -> str:
    """`text` cut to `limit` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit - 1]}…({len(text):,} chars)"


def shorten(value: object, limit: int = SHOWN) -> str:
    """`repr(value)` clipped, so a 50 MB value never makes a 50 MB error line."""
    return clip(repr(value), limit)


class KassenError(Exception):
    """Base of every error Kassen raises on purpose (the CLI prints these without a traceback).

    Copies and pickles are rebuilt from the constructor's own arguments: Exception's default
    passes only the formatted message back, which a subclass's __init__ does not take. Refusals
    kept in a game's plan memo are copied with its state (a replay's snapshots, `render --event`)."""

    def __new__(cls, *args, **kwargs):
        self = super().__new__(cls, *args)
        self._made_with = (args, kwargs)
        return self

    def __reduce__(self):
        args, kwargs = self._made_with
        return partial(type(self), **kwargs), args


class RuleError(KassenError):
    """An illegal action. `rule` is the section number of the rule it breaks, e.g. "4.4".

    Raised before any change to the game state, so a rejected action leaves the game untouched.
    """

    def __init__(self, rule: str, message: str, system: str = ""):
        self.rule = rule
        self.system = system
        self.reason = message
        prefix = f"{system} {rule}" if system else rule
        super().__init__(f"[{prefix}] {message}")


class ScenarioError(KassenError):
    """A malformed scenario or data file: names the file, the key path and what was expected."""

    def __init__(self, file: str, key: str, message: str):
        self.file = file
        self.key = key
        self.reason = message
        where = f"{file}: {key}" if key else file
        super().__init__(f"{where}: {message}")


class SaveError(KassenError):
    """A save file that is corrupt, truncated, of another program or of another system."""

    def __init__(self, file: str, message: str):
        self.file = file
        super().__init__(f"{file}: {message}")


class EngineError(KassenError):
    """A fault inside the rules engine while it handled an action (a bug, not a user error).
    The game is restored to where it was before the action, so it can still be saved."""

    def __init__(self, system: str, action: object, exc: BaseException):
        self.action = action
        super().__init__(f"[{system}] internal error while handling {shorten(action, 160)}: "
                         f"{type(exc).__name__}: {clip(str(exc), 160)} (the game is unchanged; please report this)")
