"""Issue 19, hard: a clan whose way to the enemy runs through a stream whose far bank the enemy
holds receives on its own bank (clan_plan: receive, `patient`): a unit wading in is
disordered (4.3.1, 4.2.1), may not charge and comes out within the enemy's reach and fire, so
it lets the enemy do it and charges what comes out. Hand-built tables, the real engine (the
disorder comes from moves the rules make); the plan reads only the table."""
import dataclasses

from sim.daimyo import actions as A
from sim.daimyo.ai import clan_plan
from sim.daimyo.ai.clan_plan import BOLD, PATIENCE
from sim.daimyo.ai.matchups import Matchups
from sim.daimyo.ai.planner import plan_army
from sim.daimyo.ai.routes import RouteBook
from sim.daimyo.ai.scorer import DaimyoScorer
from tests.daimyo.ai.test_clan_plan import ARQ, SAM, table
from tests.daimyo.table_kit import give_orders, unit

STREAM = {"id": "stream", "kind": "stream", "points": [[0, 58], [200, 58], [200, 64], [0, 64]]}


def step(g, patient=True, margin=None):
    st = g.state
    mu = Matchups(st, "east")
    army = plan_army(st, "east", mu)
    if margin is not None:          # 5.2: as if one side had lost units already
        army = dataclasses.replace(army, margin=margin)
    return clan_plan.step(None, st, "east", "east-clan", army, mu, RouteBook(), patient)


def _table(east_y: float = 40, west_y: float = 66):
    """East samurai south of the stream, west arquebusiers on its north bank, 2 cm off it."""
    return table([unit("sam", 100, east_y, 90, **SAM)], [unit("arq", 100, west_y, 270, **ARQ)], terrain=[STREAM])


def test_4_3_1_a_patient_clan_receives_at_a_stream_whose_far_bank_the_enemy_holds():
    """The arquebusiers stand 2 cm beyond the stream, within a move and a charge of it: the
    samurai's way to them wades the stream, so hard lines up on its own bank."""
    p = step(_table())
    assert (p.state, p.crossing, p.target) == ("receive", "stream", "arq")
    assert p.objective[1] == 58.0


def test_4_3_1_without_patience_the_clan_marches_on():
    """Normal (not patient) approaches as before: the same table is no reason to wait."""
    p = step(_table(), patient=False)
    assert p.state != "receive" and p.crossing == ""


def test_5_2_a_patient_clan_goes_over_when_the_clock_presses():
    """From PATIENCE on (5.2: a draw wins nothing) the clan goes over after all."""
    g = _table()
    g.state.options["max_turns"] = 11
    g.state.turn = 1 + int(PATIENCE * 10 + 1)
    assert step(g).state != "receive"


def test_4_3_1_a_clan_already_in_the_stream_wades_on():
    """A samurai unit that has walked into the stream (disordered by the rules, 4.3.1) does not
    turn back to receive: its clan goes on across."""
    g = give_orders(_table(east_y=54))
    g.apply(A.Move("east", "sam", 5.0))
    assert g.state.units["sam"].disordered
    assert step(g).state != "receive"


def test_4_4_a_receiving_clan_charges_an_enemy_wading_into_its_reach():
    """The arquebusiers walk into the stream (disordered, 4.3.1) 4 cm from the samurai's front:
    the samurai may charge them (the charge halved by the stream, 4.3.1) at winning odds, so
    the clan engages instead of receiving."""
    g = give_orders(_table(east_y=55, west_y=64.5), "west")
    g.apply(A.Move("west", "arq", 5.5))
    assert g.state.units["arq"].disordered
    p = step(g)
    assert (p.state, p.target) == ("engage", "arq") and "charges" in p.why


def test_4_3_1_a_receiving_unit_stands_within_its_own_charge_of_the_water():
    """The receiving samurai (charge 12 cm) score a pose about 9.5 cm off the stream (its charge
    less a stand's depth and a cm) above one at the water's edge and one 20 cm back."""
    g = give_orders(_table())
    s = DaimyoScorer(planning=True, exact=True)
    s.prepare(g, "east")
    assert s.plans["east-clan"].state == "receive"
    u = g.state.units["sam"]
    at = {y: s._value(u, 100, y, 90, u.files) for y in (38.0, 48.5, 57.0)}
    assert at[48.5] > at[57.0] and at[48.5] > at[38.0]


def test_4_2_1_a_charge_on_a_disordered_enemy_need_not_beat_being_charged_by_it():
    """The samurai's charge ends in the stream (disordered on contact, 4.3.1), so by the odds
    being charged would be a little better (att below dfn) - but the wading arquebusiers may
    not declare a charge (4.2.1), so there is nothing to wait for: the clan engages, patient
    or not."""
    g = give_orders(_table(east_y=55, west_y=64.5), "west")
    g.apply(A.Move("west", "arq", 5.5))
    mu = Matchups(g.state, "east")
    assert 0 < mu.att[("sam", "arq")] < mu.dfn[("sam", "arq")]
    p = step(g, patient=False)
    assert (p.state, p.target) == ("engage", "arq")


