"""The input handler driven with synthetic pygame events, end to end through the game."""
import math

import pygame
import pytest

from render.daimyo.app import App
from render.opponents import seats
from sim.core.errors import KassenError
from sim.daimyo import actions as A
from sim.daimyo.geometry import stand_corners
from tests.render.conftest import to_orders


def key(app, k, mod=0):
    app.input.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def click(app, pos, button=1):
    pos = (int(round(pos[0])), int(round(pos[1])))
    app.input.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.input.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.input.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def frame(app, screen):
    app.update(0.0)
    app.draw(screen)


def unit_screen_centre(app, uid, stand=None):
    """Screen centre of the unit (or of one stand: a daimyo may stand over the middle)."""
    u = app.state.units[uid]
    corners = stand_corners(u)
    if stand is not None:
        return app.camera.world_to_screen(corners[stand].mean(axis=0))
    return app.camera.world_to_screen(corners.mean(axis=(0, 1)))


def test_number_keys_choose_order_and_activate(game, screen):
    app = App(game)
    frame(app, screen)
    assert "activate first" in " ".join(app.painter.texts())
    key(app, pygame.K_1)                         # ChooseOrder(go_first=True)
    assert game.state.phase == "activation" and game.state.to_move == "east"
    game.dice.force(6, 6)
    labels = [a for a in app.choices()]
    n = next(i for i, a in enumerate(labels, 1) if getattr(a, "clan", "") == "honda")
    key(app, getattr(pygame, f"K_{n}"))
    assert game.state.active_clan == "honda"


def test_click_unit_press_m_click_ahead_moves_it(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)
    u = game.state.units["honda-teppo"]
    y0 = u.y
    click(app, unit_screen_centre(app, "honda-teppo"))
    assert app.selected == "honda-teppo"
    key(app, pygame.K_m)
    assert app.mode == "move"
    frame(app, screen)                                   # the ghost preview draws
    ahead = app.camera.world_to_screen((u.x, u.y + 6))   # east faces +y (90 degrees)
    click(app, ahead)
    last = game.actions[-1]
    assert isinstance(last, A.Move) and last.unit == "honda-teppo"
    assert last.distance == pytest.approx(6, abs=0.2)
    assert u.y == pytest.approx(y0 + last.distance) and u.x == 40
    # the move animates: half-way through, the unit is drawn between start and end
    assert app.animator.busy
    app.animator.update(0.2)
    shown = app.animator.frame(game.state.units).poses["honda-teppo"]
    assert y0 < shown[1] < u.y
    frame(app, screen)
    assert ("east: Honda arquebusiers: move 6.0 cm ahead", "text") in app.log.entries
    assert any(t.startswith("Honda arquebusiers move to") for t, _ in app.log.entries)


def test_4_3_pointing_beyond_the_reach_previews_and_gives_the_furthest_accepted_move(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)
    click(app, unit_screen_centre(app, "honda-yari", stand=0))
    assert app.selected == "honda-yari"
    key(app, pygame.K_m)
    u = game.state.units["honda-yari"]
    beyond = app.camera.world_to_screen((u.x, u.y + 14))       # 14 cm: more than its 11 cm move
    app.input.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(int, beyond)), rel=(0, 0), buttons=(0, 0, 0)))
    frame(app, screen)
    assert any(t.startswith("Move 11.0 cm ahead: costs 11.0 cm") for t in app.painter.texts()), app.painter.texts()
    click(app, beyond)
    assert game.actions[-1] == A.Move("east", "honda-yari", 11.0)


def test_illegal_order_shows_rule_number_on_screen(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)
    click(app, unit_screen_centre(app, "honda-yari", stand=0))
    key(app, pygame.K_m)
    key(app, pygame.K_m)                                       # the whole move
    before = len(game.actions)
    key(app, pygame.K_r)
    key(app, pygame.K_RETURN)                                  # reform after moving: 4.3.5.4
    assert len(game.actions) == before                         # refused, nothing applied
    frame(app, screen)
    refused = [(t, r) for t, r in app.painter.drawn if t.startswith("Refused - rule 4.3.5.4:")]
    assert refused, app.painter.texts()
    assert app.status_rect.contains(refused[0][1])


def test_selecting_enemy_and_ordering_is_refused_with_rule(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)
    click(app, unit_screen_centre(app, "shima-horse"))
    key(app, pygame.K_h)                          # Hold an enemy unit
    frame(app, screen)
    assert any(t.startswith("Refused - rule 4.1:") for t in app.painter.texts())


