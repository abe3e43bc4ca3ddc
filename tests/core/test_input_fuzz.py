"""The input audit in the suite (issue 23), with a fixed small budget: mutated scenario files,
saves and command lines of all four systems give a clear one-line error or a valid game that
plays on, never an uncaught exception, an internal error or a hang. The large audit is
benchmarks/input_audit.py (figures in docs/reliability.md)."""
import pytest

from sim.core import audit

SYSTEMS = sorted(audit.SCENARIOS)


def _assert_clean(tally, n):
    assert tally.tried == n
    assert tally.bad() == []
    assert tally.counts["clear"] > 0           # the mutations do reach the checks


@pytest.mark.parametrize("system", SYSTEMS)
def test_mutated_scenarios_give_a_clear_error_or_a_game(system):
    _assert_clean(audit.scenario_audit(system, 40, seed=11, seconds=30), 40)


@pytest.mark.parametrize("system", SYSTEMS)
def test_mutated_saves_are_refused_or_load_into_a_game_that_plays_on(system):
    _assert_clean(audit.save_audit(system, 30, seed=12, seconds=30), 30)


@pytest.mark.parametrize("system", SYSTEMS)
def test_mutated_command_lines_exit_0_or_with_one_error_line(system):
    _assert_clean(audit.cli_audit(system, 20, seed=13, seconds=60), 20)
