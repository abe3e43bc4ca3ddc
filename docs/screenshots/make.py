"""Regenerate the screenshots in this folder (headless):

    PYTHONPATH=. python docs/screenshots/make.py

Pictures of saved games come from `kassen render`; the play-window ones drive the real
window code with synthetic mouse and key events, as a player would.
"""
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from render.daimyo.app import App  # noqa: E402
from sim.core.scenario import open_game  # noqa: E402
from sim.daimyo.geometry import stand_corners  # noqa: E402

TRAINING = ROOT / "scenarios" / "daimyo" / "training.toml"
SAVE = HERE / "training_moves.json"


def render(*args):
    """`kassen render ...` through render.cli, the handler the CLI wires in."""
    import argparse
    from render.cli import add_parsers
    p = argparse.ArgumentParser()
    add_parsers(p.add_subparsers(dest="command", required=True))
    a = p.parse_args(["render", *map(str, args)])
    a.func(a)


def first_horse_move() -> int:
    """The event of the Shima horse's first straight move in the saved game (found by content,
    so that re-recording the save keeps the picture's subject)."""
    from sim.core.save import load
    for i, e in enumerate(load(SAVE).events):
        if e.kind == "UnitMoved" and e.unit == "shima-horse" and e.how == "move":
            return i
    raise SystemExit(f"{SAVE.name}: the Shima horse never moves straight")


def opening(turns: int) -> Path:
    """A save of the saved game's first `turns` turns (its seed and its actions up to the one that
    starts the next turn), so that the GIF shows the opening moves, not 600 frames of a game."""
    from sim.core.save import load, save
    whole = load(SAVE)
    game = type(whole).new(whole.scenario, whole.seed)
    for action in whole.actions:
        game.apply(action)
        if any(e.kind == "TurnStarted" and e.turn > turns for e in game.events):
            break
    path = Path(tempfile.mkdtemp()) / f"training_first_{turns}_turns.json"
    save(game, path)
    return path


def play_window_shots():
    pygame.init()
    screen = pygame.display.set_mode((1280, 800))
    game = open_game(TRAINING, seed=1)
    app = App(game)
    press = lambda k: app.input.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0))

    def move_mouse(pos):
        app.input.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    def click(world):
        pos = tuple(int(v) for v in app.camera.world_to_screen(world))
        move_mouse(pos)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.input.handle(pygame.event.Event(kind, pos=pos, button=1))

    press(pygame.K_1)                    # east activates first
    press(pygame.K_1)                    # try Honda (seed 1: 1+6+2 = 9, activated)
    app.animator.skip()
    u = game.state.units["honda-teppo"]
    click(tuple(stand_corners(u)[0].mean(axis=0)))
    press(pygame.K_m)
    move_mouse(tuple(int(v) for v in app.camera.world_to_screen((u.x, u.y + 7))))
    app.draw(screen)
    pygame.image.save(screen, str(HERE / "play_move_order.png"))
    click((u.x, u.y + 30))               # too far: refused with the rule
    app.draw(screen)
    pygame.image.save(screen, str(HERE / "play_refused.png"))

    # 1920x1080: the spearmen wheeling towards the pointer
    app.input.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    screen = pygame.display.set_mode((1920, 1080))
    app.message = ("", "", 0.0)
    press(pygame.K_ESCAPE)               # leave move mode (kept after the refusal for a retry)
    y = game.state.units["honda-yari"]
    click(tuple(stand_corners(y)[0].mean(axis=0)))
    press(pygame.K_w)
    move_mouse(tuple(int(v) for v in app.camera.world_to_screen((y.x - 3, y.y + 12))))
    app.draw(screen)
    pygame.image.save(screen, str(HERE / "play_wheel_1080p.png"))
    pygame.display.quit()


class Aggressive:
    """A crude scripted general for pictures of combat: charges whenever the rules offer a
    charge, otherwise makes the longest forward move, otherwise a random legal action."""

    def __init__(self, seed):
        from sim.core.players import RandomPlayer
        self.fallback = RandomPlayer(seed)

    def choose(self, game, side):
        acts = game.legal_actions(side)
        for kind in ("Charge", "ActivateClan", "ChooseOrder"):
            picks = [a for a in acts if type(a).__name__ == kind]
            if picks:
                return picks[0]
        moves = [a for a in acts if type(a).__name__ == "Move"]
        if moves:
            return max(moves, key=lambda a: a.distance)
        return self.fallback.choose(game, side)


def combat_shots():
    """Charge, rout and pursuit mid-animation, once the combat rules emit those events
    (skipped while they are not in this checkout)."""
    from sim.core.players import play_out
    from sim.core.save import save
    game = open_game(TRAINING, seed=1)
    play_out(game, {s: Aggressive(7 + i) for i, s in enumerate(game.sides())}, max_actions=3000)
    first = {}
    for i, e in enumerate(game.events):
        first.setdefault(e.kind, i)
    wanted = {"ChargeMoved": "training_charge_mid.png", "UnitRouted": "training_rout_mid.png",
              "Pursued": "training_pursuit_mid.png"}
    if not any(k in first for k in wanted):
        print("no charges in this game (combat rules not present?): combat screenshots skipped")
        return
    path = HERE / "training_combat.json"
    save(game, path)
    for kind, name in wanted.items():
        if kind in first:
            render(path, "--png", HERE / name, "--event", first[kind], "--fraction", 0.6)
    if "UnitRouted" in first:
        render(path, "--gif", HERE / "training_rout.gif", "--event", first["UnitRouted"], "--fps", 10)


def weather_and_gun_shots():
    """Fog at Kawanakajima (tint, visibility ring); the artillery drill at the start; and the
    drill in heavy rain with a surprise march, one gun abandoned and one taken (6.1, 6.2, 5.3).
    The last state is set by hand through the rules' own functions, for the picture only."""
    from render.daimyo.export import export_png
    from sim.daimyo.artillery import take
    from sim.daimyo.combat import morale
    render(ROOT / "scenarios" / "daimyo" / "kawanakajima.toml", "--png", HERE / "kawanakajima_fog.png",
           "--select", "kansuke-bow")
    drill = ROOT / "scenarios" / "daimyo" / "artillery_drill.toml"
    render(drill, "--png", HERE / "artillery_drill.png", "--select", "heavy-gun")
    game = open_game(drill, seed=1)
    st = game.state
    st.weather, st.event, st.event_clan = "heavy_rain", "surprise_march", "otomo"
    game.run_step(lambda: morale.apply(game, st.units["light-gun"], "rout"))      # crew flee
    horse = st.units["shimazu-horse"]
    horse.x, horse.y = 70, 22.0                                 # front to front with the heavy gun
    game.run_step(lambda: take(game, st.units["heavy-gun"], horse, "melee"))
    st.units["heavy-gun"].gone = "captured"
    export_png(game, HERE / "artillery_taken_rain.png", selected="otomo-teppo")


if __name__ == "__main__":
    render(TRAINING, "--png", HERE / "training_start.png")
    render(TRAINING, "--png", HERE / "training_overlays.png", "--select", "honda-teppo")
    render(SAVE, "--png", HERE / "training_move_mid.png", "--event", first_horse_move(), "--fraction", 0.5)
    render(SAVE, "--png", HERE / "training_1080p_west.png", "--size", "1920x1080", "--side", "west")
    render(opening(turns=1), "--gif", HERE / "training_moves.gif", "--fps", 10)
    play_window_shots()
    combat_shots()
    weather_and_gun_shots()
