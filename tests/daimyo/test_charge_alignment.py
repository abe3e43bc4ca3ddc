"""Daimyo 4.4: a frontal charger's stands are pushed against the target's with the stands'
corners lined up, at the nearest stand offset; exactly half a stand off, ruling D-116 sends it
to the target's right (as the target faces), whatever the facings' float noise."""
import math

import pytest

from sim.daimyo.combat import charge as CH
from tests.daimyo.table_kit import game, scenario, unit


def _final(x: float, target_facing: float = 270.0, charger_at=None):
    """w1: 4 stands of 4 cm abreast at (100, 60); e1: 3 stands abreast facing it, its centre at
    `charger_at` (default: x along the line 50 cm before a south-facing w1)."""
    f = (math.cos(math.radians(target_facing)), math.sin(math.radians(target_facing)))
    cx, cy = charger_at or (x, 10.0)
    st = game(scenario([unit("e1", cx, cy, facing=target_facing + 180, stands=3, files=3)],
                       [unit("w1", 100, 60, facing=target_facing)])).state
    return CH.final_pose(st.units["e1"], st.units["w1"], "front"), f


@pytest.mark.parametrize("x, lands", [(99.1, 98.0), (100.9, 102.0), (97.0, 98.0), (104.0, 102.0)])
def test_4_4_charger_lines_up_at_the_nearest_stand_offset(x, lands):
    (ex, ey, facing), _ = _final(x)         # w1 faces south: its right is -x
    assert (ex, ey, facing) == pytest.approx((lands, 60.0, 90.0))


@pytest.mark.parametrize("target_facing", [270.0, 90.0, 0.0, 45.0, 135.0, 200.0, 333.3])
def test_4_4_D_116_half_a_stand_off_goes_to_the_targets_right(target_facing):
    f = (math.cos(math.radians(target_facing)), math.sin(math.radians(target_facing)))
    ahead = (100 + 40 * f[0], 60 + 40 * f[1])          # straight before w1's centre
    (ex, ey, _), _ = _final(0.0, target_facing, ahead)
    right = (f[1], -f[0])
    assert (ex, ey) == pytest.approx((100 + 2 * right[0], 60 + 2 * right[1]))