def test_wheel_follows_the_mouse(game, screen):
    to_orders(game, "sakai")
    app = App(game)
    frame(app, screen)
    u = game.state.units["sakai-samurai"]          # veteran: wheels at cost x1
    click(app, unit_screen_centre(app, "sakai-samurai"))
    key(app, pygame.K_w)
    # a point ahead and to the left (west, since it faces north): a left wheel of ~20 degrees,
    # which its 8 cm move pays for (16 cm wide: the outer corner travels 5.6 cm)
    target = (u.x - 10 * math.tan(math.radians(20)), u.y + 10)
    pos = app.camera.world_to_screen(target)
    click(app, pos)
    last = game.actions[-1]
    assert isinstance(last, A.Wheel) and last.angle == pytest.approx(20, abs=1.5)
    assert u.facing == pytest.approx(90 + last.angle)


def test_turn_and_hold_keys(game, screen):
    to_orders(game, "sakai")
    app = App(game)
    frame(app, screen)
    click(app, unit_screen_centre(app, "sakai-bow"))
    key(app, pygame.K_t)
    key(app, pygame.K_RIGHT)
    assert isinstance(game.actions[-1], A.Turn) and game.actions[-1].angle == -90
    assert game.state.units["sakai-bow"].facing == 0
    click(app, unit_screen_centre(app, "sakai-samurai"))
    key(app, pygame.K_h)
    assert isinstance(game.actions[-1], A.Hold)
    key(app, pygame.K_SPACE)                       # the first Space finishes the animation
    assert game.state.phase == "orders" and not app.animator.busy
    key(app, pygame.K_SPACE)                       # the second ends movement
    assert game.state.phase == "shooting"


def test_camera_keys_and_wheel_zoom(game, screen):
    app = App(game)
    frame(app, screen)
    scale = app.camera.scale
    app.input.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 400), rel=(0, 0), buttons=(0, 0, 0)))
    app.input.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert app.camera.scale == pytest.approx(scale * 1.15 ** 2)
    key(app, pygame.K_HOME)
    assert app.camera.scale == pytest.approx(scale)
    cx = app.camera.cx
    key(app, pygame.K_LEFT)
    assert app.camera.cx < cx


def test_resize_relayouts(game, screen):
    app = App(game)
    app.input.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    assert app.log.rect.right == 1920 and app.viewport.height == 1080 - 2 * app.header_rect.height


def test_scripted_opponent_plays_other_side(game, screen):
    humans, opponents, note = seats(game, "west", "random", 5)
    assert humans == {"west"} and set(opponents) == {"east"}
    app = App(game, humans=humans, opponents=opponents, note=note)
    app.update(0.0)                                # east (scripted) holds the initiative
    assert len(game.actions) == 1 and game.actions[0].side == "east"


def test_a_chosen_side_meets_the_default_level_and_an_unknown_level_is_an_error(game):
    """The same seats as the board games: `--side` alone meets normal, never random play, and
    an unknown level or --ai without --side is one clear line, never a quiet hot-seat."""
    humans, opponents, note = seats(game, "east", None, 1)
    assert humans == {"east"} and opponents["west"].level == "normal" and "normal" in note
    with pytest.raises(KassenError, match="unknown AI level .grandmaster. for daimyo"):
        seats(game, "east", "grandmaster", 1)
    with pytest.raises(KassenError, match="--ai needs --side"):
        seats(game, None, "hard", 1)


def test_charge_key_picks_the_combat_action_naming_the_clicked_enemy(game, screen, monkeypatch):
    """Charges come from the combat rules (not in this branch yet): C + click on an enemy gives
    whichever legal action of kind Charge names the selected unit and that enemy."""
    from dataclasses import dataclass
    from sim.core.protocol import Action

    @dataclass(frozen=True)
    class Charge(Action):
        side: str
        unit: str
        target: str

    to_orders(game)
    app = App(game)
    frame(app, screen)
    wanted = Charge("east", "honda-teppo", "shima-horse")
    monkeypatch.setattr(app, "legal", lambda: [Charge("east", "honda-teppo", "otani-teppo"), wanted])
    given = []
    monkeypatch.setattr(game, "apply", lambda a: given.append(a) or [])
    click(app, unit_screen_centre(app, "honda-teppo"))
    key(app, pygame.K_c)
    click(app, unit_screen_centre(app, "shima-horse"))
    assert given == [wanted]
    # the charge is also offered on the number keys while the unit is selected
    assert wanted in app.choices()


