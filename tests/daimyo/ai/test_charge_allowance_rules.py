"""The AI's charge allowance (ai/reach.py Ground) reads a charge's ground as the rules do
(4.3.1, 4.4, ruling D-120): over the ground the rules' charge path covers (combat/charge.py
`charge_path`), the Ground's effects give the allowance the rules give the charge - 0 where
the rules refuse it (impassable ground: a river off its bridge and ford; cavalry standing in
difficult ground) - on random straight-on charges over the reference table's river, bridge and
ford, a wide stream or not. (Ground.charge_allowance itself judges the straight line between
the two footprints, not the rules' hull: docs/ai.md, "Charges over the river".)"""
from hypothesis import HealthCheck, assume, given, settings, strategies as stn

from sim.core.errors import RuleError, ScenarioError
from sim.daimyo.ai.reach import Ground, _allowance
from sim.daimyo.combat import charge as CH
from sim.daimyo.surroundings import footprint

from ..test_charge_terrain import ARQUEBUS, HORSE, SPEAR, game, river

KINDS = [(SPEAR, 4, 4), (SPEAR, 4, 1), (HORSE, 4, 4), (HORSE, 4, 1), (ARQUEBUS, 5, 5)]


@given(kind=stn.sampled_from(KINDS), target=stn.sampled_from(KINDS),
       x=stn.floats(50, 80) | stn.floats(80, 118) | stn.floats(12, 50),
       ty=stn.floats(62, 68), gap=stn.floats(0.2, 10), off=stn.floats(-2, 2), wide=stn.booleans())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_4_3_1_ai_allowance_over_the_charge_path_is_the_rules_ruling_D120(kind, target, x, ty, gap, off, wide):
    (troop, stands, files), (ttroop, tstands, tfiles) = kind, target
    try:
        g = game((troop, stands, files, x, ty - gap, 90), (ttroop, tstands, tfiles, x + off, ty, 270), river(wide))
    except ScenarioError:
        assume(False)          # a unit standing in the river away from its crossings
    st = g.state
    u, t = st.units["c"], st.units["t"]
    hull = CH.charge_path(u, t)[-1]
    ground = Ground(st)
    start = ground._allowance_start(u, footprint(u), footprint(t))     # cavalry in difficult ground: 0
    ai = start if isinstance(start, float) else _allowance(u, start | ground.effects(u, hull))
    try:
        rules = CH.plan(st, u, t).charge_move
    except RuleError as e:
        if e.rule != "4.3.1":
            assume(False)      # out of reach, no room: nothing about the ground
        rules = 0.0
    assert ai == rules
