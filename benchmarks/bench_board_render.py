"""Frame time and idle CPU of the board-game view (render/board/) for Sekigahara, AMDT and Hellas.

    PYTHONPATH=. python benchmarks/bench_board_render.py [--frames N] [--idle SECONDS]

Per game, headless at 1280x800, from the person's side at a position with a selection:
1. a frame while the map stays as it is (a battle step, a scroll of the list): the kept map
   picture blitted, the panel and log drawn;
2. a frame with the pieces and highlights redrawn over the cached map (a hover, a selection);
3. a frame whose map picture is rebuilt (control changed a region's colour);
4. the same frame with the area partition computed again, as the old Hellas view did on every
   frame (the cause of its 0.55-2.5 s frames, together with game.view and legal_actions each
   frame at 30 frames a second);
5. idle CPU: `kassen play` in its own process, the person to decide, nothing touched, CPU time
   over --idle seconds (on $DISPLAY when set, e.g. an Xvfb, else SDL's dummy driver).
Goal (issue 20): <= 16 ms a frame while animating, idle CPU near zero.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(ROOT))

GAMES = {"sekigahara": ("scenarios/sekigahara/campaign.toml", "tokugawa"),
         "amdt": ("scenarios/amdt/amdt_2p.toml", "oda"),
         "hellas": ("scenarios/hellas/431_campaign.toml", "athens")}


def timed(fn, frames: int) -> list[float]:
    out = []
    for _ in range(frames):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return sorted(out)


def line(name: str, ms: list[float]) -> str:
    return f"  {name:44s} median {statistics.median(ms):7.2f} ms   p95 {ms[int(len(ms) * 0.95)]:7.2f} ms"


def frames(system: str, n: int) -> None:
    import importlib
    import pygame
    from render.board.app import BoardApp
    from sim.core.scenario import open_game
    path, side = GAMES[system]
    game = open_game(ROOT / path, seed=3)
    sim = importlib.import_module(f"sim.{system}")
    players = {s: sim.make_player(s, "easy", 3) for s in game.sides()}
    while game.to_act() != side:                      # to the person's first decision
        game.apply(players[game.to_act()].choose(game, game.to_act()))
    adapter = importlib.import_module(f"render.{system}").ADAPTER(game)
    app = BoardApp(game, adapter, (1280, 800), {side}, {}, "bench")
    app.selected = next(iter(sorted(app.choices().origins())), None)
    surf = pygame.Surface((1280, 800))
    app.draw(surf)
    painter = app.view.map

    def step():
        app.dirty = True
        app.draw(surf)

    def repainted():
        painter._frame_key = None
        step()

    def rebuilt():
        painter._base_key = None
        repainted()

    def partitioned():
        painter._label = painter._partition() if adapter.regions else None
        rebuilt()

    print(f"{system} ({len(app.choices())} choices, selected {app.selected})")
    print(line("frame, map unchanged (battle step, scroll)", timed(step, n)))
    print(line("frame, pieces and highlights redrawn (hover)", timed(repainted, n)))
    print(line("frame, map picture rebuilt (control changed)", timed(rebuilt, max(5, n // 5))))
    if adapter.regions:
        print(line("... and the partition again (old per frame)", timed(partitioned, max(3, n // 20))))


def idle(system: str, seconds: float) -> None:
    path, side = GAMES[system]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    save = Path("/tmp") / f"bench-board-{os.getpid()}.json"
    proc = subprocess.Popen([sys.executable, "-m", "sim.cli", "play", path, "--side", side, "--ai", "easy",
                             "--seed", "3", "--save", str(save)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(12)                              # start-up, the opponent's first moves
        ticks = os.sysconf("SC_CLK_TCK")
        stat = lambda: sum(int(v) for v in Path(f"/proc/{proc.pid}/stat").read_text().split()[13:15])
        c0, t0 = stat(), time.monotonic()
        time.sleep(seconds)
        used = (stat() - c0) / ticks / (time.monotonic() - t0)
        where = "on " + env["DISPLAY"] if env.get("DISPLAY") else "dummy driver"
        print(f"  idle CPU ({where}, {seconds:g} s)                   {100 * used:6.2f} % of a core")
    finally:
        proc.terminate()
        proc.wait()
        save.unlink(missing_ok=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=100)
    ap.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU sampling (0: skip)")
    args = ap.parse_args()
    display = os.environ.pop("DISPLAY", None)      # the timed frames draw off screen...
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame
    pygame.display.init()
    pygame.font.init()
    if display:                                     # ...the idle window opens on the display
        os.environ["DISPLAY"] = display
        os.environ.pop("SDL_VIDEODRIVER")
    for system in GAMES:
        frames(system, args.frames)
        if args.idle:
            idle(system, args.idle)


if __name__ == "__main__":
    main()
