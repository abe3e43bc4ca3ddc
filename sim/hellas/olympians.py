"""The seven Olympians (11.0; reference §13): a New Year Sacrifice appeals to one, held face up
and used once before the next New Year; one held by a side cannot be chosen by the other.
Zeus and Demeter are invoked when the Season's cards are revealed, Ares, Poseidon and Hermes
in one's own Action phase, Athena when declaring a battle, Apollo against an enemy Plague or
Storm as it is played."""
from __future__ import annotations

from sim.hellas import events as E
from sim.hellas.query import is_fleet, on_map, upright
from sim.hellas.state import other

NAMES = ("Zeus", "Athena", "Ares", "Poseidon", "Apollo", "Hermes", "Demeter")
SEASON_WINDOW = ("Zeus", "Demeter")
ACTION_PHASE = ("Ares", "Poseidon", "Hermes")


def held(st, side: str, name: str) -> bool:
    """`side` holds `name` and has not used it this Year."""
    return st.olympians.get(name) == side and name not in st.olympians_used


def appeal_options(st) -> list[str]:
    return [n for n in NAMES if n not in st.olympians]


def spend(g, side: str, name: str, target: str) -> None:
    g.state.olympians_used.append(name)
    g.emit(E.OlympianInvoked(side, name, target))


def season_options(g, side: str) -> list[tuple[str, str]]:
    st = g.state
    out = []
    if held(st, side, "Zeus"):
        out += [("Zeus", "first"), ("Zeus", "second")]
    if held(st, side, "Demeter"):
        out += [("Demeter", c) for c, s in sorted(st.sieges.items()) if s.besieger == other(side)]
    return out


def action_options(g, side: str) -> list[tuple[str, str]]:
    st = g.state
    out = []
    if held(st, side, "Ares"):
        out.append(("Ares", ""))
    if held(st, side, "Poseidon") and not st.turn.poseidon:
        out += [("Poseidon", b.id) for b in sorted(st.blocks.values(), key=lambda b: b.id)
                if b.side == side and is_fleet(b) and on_map(b) and b.id not in st.turn.moved]
    if held(st, side, "Hermes"):
        out.append(("Hermes", "hand"))
        out += [("Hermes", a) for a in sorted({b.location for b in st.blocks.values()
                                               if b.side == other(side) and on_map(b)
                                               and not b.location.startswith("city:")})]
    return out


def invoke(g, side: str, name: str, target: str) -> None:
    st = g.state
    spend(g, side, name, target)
    if name == "Zeus":
        st.order = [side, other(side)] if target == "first" else [other(side), side]
    elif name == "Demeter":
        st.demeter[target] = st.season_count
    elif name == "Ares":
        st.turn.actions_left += 1
    elif name == "Poseidon":
        st.turn.poseidon = target
    elif name == "Hermes":
        enemy = other(side)
        if target == "hand":
            st.intel[side] = {"hand": sorted(st.piles[enemy].hand)}
        else:
            st.intel[side] = {"area": target, "blocks": [
                {"face": b.face, "steps": b.steps, "rating": b.marks["rating"]}
                for b in upright(st, target, enemy)]}
        g.emit(E.IntelGathered(side, target, repr(st.intel[side])))
