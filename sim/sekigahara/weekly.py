"""The weekly cycle (Sekigahara 6): reinforcement, the turn-order bid, turns A and B."""
from __future__ import annotations

from sim.sekigahara import events as ev
from sim.sekigahara.actions import Bid, ChooseFirst, Discard
from sim.sekigahara.board_state import BAG, BOX, other
from sim.sekigahara.pieces import SIDES, bid_value
from sim.sekigahara.state import MovePhase

WEEKS = 7


class WeeklyCycle:
    # -- week start ------------------------------------------------------------------------
    def start_week(self) -> None:
        s = self.state
        self.emit(ev.WeekStarted(s.week))
        if s.week == 1:           # Sekigahara 6.1: no Reinforcement Step in week 1
            self.start_bid()
            return
        # Sekigahara 6.1.1: discard half the hand, rounded down; owner chooses (ruling S-11).
        s.discard_left = {side: len(s.cards[side].hand) // 2 for side in SIDES}
        s.queue = [side for side in SIDES if s.discard_left[side] > 0]
        self.next_discard()

    def next_discard(self) -> None:
        s = self.state
        while s.queue and s.discard_left[s.queue[0]] == 0:
            s.queue.pop(0)
        if s.queue:
            s.step, s.actor = "discard", s.queue[0]
            return
        self.reinforce()
        self.start_bid()

    def do_discard(self, a: Discard) -> None:
        self.play_card(a.side, a.card, "6.1")
        self.state.discard_left[a.side] -= 1
        self.next_discard()

    def reinforce(self) -> None:
        """Sekigahara 6.1.2-4: 5 cards (+1 for more castles; ruling S-12 ties: none); blocks
        from the turn track (+1 for more resources; tie: both)."""
        s = self.state
        castles = {side: self.castles_of(side) for side in SIDES}
        res = {side: self.resources_of(side) for side in SIDES}
        track = self.opt["recruitment_blocks"]
        for side in SIDES:
            extra = 1 if castles[side] > castles[other(side)] else 0
            self.draw(side, 5 + extra, "6.1")   # ruling S-24: no hand limit
        for side in SIDES:
            n = track[s.week - 1] + (1 if res[side] >= res[other(side)] else 0)
            self.recruit(side, n)

    def recruit(self, side: str, n: int) -> None:
        """Draw n blocks at random from the bag into the recruitment box (ruling S-13: an empty
        bag gives what is left)."""
        bag = sorted((b for b in self.state.blocks.values() if b.location == BAG[side]), key=lambda b: b.id)
        got = []
        for _ in range(min(n, len(bag))):
            b = bag.pop(self.state.dice.choice_index(len(bag), "draw block from bag", "6.1"))
            b.location = BOX[side]
            got.append(b.face)
        if got:
            self.emit(ev.BlocksRecruited(side, len(got), tuple(got)))

    # -- bid (6.2) -------------------------------------------------------------------------
    def start_bid(self) -> None:
        s = self.state
        s.bids = {}
        s.queue = list(SIDES)
        s.step, s.actor = "bid", s.queue[0]

    def do_bid(self, a: Bid) -> None:
        s = self.state
        s.bids[a.side] = a.card
        if a.card is not None:
            s.cards[a.side].hand.remove(a.card)   # face down until both are in
        self.emit(ev.BidPlaced(a.side, a.card))
        s.queue.pop(0)
        if s.queue:
            s.actor = s.queue[0]
            return
        values = tuple(bid_value(side, s.bids[side]) for side in SIDES)
        winner = SIDES[0] if values[0] > values[1] else SIDES[1]   # ruling S-12: 0 loses
        self.emit(ev.BidsRevealed(s.bids["tokugawa"], s.bids["ishida"], values, winner))
        for side in SIDES:
            if s.bids[side] is not None:
                s.cards[side].discard.append(s.bids[side])
        s.bid_winner = winner
        s.step, s.actor = "first", winner

    def do_choose_first(self, a: ChooseFirst) -> None:
        s = self.state
        s.order = [a.first, other(a.first)]
        self.emit(ev.FirstPlayer(a.first, s.week))
        s.turn, s.phase_index = "A", 0
        self.start_movement(s.order[0])

    # -- turns (6.3) -----------------------------------------------------------------------
    def start_movement(self, side: str) -> None:
        s = self.state
        s.active = side
        s.move = MovePhase(moved=list(s.fresh))   # 9.3: Mori blocks out this turn stay put
        s.entered = {}
        self.emit(ev.PhaseStarted(side, "movement", s.week, s.turn))
        s.step, s.actor = "move_option", side

    def end_phase(self) -> None:
        s = self.state
        if s.winner:
            return
        if s.phase_index == 0:
            s.phase_index = 1
            self.start_movement(s.order[1])
            return
        s.fresh = []                               # a new turn begins
        if s.turn == "A":
            s.turn, s.phase_index = "B", 0
            self.start_movement(s.order[0])
        elif s.week < WEEKS:
            s.week += 1
            s.turn, s.phase_index = "A", 0
            self.start_week()
        else:
            self.final_score()

    def final_score(self) -> None:
        """Sekigahara 2.2: higher VP wins; a tie goes to Ishida."""
        sc = self.scores()
        winner = "tokugawa" if sc["tokugawa"] > sc["ishida"] else "ishida"
        self.finish(winner, f"victory points after week {WEEKS} (2.2)")
