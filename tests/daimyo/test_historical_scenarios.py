"""The Daimyo scenario files (issue 7): every file validates and plays; the historical battles
carry sources, notes and a stated scale, and keep the orders of battle stated below.

EXPECTED is copied from the orders of battle in each file's header (stands, units, clans per
side, HQ stands not counted): editing a file's OOB without updating this table fails the test.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import shapely

from sim.cli import main as kassen
from sim.core.players import RandomPlayer, play_out
from sim.core.scenario import open_game, read_toml
from sim.daimyo.build import unit_from_spec
from sim.daimyo.geometry import footprint
from sim.daimyo.scenario import parse
from sim.daimyo.tables import tables

SCEN = Path(__file__).resolve().parents[2] / "scenarios" / "daimyo"

# side -> (stands, units, clans), from each file's order of battle.
EXPECTED = {
    "nagashino.toml": {"allies": (110, 18, 6), "takeda": (40, 9, 5)},
    "kawanakajima.toml": {"takeda": (68, 14, 7), "uesugi": (44, 11, 6)},
    "okehazama.toml": {"imagawa": (33, 9, 4), "oda": (20, 7, 3)},
    "mikatagahara.toml": {"tokugawa": (36, 8, 5), "takeda": (96, 16, 7)},
    "anegawa.toml": {"oda": (88, 19, 9), "azai": (60, 11, 4)},
}
NOT_HISTORICAL = {"training.toml": {"east": (19, 5, 2), "west": (20, 5, 2)},
                  "artillery_drill.toml": {"east": (12, 4, 1), "west": (12, 3, 1)},
                  "reference.toml": {"east": (75, 15, 5), "west": (75, 15, 5)}}   # the bench table
ALL = {**EXPECTED, **NOT_HISTORICAL}
HISTORICAL = sorted(EXPECTED)

# Options each historical battle must keep (weather the sources describe).
WEATHER = {
    "nagashino.toml": ("summer", "fine"),
    "kawanakajima.toml": ("spring_autumn", "fog"),
    "okehazama.toml": ("summer", "thunderstorm"),
    "mikatagahara.toml": ("winter", "fine"),
    "anegawa.toml": ("summer", "fine"),
}
WEATHERS = {"fine", "light_rain", "heavy_rain", "thunderstorm", "snowing", "fog"}   # 6.2


def load(name: str):
    return parse(read_toml(SCEN / name), name)


def test_every_file_in_the_folder_is_covered_here():
    assert sorted(p.name for p in SCEN.glob("*.toml")) == sorted(ALL)


@pytest.mark.parametrize("name", sorted(ALL))
def test_kassen_check_accepts_the_file(name, capsys):
    assert kassen(["check", str(SCEN / name)]) == 0
    assert capsys.readouterr().out.startswith(f"ok  {SCEN / name}")


@pytest.mark.parametrize("name", sorted(ALL))
def test_order_of_battle_matches_the_stated_numbers(name):
    sc = load(name)
    got = {a.side: (sum(u.stands for c in a.clans for u in c.units),
                    sum(len(c.units) for c in a.clans), len(a.clans)) for a in sc.armies}
    assert got == ALL[name]


@pytest.mark.parametrize("name", HISTORICAL)
def test_battle_size_is_within_the_brief(name):
    """Issue 7: small to medium battles, the reference scenario's ~150 stands at most."""
    total = sum(s for s, _, _ in EXPECTED[name].values())
    assert 40 <= total <= 160


@pytest.mark.parametrize("name", HISTORICAL)
def test_sources_notes_and_scale_are_given(name):
    text = (SCEN / name).read_text(encoding="utf-8")
    header = " ".join(" ".join(line.lstrip("#").split()) for line in text.splitlines()
                      if line.startswith("#"))
    sc = load(name)
    notes = " ".join(sc.meta.notes.split())
    assert len(sc.meta.sources) >= 3
    assert all("http" in s or "Turnbull" in s for s in sc.meta.sources)
    assert len(notes) >= 800
    assert "Scenario rules" in notes      # special rules and victory conditions, as prose
    assert "1 cm = 10 m" in header and "Sources" in header
    men = int(re.search(r"1 stand = (\d+) men", header).group(1))
    assert 150 <= men <= 300             # the rules' troop scale (introduction)


