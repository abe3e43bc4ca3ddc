"""A scenario's special rules, as the game applies them: clans that may not be activated
before a turn or a trigger (a surprise, a late detachment), a weather script, and victory
conditions of the scenario's own (5.2: "these vary by scenario")."""
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
    step = _step(st, st.turn)
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


# -- victory (ruling D-112) ----------------------------------------------------------------
def victory(st: DaimyoState):
    """Checked at the end of the turn (5.2), before the loss count: the enemy General dead or
    his HQ lost wins. If both armies meet a condition at once, the loss count decides."""
    if st.phase != "end":
        return None
    met = []
    for side, army in st.armies.items():
        enemy = st.armies[st.enemy(side)]
        if "enemy_general_killed" in army.wins_if and not st.leaders[enemy.general].alive:
            met.append((side, f"{st.leaders[enemy.general].name} is dead"))
        elif "enemy_hq_lost" in army.wins_if and enemy.hq and st.units[enemy.hq].gone not in ("", "abandoned"):
            # an HQ left when the General mounts up is not lost (1.7, ruling D-47)
            met.append((side, f"the HQ of {enemy.name} is lost"))
    if len(met) != 1:
        return None
    side, why = met[0]
    return side, f"{why}: a scenario victory condition of {st.armies[side].name}", "5.2 scenario"


def turn_limit_winner(st: DaimyoState) -> str:
    """The army the scenario declares the winner if the game reaches its last turn."""
    return next((side for side, army in st.armies.items() if "turn_limit" in army.wins_if), "")
