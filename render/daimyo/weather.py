"""Weather and visibility on the table view (Daimyo 6.2, 5.3): a translucent wash over the
table for bad weather, and the lines that tell the weather, its effects and the random event
in force. Reads the state only."""
from __future__ import annotations

import pygame

from render.assets import colour, colours
from render.daimyo.scene import px

EVENT_NAMES = {"poor_visibility": "poor visibility (effective range only)", "sunset": "sunset",
               "surprise_march": "surprise march (double move)", "heroic_charge": "heroic charge (+3)",
               "superhuman_discipline": "superhuman discipline (disorder removed)",
               "fanaticism": "fanaticism (must charge)"}


def tint(state) -> tuple[int, int, int, int] | None:
    """The wash for the turn's weather, or None in fine weather or with weather off."""
    if not state.options.get("weather") or state.weather not in colours().get("weather", {}):
        return None
    return colour("weather", state.weather)


def draw_tint(target: pygame.Surface, camera, state) -> None:
    """Wash the table (not the floor around it) in the weather's colour."""
    wash = tint(state)
    if wash is None:
        return
    clip = target.get_clip() or target.get_rect()
    layer = pygame.Surface(clip.size, pygame.SRCALPHA)
    corners = camera.world_to_screen([(0, 0), (state.width, 0), (state.width, state.height), (0, state.height)])
    pygame.draw.polygon(layer, wash, px(corners - (clip.x, clip.y)))
    target.blit(layer, clip.topleft)


def event_text(state) -> str:
    """The 5.3 event in force this turn ("" if none), with the clan it fell on."""
    if not state.event:
        return ""
    clan = state.clans.get(state.event_clan)
    return EVENT_NAMES.get(state.event, state.event) + (f" - {clan.name}" if clan else "")


def weather_lines(state) -> list[str]:
    """The weather and its effects (6.2) and the event of the turn (5.3), for the side panel."""
    from sim.daimyo import command
    from sim.daimyo.combat.weather import visibility
    lines = []
    if state.options.get("weather"):
        season = state.season.replace("_", "/") if state.season else "set by the scenario"
        lines.append(f"Weather: {state.weather.replace('_', ' ')} ({season})")
        vis = visibility(state)
        if vis:
            lines.append(f"  visibility {vis:g} cm; command range {command.command_range(state):g} cm")
        effects = {"light_rain": "arquebus -1", "heavy_rain": "moves -3 cm; bow -1, arquebus -2",
                   "thunderstorm": "moves -3 cm, guns only pivot; bow -2, no arquebus; no charge bonus",
                   "snowing": "moves halved, guns only pivot; bow -1, arquebus -2; no charge bonus",
                   "fog": "shooting range 10 cm"}.get(state.weather)
        if effects:
            lines.append(f"  {effects}")
    else:
        lines.append("Weather rules off (6.2)")
    if state.event:
        lines.append(f"Event: {event_text(state)} (5.3)")
    return lines
