"""Issue 18: `kassen bench --against` with an old engine that refuses today's orders (an engine
from before a rules fix) says so in one line and goes on, rather than dying on a subprocess."""
import json
from pathlib import Path

from sim.daimyo.bench import JobFailed, _job, _old_job

ROOT = Path(__file__).resolve().parents[2]
TRAINING = "scenarios/daimyo/training.toml"


def _refused_orders(tmp_path) -> Path:
    """A real battle's orders with its first order given twice: the engine refuses the second."""
    acts = tmp_path / "a.json"
    _job(ROOT, "battle", TRAINING, 1, 1, "random", acts)
    orders = json.loads(acts.read_text())
    acts.write_text(json.dumps(orders[:1] + orders))
    return acts


def test_issue18_a_refused_replay_is_one_line_naming_the_job_and_the_engines_reason(tmp_path, capsys):
    acts = _refused_orders(tmp_path)
    try:
        _job(ROOT, "replay", TRAINING, 1, 1, acts)
    except JobFailed as exc:
        reason = str(exc)
    else:
        raise AssertionError("the replay of a doubled order ran")
    assert reason.startswith(f"replay of {TRAINING} in {ROOT}: ") and "Traceback" not in reason
    assert _old_job(ROOT, "training: rules alone (replay)", "replay", TRAINING, 1, 1, acts) is None
    (line,) = capsys.readouterr().out.strip().splitlines()
    assert line.startswith("training: rules alone (replay)") and "not compared" in line and reason in line


def test_issue18_the_kept_recording_replays_whole_in_todays_engine():
    """The bench's fixed battle (RECORDED) measures the engine alone only while today's rules
    carry out all its orders; a rules change that refuses one shows here, not in a bench run."""
    from sim.daimyo.bench import RECORDED
    for _, path, turns, acts in RECORDED:
        got = _job(ROOT, "replay", path, 1, turns, ROOT / acts)
        assert got["actions"] == len(json.loads((ROOT / acts).read_text())) == 818
