"""The Hellas map names each place once: a city named as its area (Corcyra, Amphipolis, Syracuse) is not
labelled a second time a few pixels off the area's own name."""
from render.hellas import ADAPTER
from sim.core.scenario import open_game


def test_no_name_is_drawn_twice_on_the_hellas_map():
    game = open_game("scenarios/hellas/431_campaign.toml", seed=1)
    shown = [p.label or p.name for p in ADAPTER(game).places() if (p.label or p.name).strip()]
    twice = sorted({name for name in shown if shown.count(name) > 1})
    assert twice == []
    assert {"Corcyra", "Amphipolis", "Athens", "Sparta"} <= set(shown)
