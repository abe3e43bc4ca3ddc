"""The scorer's memo (sim/daimyo/ai/pose_memo.py) changes no decision: whole battles play the
same with it and without it, and a kept answer is dropped as soon as anything it read changes."""
from sim.core.codec import encode
from sim.core.players import play_out
from sim.core.scenario import open_game
from sim.daimyo import make_player
from sim.daimyo.ai.pose_memo import PoseMemo, unit_key
from sim.daimyo.geometry import direction, footprint

SCENARIO = "scenarios/daimyo/training.toml"


def _battle(levels, memo: bool, turns: int = 6, scenario: str = SCENARIO, check: bool = False):
    g = open_game(scenario, seed=3, max_turns=turns)
    players = {s: make_player(s, lvl, 30 + i) for i, (s, lvl) in enumerate(zip(g.sides(), levels))}
    for p in players.values():
        p.scorer.memo.enabled, p.scorer.memo.check = memo, check
    return play_out(g, players, max_actions=3000)


def test_4_4_memo_plays_the_same_battles_as_working_everything_out_again():
    for levels in (("hard", "hard"), ("normal", "easy")):
        kept, fresh = _battle(levels, True), _battle(levels, False)
        assert kept.actions == fresh.actions and encode(kept.state) == encode(fresh.state)


def test_4_4_every_kept_answer_equals_a_fresh_one_across_a_river_battle():
    """Check mode works each kept answer out again and raises if they differ: the keys name
    all that the nearest enemy, the threats and the targets read (Nagashino: a stream, fords,
    palisades, arquebusiers)."""
    _battle(("hard", "hard"), True, turns=3, scenario="scenarios/daimyo/nagashino.toml", check=True)


def _scorer_on_a_table():
    g = open_game(SCENARIO, seed=1)
    side = g.to_act()
    player = make_player(side, "hard", 1)
    player.scorer.prepare(g, side)
    return g, side, player.scorer


def test_4_4_a_kept_threat_is_dropped_when_any_enemy_changes():
    g, side, scorer = _scorer_on_a_table()
    st = g.state
    mine = next(u for u in st.living(side) if u.infantry)
    enemy = next(e for e in st.living(st.enemy(side)) if e.cavalry or e.infantry)
    # the enemy steps next to the unit: it threatens it (4.4)
    enemy.x, enemy.y, enemy.facing = mine.x, mine.y + mine.depth + 6.0, (mine.facing + 180) % 360
    scorer.prepare(g, side)
    assert enemy in scorer._threats(mine, footprint(mine))
    assert scorer.memo._book                 # kept
    enemy.disordered = True                  # 4.2.1: may not charge; any field counts
    scorer.prepare(g, side)
    assert not scorer.memo._book
    assert enemy not in scorer._threats(mine, footprint(mine))


def test_memo_keeps_its_book_while_the_enemy_stands_still_and_not_a_decision_longer_for_values():
    g, side, scorer = _scorer_on_a_table()
    st = g.state
    mine = next(u for u in st.living(side) if u.infantry)
    scorer._value(mine, mine.x, mine.y, mine.facing, mine.files)
    book, kept, now = scorer.memo._book, len(scorer.memo._book), dict(scorer.memo.decision)
    assert kept and now
    mine.x += 1.0                            # one of the side's own units moves
    scorer.prepare(g, side)
    assert scorer.memo._book is book and len(book) == kept and scorer.memo.decision == {}


def test_unit_key_names_every_saved_field():
    g, side, _ = _scorer_on_a_table()
    u = next(iter(g.state.living(side)))
    before = unit_key(u)
    u.in_melee_with.append("x")
    assert unit_key(u) != before
    u.in_melee_with.clear()
    assert unit_key(u) == before
    u.shapes["anything"] = 1                 # derived memos never count
    assert unit_key(u) == before


def test_a_disabled_memo_keeps_nothing():
    memo = PoseMemo(enabled=False)
    assert memo.recall(("k",), lambda: 1) == 1 and memo.recall_now(("k",), lambda: 2) == 2
    assert not memo._book and not memo.decision


def _fresh_value(scorer, u, *pose):
    """The pose's value worked out again by the same scorer, keeping nothing."""
    scorer.memo.enabled, scorer.memo.decision = False, {}
    try:
        return scorer._value(u, *pose)
    finally:
        scorer.memo.enabled = True


def test_4_4_4_5_2_a_kept_pose_value_counts_a_friend_that_moved_into_its_lane():
    """The part of a pose value that reads no friend is kept across decisions; the lanes ahead
    (4.4, 4.5.2) and the command range (1.9) are worked out again, so a friend stepping into
    the lane still costs the pose its 0.5."""
    g, side, scorer = _scorer_on_a_table()
    st = g.state
    mine = next(u for u in st.living(side) if u.infantry and not u.missile
                and not scorer._lane_blocked(u, None, u.x, u.y, u.facing))
    friend = next(u for u in st.living(side) if u is not mine and u.troop.name != "HQ" and not u.routing)
    pose = (mine.x, mine.y, mine.facing, mine.files)
    before = scorer._value(mine, *pose)
    kept = len(scorer.memo._values)
    assert kept
    ahead = direction(mine.facing) * (4.0 + friend.depth)
    friend.x, friend.y, friend.facing = mine.x + ahead[0], mine.y + ahead[1], mine.facing
    scorer.prepare(g, side)
    after = scorer._value(mine, *pose)
    assert len(scorer.memo._values) == kept           # the part was kept, not worked out again
    assert scorer._lane_blocked(mine, None, *pose[:3])
    assert after == _fresh_value(scorer, mine, *pose) and after != before


def test_5_2_a_kept_pose_value_is_dropped_when_the_enemy_moves_or_the_clock_presses():
    g, side, scorer = _scorer_on_a_table()
    st = g.state
    mine = next(u for u in st.living(side) if u.infantry and not u.missile)
    pose = (mine.x + 2.0, mine.y, mine.facing, mine.files)
    scorer._value(mine, *pose)
    assert len(scorer.memo._values)
    enemy = next(iter(st.living(st.enemy(side))))
    enemy.x += 1.0                                    # the enemy army changed: nothing kept
    scorer.prepare(g, side)
    assert not len(scorer.memo._values)
    scorer._value(mine, *pose)
    st.turn += 3                                      # 5.2: the side grows bolder as turns pass
    scorer.prepare(g, side)
    assert scorer._value(mine, *pose) == _fresh_value(scorer, mine, *pose)
