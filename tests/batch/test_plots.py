from sim.batch.plots import write_plots
from sim.batch.runner import run_batch
from sim.batch.spec import RunSpec
from sim.batch.stats import summarise
from tests.batch.toysystem import SYSTEM
from tests.core.toygame import RaceGame


def test_all_plots_written_from_a_system_with_stats(spec, tmp_path):
    batch = run_batch(spec, 40, workers=1, progress=False)
    written, skipped = write_plots(batch, summarise(batch), tmp_path, "toy", SYSTEM.plots)
    assert sorted(p.name for p in written) == ["casualties.png", "heatmap.png", "reasons.png", "turns.png",
                                               "win_rate.png"]
    assert skipped == []
    assert all(p.stat().st_size > 5000 for p in written)


def test_plots_without_data_are_skipped_and_say_why(tmp_path):
    batch = run_batch(RunSpec(game=RaceGame, lineup=("random",)), 10, workers=1, progress=False)
    written, skipped = write_plots(batch, summarise(batch), tmp_path, "bare")
    assert [p.name for p in written] == ["win_rate.png", "reasons.png"]
    assert len(skipped) == 4 and any("does not report turns" in s for s in skipped)
    assert not (tmp_path / "heatmap.png").exists()


def test_heatmap_counts_a_unit_that_left_the_table_at_its_edge(tmp_path, monkeypatch):
    """Positions just off the table (a unit gone off its edge) were dropped by the histogram,
    leaving a blank panel; they are counted in the edge cells."""
    import numpy as np
    from sim.batch import plots
    from sim.batch.worker import GameSummary
    seen = []
    real = np.histogram2d
    monkeypatch.setattr(plots.np, "histogram2d", lambda x, y, bins: seen.append(real(x, y, bins)) or seen[-1])
    games = [GameSummary(0, 1, {"a": "random"}, positions=((121.5, 40.0, "left_table"), (60.0, -2.0, "left_table")),
                         table=(120.0, 90.0))]
    plots.heatmap(games, "edge", tmp_path / "heatmap.png")
    counts, ex, ey = seen[0]
    assert counts.sum() == 2
    assert counts[-1, :].sum() == 1 and counts[:, 0].sum() == 1      # the east edge and the south edge


def test_a_board_game_declares_its_plots_and_gets_per_side_numbers(spec, tmp_path):
    """Board games declare side_stats (VP, castles... by side) instead of casualties/heatmap."""
    batch = run_batch(spec, 10, workers=1, progress=False)
    plots = ("win_rate", "turns", "reasons", "side_stats")
    written, skipped = write_plots(batch, summarise(batch), tmp_path, "toy", plots)
    assert [p.name for p in written] == ["win_rate.png", "turns.png", "reasons.png", "sides.png"]
    assert skipped == [] and not (tmp_path / "heatmap.png").exists()
