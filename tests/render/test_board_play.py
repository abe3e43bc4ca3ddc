"""The shared board view (render/board/) driven headless with synthetic mouse and key events,
for each of the three board games: select and move on the map, battles step by step, end the
turn, save and reload, undo, the wheel that never acts, and every legal action reachable."""
from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from render.board.choices import Choices
from sim.core.save import load
from tests.render.board_driver import GAMES, Driver

SYSTEMS = sorted(GAMES)


def _has_moves(d: Driver) -> bool:
    ch = d.app.choices()
    return any(a.dest for a in ch.anchors) and bool(ch.origins() or ch.only_mover())


def _stack_step(d: Driver) -> bool:
    """Sekigahara: the person may activate a stack (7.1); AMDT / Hellas: may move a piece."""
    ch = d.app.choices()
    if d.system == "sekigahara":
        return any(a.kind == "Activate" for a in ch.actions)
    return _has_moves(d)


@pytest.mark.parametrize("system", SYSTEMS)
def test_select_a_stack_then_click_a_highlighted_destination_moves_it(system):
    d = Driver(system)
    d.advance(_stack_step)
    app = d.app
    if system == "sekigahara":                 # 7.1: a click on a stack activates it
        act = next(a for a in app.choices().actions if a.kind == "Activate")
        d.click(d.place_point(act.location))
        assert d.g.actions[-1] == act
        d.settle()
        assert app.selected == act.location    # the one stack that may move is selected at once
    else:
        origin = sorted(o for o in app.choices().origins() if app.choices().moves_from(o))[0]
        d.click(d.place_point(origin))
        assert app.selected == origin
    scene = app.scene()
    assert scene.targets and set(scene.targets) == set(app.choices().moves_from(app.selected))
    dest = sorted(scene.targets)[0]
    options = [app.choices().actions[i] for i in app.choices().moves_from(app.selected)[dest]]
    before = len(d.g.actions)
    d.click(d.place_point(dest))
    if len(options) > 1:                       # a real choice: which blocks, which road
        assert app.chooser and len(app.chooser) == len(options)
        rect, idx = app.view.chooser_rects[0]
        d.click(rect.center)
    assert len(d.g.actions) > before and d.g.actions[before] in options
    assert d.g.actions[before].kind in ("Move", "March", "MoveBlock")


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_wheel_scrolls_and_never_applies_an_action(system):
    d = Driver(system)
    d.advance(lambda d: len(d.app.rows()) > d.app.view.rows_visible)
    app = d.app
    before = list(d.g.actions)
    for pos in (app.view.list_rect.center, app.view.log_rect.center, app.view.map.rect.center):
        for y in (-1,) * 20 + (1,) * 5:
            d.wheel(pos, y)
        for button in (4, 5):                  # the old wheel buttons are not clicks either
            d.click(pos, button)
    assert d.g.actions == before
    assert app.scroll > 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_legal_action_can_be_chosen_from_the_ui(system):
    """At random positions every legal action is in the list (or pinned), and an action that
    happens somewhere on the map is reached by clicks there: origin, then destination (then the
    chooser when the rules leave a choice). One random action per position is really chosen by
    clicks, and the game applies exactly it."""
    rng = random.Random(7)
    d = Driver(system, seed=3)
    for _ in range(12):
        d.settle()
        if d.g.is_over():
            break
        ch = d.app.choices()
        listed = {idx for _, idx in ch.rows(None) if idx is not None} | set(ch.pinned())
        assert listed == set(range(len(ch)))
        for i, a in enumerate(ch.anchors):
            if not a.origin:
                continue
            verb, value = ch.click(a.origin, None)
            if a.dest:
                assert verb == "select" and value == a.origin
                verb, value = ch.click(a.dest, a.origin)
            elif verb == "select":                 # moves start here too: a second click
                verb, value = ch.click(a.origin, a.origin)
            assert (verb == "apply" and value == i) or (verb == "choose" and i in value), (ch.labels[i], verb)
        pick = ch.actions[rng.randrange(len(ch))]
        before = len(d.g.actions)
        d.play_as_person(pick)
        assert d.g.actions[before] == pick          # (the opponent may have answered since)
        for _ in range(rng.randrange(1, 6)):       # move on to another position
            d.settle()
            if d.g.is_over():
                break
            d.play_as_person(d.helper.choose(d.g, d.g.to_act()))


