"""Daimyo turn sequence: initiative (3), activation (4.1), obedience (1.9), Generals (1.7),
reform (4.2.2) and end-of-turn leader moves (5.2). Dice are forced."""
import pytest

from sim.core.errors import RuleError
from sim.daimyo import actions as A
from sim.daimyo import command
from sim.daimyo.combat import Shoot
from sim.daimyo.leaders import leader_candidates
from tests.daimyo.table_kit import charge_next, game, give_orders, scenario, unit

SEATED = {"general": {"name": "east general", "rating": 3, "seated": True, "x": 100, "y": 6},
          "hq": {"x": 100, "y": 8, "facing": 90}}


def hatamoto(x=100, y=13.5, stands=2, files=2, **kw):
    spec = dict(troop="samurai", quality="elite", weapons=["pole_arm"], armour="heavy", hatamoto=True)
    spec.update(kw)
    return unit("hata", x, y, stands=stands, files=files, **spec)


def new_turn(g, *faces):
    g.dice.force(*faces)
    return g.run_step(g._start_turn)


def initiative(events):
    return [e for e in events if e.kind == "InitiativeRolled"]


def open_activation(g, first="east"):
    """Start a turn in which `first` wins the initiative and goes first."""
    new_turn(g, 6, 1) if first == "east" else new_turn(g, 1, 6)
    g.apply(A.ChooseOrder(first, True))
    return g


def test_3_initiative_1d6_plus_rating_plus_1_seated_ties_re_rolled():
    g = game(scenario([unit("a", 50, 20)], east_army=SEATED))
    ev = initiative(new_turn(g, 2, 3, 5, 1))
    assert [e.totals for e in ev] == [(("east", 2 + 3 + 1), ("west", 3 + 3)), (("east", 5 + 4), ("west", 1 + 3))]
    assert [e.winner for e in ev] == ["", "east"]
    assert g.state.initiative == "east" and g.to_act() == "east" and g.state.phase == "choose_order"


def test_3_initiative_minus_1_per_destroyed_and_per_routing_unit():
    g = game(scenario([unit("a", 50, 20)], [unit("w", 50, 100, facing=270)]))
    g.state.armies["west"].units_destroyed = 1
    g.state.units["w"].routing = True
    ev = initiative(new_turn(g, 4, 6))
    assert ev[0].totals == (("east", 4 + 3), ("west", 6 + 3 - 2))


def test_3_incapacitated_general_adds_nothing_ruling_D7():
    g = game(scenario([unit("a", 50, 20)], east_army=SEATED))
    g.state.leaders["general-east"].alive = False
    g.state.armies["east"].units_destroyed = 2
    ev = initiative(new_turn(g, 5, 1))
    assert ev[0].totals == (("east", 5), ("west", 4))


def test_3_initiative_holder_chooses_to_go_second():
    g = game(scenario([unit("a", 50, 20)]))
    new_turn(g, 6, 1)
    assert g.legal_actions("east") == [A.ChooseOrder("east", True), A.ChooseOrder("east", False)]
    g.apply(A.ChooseOrder("east", False))
    assert g.to_act() == "west" and g.state.phase == "activation"


def test_4_1_activation_2d6_plus_rating_8_or_more():
    g = open_activation(game(scenario([unit("a", 50, 20)])))
    g.dice.force(3, 3)                                     # 6 + daimyo 2 = 8
    ev = g.apply(A.ActivateClan("east", "east-clan"))
    act = [e for e in ev if e.kind == "ClanActivation"][0]
    assert (act.total, act.success) == (8, True) and g.state.phase == "orders"


def test_4_1_activation_below_8_fails_and_passes_to_the_other_player():
    g = open_activation(game(scenario([unit("a", 50, 20)])))
    g.dice.force(3, 2)                                     # 7
    ev = g.apply(A.ActivateClan("east", "east-clan"))
    assert [(e.total, e.success) for e in ev if e.kind == "ClanActivation"] == [(7, False)]
    assert g.to_act() == "west" and g.state.phase == "activation"


