"""What a board game tells the shared board view (render/board/): its map as places and links,
its pieces as the viewer may see them, where on the map each action happens, and its own
panel lines. Everything else (drawing, choosing, battles, saves, replay, undo) is generic, so a
new board game adds one `BoardAdapter` subclass and no view code.

Coordinates are fractions (0-1) of the map area; the view scales them to the window.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Place:
    name: str
    x: float
    y: float
    kind: str = "land"       # land | sea | site (a city or castle drawn on top of an area)
    label: str = ""          # drawn under the point ("" : the name)
    inset: bool = False      # partitioned inside its own frame (Hellas's Sicily)


@dataclass(frozen=True)
class Marker:
    """A castle, city or control marker drawn at a place."""
    shape: str               # square | circle | star
    fill: tuple
    size: int = 7
    outline: tuple = (40, 36, 30)
    ring: tuple | None = None        # an extra ring (besieged, captured)
    text: str = ""


@dataclass(frozen=True)
class Piece:
    """One block, counter or stack chip. `hidden`: only its back is shown (side colour)."""
    side: str
    text: str = ""
    hidden: bool = False
    tip: str = ""            # a longer name for the hover line


@dataclass(frozen=True)
class Anchor:
    """Where an action happens on the map: it starts at `origin` and, for a move, ends at
    `dest` along `path`. An action with no origin is chosen from the list only."""
    origin: str | None = None
    dest: str | None = None
    path: tuple = ()


@dataclass
class LinkStyle:
    colour: tuple
    width: int
    dashed: bool = False


@dataclass
class Legend:
    rows: list = field(default_factory=list)     # (kind, colour, text)


class BoardAdapter:
    """Override what your game has; the defaults suit a game without that feature."""
    title = "board game"
    regions = False          # True: areas are filled regions around their points (area maps)
    deep_colour = (150, 182, 204)   # open sea around the regions
    aspect: float | None = None   # the board's height / width, kept when the window is not
    side_colours: dict = {}
    text_colours: dict = {}
    battle_start = frozenset({"BattleStarted"})   # event kinds opening / closing a battle
    battle_end = frozenset({"BattleEnded"})
    battle_after = frozenset()   # kinds that still belong to a battle just ended (losses, retreats)
    turn_kinds = frozenset()     # event kinds starting a turn / a phase (the replay's big steps)
    phase_kinds = frozenset()
    end_kinds = frozenset()  # action kinds pinned under the list (pass / end)
    lines: dict = {}         # event kind -> fn(event, adapter, viewer) -> its log line in words

    def __init__(self, game):
        self.game = game

    # -- the map (static) ------------------------------------------------------------------
    def places(self) -> list[Place]:
        raise NotImplementedError

    def links(self) -> list[tuple[str, str, str]]:
        """(a, b, kind) for each road / border / sea lane between places."""
        raise NotImplementedError

    def link_style(self, kind: str) -> LinkStyle:
        return LinkStyle((120, 110, 90), 2)

    def boxes(self) -> list[str]:
        """Off-map boxes (recruitment, pools) drawn under the map, by name."""
        return []

    # -- the map (as the viewer sees it now) ----------------------------------------------
    def region_colour(self, view: dict, place: str) -> tuple:
        return (150, 185, 210) if self.place(place).kind == "sea" else (226, 214, 178)

    def markers(self, view: dict) -> dict[str, Marker]:
        return {}

    def pieces(self, view: dict) -> dict[str, list[Piece]]:
        """Per place or box: its pieces as the viewer may see them."""
        return {}

    def battle_place(self, view: dict) -> str | None:
        return None

    # -- panels -----------------------------------------------------------------------------
    def status(self, view: dict) -> list[str]:
        """The panel's top lines: turn, scores, hand..."""
        return []

    def battle_lines(self, view: dict) -> list[str]:
        """The current battle as the viewer sees it (empty: no battle)."""
        return []

    def legend(self) -> list[tuple[str, tuple, str]]:
        return []

    # -- actions ------------------------------------------------------------------------------
    def anchor(self, action) -> Anchor:
        return Anchor()

    def events(self, side: str | None) -> list:
        """The event log as `side` may see it."""
        return list(self.game.events)

    def event_line(self, event, viewer: str | None) -> str:
        """An event in the log and battle panel: the game's own phrase from `lines`, with the
        rule cited; else the event's describe() or its fields spelt out."""
        from render.board.text import event_line
        say = self.lines.get(event.kind)
        if say is None:
            return event_line(event)
        rule = getattr(event, "rule", "")
        return say(event, self, viewer) + (f" ({rule})" if rule else "")

    def in_log(self, event) -> bool:
        """Whether the log shows an event: not the rolls that shuffle a deck (noise to a player)."""
        return not (event.kind == "DiceRolled" and "shuffle" in event.purpose)

    # -- helpers --------------------------------------------------------------------------------
    def place(self, name: str) -> Place:
        if not hasattr(self, "_by_name"):
            self._by_name = {p.name: p for p in self.places()}
        return self._by_name[name]
