"""Duels between unattached leaders (4.4) and challenges between attached leaders when their
units meet in melee (4.6.4): refusal penalties, the 1d6 + rating fight, glory and death."""
from __future__ import annotations

import math

from sim.daimyo.model import Leader, LeaderKind
from sim.daimyo.state import Decision
from sim.daimyo.tables import tables
from sim.daimyo.effects import kill_leader

from . import common as C
from .actions import AnswerChallenge, Challenge
from .events import ChallengeIssued, ChallengeRefused, DuelFought


def in_contact(a: Leader, b: Leader) -> bool:
    return math.dist((a.x, a.y), (b.x, b.y)) <= tables().duel.contact_cm   # ruling D-56


def duel_candidates(st, side: str) -> list[Challenge]:
    """4.4: an unattached leader in contact with an unattached enemy leader may challenge."""
    out = []
    for a in st.leaders.values():
        if a.side != side or not a.alive or a.attached_to or a.id in st.challengers:
            continue
        for b in st.leaders.values():
            if b.side != side and b.alive and not b.attached_to and in_contact(a, b):
                out.append(Challenge(side, a.id, b.id))
    return out


def check_duel(st, action: Challenge) -> None:
    if Challenge(action.side, action.leader, action.target) not in duel_candidates(st, action.side):
        raise C.err("4.4", "a duel needs an unattached leader of yours in contact with an "
                           "unattached enemy leader, once a turn")


def challenge(game, challenger: Leader, challenged: Leader, in_melee: bool) -> None:
    st = game.state
    st.challengers.append(challenger.id)
    if not in_melee:
        challenger.moved = True            # 4.4: the challenge ends his move (ruling D-87)
    game.emit(ChallengeIssued(challenger.id, challenged.id, in_melee,
                              "4.6.4" if in_melee else "4.4"))
    st.pending.append(Decision(challenged.side, "duel", {
        "challenger": challenger.id, "challenged": challenged.id, "melee": in_melee}))


def answer_actions(d: Decision) -> list[AnswerChallenge]:
    return [AnswerChallenge(d.side, d.data["challenged"], True),
            AnswerChallenge(d.side, d.data["challenged"], False)]


def answer(game, d: Decision, accept: bool) -> None:
    st = game.state
    a, b = st.leaders[d.data["challenger"]], st.leaders[d.data["challenged"]]
    rule = "4.6.4" if d.data["melee"] else "4.4"
    dt = tables().duel
    if not accept:
        exempt = not d.data["melee"] and b.kind is LeaderKind.GENERAL and a.kind is LeaderKind.DAIMYO
        if not exempt:
            b.rating = max(dt.rating_min, b.rating - 1)
        game.emit(ChallengeRefused(b.id, b.rating, rule))
        if not d.data["melee"]:            # 4.4: he withdraws 5 cm from his opponent
            dx, dy = b.x - a.x, b.y - a.y
            n = math.hypot(dx, dy) or 1.0
            b.x = min(max(b.x + dx / n * dt.refusal_withdraw_cm, 0), st.width)
            b.y = min(max(b.y + dy / n * dt.refusal_withdraw_cm, 0), st.height)
        return
    rolls = []
    while True:                            # ties are re-rolled
        ta = game.dice.d6(f"duel {a.name}", rule) + a.rating
        tb = game.dice.d6(f"duel {b.name}", rule) + b.rating
        rolls.append((ta, tb))
        if ta != tb:
            break
    winner, loser = (a, b) if ta > tb else (b, a)
    winner.rating = min(dt.glory_max, winner.rating + 1)
    game.emit(DuelFought(a.id, b.id, tuple(rolls), winner.id, loser.id, winner.rating, rule))
    kill_leader(game, loser, f"killed in a duel by {winner.name}", rule)


def offer_melee_challenge(game, u, t) -> None:
    """4.6.4: when two units with leaders meet in melee, the initiative holder's leader may
    challenge before the melee is fought (offered on contact, ruling D-63)."""
    st = game.state
    mine = [l for l in st.attached(u.id) + st.attached(t.id) if l.side == st.initiative]
    theirs = [l for l in st.attached(u.id) + st.attached(t.id) if l.side != st.initiative]
    if not mine or not theirs:
        return
    st.pending.append(Decision(st.initiative, "challenge", {
        "options": [[a.id, b.id] for a in mine for b in theirs]}))


def challenge_actions(d: Decision) -> list[Challenge]:
    return [Challenge(d.side, a, b) for a, b in d.data["options"]] + [Challenge(d.side, "", "")]
