"""Hellas map view (pygame-ce): land areas and seas as regions grown around each area's map
point (a Voronoi partition, the Sicily inset drawn apart), cities and ports, loyalties and
control, sieges, and block stacks as the chosen side sees them. Reads the game, never changes it.

    export_png(game, path, side=None)   headless picture
    play(game, args)                    a window: the human picks from the legal actions
"""
from __future__ import annotations

import os

import numpy as np

W, H = 1200, 1000
PANEL = 420
SEA = (70, 110, 160)
SEA_DEEP = (52, 88, 135)
LAND = {"athens": (150, 180, 225), "sparta": (220, 150, 135), "neutral": (200, 195, 170),
        "persian": (190, 165, 205), None: (210, 205, 180)}
SIDE_COLOUR = {"athens": (30, 70, 190), "sparta": (190, 40, 30)}
LOYAL_COLOUR = {"athenian": (30, 70, 190), "spartan": (190, 40, 30), "neutral": (120, 120, 110),
                "persian": (120, 60, 150), "none": (90, 90, 90)}
SIDE_OF = {"athenian": "athens", "spartan": "sparta"}


FOCUS, REACH, POWER = (0.40, 0.52), 0.55, 0.7   # magnify crowded central Greece


def _pos(x: float, y: float, inset: bool = False) -> tuple[int, int]:
    if not inset:
        dx, dy = x - FOCUS[0], y - FOCUS[1]
        r = (dx * dx + dy * dy) ** 0.5
        if r > 0:
            k = (r / REACH) ** POWER * REACH / r
            x, y = FOCUS[0] + dx * k, FOCUS[1] + dy * k
    return int(40 + x * (W - 80)), int(20 + y * (H - 40))


def _at(game, loc: str) -> tuple[int, int]:
    b = game.map.board
    return _pos(b.attr(loc, "x"), b.attr(loc, "y"), bool(b.attr(loc, "inset", False)))


def _city_at(game, c) -> tuple[int, int]:
    return _pos(c.x, c.y, game.map.is_inset(c.area))


def _partition(game) -> tuple[np.ndarray, list[str]]:
    """Label every pixel with its nearest area point; inset areas only inside the inset frame.
    Pixels far from every point are open sea."""
    m = game.map.board
    names = list(m.locations)
    pts = np.array([_at(game, n) for n in names], dtype=np.float32)
    inset = np.array([bool(m.attr(n, "inset", False)) for n in names])
    sea = np.array([m.attr(n, "kind") == "sea" for n in names])
    scale = 4
    gx, gy = np.meshgrid(np.arange(0, W, scale), np.arange(0, H, scale))
    px = np.stack([gx.ravel(), gy.ravel()], axis=1).astype(np.float32)
    lo, hi = pts[inset].min(axis=0) - 35, pts[inset].max(axis=0) + 35
    in_frame = np.all((px >= lo) & (px <= hi), axis=1)
    d = np.linalg.norm(px[:, None, :] - pts[None, :, :], axis=2)
    d[:, sea] *= 1.25                       # seas are drawn a little smaller than land areas
    d[np.ix_(in_frame, ~inset)] = np.inf
    d[np.ix_(~in_frame, inset)] = np.inf
    label = d.argmin(axis=1)
    label[d.min(axis=1) > 90] = -1
    return label.reshape(gy.shape), names, (lo, hi), scale


def _area_colour(game, view, name: str):
    m = game.map
    if m.is_sea(name):
        return SEA
    cities = m.cities_in(name)
    if not cities:
        return LAND[None]
    holders = [view["cities"][c.name]["controller"] for c in cities]
    if all(h is None for h in holders):
        return LAND.get(cities[0].loyalty, LAND[None])
    side = max(set(h for h in holders if h), key=holders.count)
    return LAND[side]


