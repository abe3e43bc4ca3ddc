"""Issue 24: undo, the ruler, help, the menu, tooltips, fast forward, the quiet loop and the
autosave, driven with synthetic events through the real game (headless, dummy video driver)."""
import pygame
import pytest

from render.daimyo.app import App
from sim.core.players import RandomPlayer
from sim.daimyo import actions as A
from sim.daimyo.geometry import footprint
from tests.render.conftest import to_orders
from tests.render.test_input import click, frame, key, unit_screen_centre


def move_to(app, pos):
    app.input.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in pos), rel=(0, 0),
                                        buttons=(0, 0, 0)))


def press(app, pos, button):
    app.input.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(int(v) for v in pos), button=button))


def release(app, pos, button):
    app.input.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(int(v) for v in pos), button=button))


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def test_ctrl_z_takes_back_a_move_but_not_the_activation_roll(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)
    start = (game.state.units["honda-yari"].x, game.state.units["honda-yari"].y)
    click(app, unit_screen_centre(app, "honda-yari", stand=0))
    key(app, pygame.K_m)
    key(app, pygame.K_m)                                 # the whole move
    assert isinstance(app.game.actions[-1], A.Move)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert [type(a).__name__ for a in app.game.actions] == ["ChooseOrder", "ActivateClan"]
    assert (app.state.units["honda-yari"].x, app.state.units["honda-yari"].y) == start
    assert app.log.entries[-1][0] == "east takes back: Honda spearmen: move 11.0 cm ahead"
    key(app, pygame.K_z, pygame.KMOD_CTRL)               # the activation rolled dice (4.1)
    assert len(app.game.actions) == 2
    frame(app, screen)
    refusal = [(t, r) for t, r in app.painter.drawn if t.startswith("Cannot take back - rule 4.1:")]
    assert refusal and app.status_rect.contains(refusal[0][1])


def test_ruler_measures_edge_to_edge_with_the_units_bands(game, screen):
    app = App(game)
    frame(app, screen)
    key(app, pygame.K_l)
    assert app.ruler_mode
    a, b = unit_screen_centre(app, "honda-teppo"), unit_screen_centre(app, "shima-horse")
    press(app, a, 1)
    move_to(app, b)
    release(app, b, 1)
    st = app.state
    want = footprint(st.units["honda-teppo"]).distance(footprint(st.units["shima-horse"]))
    assert app.ruler.cm == pytest.approx(want, abs=1e-6)
    assert app.ruler.start_unit == "honda-teppo" and app.ruler.end_unit == "shima-horse"
    names = [n for n, _, _ in app.ruler.bands]
    assert {"effective range", "long range", "charge reach", "command range"} <= set(names)
    frame(app, screen)
    texts = app.painter.texts()
    assert f"{want:.1f} cm edge to edge" in texts and "Honda arquebusiers to Shima horse" in texts
    assert any(t.startswith("beyond effective range 8 cm (4.5)") or t.startswith("within effective range 8 cm")
               for t in texts)
    assert game.actions == []                            # measuring never gives an order
    key(app, pygame.K_ESCAPE)
    assert app.ruler is None and not app.ruler_mode


def test_middle_drag_measures_from_a_point(game, screen):
    app = App(game)
    frame(app, screen)
    p, q = app.camera.world_to_screen((5.0, 45.0)), app.camera.world_to_screen((25.0, 45.0))
    press(app, p, 2)
    move_to(app, q)
    release(app, q, 2)
    assert app.ruler.cm == pytest.approx(20.0, abs=0.5) and app.ruler.bands == []


def test_f1_and_question_mark_show_controls_and_the_steps_options(game, screen):
    to_orders(game)
    app = App(game)
    key(app, pygame.K_F1)
    assert app.show_help
    frame(app, screen)
    texts = app.painter.texts()
    assert "Controls" in texts and "Now: movement (4.3)" in texts
    assert any(t.startswith("Ctrl+Z:") for t in texts)
    assert any("End the movement step" in t for t in texts)          # the step's choices
    key(app, pygame.K_a)                                 # any key closes it
    assert not app.show_help
    app.input.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT,
                                        unicode="?", scancode=0))
    assert app.show_help


