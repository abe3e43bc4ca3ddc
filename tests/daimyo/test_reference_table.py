"""Issue 19 item 7: the reference table's turn limit carries its reason in the file, the file
is what its generator writes (so regenerating keeps both), and the benchmarks that play the
table at limits of their own (`kassen bench`, daimyo_ai_check) still pass them explicitly."""
import tomllib
from pathlib import Path

from benchmarks import daimyo_ai_check
from benchmarks.make_reference import TURN_LIMIT, table_text
from sim.core.scenario import open_game
from sim.daimyo import bench

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "scenarios/daimyo/reference.toml", ROOT / "benchmarks/reference.toml"]


def test_issue19_reference_files_are_the_generators_output():
    for path in FILES:
        assert path.read_text() == table_text(), path


def test_issue19_reference_turn_limit_is_recorded_with_its_reason():
    text = FILES[0].read_text()
    assert tomllib.loads(text)["options"]["max_turns"] == TURN_LIMIT
    options = text[text.index("[options]"):text.index("max_turns")]
    assert "# Turn limit (issue 19 item 7)" in options and "reference_march" in options


def test_issue19_bench_and_the_ai_check_keep_their_own_turn_limits():
    """5.2: a game ends at its turn limit; the benchmarks set theirs over the file's."""
    assert ("reference", "benchmarks/reference.toml", 15) in bench.BATTLES
    assert ("benchmarks/reference.toml", 1, ("hard", "hard"), 15) in daimyo_ai_check.BATTLES
    assert open_game("benchmarks/reference.toml", seed=1, max_turns=15).state.options["max_turns"] == 15
    assert open_game("reference", seed=1).state.options["max_turns"] == TURN_LIMIT
