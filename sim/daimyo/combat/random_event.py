"""Random events (5.3, optional): after the leaders' moves, 1d6; on a 6, 1d6 on the event
table. Events apply in the next turn; "the first activated clan" is the first clan of either
side activated in that turn (ruling D-17)."""
from __future__ import annotations

from sim.daimyo.model import Troop
from sim.daimyo.tables import tables
from sim.daimyo.surroundings import footprint, in_melee

from .events import RandomEvent

CLAN_EVENTS = ("surprise_march", "superhuman_discipline", "fanaticism")


def roll(game) -> None:
    st = game.state
    if not st.options.get("random_events"):
        return
    re = tables().random_events
    if game.dice.d6("random event?", "5.3") < re.occurs_on:
        return
    face = game.dice.d6("random event", "5.3")
    event = re.table[face - 1]
    game.emit(RandomEvent(event, face))
    if event == "sunset":
        if not st.options.get("sunset_ignored"):
            turns = sum(game.dice.two_d6("sunset in turns", "5.3"))
            st.options["max_turns"] = min(st.options["max_turns"], st.turn + turns)
        return
    st.event, st.event_turns, st.event_clan, st.heroic_unit = event, st.turn + 1, "", ""


def start_of_turn(game) -> None:
    """The event applies in its turn only; poor visibility then clears on 1d6 4+."""
    st = game.state
    if not st.event or st.turn <= st.event_turns:
        return
    if st.event == "poor_visibility":
        r = game.dice.d6("poor visibility clears?", "5.3")
        if r < tables().random_events.visibility_clears_on:
            return
    st.event = ""


def clan_activated(game) -> None:
    """5.3 events 3, 5, 6 fall on the first clan activated this turn."""
    st = game.state
    if st.event not in CLAN_EVENTS or st.event_clan or not st.active_clan:
        return
    st.event_clan = st.active_clan
    if st.event == "superhuman_discipline":
        from sim.daimyo.events import Reformed
        for u in st.clan_units(st.active_clan):
            if u.disordered and not u.routing:
                u.disordered = False
                game.emit(Reformed(u.id, "5.3"))


def fanatic(st, u) -> bool:
    """5.3 event 6: samurai, ronin and warrior monks of the first activated clan, not in melee
    and not disordered, must charge the nearest visible enemy unit."""
    return (st.event == "fanaticism" and st.event_clan == u.clan and not u.disordered
            and (u.samurai or u.monk or u.troop is Troop.RONIN) and not in_melee(st, u))


def fanatic_target(st, u):
    """5.3 event 6: the fanatic's nearest visible enemy unit, or None (ruling D-81): nearest
    edge to edge, seen (4.5.2 sight) from some front-rank stand in any direction, within the
    weather's visibility (6.2)."""
    if not fanatic(st, u):
        return None
    from sim.daimyo.geometry import stand_layout
    from sim.daimyo.sight import can_see
    from .weather import visibility
    limit = visibility(st) or float("inf")
    front = [i for i, (r, _) in enumerate(stand_layout(u.stands, u.files)) if r == 0]
    fp = footprint(u)
    foes = sorted((fp.distance(footprint(v)), v.id) for v in st.living() if v.side != u.side)
    for d, vid in foes:
        if d > limit:
            break
        if any(can_see(st, u, i, st.units[vid]) for i in front):
            return st.units[vid]
    return None


def heroic(st, u) -> bool:
    """5.3 event 4: the first unit to enter melee by charging gets +3 (set on contact)."""
    return st.event == "heroic_charge" and st.heroic_unit == u.id