def test_4_1_seated_general_adds_1_to_activation():
    g = open_activation(game(scenario([unit("a", 50, 30)], east_army=SEATED)))
    g.dice.force(3, 2)                                     # 5 + 2 + 1 = 8
    ev = g.apply(A.ActivateClan("east", "east-clan"))
    assert [(e.total, e.success) for e in ev if e.kind == "ClanActivation"] == [(8, True)]


def test_4_1_dead_daimyo_no_modifiers():
    g = open_activation(game(scenario([unit("a", 50, 30)], east_army=SEATED)))
    g.state.leaders["daimyo-east-clan"].alive = False
    g.dice.force(4, 3)                                     # 7: no rating, no seated bonus
    ev = g.apply(A.ActivateClan("east", "east-clan"))
    assert [(e.total, e.success) for e in ev if e.kind == "ClanActivation"] == [(7, False)]


def test_4_1_each_clan_attempted_once_per_turn():
    g = open_activation(game(scenario([unit("a", 50, 20)])))
    g.dice.force(1, 1)
    g.apply(A.ActivateClan("east", "east-clan"))
    g.apply(A.EndActivations("west"))
    assert g.to_act() == "east"
    assert A.ActivateClan("east", "east-clan") not in g.legal_actions("east")
    with pytest.raises(RuleError) as err:
        g.apply(A.ActivateClan("east", "east-clan"))
    assert err.value.rule == "4.1"


def test_4_1_units_act_once_per_turn():
    g = open_activation(game(scenario([unit("a", 50, 20)], east_daimyo=(50, 10))))
    g.dice.force(6, 6)
    g.apply(A.ActivateClan("east", "east-clan"))
    g.apply(A.Move("east", "a", 3))
    g.apply(A.EndMovement("east"))
    g.apply(A.EndShooting("east"))
    assert g.state.units["a"].activated
    g.state.to_move, g.state.phase, g.state.active_clan = "east", "orders", "east-clan"
    with pytest.raises(RuleError) as err:
        g.apply(A.Move("east", "a", 1))
    assert err.value.rule == "4.1"


def test_4_1_general_activates_automatically_with_hatamoto_not_the_clan():
    sc = scenario([unit("a", 60, 30), hatamoto()], east_army=SEATED, east_daimyo=(60, 25))
    g = open_activation(game(sc))
    ev = g.apply(A.ActivateGeneral("east"))
    assert not [e for e in ev if e.kind == "DiceRolled"]
    assert {u.id for u in command.orderable_units(g.state)} == {"hata"}
    g.apply(A.EndMovement("east"))
    g.apply(A.EndShooting("east"))
    assert g.state.units["hata"].activated and not g.state.units["a"].activated
    assert not command.general_may_activate(g.state, "east")     # once a turn


def test_1_7_hatamoto_does_not_act_with_its_clan():
    sc = scenario([unit("a", 60, 30), hatamoto()], east_army=SEATED, east_daimyo=(60, 25))
    g = give_orders(game(sc))
    assert {u.id for u in command.orderable_units(g.state)} == {"a"}


def test_4_4_general_joining_an_unactivated_unit_may_act_at_once_or_wait_for_its_clan():
    sc = scenario([unit("a", 60, 30), unit("b", 90, 30)], east_daimyo=(75, 25),
                  east_army={"general": {"name": "g", "rating": 3, "seated": False, "x": 60, "y": 15}})
    g = open_activation(game(sc))
    g.apply(A.ActivateGeneral("east"))
    assert command.orderable_units(g.state) == []
    g.apply(A.MoveLeader("east", "general-east", 60, 30, "a"))
    assert [u.id for u in command.orderable_units(g.state)] == ["a"]
    g.apply(A.EndMovement("east"))
    g.apply(A.EndShooting("east"))
    assert not g.state.units["a"].activated            # it did not act: its clan may still use it


