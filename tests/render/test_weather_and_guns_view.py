"""The table view of weather (6.2), the event of the turn (5.3) and guns (6.1): a tint over the
table, a visibility ring and the table beyond it washed out around the selected unit, the event
in the header and panel, gun stands drawn with barrel and wheels. Drawing never changes a game."""
import os

import numpy as np
import pygame

from render.assets import colour
from render.daimyo import hud, weather
from render.daimyo.app import TableView
from render.daimyo.overlays import layers_for
from sim.core.codec import encode
from sim.core.scenario import open_game
from sim.daimyo.geometry import footprint

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "scenarios", "daimyo")


def _draw(game, selected=None, size=(1280, 800)):
    view = TableView(game.state, size)
    surf = pygame.Surface(size)
    view.draw_frame(surf, selected=selected)
    return view, surf


def test_fog_tints_the_table_and_a_fine_day_does_not():
    fog = open_game(os.path.join(ROOT, "kawanakajima.toml"), seed=1)
    fine = open_game(os.path.join(ROOT, "kawanakajima.toml"), seed=1, weather=False)
    assert weather.tint(fog.state) == colour("weather", "fog") and weather.tint(fine.state) is None
    view, a = _draw(fog)
    _, b = _draw(fine)
    x, y = (int(v) for v in view.camera.world_to_screen((100, 120)))    # open ground
    plain, foggy = tuple(b.get_at((x, y)))[:3], tuple(a.get_at((x, y)))[:3]
    assert sum(foggy) > sum(plain) + 60                                # washed toward fog grey
    ox, oy = (int(v) for v in view.camera.world_to_screen((-5, -5)))     # the floor is not tinted
    assert a.get_at((ox, oy)) == b.get_at((ox, oy))


def test_visibility_ring_around_the_selected_unit_in_fog():
    game = open_game(os.path.join(ROOT, "kawanakajima.toml"), seed=1)
    st = game.state
    u = st.units["kansuke-bow"]
    names = {n: g for n, g in layers_for(st, u)}
    ring, beyond = names["visibility"], names["beyond_sight"]
    body = footprint(u)
    # the ring lies at 10 cm (6.2 fog) from the unit; the wash covers the table beyond it
    assert abs(ring.distance(body) - 9.6) < 0.05 and body.buffer(10.01).contains(ring)
    assert beyond.distance(body) > 9.9 and not beyond.contains(body.centroid)
    assert "beyond_sight" not in {n for n, _ in layers_for(open_game(os.path.join(ROOT, "kawanakajima.toml"),
                                                                    seed=1, weather=False).state, u)}
    assert any("visibility 10 cm" in line for line in hud.overlay_legend(st, u))


def test_event_of_the_turn_in_header_and_panel():
    game = open_game(os.path.join(ROOT, "artillery_drill.toml"), seed=1)
    st = game.state
    st.event, st.event_clan = "surprise_march", "otomo"
    assert "event: surprise march (double move) - Otomo" in hud.header_text(st, "east")
    assert "Event: surprise march (double move) - Otomo (5.3)" in hud.army_summary(st)
    st.weather = "snowing"
    assert any("guns only pivot" in line for line in weather.weather_lines(st))


def test_gun_stand_has_barrel_and_wheels_and_drawing_changes_nothing():
    game = open_game(os.path.join(ROOT, "artillery_drill.toml"), seed=1)
    before = encode(game.state)
    view, surf = _draw(game, selected="heavy-gun")
    assert encode(game.state) == before
    u = game.state.units["heavy-gun"]
    poly = view.scene.unit_polygons(u)[0]
    front, rear = poly[:2].mean(axis=0), poly[2:].mean(axis=0)
    mid = rear + (front - rear) * 0.6                     # on the barrel, past the wheels' axle
    assert tuple(surf.get_at(tuple(int(v) for v in np.rint(mid))))[:3] == colour("unit", "gun_barrel")


def test_an_abandoned_gun_stays_on_the_table_in_grey():
    from sim.daimyo.combat import morale
    game = open_game(os.path.join(ROOT, "artillery_drill.toml"), seed=1)
    st = game.state
    game.run_step(lambda: morale.apply(game, st.units["light-gun"], "rout"))
    assert st.units["light-gun"].gun_on_table
    view, surf = _draw(game)
    poly = view.scene.unit_polygons(st.units["light-gun"])[0]
    corner = poly[0] + (poly[2] - poly[0]) * 0.12          # inside the stand, clear of the gun
    assert tuple(surf.get_at(tuple(int(v) for v in np.rint(corner))))[:3] == colour("unit", "abandoned")
