"""Prestige bidding for sides (14.0, ruling H-59): settled before the game, it yields who plays
which side and the starting Prestige, written into the scenario's `setup.prestige` (H-36) so a
save replays it exactly."""
from __future__ import annotations

import copy

from sim.core.dice import Dice
from sim.core.errors import RuleError
from sim.hellas.rulings import RULINGS
from sim.hellas.state import SIDES, other


def settle_bids(bids: dict[str, tuple[str, int]], dice: Dice) -> tuple[dict[str, str], int]:
    """`bids`: two players -> (side wanted, Prestige bid). Returns (player -> side, starting
    Prestige, positive = Athens ahead)."""
    if len(bids) != 2:
        raise RuleError("14.0", f"bidding needs exactly two players, got {len(bids)}", "hellas")
    for player, (side, bid) in bids.items():
        if side not in SIDES:
            raise RuleError("14.0", f"{player} bids for unknown side {side!r} (athens or sparta)", "hellas")
        if not isinstance(bid, int) or isinstance(bid, bool) or bid < 0:
            raise RuleError("14.0", f"{player}'s bid must be a whole number of Prestige >= 0, not {bid!r}", "hellas")
    (p1, (s1, b1)), (p2, (s2, b2)) = bids.items()
    if s1 != s2:
        return {p1: s1, p2: s2}, 0
    if b1 == b2:
        # ruling H-59: equal bids for the same side, a die settles (1-3 the first player)
        if RULINGS["bid_ties"] == "die":
            winner = p1 if dice.d6(f"bid tie between {p1} and {p2}", "14.0") <= 3 else p2
        else:
            winner = p1
    else:
        winner = p1 if b1 > b2 else p2
    side, bid = bids[winner]
    loser = p2 if winner == p1 else p1
    # the track starts at the winning bid in the opponent's favour
    return {winner: side, loser: other(side)}, (bid if other(side) == "athens" else -bid)


def with_starting_prestige(scenario: dict, prestige: int) -> dict:
    """A copy of the scenario whose track starts at the settled bid (ruling H-36)."""
    out = copy.deepcopy(scenario)
    out.setdefault("setup", {})["prestige"] = prestige
    return out
