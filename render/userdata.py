"""Where the views keep what they write for the user: autosaves go to the user's data directory
(never silently into the working directory), and the window says where."""
from __future__ import annotations

import json
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


def free_autosave(game) -> Path:
    """Where `kassen play` autosaves this game: its autosave_path(), unless that file holds
    another game (a new game of the same scenario must not overwrite an unfinished one), then
    the first of autosave-...-2.json, -3... that is free or holds this game."""
    base = autosave_path(game)
    for n in range(1, 1000):
        path = base if n == 1 else base.with_name(f"{base.stem}-{n}{base.suffix}")
        if not path.exists() or _holds(path, game):
            return path
    return base


def _holds(path: Path, game) -> bool:
    """Whether the save at `path` is this game or an earlier point of it (same scenario and
    seed, its actions a prefix of the game's): overwriting it loses nothing."""
    from sim.core.codec import encode
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False                     # unreadable: kept as it is, the game goes elsewhere
    if not isinstance(doc, dict) or not isinstance(doc.get("actions"), list):
        return False
    actions = [encode(a) for a in game.actions]
    return (doc.get("system") == game.system and doc.get("seed") == game.seed
            and doc.get("scenario") == game.scenario and doc["actions"] == actions[:len(doc["actions"])])