@pytest.mark.parametrize("system", SYSTEMS)
def test_e_ends_the_activation_or_phase_with_the_pinned_choice(system):
    d = Driver(system)
    d.advance(lambda d: bool(d.app.choices().pinned()))
    ch = d.app.choices()
    pinned = ch.actions[ch.pinned()[0]]
    assert d.app.scene().pinned[0][0].startswith("[E] ")
    before = len(d.g.actions)
    d.key(pygame.K_e)
    assert d.g.actions[before] == pinned


def _mid_battle(d: Driver) -> bool:
    return bool(d.app.feed) and not d.app.caught_up()


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_battle_is_revealed_one_step_at_a_time(system):
    """With steps waiting for the person (P), each Space shows exactly one more line of the
    battle in the battle panel, and the opponent does not act while steps are unread."""
    d = Driver(system, seed=2)
    d.app.auto_steps = False
    for _ in range(600):
        if _mid_battle(d) or d.g.is_over():
            break
        if d.app.human_turn() and d.app.caught_up():
            d.play_as_person(d.helper.choose(d.g, d.g.to_act()))
        else:
            d.frame(1.0)
    assert _mid_battle(d), "no battle in this game"
    actions = len(d.g.actions)
    lines = len(d.app.feed)
    d.frame(5.0)                                # waiting shows nothing more
    assert len(d.app.feed) == lines and len(d.g.actions) == actions
    d.key(pygame.K_SPACE)
    assert len(d.app.feed) == lines + 1
    assert d.app.scene().battle[:lines + 1] == d.app.feed[:lines + 1]
    while not d.app.caught_up():
        d.key(pygame.K_SPACE)
    assert d.app.feed_over or d.app.human_turn()


@pytest.mark.parametrize("system", SYSTEMS)
def test_ctrl_s_saves_where_stated_and_the_save_reloads_and_plays_on(system, tmp_path):
    target = tmp_path / "sub" / "game.json"
    d = Driver(system, save=str(target))
    d.advance(lambda d: len(d.g.actions) >= 6)
    d.key(pygame.K_s, pygame.KMOD_CTRL)
    back = load(target)
    assert back.actions == d.g.actions
    again = Driver(system, game=back)
    again.settle()
    side = again.g.to_act()
    if side is not None:
        again.play_as_person(again.helper.choose(again.g, side))
        assert len(again.g.actions) == len(d.g.actions) + 1 or again.g.actions[-1].side == side


def test_undo_takes_back_the_last_own_move_sekigahara():
    pytest.importorskip("sim.core.undo")
    d = Driver("sekigahara")
    d.advance(lambda d: any(a.kind == "Move" for a in d.app.choices().actions))
    move = next(a for a in d.app.choices().actions if a.kind == "Move")
    before = list(d.g.actions)
    d.play_as_person(move)
    assert d.g.actions[-1] == move              # a move is the mover's own: no one answers yet
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert d.g.actions == before
    assert d.app.adapter.game is d.g
    assert d.app.message[0].startswith("tokugawa takes back: March")
    d.key(pygame.K_z, pygame.KMOD_CTRL)          # the activation before it: still tokugawa's own
    assert len(d.g.actions) == len(before) - 1


def test_undo_stops_at_what_the_other_side_has_seen_sekigahara():
    """At the first bid nothing of tokugawa's own may be taken back: Ctrl+Z changes nothing
    and says why."""
    d = Driver("sekigahara")
    d.settle()
    before = list(d.g.actions)
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert d.g.actions == before and d.app.message[0]


