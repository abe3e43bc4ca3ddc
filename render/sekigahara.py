"""Sekigahara on the shared board view (render/board/): the province map as a point-to-point
network (highways thick), castles and capitals, resource control, blocks seen from the viewer's
side (own faces, the enemy's backs), the recruitment and Mori boxes, and the battle panel."""
from __future__ import annotations

from render import board
from render.board.adapter import Anchor, BoardAdapter, LinkStyle, Marker, Piece, Place
from sim.sekigahara.actions import face_name
from sim.sekigahara.board_state import BOX, MORI_BOX
from sim.sekigahara.pieces import face

SIDE = {"tokugawa": (30, 30, 34), "ishida": (214, 168, 38)}
INK = (40, 36, 30)
KIND_TEXT = {"leader": "L", "gun": "G", "cavalry": "C", "naomasa": "4"}
CLAN = {"tokugawa": "To", "fukushima": "Fu", "maeda": "Ma", "date": "Da", "ii": "Ii", "ishida": "Is",
        "mori": "Mo", "ukita": "Uk", "kobayakawa": "Ko", "uesugi": "Ue"}


def chip_text(face_str: str) -> str:
    """Two letters of the clan and the block's kind: "Mo3", "UkL" (leader), "ToG" (guns)."""
    f = face(face_str)
    return CLAN.get(f.clan, f.clan[:2].title()) + KIND_TEXT.get(f.kind, f.kind)


class SekigaharaAdapter(BoardAdapter):
    title = "Sekigahara"
    aspect = 22 / 34             # the board is 34 x 22 inches
    side_colours = SIDE
    text_colours = {"tokugawa": (235, 235, 235), "ishida": (40, 30, 10)}
    battle_after = frozenset({"BlockEliminated", "DiskDestroyed", "Retreated", "CastleCaptured", "Besieged",
                              "BlockRevealed", "ControlChanged",
                              "LoyaltyChallenged", "ChallengeRefuted", "BlockDefected"})
    end_kinds = frozenset({"EndMovement", "EndActivation", "EndMuster", "PassBattle"})
    phase_kinds = frozenset({"PhaseStarted"})
    turn_kinds = frozenset({"WeekStarted"})

    def __init__(self, game):
        super().__init__(game)
        self.board = game.board

    def places(self):
        return [Place(n, self.board.attr(n, "x"), self.board.attr(n, "y")) for n in self.board.locations]

    def links(self):
        return list(self.board.edges())

    def link_style(self, kind):
        return LinkStyle((140, 70, 40), 5) if kind == "highway" else LinkStyle((120, 128, 118), 2)

    def boxes(self):
        return [BOX["tokugawa"], BOX["ishida"], MORI_BOX]

    def markers(self, view):
        out = {}
        for loc in self.board.locations:
            attr = lambda k, loc=loc: self.board.attr(loc, k)
            owner = view["control"].get(loc)
            if attr("castle"):
                holder = view["castles"].get(loc, attr("castle_alignment"))
                ring = (200, 20, 20) if loc in view["besieged"] else None
                out[loc] = Marker("square", SIDE[holder], 8, SIDE[attr("castle_alignment")], ring)
            elif attr("capital"):
                out[loc] = Marker("star", SIDE[owner] if owner else (250, 248, 240), 10, SIDE[attr("capital_alignment")])
            elif attr("resource"):
                out[loc] = Marker("circle", SIDE[owner] if owner else (200, 30, 30), 6, INK)
            else:
                out[loc] = Marker("circle", (250, 248, 240), 5, INK)
        return out

    def pieces(self, view):
        out: dict[str, list[Piece]] = {}
        for loc, st in view["stacks"].items():
            for side in ("tokugawa", "ishida"):
                shown = [b for b in st["blocks"] if b["side"] == side]
                shown.sort(key=lambda b: (not face(b["face"]).leader, -face(b["face"]).mon, b["face"]))
                row = [Piece(side, chip_text(b["face"]), tip=face_name(b["face"])) for b in shown]
                row += [Piece(side, hidden=True)] * (st[side] - len(shown))
                out.setdefault(loc, []).extend(row)
        for disk, loc in view["disks"].items():
            out.setdefault(loc, []).append(Piece("ishida", disk[:1].upper(), tip=f"{disk} disk"))
        return out

    def battle_place(self, view):
        return view["battle"]["location"] if view["battle"] else None

    def status(self, view):
        sc, hs = view["scores"], view["hands"]
        count = lambda h: h if isinstance(h, int) else len(h)
        out = [f"Week {view['week']} turn {view['turn']} - step: {view['step']}",
               f"Victory points: Tokugawa {sc['tokugawa']}, Ishida {sc['ishida']}",
               f"Cards in hand: Tokugawa {count(hs['tokugawa'])}, Ishida {count(hs['ishida'])}"]
        mv = view["move"]
        if mv["option"]:
            out.append(f"Movement: {mv['option']}, {mv['uses_left'] if mv['uses_left'] < 99 else 'all'} activations left"
                       + (f", moving the stack at {mv['active_stack']}" if mv["active_stack"] else ""))
        if view["hand"] is not None:
            from sim.sekigahara.actions import card_name
            out.append("Your hand: " + (", ".join(card_name(c) for c in view["hand"]) or "empty"))
        return out

    def battle_lines(self, view):
        b = view["battle"]
        if not b:
            return []
        out = [f"{'Siege' if b['siege'] else 'Battle'} at {b['location']}: {b['attacker']} attacks {b['defender']}"]
        for who in (b["attacker"], b["defender"]):
            deployed = ", ".join(face_name(f) for f in b["deployed"][who]) or "nothing yet"
            out.append(f"{who}: impact {b['impact'][who]}{' (passed)' if b['passed'][who] else ''} - {deployed}")
        if b["defected"]:
            out.append("defected: " + ", ".join(face_name(f) for f in b["defected"]))
        return out

    def anchor(self, a):
        k = a.kind
        if k == "Activate" or k == "DeclareCombat":
            return Anchor(a.location)
        if k == "Move":
            return Anchor(a.path[0], a.path[-1], tuple(a.path))
        if k == "Place":
            return Anchor(BOX[a.side], a.location, (a.location,))
        if k == "Retreat":
            here = self.game.state.battle.location if self.game.state.battle else None
            return Anchor(here, a.to, (here, a.to) if here else ())
        if k in ("Muster",):
            return Anchor(BOX[a.side])
        if k == "BringMori":
            return Anchor(MORI_BOX)
        return Anchor()

    def events(self, side):
        return self.game.events_for(side)


ADAPTER = SekigaharaAdapter
play, play_replay, export_png = board.entry_points(ADAPTER)