def test_1_7_mounting_up_removes_the_hq_and_the_hatamoto_mounts():
    sc = scenario([unit("a", 60, 40), hatamoto(y=9.5)], east_army=SEATED, east_daimyo=(60, 35))  # touches the HQ
    g = open_activation(game(sc))
    g.apply(A.ActivateGeneral("east"))
    assert A.MountUp("east", "hata") in g.legal_actions("east")
    ev = g.apply(A.MountUp("east", "hata"))
    st = g.state
    assert st.units["hq-east"].gone == "abandoned" and st.armies["east"].units_destroyed == 0
    assert not st.general("east").seated and st.general("east").mounted
    assert st.units["hata"].cavalry and st.units["hata"].mounting
    assert [e.rule for e in ev if e.kind == "UnitRemoved"] == ["1.7"]
    assert g.stats()["sides"]["east"] == {"stands_lost": 0, "units_lost": 0, "leaders_killed": 0,
                                          "points_down": 0.0}   # D-47
    assert g.stats()["positions"] == []                  # nor on the heatmap of units lost (D-47)
    with pytest.raises(RuleError):
        g.apply(A.MountUp("east"))


def test_1_7_hatamoto_of_more_than_2_stands_cannot_mount():
    sc = scenario([unit("a", 60, 40), hatamoto(stands=3, files=3)], east_army=SEATED, east_daimyo=(60, 35))
    g = open_activation(game(sc))
    g.apply(A.ActivateGeneral("east"))
    with pytest.raises(RuleError) as err:
        g.apply(A.MountUp("east", "hata"))
    assert err.value.rule == "1.7"


# -- 1.9 obedience ------------------------------------------------------------------------
def far_game(**kw):
    sc = scenario([unit("a", 150, 60)], east_daimyo=(5, 5), **kw)   # far outside 20 cm
    return give_orders(game(sc), obey=False)


def test_1_9_unit_outside_command_range_halts_on_1d6_plus_rating_below_6():
    g = far_game()
    g.dice.force(3)                                        # 3 + 2 = 5
    ev = g.apply(A.Move("east", "a", 5))
    assert [(e.total, e.passed) for e in ev if e.kind == "ObedienceTest"] == [(5, False)]
    assert g.state.units["a"].y == 60
    with pytest.raises(RuleError) as err:
        g.apply(A.Move("east", "a", 5))
    assert err.value.rule == "1.9"


def test_1_9_unit_outside_command_range_moves_on_6():
    g = far_game()
    g.dice.force(4)
    ev = g.apply(A.Move("east", "a", 5))
    assert [(e.total, e.passed) for e in ev if e.kind == "ObedienceTest"] == [(6, True)]
    assert g.state.units["a"].y == pytest.approx(65)
    g.apply(A.Move("east", "a", 1))                        # tested once a turn


def test_1_9_standing_still_needs_no_test():
    g = far_game()
    ev = g.apply(A.Hold("east", "a"))
    assert not [e for e in ev if e.kind in ("ObedienceTest", "DiceRolled")]


def test_1_9_within_20cm_no_test():
    g = give_orders(game(scenario([unit("a", 50, 30)], east_daimyo=(50, 49.9))), obey=False)
    ev = g.apply(A.Move("east", "a", 1))                   # front edge 19.9 cm from the daimyo
    assert not [e for e in ev if e.kind == "ObedienceTest"]


def test_1_9_hatamoto_more_than_20cm_from_the_general_tests():
    sc = scenario([unit("a", 60, 40), hatamoto(y=40, x=150, facing=270, troop="mounted_samurai", weapons=["lance"])],
                  east_daimyo=(60, 35),
                  east_army={"general": {"name": "g", "rating": 2, "seated": False, "x": 150, "y": 20}})
    g = open_activation(game(sc))
    g.apply(A.ActivateGeneral("east"))
    g.state.leaders["general-east"].x = 150 - 30           # moved off: now 30+ cm away
    g.dice.force(3)                                        # 3 + 2 = 5: halts
    ev = g.apply(A.Move("east", "hata", 2))
    assert [(e.total, e.passed) for e in ev if e.kind == "ObedienceTest"] == [(5, False)]


