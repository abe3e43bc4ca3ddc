"""Issue 19: a charge that makes an enemy fight on two sides is worth more (4.6.9, ruling D-66:
a unit attacked from several sides that loses a round is destroyed). Hand-built table, the
rules' own odds and melee lists."""
from sim.daimyo.ai.scorer import DaimyoScorer, _beaten_is_destroyed
from sim.daimyo.combat import Charge, melee
from tests.daimyo.table_kit import game, give_orders, scenario, unit

SAM = dict(troop="samurai", quality="veteran", weapons=["pole_arm"], armour="heavy")


def table(rear_friend: bool):
    """Samurai 8 cm off the spearmen's front; with `rear_friend` other samurai already touch
    the spearmen's rear (a unit's x, y is the middle of its front edge)."""
    east = [unit("sam", 100, 40, 90, **SAM)] + ([unit("rear", 100, 49.5, 270, **SAM)] if rear_friend else [])
    g = give_orders(game(scenario(east, [unit("spear", 100, 48, 270)], east_daimyo=(100, 30))))
    melee.refresh_melee_lists(g.state)
    return g


def charge_score(g) -> float:
    s = DaimyoScorer(planning=True)
    s.prepare(g, "east")
    return s.score(Charge("east", "sam", "spear"))


def test_4_6_9_a_charge_on_an_enemy_fighting_on_another_side_scores_more():
    alone, pinned = table(False), table(True)
    assert not _beaten_is_destroyed(alone.state, alone.state.units["spear"], "front")
    assert _beaten_is_destroyed(pinned.state, pinned.state.units["spear"], "front")
    assert not _beaten_is_destroyed(pinned.state, pinned.state.units["spear"], "rear")   # the same side
    assert charge_score(pinned) > charge_score(alone) + 1.0


def test_4_6_9_a_unit_aims_at_the_enemy_a_friend_already_fights():
    """Two spearmen units alike, the right one a little nearer; a friend fights the left one
    from its rear (4.6.9): the samurai go for the left one."""
    from sim.daimyo.ai import clan_plan
    from sim.daimyo.ai.matchups import Matchups
    from sim.daimyo.ai.reach import Ground
    from sim.daimyo.ai.routes import RouteBook

    def aim(rear_friend):
        east = [unit("sam", 100, 30, 90, **SAM)] + ([unit("rear", 80, 55.5, 270, **SAM)] if rear_friend else [])
        g = game(scenario(east, [unit("left", 80, 54, 270), unit("right", 122, 52, 270)], east_daimyo=(100, 20)))
        melee.refresh_melee_lists(g.state)
        st = g.state
        return clan_plan.aims(st, "east", "east-clan", Matchups(st, "east"), Ground(st, RouteBook()))["sam"]

    assert aim(False) == "right"
    assert aim(True) == "left"
