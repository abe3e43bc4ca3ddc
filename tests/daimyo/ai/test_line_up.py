"""Issue 19 item 3: lining up a charge (sim/daimyo/ai/line_up.py) - a wheel or a reform by the
exact angle that faces the charge run, orders the rules allow but the menu does not list.
Hand-built tables, the real engine."""
from sim.ai.scored import ScoredPlayer
from sim.daimyo import actions as A
from sim.daimyo.ai import line_up
from sim.daimyo.ai.scorer import DaimyoScorer
from sim.daimyo.combat import charge as CH
from sim.core.errors import RuleError
from tests.daimyo.ai.test_clan_plan import ARQ, table
from tests.daimyo.table_kit import game, give_orders, scenario, unit

SAM = dict(troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy")


def _table():
    """Samurai facing straight up the table; spearmen ahead and to its right, beyond the
    charge's reach along the turn the charge would have to make first (4.4)."""
    return give_orders(game(scenario([unit("sam", 100, 40, 90, **SAM)],
                                     [unit("spear", 110, 48, 250, stands=2, files=2)], east_daimyo=(100, 36))))


def _charge_refused(st) -> bool:
    try:
        CH.plan(st, st.units["sam"], st.units["spear"])
        return False
    except RuleError:
        return True


def test_4_4_a_unit_wheels_by_the_exact_angle_that_lines_up_its_charge():
    """4.4, 4.3.5.1: the menu's wheels are 30 degrees, too far to line up; the planning AI adds
    the wheel that faces the charge run, the rules accept it, it is played, and from where it
    ends the rules' charge plan accepts the charge."""
    g = _table()
    st = g.state
    assert _charge_refused(st)
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    got = line_up.orders(s, st, st.units["sam"])
    wheels = [a for a in got if isinstance(a, A.Wheel)]
    assert wheels and all(abs(a.angle) not in (30, 90) for a in wheels)
    played = ScoredPlayer(DaimyoScorer(planning=True), "hard", 1).choose(g, "east")
    assert played in got
    g.apply(played)
    assert not _charge_refused(g.state)


def test_4_2_2_a_disordered_unit_reforms_facing_its_charge_run():
    """4.2.2, 4.3.5.4: a disordered unit must stand a turn to reform, and a reform takes any
    facing: the planning AI offers the reform that faces its target's charge run (no wheel:
    a disordered unit may not charge until it has reformed, 4.2.1)."""
    g = _table()
    st = g.state
    st.units["sam"].disordered = True
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    got = line_up.orders(s, st, st.units["sam"])
    assert got and all(isinstance(a, A.Reform) for a in got)
    assert abs(got[0].facing - line_up.run_facing(st.units["sam"], st.units["spear"])) < 0.1
    assert ScoredPlayer(DaimyoScorer(planning=True), "hard", 1).choose(g, "east") in got


def test_4_4_nothing_to_line_up_when_the_charge_is_already_possible():
    """A unit that may charge its target as it stands is offered no line-up order."""
    g = give_orders(game(scenario([unit("sam", 100, 40, 90, **SAM)],
                                  [unit("spear", 100, 50, 270, stands=2, files=2)], east_daimyo=(100, 36))))
    st = g.state
    assert not _charge_refused(st)
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    assert line_up.orders(s, st, st.units["sam"]) == []


def test_5_2_the_clock_lines_up_on_an_enemy_lost_to_by_a_little():
    """Raw long spearmen beat the arquebusiers before them (their aim) and lose a charge on
    the veteran ronin beside (edge about -0.8 by the exact odds, 4.6.5): on turn 1 they line
    up on the arquebusiers only; on the last turn (5.2: a draw wins nothing) on the ronin too."""
    raw = dict(troop="ashigaru", quality="raw", weapons=["long_spear"], armour="light")
    ronin = dict(troop="ronin", quality="veteran", weapons=["pole_arm"], armour="medium")
    seen = {}
    for turn in (1, 11):
        g = table([unit("ls", 100, 40, 90, **raw)],
                  [unit("arq", 100, 44, 270, **ARQ), unit("ronin", 122, 46, 270, **ronin)])
        g.state.options["max_turns"] = 11
        g.state.turn = turn
        s = DaimyoScorer(planning=True)
        s.prepare(give_orders(g), "east")
        assert -1.0 < s.mu.att[("ls", "ronin")] < line_up.LINE_UP_BAR
        seen[turn] = [e.id for e in line_up.targets(s, g.state.units["ls"])]
    assert seen == {1: ["arq"], 11: ["arq", "ronin"]}


def test_4_4_easy_lines_up_its_charge_too():
    """Easy (no plan) is offered the same exact wheel in its whole menu (DaimyoScorer.more_orders),
    plays it, and from where it ends the rules' charge plan accepts the charge (docs/ai.md,
    "Easy lines up its charges")."""
    from sim.daimyo import make_player
    g = _table()
    assert _charge_refused(g.state)
    player = make_player("east", "easy", 1)
    player.scorer.prepare(g, "east")
    menu = g.legal_actions("east")
    extra = player.scorer.more_orders(g, "east", menu)
    assert extra and not set(extra) & set(menu)
    played = player.choose(g, "east")
    assert played in extra and isinstance(played, A.Wheel)
    g.apply(played)
    assert not _charge_refused(g.state)


def test_4_4_easy_counts_a_target_only_where_the_rules_would_let_it_charge():
    """Easy values a pose by the enemies it could charge from it, the turn to face the run
    counted as the rules count it (4.4): from the samurai's pose the turn costs more than half
    the charge move, so the spearmen are no target there; after the exact wheel they are."""
    from sim.daimyo import make_player
    from sim.daimyo.geometry import footprint

    def targets(g):
        s = make_player("east", "easy", 1).scorer
        s.prepare(g, "east")
        u = g.state.units["sam"]
        return [e.id for e in s._targets(u, footprint(u), u.x, u.y, u.facing)
                if s._can_charge(u, u.x, u.y, u.facing, u.files, e)], s
    g = _table()
    got, s = targets(g)
    assert got == []
    g.apply(next(a for a in s.more_orders(g, "east", g.legal_actions("east")) if isinstance(a, A.Wheel)))
    assert targets(g)[0] == ["spear"]


def _passed_through():
    """The samurai of `_table`, disordered by the engine: a friend walks through it from in front
    (4.3.2: both disordered); the samurai has not moved, so it may still reform (4.2.2)."""
    g = give_orders(game(scenario([unit("sam", 100, 40, 90, **SAM), unit("ash", 100, 42.5, 270, stands=2, files=2)],
                                  [unit("spear", 110, 48, 250, stands=2, files=2)], east_daimyo=(100, 30))))
    g.apply(A.Move("east", "ash", 8))
    assert g.state.units["sam"].disordered and not g.state.units["sam"].moved
    return g


def test_4_2_2_easy_reforms_facing_the_charge_its_reform_opens():
    """4.2.2, 4.2.1: a disordered unit stands a turn to reform and may charge after; easy weighs
    the reform's pose disordered (it stands this turn) and, since 6 December, with the charge
    the reformed pose opens (the rules' charge plan, 4.4): it reforms facing the spearmen's
    charge run, not in place (docs/ai.md, "Easy makes room")."""
    from sim.daimyo import make_player
    g = _passed_through()
    player = make_player("east", "easy", 1)
    player.scorer.prepare(g, "east")
    menu = g.legal_actions("east")
    extra = player.scorer.more_orders(g, "east", menu)
    lined = [a for a in extra if isinstance(a, A.Reform) and a.unit == "sam"]
    assert lined
    in_place = A.Reform("east", "sam", 4, 90.0)
    assert in_place in menu
    assert player.scorer.score(lined[0]) > player.scorer.score(in_place)
    assert player.choose(g, "east") == lined[0]


def test_4_3_2_easy_makes_room_for_a_friends_line_up():
    """4.3.2: a reform may not end inside a friend. Spearmen with a friend pressed behind them
    may not reform to face the run at the enemy at their side (nor wheel: 20 degrees of a 16 cm
    regular line cost more than its move, 4.3.5.1); easy credits the friend's fall back that leaves the reformed
    pose (line_up.room), and once it has fallen back the reform is accepted and from it the
    rules' charge plan (4.4) lets the spearmen charge."""
    from sim.daimyo import make_player
    spear = dict(troop="ashigaru", quality="regular", weapons=["long_spear"], armour="light")
    g = give_orders(game(scenario([unit("front", 100, 40, 90, **spear), unit("ash", 100, 38.5, 90, stands=2, files=2)],
                                  [unit("spear", 110, 48, 250, stands=2, files=2)], east_daimyo=(100, 30))))
    st = g.state
    front = st.units["front"]
    facing = round(line_up.run_facing(front, st.units["spear"]), 1)
    refused = A.Reform("east", "front", 4, facing)
    assert line_up._plan(st, refused) is None
    s = make_player("east", "easy", 1).scorer
    s.prepare(g, "east")
    assert not [a for a in s.more_orders(g, "east", g.legal_actions("east")) if a.unit == "front"]
    assert [t.id for _, t in s._room["ash"]] == ["spear"]
    back = A.FallBack("east", "ash", 3.0)
    assert s.score(back) > s.score(A.Hold("east", "ash"))
    assert s._room_made(st.units["ash"], *line_up._plan(st, back).path[-1], 2) > 0
    assert s._room_made(st.units["ash"], st.units["ash"].x, st.units["ash"].y, 90.0, 2) == 0
    g.apply(back)
    s.prepare(g, "east")
    assert refused in s.more_orders(g, "east", g.legal_actions("east"))


def test_4_3_5_3_easy_falls_back_to_line_up_a_charge_it_cannot_line_up_in_place():
    """4.4, ruling D-39: within 3 cm of the enemy a unit may not close further, so the samurai
    can neither charge the spearmen at their side (the turn to face the run) nor reform or wheel
    to face it (the reformed line would come within 3 cm). Easy credits its fall back
    (4.3.5.3) where from the pose it falls back to the reform facing the run is clear and the
    rules' charge plan accepts the charge (line_up.room), and plays it; placed there on a new
    table (next turn's pose), the samurai may charge: the turn to face the run is short enough
    from there even before the reform."""
    from sim.daimyo import make_player
    spear = unit("spear", 106, 45, 300, stands=2, files=2)
    g = give_orders(game(scenario([unit("sam", 100, 40, 90, **SAM)], [spear], east_daimyo=(100, 30))))
    assert _charge_refused(g.state)
    player = make_player("east", "easy", 1)
    player.scorer.prepare(g, "east")
    assert not player.scorer.more_orders(g, "east", g.legal_actions("east"))
    assert list(player.scorer._back) == ["sam"]
    assert player.choose(g, "east") == A.FallBack("east", "sam", 3.0)
    g.apply(A.FallBack("east", "sam", 3.0))
    sam = g.state.units["sam"]
    later = give_orders(game(scenario([unit("sam", sam.x, sam.y, sam.facing, **SAM)], [spear], east_daimyo=(100, 30))))
    assert not _charge_refused(later.state)


def test_4_4_easy_faces_the_run_from_where_its_reform_ends():
    """4.3.5.4, ruling D-38: a reform turns the samurai about its centre, so its front centre
    moves and the charge run from there points off the facing the run had from where it stood
    (here by more than half the charge move allows turning, 4.4). Easy faces the run again from
    where the reform ends (line_up.SETTLE) and is offered that reform; from it the rules' charge
    plan accepts the charge."""
    from sim.daimyo import make_player
    g = give_orders(game(scenario([unit("sam", 100, 40, 90, **SAM)], [unit("spear", 114, 48, 255, stands=2, files=2)],
                                  east_daimyo=(100, 30))))
    st = g.state
    sam, spear = st.units["sam"], st.units["spear"]
    first = A.Reform("east", "sam", 4, round(line_up.run_facing(sam, spear), 1))
    assert not line_up._charges(st, sam, spear, *line_up._plan(st, first).path[-1], 4)
    s = make_player("east", "easy", 1).scorer
    s.prepare(g, "east")
    lined = [a for a in s.more_orders(g, "east", g.legal_actions("east")) if isinstance(a, A.Reform)]
    assert lined and first not in lined
    g.apply(lined[0])
    assert not _charge_refused(g.state)


def test_4_4_normal_and_hard_face_the_run_from_where_their_reform_ends():
    """4.3.5.4, ruling D-38: the table of the test above, for the planning levels. Since 7
    December they too face the run again from where the reform ends (line_up.SETTLE): the reform
    facing the run from where the samurai stands leaves the charge refused (4.4), the one they
    are offered lets the rules' charge plan accept it (docs/ai.md "Normal settles its line-ups
    too")."""
    from sim.daimyo import make_player
    for level in ("normal", "hard"):
        g = give_orders(game(scenario([unit("sam", 100, 40, 90, **SAM)], [unit("spear", 114, 48, 255, stands=2, files=2)],
                                      east_daimyo=(100, 30))))
        st = g.state
        sam, spear = st.units["sam"], st.units["spear"]
        first = A.Reform("east", "sam", 4, round(line_up.run_facing(sam, spear), 1))
        s = make_player("east", level, 1).scorer
        s.prepare(g, "east")
        lined = [a for a in line_up.orders(s, st, sam) if isinstance(a, A.Reform)]
        assert lined and first not in lined
        g.apply(lined[0])
        assert not _charge_refused(g.state)
