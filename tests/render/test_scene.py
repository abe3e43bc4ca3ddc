import numpy as np
import pygame

from render.daimyo.app import TableView
from render.daimyo.overlays import render_layers
from sim.daimyo import overlays as geo
from sim.daimyo.geometry import stand_corners


def _draw(game, size=(1280, 800), selected=None):
    view = TableView(game.state, size)
    surf = pygame.Surface(size)
    view.draw_frame(surf, selected=selected)
    return view, surf


def test_stand_has_clan_colour_at_its_screen_position(game):
    view, surf = _draw(game)
    st = game.state
    for uid in ("honda-teppo", "shima-horse", "otani-teppo"):
        u = st.units[uid]
        centres = stand_corners(u).mean(axis=1)            # world centre of every stand
        for c in view.camera.world_to_screen(centres):
            assert tuple(surf.get_at((int(c[0]), int(c[1]))))[:3] == st.clans[u.clan].colour


def test_terrain_fill_and_table_cloth(game):
    from render.assets import colour, terrain_colours
    view, surf = _draw(game)
    wood = next(f for f in game.state.terrain if f.kind == "wood")
    # a point inside the wood, away from the tree dots and its label
    x, y = view.camera.world_to_screen((12, 40.5))
    assert tuple(surf.get_at((int(x), int(y))))[:3] == terrain_colours("wood")[0]
    x, y = view.camera.world_to_screen((107.3, 55.3))
    assert tuple(surf.get_at((int(x), int(y))))[:3] == colour("table", "cloth")
    assert wood.shape.contains(__import__("shapely").Point(12, 40.5))


def test_fire_arc_overlay_area_and_extent(game):
    u = game.state.units["honda-teppo"]
    view = TableView(game.state, (1280, 800))
    zones = geo.fire_zones(u)
    surf = render_layers(view.camera, (1280, 800), [("fire_short", zones["short"])])
    alpha = pygame.surfarray.pixels_alpha(surf)
    painted = np.count_nonzero(alpha)
    expected = zones["short"].area * view.camera.scale ** 2
    assert abs(painted - expected) / expected < 0.04
    xs, ys = np.nonzero(alpha)
    minx, miny, maxx, maxy = zones["short"].bounds
    (sx0, sy1), (sx1, sy0) = view.camera.world_to_screen([(minx, miny), (maxx, maxy)])
    assert abs(xs.min() - sx0) <= 2 and abs(xs.max() - sx1) <= 2
    assert abs(ys.min() - sy0) <= 2 and abs(ys.max() - sy1) <= 2
    # 4.5.1: the short band reaches 8 cm ahead of the front edge, and no further
    assert maxy == __import__("pytest").approx(u.y + 8, abs=0.05)


def test_long_range_band_ends_at_15cm_and_excludes_short(game):
    u = game.state.units["otani-teppo"]          # faces south (270)
    zones = geo.fire_zones(u)
    assert zones["long"].bounds[1] == __import__("pytest").approx(u.y - 15, abs=0.05)
    assert zones["long"].intersection(zones["short"]).area < 1e-6
    assert geo.fire_zones(game.state.units["shima-ashigaru"]) is None    # spears: no arcs


def test_selected_unit_draws_command_range(game):
    from render.assets import colour
    st = game.state
    view, plain = _draw(game)
    _, sel = _draw(game, selected="honda-teppo")
    # a point 15 cm from the daimyo (inside his 20 cm range), outside other overlays
    d = st.leaders["daimyo-honda"]
    x, y = view.camera.world_to_screen((d.x - 15, d.y - 2))
    assert plain.get_at((int(x), int(y))) != sel.get_at((int(x), int(y)))
    x, y = view.camera.world_to_screen((d.x - 25, d.y - 2))      # beyond it: unchanged
    assert plain.get_at((int(x), int(y))) == sel.get_at((int(x), int(y)))
    assert colour("overlay", "command")[3] > 0


def test_markers_show_disorder_rout_and_hits(game):
    u = game.state.units["honda-teppo"]
    u.disordered, u.routing, u.hits, u.halted_turns = True, True, 2, 1
    view, _ = _draw(game)
    texts = view.painter.texts()
    assert {"DIS", "ROUT", "HALT", "2h"} <= set(texts)       # words: "D" is a daimyo's disc


def test_layout_readable_at_both_sizes(game):
    for size in ((1280, 800), (1920, 1080)):
        view, _ = _draw(game, size)
        assert view.viewport.width >= 0.65 * size[0]
        assert view.log.rect.right == size[0] and view.log.rect.bottom == size[1]
        assert view.ui_size >= 14
        # every label is on the screen
        for text, rect in view.painter.drawn:
            assert pygame.Rect(0, 0, *size).contains(rect), text


