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


def test_play_window_applies_a_clicked_action_then_quits(monkeypatch):
    import types
    import render.sekigahara as rs
    g = new_game(4)
    frames = {"n": 0}
    real_get = pygame.event.get

    def fake_get():
        real_get()
        frames["n"] += 1
        if frames["n"] == 2:      # click the first choice shown for the human
            rect = rs_view["v"].action_rects[0][0]
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)]
        if frames["n"] >= 3:
            return [pygame.event.Event(pygame.QUIT)]
        return []

    rs_view = {}
    real_init = rs.MapView.__init__

    def spy_init(self, *a, **kw):
        real_init(self, *a, **kw)
        rs_view["v"] = self
    monkeypatch.setattr(rs.MapView, "__init__", spy_init)
    monkeypatch.setattr(pygame.event, "get", fake_get)
    rs.play(g, types.SimpleNamespace(side="tokugawa", level="easy", seed=1))
    assert len(g.actions) >= 1 and g.actions[0].side == "tokugawa"
