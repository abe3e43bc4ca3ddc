"""The saves the board-game screenshots in docs/play.md were taken from.

    PYTHONPATH=. python docs/screenshots/positions.py OUT_DIR

For each board game, two scripted players (normal level, seed 3) play until the person's side
is about to make the move that starts a battle; the game is saved just before it
(OUT_DIR/<system>-battle.json) and the move's place in the list is printed, so a person (or
xdotool) can open the save with `kassen play OUT_DIR/<system>-battle.json --side SIDE`, press
Down that many times and Enter, and watch the battle step by step.
"""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

from render.board.choices import Choices
from sim.core.save import save
from sim.core.scenario import open_game

GAMES = {"sekigahara": ("scenarios/sekigahara/campaign.toml", "tokugawa"),
         "amdt": ("scenarios/amdt/amdt_2p.toml", "oda"),
         "hellas": ("scenarios/hellas/431_campaign.toml", "athens")}


def scripted(system: str, seed: int):
    """A new game, normal scripted players for every side, the person's side, the adapter."""
    path, human = GAMES[system]
    sim = importlib.import_module(f"sim.{system}")
    game = open_game(path, seed=seed)
    players = {s: sim.make_player(s, "normal", seed + i) for i, s in enumerate(game.sides())}
    return game, players, human, importlib.import_module(f"render.{system}").ADAPTER


def before_battle(system: str, seed: int = 3, limit: int = 3000):
    game, players, human, adapter_cls = scripted(system, seed)
    for _ in range(limit):
        side = game.to_act()
        action = players[side].choose(game, side)
        if side == human:
            trial = type(game).replay(game.scenario, game.seed, list(game.actions))
            if any(e.kind in adapter_cls.battle_start and not getattr(e, "siege", False)
                   for e in trial.apply(action)):
                return game, action, adapter_cls(game)
        game.apply(action)
    raise SystemExit(f"{system}: no battle started by {human} in {limit} actions")


def before_move(system: str, seed: int = 3, limit: int = 3000):
    """The first position where the person's side may move a piece on the map."""
    game, players, human, adapter_cls = scripted(system, seed)
    for _ in range(limit):
        side = game.to_act()
        if side == human:
            adapter = adapter_cls(game)
            moves = [a for a in game.legal_actions(side)
                     if adapter.anchor(a).dest and a.kind in ("Move", "March", "MoveBlock")]
            if moves:
                return game, adapter, moves
        game.apply(players[side].choose(game, side))
    raise SystemExit(f"{system}: {human} never moved in {limit} actions")


def main(out: str) -> None:
    Path(out).mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from render.board.view import BoardView
    for system in GAMES:
        game, action, adapter = before_battle(system)
        target = Path(out) / f"{system}-battle.json"
        save(game, target)
        legal = game.legal_actions(game.to_act())
        rows = Choices(game, adapter, legal).rows(None)
        downs = [idx for _, idx in rows if idx is not None].index(legal.index(action)) + 1
        anchor = adapter.anchor(action)
        where = BoardView(adapter, (1280, 800)).map
        clicks = [where.point_of(p) for p in (anchor.origin, anchor.dest) if p]
        print(f"{target}: {len(game.actions)} actions; next '{action.describe(game)}': Down x{downs}, Enter;"
              f" or click {clicks} (window pixels at 1280x800)")
        game, adapter, moves = before_move(system)
        target = Path(out) / f"{system}-move.json"
        save(game, target)
        origin = adapter.anchor(moves[0]).origin
        print(f"{target}: {len(moves)} moves; the first from {origin} at {where.point_of(origin)}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/kassen-positions")
