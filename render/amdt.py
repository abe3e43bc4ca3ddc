"""A Most Dangerous Time map view (pygame-ce). Reads `game.view(side)` and the side's visible
event log only, so a seat's window never shows another seat's cards; changes a game only by
`apply` of the action the human picked in `play`.

Layout: the sector map on the left (sector positions from the map data, scaled to their
bounding box), tinted by 4-player sphere; on the right the turn, the chit cup, the End Turn
chit, hands, neutral entries, the legal actions (in `play`) and the log.
"""
from __future__ import annotations

import os

import pygame

from sim.amdt.control import sphere
from sim.amdt.data import data

INK = (40, 36, 30)
PAPER = (245, 240, 228)
SEA = (176, 202, 216)
FACTION = {"oda": (196, 36, 40), "anti": (36, 56, 120), "neutral": (120, 120, 120), "": (200, 196, 186)}
SEAT = {"hideyoshi": (232, 132, 28), "katsuie": (40, 140, 70), "tokugawa": (120, 60, 150),
        "oda": (196, 36, 40), "anti": (36, 56, 120), "north": (36, 56, 120), "west": (20, 120, 150)}
SPHERE_TINT = {"hideyoshi": (240, 214, 178), "katsuie": (200, 226, 196), "tokugawa": (220, 204, 230),
               "oda": (238, 196, 190), "": (226, 218, 196)}
ROAD = {"main": ((140, 70, 40), 4), "minor": ((130, 130, 118), 2), "sea": ((70, 120, 170), 2),
        "strait": ((70, 120, 170), 3)}
ABBR = {"nobunaga": "NOB", "katsuie": "Kts", "hideyoshi": "Hid", "akechi": "Ake", "niwa": "Niw",
        "ieyasu": "Iey"}


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    f = pygame.font.Font(None, size)
    f.set_bold(bold)
    return f


def _spread(board, centre: str = "Kyoto", power: float = 0.75) -> dict[str, tuple[float, float]]:
    """Real castle positions crowd the Kinai around Kyoto; a radial (fisheye) warp centred on
    Kyoto spreads them while keeping every direction, so the map still reads as Japan."""
    cx, cy = board.attr(centre, "x"), board.attr(centre, "y")
    raw = {s: (board.attr(s, "x") - cx, board.attr(s, "y") - cy) for s in board.locations}
    rmax = max((dx * dx + dy * dy) ** 0.5 for dx, dy in raw.values())
    out = {}
    for s, (dx, dy) in raw.items():
        r = (dx * dx + dy * dy) ** 0.5
        k = 0.0 if r == 0 else rmax * (r / rmax) ** power / r
        out[s] = (dx * k, dy * k)
    return _relax(out)


def _relax(pos: dict[str, tuple[float, float]], dmin: float = 0.055, rounds: int = 120):
    """Push apart sectors closer than dmin (of the map's width) so labels and chips fit."""
    names = sorted(pos)
    xs = [pos[n][0] for n in names]
    ys = [pos[n][1] for n in names]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    d2 = (dmin * span) ** 2
    for _ in range(rounds):
        moved = False
        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                dx, dy = xs[j] - xs[i], ys[j] - ys[i]
                dd = dx * dx + dy * dy
                if dd >= d2:
                    continue
                moved = True
                dist = dd ** 0.5 or 1e-6
                push = (dmin * span - dist) / 2 / dist
                xs[i] -= dx * push
                ys[i] -= dy * push
                xs[j] += dx * push
                ys[j] += dy * push
        if not moved:
            break
    return {n: (x, y) for n, x, y in zip(names, xs, ys)}


