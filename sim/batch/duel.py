"""AI level A against level B, sides alternated game by game, generic over any system.

With n sides, A commands one side and B all the others; A's seat moves one side on each game
(see RunSpec.lineup/rotate), so a first-player advantage cancels out over the batch.
"""
from __future__ import annotations

from dataclasses import replace

from sim.batch.spec import RunSpec
from sim.batch.stats import rate, sign_test, spread, timeouts
from sim.batch.worker import GameSummary


def duel_spec(base: RunSpec, a: str, b: str) -> RunSpec:
    return replace(base, lineup=(a, b), rotate=True, levels={})


def seat_of_a(summary: GameSummary) -> str:
    """The side A commanded: seat 0 of the lineup shifted by the game index."""
    sides = list(summary.levels)
    return sides[summary.index % len(sides)]


def duel_report(summaries: list[GameSummary], a: str, b: str) -> dict:
    played = [s for s in summaries if s.error is None]
    n = len(played)
    a_won = [s.winner is not None and s.winner == seat_of_a(s) for s in played]
    b_won = [s.winner is not None and s.winner != seat_of_a(s) for s in played]
    by_seat: dict[str, list[bool]] = {}
    for s, won in zip(played, a_won):
        by_seat.setdefault(seat_of_a(s), []).append(won)
    return {
        "a": a, "b": b, "games": len(summaries), "played": n,
        "a_wins": rate(sum(a_won), n),
        "b_wins": rate(sum(b_won), n),
        "draws": rate(sum(s.draw for s in played), n),
        "timeouts": timeouts(played),
        "a_by_seat": {side: {"games": len(w), **rate(sum(w), len(w))} for side, w in sorted(by_seat.items())},
        "units_lost": units_lost(played),
        "errors": {"count": len(summaries) - n, "first": [s.error for s in summaries if s.error][:5]},
    }


def units_lost(played: list[GameSummary]) -> dict | None:
    """Units each level lost per game (A's side against all of B's), and in how many games
    each came out ahead, with the sign test: a margin that shows even when most games end
    at the turn limit. None unless every game's stats report units_lost for every side."""
    pairs = []
    for s in played:
        if not s.levels or any("units_lost" not in s.sides.get(side, {}) for side in s.levels):
            return None
        mine = seat_of_a(s)
        pairs.append((s.sides[mine]["units_lost"],
                      sum(s.sides[side]["units_lost"] for side in s.levels if side != mine)))
    a_ahead = sum(b > a for a, b in pairs)
    b_ahead = sum(a > b for a, b in pairs)
    return {"a": spread([a for a, _ in pairs]), "b": spread([b for _, b in pairs]),
            "a_ahead": a_ahead, "b_ahead": b_ahead, "even": len(pairs) - a_ahead - b_ahead,
            "sign_p": sign_test(a_ahead, b_ahead)}
