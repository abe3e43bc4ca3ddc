"""Header, side panel and status bar: the text around the table."""
from __future__ import annotations

import pygame

from render.assets import colour, fit, fit_middle, font
from render.daimyo.text import Painter


PAGE = 9                 # choices on one page of the side panel (the number keys 1-9)
CHOICE_INDENT = "     "   # before a choice's second and later lines
TOP, PAD, GAP = 6, 8, 4  # side panel, px: its text from the top, its left and right margin, the
                         # gap above the choices' block and by which choices are indented

PHASE_NAMES = {"setup": "set-up", "choose_order": "order of activation (3)", "activation": "clan activation (4.1)",
               "orders": "movement (4.3)", "shooting": "shooting (4.5)", "melee": "melee (4.6)",
               "end": "end of turn (5)",
               "leaders": "leader moves (5)", "over": "game over"}


def header_text(state, to_act: str | None, note: str = "") -> str:
    clan = state.clans.get(state.active_clan)
    parts = [f"Turn {state.turn}", PHASE_NAMES.get(state.phase, state.phase)]
    if state.initiative:
        parts.append(f"initiative {state.initiative}")
    if to_act:
        parts.append(f"to act: {to_act}")
    if clan is not None:
        parts.append(f"active clan {clan.name} ({clan.side})")
    elif state.active_general:
        parts.append(f"{state.active_general} General activated")
    if state.options.get("weather"):
        parts.append(f"weather {state.weather.replace('_', ' ')}")
    from render.daimyo.weather import event_text
    if state.event:
        parts.append(f"event: {event_text(state)}")
    if note:
        parts.append(note)
    return "  |  ".join(parts)


def draw_header(target, painter: Painter, rect: pygame.Rect, text: str, size: int, right: str = "") -> None:
    """The header line; the speed on the right keeps its place, the line is cut short before it
    (a long header, with weather, an event and a clan's long name, or a narrow window)."""
    target.fill(colour("ui", "header"), rect)
    end = rect.right - 10
    if right:
        end = painter.draw(target, right, (rect.right - 10, rect.centery), size - 1, colour("ui", "dim"),
                           anchor="midright").left - 16
    painter.draw(target, fit(font(size, True), text, end - rect.x - 10), (rect.x + 10, rect.centery), size,
                 colour("ui", "text"), bold=True, anchor="midleft")


def draw_status(target, painter: Painter, rect: pygame.Rect, text: str, size: int, kind: str = "") -> None:
    """The bottom line: help for the current mode, or a notice / a refused order."""
    back = {"error": colour("ui", "error_back"), "notice": colour("ui", "notice_back")}.get(kind, colour("ui", "header"))
    fore = colour("ui", "error_text") if kind == "error" else colour("ui", "text")
    target.fill(back, rect)
    painter.draw(target, fit_middle(font(size, kind == "error"), text, rect.width - 20),
                 (rect.x + 10, rect.centery), size, fore, bold=kind == "error", anchor="midleft")


def draw_panel(target, painter: Painter, rect: pygame.Rect, size: int, info: list[str],
               choices: list[str], page: int = 0) -> None:
    """The selected unit or the armies, then the choices, nine to a page (PgUp / PgDn)."""
    target.fill(colour("ui", "panel"), rect)
    pygame.draw.rect(target, colour("ui", "panel_edge"), rect, 1)
    line_h = size + 5
    width = rect.width - 2 * PAD
    pages = (len(choices) + PAGE - 1) // PAGE
    page = min(page, max(pages - 1, 0))
    shown = _shown(choices, page, size, width)
    # the choices always fit (they are what the player acts on); the text above gives way
    info_bottom = rect.bottom - _choices_height(shown, choices, size) - GAP
    clip = target.get_clip()
    target.set_clip(rect)
    y = rect.y + TOP
    wrapped = [(i, part) for i, line in enumerate(info) for part in Painter.wrap(line, size, width, bold=i == 0)]
    for k, (i, part) in enumerate(wrapped):
        if y + 2 * line_h > info_bottom and k < len(wrapped) - 1:
            painter.draw(target, "...", (rect.x + PAD, y), size, colour("ui", "dim"))
            y += line_h
            break
        painter.draw(target, part, (rect.x + PAD, y), size, colour("ui", "accent" if i == 0 else "text"), bold=i == 0)
        y += line_h
    if choices:
        y += GAP
        head = "Choices (number keys)" + (f" - page {page + 1} of {pages}, PgUp / PgDn" if pages > 1 else "")
        painter.draw(target, head, (rect.x + PAD, y), size, colour("ui", "accent"), bold=True)
        y += line_h
        for _, part in shown:
            painter.draw(target, part, (rect.x + PAD + GAP, y), size, colour("ui", "text"))
            y += line_h
    target.set_clip(clip)


