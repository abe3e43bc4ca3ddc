"""Run a window command (`kassen play NAME`, `kassen replay ...`) in a real window, keep the
first frame that shows more than a blank fill, then close the window as its close button would
(a QUIT event). Used under a virtual X screen by tests/render/test_play_window.py and by
.ci/installed (with the installed package).

    python close_after.py SHOT.png play SCENARIO [arguments...]
"""
import os
import sys
import threading

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from sim.cli import main  # noqa: E402

drawn = threading.Event()


def colours(surface) -> int:
    """How many colours a coarse grid of the picture shows (1: blank)."""
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 37) for y in range(0, h, 29)})


def keep_first_drawn_frame(shot: str):
    """Wrap display.flip: the frame just shown is whole there (a view may take seconds to draw
    its first map), so the first one with content is saved, and the window is then asked to close."""
    flip = pygame.display.flip

    def flip_and_look():
        flip()
        if not drawn.is_set() and colours(pygame.display.get_surface()) > 5:
            pygame.image.save(pygame.display.get_surface(), shot)
            drawn.set()
            pygame.event.post(pygame.event.Event(pygame.QUIT))
    pygame.display.flip = flip_and_look


if __name__ == "__main__":
    shot, *command = sys.argv[1:]
    keep_first_drawn_frame(shot)
    code = main(command)
    sys.exit(code if drawn.is_set() else 3)      # 3: the window never showed anything
