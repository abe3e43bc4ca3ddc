"""Error types. Every error a user can cause names the rule, file or key at fault."""
from __future__ import annotations


class KassenError(Exception):
    """Base of every error Kassen raises on purpose (the CLI prints these without a traceback)."""


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
