"""Frame time of the Daimyo table view, headless at 1280x800.

    PYTHONPATH=. python benchmarks/bench_render.py [--frames N]

1. a still frame with 300 stands (60 units of 5) and the selected unit's overlays (nothing
   changed since the last frame: the composed table picture is reused);
2. the same frame fully repainted (every stand, label and the overlay layer drawn again;
   only the terrain layer comes from its cache);
3. panning (terrain and overlay pictures are shifted, every stand re-projected);
4. frames per second while units animate along their move paths, one after another;
5. the selected unit's reach from the rules' plans (sim/daimyo/preview.py), computed afresh;
6. idle CPU: the play window with nothing happening, for the window loop as it is (draws only
   when something changed, sleeping in pygame.event.wait) and, in the same run, for the old loop
   that drew every frame at 60 frames/s.
Goal (issue 4): <= 5 ms for the still frame. Goal (issue 24): idle CPU near zero.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from render.daimyo.app import App  # noqa: E402
from sim.core.scenario import open_game  # noqa: E402
from sim.daimyo.events import UnitMoved  # noqa: E402

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "daimyo" / "training.toml"


def crowded_game(units: int = 60, stands: int = 5):
    """The training game with its units replaced by a 6 x 10 block of 5-stand units."""
    game = open_game(SCENARIO, seed=1)
    st = game.state
    template = st.units["honda-teppo"]            # arquebusiers: fire arcs in the overlays
    clans = list(st.clans.values())
    from dataclasses import replace
    st.units = {}
    for i in range(units):
        col, row = i % 6, i // 6
        clan = clans[i % len(clans)]
        uid = f"u{i}"
        st.units[uid] = replace(template, id=uid, name=f"Unit {i}", side=clan.side, clan=clan.id,
                                stands=stands, files=stands, starting_stands=stands,
                                x=10 + col * 20, y=5 + row * 9, facing=90 if clan.side == "east" else 270)
    return game


def timed(fn, frames: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds per call. CPU time is what the frame costs; wall time
    also counts waiting for a busy machine (shared CI runners, other jobs)."""
    wall, cpu = [], []
    for _ in range(frames):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return wall, cpu


def report(name: str, times: tuple[list[float], list[float]]) -> None:
    wall, cpu = sorted(times[0]), sorted(times[1])
    med = statistics.median(wall)
    print(f"{name:50s} wall median {med:6.2f} ms  p95 {wall[int(len(wall) * 0.95)]:6.2f} ms"
          f"  ({1000 / med:5.0f} frames/s)   cpu median {statistics.median(cpu):6.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    frames = ap.parse_args().frames
    pygame.init()
    screen = pygame.display.set_mode((1280, 800))
    game = crowded_game()
    app = App(game, (1280, 800))
    app.selected = "u13"
    stands = sum(u.stands for u in game.state.living())
    print(f"{stands} stands, {len(game.state.living())} units, 1280x800, overlays of {app.selected}")
    app.draw(screen)                       # warm the caches (terrain layer, labels, overlays)

    report("still frame, overlays on (composed table cached)", timed(lambda: app.draw(screen), frames))

    def repaint():
        app._table_sig = None              # redraw every stand, label and overlay blit
        app.draw(screen)
    report("full repaint: 300 stands + overlays + labels", timed(repaint, frames))

    step = [0]

    def panning():
        step[0] += 1
        app.camera.pan(1 if step[0] % 2 else -1, 0)
        app.draw(screen)
    report("panning (cached layers shifted, stands re-projected)", timed(panning, max(30, frames // 5)))

    # 12 units move 10 cm at once; the animator plays them one after another, so queue
    # them as one path each and keep re-queuing until enough frames are measured.
    movers = [u for u in game.state.living()][:12]

    def queue():
        for u in movers:
            app.animator.push([UnitMoved(u.id, ((u.x, u.y, u.facing), (u.x, u.y + 10, u.facing)), "move")])
    queue()

    def animating():
        if not app.animator.busy:
            queue()
        app.update(1 / 60)
        app.draw(screen)
    report("animating (update + draw)", timed(animating, frames))
    app.animator.skip()

    from sim.daimyo import preview
    from sim.daimyo.movement import afresh
    unit = game.state.units[app.selected]

    def reach():
        with afresh(game.state):           # no remembered plans: the full price
            preview.reach(game.state, unit, now=False)
    report("reach of the selected unit (rules' plans, uncached)", timed(reach, max(10, frames // 30)))

    seconds = 3.0
    app.message = ("", "", 0.0)
    print(f"idle window, {seconds:g} s each: CPU time / wall time")
    print(f"  {'old loop (draw every frame at 60 frames/s)':48s} {idle_cpu(lambda: old_loop(app, screen, seconds)):5.1f} % of a core")
    from render.daimyo.app import run
    idle = idle_cpu(lambda: run(app, max_frames=int(seconds), first_frame=False))   # already drawn
    print(f"  {'window loop (draw on change, sleep otherwise)':48s} {idle:5.1f} % of a core")
    pygame.quit()


def old_loop(app, screen, seconds: float) -> None:
    """The loop before issue 24: events, update and a full draw every frame at 60 frames/s."""
    clock = pygame.time.Clock()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        dt = clock.tick(60) / 1000.0
        pygame.event.get()
        app.update(dt)
        app.draw(screen)
        pygame.display.flip()


def idle_cpu(loop) -> float:
    pygame.event.clear()
    t0, c0 = time.perf_counter(), time.process_time()
    loop()
    return 100 * (time.process_time() - c0) / (time.perf_counter() - t0)


if __name__ == "__main__":
    main()