RAW = dict(troop="ashigaru", quality="raw", weapons=["long_spear"], armour="light")    # charge 11 cm


def test_4_6_5_a_patient_clan_goes_over_where_the_enemy_at_the_water_loses_its_charge():
    """Raw spearmen stand 2 cm beyond the stream, within a move and a charge of it, but by the
    matchups' odds they lose a charge on the veteran samurai (4.6.5) and shoot nothing (4.5.4):
    they hold nothing, so the samurai go over rather than wait for them."""
    g = table([unit("sam", 100, 40, 90, **SAM)], [unit("spear", 100, 66, 270, **RAW)], terrain=[STREAM])
    assert Matchups(g.state, "east").dfn[("sam", "spear")] > 0
    p = step(g)
    assert p.state != "receive" and p.crossing == ""


def test_4_3_1_an_enemy_at_the_water_far_along_the_stream_holds_nothing_where_the_clan_wades():
    """The arquebusiers stand 2 cm beyond the stream but 150 cm along it from where the samurai
    would wade to their goal (samurai 46 cm beyond the water, out of a move and a charge of
    it): nothing holds that stretch of the far bank, so the clan goes over."""
    g = table([unit("sam", 20, 40, 90, **SAM)],
              [unit("foe", 20, 110, 270, **SAM), unit("arq", 170, 66, 270, **ARQ)], terrain=[STREAM])
    p = step(g)
    assert p.state != "receive" and p.crossing == ""
    assert p.target == "foe"


def test_4_5_4_arquebusiers_at_the_water_hold_it_though_the_samurai_beat_them():
    """The samurai beat the arquebusiers charging and being charged (4.6.5), but the
    arquebusiers, 2 cm beyond the stream, shoot into the water at effective range (4.5.1,
    4.5.4): waders would lose stands before they could close, so the clan receives."""
    g = _table()
    mu = Matchups(g.state, "east")
    assert mu.att[("sam", "arq")] > 0 and mu.dfn[("sam", "arq")] > 0
    assert step(g).state == "receive"


def test_4_6_5_a_patient_clan_receives_where_the_enemy_at_the_water_wins_the_fight():
    """Veteran samurai (no missiles) stand 2 cm beyond the stream and beat the raw spearmen
    either way by the matchups' odds (4.6.5): the spearmen's clan receives on its bank."""
    g = table([unit("spear", 100, 40, 90, **RAW)], [unit("sam", 100, 66, 270, **SAM)], terrain=[STREAM])
    mu = Matchups(g.state, "east")
    assert mu.att[("spear", "sam")] < 0 and mu.dfn[("spear", "sam")] < 0
    p = step(g)
    assert (p.state, p.crossing, p.target) == ("receive", "stream", "sam")


def _bold_turn(g) -> None:
    """Clock pressure between BOLD and PATIENCE (5.2): 0.4 on turn 5 of 11."""
    g.state.options["max_turns"] = 11
    g.state.turn = 5
    assert BOLD <= 0.4 < PATIENCE


def test_5_2_from_bold_fire_alone_no_longer_holds_a_clan_that_wins_at_the_water():
    """The arquebusiers 2 cm beyond the stream shoot into it (4.5.4) but lose the fight to the
    samurai either way (4.6.5); from BOLD on a side behind on the 5.2 margin goes over where
    it wins rather than wait for the last turns."""
    g = _table()
    _bold_turn(g)
    assert step(g, margin=-0.1).state != "receive"


def test_5_2_a_side_level_on_the_margin_still_receives_under_fire():
    """The same table with the sides level on the 5.2 margin: only a side behind braves the fire."""
    g = _table()
    _bold_turn(g)
    assert step(g, margin=0.0).state == "receive"


def test_5_2_a_side_ahead_on_the_margin_still_receives_under_fire():
    """The same table with east ahead on the 5.2 margin: it need not hurry into the fire."""
    g = _table()
    _bold_turn(g)
    assert step(g, margin=0.3).state == "receive"


def test_4_6_5_from_bold_a_clan_that_loses_at_the_water_still_receives():
    """Bold or not, a clan that loses the fight at the far bank (raw spearmen against veteran
    samurai, 4.6.5) receives there until PATIENCE."""
    g = table([unit("spear", 100, 40, 90, **RAW)], [unit("sam", 100, 66, 270, **SAM)], terrain=[STREAM])
    _bold_turn(g)
    assert step(g, margin=0.0).state == "receive"
