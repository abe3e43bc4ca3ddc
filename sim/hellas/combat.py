"""Block combat (6.0): rounds of fire in agility-letter order, hits to the strongest enemy block,
routs to the weakest, and the city defenders' special rules in an Assault (8.1, 8.1.1).

A battle is a pure resolution over lists of blocks; callers (battles.py, siege.py) decide who
takes part and what retreats afterwards."""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.board import Block
from sim.hellas import events as E
from sim.hellas.query import is_fleet, rating
from sim.hellas.rulings import RULINGS


@dataclass
class Side:
    """One side of a battle. `fixed_rating` overrides every block's rating (city defenders A2
    in an Assault, C1 in a Treachery Assault); double defense and no routs are 8.1 rules."""
    name: str
    blocks: list[Block]
    defending: bool
    fixed_rating: tuple[str, int] | None = None
    double_defense: bool = False
    can_rout: bool = True
    routed: list[Block] = field(default_factory=list)
    eliminated: list[Block] = field(default_factory=list)
    steps_lost: int = 0
    half_hit: str = ""    # 8.1.1: the block holding a hit not yet turned into a step loss


@dataclass
class Outcome:
    winner: str | None
    rounds: int
    sides: dict[str, Side]


def is_garrison(b: Block) -> bool:
    return b.marks.get("kind") == "garrison"


def _strongest(blocks: list[Block]) -> Block:
    # 7.3 / 8.2: garrisons are hit last; ruling H-39: ties by id
    return min(blocks, key=lambda b: (is_garrison(b), -b.steps, b.id))


def _weakest(blocks: list[Block]) -> Block:
    return min(blocks, key=lambda b: (b.steps, b.id))


class Battle:
    def __init__(self, game, location: str, attacker: Side, defender: Side, kind: str,
                 rounds: int | None = None, fought: int = 0):
        """`fought`: rounds already played, for a battle resumed between rounds (an Assault
        waiting on the besieged fleets' choice, 8.1.2)."""
        turn = game.state.turn
        # §13 Athena: the favoured side fires with +1 firepower (max 3) in round 1
        self.favoured = turn.active if turn is not None and turn.athena else ""
        if turn is not None:
            turn.athena = False
        self.round = fought
        self.g = game
        self.location = location
        self.sides = {attacker.name: attacker, defender.name: defender}
        self.att, self.dfn = attacker, defender
        self.kind = kind
        self.rounds = RULINGS["battle_rounds"] if rounds is None else rounds  # ruling H-15

    def rating_of(self, side: Side, b: Block) -> tuple[str, int]:
        letter, fp = side.fixed_rating or rating(b, self.location, self.g.map)
        if (is_fleet(b) and b.side == "sparta" and self.g.map.is_sea(self.location)
                and self.g.state.leaders.get("sparta", [""])[0] == "Lysander"):
            r = RULINGS["lysander_fleets"]   # ruling H-56
            letter, fp = r[0], int(r[1:])
        if self.round == 1 and side.name == self.favoured:
            fp = min(3, fp + 1)
        return letter, fp

    def fight(self) -> Outcome:
        """The whole battle at once: open, every round, close."""
        self.open()
        while self.goes_on():
            self.play_round()
        return self.close()

    def open(self) -> None:
        """6.0: the battle starts and every block in it is revealed."""
        g = self.g
        g.emit(E.BattleStarted(self.location, self.kind, self.att.name,
                               tuple(b.id for b in self.att.blocks), tuple(b.id for b in self.dfn.blocks)))
        for side in (self.dfn, self.att):
            for b in side.blocks:
                letter, fp = self.rating_of(side, b)
                g.emit(E.BlockRevealed(b.side, b.id, b.face, f"{letter}{fp}", b.steps))

    def goes_on(self) -> bool:
        """Another round is fought while both sides have a block in the battle (ruling H-15)."""
        return self.round < self.rounds and bool(self.att.blocks) and bool(self.dfn.blocks)

    def play_round(self) -> None:
        """One round: every block fires once, by letter (ruling H-18), defenders first at each
        letter; ruling H-39: most steps, then id."""
        self.round += 1
        order_letters = RULINGS["firing_order"]
        turns = []
        for side in (self.dfn, self.att):
            for b in side.blocks:
                letter, fp = self.rating_of(side, b)
                turns.append((order_letters.index(letter), 0 if side.defending else 1, -b.steps, b.id, side, b))
        turns.sort(key=lambda t: t[:4])
        for *_, side, b in turns:
            enemy = self.dfn if side is self.att else self.att
            if b not in side.blocks or not enemy.blocks:
                continue
            self._fire(side, b, enemy)

    def close(self) -> Outcome:
        winner = self._winner()
        self.g.emit(E.BattleEnded(self.location, winner, self.round))
        return Outcome(winner, self.round, self.sides)

    def _winner(self) -> str | None:
        if self.att.blocks and not self.dfn.blocks:
            return self.att.name
        if self.dfn.blocks:
            return self.dfn.name      # attackers still present after the last round retreat
        return None

    def _fire(self, side: Side, b: Block, enemy: Side) -> None:
        letter, fp = self.rating_of(side, b)
        faces = self.g.dice.roll(b.steps, f"{b.id} fires {letter}{fp}", "6.0")
        hits = sum(1 for f in faces if f <= fp)
        routs = sum(1 for f in faces if f >= 7 - fp)
        self.g.emit(E.BlockFired(b.id, f"{letter}{fp}", tuple(faces), hits, routs))
        steps = [self._hit] * hits + [self._rout] * routs
        if not RULINGS["hits_before_routs"]:  # ruling H-16
            steps.reverse()
        for step in steps:
            if enemy.blocks:
                step(enemy)

    def _hit(self, side: Side) -> None:
        if side.double_defense:
            # 8.1.1: two hits per step; a block holding one hit must take the next one
            holder = next((b for b in side.blocks if b.id == side.half_hit), None)
            if holder is None:
                target = _strongest(side.blocks)
                side.half_hit = target.id
                self.g.emit(E.HalfHit(target.id))
                return
            side.half_hit = ""
            self._lose_step(side, holder, "8.1.1")
            return
        self._lose_step(side, _strongest(side.blocks), "6.0")

    def _lose_step(self, side: Side, b: Block, rule: str) -> None:
        side.steps_lost += 1
        b.steps -= 1
        self.g.emit(E.StepLost(b.id, b.steps, rule))
        if b.steps <= 0:
            side.blocks.remove(b)
            side.eliminated.append(b)
            if not is_garrison(b):
                self.g.eliminate(b, rule)

    def _rout(self, side: Side) -> None:
        if not side.can_rout:
            if not RULINGS["routs_on_defenders_ignored"]:  # ruling H-20: else a rout is a hit
                self._hit(side)
            return
        target = _weakest(side.blocks)
        side.blocks.remove(target)  # ruling H-17: leaves the battle at once
        side.routed.append(target)
        self.g.emit(E.BlockRouted(target.id))
