"""Issue 22: `kassen render NAME --png` draws every bundled scenario by its name, headless."""
import os

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


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (a full disk)")
@pytest.mark.parametrize("kind", ["png", "gif"])
def test_a_picture_on_a_full_disk_is_one_line_naming_it(kind, tmp_path, capsys):
    target = tmp_path / f"shot.{kind}"
    target.symlink_to("/dev/full")                 # every write fails: ENOSPC
    argv = ["render", "training", f"--{kind}", str(target)] + (["--event", "3"] if kind == "gif" else [])
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"kassen: {target}: cannot write the picture (") and len(err.splitlines()) == 1
