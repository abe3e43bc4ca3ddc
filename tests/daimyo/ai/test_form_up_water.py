"""Issue 19: a horse forming up across a stream from arquebusiers stands off their fire, not
a charge reach measured on the wading way's cost (4.3.1 cavalry may not charge out of
difficult water; 4.5.1, 4.5.4 long range 15 cm). Hand-built table, the real engine."""
from sim.daimyo.ai.clan_plan import ClanPlan
from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.table_kit import CAV, game, give_orders, scenario, unit

ARQ = dict(troop="ashigaru", quality="regular", weapons=["arquebus"], armour="light")
STREAM = {"id": "stream", "kind": "stream", "points": [[0, 44], [200, 44], [200, 48], [0, 48]]}


def test_4_3_1_4_5_4_a_horse_forms_up_outside_the_shooters_range_across_a_stream():
    """The arquebusiers stand on the far bank; the horse's clan forms up. A charge reach and
    the band off them on the way's cost (the stream costs double, 4.3.1) is 9 cm straight,
    inside their fire; the band measured straight, 17 cm, is out of it, and now the better."""
    g = give_orders(game(scenario([unit("horse", 100, 20, 90, **CAV)], [unit("arq", 100, 52, 270, **ARQ)],
                                  terrain=[STREAM], east_daimyo=(100, 10))))
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    u = g.state.units["horse"]
    s.plans = {u.clan: ClanPlan(u.clan, "attack", "form_up", (100.0, 52.0), "arq", "test", 1)}
    near = s._value(u, 100, 43, 90, u.files)        # 9 cm from the shooters' front
    back = s._value(u, 100, 35, 90, u.files)        # 17 cm
    assert back > near
