"""Block combat (6.0) and retreats (6.4): agility letters, firepower hits and routs, hits to the
strongest and routs to the weakest, rounds, surrender of routed blocks with no retreat,
fleets' ratings at sea and on land, battle Prestige."""
from sim.hellas import actions as A

from tests.hellas.helpers import bare_game, of, open_turn, place


def end_actions(g, side="athens"):
    """End the Action phase; the defender declines to withdraw into a city (ruling H-23)."""
    g.apply(A.EndActions(side))
    if g.state.phase == "withdraw":
        g.apply(A.EndWithdraw(g.to_act()))


def test_6_0_firing_order_by_letter_defenders_first_at_equal_letters():
    g = bare_game()
    att_c = place(g, "athens", "Boeotia", steps=1, rating="C1")
    att_a = place(g, "athens", "Boeotia", steps=1, rating="A1")
    dfn_c = place(g, "sparta", "Boeotia", steps=1, rating="C1")
    dfn_b = place(g, "sparta", "Boeotia", steps=1, rating="B1")
    open_turn(g, "athens")
    end_actions(g)
    g.state.dice.force(*([3] * 12))
    ev = g.apply(A.Fight("athens", "Boeotia"))
    order = [e.block for e in of(ev, "BlockFired")][:4]
    assert order == [att_a.id, dfn_b.id, dfn_c.id, att_c.id]


def test_6_0_firepower_hits_low_routs_high():
    g = bare_game()
    a = place(g, "athens", "Boeotia", steps=4, rating="A2")
    place(g, "sparta", "Boeotia", steps=4, rating="C1", max_steps=4)
    place(g, "sparta", "Boeotia", steps=2, rating="C1")
    open_turn(g, "athens")
    end_actions(g)
    g.state.dice.force(1, 2, 5, 6, *([3] * 40))
    ev = g.apply(A.Fight("athens", "Boeotia"))
    fired = of(ev, "BlockFired")[0]
    assert (fired.block, fired.hits, fired.routs) == (a.id, 2, 2)


def test_6_0_hits_to_the_strongest_routs_to_the_weakest():
    g = bare_game()
    place(g, "athens", "Boeotia", steps=3, rating="A2")
    big = place(g, "sparta", "Boeotia", steps=4, rating="C1")
    mid = place(g, "sparta", "Boeotia", steps=3, rating="C1")
    small = place(g, "sparta", "Boeotia", steps=1, rating="C1")
    open_turn(g, "athens")
    end_actions(g)
    g.state.dice.force(1, 1, 6, *([3] * 40))    # 2 hits then 1 rout
    ev = g.apply(A.Fight("athens", "Boeotia"))
    # 4 -> 3 ties the 3-step block; ruling H-39 breaks the tie by id, so the big one again
    assert [e.block for e in of(ev, "StepLost")][:2] == [big.id, big.id]
    assert (big.steps, mid.steps) == (2, 3)
    assert of(ev, "BlockRouted")[0].block == small.id


def test_6_0_three_rounds_then_the_attacker_retreats():
    g = bare_game()
    a = place(g, "athens", "Boeotia", steps=1, rating="C1")
    place(g, "sparta", "Boeotia", steps=1, rating="C1")
    g.state.turn = None
    open_turn(g, "athens")
    g.state.turn.entered[a.id] = "Attica"
    end_actions(g)
    g.state.dice.force(*([3] * 6))
    ev = g.apply(A.Fight("athens", "Boeotia"))
    assert of(ev, "BattleEnded")[0].rounds == 3 and of(ev, "BattleEnded")[0].winner == "sparta"
    assert of(ev, "BlockRetreated")[0].block == a.id and a.location != "Boeotia"


def test_6_0_routed_block_with_no_retreat_surrenders():
    g = bare_game()
    place(g, "athens", "Melos", steps=2, rating="C2")       # an island with a neutral city
    d = place(g, "sparta", "Melos", steps=1, rating="C1")
    open_turn(g, "athens")
    end_actions(g)
    g.state.dice.force(3, 6)                                # defender misses, rout
    ev = g.apply(A.Fight("athens", "Melos"))
    assert d.location == "pool"
    assert of(ev, "BlockEliminated")[0].rule == "6.4"
    assert g.state.prestige == 1                             # ruling H-19: surrender counts


def test_6_4_defender_cannot_retreat_through_the_attackers_entry_border():
    g = bare_game()
    a = place(g, "athens", "Megaris", steps=3, rating="B2")
    d = place(g, "sparta", "Attica", steps=1, rating="C1")
    open_turn(g, "athens")
    g.apply(A.MoveBlock("athens", a.id, ("Megaris", "Attica")))
    end_actions(g)
    from sim.hellas.battles import retreat_options
    opts = retreat_options(g, d, "Attica", defending=True)
    assert "Megaris" not in opts and "Boeotia" in opts


def test_6_0_fleets_fight_as_c1_on_land_and_by_naval_rating_at_sea():
    g = bare_game()
    f = place(g, "athens", "Boeotia", steps=2, rating="E2", kind="fleet")
    place(g, "sparta", "Boeotia", steps=1, rating="C1")
    s1 = place(g, "athens", "Ionian Sea", steps=2, rating="E2", kind="fleet")
    place(g, "sparta", "Ionian Sea", steps=2, rating="F2", kind="fleet")
    open_turn(g, "athens")
    end_actions(g)
    g.state.dice.force(*([3] * 30))
    ev = g.apply(A.Fight("athens", "Boeotia"))
    assert {e.block: e.rating for e in of(ev, "BlockRevealed")}[f.id] == "C1"
    ev = g.apply(A.Fight("athens", "Ionian Sea"))
    ratings = {e.block: e.rating for e in of(ev, "BlockRevealed")}
    assert ratings[s1.id] == "E2" and "F2" in ratings.values()
    assert [e.block for e in of(ev, "BlockFired")][0] == s1.id   # E before F


def test_6_0_battle_prestige_only_if_the_loser_lost_something():
    g = bare_game()
    place(g, "athens", "Boeotia", steps=2, rating="C1")
    place(g, "sparta", "Boeotia", steps=2, rating="C1")
    open_turn(g, "athens")
    end_actions(g)
    g.state.dice.force(*([3] * 12))                          # nothing happens in 3 rounds
    g.apply(A.Fight("athens", "Boeotia"))
    assert g.state.prestige == 0
