"""A scenario's special rules, as the game applies them: clans that may not be activated
before a turn or a trigger (a surprise, a late detachment), and a weather script
(the scenario's own victory conditions are in combat/victory.py)."""
from __future__ import annotations

import shapely

from sim.daimyo.events import ClanReleased
from sim.daimyo.geometry import footprint
from sim.daimyo.state import DaimyoState


# -- late clans (ruling D-110; command.py refuses their activation) ------------------------
def _zone_entered(st: DaimyoState, clan) -> bool:
    zone = shapely.Polygon(clan.wake_zone)
    return any(zone.intersects(footprint(u)) for u in st.living(st.enemy(clan.side)))


def start_of_turn(game) -> None:
    """Before the weather roll (6.2) and initiative (3): clans whose trigger zone an enemy
    entered last turn are released; the weather script's step for this turn is applied."""
    st = game.state
    for clan in st.clans.values():
        if st.turn < clan.inactive_until and clan.wake_zone and _zone_entered(st, clan):
            clan.inactive_until = st.turn
            game.emit(ClanReleased(clan.id, "an enemy unit entered its trigger zone"))
        elif st.turn == clan.inactive_until and st.turn > 1:
            game.emit(ClanReleased(clan.id, f"turn {st.turn} has come"))
    from sim.daimyo.combat.events import WeatherChanged   # late: combat imports this module
    step = _step(st, st.turn) if st.options.get("weather") else None   # weather off: fine (D-96)
    if step is not None and step["weather"] != st.weather:
        st.weather = step["weather"]
        game.emit(WeatherChanged(st.weather, 0, "6.2 scenario"))


# -- weather script (ruling D-111) ---------------------------------------------------------
def _step(st: DaimyoState, turn: int) -> dict | None:
    return next((s for s in st.options.get("weather_script", ()) if s["turn"] == turn), None)


def weather_scripted(st: DaimyoState) -> bool:
    """No 6.2 weather roll this turn: a step starts now, or an earlier one holds the weather."""
    return any(s["turn"] == st.turn or s["turn"] < st.turn < s.get("hold_until", 0)
               for s in st.options.get("weather_script", ()))
