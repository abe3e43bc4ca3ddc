"""Issue 24: the view's order previews are the rules' plans. For every unit at every movement
decision of several played games, the previewed reach is accepted by `apply` with the cost and
end pose previewed, nothing the rules offer lies beyond it, and just beyond it is refused; the
enemies outlined as chargeable are the rules' charges (4.4), and at every shooting step a unit
is previewed shooting exactly when the rules offer its shot (4.5)."""
import pytest

from sim.core.codec import decode, encode
from sim.core.errors import RuleError
from sim.core.players import RandomPlayer
from sim.core.scenario import open_game
from sim.daimyo import actions as A
from sim.daimyo import movement
from sim.daimyo.combat.common import is_active
from sim.daimyo import make_player
from sim.daimyo.preview import preview, reach, travelled

# (scenario, seed, players, shooting decisions with targets named that the game is known to reach)
GAMES = [("scenarios/daimyo/training.toml", 7, "random", 0), ("scenarios/daimyo/training.toml", 2, "normal", 1),
         ("scenarios/daimyo/nagashino.toml", 4, "normal", 0), ("scenarios/daimyo/artillery_drill.toml", 1, "random", 1)]


def _player(level, side, seed):
    return RandomPlayer(seed) if level == "random" else make_player(side, level, seed)


def _refused(game, action) -> bool:
    try:
        game.validate(action)
    except RuleError:
        return True
    return False


def _applied_as_previewed(game, plan) -> None:
    """Apply the previewed order to a copy: the unit ends where and pays what was shown."""
    twin = type(game)(decode(encode(game.state)), game.scenario, game.seed)
    twin.dice.force(*[6] * 2)          # an obedience test (1.9) passes; nothing else rolls on a move
    u = twin.state.units[plan.unit]
    used = u.move_used
    twin.apply(plan.action)
    u = twin.state.units[plan.unit]
    if u.alive and u.obedience != "failed":
        assert u.move_used - used == pytest.approx(plan.cost, abs=1e-9) or plan.how in ("fall_back", "reform")
        assert (u.x, u.y, u.facing) == pytest.approx(plan.path[-1], abs=1e-9)


def _check_unit(game, u, offered, charges) -> int:
    st = game.state
    r = reach(st, u)
    assert set(r.charges) == charges                  # 4.4: the charges shown are those offered
    shown = [p for p in (r.straight, r.fall_back, *r.wheels.values(), *r.turns) if p is not None]
    for p in shown:                                   # no preview the rules refuse
        game.validate(p.action)
        assert p.cost == movement.plan(st, p.action).cost
    if r.straight is not None:
        _applied_as_previewed(game, r.straight)
    for a in offered:                                 # no accepted order the preview hides
        if isinstance(a, A.Move):
            assert r.straight is not None and a.distance <= r.straight.action.distance + 1e-9
        elif isinstance(a, A.Wheel):
            widest = r.wheels.get(1 if a.angle > 0 else -1)
            assert widest is not None and abs(a.angle) <= abs(widest.action.angle) + 1e-9
        elif isinstance(a, A.Turn):
            assert a in [p.action for p in r.turns]
        elif isinstance(a, A.FallBack):
            assert r.fall_back is not None
    if r.straight is not None:                        # just beyond the reach: refused
        # 4.3.2: a longer order may be accepted and cut short behind a friend: not further
        beyond = preview(st, A.Move(u.side, u.id, r.straight.action.distance + 0.25)).plan
        assert beyond is None or beyond.leaves_table or travelled(beyond) <= travelled(r.straight) + 1e-6
    else:
        assert r.why_not is not None and _refused(game, A.Move(u.side, u.id, 0.01))
    for sign, p in r.wheels.items():
        if abs(p.action.angle) < 180:
            assert _refused(game, A.Wheel(u.side, u.id, p.action.angle + sign))
    if r.still:
        assert not offered
    return len(shown)


@pytest.mark.parametrize("path,seed,level,min_shots", GAMES)
def test_4_3_preview_reach_matches_accepted_orders_in_played_games(path, seed, level, min_shots):
    game = open_game(path, seed=seed)
    players = {s: _player(level, s, seed + i) for i, s in enumerate(game.sides())}
    decisions = units_seen = still_seen = shots_seen = 0
    for _ in range(140):
        side = game.to_act()
        if side is None:
            break
        st = game.state
        if st.phase == "orders" and not st.pending:
            legal = game.legal_actions(side)
            decisions += 1
            for u in st.living(side):
                offered = [a for a in legal if isinstance(a, (A.Move, A.Wheel, A.Turn, A.FallBack))
                           and a.unit == u.id]
                charges = {a.target for a in legal if type(a).__name__ == "Charge" and a.unit == u.id}
                units_seen += 1
                still_seen += _check_unit(game, u, offered, charges) == 0
        if st.phase == "shooting" and not st.pending:      # 4.5: whom the preview says it shoots at
            shooters = {a.unit for a in game.legal_actions(side) if type(a).__name__ == "Shoot"}
            for u in st.living(side):
                if is_active(st, u):                      # the units shooting in this step
                    shots_seen += bool(reach(st, u).shots)
                    assert bool(reach(st, u).shots) == (u.id in shooters)
        game.apply(players[side].choose(game, side))
    assert decisions >= 5 and units_seen > decisions and still_seen > 0
    assert shots_seen >= min_shots          # where targets were named: not a vacuous check


def test_5_1_halted_unit_shows_why_it_stands_still():
    """Clicking a halted unit: no move, no wheel; the reason cites 5.1."""
    from tests.daimyo.table_kit import game as table, give_orders, scenario, unit
    g = give_orders(table(scenario([unit("a", 50, 20)])))
    g.state.units["a"].halted_turns = 2       # set as a 5.1 Halt result leaves it
    r = reach(g.state, g.state.units["a"])
    assert r.still and r.why_not.rule == "5.1"
    assert _refused(g, A.Move("east", "a", 1.0))
