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

LAYERS = ("command", "charge", "move", "wheel", "fire_long", "fire_short")


def layers_for(state, unit) -> list[tuple[str, object]]:
    """(layer name, shapely geometry) for every overlay of `unit`, bottom first."""
    out = []
    zone = geo.command_zone(state, unit)
    if zone is not None:
        out.append(("command", zone[0]))
    out.append(("charge", geo.charge_reach(unit)))
    out.append(("move", geo.move_reach(state, unit)))
    for left in (True, False):
        w = geo.wheel_reach(state, unit, left)
        if not w.sector.is_empty:
            out.append(("wheel", w.sector))
    zones = geo.fire_zones(unit)
    if zones is not None:
        out.append(("fire_long", zones["long"]))
        out.append(("fire_short", zones["short"]))
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
        self.last_layers: list[tuple[str, object]] = []

    def draw(self, target: pygame.Surface, state, unit) -> None:
        if unit is None or not unit.alive:
            return
        key = (_unit_key(state, unit), self.camera.key, target.get_size(),
               tuple(sorted(k for k, v in self.enabled.items() if v)))
        if key != self._key:
            self.last_layers = [(n, g) for n, g in layers_for(state, unit) if self.enabled[n]]
            full = render_layers(self.camera, target.get_size(), self.last_layers)
            box = full.get_bounding_rect()          # blit only the painted part each frame
            self._surf, self._at = full.subsurface(box).copy(), box.topleft
            self._key = key
        target.blit(self._surf, self._at)


def render_layers(camera: Camera, size, layers) -> pygame.Surface:
    """All layers on one transparent surface; each layer is filled on its own scratch surface
    first so that a hole (a ring-shaped band) is cut from that layer only."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    scratch = pygame.Surface(size, pygame.SRCALPHA)
    for name, geom in layers:
        scratch.fill((0, 0, 0, 0))
        fill = colour("overlay", name)
        edge = colour("overlay", f"{name}_edge") if f"{name}_edge" in _overlay() else None
        for poly in _polygons(geom):
            ring = px(camera.world_to_screen(np.asarray(poly.exterior.coords)))
            if len(ring) < 3:
                continue
            pygame.draw.polygon(scratch, fill, ring)
            for hole in poly.interiors:
                pygame.draw.polygon(scratch, (0, 0, 0, 0), px(camera.world_to_screen(np.asarray(hole.coords))))
            if edge is not None:
                pygame.draw.polygon(scratch, edge, ring, 2)
        out.blit(scratch, (0, 0))
    return out


def _overlay() -> dict:
    from render.assets import colours
    return colours()["overlay"]