def test_menu_saves_to_the_data_directory_and_quits_with_a_prompt(game, screen, tmp_path):
    from sim.core.save import load
    app = App(game)
    frame(app, screen)
    key(app, pygame.K_1)                                 # an order, so there is something to save
    target = app.save_target()
    assert target.startswith(str(tmp_path / "data" / "kassen" / "saves"))
    key(app, pygame.K_ESCAPE)                            # nothing to cancel: the menu
    assert app.menu.open
    frame(app, screen)
    assert any(t.startswith("1  Save (") for t in app.painter.texts())
    key(app, pygame.K_1)                                 # Save
    assert not app.menu.open and load(target).actions == game.actions
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_7)                                 # Quit...
    assert app.menu.page == "quit"
    key(app, pygame.K_n)                                 # quit without saving
    assert not app.running and not app.quit_saves


def test_menu_speed_and_fast_forward_to_my_turn(game, screen):
    app = App(game, humans={"west"}, opponents={"east": RandomPlayer(4)})
    frame(app, screen)
    key(app, pygame.K_F10)
    key(app, pygame.K_4)                                 # faster, the menu stays open
    assert app.menu.open and app.animator.speed == pytest.approx(1.5)
    key(app, pygame.K_6)                                 # fast forward to my turn
    assert app.fast_forward
    key(app, pygame.K_ESCAPE)
    for _ in range(200):
        app.update(0.016)
        if app.human_turn():
            break
    assert app.human_turn() and not app.fast_forward and not app.animator.busy


def test_tooltip_names_unit_state_and_rules_in_force(game, screen):
    app = App(game)
    frame(app, screen)
    move_to(app, unit_screen_centre(app, "shima-horse"))
    app.input._still_since -= 1.0                        # the pointer has rested a second
    frame(app, screen)
    texts = app.painter.texts()
    assert "Shima horse" in texts
    assert any(t.startswith("move 15 cm, charge") for t in texts)


def test_idle_window_draws_nothing(game, monkeypatch):
    from render.daimyo import app as app_mod
    pygame.display.set_mode((1280, 800))
    app = App(game)
    drawn = []
    real = app.draw
    monkeypatch.setattr(app, "draw", lambda target: drawn.append(1) or real(target))
    monkeypatch.setattr(app_mod, "_idle_ms", lambda app: 5)
    pygame.event.clear()
    app.message = ("", "", 0.0)
    app_mod.run(app, max_frames=20)
    assert len(drawn) == 1                               # the first frame; then nothing changed
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0))
    app_mod.run(app, max_frames=2)
    assert len(drawn) >= 2                               # a key press draws again


def test_labels_of_units_off_the_picture_are_not_piled_at_its_edge(game, screen):
    app = App(game)
    frame(app, screen)
    app.camera.zoom_at(4.0, app.viewport.topleft)        # the north-west corner, close up
    frame(app, screen)
    texts = app.painter.texts()
    view = app.viewport
    off = [u for u in game.state.living() if not app.scene._unit_box(u.id)[0].colliderect(view)]
    assert off, "the zoom left every unit in the picture"
    assert not any(u.name in texts for u in off)


@pytest.mark.parametrize("size", [(1000, 650), (1280, 800), (1600, 1000)])
def test_the_newest_log_line_is_never_under_the_bottom_bar(game, size):
    screen = pygame.display.set_mode(size)
    app = App(game, size)
    frame(app, screen)
    key(app, pygame.K_1)                                 # an order: its log lines
    app.animator.skip()
    frame(app, screen)
    newest = app.log.entries[-1][0]
    drawn = [r for t, r in app.painter.drawn if newest.startswith(t.strip()) and app.log.rect.contains(r)]
    assert drawn and not any(r.colliderect(app.status_rect) for r in drawn)


