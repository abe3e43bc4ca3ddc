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
