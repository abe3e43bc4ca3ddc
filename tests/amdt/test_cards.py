"""R-CARDS and 16.2.8: shared Oda hand, what views show, battle cards, negotiation/betrayal."""
import pytest

from sim.amdt import actions as A
from sim.amdt.events import Betrayal, CardDrawn, CardsDrawnCount, Fire
from sim.core.errors import RuleError
from sim.core.players import RandomPlayer
from tests.amdt.helpers import activate, game, move, put, soldiers_at, step


def test_16_2_8_the_oda_alliances_share_one_hand_hidden_from_anti_oda():
    g = game(4)
    g.state.hands["oda"] = ["guns", "surprise"]
    g.state.hands["anti"] = ["forced_march"]
    for seat in ("hideyoshi", "katsuie", "tokugawa"):
        assert g.view(seat)["hands"] == {"oda": ["guns", "surprise"], "anti": 1}
    assert g.view("anti")["hands"] == {"oda": 2, "anti": ["forced_march"]}
    assert g.view(None)["hands"]["anti"] == ["forced_march"]


def test_views_and_event_logs_leak_no_hidden_cards():
    g = game(4, seed=11)
    players = {s: RandomPlayer(i) for i, s in enumerate(g.sides())}
    while len(g.actions) < 300 and not g.is_over():
        g.apply(players[g.to_act()].choose(g, g.to_act()))
    draws = [e for e in g.events if isinstance(e, CardDrawn)]
    assert draws, "the run should have drawn cards"
    for seat in g.sides():
        own = "oda" if seat != "anti" else "anti"
        view = g.view(seat)
        assert all(isinstance(v, int) for h, v in view["hands"].items() if h != own)
        assert "deck" in view and isinstance(view["deck"], int)
        for e in g.visible_events(seat):
            if isinstance(e, CardDrawn):
                assert e.owner == own
        public = [e for e in g.visible_events(seat) if isinstance(e, CardsDrawnCount)]
        assert len(public) == sum(1 for e in draws if e.owner != own)


def koka(g, hand):
    move(g, "katsuie", "Seta")
    put(g, "Seta", "Oda", 3)
    g.state.hands["oda"] = list(hand)
    activate(g, "nobunaga", 6)
    g.apply(A.March("oda", "Seta", "Koka", "katsuie", 3))
    g.apply(A.Garrison("anti", 0))
    assert g.state.decision.kind == "battle_card" and g.to_act() == "oda"


def test_r_cards_surprise_attack_fires_first():
    g = game(2)
    koka(g, ["surprise"])
    g.dice.force(6, 6, 1)
    events = g.apply(A.BattleCard("oda", "surprise"))
    fires = [e for e in events if isinstance(e, Fire)]
    assert fires == [Fire("Koka", "oda", 3, 1, 2, False)]     # Rokkaku has no soldier left to answer


def test_r_cards_concentrated_guns_add_one_while_oda_holds_kyoto():
    g = game(2)
    koka(g, ["guns"])
    g.dice.force(4, 1, 1, 1, 1)
    events = g.apply(A.BattleCard("oda", "guns"))
    assert Fire("Koka", "oda", 3, 2, 1, False) in events
    g2 = game(2)
    g2.state.control["Kyoto"] = "Miyoshi"
    move(g2, "katsuie", "Seta")
    put(g2, "Seta", "Oda", 3)
    g2.state.hands["oda"] = ["guns"]
    activate(g2, "nobunaga", 6)
    g2.apply(A.March("oda", "Seta", "Koka", "katsuie", 3))
    g2.apply(A.Garrison("anti", 0))
    assert g2.state.decision.kind == "battle_card"           # asked (the offer hides the hand) ...
    assert g2.legal_actions("oda") == [A.BattleCard("oda", "")]   # ... but guns need Kyoto


def test_r_cards_betrayal_turns_the_clan_soldiers_roll_four_plus():
    g = game(2)
    st = g.state
    st.hands["anti"] = ["betray_tsutsui"]
    activate(g, "anti_oda", 3)                      # Miyoshi Yasunaga (diplomat) at Takaya
    assert A.PlayCard("anti", "betray_tsutsui") in g.legal_actions("anti")
    g.dice.force(4, 3)
    events = g.apply(A.PlayCard("anti", "betray_tsutsui"))
    assert Betrayal("Tsutsui", "anti", 2, 1) in events
    assert st.clan_faction["Tsutsui"] == "anti" and len(soldiers_at(g, "Yamato-Koriyama")) == 1
    assert st.discard == ["betray_tsutsui"]


