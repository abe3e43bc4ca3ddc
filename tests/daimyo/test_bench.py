"""Issue 5: `kassen bench` times the exact odds of a whole charge, not just the arithmetic."""
from sim.daimyo.bench import time_odds


def test_issue5_bench_times_a_whole_charge_found_in_play():
    ms, what = time_odds("scenarios/daimyo/training.toml", repeat=3)
    assert what.startswith("charge ") and "rules + arithmetic" in what
    assert ms > 0


def test_issue5_bench_times_the_rules_alone_by_replaying_the_battle():
    """The rules' share is timed by replaying the battle's orders into a fresh game of the same
    seed: that replay reaches the very same end, and costs less than deciding and playing."""
    from sim.core.players import play_out
    from sim.core.scenario import open_game
    from sim.daimyo import make_player
    from sim.daimyo.bench import time_battles
    (row,) = time_battles("scenarios/daimyo/training.toml", 1, 2, "random")
    assert 0 < row["rules"] < row["cpu"] and row["turns"] == 2
    played = open_game("scenarios/daimyo/training.toml", seed=1, max_turns=2)
    play_out(played, {s: make_player(s, "random", 10 + i) for i, s in enumerate(played.sides())})
    replayed = open_game("scenarios/daimyo/training.toml", seed=1, max_turns=2)
    for a in played.actions:
        replayed.apply(a)
    assert replayed.is_over() and replayed.result() == played.result()
    assert [(u.id, u.x, u.y, u.stands) for u in replayed.state.units.values()] == \
        [(u.id, u.x, u.y, u.stands) for u in played.state.units.values()]


def test_issue18_bench_against_names_a_bad_commit_in_one_line(capsys):
    from sim.cli import main
    assert main(["bench", "--against", "no-such-commit-xyz"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no-such-commit-xyz" in err[0] and "not a commit" in err[0]


def test_issue18_bench_worker_replays_in_a_given_tree(tmp_path):
    """The side-by-side bench's worker, run as it is on the frozen tree: a battle's actions
    replayed reach the same events and final state as the battle."""
    from pathlib import Path
    from sim.daimyo.bench import _job
    root = Path(__file__).resolve().parents[2]
    acts = tmp_path / "a.json"
    battle = _job(root, "battle", "scenarios/daimyo/training.toml", 1, 1, "random", acts)
    replay = _job(root, "replay", "scenarios/daimyo/training.toml", 1, 1, acts)
    assert battle["actions"] == replay["actions"] > 0
    assert (battle["events"], battle["state"]) == (replay["events"], replay["state"])
    again = _job(root, "replay", "scenarios/daimyo/training.toml", 1, 1, acts, 3)   # --repeat 3
    assert (again["actions"], again["events"], again["state"]) == (replay["actions"], replay["events"], replay["state"])


def test_issue18_bench_state_digest_leaves_out_clan_colours_only():
    """The bench compares what the rules made: a clan's colour (presentation, grey in engines
    before the palette where a scenario gives none) does not count; a unit's pose does."""
    from benchmarks.bench_worker import _state_digest
    from sim.core.scenario import open_game
    game = open_game("scenarios/daimyo/training.toml", seed=1)
    before = _state_digest(game.state)
    game.state.clans["honda"].colour = (200, 200, 200)
    assert _state_digest(game.state) == before
    game.state.units["honda-yari"].x += 1.0
    assert _state_digest(game.state) != before


def test_issue18_bench_frozen_tree_is_the_runs_own_and_removed_after(tmp_path):
    """Each `bench --against` run checks the old engine out inside its own work directory and
    unregisters it after, so two runs never share (or delete) one tree and nothing is left."""
    import subprocess
    from pathlib import Path
    import pytest
    from sim.daimyo.bench import drop_tree, frozen_tree
    root = Path(__file__).resolve().parents[2]
    if not (root / ".git").exists():
        pytest.skip("not a git checkout")

    def listed():
        return subprocess.run(["git", "-C", str(root), "worktree", "list", "--porcelain"],
                              capture_output=True, text=True, check=True).stdout
    tree = frozen_tree("HEAD", tmp_path)
    assert tree.parent == tmp_path and (tree / "sim" / "daimyo" / "bench.py").is_file()
    assert str(tree) in listed()
    drop_tree(tree)
    assert not tree.exists() and str(tree) not in listed()
