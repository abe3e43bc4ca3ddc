"""Issue 22: `kassen play` of every bundled scenario opens a real window under a virtual X
screen (Xvfb), draws the table or map, and closes cleanly when the window is closed; so does
`kassen replay --from FILE --game N`."""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from sim.core.bundled import bundled_scenarios

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb (a virtual X screen)")


@pytest.fixture(scope="module")
def display():
    """A private Xvfb screen on the first free display number from 96 (its socket shows it is up)."""
    for number in range(96, 140):
        if Path(f"/tmp/.X{number}-lock").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                                stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists() or proc.poll() is not None:
                break
            time.sleep(0.1)
        if proc.poll() is None:
            yield f":{number}"
            proc.terminate()
            proc.wait(10)
            return
    pytest.fail("no free X display for Xvfb")


def in_window(display, folder: Path, *command: str):
    """Run a kassen window command under the virtual screen; the picture it first showed."""
    shot = folder / "window.png"
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "render" / "close_after.py"), str(shot), *command],
                          env=env, cwd=folder, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return pygame.image.load(str(shot))


def assert_drawn(picture) -> None:
    colours = {picture.get_at((x, y))[:3] for x in range(0, picture.get_width(), 37)
               for y in range(0, picture.get_height(), 29)}
    assert len(colours) > 5, "the window stayed blank"


@pytest.mark.parametrize("name", list(bundled_scenarios()))
def test_play_each_bundled_scenario_in_a_window(display, name, tmp_path):
    assert_drawn(in_window(display, tmp_path, "play", name, "--save", str(tmp_path / "save.json")))


def test_replay_a_game_of_a_games_file_in_a_window(display, tmp_path):
    from sim.cli import main
    assert main(["simulate", "training", "--ai", "random", "--runs", "2", "--workers", "1", "--turn-limit", "2",
                 "--no-progress", "--json", "--games", str(tmp_path / "games.csv")]) == 0
    assert_drawn(in_window(display, tmp_path, "replay", "--from", "games.csv", "--game", "1"))
