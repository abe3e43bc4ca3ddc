"""The Daimyo side panel's choices (the orders a player picks with number keys) stay inside
the panel, wrapped lines and their indent included."""
import pygame

from render.daimyo import hud
from render.daimyo.text import Painter

CHOICES = ["Try to activate clan Takeda Nobushige (left of the crane wing) (2d6 +3 rating, 8+; 4.1)",
           "Try to activate clan Morozumi and Yamamoto (centre) (2d6 +2 rating, 8+; 4.1)",
           "Let the enemy activate first"]


def test_every_choice_line_is_drawn_inside_the_panel():
    pygame.font.init()
    target = pygame.Surface((1000, 640))
    painter = Painter()
    for width in (240, 260, 300):
        rect = pygame.Rect(600, 30, width, 400)
        painter.begin_frame()
        hud.draw_panel(target, painter, rect, 13, ["takeda to act"], CHOICES)
        lines = [(text, r) for text, r in painter.drawn if text.strip()[:1].isdigit() or text.startswith(" ")]
        assert len(lines) > len(CHOICES)                  # some choices took two lines or more
        assert all(rect.contains(r) for _, r in lines), [(t, r, rect) for t, r in lines if not rect.contains(r)]


def test_in_a_small_window_the_panel_takes_room_from_the_log_for_a_page_of_choices(game):
    """At 1000x640 six long choices took more than the panel's share of the column and the
    last were clipped below it: the panel now grows into the log's room (up to PANEL_MOST)."""
    from render.daimyo.app import PANEL_MOST, App
    app = App(game)
    app.input.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    base = app.panel_rect.height
    choices = CHOICES[:2] * 3
    app.draw_frame(pygame.Surface((1000, 640)), info=["takeda to act"], choices=choices)
    rect, log = app.panel_rect, app.log.rect
    assert base < rect.height <= PANEL_MOST * (640 - rect.top)
    assert log.top == rect.bottom and log.bottom == 640 and log.width == rect.width
    numbered = [r for t, r in app.painter.drawn if t[:1].isdigit()]
    assert len(numbered) == len(choices) and all(rect.contains(r) for r in numbered)
    app.draw_frame(pygame.Surface((1000, 640)), info=["takeda to act"], choices=CHOICES[2:])
    assert app.panel_rect.height == base and app.log.rect.top == app.panel_rect.bottom   # back to its share


def test_the_logs_wrapped_lines_stay_inside_the_log_with_their_indent():
    # "activation of Takeda Nobushige (left of the crane wing) (2d6 +3" ran off its right edge
    from render.daimyo.log_panel import LOG_INDENT, LogPanel
    pygame.font.init()
    painter = Painter()
    log = LogPanel(painter)
    log.rect = pygame.Rect(600, 300, 260, 300)
    for text in CHOICES:
        log.add("takeda: " + text)
    painter.begin_frame()
    log.draw(pygame.Surface((1000, 640)))
    lines = [(t, r) for t, r in painter.drawn if t != "Log"]
    assert any(t.startswith(LOG_INDENT) for t, _ in lines) and all(log.rect.contains(r) for _, r in lines)


def test_1_7_the_army_line_says_the_hq_was_abandoned_not_lost():
    """D-47: an HQ abandoned on mounting up is no loss; the panel says where the unit went."""
    from sim.daimyo import actions as A
    from tests.daimyo.table_kit import game, scenario, unit
    from tests.daimyo.test_turn import SEATED, hatamoto, open_activation
    g = open_activation(game(scenario([unit("a", 60, 40), hatamoto(y=9.5)], east_army=SEATED,
                                      east_daimyo=(60, 35))))
    g.apply(A.ActivateGeneral("east"))
    assert "east army (east): 3 units, 7 stands, 0 lost" in hud.army_summary(g.state)
    g.apply(A.MountUp("east", "hata"))
    assert "east army (east): 2 units, 6 stands, 0 lost, HQ abandoned (1.7)" in hud.army_summary(g.state)
