"""A unit's kind and movement row (1.1, 4.3, 6.1) read through the tables' lookups
(Tables.cavalry_troops, Tables.move_rows) are the rows the tables give by name."""
from __future__ import annotations

import dataclasses
import itertools

import pytest

from sim.core.scenario import open_game
from sim.daimyo.model import Armour, Troop, Weapon
from sim.daimyo.tables import tables


def _by_name(u):
    """The rows as the tables name them (model.Unit before the lookups)."""
    t = tables()
    cavalry = t.troops[u.troop.value].cavalry
    if u.troop is Troop.ARTILLERY:
        return cavalry, t.movement["artillery_heavy" if Weapon.HEAVY_CANNON in u.weapons else "artillery_light"]
    kind = "cavalry_" if cavalry else "infantry_"
    return cavalry, t.movement.get(kind + u.armour.value)


@pytest.mark.parametrize("troop,armour", list(itertools.product(Troop, Armour)))
def test_lookups_equal_the_rows_by_name_4_3(troop, armour):
    base = next(iter(open_game("benchmarks/reference.toml", seed=1).state.units.values()))
    for weapons in ([], [Weapon.BOW], [Weapon.HEAVY_CANNON], [Weapon.LIGHT_CANNON]):
        u = dataclasses.replace(base, troop=troop, armour=armour, weapons=weapons)
        cavalry, row = _by_name(u)
        assert u.cavalry is cavalry
        if row is None:
            with pytest.raises(KeyError):
                u.move_row
        else:
            assert u.move_row is row
