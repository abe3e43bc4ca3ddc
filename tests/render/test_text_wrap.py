"""Text wrapped to a width in pixels (render.assets.wrap), as the Daimyo log, HUD and help and
the board views' panels use it."""
import pygame

from render.assets import font, wrap
from render.board.text import Texts
from render.daimyo.text import Painter

TEXT = "the Takeda horse charge the Oda arquebusiers behind the palisade at Shitaragahara"


def test_lines_fit_the_width_and_keep_every_word_in_order():
    pygame.font.init()
    f = font(13)
    lines = wrap(f, TEXT, 120)
    assert len(lines) > 1
    assert all(f.size(line)[0] <= 120 for line in lines)
    assert " ".join(lines).split() == TEXT.split()


def test_a_word_wider_than_the_width_keeps_a_line_of_its_own_and_empty_text_has_none():
    pygame.font.init()
    f = font(13)
    assert wrap(f, "a Shitaragahara b", 10) == ["a", "Shitaragahara", "b"]
    assert wrap(f, "   ", 100) == []


def test_both_views_wrap_alike():
    pygame.font.init()
    assert Painter.wrap(TEXT, 13, 150) == Texts().wrap(TEXT, 150, 13) == wrap(font(13), TEXT, 150)
    assert Painter.wrap("", 13, 150) == [""] and Texts().wrap("", 150, 13) == []
