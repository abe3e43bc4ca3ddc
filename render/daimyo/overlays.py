"""Translucent overlays for the selected unit: normal move reach, charge reach, wheel arcs,
firing arcs in two range bands and the daimyo's command range (geometry from
sim.daimyo.overlays). The picture is cached until the unit, its state or the camera change."""
from __future__ import annotations

import numpy as np
import pygame
import shapely

from render.assets import colour
from render.daimyo.camera import Camera
from render.daimyo.scene import _polygons, px
from sim.daimyo import overlays as geo
from sim.daimyo import preview
from sim.daimyo.geometry import footprint

MAX_OVERLAY_SIDE = 6000        # px; a command circle at extreme zoom is cut, not allocated whole
LAYERS = ("beyond_sight", "command", "charge", "charge_target", "shot_target", "move", "fire_long", "fire_short", "wheel", "visibility")


def table_key(state) -> tuple:
    """What a unit's reach depends on: the step, the active clan and every piece's pose."""
    units = tuple((u.id, u.x, u.y, u.facing, u.files, u.stands, u.alive, u.move_used, u.disordered,
                   u.routing, u.activated, u.halted_turns, u.obedience, u.blocked, u.reforming,
                   u.fell_back) for u in state.units.values())
    leaders = tuple((l.x, l.y, l.attached_to, l.alive) for l in state.leaders.values())
    return (state.turn, state.phase, state.active_clan, state.active_general, state.to_move,
            len(state.pending), state.weather, state.event, units, leaders)


class ReachCache:
    """The rules' reach (sim/daimyo/preview.py) of the units looked at, until the table changes.
    `now`: as the order would be taken now (the unit's side is giving orders), else on its own
    activation (an enemy looked at)."""

    def __init__(self):
        self._key = None
        self._got: dict = {}

    def get(self, state, unit, now: bool) -> preview.Reach:
        key = table_key(state)
        if key != self._key:
            self._key, self._got = key, {}
        got = self._got.get((unit.id, now))
        if got is None:
            got = self._got[(unit.id, now)] = preview.reach(state, unit, now)
        return got


def layers_for(state, unit, reach: preview.Reach | None = None) -> list[tuple[str, object]]:
    """(layer name, shapely geometry) for every overlay of `unit`, bottom first. Move and wheel
    areas are the plans of the furthest orders the rules accept (none for a unit that may not
    move; the panel says why)."""
    reach = reach or preview.reach(state, unit, now=False)
    out = []
    sight = geo.visibility_ring(state, unit)
    if sight is not None:
        out.append(("beyond_sight", sight[1]))
    zone = geo.command_zone(state, unit)
    if zone is not None:
        out.append(("command", zone[0]))
    gun = unit.troop.value == "artillery"       # 6.1: guns never charge or wheel
    if not gun and not unit.routing:
        out.append(("charge", geo.charge_reach(unit)))
    if reach.charges:                             # the enemies the charge rules offer (4.4)
        out.append(("charge_target", shapely.union_all(
            [footprint(state.units[t]).buffer(0.8) for t in reach.charges])))
    if reach.straight is not None:
        out.append(("move", geo.move_reach(unit, reach.straight)))
    if reach.shots:                               # whom its stands would shoot at (4.5)
        out.append(("shot_target", shapely.union_all([footprint(state.units[t]).buffer(0.5) for t in reach.shots])))
    zones = geo.fire_zones(unit, state)
    if zones is not None:
        out.append(("fire_long", zones["long"]))
        out.append(("fire_short", zones["short"]))
    for sign in (1, -1):                          # on top: thin wedges at the front corners
        if sign in reach.wheels:
            out.append(("wheel", geo.wheel_sector(unit, reach.wheels[sign].action.angle)))
    if sight is not None:
        out.append(("visibility", sight[0]))
    return out


def _unit_key(state, u) -> tuple:
    return (u.id, table_key(state))


class OverlayPainter:
    def __init__(self, camera: Camera):
        self.camera = camera
        self.enabled = {name: True for name in LAYERS}
        self._surf: pygame.Surface | None = None
        self._key = None
        self._geo_key = None
        self._at = (0, 0)
        self._origin = np.zeros(2)
        self.last_layers: list[tuple[str, object]] = []

    def draw(self, target: pygame.Surface, state, unit, reach: preview.Reach | None = None) -> None:
        """Blit the unit's overlays. Painted once per unit state and zoom: panning only moves
        the picture (it covers the whole overlay, not just what was on screen)."""
        if unit is None or not unit.alive:
            return
        cam = self.camera
        key = (_unit_key(state, unit), id(reach), round(cam.scale, 6), cam.quarters % 4,
               tuple(sorted(k for k, v in self.enabled.items() if v)))
        if key != self._key:
            geo_key = (key[0], key[1], key[4])
            if geo_key != self._geo_key:          # the rules geometry ignores the camera
                self.last_layers = [(n, g) for n, g in layers_for(state, unit, reach) if self.enabled[n]]
                self._geo_key = geo_key
            self._surf, self._at = render_layers(cam, None, self.last_layers)
            self._origin = cam.world_to_screen((0.0, 0.0))
            self._key = key
        shift = cam.world_to_screen((0.0, 0.0)) - self._origin
        target.blit(self._surf, (int(round(self._at[0] + shift[0])), int(round(self._at[1] + shift[1]))))


def render_layers(camera: Camera, size, layers):
    """All layers on one transparent surface. Each layer is filled on its own scratch surface
    (just big enough for it) first, so that a hole in a ring-shaped band is cut from that
    layer only and not from the layers under it.

    With a `size`, the surface is that big and lines up with the screen; with None, it is
    just big enough for the layers, and (surface, screen position of its corner) returns."""
    painted = []
    for name, geom in layers:
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
        painted.append((name, polys, pygame.Rect(int(lo[0]), int(lo[1]), int(hi[0] - lo[0]), int(hi[1] - lo[1]))))
    if size is not None:
        frame = pygame.Rect((0, 0), size)
    elif painted:
        frame = painted[0][2].unionall([b for _, _, b in painted[1:]])
        frame.size = (min(frame.width, MAX_OVERLAY_SIDE), min(frame.height, MAX_OVERLAY_SIDE))
    else:
        frame = pygame.Rect(0, 0, 1, 1)
    out = pygame.Surface(frame.size, pygame.SRCALPHA)
    for name, polys, box in painted:
        box = box.clip(frame)
        if box.width <= 0 or box.height <= 0:
            continue
        fill = colour("overlay", name)
        edge = colour("overlay", f"{name}_edge") if f"{name}_edge" in _overlay() else None
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
        out.blit(scratch, box.move(-frame.x, -frame.y))
    return out if size is not None else (out, frame.topleft)


def _overlay() -> dict:
    from render.assets import colours
    return colours()["overlay"]
