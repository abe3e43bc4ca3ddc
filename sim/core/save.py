"""Save files: JSON holding the scenario, the seed, every action, the forced dice and the state.

A save is trusted only as far as it can be rebuilt: loading replays `seed + actions` (with the
dice results that were forced before each action) from the saved scenario and refuses the file
unless that reproduces the saved state exactly, naming the first place where they differ. The
checksum only catches accidental damage; the replay is the real check. Old formats are brought
up to date by the migrations below, or refused with the reason.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from sim.core import reading
from sim.core.codec import decode, encode, former_tag
from sim.core.errors import KassenError, SaveError, clip, shorten
from sim.core.protocol import Action, Game

FORMAT = "kassen-save"
VERSION = 2
MAX_FORCED = 10_000          # forced dice a save may hold, all actions together


def _digest(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def state_digest(game: Game) -> str:
    return _digest(encode(game.state))


def to_document(game: Game) -> dict:
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "system": game.system,
        "seed": game.seed,
        "scenario": game.scenario,
        "actions": [encode(a) for a in game.actions],
        "forced": {str(i): list(v) for i, v in sorted(game.forced.items())},
        "state": encode(game.state),
    }
    doc["checksum"] = _digest(doc)
    return doc


def save(game: Game, path: str | Path) -> None:
    path = Path(path)
    tmp = path.with_suffix(path.suffix + ".tmp")
    try:
        tmp.write_text(json.dumps(to_document(game), indent=1))
        tmp.replace(path)  # never leave a half-written save behind
    except OSError as exc:
        raise SaveError(str(path), f"cannot write the save ({exc.strerror or type(exc).__name__})") from None


def game_class(system: str) -> type[Game]:
    """The Game class of a system, from its registry entry (sim.core.registry)."""
    from sim.core.registry import system as find   # the registry imports the systems' players
    return find(system).game


# -- migrations: each takes a document of version v and returns one of version v + 1 ----------

def _retag(data, where: str):
    """Version-1 tags were "module:QualName"; version 2 uses stable "<system>.<QualName>"."""
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            for key in ("__t", "__enum"):
                if isinstance(node.get(key), str) and ":" in node[key]:
                    new = former_tag(node[key])
                    if new is None:
                        raise SaveError(where, f"saved by an older Kassen: type {shorten(node[key])} "
                                               "no longer exists, so this save cannot be read")
                    node[key] = new
            stack.extend(node.values())


def _v1_to_v2(doc: dict, where: str) -> dict:
    if _digest(doc.get("state")) != doc.get("checksum"):
        raise SaveError(where, "checksum mismatch: the saved state was altered or damaged")
    system = doc.get("system")
    try:                              # its classes register their tags when the system is imported
        game_class(system if isinstance(system, str) else "")
    except KeyError:
        pass                          # an unknown system is refused when the document is read
    for key in ("actions", "state"):
        _retag(doc.get(key), where)
    doc = {**doc, "version": 2, "forced": {}}
    doc["checksum"] = _digest({k: v for k, v in doc.items() if k != "checksum"})
    return doc


MIGRATIONS = {1: _v1_to_v2}


def migrate(doc: dict, where: str) -> dict:
    version = doc.get("version")
    while version != VERSION:
        step = MIGRATIONS.get(version) if isinstance(version, int) else None
        if step is None:
            raise SaveError(where, f"save version {shorten(version)} is not supported "
                                   f"(this Kassen reads versions {min(MIGRATIONS)} to {VERSION})")
        doc = step(doc, where)
        version = doc["version"]
    return doc


# -- loading -----------------------------------------------------------------------------------

_FIELDS = {"system": str, "seed": int, "scenario": dict, "actions": list, "forced": dict,
           "state": dict, "checksum": str}


def _forced(raw: dict, n_actions: int, where: str) -> dict[int, list[int]]:
    out, total = {}, 0
    for key, values in raw.items():
        if not (key.isdigit() and int(key) < max(n_actions, 1)):
            raise SaveError(where, f"forced: {shorten(key)} is not the index of a saved action")
        if not (isinstance(values, list) and values and
                all(type(v) is int and 1 <= v <= 1_000 for v in values)):
            raise SaveError(where, f"forced.{key}: expected a list of die faces (1 to 1000)")
        total += len(values)
        out[int(key)] = values
    if total > MAX_FORCED:
        raise SaveError(where, f"forced: {total:,} forced dice; at most {MAX_FORCED:,}")
    return out


def from_document(doc: object, where: str = "save") -> Game:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(where, "not a Kassen save file (missing format tag 'kassen-save')")
    doc = migrate(doc, where)
    extra = sorted(set(doc) - set(_FIELDS) - {"format", "version"}, key=str)
    if extra:
        raise SaveError(where, f"unknown key {shorten(extra[0])} (not part of a Kassen save)")
    for key, kind in _FIELDS.items():
        if key not in doc:
            raise SaveError(where, f"missing key {key!r}")
        if not isinstance(doc[key], kind) or isinstance(doc[key], bool):
            raise SaveError(where, f"{key}: expected {kind.__name__}, got {shorten(doc[key])}")
    try:
        cls = game_class(doc["system"])
    except KeyError:
        raise SaveError(where, f"unknown game system {shorten(doc['system'])}") from None
    if _digest({k: v for k, v in doc.items() if k != "checksum"}) != doc["checksum"]:
        raise SaveError(where, "checksum mismatch: the save was altered or damaged")
    home = str(doc["state"].get("__t", "")).rpartition(".")[0]
    if home and "." not in home and home != doc["system"]:
        # a system's state is tagged "<system>.<class>" (a class outside sim/ by its module): a
        # save whose system was edited would fail on its first action's type, not its fault
        raise SaveError(where, f"system {shorten(doc['system'])} does not match its state "
                               f"({shorten(doc['state']['__t'])})")
    if not 0 <= doc["seed"] < 1 << 64:
        raise SaveError(where, f"seed: expected 0 to 2**64, got {shorten(doc['seed'])}")
    actions = decode(doc["actions"], f"{where}: actions")
    for i, a in enumerate(actions):
        if not isinstance(a, Action):
            raise SaveError(where, f"actions[{i}]: {shorten(a)} is not an action")
    state = decode(doc["state"], f"{where}: state")
    forced = _forced(doc["forced"], len(actions), where)
    try:
        cls.check(doc["scenario"], f"{where}: scenario")
    except KassenError as exc:
        raise SaveError(where, f"its scenario is invalid: {exc}") from None
    game = _replay(cls, doc, actions, forced, where)
    if type(state) is not type(game.state):
        raise SaveError(where, "state: not a state of this system")
    replayed = encode(game.state)
    if replayed != doc["state"]:
        raise SaveError(where, "replaying its actions does not reproduce its state "
                               f"(first difference at state{_first_difference(replayed, doc['state'])})")
    return game


def _replay(cls: type[Game], doc: dict, actions: list, forced: dict, where: str) -> Game:
    try:
        game = cls.new(doc["scenario"], doc["seed"])
    except KassenError as exc:
        raise SaveError(where, f"its scenario does not start a game: {exc}") from None
    except Exception as exc:   # noqa: BLE001 - the scenario passed check; name what broke
        raise SaveError(where, f"its scenario does not start a game ({type(exc).__name__})") from None
    for i, action in enumerate(actions):
        game.state.dice.forced = list(forced.get(i, []))
        try:
            game.apply(action)
        except KassenError as exc:
            raise SaveError(where, f"action {i} ({action.kind}) is refused on replay: "
                                   f"{clip(str(exc), 200)}") from None
    return game


def _first_difference(a, b, path: str = "") -> str:
    """The key path of the first place where two encoded trees differ."""
    while True:
        if isinstance(a, dict) and isinstance(b, dict):
            key = next((k for k in sorted(set(a) | set(b), key=str) if a.get(k) != b.get(k)), None)
            if key is None:
                return path
            if key in ("__t", "__dict", "__tuple", "__set", "__pairs"):
                a, b = a.get(key), b.get(key)
                continue
            path, a, b = f"{path}.{key}", a.get(key), b.get(key)
        elif isinstance(a, list) and isinstance(b, list):
            i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), None)
            if i is None:
                return f"{path} (length {len(b)}, replay gives {len(a)})"
            path, a, b = f"{path}[{i}]", a[i], b[i]
        else:
            return f"{clip(path, 120)}: saved {shorten(b)}, replay gives {shorten(a)}"


def _save_error(file: str, key: str, message: str) -> SaveError:
    return SaveError(file, f"{key}: {message}" if key else message)


def load(path: str | Path) -> Game:
    doc = reading.read_json(path, _save_error)
    return from_document(doc, str(path))