def test_r_cards_negotiation_needs_a_diplomat_within_two_links():
    g = game(2)
    g.state.hands["anti"] = ["betray_tsutsui"]
    move(g, "yasunaga", "Sumoto")                  # across the sea, far away
    activate(g, "anti_oda", 3)
    assert A.PlayCard("anti", "betray_tsutsui") not in g.legal_actions("anti")


def test_16_2_8_oda_players_may_not_turn_oda_alliance_leaders():
    g = game(4)
    g.state.hands["oda"] = ["betray_matsunaga"]
    move(g, "hideyoshi", "Yamato-Koriyama")
    activate(g, "oda", 3)
    assert not any(a.kind == "PlayCard" for a in g.legal_actions("hideyoshi"))
    with pytest.raises(RuleError) as err:
        g.apply(A.PlayCard("hideyoshi", "betray_matsunaga"))
    assert err.value.rule == "16.2.8"


def test_16_2_8_optional_rule_lets_them_and_the_sphere_takes_the_leader():
    g = game(4, oda_betray_each_other=True)
    g.state.hands["oda"] = ["betray_matsunaga"]
    move(g, "matsunaga", "Itami")                   # Settsu: Hideyoshi's sphere
    move(g, "hideyoshi", "Ibaraki")
    activate(g, "oda", 3)
    g.apply(A.PlayCard("hideyoshi", "betray_matsunaga"))
    assert g.state.leader_player["matsunaga"] == "hideyoshi"


def test_16_2_8_betrayed_units_go_to_the_alliance_whose_sphere_it_happened_in():
    g = game(4)
    st = g.state
    st.hands["oda"] = ["betray_ukita"]
    move(g, "akechi", "Mizushima Sea")             # next to Ukita's Okayama (Bizen: Hideyoshi's)
    activate(g, "tokugawa", 3)
    g.dice.force(5)
    g.apply(A.PlayCard("tokugawa", "betray_ukita"))
    assert st.clan_faction["Ukita"] == "oda"
    assert {u.owner for u in soldiers_at(g, "Okayama")} == {"hideyoshi"}


def test_r_cards_forced_march_adds_two_mp():
    g = game(2)
    g.state.hands["oda"] = ["forced_march"]
    act = activate(g, "nobunaga", 3)
    g.apply(A.PlayCard("oda", "forced_march"))
    assert act.mp == 5 and g.state.hands["oda"] == []


def test_16_2_8_only_nobunaga_or_a_diplomat_of_the_active_alliance_negotiates():
    g = game(4)
    st = g.state
    st.hands["oda"] = ["betray_ukita"]
    move(g, "hideyoshi", "Mizushima Sea")           # a diplomat, but of another alliance
    activate(g, "tokugawa", 3)
    assert not any(a.kind == "PlayCard" for a in g.legal_actions("tokugawa"))
    move(g, "nobunaga", "Mizushima Sea")            # Nobunaga may always negotiate
    activate(g, "tokugawa", 3)
    assert A.PlayCard("tokugawa", "betray_ukita") in g.legal_actions("tokugawa")


@pytest.mark.parametrize("players", [3, 4])
def test_no_view_shows_another_hand_at_any_step_with_every_offer_on(players):
    """Good Luck, Rain and battle-card offers included: at every step each seat's view holds
    only counts of the other hands, and a pending decision shows only public facts."""
    g = game(players, seed=5, good_luck=True)
    ps = {s: RandomPlayer(i) for i, s in enumerate(g.sides())}
    kinds = set()
    while len(g.actions) < 400 and not g.is_over():
        for seat in g.sides():
            own = "oda" if seat in ("oda", "hideyoshi", "katsuie", "tokugawa") else seat
            view = g.view(seat)
            assert all(isinstance(v, int) for h, v in view["hands"].items() if h != own)
            if view["decision"]:
                assert set(view["decision"]) <= {"kind", "side", "hits", "dice", "leader"}
                kinds.add(view["decision"]["kind"])
        g.apply(ps[g.to_act()].choose(g, g.to_act()))
    assert {"luck", "battle_card"} <= kinds
