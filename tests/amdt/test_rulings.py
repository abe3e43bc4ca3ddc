"""Every proposed default is a named ruling: in rulings.toml, in docs/rulings.md, cited in code."""
import re
from pathlib import Path

import pytest

from sim.amdt import rulings
from tests.amdt.test_switches import COVERED

ROOT = Path(__file__).resolve().parents[2]


def test_docs_table_matches_rulings_toml():
    rows = rulings.docs_section((ROOT / "docs" / "rulings.md").read_text())
    assert rows == rulings.markdown_rows()
    assert len(rows) == len(rulings.table()) + len(rulings.choices()) >= 60


def test_every_ruling_is_cited_in_code():
    src = "".join(p.read_text() for p in (ROOT / "sim" / "amdt").glob("*.py"))
    cited = set(re.findall(r"ruling (A-\d+)", src))
    ids = {e["id"] for e in [*rulings.table().values(), *rulings.choices().values()]}
    assert ids <= cited, sorted(ids - cited)
    assert cited <= ids, sorted(cited - ids)


def test_changing_a_ruling_changes_the_game(monkeypatch):
    from tests.amdt.helpers import game, step
    table = {k: dict(v) for k, v in rulings.table().items()}
    table["kyoto_mp_bonus"]["value"] = 3
    monkeypatch.setattr(rulings, "table", lambda: table)
    g = game(2)
    g.state.active = None
    g.dice.force(1)
    step(g, lambda: g._begin_activation("oda"))
    assert g.state.active.mp == 4


# -- every switch of rulings.toml changes play (issue 21) ---------------------------------------
# A changed value for each switch: numbers move by one, flags flip, named values take their
# documented alternative, lists are emptied or reordered.
ALTERNATIVES = {
    "hit_order": ["commander", "leader", "guard", "soldier"], "good_luck_uses": [],
    "hit_on": 5, "mp_die": 3, "link_cost": {"main": 2, "minor": 1, "strait": 2, "sea": 2},
}
# Switches shown to change play by a built situation instead (the test named)
TARGETED = {"kyoto_mp_bonus": "test_changing_a_ruling_changes_the_game",
            "oda_pickup": "test_four_player_rules.py::test_16_2_6_ruling_a60_off_and_two_player_game_unrestricted",
            "regroup_4p": "test_four_player_rules.py::test_16_2_10_per_clan_ruling_counts_all_oda_castles_together",
            "hiei_loc": "test_enryakuji.py (hiei_loc)",
            "soldier_owner": "test_spheres_and_commander.py::test_16_2_6_4_keeps_mover_was_the_former_default",
            **COVERED}
# (players, options) of the random games each other switch is tried on, and their length
GAMES = [(2, {"good_luck": True}), (3, {}), (4, {"good_luck": True}), (2, {"short": True})]
ACTIONS = 400


def _changed(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, dict):
        return {k: _changed(v) for k, v in value.items()}
    if isinstance(value, list):
        return list(reversed(value)) if len(value) > 1 else []
    raise AssertionError(f"no alternative for {value!r}: add one to ALTERNATIVES")


def _plays(seeds=(1,)):
    from sim.core.errors import KassenError
    from sim.core.players import RandomPlayer
    from tests.amdt.helpers import game
    out = []
    for players, options in GAMES:
        for seed in seeds:
            try:
                g = game(players, seed, **options)
            except KassenError as exc:            # a switch may make a set-up illegal
                out.append(str(exc))
                continue
            rng = RandomPlayer(seed)
            for _ in range(ACTIONS):
                if g.to_act() is None:
                    break
                g.apply(rng.choose(g, g.to_act()))
            out.append([e.describe() for e in g.events])
    return out


def test_every_switch_is_read_by_the_code():
    src = "".join(p.read_text() for p in (ROOT / "sim" / "amdt").glob("*.py"))
    unread = [name for name in rulings.table() if f'ruling("{name}")' not in src]
    assert unread == []
    assert not set(rulings.table()) & set(rulings.choices())


@pytest.fixture(scope="module")
def baseline():
    return _plays()


def test_every_switch_is_tried_here_or_by_a_built_situation():
    src = "".join(p.read_text() for p in (ROOT / "tests" / "amdt").glob("*.py"))
    for name, test in TARGETED.items():
        assert name in rulings.table() and test.split("::")[-1].split(" ")[0] in src, name


@pytest.mark.parametrize("name", sorted(set(rulings.table()) - set(TARGETED)))
def test_changing_each_switch_changes_play(name, baseline, monkeypatch):
    table = {k: dict(v) for k, v in rulings.table().items()}
    table[name]["value"] = ALTERNATIVES.get(name, _changed(table[name]["value"]))
    monkeypatch.setattr(rulings, "table", lambda: table)
    assert _plays() != baseline, f"ruling {table[name]['id']} {name}: the games did not change"
