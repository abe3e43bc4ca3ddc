import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
from render.daimyo.app import App
from sim.core.scenario import open_game
from sim.daimyo.geometry import stand_corners
w, h = map(int, sys.argv[1].split("x"))
pygame.init(); pygame.display.set_mode((w, h))
g = open_game("scenarios/daimyo/training.toml", seed=3)
app = App(g, (w, h), humans={"east"}, view_side="east")
for uid in sys.argv[2:]:
    u = g.state.units[uid]
    c = app.camera.world_to_screen(stand_corners(u).mean(axis=(0, 1)))
    s0 = app.camera.world_to_screen(stand_corners(u)[0].mean(axis=0))
    print(uid, int(c[0]), int(c[1]), int(s0[0]), int(s0[1]))
print("log", app.log.rect.centerx, app.log.rect.centery)