def test_1_9_dead_daimyo_every_unit_tests_with_no_rating_ruling_D7():
    g = give_orders(game(scenario([unit("a", 50, 30)], east_daimyo=(50, 35))), obey=False)
    g.state.leaders["daimyo-east-clan"].alive = False
    g.dice.force(5)
    ev = g.apply(A.Move("east", "a", 1))
    assert [(e.total, e.passed) for e in ev if e.kind == "ObedienceTest"] == [(5, False)]


# -- 4.2.2 reform, 5.2 leader moves ---------------------------------------------------------
def finish_turn(g):
    """Both sides forgo their remaining activations: the end-of-turn steps run."""
    while g.state.phase in ("orders", "shooting", "activation"):
        side = g.to_act()
        if g.state.phase == "orders":
            g.apply(A.EndMovement(side))
        elif g.state.phase == "shooting":
            g.apply(A.EndShooting(side))
        else:
            g.apply(A.EndActivations(side))


def test_4_2_2_reformed_unit_loses_disorder_at_end_of_turn():
    g = give_orders(game(scenario([unit("a", 50, 30)], east_daimyo=(50, 35))))
    g.state.units["a"].disordered = True
    g.apply(A.Reform("east", "a", 2, 90))
    finish_turn(g)
    assert not g.state.units["a"].disordered
    assert any(e.kind == "Reformed" for e in g.events)


def reforming_under_fire(bows_faces):
    """East's disordered 'a' reforms; then west's bowmen 10 cm in front of it shoot at it
    (4 stands at long range: 2d6 +0 needs 8)."""
    g = give_orders(game(scenario([unit("a", 50, 30)], [unit("bows", 50, 40, facing=270, weapons=["bow"])],
                                  east_daimyo=(50, 25), west_daimyo=(50, 45))))
    g.state.units["a"].disordered = True          # the position: a unit in disorder
    g.apply(A.Reform("east", "a", 2, 90))
    g.apply(A.EndMovement("east"))
    g.apply(A.EndShooting("east"))
    give_orders(g, "west")
    g.apply(A.EndMovement("west"))
    g.dice.force(*bows_faces)
    ev = g.apply(Shoot("west", "bows"))
    shot = [e for e in ev if e.kind == "ShotResolved"][0]
    g.apply(A.EndShooting("west"))
    return g, shot


def test_4_2_2_unit_hit_by_shooting_this_turn_does_not_reform():
    g, shot = reforming_under_fire([4, 4, 1, 1, 1, 1, 1, 1])
    assert shot.target == "a" and shot.hits == 1
    finish_turn(g)
    assert g.state.units["a"].disordered and not any(e.kind == "Reformed" for e in g.events)


def test_4_2_2_unit_shot_at_without_a_hit_reforms():
    g, shot = reforming_under_fire([1, 1] * 4)
    assert shot.target == "a" and shot.hits == 0
    finish_turn(g)
    assert not g.state.units["a"].disordered


def test_4_2_2_unit_that_fought_a_melee_this_turn_does_not_reform():
    """West charges the reforming unit in its own activation; the melee is fought (a draw)."""
    g = give_orders(game(scenario([unit("a", 50, 30)], [unit("w", 50, 36, facing=270, weapons=["imw"])],
                                  east_daimyo=(50, 25), west_daimyo=(50, 45))))
    g.state.units["a"].disordered = True          # the position: a unit in disorder
    g.apply(A.Reform("east", "a", 2, 90))
    charge_next(g, "w", "a")
    g.dice.force(*[1, 1] * 8)                     # nobody hits: a draw
    ev = g.apply(A.EndShooting("west"))
    assert {e.outcome for e in ev if e.kind == "MeleeResult"} == {"draw"}
    finish_turn(g)
    assert g.state.units["a"].disordered and not any(e.kind == "Reformed" for e in g.events)


