import pytest

import sim.core.scenario as scenario
from sim.batch.spec import RunSpec
from tests.batch.toysystem import StatRace


@pytest.fixture
def spec():
    return RunSpec(game=StatRace, scenario={"goal": 60}, seed=7, lineup=("mixed",))


@pytest.fixture
def race_file(tmp_path, monkeypatch):
    """A scenario file of the toy system; `system = "race"` resolves to StatRace."""
    real = scenario.game_class
    monkeypatch.setattr(scenario, "game_class", lambda s: StatRace if s == "race" else real(s))
    path = tmp_path / "race.toml"
    path.write_text('system = "race"\ngoal = 60\n[meta]\ntitle = "Toy race"\n')
    return path