@pytest.mark.parametrize("system", SYSTEMS)
def test_replay_steps_by_action_phase_and_turn_and_changes_viewpoint(system):
    from render.board.replay import ReplayApp
    d = Driver(system)
    d.advance(lambda d: len(d.g.actions) > 60, limit=800)
    rp = ReplayApp(d.g, d.adapter_cls, (1280, 800), side=d.human)
    surf = pygame.Surface((1280, 800))
    press = lambda k: rp.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0))
    press(pygame.K_RIGHT)
    assert rp.k == 1
    press(pygame.K_END)
    assert rp.k == len(d.g.actions)
    press(pygame.K_HOME)
    press(pygame.K_PAGEDOWN)
    first_phase = rp.k
    assert 0 < first_phase <= len(d.g.actions)
    events = rp.timeline.events[rp.timeline.events_at[first_phase - 1]:rp.timeline.events_at[first_phase]]
    assert any(e.kind in d.app.adapter.phase_kinds | d.app.adapter.turn_kinds for e in events)
    press(pygame.K_v)
    sides = d.g.sides()
    assert rp.viewer == (sides[sides.index(d.human) + 1] if d.human != sides[-1] else None)
    rp.draw(surf)
    press(pygame.K_END)
    assert rp.timeline.at(rp.k).state == d.g.state          # the replay ends where the game is
    rp.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    assert rp.k == len(d.g.actions)             # the wheel scrolls the list only


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_window_is_idle_when_the_person_must_decide(system):
    d = Driver(system)
    d.settle()
    d.app.message = ("", 0.0)
    assert d.app.wake_in(d.now) is None        # the loop sleeps in event.wait: no frames drawn
    assert not d.app.dirty


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (1024, 700)])
def test_the_layout_fits_the_window(size):
    d = Driver("hellas", size=size)
    v = d.app.view
    assert v.map.rect.right <= v.panel_rect.x and v.panel_rect.right == size[0]
    assert v.status_rect.bottom == size[1]
    assert all(v.map.rect.collidepoint(p) for p in v.map.xy.values())


def test_choices_click_logic_without_a_window():
    """A click at a place with moves selects it; a click at a destination applies the one move
    there or opens a chooser; a place with one action at it applies it at once."""
    from render.board.adapter import Anchor, BoardAdapter

    class Act:
        def __init__(self, kind, label):
            self.kind, self.label = kind, label

        def describe(self, game):
            return self.label

    class Ad(BoardAdapter):
        end_kinds = frozenset({"End"})

        def anchor(self, a):
            return {"m1": Anchor("A", "B", ("A", "B")), "m2": Anchor("A", "C", ("A", "C")),
                    "m3": Anchor("A", "C", ("A", "X", "C")), "at": Anchor("D")}.get(a.label, Anchor())

    acts = [Act("Move", "m1"), Act("Move", "m2"), Act("Move", "m3"), Act("Fight", "at"), Act("End", "end")]
    ch = Choices(None, Ad(None), acts)
    assert ch.click("A", None) == ("select", "A")
    assert ch.click("B", "A") == ("apply", 0)
    assert ch.click("C", "A") == ("choose", [1, 2])
    assert ch.click("D", None) == ("apply", 3)
    assert ch.click("Z", "A") == ("deselect", None)
    assert ch.pinned() == [4]
    assert [i for _, i in ch.rows("A") if i is not None][:3] == [0, 1, 2]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_log_is_in_words_and_names_only_what_the_viewer_knows(system):
    """No raw "Fire(sector=..." lines; Hellas names the person's own blocks by face, and an
    enemy block only once a battle has revealed it."""
    import re
    d = Driver(system, seed=2)
    d.advance(lambda d: len(d.g.actions) >= 40, limit=800)
    d.settle()
    assert d.app.lines and not [l for l in d.app.lines if re.search(r"\w\(\w+=", l)]
    if system == "hellas":
        ad, st = d.app.adapter, d.g.state
        for b in st.blocks.values():
            name = ad.block_name(b.id, d.human)
            if b.side == d.human:
                assert name == b.face
            elif b.id not in ad.revealed:
                assert name == f"block {b.id}"


