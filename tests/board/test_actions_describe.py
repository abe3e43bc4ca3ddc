"""Every legal action of the three board games describes itself in words for a person
(issue 20): no dataclass text, no opaque block ids, and its places named."""
from __future__ import annotations

import importlib
import re

import pytest

from sim.core.scenario import open_game

GAMES = {"sekigahara": ("scenarios/sekigahara/campaign.toml", "easy"),
         "amdt": ("scenarios/amdt/amdt_2p.toml", "random"),
         "hellas": ("scenarios/hellas/431_campaign.toml", "random")}
RAW = re.compile(r"\w+=|\(\w+\(|^[A-Z]\w+\(")


@pytest.mark.parametrize("system", sorted(GAMES))
def test_every_legal_action_has_a_short_description(system):
    path, level = GAMES[system]
    game = open_game(path, seed=4)
    sim = importlib.import_module(f"sim.{system}")
    players = {s: sim.make_player(s, level, 4) for s in game.sides()}
    seen = set()
    for _ in range(150):
        side = game.to_act()
        if side is None:
            break
        for a in game.legal_actions(side):
            text = a.describe(game)
            assert text and len(text) < 160 and not RAW.search(text), (a, text)
            seen.add(a.kind)
            if system == "sekigahara":               # block ids (T07, I12) never shown
                assert not re.search(r"\b[TI]\d\d\b", text), text
            for place in ("location", "frm", "to", "sector", "city", "area"):
                if isinstance(getattr(a, place, None), str) and getattr(a, place):
                    assert getattr(a, place) in text, (a, text)
        game.apply(players[side].choose(game, side))
    assert len(seen) >= 5


def test_sekigahara_march_names_the_leaders_stack_and_its_movement_points():
    from sim.sekigahara import make_player
    game = open_game(GAMES["sekigahara"][0], seed=3)
    players = {s: make_player(s, "easy", 3) for s in game.sides()}
    while not any(a.kind == "Move" for a in game.legal_actions(game.to_act() or "")):
        side = game.to_act()
        game.apply(players[side].choose(game, side))
    moves = [a for a in game.legal_actions(game.to_act()) if a.kind == "Move" and len(a.blocks) > 1]
    text = moves[0].describe(game)
    assert re.match(r"March (\w+'s stack|the stack) \w+ -> .* \(\d of \d MP\)", text), text
