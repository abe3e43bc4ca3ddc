"""The free measuring tool: drag from a point or a stand to another, and read the distance edge
to edge in cm (the way the rules measure), with the rules' bands of the unit measured from
marked along the line: effective and long fire range (4.5, 6.1), charge reach (4.4) and
command range (1.8). It measures only; nothing here touches the game."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame
from shapely.geometry import Point
from shapely.ops import nearest_points

from render.assets import colour
from render.daimyo.scene import px
from sim.daimyo.geometry import footprint
from sim.daimyo.overlays import unit_at

BAND_COLOURS = {"effective range": "fire_short", "long range": "fire_long",
                "charge reach": "charge_edge", "command range": "command_edge"}


@dataclass
class Measure:
    """A measurement: the two ends (a unit id, or None for a point) and the nearest points."""
    start: tuple[float, float]
    end: tuple[float, float]
    start_unit: str | None
    end_unit: str | None
    cm: float
    bands: list[tuple[str, float, str]]        # (name, cm, rule) of the unit measured from


def bands_of(state, u) -> list[tuple[str, float, str]]:
    """The distances the rules give this unit: fire (effective, long), charge and command."""
    from sim.daimyo import command
    from sim.daimyo.combat import shooting
    from sim.daimyo.tables import tables
    out = []
    if shooting.weapon(u) is not None:
        short, _ = shooting.ranges(u)
        far = shooting.reach(state, u)
        rule = "6.1" if u.troop.value == "artillery" else "4.5"
        out += [("effective range", min(short, far), rule), ("long range", far, rule)]
    if u.troop.value != "artillery" and not u.routing:
        out.append(("charge reach", float(u.move_row.charge), "4.4"))
    rng = tables().command.hatamoto_range_cm if u.hatamoto else command.command_range(state)
    out.append(("command range", float(rng), "1.8"))
    return sorted(out, key=lambda b: b[1])


def measure(state, a: tuple[float, float], b: tuple[float, float]) -> Measure:
    """Edge to edge between whatever lies under `a` and `b` (a unit's stands, or the point)."""
    ua, ub = unit_at(state, *a, tolerance=0.0), unit_at(state, *b, tolerance=0.0)
    ga = footprint(ua) if ua is not None else Point(a)
    gb = footprint(ub) if ub is not None else Point(b)
    if ua is not None and ub is not None and ua.id == ub.id:
        gb = Point(b)                          # within one unit: point to point
    pa, pb = nearest_points(ga, gb)
    bands = bands_of(state, ua) if ua is not None else []
    return Measure((pa.x, pa.y), (pb.x, pb.y), ua.id if ua else None, ub.id if ub else None,
                   float(ga.distance(gb)), bands)


def text(state, m: Measure) -> list[str]:
    """The measurement in words: distance, ends, and which of the bands it falls within."""
    name = lambda uid: state.units[uid].name if uid else "the point"
    lines = [f"{m.cm:.1f} cm edge to edge", f"{name(m.start_unit)} to {name(m.end_unit)}"]
    lines += [f"{'within' if m.cm <= cm + 1e-9 else 'beyond'} {n} {cm:g} cm ({rule})" for n, cm, rule in m.bands]
    return lines


def draw(target, camera, painter, state, m: Measure, size: int, clip) -> None:
    """The line, a tick and label at each band's distance from the start, and the reading."""
    a, b = np.array(m.start), np.array(m.end)
    sa, sb = camera.world_to_screen(a), camera.world_to_screen(b)
    target.set_clip(clip)
    pygame.draw.line(target, (20, 20, 20), px([sa])[0], px([sb])[0], 5)
    pygame.draw.line(target, (250, 250, 250), px([sa])[0], px([sb])[0], 2)
    direction = (b - a) / m.cm if m.cm > 1e-9 else np.zeros(2)
    normal = np.array([-direction[1], direction[0]])
    for name, cm, _ in m.bands:
        if cm > m.cm:
            continue
        at = a + direction * cm
        p0, p1 = camera.world_to_screen(at - normal * 1.2), camera.world_to_screen(at + normal * 1.2)
        pygame.draw.line(target, colour("overlay", BAND_COLOURS[name])[:3], px([p0])[0], px([p1])[0], 3)
        painter.draw(target, f"{cm:g}", p1, size - 2, (0, 0, 0), back=(255, 255, 255, 200))
    for end in (sa, sb):
        pygame.draw.circle(target, (250, 250, 250), px([end])[0], 4)
        pygame.draw.circle(target, (20, 20, 20), px([end])[0], 4, 1)
    lines = text(state, m)
    width = max(painter.text_width(line, size, bold=i == 0) for i, line in enumerate(lines)) + 16
    x = max(clip.x + 4, min(sb[0] + 10, clip.right - width))        # the reading stays on screen
    y = max(clip.y + 4, min(sb[1] + 10, clip.bottom - (size + 6) * len(lines) - 4))
    for i, line in enumerate(lines):
        box = painter.draw(target, line, (x, y), size, (0, 0, 0), bold=i == 0, back=(255, 255, 230, 230))
        y = box.bottom + 1
    target.set_clip(None)
