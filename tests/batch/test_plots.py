"""Issue 22 item 6: the figures of a batch, returned (not written) and written by write_plots."""
import numpy as np
from matplotlib.figure import Figure

from sim.batch import plots
from sim.batch.games import game_row
from sim.batch.plots import write_plots
from sim.batch.runner import run_batch
from sim.batch.spec import RunSpec
from sim.batch.worker import GameSummary
from tests.core.toygame import RaceGame

ALL = ["casualties.png", "heatmap.png", "length.png", "outcomes.png", "reasons.png", "statistics.png",
       "win_rate.png"]


def test_all_plots_written_from_a_system_with_stats(spec, tmp_path):
    batch = run_batch(spec, 40, workers=1, progress=False)
    written, skipped = write_plots(batch, tmp_path, "toy")
    assert sorted(p.name for p in written) == ALL
    assert skipped == []
    assert all(p.stat().st_size > 5000 for p in written)


def test_plots_without_data_are_skipped_and_say_why(tmp_path):
    batch = run_batch(RunSpec(game=RaceGame, lineup=("random",)), 10, workers=1, progress=False)
    written, skipped = write_plots(batch, tmp_path, "bare")
    assert sorted(p.name for p in written) == ["length.png", "outcomes.png", "reasons.png", "win_rate.png"]
    assert len(skipped) == 3 and any("does not report losses" in s for s in skipped)
    assert not (tmp_path / "heatmap.png").exists()


def test_figures_are_returned_from_rows_as_from_summaries(spec):
    batch = run_batch(spec, 12, workers=1, progress=False)
    rows = [game_row(spec, s) for s in batch]
    for draw in (plots.outcomes, plots.win_rate, plots.game_length, plots.casualties, plots.statistics,
                 plots.heatmap):
        assert isinstance(draw(rows, "toy"), Figure)
    assert plots.summaries(rows) == batch


def test_outcomes_show_draws_with_their_interval(spec):
    games = [GameSummary(i, i, {"a": "x", "b": "y"}, winner="a" if i < 3 else None) for i in range(10)]
    ax = plots.outcomes(games, "t").axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == ["a wins", "b wins", "draws", "timeouts"]
    widths = [bar.get_width() for bar in ax.patches]
    assert widths == [0.3, 0.0, 0.7, 0.0]
    assert "7 (70 %)" in [t.get_text() for t in ax.texts]


def test_counts_get_integer_ticks(spec):
    fig = plots.game_length(run_batch(spec, 20, workers=1, progress=False), "toy")
    ticks = fig.axes[0].get_yticks()
    assert np.all(ticks == np.round(ticks))


def test_heatmap_counts_a_unit_that_left_the_table_at_its_edge(monkeypatch):
    """Positions just off the table (a unit gone off its edge) were dropped by the histogram,
    leaving a blank panel; they are counted in the edge cells."""
    seen = []
    real = np.histogram2d
    monkeypatch.setattr(plots.np, "histogram2d", lambda x, y, bins: seen.append(real(x, y, bins)) or seen[-1])
    games = [GameSummary(0, 1, {"a": "random"}, positions=((121.5, 40.0, "left_table"), (60.0, -2.0, "left_table")),
                         table=(120.0, 90.0))]
    plots.heatmap(games, "edge")
    counts, ex, ey = seen[0]
    assert counts.sum() == 2
    assert counts[-1, :].sum() == 1 and counts[:, 0].sum() == 1      # the east edge and the south edge


def test_heatmap_has_a_panel_per_side_over_the_terrain():
    games = [GameSummary(0, 1, {"east": "hard", "west": "hard"}, table=(120.0, 90.0),
                         positions=((30.0, 40.0, "destroyed", "east"), (90.0, 50.0, "left_table", "west"),
                                    (91.0, 51.0, "destroyed", "west")))]
    fig = plots.heatmap(games, "t", scenario="training")
    titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
    assert titles == ["east: 1 units lost over 1 games", "west: 2 units lost over 1 games"]
    assert len(fig.axes[0].patches) >= 5          # training's wood, hill, stream, village, fence


def test_a_board_game_declares_its_plots_and_gets_per_side_numbers(spec, tmp_path):
    """Board games declare statistics (VP, castles... by side) instead of casualties/heatmap."""
    batch = run_batch(spec, 10, workers=1, progress=False)
    declared = ("outcomes", "win_rate", "length", "reasons", "statistics")
    written, skipped = write_plots(batch, tmp_path, "toy", plots=declared)
    assert [p.name for p in written] == [f"{name}.png" for name in declared]
    assert skipped == [] and not (tmp_path / "heatmap.png").exists()


def test_games_all_of_one_length_still_get_whole_number_ticks():
    games = [GameSummary(i, i, {"a": "x", "b": "y"}, turns=14) for i in range(4)]
    ax = plots.game_length(games, "t").axes[0]
    ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    assert 14 in ticks and all(float(t).is_integer() for t in ticks)


def test_statistics_panels_follow_the_systems_labels(spec):
    batch = run_batch(spec, 6, workers=1, progress=False)
    fig = plots.statistics(batch, "toy", labels={"units_lost": "units destroyed (toy 2.1)"})
    assert [ax.get_title() for ax in fig.axes] == ["units destroyed (toy 2.1)", "stands lost"]
