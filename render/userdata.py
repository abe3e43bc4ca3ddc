"""Where the views keep what they write for the user: autosaves go to the user's data directory
(never silently into the working directory), and the window says where."""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path


def data_dir() -> Path:
    """The per-user data directory for Kassen: $XDG_DATA_HOME/kassen (~/.local/share/kassen),
    %APPDATA%\\kassen on Windows, ~/Library/Application Support/kassen on macOS."""
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "kassen"


def autosave_path(game) -> Path:
    """The autosave of a game: one file per system and scenario title, in data_dir()/saves."""
    title = str(game.scenario.get("meta", {}).get("title", "game"))
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "game"
    return data_dir() / "saves" / f"autosave-{game.system}-{slug}.json"
