"""A Most Dangerous Time on the shared board view (render/board/): sectors as regions around
their castle points (spread from the crowded Kinai so every sector can be clicked), tinted by
the controlling faction, castle levels, one chip per leader and a soldier count per seat, the
chit cup and hands in the panel. Counters are open in this game: nothing is hidden on the map."""
from __future__ import annotations

from render import board
from render.board.adapter import Anchor, BoardAdapter, LinkStyle, Marker, Piece, Place
from render.board.text import plural
from sim.amdt.control import sphere
from sim.amdt.data import data

INK = (40, 36, 30)
FACTION = {"oda": (196, 36, 40), "anti": (36, 56, 120), "neutral": (120, 120, 120), "": (200, 196, 186)}
SPHERE_TINT = {"hideyoshi": (240, 214, 178), "katsuie": (200, 226, 196), "tokugawa": (220, 204, 230),
               "oda": (238, 196, 190), "": (226, 218, 196)}     # 4 players: each alliance's sphere
TINT = {"oda": (236, 200, 192), "anti": (196, 204, 226), "neutral": (214, 210, 196), "": (226, 218, 196)}
SEAT = {"hideyoshi": (232, 132, 28), "katsuie": (40, 140, 70), "tokugawa": (120, 60, 150),
        "oda": (196, 36, 40), "anti": (36, 56, 120), "north": (36, 56, 120), "west": (20, 120, 150),
        "neutral": (120, 120, 120)}
ROAD = {"main": LinkStyle((140, 70, 40), 4), "minor": LinkStyle((130, 130, 118), 2),
        "sea": LinkStyle((70, 120, 170), 2, True), "strait": LinkStyle((70, 120, 170), 3, True)}


def spread(board_map, centre: str = "Kyoto", power: float = 0.75) -> dict[str, tuple[float, float]]:
    """Real castle positions crowd the Kinai around Kyoto; a radial (fisheye) warp centred on
    Kyoto spreads them while keeping every direction, then sectors still too close are pushed
    apart. Returned as fractions 0-1 of the map."""
    cx, cy = board_map.attr(centre, "x"), board_map.attr(centre, "y")
    raw = {s: (board_map.attr(s, "x") - cx, board_map.attr(s, "y") - cy) for s in board_map.locations}
    rmax = max((dx * dx + dy * dy) ** 0.5 for dx, dy in raw.values())
    warped = {}
    for s, (dx, dy) in raw.items():
        r = (dx * dx + dy * dy) ** 0.5
        k = 0.0 if r == 0 else rmax * (r / rmax) ** power / r
        warped[s] = (dx * k, dy * k)
    pos = _relax(warped)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    return {s: ((x - min(xs)) / (max(xs) - min(xs)), (y - min(ys)) / (max(ys) - min(ys))) for s, (x, y) in pos.items()}


def _relax(pos: dict[str, tuple[float, float]], dmin: float = 0.055, rounds: int = 120):
    """Push apart sectors closer than dmin (of the map's span) so labels and chips fit."""
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
                xs[i], ys[i] = xs[i] - dx * push, ys[i] - dy * push
                xs[j], ys[j] = xs[j] + dx * push, ys[j] + dy * push
        if not moved:
            break
    return {n: (x, y) for n, x, y in zip(names, xs, ys)}


