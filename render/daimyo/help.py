"""F1 / ?: the controls and what the step in play allows, drawn over the table (the log and the
side panel stay visible beside it)."""
from __future__ import annotations

from pathlib import Path

import pygame

from render.assets import colour
from render.daimyo.hud import PHASE_NAMES
from render.daimyo.text import Painter

CONTROLS = [
    ("click a unit / leader", "select it: its reach, charge, wheels, fire bands and command range"),
    ("M, click ahead (M again)", "move straight ahead to the point (the furthest the rules accept)"),
    ("W, point or scroll, click", "wheel (+ left, - right) about the inner front corner"),
    ("T then Left / Right / Down", "turn 90 left / 90 right / about face"),
    ("F  /  R  /  H", "fall back  /  reform (point, scroll or [ ] for files)  /  hold"),
    ("C / S, click an enemy", "charge / shoot"),
    ("1-9, PgUp / PgDn", "the numbered choices in the side panel, and their pages"),
    ("Space", "end the step; during an animation, finish it"),
    ("Ctrl+Z", "take back your last order (not across a die roll or the other side's turn)"),
    ("L, drag  (or middle drag)", "ruler: edge to edge in cm, with the unit's bands marked"),
    ("point and wait", "tooltip: a unit's troops, arms, state and the rules in force on it; terrain"),
    ("+ / -  P  Tab", "animation speed, pause, fast forward to your turn"),
    ("wheel, drag, arrows, Home", "zoom at the pointer, pan, fit the table"),
    ("G  O  V", "grid, overlays, view from the other edge"),
    ("Esc", "cancel the order, deselect, then the menu (save, load, replay, speed, quit)"),
    ("F1 or ?", "this help (any key closes it)"),
]

PHASE_HELP = {
    "choose_order": "The side with the initiative chooses who activates first (3).",
    "activation": "Try to activate a clan (2d6 + daimyo's rating, 8+), activate the General, "
                  "or stop trying this turn (4.1).",
    "orders": "Give each unit of the active clan one order: move, wheel, turn, fall back, reform, "
              "hold or charge; leaders may move and join units. Space ends the step (4.3, 4.4).",
    "shooting": "Units with missile weapons shoot at the nearest enemy in arc and range (4.5).",
    "melee": "Melee is fought by the rules; answer the decisions they ask for (4.6).",
    "leaders": "Unattached leaders may move and join units; Space ends your leader moves (5).",
}


def lines(app) -> list[tuple[str, str]]:
    """(text, tone) of the help screen for the game as it stands."""
    st = app.state
    out = [("Controls", "accent")]
    out += [(f"{keys}:  {does}", "text") for keys, does in CONTROLS]
    out += [("", "text"), (f"Now: {PHASE_NAMES.get(st.phase, st.phase)}", "accent")]
    out.append((PHASE_HELP.get(st.phase, ""), "text"))
    if app.human_turn():
        choices = app.choice_texts()
        if choices:
            out.append((f"Your choices now ({len(choices)}):", "accent"))
            out += [(f"{n}. {text}", "text") for n, text in enumerate(choices[:12], start=1)]
            if len(choices) > 12:
                out.append((f"... {len(choices) - 12} more on the panel's next pages (PgDn)", "dim"))
    else:
        out.append((f"{app.to_act or 'nobody'} is to act" + (" (scripted)" if app.to_act else ""), "dim"))
    out.append(("", "text"))
    target = Path(app.save_target())          # folder and file apart: a long path has no spaces to wrap at
    out += [(f"Saves go to the folder {target.parent}", "dim"), (f"as {target.name}", "dim")]
    return out


def draw(target, painter: Painter, rect: pygame.Rect, app, size: int) -> None:
    # the left part of the table: the ruler, the pieces and the log stay in view beside it
    box = pygame.Rect(rect.x + 16, rect.y + 12, max(420, int(rect.width * 0.58)), rect.height - 24)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((*colour("ui", "panel"), 238))
    target.blit(shade, box)
    pygame.draw.rect(target, colour("ui", "accent"), box, 2)
    clip = target.get_clip()
    target.set_clip(box)
    y = box.y + 10
    for text, tone in lines(app):
        for part in Painter.wrap(text, size, box.width - 24, bold=tone == "accent") or [""]:
            painter.draw(target, part, (box.x + 12, y), size, colour("ui", tone), bold=tone == "accent")
            y += size + 5
    target.set_clip(clip)
