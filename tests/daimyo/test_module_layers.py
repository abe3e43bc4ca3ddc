"""Issue 18 item 4: the shared effects (a unit removed or disordered, hits, stand losses, leader
deaths: 4.2.1, 4.5.5, 4.6.2, 5.1) and the questions about a unit's surroundings sit below both
movement and combat, and the geometry package below them all. Checked on the source: no import
of a higher layer, not even one hidden inside a function."""
import ast
from pathlib import Path

import pytest

SIM = Path(__file__).resolve().parents[2] / "sim" / "daimyo"
HIGHER = ("sim.daimyo.movement", "sim.daimyo.menus", "sim.daimyo.combat", "sim.daimyo.ai", "sim.daimyo.game")


def imported(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


@pytest.mark.parametrize("module", ["effects.py", "surroundings.py", "artillery.py", "geometry/table.py",
                                    "geometry/kernels.py", "geometry/arcs.py", "geometry/shapes.py"])
def test_4_5_5_shared_layers_import_neither_movement_nor_combat(module):
    bad = sorted(m for m in imported(SIM / module) if m.startswith(HIGHER))
    assert bad == [], f"{module} imports {bad}"


@pytest.mark.parametrize("module", ["common.py", "melee.py", "rout.py", "charge.py", "morale.py", "__init__.py"])
def test_4_6_combat_does_not_import_movement(module):
    assert "sim.daimyo.movement" not in imported(SIM / "combat" / module)


def test_4_3_movement_plans_orders_without_the_players_menus():
    """movement.py plans and executes orders; the menus a scripted or random player picks
    from (menus.py) and the AI sit above it."""
    bad = sorted(m for m in imported(SIM / "movement.py")
                 if m.startswith(("sim.daimyo.menus", "sim.daimyo.ai", "sim.daimyo.game")))
    assert bad == [], f"movement.py imports {bad}"
