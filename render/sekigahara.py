"""Sekigahara map view (pygame-ce). Reads `game.view(side)` and the side's event log only, so
a player's window never shows what that player may not know; never changes a game except by
`apply` of an action the human picked in `play`.

Layout: the province map on the left at the board's 34:22 aspect ratio, with the off-map
boxes along its bottom; on the right a panel with the week, scores, the current battle, the
viewer's hand, the legal actions (in `play`) and the log.
"""
from __future__ import annotations

import math
import os

import pygame

from sim.sekigahara.setup import printed_map

ASPECT = 22 / 34
COLOURS = {
    "tokugawa": (30, 30, 34), "ishida": (214, 168, 38),
    "tokugawa_text": (235, 235, 235), "ishida_text": (40, 30, 10),
    "sea": (178, 203, 214), "land": (226, 214, 178), "panel": (245, 240, 228),
    "highway": (140, 70, 40), "road": (120, 128, 118), "ink": (40, 36, 30),
    "resource": (200, 30, 30), "none": (150, 150, 150), "battle": (190, 20, 20),
}
SHORT = {"leader": "L", "3": "3", "2": "2", "gun": "G", "cavalry": "C", "naomasa": "4"}
CLAN_ABBR = {"tokugawa": "To", "fukushima": "Fu", "maeda": "Ma", "date": "Da", "ii": "Ii",
             "ishida": "Is", "mori": "Mo", "ukita": "Uk", "kobayakawa": "Ko", "uesugi": "Ue"}
BOXES = ["Tokugawa Recruitment", "Ishida Recruitment", "Mori Box"]


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    f = pygame.font.Font(None, size)
    f.set_bold(bold)
    return f


def block_label(face: str) -> str:
    clan, kind = face.split("_", 1)
    return CLAN_ABBR.get(clan, clan[:2]) + SHORT.get(kind, kind[:1])


