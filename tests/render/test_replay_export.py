import pygame
import pytest
from PIL import Image

from sim.core.args import Parser
from render.cli import add_parsers
from render.daimyo.export import export_gif, export_png, gif_positions
from render.daimyo.replay import ReplayViewer, Timeline
from sim.core.errors import KassenError
from sim.core.save import load, save
from sim.daimyo import actions as A
from tests.render.conftest import TRAINING


def _played():
    """Seed 1 activates Honda with real dice, so seed + actions replays exactly."""
    from sim.core.scenario import open_game
    game = open_game(TRAINING, seed=1)
    game.apply(A.ChooseOrder("east", True))
    game.apply(A.ActivateClan("east", "honda"))
    assert game.state.active_clan == "honda"
    game.apply(A.Move("east", "honda-teppo", 8.0))
    game.apply(A.Wheel("east", "honda-yari", 10.0))
    return game


def test_timeline_rebuilds_every_event_and_pose():
    game = _played()
    t = Timeline.of(game)
    assert [e.describe() for e in t.events] == [e.describe() for e in game.events]
    i = next(i for i, e in enumerate(t.events) if e.kind == "UnitMoved" and e.unit == "honda-teppo")
    state, frame = t.at(i, 0.5)
    assert frame.poses["honda-teppo"][1] == pytest.approx(26 + 4)
    state, frame = t.at(i, 1.0)
    assert "honda-teppo" not in frame.poses and state.units["honda-teppo"].y == pytest.approx(34)
    # the state before the move: the snapshot of the previous action still has it at 26
    assert t.at(i - 1)[0].units["honda-teppo"].y == 26
    turns = [j for j, e in enumerate(t.events) if e.kind == "TurnStarted"]
    assert t.find(len(t) - 1, -1, ("TurnStarted",)) == turns[-1]


def test_replay_viewer_keys_step_by_event_and_phase():
    game = _played()
    v = ReplayViewer(Timeline.of(game))
    v.key(pygame.K_END)
    assert v.index == len(v.timeline) - 1
    v.key(pygame.K_HOME)
    assert v.index == 0
    v.key(pygame.K_RIGHT)
    assert v.index == 1
    v.key(pygame.K_PAGEDOWN)
    assert v.timeline.events[v.index].kind in ("PhaseChanged", "TurnStarted", "OrderChosen", "ClanActivation")
    v.key(pygame.K_v)
    assert v.camera.quarters == 2
    surf = pygame.Surface((1280, 800))
    v.draw(surf)
    assert any(t.startswith(f"event {v.index} of") for t in v.painter.texts())


def test_export_png_at_event_mid_move(tmp_path):
    game = _played()
    i = next(i for i, e in enumerate(game.events) if e.kind == "UnitMoved")
    out = export_png(game, tmp_path / "mid.png", event=i, fraction=0.5, size=(1280, 800))
    img = Image.open(out)
    assert img.size == (1280, 800)
    from render.daimyo.export import Picture
    pic = Picture(game.state, (1280, 800))
    # the arquebusiers' front stand centre, half-way along their 8 cm move, is clan blue
    x, y = pic.camera.world_to_screen((40 - 6, 30 - 0.75))
    assert img.getpixel((int(x), int(y)))[:3] == game.state.clans["honda"].colour


def test_export_gif_of_one_action(tmp_path):
    game = _played()
    t = Timeline.of(game)
    i = next(i for i, e in enumerate(t.events) if e.kind == "UnitMoved" and e.how == "wheel")
    positions = gif_positions(t, 10, *t.batch(i))
    assert len(positions) >= 3 and positions[-1][1] == 1.0
    out = export_gif(game, tmp_path / "w.gif", event=i, fps=10, size=(640, 400))
    img = Image.open(out)
    assert img.size == (640, 400) and img.n_frames == len(positions)


def _cli(*argv):
    p = Parser()                    # kassen's parser: bad arguments are KassenErrors
    add_parsers(p.add_subparsers(dest="command", required=True))
    args = p.parse_args(list(argv))
    return args.func(args)


def test_cli_render_png_from_scenario_and_save(game, tmp_path):
    assert _cli("render", TRAINING, "--png", str(tmp_path / "a.png"), "--select", "honda-teppo") == 0
    assert Image.open(tmp_path / "a.png").size == (1280, 800)
    game = _played()
    save(game, tmp_path / "g.json")
    assert _cli("render", str(tmp_path / "g.json"), "--png", str(tmp_path / "b.png"), "--event", "5",
                "--size", "1920x1080") == 0
    assert Image.open(tmp_path / "b.png").size == (1920, 1080)
    assert load(tmp_path / "g.json").actions == game.actions