def test_3_4_1_rolls_are_logged_with_their_modifiers_and_result(game, screen):
    to_orders(game)                                      # activation forced to 6 + 6
    app = App(game)
    lines = [t for t, _ in app.log.entries]
    start = next(t for t in lines if t.startswith("initiative: "))
    assert start.startswith("initiative: east 1d6 = ") and start.endswith("-> east (3)")
    assert "activation of Honda: 2d6 = 6+6 = 12 +3 (daimyo's rating +1 seated General) = 15: activated (4.1)" \
        in lines
    assert not any(t.startswith("activation of Honda: rolled") for t in lines)     # joined, not repeated


def test_menu_replays_this_game_and_loads_a_save(game, screen, monkeypatch):
    from render.daimyo import app as app_mod
    from render.daimyo.replay import ReplayViewer
    app = App(game)
    frame(app, screen)
    key(app, pygame.K_1)                                 # east activates first
    app.save()
    seen = []
    monkeypatch.setattr(app_mod, "run", lambda viewer, **kw: seen.append(viewer))
    key(app, pygame.K_F10)
    key(app, pygame.K_3)                                 # Replay this game from the start
    assert isinstance(seen[0], ReplayViewer) and len(seen[0].timeline) == len(game.events)
    assert not app.menu.open
    key(app, pygame.K_F10)
    key(app, pygame.K_2)                                 # Load a saved game...
    assert app.menu.page == "load"
    frame(app, screen)
    assert any("autosave-daimyo-" in t for t in app.painter.texts())
    key(app, pygame.K_1)                                 # the autosave written above
    assert not app.menu.open and app.game is not game
    assert app.game.actions == game.actions and app.save_path.endswith(".json")


def test_choices_beyond_nine_are_reached_on_the_next_page(game, screen, monkeypatch):
    to_orders(game)
    app = App(game)
    many = [A.MoveLeader("east", "daimyo-honda", 40.0 + i, 20.0) for i in range(12)]
    monkeypatch.setattr(app, "choices", lambda: many)
    given = []
    monkeypatch.setattr(app, "issue", lambda a: given.append(a) or True)
    frame(app, screen)
    assert any("page 1 of 2" in t for t in app.painter.texts())
    key(app, pygame.K_PAGEDOWN)
    frame(app, screen)
    assert any("page 2 of 2" in t for t in app.painter.texts())
    key(app, pygame.K_3)
    assert given == [many[11]]


def test_4_5_s_says_why_a_unit_cannot_shoot(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)
    click(app, unit_screen_centre(app, "honda-teppo"))
    key(app, pygame.K_s)
    assert app.message[0] == "Honda arquebusiers cannot shoot now: units shoot in the shooting step (4.5)"


def test_4_4_4_5_overlays_outline_whom_the_unit_may_charge_and_would_shoot_at():
    from render.daimyo import hud
    from render.daimyo.overlays import layers_for
    from tests.daimyo.table_kit import game as table, give_orders, scenario, unit
    g = give_orders(table(scenario([unit("a", 50, 20, weapons=["arquebus"])], [unit("w", 50, 30, facing=270)])))
    u = g.state.units["a"]
    names = [n for n, _ in layers_for(g.state, u)]
    assert "shot_target" in names and "charge_target" in names
    legend = hud.overlay_legend(g.state, u)
    assert "orange outline: would shoot at w" in legend
    charges = [a.target for a in g.legal_actions("east") if type(a).__name__ == "Charge" and a.unit == "a"]
    assert charges == ["w"] and "red outline: may charge w" in legend


def test_5_2_leader_move_preview_is_the_rules_answer(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)
    lead = game.state.leaders["daimyo-honda"]
    click(app, app.camera.world_to_screen((lead.x, lead.y)))
    assert app.mode == "leader"
    move_to(app, unit_screen_centre(app, "honda-teppo"))
    frame(app, screen)
    assert "Honda Tadakatsu joins Honda arquebusiers" in app.painter.texts()
    move_to(app, app.camera.world_to_screen((lead.x + 60, lead.y + 40)))     # far beyond his move
    frame(app, screen)
    refusal = [t for t in app.painter.texts() if t.startswith("Refused (")]
    assert refusal
    before = len(game.actions)
    click(app, app.camera.world_to_screen((lead.x + 60, lead.y + 40)))
    assert len(game.actions) == before and app.message[0].startswith("Refused - rule")