class MapView:
    def __init__(self, size=(1600, 900)):
        pygame.font.init()
        self.size = size
        self.map = printed_map()
        w, h = size
        self.panel_w = 400
        map_w = w - self.panel_w - 20
        map_h = int(map_w * ASPECT)
        if map_h > h - 110:
            map_h = h - 110
            map_w = int(map_h / ASPECT)
        self.map_rect = pygame.Rect(10, 10, map_w, map_h)
        self.box_rect = pygame.Rect(10, map_h + 20, map_w, min(100, h - map_h - 30))
        self.panel_rect = pygame.Rect(w - self.panel_w, 0, self.panel_w, h)
        self.f_small, self.f_med, self.f_big = _font(17), _font(21), _font(28, True)
        self.f_chip = _font(15)
        self.action_rects: list[tuple[pygame.Rect, object]] = []

    def xy(self, loc: str) -> tuple[int, int]:
        x, y = self.map.attr(loc, "x"), self.map.attr(loc, "y")
        r = self.map_rect
        return int(r.x + 20 + x * (r.w - 40)), int(r.y + 20 + y * (r.h - 40))

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surf, game, side=None, actions=None, scroll=0):
        v = game.view(side)
        surf.fill(COLOURS["panel"])
        pygame.draw.rect(surf, COLOURS["sea"], self.map_rect)
        self._land(surf)
        self._edges(surf)
        self._locations(surf, v)
        self._stacks(surf, v, side)
        self._boxes(surf, v, side)
        self._panel(surf, game, v, side, actions or [], scroll)

    def _land(self, surf):
        # a soft land mass under the locations so the board reads as a map, not a diagram
        for loc in self.map.locations:
            pygame.draw.circle(surf, COLOURS["land"], self.xy(loc), 44)
        for a, b, _ in self.map.edges():
            pygame.draw.line(surf, COLOURS["land"], self.xy(a), self.xy(b), 70)

    def _edges(self, surf):
        for a, b, kind in self.map.edges():
            colour = COLOURS[kind] if kind in COLOURS else COLOURS["road"]
            pygame.draw.line(surf, colour, self.xy(a), self.xy(b), 6 if kind == "highway" else 2)

    def _locations(self, surf, v):
        for loc in self.map.locations:
            x, y = self.xy(loc)
            attr = lambda k: self.map.attr(loc, k)
            if attr("castle"):
                holder = v["castles"].get(loc, attr("castle_alignment"))
                rect = pygame.Rect(x - 13, y - 13, 26, 26)
                pygame.draw.rect(surf, COLOURS[holder], rect)
                pygame.draw.rect(surf, COLOURS[attr("castle_alignment")], rect.inflate(8, 8), 3)
            if attr("capital"):
                colour = COLOURS[attr("capital_alignment")]
                for i in range(12):
                    ang = i * math.pi / 6
                    pygame.draw.line(surf, colour, (x + 11 * math.cos(ang), y + 11 * math.sin(ang)),
                                     (x + 19 * math.cos(ang), y + 19 * math.sin(ang)), 3)
            pygame.draw.circle(surf, (250, 248, 240), (x, y), 9)
            pygame.draw.circle(surf, COLOURS["ink"], (x, y), 9, 1)
            if attr("resource"):
                pygame.draw.circle(surf, COLOURS["resource"], (x, y), 5)
                owner = v["control"].get(loc)
                if owner:
                    pygame.draw.rect(surf, COLOURS[owner], (x + 8, y + 4, 8, 8))
            label = self.f_chip.render(loc, True, COLOURS["ink"])
            surf.blit(label, (x - label.get_width() // 2, y + 13))
        if v["battle"]:
            x, y = self.xy(v["battle"]["location"])
            pygame.draw.circle(surf, COLOURS["battle"], (x, y), 34, 4)

    def _chip(self, surf, x, y, side, text, w=30, h=20):
        rect = pygame.Rect(x, y, w, h)
        pygame.draw.rect(surf, COLOURS[side], rect, border_radius=3)
        pygame.draw.rect(surf, (250, 248, 240) if side == "tokugawa" else COLOURS["ink"], rect, 1, border_radius=3)
        if text:
            t = (self.f_chip if w < 30 else self.f_small).render(text, True, COLOURS[side + "_text"])
            surf.blit(t, (x + (w - t.get_width()) // 2, y + (h - t.get_height()) // 2 + 1))

    def _stacks(self, surf, v, side):
        for loc, st in v["stacks"].items():
            if loc not in self.map.graph:
                continue
            x, y = self.xy(loc)
            for row, who in enumerate(("tokugawa", "ishida")):
                n = st[who]
                if not n:
                    continue
                shown = [b for b in st["blocks"] if b["side"] == who]
                labels = [block_label(b["face"]) for b in shown] + [""] * (n - len(shown))
                per_row, cw, ch = 3, 22, 16
                lines = [labels[i:i + per_row] for i in range(0, len(labels), per_row)]
                # own colour above the location for Tokugawa, below its name for Ishida
                base_y = y - 12 - (ch + 1) * len(lines) if who == "tokugawa" else y + 27
                for li, line in enumerate(lines):
                    x0 = x - (len(line) * (cw + 1)) // 2
                    x0 = min(max(x0, self.map_rect.x + 2), self.map_rect.right - len(line) * (cw + 1) - 2)
                    for i, text in enumerate(line):
                        self._chip(surf, x0 + i * (cw + 1), base_y + li * (ch + 1), who, text, cw, ch)
        for disk, loc in v["disks"].items():
            x, y = self.xy(loc)
            pygame.draw.circle(surf, COLOURS["ishida"], (x - 24, y), 8)
            pygame.draw.circle(surf, COLOURS["ink"], (x - 24, y), 8, 1)
            t = self.f_small.render(disk[0].upper(), True, COLOURS["ink"])
            surf.blit(t, (x - 24 - t.get_width() // 2, y - t.get_height() // 2 + 1))

    def _boxes(self, surf, v, side):
        r = self.box_rect
        w = r.w // 3 - 10
        for i, name in enumerate(BOXES):
            box = pygame.Rect(r.x + i * (w + 15), r.y, w, r.h)
            pygame.draw.rect(surf, (236, 228, 206), box)
            pygame.draw.rect(surf, COLOURS["ink"], box, 1)
            surf.blit(self.f_med.render(name, True, COLOURS["ink"]), (box.x + 8, box.y + 6))
            st = v["stacks"].get(name, {"tokugawa": 0, "ishida": 0, "blocks": []})
            who = "tokugawa" if name.startswith("Tokugawa") else "ishida"
            shown = [block_label(b["face"]) for b in st["blocks"]]
            labels = shown + [""] * (st[who] - len(shown))
            for j, text in enumerate(labels):
                self._chip(surf, box.x + 8 + (j % 12) * 34, box.y + 32 + (j // 12) * 24, who, text)

    def _text(self, surf, text, x, y, font=None, colour=None):
        img = (font or self.f_med).render(text, True, colour or COLOURS["ink"])
        surf.blit(img, (x, y))
        return y + img.get_height() + 3

    def _panel(self, surf, game, v, side, actions, scroll):
        p = self.panel_rect
        pygame.draw.rect(surf, (236, 230, 214), p)
        x, y = p.x + 12, 10
        y = self._text(surf, f"Sekigahara - week {v['week']} turn {v['turn']}", x, y, self.f_big)
        sc = v["scores"]
        y = self._text(surf, f"VP tokugawa {sc['tokugawa']}  ishida {sc['ishida']}   viewer: {side or 'all'}", x, y)
        y = self._text(surf, f"awaiting: {v['actor'] or '-'} ({v['step']})", x, y)
        hs = v["hands"]
        y = self._text(surf, f"cards: tokugawa {hs['tokugawa'] if isinstance(hs['tokugawa'], int) else len(hs['tokugawa'])}"
                              f"  ishida {hs['ishida'] if isinstance(hs['ishida'], int) else len(hs['ishida'])}"
                              f"   decks {v['deck_sizes']['tokugawa']}/{v['deck_sizes']['ishida']}", x, y)
        if v["winner"]:
            y = self._text(surf, f"WINNER: {v['winner']} - {v['reason']}", x, y, colour=COLOURS["battle"])
        b = v["battle"]
        if b:
            y += 6
            kind = "SIEGE" if b["siege"] else "BATTLE"
            y = self._text(surf, f"{kind} at {b['location']}: {b['attacker']} attacks", x, y, colour=COLOURS["battle"])
            for who in (b["attacker"], b["defender"]):
                y = self._text(surf, f"{who}: impact {b['impact'][who]}{'  (passed)' if b['passed'][who] else ''}", x, y)
                faces = [block_label(f) for f in b["deployed"][who]]
                for j, t in enumerate(faces):
                    self._chip(surf, x + (j % 11) * 34, y + (j // 11) * 22, who, t)
                y += 24 * max(1, (len(faces) + 10) // 11)
            if b["defected"]:
                y = self._text(surf, "defected: " + ", ".join(b["defected"]), x, y)
        if v["hand"] is not None:
            y += 6
            y = self._text(surf, f"{side} hand ({len(v['hand'])}):", x, y, colour=(90, 60, 20))
            cards = v["hand"]
            line = ""
            for c in cards:
                piece = c.replace(":", " ") + ", "
                if self.f_small.size(line + piece)[0] > p.w - 24:
                    y = self._text(surf, line, x, y, self.f_small)
                    line = ""
                line += piece
            if line:
                y = self._text(surf, line.rstrip(", "), x, y, self.f_small)
        self.action_rects = []
        if actions:
            y += 6
            y = self._text(surf, "your choices (click; wheel scrolls):", x, y, colour=(90, 60, 20))
            for i, a in enumerate(actions[scroll:scroll + 14]):
                rect = pygame.Rect(x, y, p.w - 24, 20)
                pygame.draw.rect(surf, (250, 246, 236), rect)
                surf.blit(self.f_small.render(self._fit(_describe_action(a), p.w - 32), True, COLOURS["ink"]), (x + 4, y + 3))
                self.action_rects.append((rect, a))
                y += 22
        y += 6
        y = self._text(surf, "log:", x, y, colour=(90, 60, 20))
        log = [e for e in game.events_for(side) if e.kind != "DiceRolled"]
        room = max(0, (self.size[1] - y - 8) // 18)
        for e in log[-room:] if room else []:
            y = self._text(surf, self._fit(e.describe(), p.w - 24), x, y, self.f_small)

    def _fit(self, text: str, width: int) -> str:
        """Trim a log line to the panel width (in pixels, not characters)."""
        if self.f_small.size(text)[0] <= width:
            return text
        while text and self.f_small.size(text + "...")[0] > width:
            text = text[:-1]
        return text + "..."


def _describe_action(a) -> str:
    fields = {k: v for k, v in a.__dict__.items() if k != "side"}
    return a.kind + " " + " ".join(f"{k}={v}" for k, v in fields.items())


def export_png(game, path, side=None, size=(1600, 900), **kw):
    """Draw the view of `side` (None: everything) to a PNG, headless."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    view = MapView(size)
    surf = pygame.Surface(size)
    view.draw(surf, game, side)
    pygame.image.save(surf, str(path))
    return path


def play(game, args):
    """A window: the human commands `args.side` (default tokugawa) by clicking a legal action;
    the scripted opponent plays the other side."""
    from sim.sekigahara import make_player
    human = getattr(args, "side", None) or "tokugawa"
    level = getattr(args, "ai", None) or "normal"
    other = "ishida" if human == "tokugawa" else "tokugawa"
    ai = make_player(other, level, getattr(args, "seed", 0) or 0)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1600, 900))
    pygame.display.set_caption("Kassen - Sekigahara")
    view, clock, scroll = MapView((1600, 900)), pygame.time.Clock(), 0
    while True:
        actor = game.to_act()
        if actor == other:
            game.apply(ai.choose(game, other))
        acts = game.legal_actions(human) if actor == human else []
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                pygame.quit()
                return game
            if event.type == pygame.MOUSEWHEEL:
                scroll = max(0, min(max(0, len(acts) - 14), scroll - event.y))
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for rect, a in view.action_rects:
                    if rect.collidepoint(event.pos):
                        game.apply(a)
                        scroll = 0
                        break
        view.draw(screen, game, human, acts, scroll)
        pygame.display.flip()
        clock.tick(30)


def _screenshots(out_dir: str = "docs/screenshots", seed: int = 3) -> list[str]:
    """The start of a game (Tokugawa's view) and a battle in progress (Ishida's view)."""
    from sim.core.scenario import read_toml
    from sim.sekigahara import GAME, make_player
    game = GAME.new(read_toml("scenarios/sekigahara/campaign.toml"), seed)
    paths = [export_png(game, f"{out_dir}/sekigahara_start.png", side="tokugawa")]
    players = {s: make_player(s, "normal", seed) for s in game.sides()}

    def mid_battle():
        b = game.state.battle
        return b is not None and game.state.step == "battle" and sum(map(len, b.deployed.values())) >= 4
    while game.to_act() and not mid_battle():
        game.apply(players[game.to_act()].choose(game, game.to_act()))
    paths.append(export_png(game, f"{out_dir}/sekigahara_battle.png", side="ishida"))
    return paths


if __name__ == "__main__":   # SDL_VIDEODRIVER=dummy PYTHONPATH=. python -m render.sekigahara
    print(_screenshots())
