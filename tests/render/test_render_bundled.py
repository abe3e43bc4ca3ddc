"""Issue 22: `kassen render NAME --png` draws every bundled scenario by its name, headless."""
import pygame
import pytest

from sim.cli import main
from sim.core.bundled import bundled_scenarios


@pytest.mark.parametrize("name", list(bundled_scenarios()))
def test_render_each_bundled_scenario_by_name(name, tmp_path, capsys):
    out = tmp_path / f"{name}.png"
    assert main(["render", name, "--png", str(out), "--size", "800x500"]) == 0
    picture = pygame.image.load(str(out))
    colours = {picture.get_at((x, y))[:3] for x in range(0, picture.get_width(), 23)
               for y in range(0, picture.get_height(), 17)}
    assert len(colours) > 5
