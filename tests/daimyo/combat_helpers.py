"""Small in-test Daimyo scenarios for the combat tests: two armies, one clan each, units placed
by hand, leaders out of the way unless a test puts them somewhere."""
from __future__ import annotations

import copy

from sim.core.protocol import Game
from sim.daimyo.game import DaimyoGame

BASE = {
    "system": "daimyo",
    "meta": {"title": "combat test"},
    "table": {"width": 120, "height": 90},
    "options": {"max_turns": 20},
}


def unit(uid, troop, quality, weapons, armour, stands, files, x, y, facing, **kw):
    d = {"id": uid, "troop": troop, "quality": quality, "weapons": list(weapons), "armour": armour,
         "stands": stands, "files": files, "x": x, "y": y, "facing": facing}
    d.update(kw)
    return d


def scenario(east_units, west_units, *, east_daimyo=(60, 2), west_daimyo=(60, 88),
             east_general=(5, 5), west_general=(115, 85), terrain=(), extra_east=(), extra_west=()):
    """East holds the south edge, west the north edge. Daimyo sit on their own table edge
    unless given; all ratings are fixed so set-up rolls no dice."""
    sc = copy.deepcopy(BASE)
    sc["terrain"] = list(terrain)
    sc["armies"] = [
        {"side": "east", "name": "East", "edge": "south",
         "general": {"name": "East general", "rating": 3, "seated": False, "x": east_general[0], "y": east_general[1]},
         "clans": [{"id": "e", "name": "E", "daimyo": {"name": "E daimyo", "rating": 2, "x": east_daimyo[0], "y": east_daimyo[1]},
                    "units": list(east_units)}] + list(extra_east)},
        {"side": "west", "name": "West", "edge": "north",
         "general": {"name": "West general", "rating": 2, "seated": False, "x": west_general[0], "y": west_general[1]},
         "clans": [{"id": "w", "name": "W", "daimyo": {"name": "W daimyo", "rating": 2, "x": west_daimyo[0], "y": west_daimyo[1]},
                    "units": list(west_units)}] + list(extra_west)},
    ]
    return sc


def new_game(sc, seed=1) -> DaimyoGame:
    return DaimyoGame.new(sc, seed)


def activate(game: DaimyoGame, side: str, clan: str, phase: str = "orders") -> None:
    """Put the game in `clan`'s activation without rolling (tests force only combat dice)."""
    st = game.state
    st.pending.clear()
    st.to_move = side
    st.active_clan = clan
    st.clans[clan].active = True
    st.phase = phase


def east_first_next_turn(game: DaimyoGame, clan: str = "e", end_movement: bool = True) -> None:
    """Forgo everything left in the turn through the real actions; east wins the next
    initiative (6+3 v 1+2), goes first, activates `clan` (6+6+2) and ends its movement
    (unless not `end_movement`: its units' orders are then to be given)."""
    from sim.daimyo import actions as A
    turn = game.state.turn
    while game.state.turn == turn:
        side = game.to_act()
        if not game.dice.forced:
            game.dice.force(6, 1)                  # used by the initiative roll only
        game.apply(next(a for a in game.legal_actions(side) if a.kind.startswith("End")))
    assert not game.dice.forced
    game.apply(A.ChooseOrder("east", True))
    game.dice.force(6, 6)
    game.apply(A.ActivateClan("east", clan))
    if end_movement:
        game.apply(A.EndMovement("east"))


def step(game: Game, fn):
    """Run a rule function as if an action were applied; returns its events."""
    return game.run_step(fn)


def kinds(events, kind):
    return [e for e in events if e.kind == kind]
