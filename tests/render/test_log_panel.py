from dataclasses import dataclass

import pygame

from render.daimyo.log_panel import LogPanel, describe
from render.daimyo.text import Painter
from sim.core.events import DiceRolled, Event


def test_log_panel_shows_event_text_inside_its_rect():
    painter = Painter()
    log = LogPanel(painter)
    log.rect = pygame.Rect(900, 300, 380, 500)
    ev = DiceRolled("activation of Honda", (6, 5), "4.1")
    log.add_event(ev)
    surf = pygame.Surface((1280, 800))
    painter.begin_frame()
    log.draw(surf)
    hits = [(t, r) for t, r in painter.drawn if t == "activation of Honda: rolled 6+5 = 11 (4.1)"]
    assert hits and log.rect.contains(hits[0][1])


def test_newest_at_bottom_and_scrolls_back():
    painter = Painter()
    log = LogPanel(painter)
    log.rect = pygame.Rect(0, 0, 300, 200)
    for i in range(100):
        log.add(f"line {i}")
    surf = pygame.Surface((300, 200))
    painter.begin_frame()
    log.draw(surf)
    assert "line 99" in painter.texts() and "line 0" not in painter.texts()
    log.wheel(50)
    painter.begin_frame()
    log.draw(surf)
    assert "line 99" not in painter.texts() and "line 49" in painter.texts()


@dataclass(frozen=True)
class Broken(Event):
    unit: str

    def describe(self):
        raise ValueError("boom")


@dataclass(frozen=True)
class Plain(Event):
    unit: str
    target: str
    rule: str = "4.4"


def test_unknown_events_are_logged_not_fatal():
    assert describe(Broken("u1")) == "Broken"
    assert describe(Plain("u1", "u2")) == "plain: unit u1, target u2 (4.4)"


@dataclass(frozen=True)
class MoraleMove(Event):
    unit: str
    path: tuple
    rule: str = "5.1"


def test_default_lines_shorten_paths():
    ev = MoraleMove("otani-teppo", ((90.0, 57.0, 270.0), (90.0, 61.25, 270.0)))
    assert describe(ev) == "morale move: unit otani-teppo, path 2 points to (90.0, 61.2) (5.1)"


def test_fonts_survive_pygame_restart():
    from render.assets import font
    font(13).size("x")
    pygame.quit()
    pygame.init()
    assert font(13).size("Honda")[0] > 0


def test_orders_read_in_words_with_table_names(game):
    from sim.daimyo import actions as A
    from sim.daimyo.words import order_text
    st = game.state
    assert order_text(st, A.MoveLeader("east", "daimyo-honda", 40.0, 26.0, "honda-teppo")) == \
        "Honda Tadakatsu joins Honda arquebusiers"
    assert order_text(st, A.ActivateClan("east", "sakai")) == "Try to activate clan Sakai (2d6 +2 rating, 8+; 4.1)"
    assert order_text(st, A.EndLeaderMoves("east")) == "End leader moves"
    assert order_text(st, A.ChooseOrder("east", False)) == "Let the enemy activate first"
    assert order_text(st, A.Hold("east", "honda-yari")) == "Honda spearmen: hold"
