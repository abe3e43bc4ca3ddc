"""The hard opponent's combat odds (sim/sekigahara/ai_odds.py) against the real combat rules."""
import copy

from sim.core.dice import Dice
from sim.sekigahara import make_player
from sim.sekigahara.actions import CastleChoice, Challenge, Deploy
from sim.sekigahara.ai_odds import BattleOdds, deploy_impact
from sim.sekigahara.board_state import DEAD
from tests.sekigahara.helpers import clear, combat, hand, new_game, put
from tests.sekigahara.test_battle_example import TABLE, setup_example


def test_8_3_8_4_deploy_impact_matches_the_seed_example_totals():
    # Sekigahara 10: Tokugawa's 13 and Ishida's 11 are the most their hands could deploy
    g, ids = setup_example()
    faces = {s: [f for f, bids in ids[s].items() for _ in bids] for s in ids}
    assert deploy_impact(faces["tokugawa"], g.state.cards["tokugawa"].hand) == 13
    assert deploy_impact(faces["ishida"], g.state.cards["ishida"].hand) == 11


def _engine_best(g, side):
    """The most Impact `side` reaches through the engine's own Deploy menu (the enemy can
    deploy nothing and passes, 8.5): the totals of the battles it can end in (8.7)."""
    if g.state.battle is None or g.state.step != "battle":
        ended = [e for e in g.events if e.kind == "BattleEnded"][-1]
        return ended.impact[0 if side == "tokugawa" else 1]
    best = 0
    for a in g.legal_actions(side):
        h = copy.deepcopy(g)
        h.apply(a)
        if h.state.step == "challenge":              # ruling S-27: the enemy, cardless, declines
            h.apply(Challenge(h.state.actor, False))
        best = max(best, _engine_best(h, side))
    return best


def test_8_2_5_8_4_deploy_impact_equals_the_engines_best_sequence():
    g = clear(new_game(3))
    faces = ["tokugawa_gun", "tokugawa_cavalry", "tokugawa_3", "tokugawa_leader", "ii_naomasa", "date_2"]
    for f in faces:
        put(g, "tokugawa", f, "Kiso")
    put(g, "ishida", "mori_3", "Kiso")                 # no card and no leader: it cannot deploy
    cards = ["tokugawa:attack", "tokugawa:double", "date:single"]
    hand(g, "tokugawa", *cards)
    combat(g, "tokugawa")
    engine = _engine_best(g, "tokugawa")
    # leader 1 free; double: 3-mon 3+1, gun 1+2 (no sword); sword on the cavalry 1+3+2 (no
    # cavalry before it: the gun is another type, 8.4); Ii 4 on the Date card: 1+4+3+6+4 = 18
    assert engine == 18
    assert deploy_impact(faces, cards) == engine


def test_8_9_3_sieges_count_no_special_attacks():
    # a sworded gun is worth 3 in a battle (8.4), its bare mon in a siege (8.9.4)
    assert deploy_impact(["mori_gun"], ["mori:attack"]) == 3
    assert deploy_impact(["mori_gun"], ["mori:attack"], siege=True) == 1


def _kill_leaders(g, side):
    for b in g.state.blocks.values():
        if b.side == side and b.face.endswith("_leader"):
            b.location = DEAD


def test_8_7_battle_odds_against_an_enemy_with_no_cards_and_no_leaders():
    # every Ishida leader is dead (public) and Ishida holds no card: whatever its hidden block
    # is, it deploys nothing. Tokugawa deploys 3 + 4 (tokugawa_3 and its clan mate 2+1) = 9,
    # wins, takes 9 // 7 + 1 = 2 losses, capped at the one block there (8.7), loses none.
    g = clear(new_game(5))
    _kill_leaders(g, "ishida")
    put(g, "ishida", "ukita_3", "Kiso")
    mine = [put(g, "tokugawa", f, "Kiso") for f in ("tokugawa_3", "tokugawa_2")]
    hand(g, "tokugawa", "tokugawa:double")
    v = g.view("tokugawa")
    odds = BattleOdds("tokugawa", "ishida", Dice(1), samples=8)
    out = odds.battle(v, "Kiso", [g.state.blocks[b].face for b in mine], attacking=True)
    assert (out.win, out.mine_lost, out.theirs_lost, out.wiped) == (1.0, 0.0, 1.0, 0.0)


def test_8_9_3_siege_attack_needs_a_full_seven_per_piece():
    g = clear(new_game(5))
    odds = BattleOdds("tokugawa", "ishida", Dice(1))
    hand(g, "tokugawa", "tokugawa:double", "tokugawa:single")
    v = g.view("tokugawa")
    # leader 1, then 3+1 and 3+2 and 2+3 with three cards: 1 + 4 + 5 + 5 = 15 -> two pieces
    faces = ["tokugawa_leader", "tokugawa_3", "tokugawa_3", "tokugawa_2"]
    out = odds.siege_attack(v, faces, garrison=2)
    assert (out.win, out.theirs_lost, out.mine_lost) == (1.0, 2.0, 0.0)
    assert odds.siege_attack(v, faces, garrison=3).win == 0.0


def test_8_9_1_hard_fights_outside_when_the_attacker_can_deploy_nothing():
    # Tokugawa attacks an Ishida castle (Gifu) held by one block; Tokugawa has no leaders left
    # and no cards: outside, a tie at 0 goes to the defender (8.2.1) and costs the attacker a
    # block (8.7); inside, nothing is won. Normal (fewer blocks than the enemy) stays in.
    g = clear(new_game(7))
    _kill_leaders(g, "tokugawa")
    loc = next(l for l, side in g.state.castles.items() if side == "ishida" and l != "Osaka")
    put(g, "ishida", "mori_2", loc)
    put(g, "tokugawa", "date_2", loc)
    put(g, "tokugawa", "date_3", loc)
    g.state.disks.clear()
    g.refresh_castles(announce=False)
    hand(g, "ishida", "mori:single")
    combat(g, "tokugawa")
    assert g.state.step == "castle" and g.to_act() == "ishida"
    hard = make_player("ishida", "hard", 1)
    normal = make_player("ishida", "normal", 1)
    assert hard.choose(g, "ishida") == CastleChoice("ishida", False)
    assert normal.choose(g, "ishida") == CastleChoice("ishida", True)
