"""What `kassen check` accepts, `render` draws (issue 23): the values that used to pass the
check and crash the table view are refused by the scenario schema, naming the key; values just
inside the bounds are drawn."""
import copy

import pytest

from render.daimyo.export import export_png
from sim.core.errors import ScenarioError
from sim.core.reading import read_toml
from sim.daimyo import GAME
from tests.render.conftest import TRAINING


def _scenario(change):
    data = copy.deepcopy(read_toml(TRAINING))
    change(data)
    return data


@pytest.mark.parametrize("change, key", [
    (lambda d: d["armies"][0]["clans"][0].update(colour=[300, 0, 0]), "colour"),
    (lambda d: d["armies"][0]["clans"][0].update(colour=[True, 0, 0]), "colour"),
    (lambda d: d["table"].update(width=1e300), "table.width"),
    (lambda d: d["terrain"][0]["points"][0].__setitem__(0, -1e308), "terrain.0.points"),
    (lambda d: d["armies"][0]["clans"][0]["units"][0].update(facing=1e15), "facing"),
    (lambda d: d["armies"][0]["clans"][0].update(name="x" * 500), "name"),
])
def test_values_render_cannot_draw_are_refused_by_check(change, key):
    with pytest.raises(ScenarioError) as err:
        GAME.check(_scenario(change), "s.toml")
    assert key in err.value.key


def test_a_nul_in_a_name_is_refused_by_the_reading_gate(tmp_path):
    text = open(TRAINING).read().replace('name = "', 'name = "\\u0000', 1)
    (tmp_path / "s.toml").write_text(text)
    with pytest.raises(ScenarioError, match="holds a NUL"):
        read_toml(tmp_path / "s.toml")


def test_a_scenario_at_the_bounds_is_drawn(tmp_path):
    def edge(d):
        d["armies"][0]["clans"][0].update(colour=[255, 0, 255], name="n" * 120)
        unit = d["armies"][0]["clans"][0]["units"][0]
        unit["facing"] = unit["facing"] % 360 + 3240.0        # the same pose, nine turns round
    GAME.check(_scenario(edge), "s.toml")
    game = GAME.new(_scenario(edge), 1)
    assert export_png(game, tmp_path / "edge.png", size=(320, 240)).exists()
