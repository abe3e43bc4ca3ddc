"""render/amdt.py draws headless (SDL dummy drivers) from a seat's view."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from render.amdt import FACTION, MapView, export_png  # noqa: E402
from tests.amdt.helpers import game  # noqa: E402


def test_export_png_of_the_four_player_start(tmp_path):
    g = game(4)
    path = tmp_path / "start.png"
    export_png(g, path, side="katsuie")
    img = pygame.image.load(str(path))
    assert img.get_size() == (1600, 1000)
    view = MapView((1600, 1000))
    x, y = view.xy("Gifu")                          # an Oda level-3 castle: Oda red square
    assert tuple(img.get_at((x + 8, y + 8)))[:3] == FACTION["oda"]
    assert view.map_rect.collidepoint(view.xy("Mihara")) and view.map_rect.collidepoint(view.xy("Kasugayama"))


def test_sectors_do_not_overlap_after_spreading():
    view = MapView((1600, 1000))
    pts = [view.xy(s) for s in view.d.board.locations]
    close = [(a, b) for i, a in enumerate(pts) for b in pts[i + 1:]
             if (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 < 20 ** 2]
    assert close == []


def test_sim_never_imports_pygame():
    import pathlib
    root = pathlib.Path(__file__).resolve().parents[2] / "sim" / "amdt"
    assert not any("pygame" in p.read_text() for p in root.rglob("*.py"))
