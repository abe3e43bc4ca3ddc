"""Hellas on the shared board view (render/board/): land areas and seas as regions around each
area's point (the crowded centre of Greece magnified, the Sicily inset partitioned in its own
frame), cities (walled: squares) by controller, sieges and captures as rings, and blocks as the
viewer sees them: own blocks with kind and steps, the enemy's as blank backs."""
from __future__ import annotations

import re

from render import board
from render.board.adapter import Anchor, BoardAdapter, LinkStyle, Marker, Piece, Place
from render.board.text import plural
from sim.hellas.actions import USE_WORDS
from sim.hellas.battles import SORTIE

SIDE = {"athens": (30, 70, 190), "sparta": (190, 40, 30)}
LAND = {"athens": (168, 192, 228), "sparta": (226, 168, 152), "neutral": (206, 200, 176),
        "persian": (196, 176, 208), None: (214, 208, 184)}
LOYAL = {"athenian": (30, 70, 190), "spartan": (190, 40, 30), "neutral": (120, 120, 110),
         "persian": (120, 60, 150), "none": (90, 90, 90)}
SIDE_OF = {"athenian": "athens", "spartan": "sparta"}
# area borders are the regions' edges; only passes, straits and the inset's sea lane get a line
BORDER = {"pass": LinkStyle((150, 60, 30), 2, True), "strait": LinkStyle((40, 80, 150), 3),
          "inset": LinkStyle((230, 236, 246), 1, True)}
FOCUS, REACH, POWER = (0.40, 0.52), 0.55, 0.7          # magnify the crowded centre of Greece
BLOCK_ID = re.compile(r"\b[AS]\d\d\b")          # Hellas block ids: A01..., S01...
KIND = {"hoplite": "H", "fleet": "F", "cavalry": "C", "infantry": "I", "peltast": "P", "leader": "L"}


def warp(x: float, y: float, inset: bool) -> tuple[float, float]:
    if inset:
        return x, y
    dx, dy = x - FOCUS[0], y - FOCUS[1]
    r = (dx * dx + dy * dy) ** 0.5
    if r == 0:
        return x, y
    k = (r / REACH) ** POWER * REACH / r
    return FOCUS[0] + dx * k, FOCUS[1] + dy * k


