"""Questions about the board that every part of the rules asks: who is where, who holds a
castle or a resource, and the shared effects of destroying pieces and drawing cards."""
from __future__ import annotations

from sim.board.blocks import Block
from sim.core.errors import RuleError
from sim.sekigahara import events as ev
from sim.sekigahara.pieces import IEYASU, MITSUNARI, SIDES

DEAD = "dead"
BAG = {"tokugawa": "Tokugawa Bag", "ishida": "Ishida Bag"}
BOX = {"tokugawa": "Tokugawa Recruitment", "ishida": "Ishida Recruitment"}
MORI_BOX = "Mori Box"
OSAKA = "Osaka"
DISK_SIDE = "ishida"   # both disks (Hideyori, Sanada) are gold (3.4)


def other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


class BoardState:
    """Mixin for the game class: self.state, self.board, self.emit, self.opt."""
    system = "sekigahara"

    def fail(self, rule: str, message: str):
        raise RuleError(rule, message, self.system)

    # -- pieces --------------------------------------------------------------------------
    def blocks_at(self, loc: str, side: str | None = None) -> list[Block]:
        return [b for b in self.state.blocks.values()
                if b.location == loc and (side is None or b.side == side)]

    def disks_at(self, loc: str) -> list[str]:
        return sorted(d for d, where in self.state.disks.items() if where == loc)

    def enemy_present(self, side: str, loc: str) -> bool:
        enemy = other(side)
        return bool(self.blocks_at(loc, enemy)) or (enemy == DISK_SIDE and bool(self.disks_at(loc)))

    # -- control (4.4) ---------------------------------------------------------------------
    def is_castle(self, loc: str) -> bool:
        return loc in self.board.graph and bool(self.board.attr(loc, "castle"))

    def castle_holder(self, loc: str) -> str:
        return self.state.castles[loc]

    def refresh_castles(self, announce: bool = True) -> None:
        """Sekigahara 4.4: a castle is held by the side occupying it and reverts to its natural
        alignment when empty; disks are always inside (8.9.2), so a disk keeps it gold; a
        besieged side keeps it; when both sides stand there the holder does not change."""
        for loc in self.board.where("castle"):
            sides = {b.side for b in self.blocks_at(loc)}
            held = self.state.besieged.get(loc)
            if held is not None and other(held) not in sides:
                del self.state.besieged[loc]           # 8.9.6: the besiegers have gone
                self.state.inside.pop(loc, None)
            old = self.state.castles.get(loc)
            if self.disks_at(loc):
                new = DISK_SIDE
            elif loc in self.state.besieged:
                new = self.state.besieged[loc]
            elif len(sides) == 1:
                new = next(iter(sides))
            elif len(sides) == 2:
                new = old
            else:
                new = self.board.attr(loc, "castle_alignment")
            if new != old:
                self.state.castles[loc] = new
                if old is not None and announce:
                    self.emit(ev.ControlChanged(loc, new, "4.4"))

    def mark_presence(self, side: str, loc: str) -> None:
        """Sekigahara 4.4 / ruling S-10: a resource goes to the last side to pass through or stop
        in it with no enemy block there (retreats and overruns count)."""
        if not self.board.attr(loc, "resource"):
            return
        if self.blocks_at(loc, other(side)):
            return
        if self.state.control.get(loc) != side:
            self.state.control[loc] = side
            self.emit(ev.ControlChanged(loc, side, "4.4"))

    def castles_of(self, side: str) -> int:
        return sum(1 for s in self.state.castles.values() if s == side)

    def resources_of(self, side: str) -> int:
        return sum(1 for s in self.state.control.values() if s == side)

    def scores(self) -> dict[str, int]:
        """Sekigahara 2.2: 2 VP a castle, 1 VP a Resource Location (capitals included)."""
        return {s: 2 * self.castles_of(s) + self.resources_of(s) for s in SIDES}

    # -- effects ---------------------------------------------------------------------------
    def draw(self, side: str, n: int, rule: str) -> None:
        if n <= 0:
            return
        got = self.state.cards[side].draw(n, self.state.dice, rule)  # ruling S-13: may run dry
        self.emit(ev.CardsDrawn(side, len(got), tuple(got), rule))

    def play_card(self, side: str, card: str, rule: str) -> None:
        self.state.cards[side].play(card)
        self.emit(ev.CardsDiscarded(side, (card,), rule))

    def destroy(self, block: Block, rule: str) -> None:
        """Remove a block from the game for good (8.7); its face is revealed as it goes
        (ruling S-21)."""
        where = block.location
        if not block.face_up:
            self.emit(ev.BlockRevealed(block.side, block.id, block.face, rule))
        block.location = DEAD
        block.face_up = True
        self.state.entered.pop(block.id, None)
        for ids in self.state.inside.values():
            if block.id in ids:
                ids.remove(block.id)
        self.emit(ev.BlockEliminated(block.side, block.id, block.face, where, rule))
        if block.face in (IEYASU, MITSUNARI):
            self.state.dead_leaders.append(block.face)

    def destroy_disk(self, disk: str, rule: str) -> None:
        where = self.state.disks.pop(disk)
        self.emit(ev.DiskDestroyed(disk, where))
        if disk == "hideyori":
            self.state.dead_leaders.append("hideyori")

    def check_instant_win(self) -> bool:
        """Sekigahara 2.1 (ruling S-22): Mitsunari or Hideyori lost -> Tokugawa; Ieyasu lost -> Ishida; both
        in the same combat -> Ishida."""
        dead = set(self.state.dead_leaders)
        self.state.dead_leaders = []
        if not dead or self.state.winner:
            return bool(self.state.winner)
        if IEYASU in dead:
            self.finish("ishida", "Tokugawa Ieyasu destroyed (2.1)")
        elif MITSUNARI in dead:
            self.finish("tokugawa", "Ishida Mitsunari destroyed (2.1)")
        else:
            self.finish("tokugawa", "Toyotomi Hideyori captured (2.1, 9.1)")
        return True

    def finish(self, winner: str, reason: str) -> None:
        self.state.winner, self.state.reason = winner, reason
        self.state.step, self.state.actor = "over", ""
        sc = self.scores()
        self.emit(ev.GameOver(winner, reason, (sc["tokugawa"], sc["ishida"])))

    def overrunnable(self, side: str, loc: str, movers: int) -> bool:
        """Sekigahara 7.4: at least 4 to 1 in blocks (disks excluded); never against the holder
        of a castle (7.4.3)."""
        enemy = self.blocks_at(loc, other(side))
        if not enemy:
            return False   # ruling S-23: a lone enemy disk is a castle holder; it stops movers
        if self.is_castle(loc) and self.castle_holder(loc) == other(side):
            return False
        return movers >= 4 * len(enemy)

    def overrun(self, side: str, loc: str) -> None:
        victims = self.blocks_at(loc, other(side))
        self.emit(ev.Overrun(side, loc, tuple(b.face for b in victims)))
        for b in victims:
            self.destroy(b, "7.4")
        # Sekigahara 7.4 / 8.10 (S6): the overrun side draws 1 card per 2 blocks lost.
        self.draw(other(side), len(victims) // 2, "8.10")
        self.check_instant_win()
