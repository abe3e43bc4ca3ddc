"""Build Hellas positions for tests: the real map, a cleared board, blocks placed by hand,
and a Player Turn opened at a chosen phase. Dice are forced by the tests themselves."""
from __future__ import annotations

from pathlib import Path

from sim.board import Block
from sim.core.scenario import read_toml
from sim.hellas import HellasGame
from sim.hellas.state import Turn, other

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "hellas" / "431_campaign.toml"
SHORT = ROOT / "scenarios" / "hellas" / "431_short.toml"


def new_game(seed: int = 0, path: Path = SCENARIO) -> HellasGame:
    return HellasGame.new(read_toml(path), seed)


def bare_game(seed: int = 0) -> HellasGame:
    """The 431 map with no blocks, sieges or garrisons; Spring 431."""
    g = new_game(seed)
    st = g.state
    st.blocks.clear()
    st.sieges.clear()
    st.garrisons.clear()
    st.leaders = {}
    return g


_counter = [0]


def place(g, side: str, loc: str, steps: int = 2, rating: str = "C2", kind: str = "hoplite",
          max_steps: int = 4, home: str = "") -> Block:
    _counter[0] += 1
    bid = f"{side[0].upper()}t{_counter[0]:03d}"
    b = Block(bid, side, f"test {kind} {rating}", max_steps, loc, steps=steps, max_steps=max_steps,
              marks={"kind": kind, "rating": rating, "home": home,
                     "cls": "barbarian" if kind == "barbarian" else "greek"})
    g.state.blocks[bid] = b
    return b


def open_turn(g, side: str, use: str = "action", actions: int = 3, phase: str = "actions",
              season: int = 0, season_count: int | None = None, index: int = 0, card: str = "c01") -> None:
    """Put the game in `side`'s Player Turn (first of the Season unless index=1)."""
    st = g.state
    st.season = season
    st.season_count = season if season_count is None else season_count
    st.turn_index = index
    st.order = [side, other(side)] if index == 0 else [other(side), side]
    st.committed = {side: [card, use], other(side): ["c02", "action"]}
    st.turn = Turn(active=side, card=card, use=use, actions_left=actions)
    st.phase = phase


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def of(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]