def test_cli_errors_are_one_line_kassen_errors(tmp_path):
    with pytest.raises(KassenError, match="no such file"):
        _cli("render", str(tmp_path / "missing.json"), "--png", str(tmp_path / "x.png"))
    with pytest.raises(KassenError, match="does not exist"):
        _cli("render", TRAINING, "--png", str(tmp_path / "no" / "x.png"))
    with pytest.raises(KassenError, match="events 0-"):
        _cli("render", TRAINING, "--png", str(tmp_path / "x.png"), "--event", "9999")
    with pytest.raises(KassenError, match="no side"):
        _cli("render", TRAINING, "--png", str(tmp_path / "x.png"), "--side", "south")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(KassenError):
        _cli("replay", str(bad))


def test_replay_plays_moves_over_time_and_logs_as_it_goes():
    game = _played()
    v = ReplayViewer(Timeline.of(game))
    i = next(i for i, e in enumerate(v.timeline.events) if e.kind == "UnitMoved")
    v.seek(i - 1)
    v.key(pygame.K_SPACE)                         # play from the next event: the move
    assert v.playing and v.index == i and v.fraction == 0.0
    v.update(0.25)                                 # 8 cm at 14 cm/s takes 0.57 s
    state, frame = v.timeline.at(v.index, v.fraction)
    y = frame.poses["honda-teppo"][1]
    assert 26 < y < 34
    v.update(0.5)
    from sim.daimyo.words import named       # the log names units as the play window does
    assert v.index > i and v.log.entries[-1][0] == named(v.timeline.snapshots[-1], v.timeline.events[v.index].describe())
    v.key(pygame.K_SPACE)
    assert not v.playing


def test_replay_viewer_from_west_edge():
    game = _played()
    v = ReplayViewer(Timeline.of(game), side="west")
    assert v.camera.quarters == 2
    south, north = v.camera.world_to_screen([(60, 0), (60, 90)])
    assert north[1] > south[1]


def test_mid_move_picture_draws_the_trail_ahead_of_the_unit(tmp_path):
    from render.assets import colour
    from render.daimyo.export import Picture
    game = _played()
    i = next(i for i, e in enumerate(game.events) if e.kind == "UnitMoved")
    out = export_png(game, tmp_path / "mid.png", event=i, fraction=0.25)
    img = Image.open(out)
    pic = Picture(game.state, (1280, 800))
    # the move runs from y 26 to 34 on x 40; at 25% the front is at 28: 31 is trail, not unit
    x, y = pic.camera.world_to_screen((40, 31))
    assert img.getpixel((int(x), int(y)))[:3] == colour("overlay", "trail")


def test_cli_replay_opens_the_viewer_on_a_save(tmp_path, monkeypatch):
    from render.daimyo import replay as replay_mod
    game = _played()
    save(game, tmp_path / "g.json")
    seen = {}

    def fake_run(viewer, fps=60, max_frames=None):
        seen["events"], seen["quarters"] = len(viewer.timeline), viewer.camera.quarters
    monkeypatch.setattr(replay_mod, "run", fake_run)
    assert _cli("replay", str(tmp_path / "g.json"), "--side", "west") == 0
    assert seen == {"events": len(game.events), "quarters": 2}
    with pytest.raises(KassenError, match="replay needs a save"):
        _cli("replay", TRAINING)


def test_whole_game_gif_has_a_frame_per_step(tmp_path):
    game = _played()
    out = export_gif(game, tmp_path / "all.gif", fps=8, size=(480, 320))
    t = Timeline.of(game)
    assert Image.open(out).n_frames == len(gif_positions(t, 8, 0, len(t)))


def test_the_replay_log_is_in_the_play_windows_words():
    # the replay's log showed ids and bare rolls ("honda-teppo move to ...", "activation of
    # Honda: rolled 1+6 = 7 (4.1)" then "clan honda activation 10: activated") where the play
    # window shows "Honda arquebusiers move to ..." and the roll with its result on one line
    import re
    game = _played()
    v = ReplayViewer(Timeline.of(game))
    v.key(pygame.K_END)
    lines = [t for t, _ in v.log.entries]
    assert any(l.startswith("Honda arquebusiers move to") for l in lines)
    assert any(l.startswith("activation of Honda: 2d6 = ") and l.endswith("activated (4.1)") for l in lines)
    assert not [l for l in lines if re.search(r"\bhonda-(teppo|yari)\b", l)]


def test_the_replay_panel_names_the_event_as_the_log_does():
    game = _played()
    v = ReplayViewer(Timeline.of(game))
    v.key(pygame.K_END)
    v.draw(pygame.Surface((1280, 800)))
    i = next(i for i, e in enumerate(v.timeline.events) if e.kind == "UnitMoved" and e.unit == "honda-teppo")
    v.seek(i)
    v.draw(pygame.Surface((1280, 800)))
    texts = v.painter.texts()
    assert any(t.startswith("Honda arquebusiers move to") for t in texts)
    assert not any(t.startswith("honda-teppo move to") for t in texts)
