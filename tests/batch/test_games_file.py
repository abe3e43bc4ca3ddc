"""Issue 22 item 4: one row per game in JSONL, CSV or Parquet, and a game rebuilt from its row."""
import json

import pytest

from sim.batch.games import game_from_row, game_row, read_games, summary_from_row, write_games
from sim.batch.runner import run_batch
from sim.batch.spec import BatchError
from sim.cli import main
from sim.core.save import state_digest


def simulate(tmp_path, name, *extra):
    path = tmp_path / name
    assert main(["simulate", "training", "--ai", "random", "--runs", "5", "--workers", "1", "--turn-limit", "2",
                 "--no-progress", "--games", str(path), *extra]) == 0
    return path


def test_simulate_games_parquet_then_game_3_replays_exactly(tmp_path, capsys):
    path = simulate(tmp_path, "out.parquet")
    rows = read_games(path)
    assert [r["game"] for r in rows] == [0, 1, 2, 3, 4]
    row = rows[3]
    assert row["scenario"] == "training" and row["master_seed"] == 1
    assert {row["level.east"], row["level.west"]} == {"random"}
    game = game_from_row(rows, 3, str(path))
    assert state_digest(game) == row["digest"]
    assert len(game.actions) == row["actions"] and game.state.turn == row["turns"]
    assert (game.result().winner or "") == row["winner"] and game.result().reason == row["reason"]
    assert game.stats()["sides"]["west"]["stands_lost"] == row["west.stands_lost"]


def test_render_from_a_games_file(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    path = simulate(tmp_path, "out.jsonl")
    assert main(["render", "--from", str(path), "--game", "3", "--png", str(tmp_path / "g3.png")]) == 0
    assert (tmp_path / "g3.png").stat().st_size > 0


def test_a_row_that_does_not_replay_to_its_state_is_refused(tmp_path, capsys):
    rows = read_games(simulate(tmp_path, "out.csv"))
    rows[3]["game_seed"] = rows[2]["game_seed"]
    with pytest.raises(BatchError, match="game 3 did not replay to the state it ended in"):
        game_from_row(rows, 3, "out.csv")


@pytest.mark.parametrize("argv, message", [
    (["replay", "--from", "x.csv"], "--from x.csv needs --game N"),
    (["replay", "--game", "3"], "--game needs --from FILE (a games file from kassen simulate --games)"),
    (["replay"], "give a save file, or --from FILE --game N"),
    (["render", "--from", "nope.parquet", "--game", "1", "--png", "x.png"], "nope.parquet: no such file"),
    (["simulate", "training", "--games", "out.xlsx"],
     "--games out.xlsx: the extension picks the format: .jsonl, .csv, .parquet"),
])
def test_bad_games_arguments_are_one_line(capsys, argv, message):
    assert main(argv) == 2
    assert capsys.readouterr().err.strip() == f"kassen: {message}"


@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".parquet"])
def test_rows_read_back_to_the_same_summaries(tmp_path, spec, suffix):
    summaries = run_batch(spec, 6, workers=1, progress=False)
    path = write_games([game_row(spec, s) for s in summaries], tmp_path / f"g{suffix}")
    assert [summary_from_row(r) for r in read_games(path)] == summaries


def test_a_row_holds_the_rebuild_recipe(spec):
    row = game_row(spec, run_batch(spec, 1, workers=1, progress=False)[0])
    assert json.loads(row["options"]) == {} and row["max_actions"] == spec.max_actions
    assert {"game", "master_seed", "game_seed", "winner", "reason", "turns", "digest"} <= set(row)


def test_daimyo_positions_name_the_side_of_each_unit_lost(tmp_path, capsys):
    """The heatmap per side reads (x, y, how, side) of every unit lost (sim/daimyo/game.py stats)."""
    path = tmp_path / "hard.jsonl"
    assert main(["simulate", "training", "--ai", "hard", "--runs", "3", "--workers", "1", "--no-progress",
                 "--games", str(path)]) == 0
    rows = read_games(path)
    # Both sides lose units in master seed 1's three games, so each side's count is checked on real losses.
    assert all(sum(row[f"{side}.units_lost"] for row in rows) >= 1 for side in ("east", "west"))
    for row in rows:
        positions = json.loads(row["positions"])
        assert all(len(p) == 4 and p[3] in ("east", "west") for p in positions)
        for side in ("east", "west"):
            assert sum(p[3] == side for p in positions) == row[f"{side}.units_lost"]


@pytest.mark.parametrize("edit, message", [
    # a weight that is no number used to reach the AI's arithmetic: a TypeError traceback
    (lambda r: r.update(personality='{"aggression": "x"}'),
     "out.csv: a malformed row (personality 'aggression': expected a finite number, got 'x')"),
    # another scenario's sides, or a side without a level, used to be a KeyError traceback
    (lambda r: r.update(scenario="nagashino"),
     "out.csv: game 3: unknown side 'east'; sides are: allies, takeda"),
    (lambda r: r.pop("level.west"),
     "out.csv: game 3: its levels are for sides east, but training has sides east, west"),
])
def test_a_row_with_bad_levels_or_weights_is_one_line(tmp_path, capsys, edit, message):
    rows = read_games(simulate(tmp_path, "out.csv"))
    edit(rows[3])
    with pytest.raises(BatchError) as err:
        game_from_row(rows, 3, "out.csv")
    assert str(err.value) == message
