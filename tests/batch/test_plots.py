from sim.batch.plots import write_plots
from sim.batch.runner import run_batch
from sim.batch.spec import RunSpec
from sim.batch.stats import summarise
from tests.core.toygame import RaceGame


def test_all_plots_written_from_a_system_with_stats(spec, tmp_path):
    batch = run_batch(spec, 40, workers=1, progress=False)
    written, skipped = write_plots(batch, summarise(batch), tmp_path, "toy")
    assert sorted(p.name for p in written) == ["casualties.png", "heatmap.png", "turns.png", "win_rate.png"]
    assert skipped == []
    assert all(p.stat().st_size > 5000 for p in written)


def test_plots_without_data_are_skipped_and_say_why(tmp_path):
    batch = run_batch(RunSpec(game=RaceGame, lineup=("random",)), 10, workers=1, progress=False)
    written, skipped = write_plots(batch, summarise(batch), tmp_path, "bare")
    assert [p.name for p in written] == ["win_rate.png"]
    assert len(skipped) == 3 and any("does not report turns" in s for s in skipped)
    assert not (tmp_path / "heatmap.png").exists()
