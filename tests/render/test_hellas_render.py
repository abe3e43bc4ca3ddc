"""The Hellas map view renders headless and sim/ never imports pygame."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_export_png_headless(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from render.hellas import H, W, export_png
    from tests.hellas.helpers import new_game
    out = tmp_path / "start.png"
    export_png(new_game(0), out, side="sparta")
    img = pygame.image.load(str(out))
    assert img.get_size() == (W, H)
    # the Saronic Gulf is sea-coloured and Attica (Athenian) land-coloured in the picture
    from render.hellas import LAND, SEA, _at
    g = new_game(0)
    assert tuple(img.get_at(_at(g, "Saronic Gulf")))[:3] != tuple(img.get_at(_at(g, "Laconia")))[:3]


def test_sim_never_imports_pygame():
    code = "import sys, sim.hellas, sim.hellas.ai; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_play_window_applies_the_chosen_action_plays_the_opponent_and_saves_on_close(tmp_path, monkeypatch):
    """`kassen play --side athens --ai easy --save F`: Enter applies the highlighted action, the
    scripted Sparta answers, closing the window writes the save."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from argparse import Namespace
    import pygame
    from render.hellas import play
    from sim.core.save import load
    from tests.hellas.helpers import SHORT, new_game
    frames = iter([[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)],
                   [pygame.event.Event(pygame.QUIT)]])
    monkeypatch.setattr(pygame.event, "get", lambda *a, **k: next(frames, [pygame.event.Event(pygame.QUIT)]))
    game = new_game(2, SHORT)
    first = game.legal_actions("athens")[0] if game.to_act() == "athens" else None
    target = tmp_path / "play.json"
    play(game, Namespace(side="athens", ai="easy", seed=3, save=str(target)))
    back = load(target)
    athens_moves = [a for a in back.actions if a.side == "athens"]
    assert len(athens_moves) == 1 and (first is None or athens_moves[0] == first)
    assert any(a.side == "sparta" for a in back.actions)          # the opponent played
