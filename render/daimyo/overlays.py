"""Translucent overlays for the selected unit: normal move reach, charge reach, wheel arcs,
firing arcs in two range bands and the daimyo's command range (geometry from
sim.daimyo.overlays). The picture is cached until the unit, its state or the camera change."""
from __future__ import annotations

import numpy as np
import pygame

from render.assets import colour
from render.daimyo.camera import Camera
from render.daimyo.scene import _polygons, px
from sim.daimyo import overlays as geo

LAYERS = ("command", "charge", "move", "fire_long", "fire_short", "wheel")


def layers_for(state, unit) -> list[tuple[str, object]]:
    """(layer name, shapely geometry) for every overlay of `unit`, bottom first."""
    out = []
    zone = geo.command_zone(state, unit)
    if zone is not None:
        out.append(("command", zone[0]))
    out.append(("charge", geo.charge_reach(unit)))
    out.append(("move", geo.move_reach(state, unit)))
    zones = geo.fire_zones(unit)
    if zones is not None:
        out.append(("fire_long", zones["long"]))
        out.append(("fire_short", zones["short"]))
    for left in (True, False):            # on top: thin wedges at the front corners
        w = geo.wheel_reach(state, unit, left)
        if not w.sector.is_empty:
            out.append(("wheel", w.sector))
    return out


def _unit_key(state, u) -> tuple:
    return (u.id, u.x, u.y, u.facing, u.files, u.stands, u.move_used, u.disordered, state.weather,
            tuple((l.x, l.y, l.attached_to, l.alive) for l in state.leaders.values()))


class OverlayPainter:
    def __init__(self, camera: Camera):
        self.camera = camera
        self.enabled = {name: True for name in LAYERS}
        self._surf: pygame.Surface | None = None
        self._key = None
        self._geo_key = None
        self._at = (0, 0)
        self.last_layers: list[tuple[str, object]] = []

    def draw(self, target: pygame.Surface, state, unit) -> None:
        if unit is None or not unit.alive:
            return
        key = (_unit_key(state, unit), self.camera.key, target.get_size(),
               tuple(sorted(k for k, v in self.enabled.items() if v)))
        if key != self._key:
            geo_key = (key[0], key[3])
            if geo_key != self._geo_key:          # the rules geometry ignores the camera
                self.last_layers = [(n, g) for n, g in layers_for(state, unit) if self.enabled[n]]
                self._geo_key = geo_key
            self._surf, self._at = render_layers(self.camera, target.get_size(), self.last_layers, crop=True)
            self._key = key
        target.blit(self._surf, self._at)


def render_layers(camera: Camera, size, layers, crop: bool = False):
    """All layers on one transparent surface. Each layer is filled on its own scratch surface
    (just big enough for it) first, so that a hole in a ring-shaped band is cut from that
    layer only and not from the layers under it. With `crop`, returns (surface, top-left)
    cut to the painted part, which is all a frame then needs to blit."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    bounds = out.get_rect()
    painted = None
    for name, geom in layers:
        fill = colour("overlay", name)
        edge = colour("overlay", f"{name}_edge") if f"{name}_edge" in _overlay() else None
        polys = []
        for poly in _polygons(geom):
            ring = camera.world_to_screen(np.asarray(poly.exterior.coords))
            holes = [camera.world_to_screen(np.asarray(h.coords)) for h in poly.interiors]
            polys.append((ring, holes))
        if not polys:
            continue
        allpts = np.concatenate([r for r, _ in polys])
        lo = np.floor(allpts.min(axis=0)) - 2
        hi = np.ceil(allpts.max(axis=0)) + 2
        box = pygame.Rect(int(lo[0]), int(lo[1]), int(hi[0] - lo[0]), int(hi[1] - lo[1])).clip(bounds)
        if box.width <= 0 or box.height <= 0:
            continue
        scratch = pygame.Surface(box.size, pygame.SRCALPHA)
        shift = np.array(box.topleft)
        for ring, holes in polys:
            pts = px(ring - shift)
            if len(pts) < 3:
                continue
            pygame.draw.polygon(scratch, fill, pts)
            for hole in holes:
                pygame.draw.polygon(scratch, (0, 0, 0, 0), px(hole - shift))
            if edge is not None:
                pygame.draw.polygon(scratch, edge, pts, 2)
        out.blit(scratch, box)
        painted = box if painted is None else painted.union(box)
    if not crop:
        return out
    if painted is None:
        return pygame.Surface((1, 1), pygame.SRCALPHA), (0, 0)
    return out.subsurface(painted).copy(), painted.topleft


def _overlay() -> dict:
    from render.assets import colours
    return colours()["overlay"]
