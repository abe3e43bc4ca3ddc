"""Issue 19: the form-up band (sim/daimyo/ai/scorer.py `_value_part`) is judged on the real
distance; the turn a pose must make to face its target (4.3.5.2, 4.4) is a cost on top, not cm
that carry a pose standing too close out into the band. Hand-built table, the real engine."""
from sim.daimyo.ai.clan_plan import BAND_CM
from sim.daimyo.ai.scorer import DaimyoScorer
from sim.daimyo.combat import charge as CH
from sim.daimyo.geometry import footprint
from tests.daimyo.ai.test_clan_plan import ARQ, SAM, table
from tests.daimyo.table_kit import give_orders, unit


def test_4_3_5_2_4_4_a_badly_facing_pose_too_close_does_not_look_in_the_band():
    """Veteran samurai forming up 17 cm off arquebusiers (their charge 15 cm plus the band's
    2 cm, 4.4), weighed facing along the line, 90 degrees off their target: the turn to face
    it costs a quarter of their 8 cm move (4.3.5.2, veteran), 2 cm, the same at either pose.
    16 cm off is out of the arquebusiers' reach but short of the band by 1 cm; 17 cm off is in
    it: the band pose is better. (Adding the 2 cm turn to the distance before comparing it with
    the band scored the 16 cm pose as 1 cm off the band and the 17 cm pose as 2 cm.)"""
    g = give_orders(table([unit("sam", 100, 40, 90, **SAM)], [unit("arq", 100, 62, 270, **ARQ)]))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    u, arq = g.state.units["sam"], g.state.units["arq"]
    assert s.plans[u.clan].state == "form_up"
    assert CH.rotation_cost(u, 90) == 0.25 * u.move_row.normal == 2.0
    gap = {y: s.ground.approach(u, footprint(u, x=100, y=y, facing=0, files=u.files),
                                s.enemy_shapes["arq"], u.files)[0] for y in (37, 38)}
    assert gap == {37: arq.move_row.charge + BAND_CM, 38: arq.move_row.charge + BAND_CM - 1}
    assert s._value(u, 100, 37, 0, u.files) > s._value(u, 100, 38, 0, u.files)
