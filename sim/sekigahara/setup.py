"""Scenario checking and initial setup (Sekigahara 5)."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from sim.board.blocks import Block, assign_ids
from sim.board.cards import CardPile
from sim.board.mapgraph import BoardMap, load_map
from sim.core.errors import ScenarioError
from sim.core.reading import read_toml
from sim.core.scenario import validate_model
from sim.core.schema import Meta
from sim.sekigahara.board_state import BAG
from sim.sekigahara.pieces import CLANS, SIDES, deck_cards, face, manifest_faces

HAND = 5   # 5.1


class Options(BaseModel):
    """Rule switches for the [DEF] defaults of the reference (12.x), so they can be corrected.
    Unknown keys (also --weather, --option of another system) are refused, never ignored."""
    model_config = ConfigDict(extra="forbid", strict=True)
    big_stack: int = Field(7, ge=2, le=40)     # 12.3 oversized-stack threshold (a side has < 40 blocks)
    pass_option: bool = True                   # 12.3 pass: discard and redraw
    recruitment_blocks: list[Annotated[int, Field(ge=0, le=12)]] = Field(
        default_factory=lambda: [0, 2, 2, 2, 1, 1, 1], min_length=7, max_length=7)


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    system: str
    meta: Meta
    map: str = Field("package:map.toml", pattern=r"^package:[a-z0-9_]+\.toml$")   # the package's own maps, by name
    options: Options = Field(default_factory=Options)


DATA = Path(__file__).parent / "data"


def map_data(ref: str, where: str) -> tuple[dict, str]:
    """A map of the package's own data, by name (the schema admits no paths): a scenario or a
    save can never make Kassen read another file."""
    name = ref.split(":", 1)[1]
    if not (DATA / name).is_file():
        known = sorted(p.name for p in DATA.glob("*.toml"))
        raise ScenarioError(where, "map", f"no map {name!r} in the package (maps: {', '.join(known)})")
    return read_toml(DATA / name), f"sim/sekigahara/data/{name}"


def printed_map() -> BoardMap:
    """The campaign's map as printed (public knowledge, e.g. for the scripted opponent)."""
    data, where = map_data(Scenario.model_fields["map"].default, "sim/sekigahara")
    return load_map(data, where, edge_kinds={"highway", "road"})


def load(scenario: dict, where: str, **options) -> tuple[Scenario, BoardMap, dict]:
    """The scenario checked, with `options` (command-line switches) laid over its [options]."""
    if options:
        table = scenario.get("options", {})
        scenario = {**scenario, "options": {**(table if isinstance(table, dict) else {}), **options}}
    sc = validate_model(Scenario, scenario, where)
    if sc.system != "sekigahara":
        raise ScenarioError(where, "system", f"expected 'sekigahara', got {sc.system!r}")
    data, map_where = map_data(sc.map, where)
    board = load_map(data, map_where, edge_kinds={"highway", "road"})
    check_setup(board, map_where)
    return sc, board, data


def _fixed(spec: dict) -> list[str]:
    return list(spec.get("setup_blocks", []))


def check_setup(board: BoardMap, where: str) -> None:
    """Setup blocks must exist in the manifest, in the numbers the map asks for."""
    for side in SIDES:
        pool = manifest_faces(side)
        for spec in list(board.graph.nodes.values()) + list(board.boxes.values()):
            if spec.get("setup_side", spec.get("side")) != side:
                continue
            for f in _fixed(spec):
                if f not in pool:
                    raise ScenarioError(where, f"{spec['name']}.setup_blocks", f"no {side} block {f!r} left in the manifest")
                pool.remove(f)
    known = {c for side in SIDES for c in CLANS[side]}
    for loc in board.locations:
        for clan in board.attr(loc, "recruitment") or []:
            if clan not in known:
                raise ScenarioError(where, f"{loc}.recruitment", f"unknown clan {clan!r}")


def initial_state(board: BoardMap, dice):
    """Sekigahara 5: fixed blocks placed, '+N' random blocks drawn, 5 cards each."""
    from sim.sekigahara.state import SekiState
    faces = [(side, f) for side in SIDES for f in manifest_faces(side)]
    ids = assign_ids(dice, faces, {"tokugawa": "T", "ishida": "I"})
    blocks = {}
    for (side, f), bid in zip(faces, ids):
        blocks[bid] = Block(bid, side, f, face(f).mon, BAG[side], marks={"clan": face(f).clan})
    bag = {side: sorted((b for b in blocks.values() if b.side == side), key=lambda b: b.id) for side in SIDES}

    def take(side: str, f: str, where: str, face_up: bool = False) -> None:
        b = next(b for b in bag[side] if b.face == f)
        bag[side].remove(b)
        b.location, b.face_up = where, face_up

    specs = [(n, d) for n, d in board.graph.nodes(data=True)] + [(n, d) for n, d in board.boxes.items()]
    # 5.2-5.3 marked blocks first (ruling S-2: the unidentified 4th blocks at Edo and
    # Kanazawa are a second tokugawa_3 and maeda_2, as the map data lists them)
    for name, spec in specs:
        side = spec.get("setup_side", spec.get("side"))
        for f in _fixed(spec):
            take(side, f, name, face_up=bool(spec.get("face_up")))
    for name, spec in specs:                      # then "+N": name the place, then draw
        side = spec.get("setup_side", spec.get("side"))
        for _ in range(int(spec.get("setup_random", 0))):
            b = bag[side].pop(dice.choice_index(len(bag[side]), f"setup draw for {name}", "5.3"))
            b.location = name
    cards = {}
    for side in SIDES:
        deck = deck_cards(side)
        dice.shuffle(deck, f"shuffle {side} deck", "5.1")
        pile = CardPile(deck=deck)
        pile.draw(HAND, dice, "5.1")
        cards[side] = pile
    disks = {}
    for name, spec in board.graph.nodes(data=True):
        if spec.get("disk"):
            disks[spec["disk"]] = name            # 5.4 Hideyori at Osaka, Sanada at Ueda
    state = SekiState(dice=dice, blocks=blocks, cards=cards, disks=disks)
    # ruling S-10: Kyoto and Edo start controlled (setup blocks); castles by alignment.
    for loc in board.where("resource"):
        owner = board.attr(loc, "start_owner", "none")
        if owner in SIDES:
            state.control[loc] = owner
    for loc in board.where("castle"):
        state.castles[loc] = board.attr(loc, "castle_alignment")
    return state
