"""The map of a board game, drawn from its places and links: filled regions around each area's
point (area maps) or land around a point-to-point network, links by kind, markers (castles,
cities, control), pieces with hidden faces, and the highlights of a selection.

The still part (regions, links, names) is one cached picture, rebuilt only when the window
size or the colours of the regions change; a frame blits it and draws what sits on top.
"""
from __future__ import annotations

import math

import numpy as np
import pygame

from render.board.adapter import BoardAdapter, Marker, Piece
from render.board.text import INK, Texts

SEA = (170, 198, 214)
PAPER = (245, 240, 228)
SELECT = (255, 205, 40)
TARGET = (40, 170, 70)
CLICKABLE = (235, 120, 20)
BATTLE = (200, 20, 20)


class MapPainter:
    def __init__(self, adapter: BoardAdapter, texts: Texts):
        self.adapter = adapter
        self.texts = texts
        self.places = {p.name: p for p in adapter.places()}
        self.links = adapter.links()
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.box_rect = pygame.Rect(0, 0, 0, 0)
        self.xy: dict[str, tuple[int, int]] = {}
        self.box_rects: dict[str, pygame.Rect] = {}
        self.hits: list[tuple[pygame.Rect, str]] = []     # piece chips drawn last frame
        self._base_key = None
        self._base: pygame.Surface | None = None
        self._label = None
        self._frame_key = None                 # the last finished map picture, and what it shows
        self._frame: pygame.Surface | None = None
        self._frame_hits: list = []
        self._chips: dict[tuple, pygame.Surface] = {}

    # -- geometry -----------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect, box_rect: pygame.Rect) -> None:
        if rect == self.rect and box_rect == self.box_rect:
            return
        self.rect, self.box_rect = pygame.Rect(rect), pygame.Rect(box_rect)
        pad_x, pad_y = max(24, rect.w // 30), max(22, rect.h // 30)
        inner = pygame.Rect(rect.x + pad_x, rect.y + pad_y, rect.w - 2 * pad_x, rect.h - 2 * pad_y)
        if self.adapter.aspect:                 # keep the board's proportions, centred
            w = min(inner.w, int(inner.h / self.adapter.aspect))
            h = int(w * self.adapter.aspect)
            inner = pygame.Rect(inner.centerx - w // 2, inner.centery - h // 2, w, h)
        self.xy = {n: (int(inner.x + p.x * inner.w), int(inner.y + p.y * inner.h)) for n, p in self.places.items()}
        boxes = self.adapter.boxes()
        self.box_rects = {}
        if boxes and box_rect.w:
            w = box_rect.w // len(boxes)
            for i, name in enumerate(boxes):
                self.box_rects[name] = pygame.Rect(box_rect.x + i * w + 3, box_rect.y + 3, w - 6, box_rect.h - 6)
        self._label = self._partition() if self.adapter.regions else None
        self._base_key = self._frame_key = None

    def _partition(self):
        """Each cell of a coarse grid labelled with its nearest area point (a Voronoi map); inset
        areas only inside their frame, and cells far from every point left as open sea."""
        areas = [n for n, p in self.places.items() if p.kind in ("land", "sea")]
        pts = np.array([self.xy[n] for n in areas], dtype=np.float32)
        inset = np.array([self.places[n].inset for n in areas])
        sea = np.array([self.places[n].kind == "sea" for n in areas])
        cell = 4
        gx, gy = np.meshgrid(np.arange(self.rect.x, self.rect.right, cell, dtype=np.float32),
                             np.arange(self.rect.y, self.rect.bottom, cell, dtype=np.float32))
        px = np.stack([gx.ravel(), gy.ravel()], axis=1)
        d = np.sqrt(((px[:, None, :] - pts[None, :, :]) ** 2).sum(axis=2))
        d[:, sea] *= 1.2                        # seas drawn a little smaller than land
        frame = None
        if inset.any():
            lo, hi = pts[inset].min(axis=0) - 30, pts[inset].max(axis=0) + 30
            inside = np.all((px >= lo) & (px <= hi), axis=1)
            d[np.ix_(inside, ~inset)] = np.inf
            d[np.ix_(~inside, inset)] = np.inf
            frame = pygame.Rect(int(lo[0]), int(lo[1]), int(hi[0] - lo[0]), int(hi[1] - lo[1]))
        label = d.argmin(axis=1)
        reach = 0.11 * max(self.rect.w, self.rect.h)
        label[d.min(axis=1) > reach] = -1
        return label.reshape(gy.shape), areas, cell, frame

    # -- the still picture ----------------------------------------------------------------------
    def _base_picture(self, view: dict) -> pygame.Surface:
        colours = tuple(self.adapter.region_colour(view, n) for n in self.places) if self.adapter.regions else ()
        key = (tuple(self.rect), tuple(self.box_rect), colours)
        if key == self._base_key:
            return self._base
        surf = pygame.Surface(self.rect.size)
        surf.fill(self.adapter.deep_colour if self.adapter.regions else SEA)
        off = (-self.rect.x, -self.rect.y)
        if self.adapter.regions:
            self._regions(surf, view)
        else:
            self._land(surf, off)
        for a, b, kind in self.links:
            style = self.adapter.link_style(kind)
            if style.width <= 0:
                continue
            pa, pb = _shift(self.xy[a], off), _shift(self.xy[b], off)
            if style.dashed:
                _dashed(surf, style.colour, pa, pb, style.width)
            else:
                pygame.draw.line(surf, style.colour, pa, pb, style.width)
        for name, p in self.places.items():
            if p.kind == "site" and not p.label:
                continue
            x, y = _shift(self.xy[name], off)
            colour = (235, 242, 250) if p.kind == "sea" and self.adapter.regions else INK
            self.texts.blit(surf, p.label or name, (x, y + 7), 10, colour, centre=True)
        self._base, self._base_key = surf, key
        return surf

    def _regions(self, surf, view) -> None:
        label, areas, cell, frame = self._label
        colours = np.array([self.adapter.region_colour(view, n) for n in areas] + [self.adapter.deep_colour],
                           dtype=np.uint8)
        img = colours[label]
        edge = np.zeros(label.shape, bool)
        edge[:, 1:] |= label[:, 1:] != label[:, :-1]
        edge[1:, :] |= label[1:, :] != label[:-1, :]
        img[edge] = (95, 88, 72)
        small = pygame.surfarray.make_surface(np.ascontiguousarray(np.transpose(img, (1, 0, 2))))
        surf.blit(pygame.transform.scale(small, (small.get_width() * cell, small.get_height() * cell)), (0, 0))
        if frame is not None:
            pygame.draw.rect(surf, INK, frame.move(-self.rect.x, -self.rect.y), 2)

    def _land(self, surf, off) -> None:
        """A soft land mass under a point-to-point map so it reads as a map, not a diagram."""
        land = (226, 214, 178)
        r = max(18, self.rect.w // 28)
        for name in self.places:
            pygame.draw.circle(surf, land, _shift(self.xy[name], off), r)
        for a, b, _ in self.links:
            pygame.draw.line(surf, land, _shift(self.xy[a], off), _shift(self.xy[b], off), int(r * 1.6))

    # -- a frame -------------------------------------------------------------------------------
    def draw(self, surf, view: dict, *, selected=None, targets=(), paths=(), clickable=(), hover=None,
             key=None, pieces=None, markers=None) -> None:
        """The map with everything on it. With a `key` naming the game position drawn, the
        finished picture is kept and a frame that changes nothing on the map (a battle step,
        a scroll of the list) only blits it."""
        whole = self.rect.union(self.box_rect) if self.box_rect.w else self.rect
        sig = None if key is None else (key, tuple(self.rect), tuple(self.box_rect), selected,
                                        tuple(targets), tuple(paths), tuple(sorted(clickable)), hover)
        if sig is not None and sig == self._frame_key:
            surf.blit(self._frame, whole)
            self.hits = list(self._frame_hits)
            return
        self._paint(surf, view, selected, targets, paths, clickable, hover,
                    self.adapter.pieces(view) if pieces is None else pieces,
                    self.adapter.markers(view) if markers is None else markers)
        if sig is not None:
            if self._frame is None or self._frame.get_size() != whole.size:
                self._frame = pygame.Surface(whole.size)
            self._frame.blit(surf, (0, 0), whole)
            self._frame_key, self._frame_hits = sig, list(self.hits)

    def _paint(self, surf, view, selected, targets, paths, clickable, hover, pieces, markers) -> None:
        surf.blit(self._base_picture(view), self.rect)
        surf.set_clip(self.rect)
        for path in paths:
            pts = [self.xy[p] for p in path if p in self.xy]
            if len(pts) > 1:
                pygame.draw.lines(surf, TARGET, False, pts, 4)
        for name, m in markers.items():
            if name in self.xy:
                _marker(surf, self.texts, self.xy[name], m)
        for name in clickable:
            if name in self.xy:
                pygame.draw.circle(surf, CLICKABLE, self.xy[name], 12, 2)
        for name in targets:
            if name in self.xy:
                pygame.draw.circle(surf, TARGET, self.xy[name], 14, 4)
        battle = self.adapter.battle_place(view)
        if battle in self.xy:
            pygame.draw.circle(surf, BATTLE, self.xy[battle], 26, 4)
        if selected in self.xy:
            pygame.draw.circle(surf, SELECT, self.xy[selected], 16, 4)
        if hover in self.xy and hover != selected:
            pygame.draw.circle(surf, (255, 255, 255), self.xy[hover], 18, 1)
        self.hits = []
        for name, stack in pieces.items():
            if name in self.xy:
                self._stack(surf, name, stack)
        surf.set_clip(None)
        self._boxes(surf, pieces, selected, targets, clickable)

    def _stack(self, surf, name: str, stack: list[Piece]) -> None:
        """Per side one row of chips (first side above the point, second below its name...);
        more than four of a side show as three and a "+n" chip."""
        x, y = self.xy[name]
        cw, ch = round(26 * self.texts.scale), round(16 * self.texts.scale)
        sides = list(dict.fromkeys(p.side for p in stack))
        for k, side in enumerate(sides):
            row = [p for p in stack if p.side == side]
            if len(row) > 4:
                row = row[:3] + [Piece(side, f"+{len(row) - 3}")]
            up = k % 2 == 0
            top = y - 12 - ch - (k // 2) * (ch + 2) if up else y + 20 + (k // 2) * (ch + 2)
            left = x - (len(row) * (cw + 1)) // 2
            left = min(max(left, self.rect.x + 2), self.rect.right - len(row) * (cw + 1) - 2)
            for i, p in enumerate(row):
                r = pygame.Rect(left + i * (cw + 1), top, cw, ch)
                self._chip(surf, r, p)
                self.hits.append((r, name))

    def _chip(self, surf, rect: pygame.Rect, p: Piece) -> None:
        key = (p.side, "" if p.hidden else p.text, rect.size)
        pic = self._chips.get(key)
        if pic is None:                          # a chip is drawn once, then blitted
            pic = pygame.Surface(rect.size, pygame.SRCALPHA)
            local = pic.get_rect()
            colour = self.adapter.side_colours.get(p.side, (120, 120, 120))
            pygame.draw.rect(pic, colour, local, border_radius=3)
            pygame.draw.rect(pic, (250, 248, 240) if sum(colour) < 300 else INK, local, 1, border_radius=3)
            if key[1]:
                fg = self.adapter.text_colours.get(p.side, (250, 248, 240))
                text = self.texts.render(key[1], 10, fg, True)
                pic.blit(text, (local.centerx - text.get_width() // 2, local.centery - text.get_height() // 2))
            self._chips[key] = pic
        surf.blit(pic, rect)

    def _boxes(self, surf, pieces, selected, targets, clickable) -> None:
        if self.box_rect.w:
            surf.fill(PAPER, self.box_rect)
        for name, r in self.box_rects.items():
            pygame.draw.rect(surf, (236, 228, 206), r)
            edge = SELECT if name == selected else TARGET if name in targets else \
                CLICKABLE if name in clickable else INK
            pygame.draw.rect(surf, edge, r, 3 if edge is not INK else 1)
            self.texts.blit(surf, name, (r.x + 6, r.y + 3), 11, INK, bold=True)
            cw, ch = round(26 * self.texts.scale), round(16 * self.texts.scale)
            per_row = max(1, (r.w - 12) // (cw + 2))
            for i, p in enumerate(pieces.get(name, [])):
                cr = pygame.Rect(r.x + 6 + (i % per_row) * (cw + 2), r.y + 20 + (i // per_row) * (ch + 2), cw, ch)
                if cr.bottom <= r.bottom:
                    self._chip(surf, cr, p)
            self.hits.append((r, name))

    # -- clicks ---------------------------------------------------------------------------------
    def place_at(self, pos) -> str | None:
        """The place under `pos`: a piece chip or box first, else the nearest point within reach."""
        for rect, name in reversed(self.hits):
            if rect.collidepoint(pos):
                return name
        if not self.rect.collidepoint(pos):
            return None
        best, dist = None, 22.0
        for name, (x, y) in self.xy.items():
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d < dist:
                best, dist = name, d
        if best is None and self._label is not None:          # anywhere inside an area
            label, areas, cell, _ = self._label
            gx, gy = (pos[0] - self.rect.x) // cell, (pos[1] - self.rect.y) // cell
            if 0 <= gy < label.shape[0] and 0 <= gx < label.shape[1] and label[gy, gx] >= 0:
                best = areas[label[gy, gx]]
        return best

    def point_of(self, name: str) -> tuple[int, int]:
        """Where to click for `name` (tests and the keyboard cursor use it)."""
        if name in self.box_rects:
            return self.box_rects[name].center
        return self.xy[name]


def _shift(p, off):
    return p[0] + off[0], p[1] + off[1]


def _dashed(surf, colour, a, b, width, dash=7) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(1, int(length // dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


def _marker(surf, texts, pos, m: Marker) -> None:
    x, y = pos
    s = m.size
    if m.shape == "square":
        r = pygame.Rect(x - s, y - s, 2 * s, 2 * s)
        pygame.draw.rect(surf, m.fill, r)
        pygame.draw.rect(surf, m.outline, r, 2)
    elif m.shape == "star":
        for i in range(12):
            ang = i * math.pi / 6
            pygame.draw.line(surf, m.outline, (x + s * math.cos(ang), y + s * math.sin(ang)),
                             (x + (s + 6) * math.cos(ang), y + (s + 6) * math.sin(ang)), 3)
        pygame.draw.circle(surf, m.fill, (x, y), s - 2)
    else:
        pygame.draw.circle(surf, m.fill, (x, y), s)
        pygame.draw.circle(surf, m.outline, (x, y), s, 1)
    if m.ring:
        pygame.draw.circle(surf, m.ring, (x, y), s + 4, 2)
    if m.text:
        pic = texts.render(m.text, 9, (250, 248, 240), True)
        surf.blit(pic, (x - pic.get_width() // 2, y - pic.get_height() // 2))
