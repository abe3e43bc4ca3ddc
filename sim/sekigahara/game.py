"""Sekigahara as a Game: the decision steps, legal actions, validation and views.

The state's `step` names the decision awaited and `actor` who makes it:
discard (6.1), bid / first (6.2), move_option / redraw / movement / stack / muster (7),
declare / castle / battle / challenge / refute / loss / retreat (8), over.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from sim.board.hidden import events_for, stacks_view
from sim.core.dice import Dice
from sim.core.protocol import Game, Result
from sim.sekigahara import actions as A
from sim.sekigahara import events as E
from sim.sekigahara.board_state import BAG, BOX, DEAD, BoardState
from sim.sekigahara.combat import CombatRules
from sim.sekigahara.movement import OPTIONS, MovementRules
from sim.sekigahara.pieces import LOYALTY, SIDES
from sim.sekigahara.setup import initial_state, load
from sim.sekigahara.stats import game_stats
from sim.sekigahara.weekly import WEEKS, WeeklyCycle

# Which actions each step accepts, and the rule section cited when an action does not fit.
STEPS = {
    "discard": ((A.Discard,), "6.1"),
    "bid": ((A.Bid,), "6.2"),
    "first": ((A.ChooseFirst,), "6.2"),
    "move_option": ((A.ChooseMovement,), "7.1"),
    "redraw": ((A.Redraw, A.EndMovement), "7.1"),
    "movement": ((A.Activate, A.Muster, A.BringMori, A.EndMovement), "7.1"),
    "stack": ((A.Move, A.EndActivation), "7.4"),
    "muster": ((A.Place, A.EndMuster), "7.2"),
    "declare": ((A.DeclareCombat,), "8.1"),
    "castle": ((A.CastleChoice,), "8.9.1"),
    "battle": ((A.Deploy, A.PassBattle), "8.2.3"),
    "challenge": ((A.Challenge,), "8.6.1"),
    "refute": ((A.Refute,), "8.6.1"),
    "loss": ((A.ChooseLoss,), "8.7"),
    "retreat": ((A.Retreat,), "8.8"),
}


class SekigaharaGame(BoardState, WeeklyCycle, MovementRules, CombatRules, Game):
    system = "sekigahara"
    # Cards drawn and whatever turns a block face up or shows a card (core undo).
    undo_barriers = (E.CardsDrawn, E.BidsRevealed, E.BlockRevealed, E.ChallengeRefuted,
                     E.BlockDefected, E.MoriEntered)

    def __init__(self, state, scenario, seed, board, opts):
        self.board = board
        self.opt = opts.model_dump()
        super().__init__(state, scenario, seed)

    @classmethod
    def check(cls, scenario: dict, where: str, **options) -> None:
        load(scenario, where, **options)

    @classmethod
    def new(cls, scenario: dict, seed: int, **options) -> "SekigaharaGame":
        sc, board, _ = load(scenario, "scenario", **options)
        scenario = {**scenario, "options": sc.options.model_dump()}   # so replay sees the same options
        dice = Dice(seed)
        state = initial_state(board, dice)
        game = cls(state, scenario, seed, board, sc.options)
        game.refresh_castles(announce=False)
        game.run_step(game.start_week)   # set-up's opening step emits the first events
        return game

    # -- protocol ---------------------------------------------------------------------------
    def sides(self):
        return SIDES

    def to_act(self):
        return None if self.is_over() else self.state.actor

    def is_over(self):
        return bool(self.state.winner)

    def result(self):
        if not self.is_over():
            return None
        sc = self.scores()
        return Result(self.state.winner, self.state.reason, {k: float(v) for k, v in sc.items()})

    def stats(self) -> dict:
        """Per-game numbers for batch runs (sim/sekigahara/stats.py)."""
        return game_stats(self)
    def length(self) -> str:
        return f"{WEEKS} weeks"

    def summary(self):
        return (f"sekigahara: {len(self.board.locations)} locations, "
                f"{self.board.graph.number_of_edges()} connections, week {self.state.week}")

    def events_for(self, side: str | None) -> list:
        # Sekigahara has no dice: every roll is a secret draw (bag, shuffle), hidden from players.
        return events_for(self.events, side, secret=lambda ev: ev.kind == "DiceRolled")

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self, side):
        s = self.state
        if self.is_over() or side != s.actor:
            return []
        hand = s.cards[side].distinct()
        step = s.step
        if step == "discard":
            return [A.Discard(side, c) for c in hand]
        if step == "bid":
            return [A.Bid(side, c) for c in hand] or [A.Bid(side, None)]
        if step == "first":
            return [A.ChooseFirst(side, x) for x in SIDES]
        if step == "move_option":
            return self._movement_options(side)
        if step == "redraw":
            return [A.Redraw(side, c) for c in hand] + [A.EndMovement(side)]
        if step == "movement":
            out = [A.Activate(side, l) for l in self.stack_locations(side)] if s.move.uses_left > 0 else []
            if self.can_muster(side):
                out.append(A.Muster(side))
            if self.can_bring_mori(side):
                out += [A.BringMori(side, c) for c in hand]
            return out + [A.EndMovement(side)]
        if step == "stack":
            return self.move_options(side) + [A.EndActivation(side)]
        if step == "muster":
            box = sorted(self.blocks_at(BOX[side], side), key=lambda b: b.id)
            return [A.Place(side, b.id, l) for b in box for l in self.muster_sites(side, b)] + [A.EndMuster(side)]
        if step == "declare":
            return [A.DeclareCombat(side, l) for l in self.combat_locations(side)]
        if step == "castle":
            return [A.CastleChoice(side, True), A.CastleChoice(side, False)]
        if step == "battle":
            return self.deployments(side) + [A.PassBattle(side)]
        if step == "challenge":
            play = [A.Challenge(side, True)] if s.cards[side].has(LOYALTY) else []
            return play + [A.Challenge(side, False)]
        if step == "refute":
            return [A.Refute(side, c) for c in self.refutations(side)]
        if step == "loss":
            return [A.ChooseLoss(side, p) for p in self.loss_candidates(side)]
        if step == "retreat":
            return self.retreat_options(side)
        return []

    def _movement_options(self, side):
        hand = self.state.cards[side].counts()
        out = []
        for option, (cost, *_rest) in OPTIONS.items():
            if option == "pass" and not self.opt["pass_option"]:
                continue
            for combo in combinations_with_replacement(sorted(hand), cost):
                if all(hand[c] >= n for c, n in Counter(combo).items()):
                    out.append(A.ChooseMovement(side, option, combo))
        return out

    # -- validation ----------------------------------------------------------------------------
    def validate(self, action):
        s = self.state
        kinds, rule = STEPS.get(s.step, ((), "6"))
        if not isinstance(action, kinds):
            self.fail(rule, f"{action.kind} is not allowed now (awaiting {s.step} from {s.actor})")
        check = getattr(self, f"check_{_snake(action.kind)}", None)
        if check is not None:
            check(action)
        elif action not in self.legal_actions(action.side):
            self.fail(rule, f"{action} is not a legal choice now")

    def check_discard(self, a):
        if not self.state.cards[a.side].has(a.card):
            self.fail("6.1", f"{a.card} is not in hand")

    def check_bid(self, a):
        hand = self.state.cards[a.side]
        if a.card is None and hand.hand:
            self.fail("6.2", "each player must bid a card")
        if a.card is not None and not hand.has(a.card):
            self.fail("6.2", f"{a.card} is not in hand")

    def check_redraw(self, a):
        if not self.state.cards[a.side].has(a.card):
            self.fail("7.1", f"{a.card} is not in hand")

    def check_muster(self, a):
        if not self.can_muster(a.side):
            self.fail("7.1", "no muster left this phase, or an empty recruitment box")

    def check_choose_loss(self, a):
        if a.piece not in self.loss_candidates(a.side):
            rule = "9.1" if a.piece == "hideyori" else ("8.9.3" if self.state.battle.siege else "8.7")
            self.fail(rule, f"{a.piece} cannot be chosen as a loss now (ruling S-19)")

    def check_pass_battle(self, a):
        pass

    # -- execution -----------------------------------------------------------------------------
    def _execute(self, a):
        handlers = {
            "Discard": self.do_discard, "Bid": self.do_bid, "ChooseFirst": self.do_choose_first,
            "ChooseMovement": self.do_choose_movement, "Redraw": self.do_redraw,
            "EndMovement": self.do_end_movement, "Activate": self.do_activate, "Move": self.do_move,
            "EndActivation": lambda a: self.end_activation(), "Muster": lambda a: self.start_muster(a.side),
            "Place": self.do_place, "EndMuster": lambda a: self.end_muster(),
            "BringMori": self.do_bring_mori, "DeclareCombat": lambda a: self.declare(a.location),
            "CastleChoice": self.do_castle_choice, "Deploy": self.do_deploy,
            "PassBattle": lambda a: self.do_pass(a.side), "Challenge": self.do_challenge,
            "Refute": self.do_refute, "ChooseLoss": self.do_choose_loss, "Retreat": self.do_retreat,
        }
        handlers[a.kind](a)   # validate() has already matched the action to the step

    def do_end_movement(self, a):
        if self.state.move.redraws:          # 7.1 pass: replacements for the cards set aside
            self.draw(a.side, self.state.move.redraws, "7.1")
        self.start_combat()

    # -- views (hidden information) -------------------------------------------------------------
    def view(self, side):
        s = self.state
        hidden_pools = {DEAD, *BAG.values()}
        stacks = stacks_view(s.blocks.values(), side, SIDES, include=lambda loc: loc not in hidden_pools)
        bt = s.battle
        battle = None
        if bt is not None:
            battle = {"location": bt.location, "attacker": bt.attacker, "defender": bt.defender,
                      "siege": bt.siege, "impact": dict(bt.impact), "passed": dict(bt.passed),
                      "deployed": {x: [s.blocks[i].face for i in bt.deployed[x]] for x in SIDES},
                      "defected": [s.blocks[i].face for i in bt.defected],
                      "carded": dict(bt.carded), "losses": dict(bt.losses)}
        own_bid = s.bids.get(side) if side in SIDES else None
        return {
            "viewer": side, "week": s.week, "turn": s.turn, "step": s.step, "actor": s.actor,
            "active": s.active, "order": list(s.order),
            "stacks": stacks,
            "disks": dict(s.disks),
            "castles": dict(s.castles), "control": dict(s.control),
            "besieged": dict(s.besieged), "scores": self.scores(),
            "hand": sorted(s.cards[side].hand) if side in SIDES else None,
            "hands": {x: (sorted(s.cards[x].hand) if side is None else len(s.cards[x].hand)) for x in SIDES},
            "deck_sizes": {x: len(s.cards[x].deck) for x in SIDES},
            "discards": {x: len(s.cards[x].discard) for x in SIDES},
            "bags": {x: sum(1 for b in s.blocks.values() if b.location == BAG[x]) for x in SIDES},
            "dead": [{"side": b.side, "face": b.face} for b in s.blocks.values() if b.location == DEAD],
            "my_bid": own_bid, "bids_in": sorted(s.bids),
            "battle": battle, "move": {"option": s.move.option, "uses_left": s.move.uses_left,
                                       "active_stack": s.move.active_stack,
                                       "moved": [i for i in s.move.moved if side is None or s.blocks[i].side == side]},
            "pending_combat": s.pending_combat, "winner": s.winner, "reason": s.reason,
        }


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")
