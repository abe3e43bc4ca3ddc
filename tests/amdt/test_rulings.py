"""Every proposed default is a named ruling: in rulings.toml, in docs/rulings.md, cited in code."""
import re
from pathlib import Path

from sim.amdt import rulings

ROOT = Path(__file__).resolve().parents[2]


def test_docs_table_matches_rulings_toml():
    rows = rulings.docs_section((ROOT / "docs" / "rulings.md").read_text())
    assert rows == rulings.markdown_rows()
    assert len(rows) == len(rulings.table()) >= 50


def test_every_ruling_is_cited_in_code():
    src = "".join(p.read_text() for p in (ROOT / "sim" / "amdt").glob("*.py"))
    cited = set(re.findall(r"ruling (A-\d+)", src))
    ids = {e["id"] for e in rulings.table().values()}
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
