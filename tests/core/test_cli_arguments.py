"""Command lines are checked before any work starts (issue 23): each bad value is one
`kassen: ...` line with the value shortened, and nothing is played or written first."""
import pytest

from sim.cli import main

TRAINING = "scenarios/daimyo/training.toml"
SEKI = "scenarios/sekigahara/campaign.toml"


@pytest.mark.parametrize("argv, message", [
    (["run", TRAINING, "--save", "/nonexistent/s.json"], "--save: folder '/nonexistent' does not exist"),
    (["run", TRAINING, "--save", ""], "--save: expected a file name, got an empty one"),
    (["run", TRAINING, "--max-actions", "-1"], "--max-actions: expected a whole number from 1"),
    (["simulate", TRAINING, "--plots", "README.md"], "--plots: expected a folder, not a file"),
    (["simulate", TRAINING, "--runs", "1e9"], "--runs: expected a whole number from 1 to 10,000,000"),
    (["simulate", TRAINING, "--runs", "1000000000"], "--runs: expected a whole number"),
    (["simulate", TRAINING, "--dask", "not a url"], "--dask: expected a scheduler address"),
    (["simulate", TRAINING, "--personality", "aggression=abc"], "--personality: expected KEY=NUMBER"),
    (["simulate", TRAINING, "--personality", "aggression=nan"], "--personality: expected KEY=NUMBER"),
    (["render", TRAINING, "--png", "docs"], "--png: expected a file name ending in .png, got 'docs'"),
    (["render", TRAINING, "--png", "picture.txt"], "--png: expected a file name ending in .png"),
    (["render", TRAINING, "--gif", "film.png"], "--gif: expected a file name ending in .gif"),
    (["render", TRAINING, "--gif", "x.gif", "--fps", "0"], "--fps: expected a number above 0"),
    (["render", TRAINING, "--gif", "x.gif", "--fps", "nan"], "--fps: expected a number above 0"),
    (["bench", "--battles", "0"], "--battles: expected a whole number from 1"),
    (["bench", "--level", "garbage"], "--level 'garbage': expected one of random, easy, normal, hard"),
    # an option the system does not take names the ones it does (it said "Extra inputs are not permitted")
    (["run", SEKI, "--weather"], "options.weather: unknown key (the keys here: big_stack, pass_option, "
     "recruitment_blocks) (got True)"),
    (["run", SEKI, "--option", "bigstack=3"], "options.bigstack: unknown key (the keys here: big_stack, "
     "pass_option, recruitment_blocks) (got 3)"),
    (["simulate", SEKI, "--turn-limit", "3"], "options.turn_limit: unknown key (the keys here: big_stack,"),
    (["play", SEKI, "--side", "tokugawa", "--ai", "garbage"], "--ai 'garbage': no such sekigahara opponent"),
    (["run", TRAINING, "--seed", "x" * 100_000], "chars)"),
])
def test_bad_arguments_are_one_line_before_any_work(capsys, tmp_path, argv, message):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err and len(err) < 600


@pytest.mark.parametrize("command", [["run"], ["simulate"], ["render", "--png", "x.png"],
                                     ["play"]])
def test_a_bundled_scenarios_error_names_it_as_given_not_by_its_installed_path(capsys, command):
    assert main(command + ["training", "--option", "bogus=1"]) == 2
    assert capsys.readouterr().err.startswith("kassen: training: options.bogus: unknown key")


def test_more_workers_than_runs_start_no_idle_processes(monkeypatch):
    from sim.batch import runner
    from sim.batch.spec import spec_from_file
    started = []

    class Pool:
        def __init__(self, max_workers):
            started.append(max_workers)
            raise SystemExit    # enough: the pool's size is what is measured
    monkeypatch.setattr(runner, "ProcessPoolExecutor", Pool)
    with pytest.raises(SystemExit):
        runner.run_batch(spec_from_file(SEKI), 2, workers=24, progress=False)
    assert started == [2]


@pytest.mark.parametrize("name, content, message", [
    ("g.jsonl", b'{"game": 0}\n{"game": \n', "line 2"),
    ("g.jsonl", b'{"game": 0}\n', "no column 'scenario'"),
    ("g.jsonl", b'{"game": "x"}\n', "malformed row"),
    ("g.jsonl", b'[1, 2]\n', "an object of columns"),
    ("g.csv", b'\xff\xfe,\n', "not UTF-8"),
    ("g.parquet", b'not parquet', "not a Parquet games file"),
    ("d.jsonl", None, "is a folder"),
])
def test_a_bad_games_file_is_one_line(capsys, tmp_path, name, content, message):
    path = tmp_path / name
    path.mkdir() if content is None else path.write_bytes(content)
    assert main(["replay", "--from", str(path), "--game", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_a_weight_the_daimyo_ai_does_not_take_names_the_ones_it_does(capsys):
    # the line quoted Python: ("Personality.__init__() got an unexpected keyword argument 'foo'")
    assert main(["simulate", TRAINING, "--personality", "foo=1", "--runs", "1", "--no-progress"]) == 2
    assert capsys.readouterr().err == ("kassen: --personality ['foo']: not taken by the daimyo AI "
                                       "(the weights it takes: aggression, caution)\n")


@pytest.mark.parametrize("command", [["info"], ["check"], ["simulate", "--runs", "1"]])
def test_a_save_given_for_a_scenario_is_named_as_such(capsys, tmp_path, command):
    # it was "not valid TOML: Invalid statement (at line 1, column 1)"
    from sim.core.save import save
    from sim.core.scenario import open_game
    path = tmp_path / "game.json"
    save(open_game(TRAINING, seed=1), path)
    assert main([command[0], str(path), *command[1:]]) == 2
    assert capsys.readouterr().err == (f"kassen: {path}: a saved game, not a scenario: this command takes a "
                                       "scenario (.toml) or a bundled name (play, replay, render and odds take saves)\n")


@pytest.mark.parametrize("command", [["play"], ["render", "--png", "{tmp}/x.png"],
                                     ["odds", "--attacker", "shima-horse", "--defender", "honda-yari"]])
def test_a_seed_given_with_a_save_is_refused_not_ignored(capsys, tmp_path, command):
    # a save keeps the seed it was played with; --seed was silently dropped
    from sim.core.save import save
    from sim.core.scenario import open_game
    path = tmp_path / "game.json"
    save(open_game(TRAINING, seed=1), path)
    rest = [a.format(tmp=tmp_path) for a in command[1:]]
    assert main([command[0], str(path), *rest, "--seed", "3"]) == 2
    assert capsys.readouterr().err == (f"kassen: {path} is a save: it keeps the seed it was played with "
                                       "(--seed is for a scenario)\n")
    assert not (tmp_path / "x.png").exists()
