"""4.6.1: the matchup odds (ai/matchups.py) are kept under the units head_on reads - the
charger where the charge puts it, the defender, and the enemies touching either of the two -
so a neighbour that moves without touching them finds the kept edge, one that comes into
contact does not, and each kept edge equals a fresh one (check mode)."""
from sim.daimyo.ai.matchups import Matchups, _edge, kept_odds
from tests.daimyo.table_kit import game, scenario, unit

# east charges west's line; w2 stands 1 cm beside w1, clear of a charger at w1's front (D-3)
EAST = [unit("e1", 60, 40), unit("e2", 20, 40)]
WEST = [unit("w1", 60, 80, facing=270), unit("w2", 77, 80, facing=270)]


def _odds(st):
    return dict(Matchups(st, "east").att)


def test_4_6_1_a_neighbour_moving_clear_of_the_fight_keeps_the_odds(monkeypatch):
    from sim.daimyo.ai import matchups
    g = game(scenario(EAST, WEST))
    st = g.state
    before = _odds(st)
    worked = []
    monkeypatch.setattr(matchups, "_edge", lambda st, a, e, *front: worked.append((a.id, e.id)) or _edge(st, a, e, *front))
    st.units["w2"].x += 6.0                 # w2 steps further off: it still touches neither
    after = _odds(st)
    assert after[("e1", "w1")] == before[("e1", "w1")]
    assert ("e1", "w1") not in worked and ("e2", "w1") not in worked    # found under the contact key
    assert ("e1", "w2") in worked                                       # w2's own pairs are new
    st.units["w2"].x -= 7.0                 # flush with w1: it touches the charger's slot
    flush = _odds(st)
    assert ("e1", "w1") in worked and flush[("e1", "w1")] == _edge(st, st.units["e1"], st.units["w1"])
    st.units["w2"].x += 1.0                 # back: the same odds as at first
    assert _odds(st) == before


def test_4_6_1_a_neighbour_coming_into_contact_is_weighed_afresh():
    """A unit of the defender's side placed against the charger's slot (its flank) is an
    enemy touching the charger where the charge puts it: the kept edge is not reused."""
    g = game(scenario(EAST, WEST + [unit("w3", 200 - 10, 110, facing=270, stands=2, files=2)]))
    st = g.state
    book = kept_odds(st)
    book.check = True
    _odds(st)
    w3, e1 = st.units["w3"], st.units["e1"]
    w3.x, w3.y, w3.facing = 60 - 8 - 4.0, 80 - 6.0, 0.0     # beside the charger's slot, facing it
    assert _odds(st)[("e1", "w1")] == _edge(st, e1, st.units["w1"])


def test_4_6_1_a_unit_keys_number_is_never_given_to_another_key():
    """The kept odds name units by numbers (matchups._Serials): emptied when full, it gives
    the keys it meets again new numbers, never an old number to a new key."""
    from sim.daimyo.ai.matchups import ODDS_MAX, _Serials
    serials = _Serials()
    first = serials.of(("a",))
    assert serials.of(("a",)) == first
    numbers = {serials.of((k,)) for k in range(ODDS_MAX)}          # fills it: emptied once
    again = serials.of(("a",))
    assert again != first and again not in numbers and len(numbers) == ODDS_MAX