def test_click_leader_then_destination_moves_him(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)
    lead = game.state.leaders["daimyo-honda"]        # his clan is the active one
    click(app, app.camera.world_to_screen((lead.x, lead.y)))
    assert app.mode == "leader" and app.selected_leader == "daimyo-honda"
    click(app, app.camera.world_to_screen((lead.x + 5, lead.y - 4)))
    last = game.actions[-1]
    assert isinstance(last, A.MoveLeader) and last.leader == "daimyo-honda"
    assert (lead.x, lead.y) == pytest.approx((45, 14), abs=0.2)


def test_window_loop_runs_and_quits(game):
    from render.daimyo.app import run
    pygame.display.set_mode((1280, 800))
    app = App(game)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0))
    run(app, max_frames=3)
    assert game.state.phase == "activation"          # the key went through the loop
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app)
    assert not app.running


def test_play_with_an_unknown_level_opens_no_window_and_a_side_alone_meets_normal(game, monkeypatch):
    import argparse
    from render.daimyo import app as app_mod
    seen = {}

    def fake_run(app, fps=60, max_frames=None):
        seen["note"], seen["humans"] = app.note, app.humans
    monkeypatch.setattr(app_mod, "run", fake_run)
    with pytest.raises(KassenError, match="unknown AI level .grandmaster."):
        app_mod.play(game, argparse.Namespace(side="west", ai="grandmaster", seed=1, size=(1280, 800)))
    assert not seen
    app_mod.play(game, argparse.Namespace(side="west", ai=None, seed=1, size=(1280, 800)))
    assert seen["humans"] == {"west"} and "opponent: normal" in seen["note"]


def test_ctrl_s_saves_a_game_that_replays(game, screen, tmp_path):
    from sim.core.save import load
    to_orders(game)
    app = App(game)
    app.save_path = str(tmp_path / "g.json")
    frame(app, screen)
    click(app, unit_screen_centre(app, "honda-teppo"))
    key(app, pygame.K_m)
    key(app, pygame.K_m)                                   # the whole move
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    assert app.mode is None and "saved to" in app.message[0]
    again = load(tmp_path / "g.json")
    assert again.actions == game.actions
    assert again.state.units["honda-teppo"].y == pytest.approx(26 + 11)


def test_click_right_after_resize_hits_the_unit_under_the_pointer(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)                                  # picture at 1280x800
    app.input.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    click(app, unit_screen_centre(app, "honda-teppo"))  # before any frame at the new size
    assert app.selected == "honda-teppo"


def test_4_3_5_1_wheel_preview_is_cut_to_the_widest_wheel_the_rules_accept(game, screen):
    to_orders(game)
    app = App(game)
    frame(app, screen)
    u = game.state.units["honda-teppo"]                 # regular: wheels at double cost
    click(app, unit_screen_centre(app, "honda-teppo"))
    key(app, pygame.K_w)
    pos = app.camera.world_to_screen((u.x - 10, u.y + 10))     # 45 degrees left: 25.1 cm, too far
    app.input.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in pos), rel=(0, 0),
                                        buttons=(0, 0, 0)))
    frame(app, screen)
    # 11 cm buys 11 / (16 cm x 2) rad = 19.7 degrees: the widest whole-degree wheel is 19
    label = next(t for t in app.painter.texts() if t.startswith("Wheel 19 deg left"))
    assert "costs 10.6 cm, 0.4 of 11 left" in label
    key(app, pygame.K_RETURN)
    assert game.actions[-1] == A.Wheel("east", "honda-teppo", 19.0)


def test_space_does_not_forgo_activations(game, screen):
    app = App(game)
    frame(app, screen)
    key(app, pygame.K_1)                          # east first: activation step
    frame(app, screen)                            # its events play (no animation to skip)
    key(app, pygame.K_SPACE)
    assert game.state.phase == "activation" and len(game.actions) == 1
    assert "number keys" in app.message[0]


def test_s_shoots_at_once_when_the_rules_pick_the_target(game, screen, monkeypatch):
    from dataclasses import dataclass
    from sim.core.protocol import Action

    @dataclass(frozen=True)
    class Shoot(Action):                 # the combat rules' shape: nearest target, none named
        side: str
        unit: str

    @dataclass(frozen=True)
    class React(Action):                 # a decision for another unit: still offered
        side: str
        unit: str
        choice: str

    to_orders(game)
    app = App(game)
    frame(app, screen)
    shot, react = Shoot("east", "honda-teppo"), React("east", "sakai-bow", "stand")
    monkeypatch.setattr(app, "legal", lambda: [react, shot])
    given = []
    monkeypatch.setattr(game, "apply", lambda a: given.append(a) or [])
    click(app, unit_screen_centre(app, "honda-teppo"))
    assert app.choices() == [shot, react]           # the selected unit's first
    key(app, pygame.K_s)
    assert given == [shot] and app.mode is None
    key(app, pygame.K_2)
    assert given == [shot, react]