@pytest.mark.parametrize("name", HISTORICAL)
def test_kassen_info_shows_the_notes(name, capsys):
    assert kassen(["info", str(SCEN / name)]) == 0
    out = capsys.readouterr().out
    assert load(name).meta.notes.splitlines()[0] in out


@pytest.mark.parametrize("name", HISTORICAL)
def test_weather_and_season_follow_the_sources(name):
    opts = load(name).options
    assert opts.weather is True
    assert (opts.season, opts.start_weather) == WEATHER[name]
    assert opts.start_weather in WEATHERS


def _shapes(sc):
    for army in sc.armies:
        for clan in army.clans:
            for u in clan.units:
                yield army, clan, u, footprint(unit_from_spec(u, army.side, clan.id))


@pytest.mark.parametrize("name", HISTORICAL)
def test_nobody_starts_in_a_river_except_at_a_ford(name):
    sc = load(name)
    t = tables()
    rivers = [shapely.Polygon(f.points) for f in sc.terrain if t.terrain[f.kind].effect == "river"]
    crossings = shapely.union_all([shapely.Polygon(f.points) for f in sc.terrain
                                   if f.kind in ("ford", "bridge")] or [shapely.Point()])
    for _, _, u, shape in _shapes(sc):
        for river in rivers:
            wet = shape.intersection(river).difference(crossings)
            assert wet.area < 1e-6, f"{u.id} stands in a river (4.3.1)"


@pytest.mark.parametrize("name", HISTORICAL)
def test_every_unit_starts_within_its_daimyos_command_range(name):
    rng = tables().command.command_range_cm
    for _, clan, u, shape in _shapes(load(name)):
        d = shape.distance(shapely.Point(clan.daimyo.x, clan.daimyo.y))
        assert d <= rng, f"{u.id} is {d:.1f} cm from {clan.daimyo.name} (1.8: {rng} cm)"


@pytest.mark.parametrize("name", HISTORICAL)
def test_leaders_and_hq_are_placed_sensibly(name):
    """What the validator does not check yet: leaders on the table, the General and his HQ in
    his own deployment zone, the HQ clear of every unit."""
    sc = load(name)
    table = shapely.box(0, 0, sc.table.width, sc.table.height)
    units = shapely.union_all([s for *_, s in _shapes(sc)])
    for army in sc.armies:
        zone = shapely.Polygon(army.deploy).buffer(0.01)
        assert zone.contains(shapely.Point(army.general.x, army.general.y))
        for clan in army.clans:
            assert table.contains(shapely.Point(clan.daimyo.x, clan.daimyo.y)), clan.daimyo.name
        hatamoto = [u for c in army.clans for u in c.units if u.hatamoto]
        assert len(hatamoto) == 1
        assert (hatamoto[0].troop == "mounted_samurai") == (not army.general.seated)   # 1.7
        if army.general.seated:
            assert army.hq is not None
            hq = footprint(unit_from_spec(_hq_spec(army), army.side, "hq"))
            assert zone.contains(hq) and hq.intersection(units).area < 1e-6
            assert hq.distance(shapely.Point(army.general.x, army.general.y)) < 1e-6


def _hq_spec(army):
    from sim.daimyo.scenario import UnitIn
    return UnitIn(id="hq", troop="hq", quality="regular", weapons=["imw"], armour="light",
                  stands=1, files=1, x=army.hq.x, y=army.hq.y, facing=army.hq.facing)


# Armies deliberately not facing the enemy at the start: the Imagawa at Okehazama face west,
# the way they were marching, and are taken in the flank by the Oda from the north hills.
SURPRISED = {("okehazama.toml", "imagawa")}


