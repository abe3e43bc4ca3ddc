import json
import os

import pytest

from sim.batch.runner import run_batch
from sim.batch.spec import RunSpec
from sim.batch.stats import summarise
from sim.cli import main
from sim.core.output import OutputError, make_folder
from tests.batch.toysystem import StatRace


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, message", [
    (["--runs", "0"], "argument --runs: expected a whole number from 1 to 10,000,000, got '0' "
     "(see kassen simulate -h)"),
    (["--workers", "0"], "argument --workers: expected a whole number from 1 to 1,024, got '0' "
     "(see kassen simulate -h)"),
    (["--ai", "hard"], "unknown AI level 'hard' for race; valid levels: random, timid, mixed, bold"),
    (["--ai", "c=bold"], "unknown side 'c'; sides are: a, b"),
    (["--personality", "risk"], "argument --personality: expected KEY=VALUE, got 'risk' "
     "(see kassen simulate -h)"),
    (["--ai", "b="], "--ai expects KEY=VALUE, got 'b='"),
    (["--workers", "2", "--dask", "tcp://127.0.0.1:1"], "--workers sizes the local pool; with --dask "
     "the cluster's workers are used"),
])
def test_simulate_refuses_bad_arguments_in_one_line(capsys, race_file, argv, message):
    code, out, err = run(capsys, "simulate", race_file, "--no-progress", *argv)
    assert code == 2 and err.strip() == f"kassen: {message}"


def test_duel_refuses_unknown_level(capsys, race_file):
    code, _, err = run(capsys, "duel", race_file, "--a", "bold", "--b", "expert", "--no-progress")
    assert code == 2 and "valid levels: random, timid, mixed, bold" in err


def test_duel_checks_every_scenario_before_the_first_game(capsys, race_file, tmp_path, monkeypatch):
    # a bad scenario named last used to be found only after the first one's games had been
    # played, and their results were dropped with the error
    import sim.batch.commands as commands
    played = []
    real = commands.run_batch
    monkeypatch.setattr(commands, "run_batch", lambda spec, *a, **k: played.append(spec) or real(spec, *a, **k))
    missing = tmp_path / "missing.toml"
    code, out, err = run(capsys, "duel", race_file, missing, "--a", "bold", "--b", "timid",
                         "--runs", 4, "--workers", 1, "--no-progress")
    assert code == 2 and err.strip() == f"kassen: {missing}: no such file" and out == ""
    assert played == []


def test_unknown_system_in_scenario_is_a_clear_error(capsys, tmp_path):
    path = tmp_path / "chess.toml"
    path.write_text('system = "chess"\n')
    code, _, err = run(capsys, "simulate", path, "--no-progress")
    assert code == 2 and "unknown game system 'chess'" in err


def test_simulate_json_equals_the_library_run(capsys, race_file):
    code, out, _ = run(capsys, "simulate", race_file, "--runs", 30, "--workers", 2, "--seed", 5,
                       "--ai", "mixed", "--ai", "b=bold", "--json", "--no-progress")
    assert code == 0
    report = json.loads(out)
    spec = RunSpec(game=StatRace, scenario={"system": "race", "goal": 60, "meta": {"title": "Toy race"}},
                   seed=5, lineup=("mixed",), levels={"b": "bold"})
    expected = json.loads(json.dumps(summarise(run_batch(spec, 30, workers=1, progress=False))))
    assert {k: report[k] for k in expected} == expected
    assert report["levels"] == {"a": "mixed", "b": "bold"} and report["system"] == "race"


def test_simulate_table_and_plots(capsys, race_file, tmp_path):
    code, out, _ = run(capsys, "simulate", race_file, "--runs", 20, "--workers", 1,
                       "--plots", tmp_path / "plots", "--no-progress")
    assert code == 0
    assert "Toy race: 20 games played" in out and "a wins" in out and "stands lost" in out
    for name in ("outcomes", "win_rate", "length", "casualties", "statistics", "heatmap"):
        png = tmp_path / "plots" / f"{name}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
        assert f"plot: {png}" in out.replace("\n", "")


FULL_DISK = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (a full disk)")


@FULL_DISK
def test_simulate_plot_on_a_full_disk_is_one_line_and_keeps_the_report(capsys, race_file, tmp_path):
    (tmp_path / "plots").mkdir()
    (tmp_path / "plots" / "outcomes.png").symlink_to("/dev/full")     # writes fail: ENOSPC
    code, out, err = run(capsys, "simulate", race_file, "--runs", 5, "--workers", 1,
                         "--plots", tmp_path / "plots", "--no-progress")
    assert code == 2
    assert err.strip() == (f"kassen: {tmp_path / 'plots' / 'outcomes.png'}: cannot write the plot "
                           "(No space left on device)")
    assert "Toy race: 5 games played" in out         # the games' results are printed all the same


@FULL_DISK
def test_simulate_games_file_on_a_full_disk_is_one_line(capsys, race_file, tmp_path):
    (tmp_path / "games.csv").symlink_to("/dev/full")
    code, out, err = run(capsys, "simulate", race_file, "--runs", 5, "--workers", 1,
                         "--games", tmp_path / "games.csv", "--no-progress")
    assert code == 2 and "Toy race: 5 games played" in out
    assert err.strip() == f"kassen: {tmp_path / 'games.csv'}: cannot write the games file (No space left on device)"


def test_a_folder_that_cannot_be_made_is_one_line_naming_it(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OutputError) as err:
        make_folder(blocker / "plots", "plots folder")
    assert str(err.value) == f"{blocker / 'plots'}: cannot write the plots folder (Not a directory)"


def test_duel_reports_win_rate_of_a(capsys, race_file):
    code, out, _ = run(capsys, "duel", race_file, "--a", "bold", "--b", "timid", "--runs", 40,
                       "--workers", 1, "--json", "--no-progress")
    r = json.loads(out)
    assert code == 0 and r["played"] == 40 and r["a"] == "bold"
    assert r["a_by_seat"]["a"]["games"] == r["a_by_seat"]["b"]["games"] == 20
    assert r["a_wins"]["count"] + r["b_wins"]["count"] + r["draws"]["count"] + r["timeouts"]["count"] == 40
    assert r["a_wins"]["rate"] > 0.8
