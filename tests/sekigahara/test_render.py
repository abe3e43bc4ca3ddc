"""The map view renders headless from a side's view; sim/ never imports pygame."""
import os
import pathlib
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")

from tests.sekigahara.helpers import new_game


def test_export_png_of_a_side_view(tmp_path):
    from render.sekigahara import export_png
    g = new_game(2)
    out = export_png(g, tmp_path / "start.png", side="ishida")
    img = pygame.image.load(str(out))
    assert img.get_size() == (1600, 900)


def test_map_keeps_the_board_aspect_ratio():
    from render.sekigahara import MapView
    v = MapView((1600, 900))
    assert abs(v.map_rect.h / v.map_rect.w - 22 / 34) < 0.01


def test_sim_never_imports_pygame():
    code = "import sys, sim.sekigahara, sim.sekigahara.ai, sim.board; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=pathlib.Path(__file__).resolve().parents[2], env={**os.environ, "PYTHONPATH": "."})
    assert out.stdout.strip() == "False", out.stderr
