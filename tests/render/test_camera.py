import numpy as np
import pytest

from render.daimyo.camera import Camera


@pytest.mark.parametrize("quarters", [0, 1, 2, 3])
def test_world_screen_round_trip(quarters):
    cam = Camera(120, 90, viewport=(0, 30, 980, 740))
    cam.quarters = quarters
    cam.fit()
    cam.zoom_at(1.7, (300, 200))
    cam.pan(37, -12)
    pts = np.array([[0, 0], [120, 90], [33.3, 71.2], [60, 45]])
    back = cam.screen_to_world(cam.world_to_screen(pts))
    assert np.allclose(back, pts, atol=1e-9)


def test_fit_shows_whole_table_centred():
    cam = Camera(120, 90, viewport=(0, 30, 980, 740))
    corners = cam.world_to_screen([(0, 0), (120, 90)])
    x0, y0 = corners.min(axis=0)
    x1, y1 = corners.max(axis=0)
    assert 0 <= x0 and x1 <= 980 and 30 <= y0 and y1 <= 770
    assert cam.world_to_screen((60, 45)) == pytest.approx((490, 400))
    # y up on the table is up on the screen; the limiting side nearly fills the view
    assert corners[0][1] > corners[1][1]
    assert max((x1 - x0) / 980, (y1 - y0) / 740) == pytest.approx(0.96, rel=1e-6)


def test_zoom_keeps_point_under_cursor():
    cam = Camera(120, 90, viewport=(0, 0, 1000, 800))
    before, scale = cam.screen_to_world((200, 600)), cam.scale
    cam.zoom_at(2.0, (200, 600))
    assert cam.screen_to_world((200, 600)) == pytest.approx(before)
    assert cam.scale == pytest.approx(2 * scale)


def test_view_from_north_puts_north_edge_at_bottom():
    cam = Camera(120, 90, viewport=(0, 0, 1000, 800))
    cam.view_from("north")
    south, north = cam.world_to_screen([(60, 0), (60, 90)])
    assert north[1] > south[1]                      # north edge now at the bottom
    assert cam.screen_angle(270) == 90              # a unit facing south points up the screen