def test_4_2_2_a_reformed_unit_moves_again_the_next_turn():
    """4.2.2 / 4.3.5.4: reforming keeps the unit still for one turn, not for the rest of the game."""
    g = give_orders(game(scenario([unit("a", 50, 30)], east_daimyo=(50, 35))))
    g.state.units["a"].disordered = True
    g.apply(A.Reform("east", "a", 2, 90))
    with pytest.raises(RuleError):
        g.validate(A.Move("east", "a", 2.0))
    finish_turn(g)
    while g.state.phase == "leaders":
        g.apply(A.EndLeaderMoves(g.to_act()))
    new_turn(g, 6, 1)
    u = g.state.units["a"]
    assert not u.reforming and not u.disordered


def test_5_2_unmoved_leaders_move_at_the_end_of_the_turn():
    g = give_orders(game(scenario([unit("a", 50, 30)], east_daimyo=(50, 45))))
    finish_turn(g)
    assert g.state.phase == "leaders" and g.to_act() == g.state.initiative
    side = g.to_act()
    menu = leader_candidates(g.state, side, during_activation=False)
    assert menu and len(menu) < 50
    if side == "west":
        g.apply(A.EndLeaderMoves("west"))
    join = A.MoveLeader("east", "daimyo-east-clan", 50, 30, "a")
    assert join in g.legal_actions("east")
    ev = g.apply(join)
    assert [e.kind for e in ev] == ["LeaderMoved"]
    assert g.state.leaders["daimyo-east-clan"].attached_to == "a"
    with pytest.raises(RuleError) as err:
        g.apply(A.MoveLeader("east", "daimyo-east-clan", 50, 40))
    assert err.value.rule == "5.2"


def test_5_2_leader_moves_at_most_his_speed():
    g = give_orders(game(scenario([unit("a", 50, 30)], east_daimyo=(50, 70))))
    finish_turn(g)
    if g.to_act() == "west":
        g.apply(A.EndLeaderMoves("west"))
    with pytest.raises(RuleError) as err:
        g.apply(A.MoveLeader("east", "daimyo-east-clan", 50, 49.9))   # 20.1 cm for a mounted leader
    assert err.value.rule == "4.3"
    g.apply(A.MoveLeader("east", "daimyo-east-clan", 50, 50))


def test_4_4_daimyo_joins_only_his_own_clan():
    sc = scenario([unit("a", 50, 30)], [unit("w", 50, 100, facing=270)], east_daimyo=(50, 45))
    g = give_orders(game(sc))
    with pytest.raises(RuleError) as err:
        g.apply(A.MoveLeader("east", "daimyo-east-clan", 50, 100, "w"))
    assert err.value.rule in ("4.4", "4.3")


def test_1_7_hatamoto_stays_within_20cm_of_the_general():
    sc = scenario([unit("a", 60, 40), hatamoto(x=100, y=20)], east_army=SEATED, east_daimyo=(60, 35))
    g = open_activation(game(sc))
    g.apply(A.ActivateGeneral("east"))
    from sim.daimyo.movement import plan
    assert plan(g.state, A.Move("east", "hata", 7.5)).cost == pytest.approx(7.5)   # rear edge 20 cm from (100, 6)
    with pytest.raises(RuleError) as err:
        plan(g.state, A.Move("east", "hata", 7.6))
    assert err.value.rule == "1.7"


def test_4_4_daimyo_carried_by_his_unit_may_not_exceed_his_move_when_leaving_it():
    g = give_orders(game(scenario([unit("a", 50, 30), unit("b", 100, 30)], east_daimyo=(50, 30))))
    st = g.state
    st.leaders["daimyo-east-clan"].attached_to = "a"                    # he starts the turn with a
    g.apply(A.Move("east", "a", 11))
    assert st.leaders["daimyo-east-clan"].carried_cm == pytest.approx(11)
    with pytest.raises(RuleError) as err:
        g.apply(A.MoveLeader("east", "daimyo-east-clan", 50, 41 + 9.1))   # 11 + 9.1 > 20
    assert err.value.rule == "4.4"
    g.apply(A.MoveLeader("east", "daimyo-east-clan", 50, 41 + 9))
