"""Combat Phase (Sekigahara 8): declaration, castles, battles, sieges, losses, retreats and
card replenishment."""
from __future__ import annotations

from itertools import combinations

from sim.board.mapgraph import segment
from sim.sekigahara import events as ev
from sim.sekigahara.actions import (CastleChoice, Challenge, ChooseLoss, Deploy, Refute, Retreat)
from sim.sekigahara.board_state import MORI_BOX, OSAKA, other
from sim.sekigahara.pieces import LOYALTY, SIDES, WILD_BLOCKS, card_deploys, card_type, face
from sim.sekigahara.state import Battle

FULL = 7   # 8.7 / 8.9.3 B: one loss per full 7 Impact


def impact_of(block_face: str, card: str | None, earlier: list[str], siege: bool) -> int:
    """Sekigahara 8.3-8.4: mon + 1 per earlier same-mon block; a gun or cavalry block with a
    sword card adds 2, plus 2 per earlier block of the same special type (not in sieges)."""
    f = face(block_face)
    faces = [face(e) for e in earlier]
    v = f.mon + sum(1 for e in faces if e.clan == f.clan)
    if f.special and card is not None and card_type(card) == "attack" and not siege:
        v += 2 * (1 + sum(1 for e in faces if e.special == f.special))   # ruling S-15
    return v


def loss_count(enemy_impact: int, lost: bool) -> int:
    """Sekigahara 8.7: one block per full 7 enemy Impact, one more for the loser."""
    return enemy_impact // FULL + (1 if lost else 0)


def _totals(b: Battle) -> tuple[int, int]:
    return (b.impact["tokugawa"], b.impact["ishida"])