def panel_height(size: int, panel_width: int, choices: list[str], page: int = 0) -> int:
    """The height draw_panel needs to show a page of choices whole, with a line of the text
    above them and its "..." (the window gives the panel at least this where it can)."""
    if not choices:
        return 0
    page = min(page, max((len(choices) - 1) // PAGE, 0))
    shown = _shown(choices, page, size, panel_width - 2 * PAD)
    # draw_panel: the text from TOP down (a line and its "..."), a GAP above the choices' block
    # and one inside it
    return TOP + 2 * (size + 5) + 2 * GAP + _choices_height(shown, choices, size)


def _choices_height(shown: list, choices: list[str], size: int) -> int:
    """The choices' block at the panel's foot: their heading and wrapped lines, and a gap."""
    return (len(shown) + 1) * (size + 5) + GAP if choices else 0


def _shown(choices: list[str], page: int, size: int, width: int) -> list[tuple[int, str]]:
    """A page's choices as (number key, line) pairs, wrapped to `width` pixels."""
    return [(n, part) for n, text in enumerate(choices[page * PAGE:(page + 1) * PAGE], start=1)
            for part in Painter.hanging(f"{n}  {text}", size, width - 2 * GAP, CHOICE_INDENT)]


def unit_info(state, u) -> list[str]:
    from sim.daimyo import movement
    clan = state.clans.get(u.clan)
    flags = [name for name, on in (("disordered", u.disordered), ("routing", u.routing),
                                   ("frenzied", u.frenzied), ("activated", u.activated)) if on]
    lines = [u.name,
             f"{clan.name if clan else u.clan} ({u.side}) - {u.quality.value} {u.troop.value.replace('_', ' ')}",
             f"{u.armour.value} armour, {', '.join(w.value.replace('_', ' ') for w in u.weapons)}",
             f"{u.stands} stands, {u.files} wide ({u.formation.value}); hits {u.hits}",
             f"move left {movement.remaining(state, u):.1f} of {movement.max_move(state, u):.1f} cm;"
             f" charge {u.move_row.charge:g} cm"]
    if u.troop.value == "artillery":          # 6.1
        lines[3] = f"gun stand (40 x 30 mm); hits {u.hits}"
        lines[4] = (f"move left {movement.remaining(state, u):.1f} of {movement.max_move(state, u):.1f} cm"
                    " straight ahead, or pivot; no moving and shooting")
    if flags:
        lines.append(", ".join(flags))
    return lines


def charge_odds_lines(state, attacker: str, target: str | None) -> list[str]:
    """The exact odds of the charge being considered (sim/daimyo/charge_odds.py, which works on
    copies): closing fire, the first melee round's hits and its outcome (4.4, 4.6.5)."""
    from sim.core.errors import RuleError
    from sim.daimyo.charge_odds import charge_odds
    from sim.daimyo.odds import expected
    if target is None or state.units[target].side == state.units[attacker].side:
        return ["charge odds: point at an enemy unit"]
    try:
        o = charge_odds(state, attacker, target)
    except RuleError as exc:
        return [f"no charge on {state.units[target].name}: [{exc.rule}] {exc.reason}"]
    m = o.melee

    def pct(x) -> str:
        return f"{float(x) * 100:.0f}%"
    lines = [f"charge odds vs {state.units[target].name} (exact):"]
    if o.fire:
        lines.append(f"closing fire {o.fire.stands} stands, {float(expected(o.fire.hits)):.2f} hits expected")
    lines += [f"hits dealt {float(expected(m.a_hits)):.2f}, taken {float(expected(m.b_hits)):.2f}",
              f"win {pct(m.a_wins)} (rout {pct(m.a_routs_b)}, push {pct(m.a_pushes_b)})",
              f"draw {pct(m.draw)}, lose {pct(m.b_wins)} (routed {pct(m.b_routs_a)})"]
    return lines


def overlay_legend(state, u, reach=None, now: bool = False) -> list[str]:
    """What the coloured areas around the selected unit mean, with their sizes; the move and
    wheels are the rules' own plans (sim/daimyo/preview.py), or why the unit may not move."""
    from sim.daimyo import command, preview
    from sim.daimyo.tables import tables
    reach = reach or preview.reach(state, u, now=False)
    rng = tables().command.hatamoto_range_cm if u.hatamoto else command.command_range(state)
    from sim.daimyo.words import named
    lines = [] if now else ["(as on its own activation)"]
    if reach.straight is not None:
        p = reach.straight
        lines.append(f"white: straight move {preview.travelled(p):.1f} cm (costs {p.cost:.1f})")
    elif reach.why_not is not None:
        lines.append(f"no move ahead: {named(state, reach.why_not.reason)} ({reach.why_not.rule})")
    if u.troop.value != "artillery":          # 6.1: guns never charge or wheel
        lines.append(f"red line: charge reach {u.move_row.charge:g} cm (4.4)")
        if reach.charges:
            lines.append("red outline: may charge " + ", ".join(state.units[t].name for t in reach.charges))
        if reach.wheels:
            most = ", ".join(f"{abs(p.action.angle):g} deg {'left' if s > 0 else 'right'}"
                             for s, p in sorted(reach.wheels.items(), reverse=True))
            lines.append(f"blue: wheels up to {most} (4.3.5.1)")
    lines.append(f"purple: {'General' if u.hatamoto else 'daimyo'} command range {rng:g} cm")
    from sim.daimyo.combat import shooting
    from sim.daimyo.combat.weather import visibility
    if shooting.weapon(u) is not None:
        eff, _ = shooting.ranges(u)
        far = shooting.reach(state, u)
        rule = "6.1" if u.troop.value == "artillery" else "4.5"
        lines.append(f"orange: fire 0-{min(eff, far):g} cm, yellow: to {far:g} cm ({rule})")
        if reach.shots:
            aims = ", ".join(state.units[t].name for t in reach.shots)
            lines.append(f"orange outline: would shoot at {aims}")
    if visibility(state):
        lines.append(f"cyan ring: visibility {visibility(state):g} cm ({state.weather.replace('_', ' ')}, 6.2)")
    from render.daimyo.weather import weather_lines
    return lines + [line for line in weather_lines(state) if state.options.get("weather") or state.event]


def army_summary(state) -> list[str]:
    from render.daimyo.weather import weather_lines
    lines = []
    for side, army in state.armies.items():
        units = state.living(side)
        # an HQ abandoned when the General mounts leaves the units without being lost (1.7,
        # ruling D-47): said, so the count of units does not fall by one unexplained
        hq = state.units.get(army.hq)
        abandoned = ", HQ abandoned (1.7)" if hq is not None and hq.gone == "abandoned" else ""
        lines.append(f"{army.name} ({side}): {len(units)} units, {sum(u.stands for u in units)} stands,"
                     f" {army.units_destroyed} lost{abandoned}")
    return lines + weather_lines(state)


def unit_line(state, u) -> str:
    """One line about a unit, for the pointer hovering over it."""
    clan = state.clans.get(u.clan)
    flags = [n for n, on in (("disordered", u.disordered), ("ROUTING", u.routing),
                             ("frenzied", u.frenzied)) if on]
    hits = f", {u.hits} hit{'s' if u.hits != 1 else ''}" if u.hits else ""
    return (f"{u.name} - {clan.name if clan else u.clan} ({u.side}), {u.quality.value} "
            f"{u.troop.value.replace('_', ' ')}, {u.stands} stands{hits}"
            + (f", {', '.join(flags)}" if flags else ""))
