"""The scripted opponent with guns (Daimyo 6.1): it shoots and pivots them, and every gun order
it chooses is one the rules accept (apply validates each order and would raise)."""
from sim.core.scenario import open_game
from sim.daimyo import actions as A
from sim.daimyo import make_player
from sim.daimyo.combat.actions import Shoot

SCENARIO = "scenarios/daimyo/artillery_drill.toml"
GUNS = ("light-gun", "heavy-gun")


def test_ai_shoots_and_pivots_guns_and_never_gives_an_illegal_gun_order():
    g = open_game(SCENARIO, seed=2, weather=False, random_events=False)
    players = {s: make_player(s, "normal", 7 + i) for i, s in enumerate(g.sides())}
    gun_orders = []
    for _ in range(400):
        side = g.to_act()
        if side is None:
            break
        choice = players[side].choose(g, side)
        assert choice in g.legal_actions(side)
        if getattr(choice, "unit", "") in GUNS:
            gun_orders.append(choice)
        g.apply(choice)
    assert any(isinstance(a, Shoot) for a in gun_orders), gun_orders
    assert not any(isinstance(a, (A.Wheel, A.Turn, A.FallBack)) for a in gun_orders)
    shots = [e for e in g.events if e.kind == "ShotResolved" and e.unit in GUNS]
    assert shots and all(all(r == "6.1" for _, _, r in e.modifiers) for e in shots)


def test_ai_pivots_a_gun_to_bring_an_enemy_into_its_arc():
    g = open_game(SCENARIO, seed=2, weather=False, random_events=False)
    st = g.state
    st.units["heavy-gun"].facing = 0.0              # pointing east, away from the enemy
    st.to_move, st.active_clan, st.phase = "east", "otomo", "orders"
    # the best score (hard): the arquebusiers stepping out of the spearmen's way score close
    # behind, so normal's noise may order them first
    player = make_player("east", "hard", 1)
    choice = player.choose(g, "east")
    assert isinstance(choice, A.Reform) and choice.unit == "heavy-gun", choice
