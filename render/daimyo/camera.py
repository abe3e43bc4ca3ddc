"""World (table centimetres, y up) <-> screen (pixels, y down) for one viewport.

The camera holds the world point at the viewport's centre, a scale in pixels per cm and a
view rotation in quarter turns, so either army can have its own table edge at the bottom.
All transforms accept numpy arrays of points (..., 2) so a whole army converts in one call.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

EDGE_QUARTERS = {"south": 0, "west": 1, "north": 2, "east": 3}   # own edge at the bottom
MIN_SCALE, MAX_SCALE = 0.5, 120.0


def _rot(quarters: int) -> np.ndarray:
    c, s = [(1, 0), (0, 1), (-1, 0), (0, -1)][quarters % 4]
    return np.array([[c, -s], [s, c]], dtype=float)


@dataclass
class Camera:
    table_w: float
    table_h: float
    viewport: tuple[int, int, int, int] = (0, 0, 1280, 800)   # x, y, w, h in pixels
    scale: float = 8.0
    cx: float = 0.0
    cy: float = 0.0
    quarters: int = 0

    def __post_init__(self) -> None:
        self.fit()

    # -- transforms ----------------------------------------------------------------------
    @property
    def _centre_px(self) -> np.ndarray:
        x, y, w, h = self.viewport
        return np.array([x + w / 2, y + h / 2])

    def world_to_screen(self, pts) -> np.ndarray:
        p = np.asarray(pts, dtype=float)
        d = (p - (self.cx, self.cy)) @ _rot(self.quarters).T
        return self._centre_px + d * (self.scale, -self.scale)

    def screen_to_world(self, pts) -> np.ndarray:
        p = np.asarray(pts, dtype=float)
        d = (p - self._centre_px) / (self.scale, -self.scale)
        return d @ _rot(-self.quarters).T + (self.cx, self.cy)

    def screen_angle(self, facing: float) -> float:
        """A world facing (degrees CCW from +x) as seen on screen, still CCW from screen right."""
        return (facing + 90 * self.quarters) % 360

    def __setattr__(self, name, value) -> None:
        object.__setattr__(self, name, value)
        if name != "_key":
            object.__setattr__(self, "_key", None)     # any change of view: a new key

    @property
    def key(self) -> tuple:
        """Changes whenever the picture of a fixed world would change (cache invalidation)."""
        if self._key is None:
            self._key = (self.viewport, round(self.scale, 6), round(self.cx, 6), round(self.cy, 6),
                         self.quarters % 4)
        return self._key

    # -- moves ---------------------------------------------------------------------------
    def set_viewport(self, rect: tuple[int, int, int, int]) -> None:
        self.viewport = tuple(int(v) for v in rect)

    def fit(self) -> None:
        """The whole table in view with a small margin."""
        _, _, w, h = self.viewport
        tw, th = (self.table_w, self.table_h) if self.quarters % 2 == 0 else (self.table_h, self.table_w)
        self.scale = max(MIN_SCALE, min(w / tw, h / th) * 0.96)
        self.cx, self.cy = self.table_w / 2, self.table_h / 2

    def pan(self, dx_px: float, dy_px: float) -> None:
        """Move the picture by (dx, dy) pixels (dragging the table with the mouse)."""
        d = np.array([-dx_px / self.scale, dy_px / self.scale]) @ _rot(-self.quarters).T
        self.cx += d[0]
        self.cy += d[1]

    def zoom_at(self, factor: float, screen_pt) -> None:
        """Zoom keeping the world point under `screen_pt` where it is."""
        anchor = self.screen_to_world(screen_pt)
        self.scale = float(np.clip(self.scale * factor, MIN_SCALE, MAX_SCALE))
        d = (np.asarray(screen_pt, dtype=float) - self._centre_px) / (self.scale, -self.scale)
        c = anchor - d @ _rot(-self.quarters).T
        self.cx, self.cy = float(c[0]), float(c[1])

    def view_from(self, edge: str) -> None:
        self.quarters = EDGE_QUARTERS.get(edge, 0)
        self.fit()
