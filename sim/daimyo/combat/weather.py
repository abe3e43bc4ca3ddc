"""Weather (6.2, optional): the season before the battle, the 2d6 weather table each turn
while fine, the 1d6 clearing roll while bad (winter -1). Its effects live where they apply:
shooting modifiers and visibility (4.5), no charge bonus (4.6.3), fog's command range (1.8)."""
from __future__ import annotations

from sim.daimyo.scenario_rules import weather_scripted
from sim.daimyo.tables import tables

from .events import WeatherChanged


def roll_season(game) -> None:
    st = game.state
    if not st.options.get("weather"):
        st.weather = "fine"               # weather off: no scenario start_weather either (ruling D-96)
        return
    season = st.options.get("season", "roll")
    if season == "roll":
        roll = game.dice.d6("season", "6.2")
        season = tables().weather.season[roll - 1]
    st.season = season
    st.weather = st.options.get("start_weather", "fine")


def turn_weather(game) -> None:
    """6.2: the first turn is as set up; then 2d6 on the table while fine, 1d6 4+ to clear."""
    st = game.state
    if not st.options.get("weather") or st.turn <= 1 or weather_scripted(st):
        return
    w = tables().weather
    if st.weather == "fine":
        a, b = game.dice.two_d6("weather", "6.2")
        new = getattr(w, st.season)[a + b - 2]
        roll = a + b
    else:
        roll = game.dice.d6("weather clears?", "6.2")
        mod = w.winter_clearing_modifier if st.season == "winter" else 0
        new = "fine" if roll + mod >= w.clears_on else st.weather
    if new != st.weather:
        st.weather = new
        game.emit(WeatherChanged(new, roll))


def visibility(st) -> float:
    """6.2 visibility in cm (0: unlimited)."""
    if not st.options.get("weather"):
        return 0.0
    return float(tables().weather.visibility.get(st.weather, 0))
