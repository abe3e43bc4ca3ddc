"""4.6.1, 4.6.5: matchups worked out from the side's last ones (ai/matchups.py `prev`) keep
only the edges of pairs nothing near has changed for: after any moves, disorders and losses
they equal the edges worked out afresh, pair for pair, and name the same pairs."""
from hypothesis import HealthCheck, given, settings, strategies as st_

from sim.daimyo.ai.matchups import Matchups, _edge, kept_odds
from tests.daimyo.table_kit import CAV, game, scenario, unit

EAST = [unit("e1", 60, 40), unit("e2", 20, 40), unit("e3", 100, 45, stands=2, files=2, **CAV),
        unit("e4", 140, 40, stands=6, files=3)]
WEST = [unit("w1", 60, 70, facing=270), unit("w2", 77, 70, facing=270), unit("w3", 110, 72, facing=270, **CAV),
        unit("w4", 150, 90, facing=270, stands=2, files=1)]
IDS = [u["id"] for u in EAST + WEST]

change = st_.tuples(st_.sampled_from(IDS), st_.sampled_from(["move", "turn", "disorder", "lose"]),
                    st_.floats(-12, 12), st_.floats(-12, 12))


def _fresh(st, side):
    """Every pair's edges by `_edge` itself, in the pairs a Matchups without `prev` names."""
    plain = Matchups(st, side)
    u = st.units
    return ({k: _edge(st, u[k[0]], u[k[1]]) for k in plain.att},
            {k: -_edge(st, u[k[1]], u[k[0]]) for k in plain.dfn})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st_.lists(change, min_size=1, max_size=6))
def test_4_6_5_matchups_from_the_last_ones_equal_fresh_ones(changes):
    g = game(scenario(EAST, WEST))
    st = g.state
    kept_odds(st).check = True              # a kept edge is worked out again and compared
    prev = {side: Matchups(st, side) for side in ("east", "west")}
    for uid, what, dx, dy in changes:
        u = st.units.get(uid)
        if u is None or u not in st.living():
            continue
        if what == "move":
            u.x, u.y = u.x + dx, u.y + dy
        elif what == "turn":
            u.facing = (u.facing + 15 * dx) % 360
        elif what == "disorder":
            u.disordered = not u.disordered
        elif what == "lose":
            u.gone = "destroyed"             # as remove_unit leaves it: no longer living
        for side in ("east", "west"):
            now = Matchups(st, side, prev[side])
            att, dfn = _fresh(st, side)
            assert now.att == att and now.dfn == dfn
            assert list(now.att) == list(att) and list(now.dfn) == list(dfn)
            prev[side] = now


def test_4_6_5_a_far_move_keeps_the_other_pairs_without_working_them_out(monkeypatch):
    from sim.daimyo.ai import matchups
    g = game(scenario(EAST, WEST))
    st = g.state
    prev = Matchups(st, "east")
    asked = []
    monkeypatch.setattr(matchups._Table, "edge", lambda self, a, e: asked.append((a.id, e.id)) or 0.0)
    st.units["e4"].y -= 1.0                 # far from e1, e2 and w1, w2
    Matchups(st, "east", prev)
    assert ("e4", "w4") in asked or ("e4", "w3") in asked
    assert not any(a in ("e1", "e2") and e in ("w1", "w2") for a, e in asked)


def test_4_6_1_a_unit_moving_against_the_defenders_rear_changes_a_kept_pair():
    """Neither the charger e1 nor the defender w1 moved, but e2 comes against w1's rear: one
    rank deep, half w1's stands now fight to the rear (4.4, ruling D-72), so the pair is
    worked out again, and differs."""
    g = game(scenario([unit("e1", 60, 40), unit("e2", 20, 40)], [unit("w1", 60, 80, facing=270)]))
    st = g.state
    prev = Matchups(st, "east")
    e1, e2, w1 = st.units["e1"], st.units["e2"], st.units["w1"]
    e2.x, e2.y, e2.facing = w1.x, w1.y + w1.stand_d, 270.0     # its front against w1's rear
    now = Matchups(st, "east", prev)
    assert now.att[("e1", "w1")] == _edge(st, e1, w1) != prev.att[("e1", "w1")]


def test_4_6_5_new_numbers_for_unit_keys_reuse_no_pair(monkeypatch):
    """The keys' numbers (matchups._Serials) made afresh may give an old number to another
    key: then no pair is kept from the last matchups."""
    from sim.daimyo.ai import matchups
    g = game(scenario(EAST, WEST))
    st = g.state
    prev = Matchups(st, "east")
    st.geometry_cache.pop(matchups.SERIALS_KEY)
    asked = []
    monkeypatch.setattr(matchups._Table, "edge", lambda self, a, e: asked.append((a.id, e.id)) or 0.0)
    now = Matchups(st, "east", prev)
    assert sorted(set(asked)) == sorted(set(now.att) | {(e, a) for a, e in now.dfn})
