from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest

from sim.batch.runner import chunk_bounds, run_batch
from sim.batch.spec import BatchError, RunSpec, derive_seed, make_player
from sim.batch.stats import summarise
from sim.batch.worker import play_game, replay_game
from sim.core.players import play_out
from tests.batch.toysystem import StatRace
from tests.core.toygame import RaceGame


def test_same_seed_same_results_whatever_the_executor(spec):
    serial = run_batch(spec, 60, workers=1, progress=False)
    pool = run_batch(spec, 60, workers=2, progress=False)
    with ThreadPoolExecutor(3) as threads:
        threaded = run_batch(spec, 60, executor=threads, progress=False, chunk=7)
    assert serial == pool == threaded
    assert [s.index for s in pool] == list(range(60))
    # the games really differ from one another, and another master seed gives other games
    assert len({(s.winner, s.actions) for s in serial}) > 5
    assert run_batch(replace(spec, seed=8), 60, workers=1, progress=False) != serial


def test_each_game_is_reproducible_alone_from_master_seed_and_index(spec):
    batch = run_batch(spec, 20, workers=2, progress=False)
    assert [s.seed for s in batch] == [derive_seed(7, i) for i in range(20)]
    assert play_game(spec, 13) == batch[13]


def test_chunks_cover_every_game_once():
    for runs, slots in ((1, 4), (7, 2), (1000, 2), (999, 16)):
        bounds = chunk_bounds(runs, slots)
        assert [i for a, b in bounds for i in range(a, b)] == list(range(runs))
    assert len(chunk_bounds(1000, 2)) == 20  # 50-game chunks, not 1,000 tiny tasks


def test_summary_counts_come_from_the_game(spec):
    s = play_game(spec, 3)
    # the summary's numbers equal what the game itself reports when played the same way
    game = StatRace.new(spec.scenario, s.seed)
    players = {side: make_player(spec, side, "mixed", derive_seed(s.seed, k))
               for k, side in enumerate(game.sides())}
    play_out(game, players)
    stats = game.stats()
    assert s.winner == game.result().winner and s.actions == len(game.actions)
    assert s.turns == stats["turns"] and s.table == (72.0, 2.0)
    assert s.sides == {k: {m: float(v) for m, v in d.items()} for k, d in stats["sides"].items()}
    assert len(s.positions) == len(stats["positions"])


def test_system_without_stats_reports_nothing_invented():
    spec = RunSpec(game=RaceGame, lineup=("random",))
    s = play_game(spec, 0)
    assert s.winner in ("a", "b") and s.actions > 0
    assert s.turns is None and s.sides == {} and s.clans == {} and s.positions == () and s.table is None


def test_max_actions_guard_is_a_timeout_not_a_draw(spec):
    batch = run_batch(replace(spec, max_actions=10), 5, workers=1, progress=False)
    assert all(s.timeout and not s.draw and s.winner is None and s.actions == 10 for s in batch)
    # the reason names the game's seed and what it kept doing, so the loop can be replayed
    first = batch[0]
    assert first.reason.startswith(f"stopped after 10 actions (game seed {first.seed}; ")
    shown = Counter(repr(a) for a in replay_game(replace(spec, max_actions=10), first.seed, first.levels).actions)
    text, n = shown.most_common(1)[0]
    assert first.reason.endswith(f"{n} of the last 10 actions were {text})")
    report = summarise(batch)
    assert report["timeouts"]["count"] == 5 and report["draws"]["count"] == 0
    assert report["timeouts"]["games"] == [f"game {s.index}: {s.reason}" for s in batch]


def test_turn_limit_option_reaches_the_game_and_ends_in_draws(spec):
    batch = run_batch(replace(spec, options={"turn_limit": 3}), 5, workers=1, progress=False)
    assert all(s.draw and s.reason == "turn limit" and s.turns == 3 for s in batch)


class Fragile(StatRace):
    """Raises in the middle of every third game."""

    def _execute(self, action):
        if self.seed % 3 == 0 and len(self.actions) == 4:
            raise ZeroDivisionError("boom")
        super()._execute(action)


def test_a_game_that_raises_is_reported_with_its_seed_not_fatal(spec):
    batch = run_batch(replace(spec, game=Fragile, players="tests.batch.toysystem"), 30, workers=2, progress=False)
    broken = [s for s in batch if s.error]
    assert broken and len(broken) < 30
    assert all(s.seed % 3 == 0 for s in broken)
    assert f"game seed {broken[0].seed}" in broken[0].error and "ZeroDivisionError" in broken[0].error


def test_bad_requests_are_refused_before_any_game(spec):
    with pytest.raises(BatchError, match="runs must be at least 1"):
        run_batch(spec, 0)
    with pytest.raises(BatchError, match="workers must be at least 1"):
        run_batch(spec, 5, workers=0)
    with pytest.raises(BatchError, match="valid levels: random, timid, mixed, bold"):
        run_batch(replace(spec, lineup=("hard",)), 5)
    with pytest.raises(BatchError, match="does not take these options"):
        run_batch(replace(spec, options={"weather": "rain"}), 5)
    with pytest.raises(BatchError, match="sides are: a, b"):
        run_batch(replace(spec, levels={"c": "bold"}), 5)


def test_personality_weights_reach_the_player(spec):
    # risk 1.0 makes the mixed player always roll two dice: exactly the bold player's games
    risky = run_batch(replace(spec, personality={"risk": 1.0}), 20, workers=1, progress=False)
    bold = run_batch(replace(spec, lineup=("bold",)), 20, workers=1, progress=False)
    assert [(s.winner, s.actions, s.sides) for s in risky] == [(s.winner, s.actions, s.sides) for s in bold]
    plain = run_batch(spec, 20, workers=1, progress=False)
    assert [s.actions for s in plain] != [s.actions for s in bold]


def test_random_level_is_always_available(spec):
    batch = run_batch(replace(spec, lineup=("random",)), 10, workers=1, progress=False)
    assert all(s.levels == {"a": "random", "b": "random"} and s.winner for s in batch)


def test_progress_bar_goes_to_stderr_and_changes_nothing(spec, capsys):
    quiet = run_batch(spec, 30, workers=2, progress=False)
    assert run_batch(spec, 30, workers=2, progress=True) == quiet
    out, err = capsys.readouterr()
    assert out == "" and "30/30" in err


def test_batch_code_is_generic_and_headless():
    from pathlib import Path
    import sim.batch
    for path in Path(sim.batch.__file__).parent.glob("*.py"):
        text = path.read_text().lower()
        for word in ("daimyo", "sekigahara", "amdt", "hellas", "pygame", "import random"):
            assert word not in text, f"{path.name} mentions {word}"


def test_a_chunk_collects_less_often_plays_the_same_daimyo_games_and_restores_the_thresholds():
    """worker.fewer_collections: games in a chunk play as each alone under the default collector
    (the state digest), and the caller's thresholds come back."""
    import gc

    from sim.batch import worker
    from sim.batch.spec import spec_from_file
    spec = spec_from_file("training", lineup=("normal",), options={"turn_limit": 3})
    before = gc.get_threshold()
    chunk = worker.play_chunk(spec, 0, 2)
    assert gc.get_threshold() == before
    with worker.fewer_collections():
        assert gc.get_threshold()[0] == max(before[0], worker.YOUNG_THRESHOLD)
    alone = [play_game(spec, i) for i in range(2)]
    assert chunk == alone and all(s.digest and s.actions > 20 for s in chunk)
