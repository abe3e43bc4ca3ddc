"""The table arrays' refresh (geometry/table.py, DESIGN seam 6): the rows of units that moved are
placed again in place; any other change (a unit gone or added, a unit replaced by its copy, a side
changed) is followed too. The kept table always equals one built afresh from the state, through real games with the check
mode on (moves 4.3, formation changes 4.3.5.4, charges 4.4, push-backs and follow-ups 4.6.6,
routs 4.6.7, morale moves 5.1, stands and units removed 4.5.5)."""
import copy

import numpy as np
import pytest

from sim.core.scenario import read_toml
from sim.daimyo.fuzz import EagerRandomPlayer
from sim.daimyo.game import DaimyoGame
from sim.daimyo.geometry import table


def _assert_equals_fresh(st) -> None:
    kept = table.arrays(st)
    fresh = table.TableArrays()
    living = st.living()
    fresh.refresh(living)
    assert kept.ids == fresh.ids and kept.keys == fresh.keys == list(map(table._key, living))
    for name in ("corners", "boxes", "start", "count", "side", "stand_side", "owner"):
        assert np.array_equal(getattr(kept, name), getattr(fresh, name)), name
    assert np.allclose(kept.circles, fresh.circles, rtol=0, atol=1e-12)
    for uid in kept.ids:
        assert np.array_equal(kept._placed[uid][1], fresh._placed[uid][1])


def _kinds(events) -> set[str]:
    out = set()
    for e in events:
        out.add(type(e).__name__)
        how = getattr(e, "how", "")
        if how:
            out.add(f"{type(e).__name__}:{how}")
    return out


# games (and their first actions) that go through the rules that move, reshape and remove units
MOVERS = {"UnitMoved", "FormationChanged", "StandRemoved", "UnitRemoved"}


@pytest.mark.parametrize("path,seed,cap,want", [
    ("scenarios/daimyo/training.toml", 5, 500, MOVERS | {"ChargeMoved", "UnitRouted", "PushedBack", "FollowedUp"}),
    ("scenarios/daimyo/training.toml", 1, 400, MOVERS | {"ChargeMoved", "UnitRouted", "MoraleMove"}),
    ("benchmarks/reference.toml", 2, 200, {"UnitMoved"})])
def test_d3_table_rows_follow_moves_charges_melee_routs_and_removals(path, seed, cap, want):
    """After every action of an eager-random game (check mode on: a table trusted within one
    version must equal the state) the kept table equals a fresh one, row for row."""
    game = DaimyoGame.new(read_toml(path), seed, weather=True, random_events=True)
    game.state.geometry_cache["check_arrays"] = True
    players = {s: EagerRandomPlayer(seed + i) for i, s in enumerate(game.sides())}
    for _ in range(cap):
        side = game.to_act()
        if side is None:
            break
        game.apply(players[side].choose(game, side))
        _assert_equals_fresh(game.state)
    assert want <= _kinds(game.events)


def test_d3_a_side_changed_by_hand_rebuilds_the_rows():
    """A tool that hands a unit to the other side between two calls: the next use sees its new
    side (the rows' sides, not only their corners)."""
    game = DaimyoGame.new(read_toml("scenarios/daimyo/training.toml"), 1)
    st = game.state
    table.arrays(st)
    u = st.living("east")[0]
    u.side = "west"
    _assert_equals_fresh(st)
    assert table.arrays(st).side[table.arrays(st).row[u.id]] == hash("west")


def test_d3_a_unit_replaced_by_its_copy_is_followed():
    """A unit object replaced by its copy (same id, same pose) keeps its rows; the copy, moved and
    reformed by hand afterwards (4.3.5.4), is followed."""
    game = DaimyoGame.new(read_toml("scenarios/daimyo/training.toml"), 1)
    st = game.state
    table.arrays(st)
    u = next(v for v in st.living("east") if v.stands >= 4)
    twin = st.units[u.id] = copy.deepcopy(u)
    _assert_equals_fresh(st)
    twin.x, twin.facing = twin.x + 2.5, (twin.facing + 30.0) % 360.0
    twin.files = max(1, twin.files // 2)
    _assert_equals_fresh(st)


def test_d3_check_mode_catches_a_pose_changed_within_one_version():
    """Within one step the table is trusted while the version stands: a rule that moved a unit
    and read the table again before emitting its event shows in the check mode."""
    game = DaimyoGame.new(read_toml("scenarios/daimyo/training.toml"), 1)
    st = game.state
    st.geometry_cache["check_arrays"] = True
    u = st.living("east")[0]
    with table.in_step(st):
        table.arrays(st)
        u.x += 1.0
        with pytest.raises(AssertionError, match="out of step"):
            table.arrays(st)
        table.bump(st)                       # its event: the next use places it again
        assert table.arrays(st).keys[table.arrays(st).row[u.id]] == table._key(u)
    _assert_equals_fresh(st)