def _pixel(surf, cam, pt):
    x, y = cam.world_to_screen(pt)
    return tuple(surf.get_at((int(x), int(y))))[:3]


def test_animated_frames_draw_moving_pieces_over_the_cached_still_table(game):
    """While a unit moves, the still table is cached and only the mover is redrawn: the
    mover must appear at each new pose and never at the old one; others stay put."""
    from render.assets import colour
    from render.daimyo.animator import Frame
    from sim.daimyo.model import LeaderKind
    st = game.state
    u = st.units["shima-horse"]                      # front at y 70 facing south, 3 cm deep
    lead = st.leaders["daimyo-otani"]                 # an unattached leader walking east
    assert lead.kind is LeaderKind.DAIMYO and not lead.attached_to
    view = TableView(st, (1280, 800))
    surf = pygame.Surface((1280, 800))
    red = st.clans["shima"].colour
    for y, lx in ((66.0, 90.0), (62.0, 95.0), (58.0, 100.0)):
        view.painter.begin_frame()
        view.draw_table(surf, Frame({u.id: (u.x, y, 270.0)}, {lead.id: (lx, 82.0)}, set()))
        assert _pixel(surf, view.camera, (u.x - 6, y + 1.5)) == red         # new pose
        assert _pixel(surf, view.camera, (u.x - 6, 71.5)) != red           # old pose left
        assert _pixel(surf, view.camera, (lx, 82.0)) == colour("leader", "daimyo")
        if lx != 90.0:                                                          # he left 90
            assert _pixel(surf, view.camera, (90.0, 82.0)) != colour("leader", "daimyo")
        honda = stand_corners(st.units["honda-teppo"]).mean(axis=1)[0]
        assert _pixel(surf, view.camera, honda) == st.clans["honda"].colour  # still unit
    assert view._still_key is not None                                          # cache used
    assert sum(1 for t in view.painter.texts() if t == "Shima horse") == 1     # drawn once
    assert sum(1 for t in view.painter.texts() if t == "Yoshitsugu") == 1


def test_panning_moves_cached_layers_like_a_fresh_paint(game):
    """Terrain and overlays are painted once per zoom and moved when panning: after a pan the
    picture must match one painted from scratch at the new camera."""
    size = (1280, 800)
    moved = TableView(game.state, size)
    a = pygame.Surface(size)
    moved.draw_frame(a, selected="honda-teppo")            # paints the cached layers
    moved.camera.pan(137, -58)
    moved.draw_frame(a, selected="honda-teppo")            # reuses them, shifted
    fresh = TableView(game.state, size)
    fresh.camera.pan(137, -58)
    b = pygame.Surface(size)
    fresh.draw_frame(b, selected="honda-teppo")
    vp = moved.viewport
    pa = pygame.surfarray.array3d(a)[vp.left:vp.right, vp.top:vp.bottom]
    pb = pygame.surfarray.array3d(b)[vp.left:vp.right, vp.top:vp.bottom]
    differ = np.any(pa != pb, axis=2).mean()
    assert differ < 0.002, differ
    # and the pan really moved the picture: a stand is drawn where the camera now puts it
    u = game.state.units["honda-teppo"]
    c = moved.camera.world_to_screen(stand_corners(u).mean(axis=1)[0])
    assert tuple(a.get_at((int(c[0]), int(c[1]))))[:3] == game.state.clans["honda"].colour


def test_deep_zoom_paints_terrain_per_view(game):
    """At 60 px/cm the table would be a 7200x5400 picture: it is painted for the view only."""
    from render.assets import terrain_colours
    view = TableView(game.state, (1280, 800))
    view.camera.scale = 60.0
    view.camera.cx, view.camera.cy = 36.0, 45.0          # the wood's east edge and the stream
    surf = pygame.Surface((1280, 800))
    view.draw_frame(surf)
    assert view.scene._static.get_size() == (1280, 800)
    assert _pixel(surf, view.camera, (29.0, 43.0)) == terrain_colours("wood")[0]
    assert _pixel(surf, view.camera, (40.0, 45.3)) == terrain_colours("stream")[0]


def test_leader_names_stay_on_the_table_at_its_edge():
    """The reference table's Generals stand at its right edge: their names go on the cloth,
    not out over the margin toward the side panel."""
    import os
    from sim.core.scenario import open_game
    ref = os.path.join(os.path.dirname(__file__), "..", "..", "scenarios", "daimyo", "reference.toml")
    game = open_game(ref, seed=1)
    view, _ = _draw(game)
    st = game.state
    corners = view.camera.world_to_screen([(0, 0), (st.width, st.height)])
    left, right = sorted((corners[0][0], corners[1][0]))
    generals = [r for text, r in view.painter.drawn if text == "General"]
    assert len(generals) == 2
    for r in generals:
        assert left - 1 <= r.left and r.right <= right + 1, r