@pytest.mark.parametrize("name", HISTORICAL)
def test_armies_face_each_other(name):
    """Most units of each army face toward the enemy's deployment zone."""
    sc = load(name)
    centre = {a.side: shapely.Polygon(a.deploy).centroid for a in sc.armies}
    for army in sc.armies:
        if (name, army.side) in SURPRISED:
            continue
        enemy = next(c for s, c in centre.items() if s != army.side)
        units = [u for c in army.clans for u in c.units]
        toward = 0
        for u in units:
            dx, dy = enemy.x - u.x, enemy.y - u.y
            r = math.radians(u.facing)
            toward += (math.cos(r) * dx + math.sin(r) * dy) > 0
        assert toward >= 0.7 * len(units), f"{army.side}: only {toward} of {len(units)} face the enemy"


@pytest.mark.parametrize("name", sorted(ALL))
def test_a_random_game_plays_to_the_end(name):
    game = open_game(SCEN / name, seed=7, max_turns=3)
    total = {side: sum(u.stands for u in game.state.living(side)) for side in game.sides()}
    hq = {side: 1 if game.state.armies[side].hq else 0 for side in game.sides()}
    assert total == {side: ALL[name][side][0] + hq[side] for side in game.sides()}
    players = {side: RandomPlayer(11 + i) for i, side in enumerate(game.sides())}
    play_out(game, players, max_actions=20_000)
    assert game.is_over()
    res = game.result()
    assert res is not None and res.reason
    assert game.state.turn <= 3


def test_the_fog_of_kawanakajima_is_on_the_table_at_the_start():
    game = open_game(SCEN / "kawanakajima.toml", seed=1)
    assert game.state.weather == "fog"


@pytest.mark.parametrize("name", HISTORICAL)
def test_units_start_outside_difficult_terrain(name):
    """4.3.1: entering difficult terrain disorders; every unit starts on open ground, a hill or a
    road, so the first turn starts in good order (4.2.1)."""
    sc = load(name)
    t = tables()
    rough = [(f.id, shapely.Polygon(f.points)) for f in sc.terrain if t.terrain[f.kind].effect == "difficult"]
    for _, _, u, shape in _shapes(sc):
        for fid, area in rough:
            assert shape.intersection(area).area < 1e-6, f"{u.id} starts in {fid}"


# The scenario rules each battle's notes promise (rulings D-110, D-111 and D-85).
HELD_BACK = {"kawanakajima.toml": {"kosaka": 4, "baba": 4, "sanada": 4},
             "anegawa.toml": {"inaba": 4},
             "okehazama.toml": {"matsui": 2, "ii": 2, "guard": 2, "porters": 2}}
VICTORY = {"nagashino.toml": [("allies", "turn_end", "", 18), ("takeda", "leader_killed", "general-allies", 0)],
           "kawanakajima.toml": [("takeda", "leader_killed", "general-uesugi", 0),
                                 ("uesugi", "leader_killed", "general-takeda", 0)],
           "okehazama.toml": [("imagawa", "leader_killed", "general-oda", 0), ("imagawa", "turn_end", "", 10),
                              ("oda", "leader_killed", "general-imagawa", 0), ("oda", "unit_lost", "hq-imagawa", 0)],
           "mikatagahara.toml": [("takeda", "leader_killed", "general-tokugawa", 0)],
           "anegawa.toml": [("azai", "leader_killed", "general-oda", 0)]}
SCRIPTED_WEATHER = {"kawanakajima.toml": [(1, "fog", 3)], "mikatagahara.toml": [(6, "snowing", 9)]}


@pytest.mark.parametrize("name", HISTORICAL)
def test_special_rules_of_the_notes_are_in_the_data(name):
    game = open_game(SCEN / name, seed=3)
    st = game.state
    held = {c.id: c.inactive_until for c in st.clans.values() if c.inactive_until}
    assert held == HELD_BACK.get(name, {})
    assert [(v["winner"], v["when"], v.get("target", ""), v.get("turn", 0)) for v in st.victory_conditions] == VICTORY[name]
    script = [(s["turn"], s["weather"], s["hold_until"]) for s in st.options["weather_script"]]
    assert script == SCRIPTED_WEATHER.get(name, [])
