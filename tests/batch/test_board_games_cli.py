"""`kassen simulate` and `kassen duel` with the scripted opponents of every bundled board-game
scenario (issue 21): per-side levels reach the players, and the per-game statistics each system
declares (sim.core.registry) arrive in the JSON report."""
import json
from pathlib import Path

import pytest

from sim.cli import main
from sim.core.registry import system

ROOT = Path(__file__).resolve().parents[2]
BOARD = sorted(str(p.relative_to(ROOT)) for name in ("sekigahara", "amdt", "hellas")
               for p in (ROOT / "scenarios" / name).glob("*.toml"))


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("path", BOARD)
def test_simulate_plays_every_board_scenario_with_the_hard_ai(capsys, path, monkeypatch):
    monkeypatch.chdir(ROOT)
    report = run(capsys, "simulate", path, "--runs", 1, "--workers", 1, "--ai", "hard", "--json", "--no-progress")
    assert report["played"] == 1 and set(report["levels"].values()) == {"hard"}
    entry = system(report["system"])
    for side in report["levels"]:
        assert {s.key for s in entry.stats} <= set(report["losses"]["sides"][side])
    assert report["turns"]["min"] >= 1 and sum(report["reasons"].values()) == 1


def test_simulate_takes_a_level_per_side(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    report = run(capsys, "simulate", "scenarios/hellas/431_short.toml", "--runs", 1, "--workers", 1,
                 "--ai", "easy", "--ai", "athens=hard", "--json", "--no-progress")
    assert report["levels"] == {"sparta": "easy", "athens": "hard"}


def test_duel_alternates_the_levels_on_a_board_game(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    report = run(capsys, "duel", "scenarios/amdt/amdt_short_2p.toml", "--runs", 2, "--workers", 1,
                 "--a", "hard", "--b", "normal", "--json", "--no-progress")
    assert report["played"] == 2 and sorted(report["a_by_seat"]) == ["anti", "oda"]
