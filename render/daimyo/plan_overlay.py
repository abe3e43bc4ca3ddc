"""The scripted opponent's plans in the play view (issue 19): what each clan means to do.

The planning AI keeps its clan plans in the player, never in the game (sim/daimyo/ai/
commander.py), and exposes them as `scorer.plan_log`, a list of PlanChanged. This view reads
that log: each new entry becomes a log line, and each clan's latest plan an arrow from the
clan's units to its objective, coloured by what it does, with the state written at the head.
It changes nothing in the game.
"""
from __future__ import annotations

import numpy as np
import pygame

from render.assets import colour
from render.daimyo.camera import Camera
from render.daimyo.text import Painter

# what a clan does, as an arrow colour: attacking warm, holding neutral, giving ground cold
STATE_COLOURS = {
    "approach": (230, 200, 80), "form_up": (240, 160, 60), "engage": (230, 70, 50),
    "pursue": (200, 40, 160), "hold": (200, 200, 200), "reform": (120, 200, 240),
    "rally": (120, 160, 255), "fall_back": (90, 120, 230),
}
LABEL_SIZE = 12
LABEL_BACK = (20, 22, 26, 190)     # a dark box keeps a label legible over water and roads


def plan_log(player) -> list:
    """The player's PlanChanged entries ([] for a player that makes no plans)."""
    return list(getattr(getattr(player, "scorer", None), "plan_log", None) or [])


def log_line(p) -> str:
    aim = f" -> {p.target}" if p.target else ""
    return f"plan, turn {p.turn}: {p.side} {p.clan} [{p.posture}] {p.state.replace('_', ' ')}{aim}: {p.why}"


class PlanView:
    def __init__(self, camera: Camera, painter: Painter):
        self.camera = camera
        self.painter = painter
        self.show = True
        self._seen: dict[int, int] = {}        # player id -> entries already logged

    def follow(self, players, log) -> None:
        """Log the plan changes the players made since the last call."""
        for player in players:
            entries = plan_log(player)
            done = self._seen.get(id(player), 0)
            for p in entries[done:]:
                log.add(log_line(p), "accent")
            self._seen[id(player)] = len(entries)

    def draw(self, target: pygame.Surface, state, players) -> None:
        """Each clan's latest plan as an arrow from its units' centre to the objective."""
        if not self.show:
            return
        latest = {}
        for player in players:
            for p in plan_log(player):
                latest[(p.side, p.clan)] = p
        clip = target.get_clip()
        target.set_clip(self.camera.viewport)
        labels, placed = [], []
        for (_, clan), p in sorted(latest.items()):
            units = state.clan_units(clan)
            if not units:
                continue
            start = (sum(u.x for u in units) / len(units), sum(u.y for u in units) / len(units))
            a, b = self.camera.world_to_screen([start, p.objective])
            col = STATE_COLOURS.get(p.state, colour("ui", "accent")[:3])
            _arrow(target, col, a, b)
            labels.append((f"{clan}: {p.state.replace('_', ' ')}", col, b))
        for text, col, b in labels:     # after the arrows, on top; clans sharing an objective stack
            box = self.painter.render(text, LABEL_SIZE, col, True).get_rect(topleft=(int(b[0]) + 6, int(b[1]) - 8))
            while box.collidelist(placed) >= 0:
                box.move_ip(0, box.height + 3)
            placed.append(box.inflate(4, 2))
            self.painter.draw(target, text, box.topleft, LABEL_SIZE, col, bold=True, back=LABEL_BACK)
        target.set_clip(clip)


def _arrow(target, col, a, b) -> None:
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    pygame.draw.line(target, col, a.round(), b.round(), 3)
    d = b - a
    n = float(np.hypot(*d))
    if n < 1e-6:
        pygame.draw.circle(target, col, b.round(), 6, 2)
        return
    d /= n
    side = np.array([-d[1], d[0]])
    pygame.draw.polygon(target, col, [b.round(), (b - d * 12 + side * 6).round(), (b - d * 12 - side * 6).round()])