class CombatRules:
    # -- 8.1 declaration -------------------------------------------------------------------
    def combat_locations(self, side: str) -> list[str]:
        s = self.state
        locs = {b.location for b in s.blocks.values() if b.side == side and b.location in self.board.graph}
        return sorted(l for l in locs if l not in s.combat_done and self.enemy_present(side, l))

    def start_combat(self) -> None:
        s = self.state
        s.combat_done = []
        self.emit(ev.PhaseStarted(s.active, "combat", s.week, s.turn))
        self.next_combat()

    def next_combat(self) -> None:
        s = self.state
        if s.winner:
            return
        s.battle, s.pending_combat = None, ""
        locs = self.combat_locations(s.active)
        if not locs:
            self.end_phase()
        elif len(locs) == 1:
            self.declare(locs[0])
        else:
            s.step, s.actor = "declare", s.active

    def declare(self, loc: str) -> None:
        s = self.state
        a, d = s.active, other(s.active)
        s.combat_done.append(loc)
        self.emit(ev.CombatDeclared(a, loc))
        # Sekigahara 9.3 / ruling S-9: a Tokugawa attack on a gold Osaka calls out the Mori Box.
        if a == "tokugawa" and loc == OSAKA and self.castle_holder(loc) == "ishida":
            while self.blocks_at(MORI_BOX):
                self.mori_enter(forced=True)
        if not self.is_castle(loc):
            return self.begin_battle(loc, siege=False)
        holder = self.castle_holder(loc)
        mine = self.blocks_at(loc, holder)
        s.pending_combat = loc
        if holder == d:
            if not mine:
                return self.begin_battle(loc, siege=True)   # only disks: always inside (8.9.2)
            if len(mine) <= 2:
                s.step, s.actor = "castle", d               # 8.9.1 chosen now, not before
                return
            return self.begin_battle(loc, siege=False)      # more than two: outside
        inside = set(s.inside.get(loc, []))
        if mine and all(b.id in inside for b in mine):
            s.step, s.actor = "castle", a                   # 8.9.1 active holder may stay in
            return
        self.begin_battle(loc, siege=False)                 # 8.9.6 relief: everyone fights

    def do_castle_choice(self, a: CastleChoice) -> None:
        s = self.state
        loc = s.pending_combat
        self.emit(ev.CastleChosen(a.side, loc, a.inside))
        if a.side == s.active:
            if a.inside:
                return self.next_combat()                   # 8.9.1: no combat here this phase
            return self.begin_battle(loc, siege=False)
        if a.inside:
            s.inside[loc] = [b.id for b in self.blocks_at(loc, a.side)]
            return self.begin_battle(loc, siege=True)
        self.begin_battle(loc, siege=False)

    # -- 8.2 battle ----------------------------------------------------------------------------
    def fighters(self, side: str) -> list:
        """Blocks of `side` taking part: all of them in a battle (8.9.6), the garrison in a siege."""
        b = self.state.battle
        blocks = self.blocks_at(b.location, side)
        if b.siege and side == b.defender:
            inside = set(self.state.inside.get(b.location, []))
            blocks = [x for x in blocks if x.id in inside]
        return blocks

    def begin_battle(self, loc: str, siege: bool) -> None:
        s = self.state
        a, d = s.active, other(s.active)
        if not siege:
            s.inside.pop(loc, None)
            s.besieged.pop(loc, None)
        s.dead_leaders = []
        s.battle = Battle(loc, a, d, siege, {x: 0 for x in SIDES}, {x: [] for x in SIDES},
                          played={x: 0 for x in SIDES}, carded={x: False for x in SIDES},
                          passed={x: False for x in SIDES}, losses={x: 0 for x in SIDES},
                          lost={x: 0 for x in SIDES})
        if siege:
            s.battle.passed[d] = True   # 8.9.3: the defender plays no cards
        counts = (len(self.fighters(a)), len(self.fighters(d)))
        self.emit(ev.BattleStarted(loc, a, d, siege, counts))
        self.battle_turn([a])           # 8.2.1: the attacker deploys first

    def undeployed(self, side: str) -> list:
        b = self.state.battle
        used = set(b.deployed[side]) | set(b.defected)
        return [x for x in self.fighters(side) if x.id not in used]

    def deployments(self, side: str) -> list[Deploy]:
        """Every legal deployment: free leaders (8.2.4), and each card type in hand with each
        matching block or, for a double card, pair of blocks of its clan (8.2.5)."""
        b = self.state.battle
        blocks = sorted(self.undeployed(side), key=lambda x: x.id)
        out = []
        if not b.carded[side]:
            out += [Deploy(side, None, (x.id,)) for x in blocks if face(x.face).leader]
        for card in self.state.cards[side].distinct():
            if card == LOYALTY:
                continue
            fits = [x for x in blocks if card_deploys(card, x.face)]
            out += [Deploy(side, card, (x.id,)) for x in fits]
            if card_type(card) == "double":
                clan = [x for x in fits if x.face not in WILD_BLOCKS]
                out += [Deploy(side, card, (x.id, y.id)) for x, y in combinations(clan, 2)]
        return out

    def battle_turn(self, order: list[str]) -> None:
        """Give the decision to the first side in `order` that has not passed and can deploy;
        a side that cannot deploy passes (8.5, ruling S-14). No one left: the battle ends."""
        b = self.state.battle
        for side in order + [x for x in SIDES if x not in order]:
            if b.passed[side]:
                continue
            if self.deployments(side):
                self.state.step, self.state.actor = "battle", side
                return
            b.passed[side] = True
            self.emit(ev.Passed(side, forced=True))
        self.end_battle()

    def initiative(self) -> str:
        """Sekigahara 8.5: the side with less Impact; a tie goes to the attacker."""
        b = self.state.battle
        if b.impact[b.attacker] == b.impact[b.defender]:
            return b.attacker
        return min(SIDES, key=lambda x: b.impact[x])

    def check_deploy(self, a: Deploy) -> None:
        s, b = self.state, self.state.battle
        if b.passed[a.side]:
            self.fail("8.5", "a side that has passed may not deploy again (ruling S-14)")
        if not a.blocks or len(set(a.blocks)) != len(a.blocks):
            self.fail("8.2.2", "deploy one block (two with a double card), each once")
        free = {x.id: x for x in self.undeployed(a.side)}
        for bid in a.blocks:
            if bid not in free:
                self.fail("8.2.2", f"block {bid} is not an undeployed block of yours in this battle")
        faces = [free[bid].face for bid in a.blocks]
        if a.card is None:
            if b.carded[a.side]:
                self.fail("8.2.4", "leaders deploy free only until the side's first card")
            if len(a.blocks) != 1 or not face(faces[0]).leader:
                self.fail("8.2.4", "only a leader block may deploy without a card")
            return
        if not s.cards[a.side].has(a.card):
            self.fail("8.2.3", f"{a.card} is not in hand")
        if a.card == LOYALTY:
            self.fail("8.2.2", "a Loyalty Challenge card never deploys a block")
        limit = 2 if card_type(a.card) == "double" else 1
        if len(a.blocks) > limit:
            self.fail("8.2.5", f"{a.card} deploys at most {limit} block(s)")
        for f in faces:
            if not card_deploys(a.card, f):
                self.fail("8.2.2", f"{a.card} cannot deploy {f}: the mon must match")
        if len(faces) == 2 and any(f in WILD_BLOCKS for f in faces):
            self.fail("8.2.5", "a double card deploys two blocks of its own clan (ruling S-16)")

    def do_deploy(self, a: Deploy) -> None:
        s, b = self.state, self.state.battle
        if a.card is not None:
            self.play_card(a.side, a.card, "8.2.3")
            b.played[a.side] += 1
            b.carded[a.side] = True
        gain = 0
        for bid in a.blocks:
            blk = s.blocks[bid]
            earlier = [s.blocks[x].face for x in b.deployed[a.side]]
            v = impact_of(blk.face, a.card, earlier, b.siege)
            b.deployed[a.side].append(bid)
            b.impact[a.side] += v
            gain += v
            blk.face_up = True     # 8.2.3 shown while deployed
            self.emit(ev.BlockDeployed(a.side, bid, blk.face, a.card, v, _totals(b)))
        if a.card is None:
            b.free.append(a.blocks[0])
        b.last, b.last_gain, b.last_side = list(a.blocks), gain, a.side
        enemy = other(a.side)
        # 8.6.1: straight after a carded deployment the enemy may challenge (never in sieges).
        # Ruling S-27: he is always asked, so the question does not betray his hand.
        if a.card is not None and not b.siege:
            s.step, s.actor = "challenge", enemy
            return
        self.battle_turn([self.initiative()])

    def do_pass(self, side: str) -> None:
        self.state.battle.passed[side] = True
        self.emit(ev.Passed(side))
        self.battle_turn([self.initiative()])

    # -- 8.6 loyalty challenge ------------------------------------------------------------------
    def refutations(self, side: str) -> list[str]:
        """8.6.1 / 8.6.3: any card in hand that could have deployed the challenged block(s)."""
        b = self.state.battle
        faces = [self.state.blocks[x].face for x in b.last]
        return [c for c in self.state.cards[side].distinct() if all(card_deploys(c, f) for f in faces)]

    def do_challenge(self, a: Challenge) -> None:
        s, b = self.state, self.state.battle
        if not a.play:
            return self.battle_turn([self.initiative()])
        self.play_card(a.side, LOYALTY, "8.6.1")
        b.played[a.side] += 1     # ruling S-17: challenge and refuting cards count as played
        self.emit(ev.LoyaltyChallenged(a.side, tuple(b.last)))
        if self.refutations(b.last_side):         # ruling S-25: refuting is compulsory
            s.step, s.actor = "refute", b.last_side
            return
        self.defect()

    def do_refute(self, a: Refute) -> None:
        b = self.state.battle
        self.play_card(a.side, a.card, "8.6.1")
        b.played[a.side] += 1
        self.emit(ev.ChallengeRefuted(a.side, a.card))
        self.battle_turn([self.initiative()])

    def defect(self) -> None:
        """Ruling S-18: defectors add their mon to the challenger, with no bonus, and take back
        what they had added for their owner."""
        s, b = self.state, self.state.battle
        owner, challenger = b.last_side, other(b.last_side)
        b.impact[owner] -= b.last_gain
        for bid in b.last:
            b.deployed[owner].remove(bid)
            b.defected.append(bid)
            b.impact[challenger] += face(s.blocks[bid].face).mon
            self.emit(ev.BlockDefected(owner, bid, s.blocks[bid].face, _totals(b)))
        self.battle_turn([self.initiative()])

    # -- 8.7 results ---------------------------------------------------------------------------
    def end_battle(self) -> None:
        s, b = self.state, self.state.battle
        a, d = b.attacker, b.defender
        if b.siege:
            b.losses = {a: 0, d: b.impact[a] // FULL}        # 8.9.3 B
            b.winner = a if b.losses[d] >= len(self.garrison()) else d
        else:
            b.winner = a if b.impact[a] > b.impact[d] else d  # 8.2.1: ties to the defender
            b.losses = {x: loss_count(b.impact[other(x)], x != b.winner) for x in SIDES}
        self.emit(ev.BattleEnded(b.location, b.winner, _totals(b), (b.losses["tokugawa"], b.losses["ishida"]), b.siege))
        for bid in b.deployed[a] + b.deployed[d] + b.defected:
            s.blocks[bid].face_up = False                     # 8.2.1: hidden again afterwards
        s.queue = [x for x in (a, d) if b.losses[x] > 0]
        self.next_loss()

    def garrison(self) -> list[str]:
        """Pieces a siege can destroy: blocks inside and disks (8.9.2)."""
        b = self.state.battle
        return [x.id for x in self.fighters(b.defender)] + self.disks_at(b.location)

    def loss_candidates(self, side: str) -> list[str]:
        b = self.state.battle
        if b.siege:
            pieces = self.garrison()
            rest = [p for p in pieces if p != "hideyori"]
            return rest or pieces                            # 9.1: Hideyori always last
        blocks = self.blocks_at(b.location, side)
        tier = set(b.deployed[side]) | set(b.defected)
        first = [x.id for x in blocks if x.id in tier]        # ruling S-19: deployed first
        return sorted(first or [x.id for x in blocks])

    def next_loss(self) -> None:
        s, b = self.state, self.state.battle
        while s.queue:
            side = s.queue[0]
            cands = self.loss_candidates(side)
            left = b.losses[side] - b.lost.get(side, 0) - b.lost.get("disks:" + side, 0)
            if left <= 0 or not cands:
                s.queue.pop(0)
                continue
            if left >= len(cands) and not (b.siege and "hideyori" in cands and len(cands) > 1):
                for piece in cands:
                    self.lose_piece(side, piece)
                continue
            s.step, s.actor = "loss", side
            return
        self.after_losses()

    def lose_piece(self, side: str, piece: str) -> None:
        b = self.state.battle
        if piece in self.state.disks:
            self.destroy_disk(piece, "8.9.3")
            b.lost["disks:" + side] = b.lost.get("disks:" + side, 0) + 1
            return
        self.destroy(self.state.blocks[piece], "8.9.3" if b.siege else "8.7")
        b.lost[side] = b.lost.get(side, 0) + 1

    def do_choose_loss(self, a: ChooseLoss) -> None:
        self.lose_piece(a.side, a.piece)
        self.next_loss()

    def after_losses(self) -> None:
        s, b = self.state, self.state.battle
        if self.check_instant_win():
            return
        if b.siege:
            loc, d = b.location, b.defender
            if not self.garrison():
                s.inside.pop(loc, None)
                s.besieged.pop(loc, None)
                self.refresh_castles()
                s.castles[loc] = b.attacker                   # 8.9.3 D
                self.emit(ev.CastleCaptured(loc, b.attacker))
            else:
                s.besieged[loc] = d                           # 8.9.3 E
                self.emit(ev.Besieged(loc, d))
            return self.replenish()
        s.step, s.actor = "retreat", other(b.winner)
        self.next_retreat()

    # -- 8.8 retreat -----------------------------------------------------------------------------
    def retreat_targets(self, side: str, blk, group_size: int = 1) -> list[str]:
        """Ruling S-20: one location; an attacker that came in this phase goes back the way it
        came; a defender may not use a segment the attacker came in by; never into enemy pieces
        unless the group overruns them."""
        s, b = self.state, self.state.battle
        loc = b.location
        only = None
        forbidden = set()
        # ruling S-26: attacking blocks that did not move this phase retreat as a defender would
        if side == b.attacker and blk.id in s.entered:
            only = [segment(s.entered[blk.id], loc)]
        if side == b.defender:
            forbidden = {segment(s.entered[x.id], loc) for x in self.blocks_at(loc, b.attacker)
                         if x.id in s.entered}

        def can_enter(n: str) -> bool:
            return not self.enemy_present(side, n) or self.overrunnable(side, n, group_size)
        return self.board.retreat_options(loc, can_enter=can_enter, forbidden=forbidden, only=only)

    def retreat_options(self, side: str) -> list[Retreat]:
        b = self.state.battle
        blocks = sorted(self.blocks_at(b.location, side), key=lambda x: x.id)
        n = len(blocks)
        by_dest: dict[str, list[str]] = {}
        for blk in blocks:
            for dest in self.retreat_targets(side, blk, n):
                by_dest.setdefault(dest, []).append(blk.id)
        out = []
        for dest, ids in sorted(by_dest.items()):
            options = [Retreat(side, tuple(ids), dest)]
            if len(ids) > 1:
                options += [Retreat(side, (i,), dest) for i in ids]
            out += [r for r in options if self._retreat_ok(r)]   # overruns depend on group size
        return out

    def _retreat_ok(self, r: Retreat) -> bool:
        here = {x.id: x for x in self.blocks_at(self.state.battle.location, r.side)}
        return all(r.to in self.retreat_targets(r.side, here[x], len(r.blocks)) for x in r.blocks)

    def next_retreat(self) -> None:
        s, b = self.state, self.state.battle
        side = other(b.winner)
        blocks = self.blocks_at(b.location, side)
        for blk in blocks:
            if not self.retreat_targets(side, blk, len(blocks)):
                self.destroy(blk, "8.8")                      # nowhere to go
                b.lost[side] += 1
        if self.blocks_at(b.location, side):
            s.step, s.actor = "retreat", side
            return
        self.mark_presence(b.winner, b.location)
        self.replenish()

    def check_retreat(self, a: Retreat) -> None:
        b = self.state.battle
        here = {x.id: x for x in self.blocks_at(b.location, a.side)}
        if not a.blocks or len(set(a.blocks)) != len(a.blocks) or any(x not in here for x in a.blocks):
            self.fail("8.8", "retreat blocks of yours from the battle location, each once")
        for x in a.blocks:
            if a.to not in self.retreat_targets(a.side, here[x], len(a.blocks)):
                self.fail("8.8", f"{x} may not retreat to {a.to}")

    def do_retreat(self, a: Retreat) -> None:
        s, b = self.state, self.state.battle
        for x in a.blocks:
            s.blocks[x].location = a.to
            s.entered.pop(x, None)
        self.emit(ev.Retreated(a.side, len(a.blocks), (b.location, a.to), tuple(a.blocks)))
        if self.overrunnable(a.side, a.to, len(a.blocks)):
            self.overrun(a.side, a.to)                        # S6: overruns in retreat too
            if s.winner:
                return
        self.mark_presence(a.side, a.to)
        self.refresh_castles()
        self.next_retreat()

    # -- 8.10 replenishment ----------------------------------------------------------------------
    def replenish(self) -> None:
        b = self.state.battle
        for side in SIDES:
            lost = b.lost.get(side, 0)
            if b.siege and side == b.defender:
                n = b.played[side] + lost            # 8.9.3 F: one card per block, none per disk
            else:
                n = b.played[side] + lost // 2       # 8.10
            self.draw(side, n, "8.10")
        self.refresh_castles()
        if not self.check_instant_win():
            self.next_combat()
