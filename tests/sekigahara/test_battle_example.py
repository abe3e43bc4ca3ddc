"""Sekigahara 10: the seed's worked battle example, reproduced deployment by deployment."""
from sim.sekigahara.actions import ChooseLoss, Deploy
from tests.sekigahara.helpers import deploy, clear, combat, hand, kinds, new_game, put

# (who, card, faces, impact gained per block, (ishida, tokugawa) totals after, next to act)
TABLE = [
    ("ishida", None, ["mori_leader"], [1], (1, 0), "tokugawa"),
    ("tokugawa", "maeda:attack", ["maeda_cavalry"], [3], (1, 3), "ishida"),
    ("ishida", "ukita:double", ["ukita_2", "ukita_2"], [2, 3], (6, 3), "tokugawa"),
    ("tokugawa", "tokugawa:single", ["tokugawa_3"], [3], (6, 6), "ishida"),
    ("ishida", "uesugi:single", ["uesugi_gun"], [1], (7, 6), "tokugawa"),
    ("tokugawa", "tokugawa:single", ["tokugawa_gun"], [2], (7, 8), "ishida"),
    ("ishida", "mori:attack", ["mori_cavalry"], [4], (11, 8), "tokugawa"),
    ("tokugawa", "tokugawa:single", ["tokugawa_3"], [5], (11, 13), "ishida"),
]


def setup_example():
    g = clear(new_game(11))
    ids = {"ishida": {}, "tokugawa": {}}
    for f in ["mori_leader", "ukita_2", "ukita_2", "uesugi_gun", "mori_cavalry", "kobayakawa_3", "kobayakawa_2"]:
        ids["ishida"].setdefault(f, []).append(put(g, "ishida", f, "Kiso"))
    for f in ["maeda_cavalry", "tokugawa_3", "tokugawa_gun", "tokugawa_3", "date_2", "fukushima_2"]:
        ids["tokugawa"].setdefault(f, []).append(put(g, "tokugawa", f, "Kiso"))
    for bid in sum(ids["ishida"].values(), []):
        g.state.entered[bid] = "Iwamura"          # the attackers came in along the Nakasendo
    hand(g, "ishida", "mori:attack", "ukita:double", "uesugi:single", "ukita:single", "uesugi:single")
    hand(g, "tokugawa", "maeda:attack", "tokugawa:single", "tokugawa:single", "tokugawa:single")
    return g, ids


def test_10_worked_battle_example_step_by_step():
    g, ids = setup_example()
    events = combat(g, "ishida")
    assert kinds(events, "BattleStarted")[0].counts == (7, 6)
    assert g.to_act() == "ishida"
    for who, card, faces, gains, (ish, tok), nxt in TABLE:
        blocks = tuple(ids[who][f].pop(0) for f in faces)
        out = deploy(g, Deploy(who, card, blocks))
        deployed = kinds(out, "BlockDeployed")
        assert [e.impact for e in deployed] == gains
        assert deployed[-1].totals == (tok, ish)
        if nxt and g.state.step == "battle":
            assert g.to_act() == nxt
    # 9-10: Ishida holds two blocks and two cards whose mon do not match; Tokugawa has nothing.
    ended = kinds(g.events, "BattleEnded")[-1]
    passes = kinds(g.events, "Passed")
    assert [(p.side, p.forced) for p in passes] == [("ishida", True), ("tokugawa", True)]
    assert ended.winner == "tokugawa" and ended.impact == (13, 11)
    # Result: each side loses 1 per 7 enemy Impact; Ishida, the loser, 1 more.
    assert ended.losses == (1, 2)


def test_10_example_losses_retreat_and_replenishment():
    g, ids = setup_example()
    combat(g, "ishida")
    for who, card, faces, *_ in TABLE:
        deploy(g, Deploy(who, card, tuple(ids[who][f].pop(0) for f in faces)))
    # losses chosen from deployed blocks (ruling S-19); attacker chooses first
    assert g.state.step == "loss" and g.to_act() == "ishida"
    cands = {x.piece for x in g.legal_actions("ishida")}
    assert all(g.state.blocks[c].face_up is False for c in cands)
    assert {g.state.blocks[c].face for c in cands} == {"mori_leader", "ukita_2", "uesugi_gun", "mori_cavalry"}
    ukita = [c for c in cands if g.state.blocks[c].face == "ukita_2"]
    g.apply(ChooseLoss("ishida", ukita[0]))
    g.apply(ChooseLoss("ishida", ukita[1]))
    tok = [x.piece for x in g.legal_actions("tokugawa")]
    g.apply(ChooseLoss("tokugawa", tok[0]))
    lost = kinds(g.events, "BlockEliminated")
    assert [e.side for e in lost] == ["ishida", "ishida", "tokugawa"]
    # Ishida must retreat: the attackers go back the way they came (ruling S-20)
    assert g.state.step == "retreat"
    assert {r.to for r in g.legal_actions("ishida")} == {"Iwamura"}
    all_back = max(g.legal_actions("ishida"), key=lambda r: len(r.blocks))
    assert len(all_back.blocks) == 5
    hand_before = {s: len(g.state.cards[s].hand) for s in ("ishida", "tokugawa")}
    out = g.apply(all_back)
    # 8.10: each side draws the cards it played, plus 1 per 2 blocks lost
    drawn = {e.owner: e.count for e in kinds(out, "CardsDrawn")}
    assert drawn == {"ishida": 3 + 1, "tokugawa": 4}   # the Mori leader came free
    assert len(g.state.cards["ishida"].hand) == hand_before["ishida"] + 4
