"""Building exact Sekigahara positions for rule tests: clear the map, place named blocks,
set hands, and start a phase, all through the game's own state."""
from __future__ import annotations

from sim.core.scenario import read_toml
from sim.sekigahara import GAME
from sim.sekigahara.board_state import BAG, DEAD

SCENARIO = "scenarios/sekigahara/campaign.toml"


def new_game(seed: int = 1):
    return GAME.new(read_toml(SCENARIO), seed)


def run(game, fn, *args):
    """Call an internal step (start a phase, a battle...) collecting its events."""
    game._pending = []
    try:
        fn(*args)
    finally:
        events, game._pending = game._pending, None
    game.events.extend(events)
    return events


def clear(game, keep_disks: bool = False):
    """Every block back to its bag, hands emptied, no disks (unless kept)."""
    s = game.state
    for b in s.blocks.values():
        b.location, b.face_up = BAG[b.side], False
    for pile in s.cards.values():
        pile.deck.extend(pile.hand)
        pile.hand.clear()
    if not keep_disks:
        s.disks.clear()
    s.besieged.clear()
    s.inside.clear()
    s.entered.clear()
    game.refresh_castles(announce=False)
    return game


def put(game, side: str, face: str, loc: str) -> str:
    """Place an unused block of this face at loc and return its id."""
    for b in sorted(game.state.blocks.values(), key=lambda b: b.id):
        if b.side == side and b.face == face and b.location == BAG[side]:
            b.location = loc
            game.refresh_castles(announce=False)
            return b.id
    raise LookupError(f"no spare {side} {face}")


def hand(game, side: str, *cards: str):
    pile = game.state.cards[side]
    pile.deck.extend(pile.hand)
    pile.hand.clear()
    for c in cards:
        pile.deck.remove(c)
        pile.hand.append(c)


def movement(game, side: str, option: str = "all"):
    """Start `side`'s Movement Phase with the given option already paid for."""
    s = game.state
    s.order = [side, "ishida" if side == "tokugawa" else "tokugawa"]
    s.phase_index, s.turn = 0, "A"
    run(game, game.start_movement, side)
    if option:   # budget of the option, its cost waived (tests of 7.1 pay it themselves)
        s.move.option = option
        s.move.uses_left, s.move.muster_left = {"one": (1, 1), "three": (3, 1), "all": (999, 1)}[option]
        s.move.muster_uses_activation = option != "all"
        s.step = "movement"
    return game


def combat(game, side: str):
    """Start `side`'s Combat Phase as the first player of turn A."""
    s = game.state
    s.order = [side, "ishida" if side == "tokugawa" else "tokugawa"]
    s.phase_index, s.turn, s.active = 0, "A", side
    return run(game, game.start_combat)


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def alive(game, bid):
    return game.state.blocks[bid].location != DEAD


def deploy(game, action):
    """Apply a Deploy; when the opponent, holding no Loyalty Challenge, is asked whether to
    challenge (ruling S-27), decline for him. Returns the events of both actions."""
    from sim.sekigahara.actions import Challenge
    events = list(game.apply(action))
    s = game.state
    if s.step == "challenge" and not s.cards[s.actor].has("loyalty"):
        events += game.apply(Challenge(s.actor, False))
    return events
