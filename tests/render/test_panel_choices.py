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
