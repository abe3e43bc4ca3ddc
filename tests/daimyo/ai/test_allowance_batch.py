"""The charge allowances of a decision's new poses worked out together (ai/reach.py
`Ground.keep_charge_allowances`, issue 18 item 5) equal each worked out alone (4.4, 4.3.1: the
charge move cut by the ground at the start and on the way, 0 across impassable ground or for
cavalry standing in difficult ground), on the reference table's river, woods, fields and
fences. Whole battles with every kept allowance worked out again are in test_pose_memo.py
(check mode)."""
from hypothesis import HealthCheck, given, settings, strategies as stn

from sim.core.scenario import open_game
from sim.daimyo.ai.reach import Ground, _allowance_key
from sim.daimyo.ai.routes import RouteBook
from sim.daimyo.geometry import footprint

TABLE = "benchmarks/reference.toml"
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _table():
    st = open_game(TABLE, seed=1).state
    units = sorted(st.units.values(), key=lambda u: u.id)
    # one of each kind the allowance reads (cavalry, stands, charge move)
    kinds = {}
    for u in units:
        kinds.setdefault(_allowance_key(u), u)
    return st, list(kinds.values())


ST, KINDS = _table()
pose = stn.tuples(stn.floats(0, ST.width, allow_nan=False), stn.floats(0, ST.height, allow_nan=False),
                  stn.sampled_from([0.0, 90.0, 180.0, 270.0]) | stn.floats(0, 360, allow_nan=False))
pair = stn.tuples(stn.sampled_from(KINDS), pose, stn.sampled_from(KINDS), pose)


@given(stn.lists(pair, min_size=1, max_size=12))
@SETTINGS
def test_4_4_allowances_worked_out_together_equal_each_alone(pairs):
    asked = []
    for u, (x, y, f), e, (ex, ey, ef) in pairs:
        shape = footprint(u, x=x, y=y, facing=f, files=u.files)
        target = footprint(e, x=ex, y=ey, facing=ef, files=e.files)
        asked.append((u, shape, target))
    together, alone = Ground(ST, RouteBook()), Ground(ST, RouteBook())
    together.keep_charge_allowances(asked + asked[:1])          # a pair asked twice is kept once
    for u, shape, target in asked:
        assert together._kept.knows(_allowance_key(u), (shape, target))
        assert together.charge_allowance(u, shape, target) == alone._charge_allowance(u, shape, target)


def test_4_3_1_the_batch_meets_the_ground_where_a_charge_crosses_it():
    """Some asked pair on this table is cut by ground on the way (light, difficult, a fence or
    the river): the batch is not only the open-ground shortcut."""
    ground = Ground(ST, RouteBook())
    u = next(k for k in KINDS if not k.cavalry)
    asked = [(u, footprint(u, x=x, y=y, facing=0.0, files=u.files),
              footprint(u, x=x + 10.0, y=y, facing=180.0, files=u.files))
             for x in range(5, int(ST.width) - 15, 7) for y in range(5, int(ST.height) - 5, 7)]
    ground.keep_charge_allowances(asked)
    got = [ground.charge_allowance(*a) for a in asked]
    assert any(0.0 < g < u.move_row.charge for g in got) or 0.0 in got
    assert got == [Ground(ST, RouteBook())._charge_allowance(*a) for a in asked]
