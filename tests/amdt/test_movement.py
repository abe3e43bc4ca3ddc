"""9.0 movement; 16.2.5(6), 16.2.6 and 16.2.7(3)/(4): who moves which soldiers in the 4p game."""
from sim.amdt import actions as A
from tests.amdt.helpers import activate, clear, game, move, put, refused, soldiers_at


def test_9_0_link_costs_main_one_minor_two():
    g = game(2)
    act = activate(g, "nobunaga", 3)
    g.apply(A.March("oda", "Kanagasaki", "Kutsuki", "katsuie", 3))     # minor road
    assert act.mp == 1
    g.apply(A.March("oda", "Kanagasaki", "Kumagawa", "hideyoshi", 3))  # main road
    assert act.mp == 0
    assert len(soldiers_at(g, "Kutsuki")) == 3


def test_9_0_not_enough_mp_is_refused():
    g = game(2)
    activate(g, "nobunaga", 1)
    refused(g, A.March("oda", "Kanagasaki", "Kutsuki", "katsuie", 0), "9.0")


def test_16_2_6_2_command_samurai_three_daimyo_seven():
    g = game(2)
    activate(g, "nobunaga", 6)
    refused(g, A.March("oda", "Kanagasaki", "Kumagawa", "katsuie", 4), "9.0")
    g4 = game(4)
    activate(g4, "nobunaga", 6)                   # Katsuie is a daimyo in 4p (16.2.2(2))
    move(g4, "katsuie", "Kiyosu")
    put(g4, "Kiyosu", "Oda", 6, owner="katsuie")
    refused(g4, A.March("katsuie", "Kiyosu", "Inuyama", "katsuie", 8), "9.0")
    g4.apply(A.March("katsuie", "Kiyosu", "Inuyama", "katsuie", 7))       # Owari to Owari
    assert len(soldiers_at(g4, "Inuyama")) == 1 + 7


def test_16_2_5_6_nobunaga_takes_seven_soldiers_and_his_guard():
    g = game(2)
    activate(g, "nobunaga", 6)
    refused(g, A.March("oda", "Kanagasaki", "Kumagawa", "nobunaga", 8), "9.0")
    g.apply(A.March("oda", "Kanagasaki", "Kumagawa", "nobunaga", 7))
    assert len(soldiers_at(g, "Kumagawa")) == 7 + 3
    assert len(soldiers_at(g, "Kumagawa", guard=True)) == 3


def test_7_1_oda_chit_does_not_move_nobunaga():
    g = game(2)
    activate(g, "oda", 6)
    refused(g, A.March("oda", "Kanagasaki", "Kumagawa", "nobunaga", 0), "9.0")


def test_16_2_7_4_nobunaga_never_moves_by_sea():
    g = game(2)
    move(g, "nobunaga", "Sakai")
    for u in soldiers_at(g, "Kanagasaki", guard=True):
        u.sector = "Sakai"
    activate(g, "nobunaga", 6)
    refused(g, A.March("oda", "Sakai", "Kawachi Bay", "nobunaga", 0), "16.2.7(4)")
    move(g, "sakuma", "Sakai")
    g.apply(A.March("oda", "Sakai", "Kawachi Bay", "sakuma", 1))   # any other group may sail
    assert len(soldiers_at(g, "Kawachi Bay")) == 1


def test_9_0_leaderless_soldiers_only_into_friendly_sectors():
    g = game(2)
    activate(g, "nobunaga", 6)
    refused(g, A.March("oda", "Kanagasaki", "Fuchu", "", 2), "9.0")   # Asakura castle
    refused(g, A.March("oda", "Kanagasaki", "Kutsuki", "", 2), "9.0") # uncontrolled transit


def test_r_neutrals_powers_not_yet_entered_cannot_be_entered():
    g = game(2)
    move(g, "katsuie", "Toki")
    activate(g, "nobunaga", 6)
    refused(g, A.March("oda", "Toki", "Kiso", "katsuie", 0), "R-NEUTRALS")


def test_16_2_7_3_soldiers_led_into_another_sphere_are_discarded():
    g = game(4)
    activate(g, "oda", 6)                                   # Hideyoshi's alliance
    events = g.apply(A.March("hideyoshi", "Kanagasaki", "Kumagawa", "hideyoshi", 3))  # Wakasa: Tokugawa's
    marched = [e for e in events if e.kind == "Marched"][0]
    assert marched.discarded == 3
    assert soldiers_at(g, "Kumagawa") == []
    assert sum(1 for e in events if e.kind == "UnitLost" and e.fate == "discarded") == 3


def test_16_2_7_3_own_sphere_and_origin_sphere_keep_the_soldiers():
    g = game(4)
    activate(g, "oda", 6)
    g.apply(A.March("hideyoshi", "Kanagasaki", "Kutsuki", "hideyoshi", 3))   # Omi: his own
    assert len(soldiers_at(g, "Kutsuki", owner="hideyoshi")) == 3


def test_16_2_7_3_nobunagas_group_is_never_discarded():
    g = game(4)
    activate(g, "oda", 6)
    g.apply(A.March("hideyoshi", "Kanagasaki", "Kumagawa", "nobunaga", 4))
    assert len(soldiers_at(g, "Kumagawa")) == 4 + 3


def test_16_2_7_3_an_alliance_moves_only_its_own_leaders():
    g = game(4)
    activate(g, "nobunaga", 6)                               # Katsuie's chit
    refused(g, A.March("katsuie", "Kanagasaki", "Kumagawa", "hideyoshi", 0), "9.0")


def test_16_2_6_2_without_a_leader_only_inside_the_own_sphere():
    g = game(4)
    activate(g, "nobunaga", 6)
    g.apply(A.March("katsuie", "Kiyosu", "Inuyama", "", 1))                # Owari -> Owari
    assert len(soldiers_at(g, "Inuyama")) == 2
    refused(g, A.March("katsuie", "Inuyama", "Gifu", "", 1), "16.2.6(2)")  # into Mino


def test_16_2_6_3_nobunagas_own_soldiers_need_a_leader():
    g = game(4)
    activate(g, "tokugawa", 6)
    refused(g, A.March("tokugawa", "Kyoto", "Shoryuji", "", 1), "16.2.6(3)")
    g.apply(A.March("tokugawa", "Shoryuji", "Kyoto", "hosokawa", 0))
    g.apply(A.March("tokugawa", "Kyoto", "Uji", "hosokawa", 1))           # led by his leader
    assert len(soldiers_at(g, "Uji")) == 2


def test_r_loc_out_of_supply_stack_moves_one_link():
    g = game(2)
    st = g.state
    move(g, "katsuie", "Kumagawa")
    clear(g, "Obama")
    put(g, "Kutsuki", "Azai", 2)                 # cut both roads out of Kumagawa but Kanagasaki's
    put(g, "Obama", "Asakura", 2)
    st.active = None
    g.dice.force(6)
    g.run_step(lambda: g._begin_activation("nobunaga"))
    assert "katsuie" in st.active.oos and st.active.mp == 8
    g.apply(A.March("oda", "Kumagawa", "Kanagasaki", "katsuie", 0))
    refused(g, A.March("oda", "Kanagasaki", "Kumagawa", "katsuie", 0), "9.0")   # ruling A-6