class HellasAdapter(BoardAdapter):
    title = "Hellas"
    regions = True
    deep_colour = (48, 84, 130)
    aspect = 1000 / 1200
    side_colours = SIDE
    end_kinds = frozenset({"EndActions", "EndSorties", "EndWithdraw", "EndCombat", "EndEscape", "Pass"})
    battle_after = frozenset({"BlockRetreated", "BlockEliminated", "PrestigeChanged", "CityCaptured"})
    turn_kinds = frozenset({"SeasonStarted"})
    phase_kinds = frozenset({"PlayerTurnStarted"})

    def places(self):
        m = self.game.map
        b = m.board
        out = []
        for n in b.locations:
            inset = bool(b.attr(n, "inset", False))
            out.append(Place(n, *warp(b.attr(n, "x"), b.attr(n, "y"), inset),
                             kind="sea" if m.is_sea(n) else "land", inset=inset))
        for c in m.cities.values():
            # a city named as its area (Corcyra, Amphipolis, Syracuse) is read from the area's own label
            label = c.name if c.tribute >= 2 and c.name != c.area else " "
            out.append(Place(f"city:{c.name}", *warp(c.x, c.y, m.is_inset(c.area)), kind="site", label=label))
        return out

    def links(self):
        return [(a, b, k) for a, b, k in self.game.map.board.edges() if k != "coast"]

    def link_style(self, kind):
        return BORDER.get(kind, LinkStyle((0, 0, 0), 0))

    def region_colour(self, view, place):
        m = self.game.map
        if place.startswith("city:"):
            return LAND[None]
        if m.is_sea(place):
            return (70, 110, 160)
        cities = m.cities_in(place)
        if not cities:
            return LAND[None]
        holders = [view["cities"][c.name]["controller"] for c in cities]
        if all(h is None for h in holders):
            return LAND.get(cities[0].loyalty, LAND[None])
        return LAND[max(set(h for h in holders if h), key=holders.count)]

    def markers(self, view):
        out = {}
        for c in self.game.map.cities.values():
            info = view["cities"][c.name]
            colour = SIDE.get(info["controller"], LOYAL.get(c.loyalty, LOYAL["none"]))
            ring = None
            if info["besieged_by"]:
                ring = SIDE[info["besieged_by"]]
            elif info["controller"] and SIDE_OF.get(c.loyalty) not in (None, info["controller"]):
                ring = (255, 215, 0)                                    # captured
            out[f"city:{c.name}"] = Marker("square" if c.walled else "circle", colour,
                                           6 if c.tribute >= 2 else 4, (0, 0, 0), ring, "p" if c.port else "")
        return out

    def pieces(self, view):
        out: dict[str, list[Piece]] = {}
        for b in view["blocks"]:
            if b["location"] in ("pool", "box"):
                continue
            text = KIND.get(b["kind"], b["kind"][:1].upper()) + str(b["steps"])
            where = b["aboard"] and self.game.state.blocks[b["aboard"]].location if b["aboard"] else b["location"]
            out.setdefault(where, []).append(Piece(b["side"], text, tip=f"{b['face']} ({b['steps']}/{b['max']})"))
        for loc, counts in view["enemy_blocks"].items():
            for side, n in counts.items():
                out.setdefault(loc, []).extend([Piece(side, hidden=True)] * n)
        return out

    def battle_place(self, view):
        t = view["turn"]
        return t["battles"][0] if t and t["battles"] and t["battles"][0] in self._names() else None

    def _names(self):
        if not hasattr(self, "_place_names"):
            self._place_names = {p.name for p in self.places()}
        return self._place_names

    def status(self, view):
        lead = view["prestige"]
        who = "level" if lead == 0 else f"{'Athens' if lead > 0 else 'Sparta'} ahead by {abs(lead)}"
        out = [f"{view['year']} BC, {view['season']} - phase {view['phase']}", f"Prestige: {who}"]
        t = view["turn"]
        if t:
            out.append(f"Active: {t['active']} ({t['use']}), {t['actions_left']} actions left")
        hand = view["hand"]
        cards = view["cards"]
        if isinstance(hand, list):
            out.append("Your hand: " + (", ".join(f"{cards[c]['event']} ({cards[c]['value']})" for c in hand) or "empty"))
        out.append("Pools: " + ", ".join(f"{s} {n}" for s, n in view["pools"].items()))
        return out

    def battle_lines(self, view):
        t = view["turn"]
        if not t or not (t["battles"] or t["assault"]):
            return []
        out = []
        if t["battles"]:
            out.append("Battles to fight: " + ", ".join(b.replace(SORTIE, "sortie from ") for b in t["battles"]))
        if t["assault"]:
            fought = t.get("assault_round", 0)
            out.append(f"Assault on {t['assault']}" + (f", {plural(fought, 'round')} fought" if fought else ""))
        return out

    def anchor(self, a):
        k = a.kind
        st = self.game.state
        names = self._names()
        city = lambda c: f"city:{c}" if f"city:{c}" in names else None
        loc_of = lambda bid: st.blocks[bid].location if bid in st.blocks else None
        if k == "MoveBlock":
            return Anchor(a.path[0], a.path[-1], tuple(a.path))
        if k == "Withdraw":
            return Anchor(loc_of(a.block), city(a.city), (loc_of(a.block), city(a.city)))
        if k in ("Reinforce", "Sortie"):
            return Anchor(loc_of(a.block))
        if k == "Escape":
            return Anchor(loc_of(a.fleet))
        if k in ("Levy", "Organise", "Fortify", "Assault", "Attrition", "Surrender"):
            return Anchor(city(a.city))
        if k == "Pillage":
            return Anchor(a.area)
        if k == "Fight":
            where = a.location
            return Anchor(city(where[len(SORTIE):]) if where.startswith(SORTIE) else where)
        if k in ("ChooseTarget", "Invoke"):
            target = getattr(a, "target", "")
            return Anchor(target if target in names else city(target)) if target else Anchor()
        return Anchor()

    def events(self, side):
        from sim.board import events_for
        return events_for(self.game.events, side)

    def event_line(self, ev, viewer):
        """Blocks by name where the viewer knows it (his own, and any revealed in battle)."""
        if ev.kind == "BlockRevealed":
            self.revealed[ev.block] = ev.face
        text = super().event_line(ev, viewer)
        # dice purposes name blocks by id ("A21 fires A1")
        return BLOCK_ID.sub(lambda m: self.block_name(m.group(0), viewer), text) if ev.kind == "DiceRolled" else text

    def card_name(self, card_id: str) -> str:
        card = self.game.state.cards.get(card_id, {})
        return f"{card['event']} ({card['value']})" if "event" in card and "value" in card else f"card {card_id}"

    def block_name(self, block_id: str, viewer) -> str:
        if block_id in self.revealed:
            return self.revealed[block_id]
        b = self.game.state.blocks.get(block_id)
        return b.face if b is not None and viewer in (None, b.side) else f"block {block_id}"

    def __init__(self, game):
        super().__init__(game)
        self.revealed: dict[str, str] = {}


