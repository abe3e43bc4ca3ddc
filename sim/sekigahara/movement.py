"""Movement Phase (Sekigahara 7): options, activation, muster, forced march, overrun, Mori."""
from __future__ import annotations

from collections import Counter

from sim.sekigahara import events as ev
from sim.sekigahara.actions import (Activate, BringMori, ChooseMovement, Move, Place, Redraw)
from sim.sekigahara.board_state import BOX, MORI_BOX, OSAKA, other
from sim.sekigahara.pieces import bid_value, face

# Sekigahara 7.1: option -> (cards to discard, activations, musters, muster takes an activation)
OPTIONS = {"pass": (0, 0, 0, False), "one": (0, 1, 1, True), "three": (1, 3, 1, True),
           "all": (2, 999, 1, False)}
MAX_MOVE = 4   # 7.3


def _seg_key(a: str, b: str) -> list[str]:
    return sorted((a, b))


class MovementRules:
    # -- 7.1 options ---------------------------------------------------------------------------
    def check_choose_movement(self, a: ChooseMovement) -> None:
        if a.option not in OPTIONS or (a.option == "pass" and not self.opt["pass_option"]):
            self.fail("7.1", f"unknown movement option {a.option!r}")
        cost = OPTIONS[a.option][0]
        if len(a.cards) != cost:
            self.fail("7.1", f"option {a.option!r} costs {cost} card(s), not {len(a.cards)}")
        need, have = Counter(a.cards), self.state.cards[a.side].counts()
        if any(have[c] < n for c, n in need.items()):
            self.fail("7.1", "those cards are not in hand")

    def do_choose_movement(self, a: ChooseMovement) -> None:
        m = self.state.move
        cost, uses, musters, muster_uses = OPTIONS[a.option]
        for c in a.cards:
            self.play_card(a.side, c, "7.1")
        m.option, m.uses_left, m.muster_left, m.muster_uses_activation = a.option, uses, musters, muster_uses
        self.emit(ev.MovementChosen(a.side, a.option, a.cards))
        self.state.step = "redraw" if a.option == "pass" else "movement"

    def do_redraw(self, a: Redraw) -> None:
        # ruling S-3: cards are set aside first; replacements come when the player is done.
        self.play_card(a.side, a.card, "7.1")
        self.state.move.redraws += 1

    # -- stacks ----------------------------------------------------------------------------
    def movable(self, side: str, loc: str) -> list:
        s = self.state
        besieged = s.inside.get(loc, []) if s.besieged.get(loc) == side else []
        return [b for b in self.blocks_at(loc, side)
                if b.id not in s.move.moved and b.id not in besieged]   # 8.9.6

    def stack_locations(self, side: str) -> list[str]:
        m = self.state.move
        locs = {b.location for b in self.state.blocks.values() if b.side == side}
        return sorted(l for l in locs if l in self.board.graph and l not in m.activated
                      and self.movable(side, l))

    def check_activate(self, a: Activate) -> None:
        m = self.state.move
        if m.uses_left <= 0:
            self.fail("7.1", "no stack activations left this phase")
        if a.location not in self.stack_locations(a.side):
            self.fail("7.4", f"no stack at {a.location} that may move")

    def do_activate(self, a: Activate) -> None:
        m = self.state.move
        m.uses_left -= 1
        m.activated.append(a.location)
        m.active_stack, m.stack_paths = a.location, []
        self.emit(ev.StackActivated(a.side, a.location, len(self.movable(a.side, a.location))))
        self.state.step = "stack"

    def end_activation(self) -> None:
        m = self.state.move
        m.active_stack, m.stack_paths = None, []
        self.state.step = "movement"

    # -- 7.3 allowance ---------------------------------------------------------------------------
    def base_allowance(self, side: str, loc: str, group: list) -> int:
        """1 + leadership - oversized stack (7.3); highway and forced march are added per path."""
        lead = any(face(b.face).leader for b in group)
        if self.is_castle(loc) and self.castle_holder(loc) == side:
            lead = True   # ruling S-4: the castle must be the mover's
        if (self.board.attr(loc, "capital") and self.board.attr(loc, "capital_alignment") == side
                and self.state.control.get(loc) == side):
            lead = True   # ruling S-4: own-colour capital that he controls
        big = 1 if len(group) >= self.opt["big_stack"] else 0   # ruling S-5
        return 1 + int(lead) - big

    def path_limit(self, side: str, group: list, path: tuple[str, ...], march: bool) -> int:
        highway = all(self.board.kind(a, b) == "highway" for a, b in zip(path, path[1:]))
        return min(MAX_MOVE, self.base_allowance(side, path[0], group) + int(highway) + int(march))

    # -- 7.4 segments ----------------------------------------------------------------------------
    def segment_free(self, a: str, b: str) -> bool:
        return _seg_key(a, b) not in self.state.move.used_segments

    def shares_ok(self, path: tuple[str, ...]) -> bool:
        """7.4: a segment serves one stack once. Ruling S-6: blocks of the same stack may share
        segments only as a drop-off (one path a prefix of the other)."""
        m = self.state.move
        own = {tuple(_seg_key(a, b)) for p in m.stack_paths for a, b in zip(p, p[1:])}
        for a, b in zip(path, path[1:]):
            key = _seg_key(a, b)
            if key in m.used_segments and tuple(key) not in own:
                return False
        segs = {tuple(_seg_key(a, b)) for a, b in zip(path, path[1:])}
        for p in m.stack_paths:
            theirs = {tuple(_seg_key(a, b)) for a, b in zip(p, p[1:])}
            if segs & theirs:
                n = min(len(p), len(path))
                if tuple(p[:n]) != tuple(path[:n]):
                    return False
        return True

    def check_move(self, a: Move) -> None:
        s, m = self.state, self.state.move
        loc = m.active_stack
        if not a.blocks or len(set(a.blocks)) != len(a.blocks):
            self.fail("7.4", "name each moving block once")
        movable = {b.id for b in self.movable(a.side, loc)}
        for bid in a.blocks:
            if bid not in movable:
                self.fail("7.4", f"block {bid} is not an unmoved block of the stack at {loc}")
        path = tuple(a.path)
        if len(path) < 2 or path[0] != loc or len(set(path)) != len(path):
            self.fail("7.4", "a path starts at the stack and visits each location once")
        for x, y in zip(path, path[1:]):
            if self.board.kind(x, y) is None:
                self.fail("4.2", f"{x} and {y} are not connected")
        if not self.shares_ok(path):
            self.fail("7.4", "a road or highway segment may be used by only one stack per phase")
        if a.march is not None and not s.cards[a.side].has(a.march):
            self.fail("7.5", f"forced march card {a.march} not in hand")
        group = [s.blocks[b] for b in a.blocks]
        limit = self.path_limit(a.side, group, path, a.march is not None)
        if len(path) - 1 > limit:
            self.fail("7.3", f"this group may move {limit} location(s), not {len(path) - 1}")
        for x in path[1:-1]:
            if self.enemy_present(a.side, x) and not self.overrunnable(a.side, x, len(group)):
                self.fail("7.4", f"a stack entering {x} with enemy pieces must stop there")

    def do_move(self, a: Move) -> None:
        s, m = self.state, self.state.move
        group = [s.blocks[b] for b in a.blocks]
        if a.march is not None:
            self.play_card(a.side, a.march, "7.5")
        for x, y in zip(a.path, a.path[1:]):
            if self.segment_free(x, y):
                m.used_segments.append(_seg_key(x, y))
        m.stack_paths.append(list(a.path))
        m.moved.extend(a.blocks)
        for b in group:
            b.location = a.path[-1]
            s.entered[b.id] = a.path[-2]
        self.emit(ev.BlockMoved(a.side, len(group), tuple(a.path), tuple(a.blocks), a.march is not None))
        for x in a.path[1:]:
            if self.overrunnable(a.side, x, len(group)):
                self.overrun(a.side, x)          # 7.4: and the stack carries on (ruling S-7)
                if s.winner:
                    return
            self.mark_presence(a.side, x)
        self.refresh_castles()
        if not self.movable(a.side, m.active_stack):
            self.end_activation()

    def move_options(self, side: str) -> list[Move]:
        """Moves offered to players: the whole remaining stack or any single block, each along
        every path in reach; forced marches only where needed, with the cheapest card. apply()
        accepts any subset and any card."""
        s, m = self.state, self.state.move
        loc = m.active_stack
        blocks = sorted(self.movable(side, loc), key=lambda b: b.id)
        groups = [blocks] + ([[b] for b in blocks] if len(blocks) > 1 else [])
        hand = s.cards[side].distinct()
        cheap = min(hand, key=lambda c: (bid_value(side, c), c)) if hand else None
        out = []
        for group in groups:
            n = len(group)
            reach = min(MAX_MOVE, self.base_allowance(side, loc, group) + 2)
            for path in self.board.paths(
                    loc, reach,
                    must_stop=lambda x, n=n: self.enemy_present(side, x) and not self.overrunnable(side, x, n),
                    edge_ok=lambda x, y: self.segment_free(x, y)):
                path = tuple(path)
                ids = tuple(b.id for b in group)
                if len(path) - 1 <= self.path_limit(side, group, path, False):
                    out.append(Move(side, ids, path))
                elif cheap and len(path) - 1 <= self.path_limit(side, group, path, True):
                    out.append(Move(side, ids, path, cheap))
        return out

    # -- 7.2 muster ------------------------------------------------------------------------------
    def can_muster(self, side: str) -> bool:
        m = self.state.move
        return (m.muster_left > 0 and (m.uses_left > 0 or not m.muster_uses_activation)
                and bool(self.blocks_at(BOX[side], side)))

    def start_muster(self, side: str) -> None:
        m = self.state.move
        m.muster_left -= 1
        if m.muster_uses_activation:
            m.uses_left -= 1
        m.mustering = True
        self.state.step = "muster"

    def muster_sites(self, side: str, block) -> list[str]:
        """Ruling S-8: own clan's Recruitment Location or any castle he holds, free of enemies."""
        clan = face(block.face).clan
        sites = [l for l in self.board.locations if clan in (self.board.attr(l, "recruitment") or [])]
        sites += [l for l in self.board.where("castle") if self.castle_holder(l) == side]
        return sorted({l for l in sites if not self.blocks_at(l, other(side))})

    def check_place(self, a: Place) -> None:
        b = self.state.blocks.get(a.block)
        if b is None or b.side != a.side or b.location != BOX[a.side]:
            self.fail("7.2", "only blocks in your recruitment box can be mustered")
        if a.location not in self.muster_sites(a.side, b):
            self.fail("7.2", f"{b.face} cannot muster at {a.location}")

    def do_place(self, a: Place) -> None:
        b = self.state.blocks[a.block]
        b.location = a.location
        self.state.move.moved.append(b.id)   # ruling S-8: mustered blocks do not move this phase
        self.emit(ev.BlockMustered(a.side, a.location, b.id, b.face))
        self.mark_presence(a.side, a.location)
        self.refresh_castles()
        if not self.blocks_at(BOX[a.side], a.side):
            self.end_muster()

    def end_muster(self) -> None:
        self.state.move.mustering = False
        self.state.step = "movement"

    # -- 9.3 Mori Terumoto -----------------------------------------------------------------------
    def mori_next(self):
        box = sorted(self.blocks_at(MORI_BOX), key=lambda b: (face(b.face).leader, b.id))
        return box[0] if box else None   # the leader always comes out last

    def can_bring_mori(self, side: str) -> bool:
        # ruling S-9: not while Osaka holds Tokugawa blocks and no Ishida blocks
        return (side == "ishida" and self.mori_next() is not None and bool(self.state.cards[side].hand)
                and not (self.blocks_at(OSAKA, "tokugawa") and not self.blocks_at(OSAKA, "ishida")))

    def check_bring_mori(self, a: BringMori) -> None:
        if not self.can_bring_mori(a.side):
            self.fail("9.3", "Mori blocks can enter only in an Ishida Movement Phase, from a non-empty box, into an Osaka not held by Tokugawa")
        if not self.state.cards[a.side].has(a.card):
            self.fail("9.3", f"{a.card} not in hand")

    def do_bring_mori(self, a: BringMori) -> None:
        self.play_card(a.side, a.card, "9.3")
        self.mori_enter(forced=False)

    def mori_enter(self, forced: bool) -> None:
        b = self.mori_next()
        b.location, b.face_up = OSAKA, False   # ruling S-9: hidden once on the map
        self.state.move.moved.append(b.id)    # 9.3: cannot move in the same turn
        self.state.fresh.append(b.id)
        self.emit(ev.MoriEntered(b.face, b.id, forced))
        self.mark_presence("ishida", OSAKA)
