"""Issue 19: each transition of a clan's plan (sim/daimyo/ai/clan_plan.py) on hand-built tables,
the army plan's postures, and the ways round a river (routes.py). The odds behind every
posture are the rules' own (charge_odds.head_on); nothing here forces a plan by hand."""
import math

import pytest

from sim.core.scenario import read_toml
from sim.daimyo import make_player
from sim.daimyo.ai import clan_plan
from sim.daimyo.ai.clan_plan import ClanPlan
from sim.daimyo.ai.matchups import Matchups
from sim.daimyo.ai.planner import clock_pressure, one_from_breaking, plan_army
from sim.daimyo.ai.reach import Ground
from sim.daimyo.ai.routes import RouteBook
from sim.daimyo.combat import melee
from sim.daimyo.game import DaimyoGame
from sim.daimyo.geometry import footprint, stand_quads
from sim.daimyo.geometry.unit_groups import UnitGroup
from tests.daimyo.table_kit import CAV, game, scenario, unit

SAM = dict(troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy")     # charge 12 cm
ARQ = dict(troop="ashigaru", quality="regular", weapons=["arquebus"], armour="light")   # charge 15 cm
RIVER = {"id": "river", "kind": "river", "points": [[0, 58], [200, 58], [200, 64], [0, 64]]}
FORD = {"id": "ford", "kind": "ford", "points": [[150, 56], [160, 56], [160, 66], [150, 66]]}


def table(east, west, terrain=()):
    return game(scenario(east, west, terrain=terrain, east_daimyo=(100, 10)))


def step(g, prev=None):
    st = g.state
    mu = Matchups(st, "east")
    army = plan_army(st, "east", mu)
    return clan_plan.step(prev, st, "east", "east-clan", army, mu, RouteBook())


def test_4_6_5_matchups_both_ways_from_the_rules_odds():
    """Veteran samurai with pole arms beat ashigaru arquebusiers charging or charged; the
    arquebusiers lose either way (4.6.3 modifiers through the exact odds)."""
    g = table([unit("sam", 100, 40, 90, **SAM)], [unit("arq", 100, 60, 270, **ARQ)])
    mu = Matchups(g.state, "east")
    assert mu.att[("sam", "arq")] > 1.0 and mu.dfn[("sam", "arq")] > 0.0
    west = Matchups(g.state, "west")
    assert west.att[("arq", "sam")] < -1.0 and west.dfn[("arq", "sam")] < 0.0


def test_clan_plan_approach_far_from_the_enemy_marches_on_it():
    p = step(table([unit("sam", 100, 20, 90, **SAM)], [unit("arq", 100, 100, 270, **ARQ)]))
    assert (p.state, p.target, p.objective) == ("approach", "arq", (100.0, 100.0))


def test_4_3_1_clan_plan_approach_goes_round_a_river_by_its_ford():
    """A river is impassable but at its ford (4.3.1): the objective is a waypoint by the ford,
    not the enemy straight across the water."""
    p = step(table([unit("sam", 100, 30, 90, **SAM)], [unit("arq", 100, 100, 270, **ARQ)],
                   terrain=[RIVER, FORD]))
    assert p.state == "approach" and "via" in p.why
    assert abs(p.objective[0] - 155) < 12 and p.objective[1] < 64


def test_4_3_1_clan_plan_does_not_form_up_against_an_enemy_across_an_uncrossable_river():
    """Samurai 16 cm across a river from arquebusiers, its ford 50 cm off: the enemy is far by
    the way over the ford (4.3.1), so the clan marches for the ford instead of forming up at
    the water's edge (the reference table's clans stood so for nine turns)."""
    g = table([unit("sam", 100, 44, 90, **SAM)], [unit("arq", 100, 72, 270, **ARQ)], terrain=[RIVER, FORD])
    p = step(g)
    assert p.state == "approach" and "via" in p.why
    assert abs(p.objective[0] - 155) < 12
    close = float(p.why.split(" cm ")[0])
    assert close > 2 * 50                       # the way round, not the 16 cm straight over


def test_clan_plan_the_way_counts_only_where_impassable_ground_lies_between():
    """With the ford right between them the way is straight over it: form up as on open ground."""
    g = table([unit("sam", 155, 40, 90, **SAM)], [unit("arq", 155, 80, 270, **ARQ)], terrain=[RIVER, FORD])
    p = step(g)
    assert p.state != "approach"


@pytest.mark.parametrize("x, facing", [(40, 0), (100, 90), (140, 180), (130, 0), (60, 270)])
def test_4_3_1_nearest_by_way_is_the_least_over_every_enemy(x, facing):
    """The search's bound never drops the nearest: columns (deep stands behind their front
    centre) across a river, measured against every enemy's straight gap plus its way round."""
    g = table([unit("sam", x, 46, facing, stands=4, files=1, **SAM)],
              [unit("a", 100, 72, 270, **ARQ), unit("b", 170, 76, 0, stands=4, files=1, **ARQ),
               unit("c", 30, 80, 180, stands=4, files=1, **ARQ), unit("d", 150, 90, 270, **ARQ)],
              terrain=[RIVER, FORD])
    st = g.state
    u, enemies = st.units["sam"], [st.units[i] for i in "abcd"]
    routes = RouteBook()
    way = routes.for_unit(st, u, files=1)
    here = (u.x, u.y)

    def by_way(e):
        there = (e.x, e.y)
        detour = 0.0 if way.clear(here, there) else max(0.0, way.distance(here, there) - math.dist(here, there))
        return footprint(e).distance(footprint(u)) + detour

    group = UnitGroup([stand_quads(e) for e in enemies])
    gap, nearest = clan_plan._nearest_by_way(st, u, enemies, group, routes)
    assert gap == pytest.approx(min(map(by_way, enemies)), abs=1e-9)
    assert by_way(nearest) == pytest.approx(gap, abs=1e-9)


def test_clan_plan_form_up_in_the_band_outside_the_enemy_reach():
    """22 cm from arquebusiers (charge 15 cm): the winning clan lines up first (no unit can
    charge yet)."""
    p = step(table([unit("sam", 100, 40, 90, **SAM)], [unit("arq", 100, 62, 270, **ARQ)]))
    assert (p.state, p.posture, p.target) == ("form_up", "attack", "arq")


def test_clan_plan_form_up_then_engage_a_turn_later():
    g = table([unit("sam", 100, 40, 90, **SAM)], [unit("arq", 100, 62, 270, **ARQ)])
    first = step(g)
    assert step(g, first).state == "form_up"                      # same turn: still forming
    earlier = ClanPlan(first.clan, first.posture, "form_up", first.objective, first.target, first.why,
                       since=g.state.turn - 1)
    assert step(g, earlier).state == "engage"


def test_4_4_clan_plan_engages_at_once_when_a_unit_can_charge_and_wins():
    """10 cm off, facing: the rules' charge plan accepts the charge and the odds favour it."""
    p = step(table([unit("sam", 100, 40, 90, **SAM)], [unit("arq", 100, 50, 270, **ARQ)]))
    assert (p.state, p.target) == ("engage", "arq") and "charges" in p.why


def test_clan_plan_hold_a_refused_sector_out_of_reach():
    """Arquebusiers facing samurai lose their matchups: the sector is refused; out of the
    samurai's reach they hold."""
    p = step(table([unit("arq", 100, 40, 90, **ARQ)], [unit("sam", 100, 65, 270, **SAM)]))
    assert (p.state, p.posture) == ("hold", "refuse")


def test_4_4_clan_plan_fall_back_when_refused_and_an_enemy_that_wins_could_charge():
    p = step(table([unit("arq", 100, 40, 90, **ARQ)], [unit("sam", 100, 52, 270, **SAM)]))
    assert (p.state, p.target) == ("fall_back", "sam")
    assert p.objective[1] < 40                                    # away from the samurai


def test_4_2_2_clan_plan_reform_when_most_units_disordered_near_the_enemy():
    g = table([unit("sam", 100, 40, 90, **SAM), unit("sam2", 80, 40, 90, **SAM)],
              [unit("arq", 100, 62, 270, **ARQ)])
    g.state.units["sam"].disordered = True                         # as after crossing a stream (4.3.1)
    g.state.units["sam2"].disordered = True
    assert step(g).state == "reform"


def test_4_2_2_clan_plan_one_disordered_unit_of_two_does_not_stop_the_clan():
    """Half the clan disordered: that unit reforms on its own (the scorer's unit mode), the
    other goes on with the clan's plan (here: lining up off the arquebusiers)."""
    g = table([unit("sam", 100, 40, 90, **SAM), unit("sam2", 80, 40, 90, **SAM)],
              [unit("arq", 100, 62, 270, **ARQ)])
    g.state.units["sam"].disordered = True
    assert step(g).state == "form_up"


def test_4_3_1_clan_plan_units_wading_a_stream_do_not_make_the_clan_reform():
    """Both units disordered, but one still in the stream, where it cannot reform (moving on
    disorders it again, 4.3.1, ruling D-41): only the other one counts, half the clan."""
    stream = {"id": "stream", "kind": "stream", "points": [[0, 44], [200, 44], [200, 48], [0, 48]]}
    g = table([unit("sam", 100, 46, 90, **SAM), unit("sam2", 70, 40, 90, **SAM)],
              [unit("arq", 100, 68, 270, **ARQ)], terrain=[stream])
    for u in ("sam", "sam2"):
        g.state.units[u].disordered = True
    assert step(g).state != "reform"
    g.state.units["sam"].y = 40                                    # out of the stream: both count
    assert step(g).state == "reform"


def test_4_2_2_1_clan_plan_rally_when_half_its_units_rout():
    g = table([unit("sam", 100, 40, 90, **SAM), unit("sam2", 80, 40, 90, **SAM)],
              [unit("arq", 100, 90, 270, **ARQ)])
    g.state.units["sam"].routing = True
    assert step(g).state == "rally"


def test_5_1_clan_plan_pursues_a_router_in_reach():
    g = table([unit("horse", 100, 40, 90, stands=2, files=2, **CAV)],
              [unit("arq", 100, 62, 270, **ARQ), unit("arq2", 30, 100, 270, **ARQ)])
    g.state.units["arq"].routing = True
    p = step(g)
    assert (p.state, p.target) == ("pursue", "arq")


def test_4_6_1_clan_plan_engaged_while_a_unit_is_in_melee():
    # a unit's x, y is the middle of its front edge: the two fronts touch
    g = table([unit("sam", 100, 40, 90, **SAM)], [unit("arq", 100, 40, 270, **ARQ)])
    melee.refresh_melee_lists(g.state)
    assert g.state.units["sam"].in_melee_with == ["arq"]
    p = step(g)
    assert (p.state, p.target) == ("engage", "arq") and "melee" in p.why


def test_5_2_clock_presses_a_side_that_does_not_win_at_the_limit():
    g = table([unit("sam", 100, 40, 90, **SAM)], [unit("arq", 100, 90, 270, **ARQ)])
    st = g.state
    st.options["max_turns"] = 11
    st.turn = 1
    assert clock_pressure(st, "east") == 0.0
    st.turn = 11
    assert clock_pressure(st, "east") == 1.0
    st.victory_conditions = [{"when": "turn_end", "turn": 11, "winner": "east", "target": ""}]
    assert clock_pressure(st, "east") == 0.0


def test_5_2_planner_attacks_everywhere_when_the_enemy_is_one_unit_from_breaking():
    """Arquebusiers facing samurai refuse their sector (the hold test above); but the west has
    lost one of its three units (5.2: more than a third lost breaks it), so the loss of any
    other breaks it: the sector is attacked and the clan no longer holds."""
    g = table([unit("arq", 100, 40, 90, **ARQ)],
              [unit("sam", 100, 65, 270, **SAM), unit("w2", 20, 100, 270, **SAM), unit("w3", 180, 100, 270, **SAM)])
    assert plan_army(g.state, "east", Matchups(g.state, "east")).posture("east-clan") == "refuse"
    g.state.units["w3"].gone = "destroyed"
    assert one_from_breaking(g.state, "west")
    army = plan_army(g.state, "east", Matchups(g.state, "east"))
    assert set(army.postures.values()) == {"attack"}
    assert step(g).state != "hold"


def test_planner_keeps_the_furthest_clan_in_reserve():
    three = {"clans": [{"id": c, "name": c, "daimyo": {"name": c, "rating": 2, "x": x, "y": y},
                        "units": [unit(f"{c}-u", x, y, 90, **SAM)]}
                       for c, x, y in (("left", 60, 40), ("centre", 100, 40), ("back", 140, 10))]}
    g = game(scenario([], [unit("arq", 100, 70, 270, **ARQ)], east_army=three))
    mu = Matchups(g.state, "east")
    army = plan_army(g.state, "east", mu)
    assert army.reserve == "back" and army.posture("back") == "reserve"


def test_4_3_1_no_charge_reach_straight_across_an_uncrossable_river():
    """Samurai 10 cm across a river from arquebusiers: no charge either way (the rules' charge
    plan refuses it, 4.3.1), and the way round by the ford is long."""
    g = table([unit("sam", 100, 52, 90, **SAM)], [unit("arq", 100, 72, 270, **ARQ)], terrain=[RIVER, FORD])
    st = g.state
    sam, arq = st.units["sam"], st.units["arq"]
    ground = Ground(st, RouteBook())
    assert ground.charge_allowance(sam, footprint(sam), footprint(arq)) == 0.0
    dist, _ = ground.approach(sam, footprint(sam), footprint(arq))
    assert dist > 2 * 50                        # round by the ford at x 150-160, not 10 cm


def _play(level, seed, n):
    g = DaimyoGame.new(read_toml("scenarios/daimyo/training.toml"), seed)
    players = {s: make_player(s, level, seed * 10 + i) for i, s in enumerate(g.sides())}
    for _ in range(n):
        s = g.to_act()
        if s is None:
            break
        g.apply(players[s].choose(g, s))
    return g, players


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_plans_stay_outside_the_game_and_replays_hold(level):
    """The plan log lives in the player; the game's events hold no plan and seed + actions
    replays the game exactly; the same seed gives the same orders."""
    g, players = _play(level, 3, 150)
    log = [p for pl in players.values() for p in pl.scorer.plan_log]
    assert log and all(p.state in clan_plan.STATES for p in log)
    assert not any("Plan" in e.kind for e in g.events)
    again, _ = _play(level, 3, 150)
    assert again.actions == g.actions
    replay = DaimyoGame.new(read_toml("scenarios/daimyo/training.toml"), 3)
    for a in g.actions:
        replay.apply(a)
    assert [e.kind for e in replay.events] == [e.kind for e in g.events]


def test_easy_has_no_army_plan():
    assert make_player("east", "easy", 1).scorer.plan_log == []
    assert make_player("east", "easy", 1).scorer.commander is None
    assert make_player("east", "normal", 1).scorer.commander is not None