# Log lines in words; blocks named as far as the viewer knows them (HellasAdapter.block_name).
LINES = {
    "SeasonStarted": lambda e, ad, v: f"--- {e.season} {e.year} BC ---",
    "PlayerTurnStarted": lambda e, ad, v: f"{e.side}'s turn: {e.use}" + (f", {plural(e.actions, 'action')}" if e.actions else ""),
    "BlockMoved": lambda e, ad, v: f"{e.side} moves {ad.block_name(e.block, v)} {' -> '.join(e.path)}"
                                  + (f" carrying {ad.block_name(e.carried, v)}" if e.carried else ""),
    "BattleStarted": lambda e, ad, v: f"Battle at {e.location}: {e.attacker} attacks, {plural(len(e.attackers), 'block')}"
                                     f" against {len(e.defenders)}",
    "BlockRevealed": lambda e, ad, v: f"{e.side} reveals {e.face} ({e.rating}, {plural(e.steps, 'step')})",
    "BlockFired": lambda e, ad, v: f"{ad.block_name(e.block, v)} fires at {e.rating}: rolled {', '.join(map(str, e.faces))}"
                                  f" - {plural(e.hits, 'hit')}" + (f", {e.routs} rout" if e.routs else ""),
    "StepLost": lambda e, ad, v: f"{ad.block_name(e.block, v)} loses a step ({e.steps_left} left)",
    "HalfHit": lambda e, ad, v: f"{ad.block_name(e.block, v)} takes a half hit",
    "BlockRouted": lambda e, ad, v: f"{ad.block_name(e.block, v)} routs",
    "BlockRetreated": lambda e, ad, v: f"{ad.block_name(e.block, v)} retreats to {e.to}",
    "BlockEliminated": lambda e, ad, v: f"{e.side} loses {ad.block_name(e.block, v)} at {e.location}",
    "BattleEnded": lambda e, ad, v: f"Battle at {e.location} won by {e.winner or 'nobody'} after {plural(e.rounds, 'round')}",
    "PrestigeChanged": lambda e, ad, v: f"{e.side} Prestige {e.amount:+d} ({e.reason}), now {e.total:+d}",
    "Withdrew": lambda e, ad, v: f"{e.side} withdraws {ad.block_name(e.block, v)} into {e.city}",
    "Pillaged": lambda e, ad, v: f"{e.side} pillages {e.area}",
    # the cards by name, not as "plays athens/c22/2/Treachery/sacrifice/sparta/c15/..."
    "CardCommittedSeen": lambda e, ad, v: f"{e.side} commits a card face down",
    "CardCommitted": lambda e, ad, v: f"{e.owner} commits {ad.card_name(e.card)} {USE_WORDS.get(e.use, e.use)}",
    "CardsRevealed": lambda e, ad, v: "Cards revealed: " + "; ".join(
        f"{side} {event} ({value}) {USE_WORDS.get(use, use)}" for side, _card, value, event, use in e.plays)
        + f" - {e.first} first",
}


HellasAdapter.lines = LINES
ADAPTER = HellasAdapter
play, play_replay, export_png = board.entry_points(ADAPTER)
