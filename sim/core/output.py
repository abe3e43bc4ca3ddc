"""Files the CLI writes (plots, games files, pictures): a failed write is one clear line.

The argument checks (sim.core.args) refuse a missing or read-only folder before any work; what
they cannot see (a full disk, a file system that refuses new names, a write as root into /proc)
shows only when the file is written.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from sim.core.errors import KassenError


class OutputError(KassenError):
    """A file or folder the user asked for that could not be written."""

    def __init__(self, file: str | Path, what: str, reason: str):
        self.file = str(file)
        super().__init__(f"{file}: cannot write the {what} ({reason})")


@contextmanager
def writing(path: str | Path, what: str, also: tuple[type[BaseException], ...] = ()):
    """Run a write of `path`; OSError (and the `also` errors of a library that wraps it, e.g.
    pygame.error) becomes an OutputError naming the file."""
    try:
        yield Path(path)
    except (OSError, *also) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise OutputError(path, what, reason) from None


def make_folder(path: str | Path, what: str) -> Path:
    """Create the folder `path` (and its parents) now, so a refusal comes before the work."""
    with writing(path, what):
        Path(path).mkdir(parents=True, exist_ok=True)
    return Path(path)
