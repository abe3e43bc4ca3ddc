"""Where Kassen keeps a user's files: saves go to the user's data folder, never silently into
the folder a command was started from."""
from __future__ import annotations

import os
import sys
from pathlib import Path


def data_dir() -> Path:
    """XDG on Linux ($XDG_DATA_HOME, else ~/.local/share), the usual places elsewhere."""
    if os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "kassen"


def autosave_path(system: str) -> Path:
    return data_dir() / "saves" / f"{system}-autosave.json"