def draw(game, surface, side: str | None = None) -> None:
    import pygame
    view = game.view(side)
    m = game.map
    label, names, frame, scale = _partition(game)
    colours = np.array([_area_colour(game, view, n) for n in names] + [SEA_DEEP], dtype=np.uint8)
    img = colours[label]                                     # -1 picks the deep-sea colour
    edge = np.zeros(label.shape, bool)
    edge[:, 1:] |= label[:, 1:] != label[:, :-1]
    edge[1:, :] |= label[1:, :] != label[:-1, :]
    img[edge] = (60, 55, 45)
    small = pygame.surfarray.make_surface(np.transpose(img, (1, 0, 2)))
    surface.blit(pygame.transform.scale(small, (W, H)), (0, 0))
    lo, hi = frame
    pygame.draw.rect(surface, (30, 30, 30), pygame.Rect(int(lo[0]), int(lo[1]), int(hi[0] - lo[0]), int(hi[1] - lo[1])), 2)
    font = pygame.font.Font(None, 17)
    small_font = pygame.font.Font(None, 15)
    surface.blit(font.render("SICILY (out of play in 431)", True, (20, 20, 20)), (int(lo[0]) + 4, int(lo[1]) + 3))
    for n in names:
        x, y = _at(game, n)
        text = small_font.render(n, True, (230, 240, 255) if m.is_sea(n) else (40, 35, 30))
        surface.blit(text, (x - text.get_width() // 2, y + 9))
    for c in m.cities.values():
        x, y = _city_at(game, c)
        info = view["cities"][c.name]
        if c.port:                                           # 7.4: the port juts into one sea
            sx, sy = _at(game, c.offshore_sea)
            v = np.array([sx - x, sy - y], float)
            v = v / (np.linalg.norm(v) or 1) * 11
            pygame.draw.line(surface, (20, 20, 60), (x, y), (x + int(v[0]), y + int(v[1])), 3)
        colour = SIDE_COLOUR.get(info["controller"], LOYAL_COLOUR[c.loyalty])
        r = 6 if c.tribute >= 2 else 4
        rect = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        if c.walled:
            pygame.draw.rect(surface, colour, rect)
            pygame.draw.rect(surface, (0, 0, 0), rect, 1)
        else:
            pygame.draw.circle(surface, colour, (x, y), r)
        if info["controller"] and SIDE_OF.get(c.loyalty) not in (None, info["controller"]):
            pygame.draw.circle(surface, (255, 215, 0), (x, y), r + 3, 2)   # captured
        if info["besieged_by"]:
            pygame.draw.circle(surface, SIDE_COLOUR[info["besieged_by"]], (x, y), r + 6, 2)
        if c.tribute >= 2:
            t = font.render(c.name, True, (10, 10, 10))
            surface.blit(t, (x + 8, y - 8))
    _draw_blocks(game, view, surface, side, font)
    _legend(surface, font)
    title = pygame.font.Font(None, 26).render(
        f"{view['year']} BC  {view['season']}  Prestige: {_lead(view['prestige'])}", True, (255, 255, 255))
    surface.blit(title, (W - title.get_width() - 20, 12))


def _lead(prestige: int) -> str:
    if prestige == 0:
        return "level"
    return f"{'Athens' if prestige > 0 else 'Sparta'} ahead by {abs(prestige)}"


def _stack_points(game, view, side):
    """(location, side, label) for each stack: own blocks with their steps, enemy as counts."""
    out = []
    for b in view["blocks"]:
        out.append((b["location"], b["side"], str(b["steps"]), b["kind"] == "fleet"))
    for loc, counts in view["enemy_blocks"].items():
        for s, n in counts.items():
            out.extend((loc, s, "?", False) for _ in range(n))
    return out


def _draw_blocks(game, view, surface, side, font) -> None:
    import pygame
    m = game.map
    slots: dict[tuple[str, str], int] = {}
    for loc, s, text, fleet in _stack_points(game, view, side):
        inside = loc.startswith("city:")
        if loc in ("pool", "box"):
            continue
        if inside:
            x, y = _city_at(game, m.cities[loc[5:]])
            y -= 18
        else:
            x, y = _at(game, loc)
            x += 8 if s == "sparta" else -8 - 4 * 15
            y -= 30
        k = slots.get((loc, s), 0)
        slots[(loc, s)] = k + 1
        rect = pygame.Rect(x + (k % 4) * 15, y - (k // 4) * 14, 14, 13)
        pygame.draw.rect(surface, SIDE_COLOUR[s], rect, border_radius=2)
        pygame.draw.rect(surface, (250, 250, 240) if not inside else (0, 0, 0), rect, 1, border_radius=2)
        label = font.render(("~" if fleet else "") + text if len(text) < 2 else text, True, (255, 255, 255))
        surface.blit(label, (rect.x + 3, rect.y + 1))


def _legend(surface, font) -> None:
    import pygame
    box = pygame.Rect(W - 250, H - 150, 240, 140)
    pygame.draw.rect(surface, (240, 236, 222), box)
    pygame.draw.rect(surface, (0, 0, 0), box, 1)
    x, y = box.x + 10, box.y + 8
    rows = [("rect", SIDE_COLOUR["athens"], "walled city, Athenian control"),
            ("rect", SIDE_COLOUR["sparta"], "walled city, Spartan control"),
            ("circle", LOYAL_COLOUR["neutral"], "unwalled city (neutral grey)"),
            ("port", (20, 20, 60), "port: line into its offshore sea"),
            ("ring", SIDE_COLOUR["sparta"], "ring: besieged (besieger's colour)"),
            ("gold", (255, 215, 0), "gold ring: captured city"),
            ("block", SIDE_COLOUR["athens"], "block (steps; ~ fleet; ? unseen)")]
    for kind, colour, text in rows:
        cx, cy = x + 6, y + 7
        if kind == "rect":
            pygame.draw.rect(surface, colour, pygame.Rect(cx - 5, cy - 5, 10, 10))
        elif kind == "circle":
            pygame.draw.circle(surface, colour, (cx, cy), 5)
        elif kind == "port":
            pygame.draw.line(surface, colour, (cx - 5, cy), (cx + 6, cy), 3)
        elif kind in ("ring", "gold"):
            pygame.draw.circle(surface, colour, (cx, cy), 7, 2)
        else:
            pygame.draw.rect(surface, colour, pygame.Rect(cx - 6, cy - 6, 13, 12), border_radius=2)
        surface.blit(font.render(text, True, (20, 20, 20)), (x + 18, y + 1))
        y += 18


def export_png(game, path, side: str | None = None, **kw) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    pygame.init()
    surface = pygame.Surface((W, H))
    draw(game, surface, side)
    pygame.image.save(surface, str(path))


def play(game, args) -> None:
    """A window: the human commands `args.side` (none: hot-seat, both sides) by choosing among
    the legal actions (Up/Down, Enter); the scripted opponent (`args.ai`, default random) plays
    the other side. Ctrl+S and closing the window save to `args.save`."""
    import pygame
    from sim.core.save import save
    from sim.hellas import make_player
    human = getattr(args, "side", None)
    opponent = None if human is None else ("sparta" if human == "athens" else "athens")
    level = getattr(args, "ai", None) or "random"
    ai = make_player(opponent, level, getattr(args, "seed", 0) or 0) if opponent else None
    target = getattr(args, "save", None)
    pygame.init()
    screen = pygame.display.set_mode((W + PANEL, H))
    pygame.display.set_caption("Kassen - Hellas")
    font = pygame.font.Font(None, 18)
    choice, running, clock = 0, True, pygame.time.Clock()
    while running and not game.is_over():
        if opponent and game.to_act() == opponent:
            game.apply(ai.choose(game, opponent))
            continue
        seat = human or game.to_act()
        legal = game.legal_actions(seat)
        for e in pygame.event.get():
            if e.type == pygame.QUIT:
                running = False
            elif e.type == pygame.KEYDOWN:
                if e.key == pygame.K_s and e.mod & pygame.KMOD_CTRL and target:
                    save(game, target)
                elif e.key == pygame.K_DOWN:
                    choice = (choice + 1) % len(legal)
                elif e.key == pygame.K_UP:
                    choice = (choice - 1) % len(legal)
                elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    game.apply(legal[choice])
                    choice = 0
                    seat = human or game.to_act()
                    legal = game.legal_actions(seat)
                    break
        screen.fill((25, 25, 30))
        draw(game, screen, seat)
        y = 10
        for i, a in enumerate(legal[max(0, choice - 20): choice + 30]):
            idx = i + max(0, choice - 20)
            colour = (255, 230, 120) if idx == choice else (220, 220, 220)
            screen.blit(font.render(repr(a)[:60], True, colour), (W + 10, y))
            y += 16
        for line in game.view(seat)["log"][-20:]:
            screen.blit(font.render(line[:62], True, (160, 200, 160)), (W + 10, y + 10))
            y += 15
        pygame.display.flip()
        clock.tick(30)
    if target:
        save(game, target)
    pygame.quit()