class MapView:
    def __init__(self, size=(1600, 1000)):
        pygame.font.init()
        self.size = size
        self.d = data()
        w, h = size
        self.panel_w = 420
        self.map_rect = pygame.Rect(10, 10, w - self.panel_w - 20, h - 20)
        self.panel_rect = pygame.Rect(w - self.panel_w, 0, self.panel_w, h)
        self.pos = _spread(self.d.board)
        xs = [p[0] for p in self.pos.values()]
        ys = [p[1] for p in self.pos.values()]
        self.box = (min(xs), max(xs), min(ys), max(ys))
        self.f_tiny, self.f_small, self.f_med, self.f_big = _font(14), _font(17), _font(21), _font(28, True)
        self.action_rects: list[tuple[pygame.Rect, object]] = []

    def xy(self, sector: str) -> tuple[int, int]:
        x0, x1, y0, y1 = self.box
        r = self.map_rect
        px, py = self.pos[sector]
        x = (px - x0) / (x1 - x0)
        y = (py - y0) / (y1 - y0)
        return int(r.x + 40 + x * (r.w - 80)), int(r.y + 30 + y * (r.h - 60))

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surf, game, side=None, actions=None):
        v = game.view(side)
        surf.fill(PAPER)
        pygame.draw.rect(surf, SEA, self.map_rect)
        self._land(surf, game, v)
        self._links(surf)
        self._sectors(surf, v)
        self._stacks(surf, v)
        self._panel(surf, game, v, side, actions or [])

    def _land(self, surf, game, v):
        st = game.state
        for s in self.d.board.locations:
            if self.d.is_sea(s):
                continue
            tint = SPHERE_TINT[sphere(st, s)] if v["mode"] == 4 else SPHERE_TINT[""]
            pygame.draw.circle(surf, tint, self.xy(s), 30)
        for a, b, kind in self.d.board.edges():
            if kind == "land":
                ta = SPHERE_TINT[sphere(st, a)] if v["mode"] == 4 else SPHERE_TINT[""]
                pygame.draw.line(surf, ta, self.xy(a), self.xy(b), 34)

    def _links(self, surf):
        for a, b, kind in self.d.board.edges():
            colour, width = ROAD[self.d.link_road(a, b)]
            pygame.draw.line(surf, colour, self.xy(a), self.xy(b), width)

    def _sectors(self, surf, v):
        for s in self.d.board.locations:
            x, y = self.xy(s)
            clan = v["control"].get(s, "")
            fac = v["factions"].get(clan, "") if clan else ""
            level = v["castle"].get(s, 0)
            if self.d.is_sea(s):
                pygame.draw.ellipse(surf, (150, 185, 210), (x - 30, y - 12, 60, 24))
                pygame.draw.ellipse(surf, INK, (x - 30, y - 12, 60, 24), 1)
            elif level:
                half = 5 + 3 * level
                rect = pygame.Rect(x - half, y - half, 2 * half, 2 * half)
                pygame.draw.rect(surf, FACTION[fac], rect)
                pygame.draw.rect(surf, INK, rect, 1)
                t = self.f_tiny.render(str(level), True, (250, 248, 240))
                surf.blit(t, (x - t.get_width() // 2, y - t.get_height() // 2 + 1))
            else:
                pygame.draw.circle(surf, FACTION[fac], (x, y), 5)
                pygame.draw.circle(surf, INK, (x, y), 5, 1)
            label = self.f_tiny.render(s, True, INK)
            surf.blit(label, (x - label.get_width() // 2, y + 13))
        if v["battle"]:
            pygame.draw.circle(surf, (200, 20, 20), self.xy(v["battle"]["sector"]), 26, 3)
        x, y = self.xy("Kyoto")
        if v["end_turn"] == "Kyoto":
            self._chip(surf, x + 16, y - 30, (20, 20, 20), "END", 30)

    def _chip(self, surf, x, y, colour, text, w=24, h=15):
        rect = pygame.Rect(x, y, w, h)
        pygame.draw.rect(surf, colour, rect, border_radius=3)
        pygame.draw.rect(surf, INK, rect, 1, border_radius=3)
        t = self.f_tiny.render(text, True, (250, 248, 240))
        surf.blit(t, (x + (w - t.get_width()) // 2, y + (h - t.get_height()) // 2 + 1))

    def _stacks(self, surf, v):
        """Per sector one chip per controlling seat (soldier count) and its leaders above."""
        stacks: dict[str, dict[str, list]] = {}
        for u in v["units"]:
            if u["status"] != "map":
                continue
            seat = u["player"] or "neutral"
            stacks.setdefault(u["sector"], {}).setdefault(seat, []).append(u)
        for s, seats in stacks.items():
            x, y = self.xy(s)
            row = 0
            for seat in sorted(seats):
                units = seats[seat]
                men = sum(1 for u in units if u["kind"] == "soldier")
                castle = sum(1 for u in units if u["kind"] == "soldier" and u["in_castle"])
                leaders = [ABBR.get(u["id"], u["id"][:3].title()) for u in units if u["kind"] == "leader"]
                colour = SEAT.get(seat, FACTION.get(units[0]["faction"], FACTION["neutral"]))
                if seat == "neutral":
                    colour = FACTION["neutral"] if units[0]["faction"] == "neutral" else FACTION[units[0]["faction"]]
                text = f"{men}" if not castle else (f"[{castle}]" if castle == men else f"{men}[{castle}]")
                right = row % 2 == 0            # alternate sides so tall stacks stay short
                cy = y - 24 - (row // 2) * 17
                lt = None
                if leaders:
                    lt = self.f_tiny.render(" ".join(leaders[:3]) + ("+" if len(leaders) > 3 else ""), True, INK)
                if right:
                    cx = x + 12
                    lx = cx + 32
                else:
                    lx = x - 12 - 30 - (lt.get_width() + 6 if lt else 0)
                    cx = lx + (lt.get_width() + 6 if lt else 0)
                self._chip(surf, cx, cy, colour, text, 30)
                if lt:
                    pygame.draw.rect(surf, PAPER, (lx, cy, lt.get_width() + 4, 15))
                    surf.blit(lt, (lx + 2, cy + 2))
                row += 1

    def _text(self, surf, text, x, y, font=None, colour=INK):
        img = (font or self.f_med).render(text, True, colour)
        surf.blit(img, (x, y))
        return y + img.get_height() + 3

    def _panel(self, surf, game, v, side, actions):
        p = self.panel_rect
        pygame.draw.rect(surf, (236, 230, 214), p)
        x, y = p.x + 12, 10
        year = 1570 + (v["turn"] - 1) // 2
        y = self._text(surf, f"A Most Dangerous Time - turn {v['turn']} ({year})", x, y, self.f_big)
        y = self._text(surf, f"{v['mode']} players; viewer: {side or 'all'}", x, y)
        act = v["active"]
        if act:
            y = self._text(surf, f"chit: {act['chit']} -> {act['player']}, {act['mp']} MP", x, y)
        y = self._text(surf, f"cup: {', '.join(v['pool']) or '(empty)'}", x, y, self.f_small)
        y = self._text(surf, f"End Turn chit: {v['end_turn']}    capital: {v['capital']}", x, y, self.f_small)
        hands = ", ".join(f"{h}: {c if isinstance(c, int) else len(c)}" for h, c in v["hands"].items())
        y = self._text(surf, f"cards {hands}; deck {v['deck']}", x, y, self.f_small)
        for h, c in v["hands"].items():
            if not isinstance(c, int) and c:
                y = self._text(surf, f"  {h} hand: {', '.join(c)}", x, y, self.f_small)
        if v["entry"]:
            y = self._text(surf, "enter on turn: " + ", ".join(f"{k} {t}" for k, t in sorted(v["entry"].items())),
                           x, y, self.f_small)
        if v["decision"]:
            y = self._text(surf, f"decision: {v['decision']['kind']} by {v['decision']['side']}", x, y,
                           colour=(170, 20, 20))
        if v["winner"] or v["phase"] == "over":
            y = self._text(surf, f"OVER: {v['winner'] or 'no single winner'} - {v['reason']}", x, y,
                           colour=(170, 20, 20))
        y += 6
        self.action_rects = []
        if actions:
            y = self._text(surf, "your options (click):", x, y)
            for a in actions[:22]:
                rect = pygame.Rect(x, y, p.w - 24, 18)
                pygame.draw.rect(surf, (250, 246, 236), rect)
                self._text(surf, _describe(a), x + 3, y + 2, self.f_small)
                self.action_rects.append((rect, a))
                y += 20
        y += 6
        y = self._text(surf, "log:", x, y)
        for e in game.visible_events(side)[-max(4, (p.h - y) // 17 - 1):]:
            if e.kind == "DiceRolled" and not e.purpose.endswith("fire"):
                continue
            y = self._text(surf, e.describe()[:62], x, y, self.f_tiny)
            if y > p.h - 16:
                break


def _describe(a) -> str:
    fields = [str(v) for k, v in a.__dict__.items() if k != "side" and v not in ("", None)]
    return f"{a.kind} " + " ".join(fields)


def export_png(game, path, side=None, size=(1600, 1000), **kw) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    view = MapView(size)
    surf = pygame.Surface(size)
    view.draw(surf, game, side)
    pygame.image.save(surf, str(path))


def play(game, args) -> None:
    """A window for the seats in args.side (comma list; default the first seat); the scripted
    opponent (args.ai, default normal) plays every other seat."""
    from sim.amdt import make_player
    pygame.init()
    view = MapView(getattr(args, "size", (1600, 1000)))
    screen = pygame.display.set_mode(view.size)
    pygame.display.set_caption("Kassen - A Most Dangerous Time")
    humans = set((getattr(args, "side", None) or game.sides()[0]).split(","))
    level = getattr(args, "ai", None) or "normal"
    bots = {s: make_player(s, level, 1000 + i) for i, s in enumerate(game.sides()) if s not in humans}
    clock = pygame.time.Clock()
    seat = sorted(humans)[0]
    while True:
        turn = game.to_act()
        if turn in bots:
            game.apply(bots[turn].choose(game, turn))
        elif turn in humans:
            seat = turn
        options = game.legal_actions(seat) if turn == seat else []
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                pygame.quit()
                return
            if ev.type == pygame.MOUSEBUTTONDOWN:
                for rect, action in view.action_rects:
                    if rect.collidepoint(ev.pos):
                        game.apply(action)
                        break
        view.draw(screen, game, seat, options)
        pygame.display.flip()
        clock.tick(30)