def test_hot_seat_shows_the_side_to_act_and_hides_the_other_sides_blocks():
    """No --side: the person plays both; the window shows the view of the side to act, so the
    other side's blocks stay backs (Sekigahara 3.1)."""
    from render.board.app import BoardApp
    from render.sekigahara import ADAPTER
    from sim.core.scenario import open_game
    game = open_game("scenarios/sekigahara/campaign.toml", seed=1)
    app = BoardApp(game, ADAPTER(game), (1280, 800))
    actor = game.to_act()
    assert app.viewer() == actor and app.human_turn()
    pieces = app.scene().pieces
    mine = [p for stack in pieces.values() for p in stack if p.side == actor]
    assert mine and not any(p.hidden for p in mine)
    hidden = sum(p.hidden for loc, stack in pieces.items() if loc in game.board.graph for p in stack)
    face_down = sum(1 for b in game.state.blocks.values()
                    if b.side != actor and b.location in game.board.graph and not b.face_up)
    assert hidden == face_down > 0


def test_resizing_the_window_lays_it_out_again():
    d = Driver("amdt")
    d.send(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    v = d.app.view
    if pygame.display.get_surface() is None:
        assert v.size == (1920, 1080)
    assert v.panel_rect.right == v.size[0] and v.status_rect.bottom == v.size[1]
    assert v.texts.scale > 1 or v.size[1] <= 800


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_finished_game_says_so_and_nobody_is_deciding(system):
    # a finished save opened with `kassen play` used to list "nobody is deciding..." as the
    # one choice, as if someone were still to move
    path, _ = GAMES[system]
    from sim.core.scenario import open_game
    game, rng = open_game(path, seed=3), random.Random(3)
    while not game.is_over():
        game.apply(rng.choice([a for s in game.sides() for a in game.legal_actions(s)]))
    d = Driver(system, game=game)
    scene = d.app.scene()
    assert scene.status_lines[0].startswith("GAME OVER: ")
    assert [text for text, _ in scene.rows] == ["The game is over: Ctrl+Q quits, kassen replay steps through it"]
    assert not scene.pinned and not scene.clickable


def test_hellas_log_names_the_committed_and_revealed_cards():
    # the reveal was logged with its fields spelt out: "Cards revealed: plays
    # athens/c22/2/Treachery/sacrifice/sparta/c15/2/Civil War/event, first sparta"
    import re
    d = Driver("hellas", seed=2)
    d.advance(lambda d: any(e.kind == "CardsRevealed" for e in d.g.events), limit=200)
    d.settle()
    revealed = [l for l in d.app.lines if l.startswith("Cards revealed: ")]
    assert revealed and not [l for l in d.app.lines if re.search(r"\bc\d\d\b|plays ", l)]
    assert re.fullmatch(r"Cards revealed: athens .+ \(\d\) (for its Event|for its Action Value|as a Sacrifice); "
                        r"sparta .+ \(\d\) (for its Event|for its Action Value|as a Sacrifice) - (athens|sparta) first \([\d.]+\)",
                        revealed[0])
    assert any(re.fullmatch(r"athens commits .+ \(\d\) (for its Event|for its Action Value|as a Sacrifice)", l)
               for l in d.app.lines)
    assert "sparta commits a card face down" in d.app.lines


def test_the_replay_bar_says_how_to_close_it():
    # the board replay's bar listed every key but the one that closes it (Esc only pauses)
    from render.board.replay import ReplayApp
    d = Driver("sekigahara")
    d.advance(lambda d: len(d.g.actions) > 5, limit=100)
    rp = ReplayApp(d.g, d.adapter_cls, (1280, 800), side=d.human)
    assert "Ctrl+Q close" in rp.scene().status
    rp.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL))
    assert not rp.running
