"""AI against random play with checks (issue 5: never raises, never an illegal order).

Every order the scripted side gives is checked against the game's legal actions before it is
applied - or, for a wheel or reform off the menu (the exact angle the planning AI lines a
charge up with, line_up.py), against the rules' own check of it (`DaimyoGame.validate`) - and
applying it must not raise; the random side uses the plain uniform player."""
from __future__ import annotations

from sim.core.bundled import scenario_file
from sim.core.errors import RuleError
from sim.core.players import RandomPlayer
from sim.core.scenario import read_toml
from sim.daimyo import actions as A
from sim.daimyo import make_player
from sim.daimyo.game import DaimyoGame


def ai_against_random(path: str, seed: int, level: str, max_actions: int = 20_000) -> dict:
    """One game of the scenario at `path` (or a bundled name: `reference`); returns counts.
    Raises AssertionError on an illegal AI order."""
    game = DaimyoGame.new(read_toml(scenario_file(path)), seed)
    sides = game.sides()
    ai_side = sides[seed % 2]
    ai = make_player(ai_side, level, seed)
    rnd = RandomPlayer(seed * 7 + 1)
    checked = 0
    for _ in range(max_actions):
        side = game.to_act()
        if side is None:
            break
        if side == ai_side:
            action = ai.choose(game, side)
            assert action in game.legal_actions(side) or _off_menu_legal(game, action), \
                f"seed {seed}: illegal AI order {action}"
            checked += 1
        else:
            action = rnd.choose(game, side)
        game.apply(action)
    res = game.result()
    return {"seed": seed, "ai_side": ai_side, "level": level, "ai_orders": checked,
            "actions": len(game.actions), "over": game.is_over(),
            "winner": res.winner if res else None}


def _off_menu_legal(game, action) -> bool:
    """A wheel or reform the menu does not list (the menu's wheels are 30 degrees, 4.3.5.1; its
    reform keeps the facing, 4.3.5.4) that the rules accept now."""
    if not isinstance(action, (A.Wheel, A.Reform)):
        return False
    try:
        game.validate(action)
        return True
    except RuleError:
        return False