class AmdtAdapter(BoardAdapter):
    title = "A Most Dangerous Time"
    regions = True
    side_colours = SEAT
    end_kinds = frozenset({"EndActivation"})
    battle_after = frozenset({"UnitLost", "Retreated", "Captured", "LeaderReturned"})
    turn_kinds = frozenset({"TurnStarted"})
    phase_kinds = frozenset({"ChitDrawn"})

    def __init__(self, game):
        super().__init__(game)
        self.d = data()
        self.pos = spread(self.d.board)

    def places(self):
        return [Place(s, *self.pos[s], kind="sea" if self.d.is_sea(s) else "land") for s in self.d.board.locations]

    def links(self):
        return [(a, b, self.d.link_road(a, b)) for a, b, _ in self.d.board.edges()]

    def link_style(self, kind):
        return ROAD[kind]

    def region_colour(self, view, place):
        if self.d.is_sea(place):
            return (160, 192, 212)
        if view["mode"] == 4:
            return SPHERE_TINT.get(sphere(self.game.state, place), SPHERE_TINT[""])
        clan = view["control"].get(place, "")
        return TINT[view["factions"].get(clan, "") if clan else ""]

    def markers(self, view):
        out = {}
        for s in self.d.board.locations:
            clan = view["control"].get(s, "")
            colour = FACTION[view["factions"].get(clan, "") if clan else ""]
            level = view["castle"].get(s, 0)
            if level:
                out[s] = Marker("square", colour, 5 + 2 * level, INK, text=str(level))
            elif not self.d.is_sea(s):
                out[s] = Marker("circle", colour, 4)
        if view["end_turn"] == "Kyoto":
            out["Kyoto"] = Marker("square", (20, 20, 20), 9, (250, 248, 240), text="END")
        return out

    def pieces(self, view):
        out: dict[str, list[Piece]] = {}
        seats: dict[str, dict[str, list]] = {}
        for u in view["units"]:
            if u["status"] == "map":
                seats.setdefault(u["sector"], {}).setdefault(u["player"] or u["faction"] or "neutral", []).append(u)
        for sector, by_seat in seats.items():
            for seat, units in sorted(by_seat.items()):
                side = seat if seat in SEAT else "neutral"
                for u in units:
                    if u["kind"] == "leader":
                        name = self.d.leaders.get(u["id"], {}).get("name", u["id"])
                        out.setdefault(sector, []).append(Piece(side, u["id"][:3].title(), tip=name))
                men = sum(1 for u in units if u["kind"] == "soldier")
                castle = sum(1 for u in units if u["kind"] == "soldier" and u["in_castle"])
                if men:
                    text = str(men) if not castle else f"{men}[{castle}]"
                    tip = f"{men} {seat} soldiers" + (f", {castle} in the castle" if castle else "")
                    out.setdefault(sector, []).append(Piece(side, text, tip=tip))
        return out

    def battle_place(self, view):
        return view["battle"]["sector"] if view["battle"] else None

    def status(self, view):
        year = 1570 + (view["turn"] - 1) // 2
        out = [f"Turn {view['turn']} ({year}), {view['mode']} players, phase {view['phase']}"]
        act = view["active"]
        if act:
            out.append(f"Chit {act['chit']}: {act['player']} has {act['mp']} MP")
        out.append(f"Cup: {', '.join(view['pool']) or 'empty'}; End Turn chit: {view['end_turn']}")
        for hand, cards in view["hands"].items():
            if isinstance(cards, int):
                out.append(f"{hand}: {cards} cards")
            else:
                titles = [self.d.cards.get(c, {}).get("title", c) for c in cards]
                out.append(f"{hand} hand: {', '.join(titles) or 'empty'}")
        if view["decision"]:
            out.append(f"Decision: {view['decision']['kind']} by {view['decision']['side']}")
        return out

    def battle_lines(self, view):
        b = view["battle"]
        if not b:
            return []
        return [f"Battle at {b['sector']}: {b['attacker']} against {b['defender']}"]

    def anchor(self, a):
        k = a.kind
        if k == "March":
            return Anchor(a.frm, a.to, (a.frm, a.to))
        if k in ("Assault", "Convert", "Disband"):
            return Anchor(a.sector)
        if k == "PlayCard" and a.target in self.pos:
            return Anchor(a.target)
        if k == "Retreat" and a.to:
            here = self.game.state.battle.sector if self.game.state.battle else None
            return Anchor(here, a.to, (here, a.to)) if here else Anchor(a.to)
        return Anchor()

    def events(self, side):
        return self.game.visible_events(side)


# Log lines of the battle and movement events, in words (the others read well spelt out).
LINES = {
    "ChitDrawn": lambda e, ad, v: f"Chit drawn: {e.chit} ({e.player})",
    "MovementPoints": lambda e, ad, v: f"{e.player} has {e.mp} MP" + (" with the Kyoto bonus" if e.kyoto_bonus else ""),
    "Marched": lambda e, ad, v: f"{e.player} marches {plural(len(e.units), 'unit')} {e.frm} -> {e.to}, {e.cost} MP"
                            + (f", {e.discarded} left behind" if e.discarded else ""),
    "Captured": lambda e, ad, v: f"{e.clan} takes {e.sector}",
    "BattleStarted": lambda e, ad, v: f"Battle at {e.sector}: {e.attacker} attacks {e.defender}",
    "Fire": lambda e, ad, v: f"{e.faction} fire{' (siege)' if e.siege else ''} at {e.sector}: {plural(e.dice, 'die')}"
                         f" at {e.modifier:+d}, {plural(e.hits, 'hit')}",
    "UnitLost": lambda e, ad, v: f"{e.clan} loses {ad.d.leaders.get(e.unit, {}).get('name', 'a soldier')} at {e.sector} ({e.fate})",
    "Retreated": lambda e, ad, v: f"{e.player} retreats {plural(len(e.units), 'unit')} {e.frm} -> {e.to}",
    "BattleEnded": lambda e, ad, v: f"Battle at {e.sector} ends: {e.outcome}",
    "CardPlayed": lambda e, ad, v: f"{e.hand} plays {ad.d.cards.get(e.card, {}).get('title', e.card)}",
    "Placed": lambda e, ad, v: f"{plural(e.n, 'soldier')} of {e.clan} placed at {e.sector} ({e.why})",
}


AmdtAdapter.lines = LINES
ADAPTER = AmdtAdapter
play, play_replay, export_png = board.entry_points(ADAPTER)
