"""R-BATTLE §10.5 sieges: the besieged garrison is shut in, gets no regroup, and the besiegers
may assault again in a later activation without spending MP, once per activation."""
from sim.amdt import actions as A
from sim.amdt import endturn
from tests.amdt.helpers import activate, game, refused, soldiers_at, step
from tests.amdt.test_battle import koka_attack


def koka_siege(g):
    koka_attack(g)
    g.apply(A.Garrison("anti", 2))
    g.apply(A.AssaultChoice("oda", False))
    assert g.state.battle is None and g.state.control["Koka"] == "Rokkaku"


def test_10_5_the_besieged_garrison_cannot_march_out():
    g = game(2)
    koka_siege(g)
    activate(g, "anti_oda", 6)                               # Rokkaku's chit
    assert not any(a.kind == "March" and a.frm == "Koka" for a in g.legal_actions("anti"))
    refused(g, A.March("anti", "Koka", "Kannon-ji", "yoshikata", 2), "9.0")


def test_10_5_a_besieged_castle_is_not_regrouped_into():
    g = game(2)
    koka_siege(g)
    g.state.eliminated["Rokkaku"] = 2
    step(g, lambda: endturn.regroup(g))
    assert len(soldiers_at(g, "Koka", "Rokkaku")) == 2 and g.state.eliminated["Rokkaku"] == 2


def test_10_5_besiegers_assault_again_later_without_mp_and_once_per_activation():
    g = game(2)
    st = g.state
    koka_siege(g)
    activate(g, "oda", 0)                                    # no MP at all
    assert A.Assault("oda", "Koka") in g.legal_actions("oda")
    g.dice.force(2, 2, 5, 6, 6)          # defenders (+1 level) miss; attackers hit on 6 only
    g.apply(A.Assault("oda", "Koka"))
    assert len(soldiers_at(g, "Koka", "Rokkaku")) == 0 and st.units["yoshikata"].in_castle
    assert st.decision.kind == "assault" and len(soldiers_at(g, "Koka", "Oda")) == 3
    assert st.active.mp == 0 and g._assault_sectors() == []   # one Assault per activation