def test_hovering_a_unit_describes_it_in_the_status_bar(game, screen):
    app = App(game)
    frame(app, screen)
    game.state.units["shima-horse"].disordered = True
    pos = tuple(int(v) for v in unit_screen_centre(app, "shima-horse"))
    app.input.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(app, screen)
    line = "Shima horse - Shima (west), veteran mounted samurai, 4 stands, disordered"
    assert any(t == line and app.status_rect.contains(r) for t, r in app.painter.drawn)


def _horse_before_the_spears(game):
    """shima-horse placed 6 cm in front of honda-yari, facing it (a charge in reach)."""
    from sim.daimyo.geometry import direction
    yari, horse = game.state.units["honda-yari"], game.state.units["shima-horse"]
    ahead = direction(yari.facing) * (6 + horse.depth)
    centre_x = yari.x + ahead[0]
    horse.x, horse.y, horse.facing = float(centre_x), float(yari.y + ahead[1]), (yari.facing + 180) % 360
    horse.files = min(horse.stands, yari.files)
    teppo = game.state.units["honda-teppo"]            # out of the way, in a corner
    teppo.x, teppo.y, teppo.facing = game.state.width - 15, 10.0, 90.0


def test_charge_mode_shows_the_exact_odds_of_the_enemy_pointed_at(game, screen, tmp_path):
    """Issue 5 item 2: while a charge is being considered the panel shows its exact odds."""
    from sim.daimyo.charge_odds import charge_odds
    to_orders(game)
    _horse_before_the_spears(game)
    app = App(game)
    frame(app, screen)
    click(app, unit_screen_centre(app, "honda-yari", stand=0))    # the daimyo stands mid-unit
    key(app, pygame.K_c)
    pos = tuple(int(v) for v in unit_screen_centre(app, "shima-horse"))
    app.input.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(app, screen)
    pygame.image.save(screen, str(tmp_path / "charge_odds.png"))
    m = charge_odds(game.state, "honda-yari", "shima-horse").melee
    want = f"win {float(m.a_wins) * 100:.0f}% (rout {float(m.a_routs_b) * 100:.0f}%, push {float(m.a_pushes_b) * 100:.0f}%)"
    texts = [t for t, _ in app.painter.drawn]
    assert "charge odds vs Shima horse (exact):" in texts and want in texts
    assert game.state.units["honda-yari"].charge_target == ""      # looking changes nothing


def test_a_long_header_stops_short_of_the_speed_in_a_narrow_window(game, screen):
    # the header ran on under "speed x1" (and off the window) in a window narrower than its
    # text: here 800 px with the seats' note, as `kassen play --side west --size 800x600` shows
    humans, opponents, note = seats(game, "west", "random", 5)
    app = App(game, humans=humans, opponents=opponents, note=note)
    app.input.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    small = pygame.Surface((800, 600))
    frame(app, small)
    drawn = dict(app.painter.drawn)
    head, speed = app.header()
    assert speed in drawn and head not in drawn
    left = next(r for t, r in app.painter.drawn if t.endswith("...") and head.startswith(t[:-3]))
    assert left.right < drawn[speed].left and drawn[speed].right <= 800


def test_a_long_refusal_stays_in_the_status_bar_with_its_reason(game, screen, tmp_path):
    # "cannot load <long path>: a sekigahara game, not daimyo" ran on over the log panel, its
    # reason at the end
    from sim.core.save import save
    from sim.core.scenario import open_game
    other = tmp_path / ("x" * 120 + ".json")
    save(open_game("scenarios/sekigahara/campaign.toml", seed=1), other)
    app = App(game)
    app.load(other)
    frame(app, screen)
    text, rect = next((t, r) for t, r in app.painter.drawn if t.startswith("cannot load "))
    assert rect.right <= app.status_rect.right and text.endswith("a sekigahara game, not daimyo")
    assert "..." in text


def test_the_load_menu_leaves_out_the_other_systems_autosaves(game, monkeypatch, tmp_path):
    # it offered autosave-sekigahara-... in a Daimyo window, which then refused to load it
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    saves = tmp_path / "kassen" / "saves"
    saves.mkdir(parents=True)
    for name in ("autosave-sekigahara-campaign.json", "autosave-daimyo-training.json", "mine.json"):
        (saves / name).write_text("{}")
    app = App(game)
    assert [p.name for p in app.menu.saves()] == ["autosave-daimyo-training.json", "mine.json"]
