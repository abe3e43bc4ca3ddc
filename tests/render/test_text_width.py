"""Text to a width in pixels, wrapped (render.assets.wrap) or cut with "..." (render.assets.fit),
as the Daimyo log, header, HUD and help and the board views' panels use it."""
import pygame

from render.assets import fit, font, wrap
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


def test_a_cut_line_fits_ends_in_an_ellipsis_and_drops_a_dangling_separator():
    pygame.font.init()
    f = font(13, True)
    assert fit(f, TEXT, 2000) == TEXT
    header = "Turn 3  |  orders  |  initiative east  |  weather: rain"
    for width in (60, 120, 200, 300):
        cut = fit(f, header, width)
        assert f.size(cut)[0] <= width and cut.endswith("...")
        assert header.startswith(cut[:-3]) and not cut[:-3].endswith((" ", "|"))
    assert fit(f, header, 5) == ""


def test_both_views_cut_alike():
    pygame.font.init()
    assert Texts().fit(TEXT, 150, 13, True) == fit(font(13, True), TEXT, 150)


def test_a_line_cut_in_the_middle_keeps_whole_keys_and_words_with_its_end():
    from render.assets import fit_middle
    pygame.font.init()
    f = font(13)
    hint = ("Click a unit of the side to act (or a leader)  |  1-9 choices  Space end step  "
            "Ctrl+Z undo  L ruler  Tab fast forward  F1 help  Esc menu")
    groups = hint.split("  ")
    assert fit_middle(f, hint, 2000) == hint
    for width in (200, 300, 400, 500):
        cut = fit_middle(f, hint, width)
        head, tail = cut.split("...")
        assert f.size(cut)[0] <= width and tail
        assert all(g in groups for g in tail.split("  ")), tail      # no key torn from its name
        assert all(w in hint.split() for w in head.split()), head    # nor a word split
        assert hint.endswith(tail) and hint.startswith(head)
    refusal = "Refused: the charge needs 7.4 cm and the unit has 6.7 (4.4)"
    cut = fit_middle(f, refusal, 200)
    assert all(w in refusal.split() for w in cut.replace("...", " ").split())
    assert cut.endswith("(4.4)") and f.size(cut)[0] <= 200
