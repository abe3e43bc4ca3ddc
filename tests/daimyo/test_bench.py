"""Issue 5: `kassen bench` times the exact odds of a whole charge, not just the arithmetic."""
from sim.daimyo.bench import time_odds


def test_issue5_bench_times_a_whole_charge_found_in_play():
    ms, what = time_odds("scenarios/daimyo/training.toml", repeat=3)
    assert what.startswith("charge ") and "rules + arithmetic" in what
    assert ms > 0
