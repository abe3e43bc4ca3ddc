"""Scripted Sekigahara opponent: sees only `game.view(side)` and `game.legal_actions(side)`
(plus the printed map and rule tables, which are public). Deterministic for a given seed.

Levels: easy (greedy with much noise, never pays cards to move more stacks, takes risks with
its key leader); normal (greedy with a little noise, keeps Ieyasu/Mitsunari out of battle lines
and overrun reach, guards Hideyori's Osaka); hard (as normal, with a bigger escort for the key
leader and, for Ishida, no cards thrown into battles it cannot win).
"""
from __future__ import annotations

from collections import Counter

from sim.core.dice import Dice
from sim.sekigahara.setup import printed_map
from sim.sekigahara import actions as A
from sim.sekigahara.ai_odds import BattleOdds
from sim.sekigahara.combat import impact_of
from sim.sekigahara.pieces import IEYASU, LOYALTY, MITSUNARI, card_clan, card_type, face

NOISE = {"easy": 2.0, "normal": 0.3, "hard": 0.3}
TYPE_WORTH = {"double": 3.0, "attack": 2.0, "single": 1.0, LOYALTY: 1.6}


class ScriptedPlayer:
    def __init__(self, side: str, level: str = "normal", seed: int = 0):
        if level not in NOISE:
            raise ValueError(f"level must be one of {sorted(NOISE)}")
        self.side, self.level = side, level
        self.enemy = "ishida" if side == "tokugawa" else "tokugawa"
        self.dice = Dice(seed * 7919 + (1 if side == "ishida" else 0))
        # The printed map is public; each player reads its own copy (no module-level state).
        self.map = printed_map()
        self.dist = {loc: self.map.distances(loc) for loc in self.map.locations}
        # hard weighs combats by their odds over what it cannot see (ai_odds), sampled with
        # dice of its own derived from its seed
        self.battle_odds = BattleOdds(side, self.enemy, Dice(seed * 7919 + 17 + (side == "ishida"))) \
            if level == "hard" else None

    # -- helpers ---------------------------------------------------------------------------
    def jitter(self) -> float:
        n = NOISE[self.level]
        return 0.0 if n == 0 else n * (self.dice.choice_index(1000) / 1000.0 - 0.5)

    def own_blocks(self, v) -> dict:
        return {b["id"]: dict(b, location=loc) for loc, st in v["stacks"].items()
                for b in st["blocks"] if b["side"] == self.side}

    def keep_value(self, v, card: str) -> float:
        if v.get("_clans") is None:       # computed once per decision
            v["_clans"] = Counter(face(b["face"]).clan for b in self.own_blocks(v).values())
        clans = v["_clans"]
        clan = card_clan(card)
        return TYPE_WORTH[card_type(card)] + (0.25 * clans[clan] if clan else 0.5)

    def cheapest(self, v, cards):
        return min(cards, key=lambda c: (self.keep_value(v, c), c))

    def best(self, scored):
        """Pick the highest score (ties: first offered); noise makes easy players erratic."""
        top, pick = None, None
        for score, action in scored:
            s = score + self.jitter()
            if top is None or s > top:
                top, pick = s, action
        return pick

    # -- decisions -------------------------------------------------------------------------
    def choose(self, game, side):
        v = game.view(side)
        acts = game.legal_actions(side)
        step = v["step"]
        handler = getattr(self, f"on_{step}", None)
        choice = handler(v, acts) if handler else None
        return choice if choice is not None else acts[0]

    def on_discard(self, v, acts):
        return self.best((-self.keep_value(v, a.card), a) for a in acts)

    on_redraw = None

    def on_bid(self, v, acts):
        if acts[0].card is None:
            return acts[0]
        return self.best((-self.keep_value(v, a.card), a) for a in acts)

    def on_first(self, v, acts):
        return next(a for a in acts if a.first == self.side)

    def on_move_option(self, v, acts):
        hand = len(v["hand"])
        want = "one"
        if self.level != "easy":
            want = "all" if hand >= 7 else "three" if hand >= 4 else "one"
        options = [a for a in acts if a.option == want] or [a for a in acts if a.option == "one"]
        return min(options, key=lambda a: (sum(self.keep_value(v, c) for c in a.cards), a.cards))

    def on_movement(self, v, acts):
        for a in acts:
            if isinstance(a, A.Muster):
                return a
        mori = [a for a in acts if isinstance(a, A.BringMori)]
        if mori and len(v["hand"]) >= 6:
            return min(mori, key=lambda a: (self.keep_value(v, a.card), a.card))
        stacks = [a for a in acts if isinstance(a, A.Activate)]
        if stacks:
            scored = [(self.stack_promise(v, a.location), a) for a in stacks]
            score, pick = max(scored, key=lambda t: t[0])
            if score > 0:
                return pick
        return next(a for a in acts if isinstance(a, A.EndMovement))

    def on_muster(self, v, acts):
        places = [a for a in acts if isinstance(a, A.Place)]
        if not places:
            return acts[-1]
        return self.best((self.site_value(v, a.location), a) for a in places)

    def on_stack(self, v, acts):
        own = self.own_blocks(v)
        goals = [l for l in self.map.locations if self.objective_value(v, l) > 0]
        scored = [(self.move_value(v, own, a, goals), a) for a in acts if isinstance(a, A.Move)]
        end = next(a for a in acts if isinstance(a, A.EndActivation))
        if not scored:
            return end
        score, pick = max(scored, key=lambda t: t[0] + self.jitter())
        return pick if score > 0.25 else end

    def on_declare(self, v, acts):
        return self.best((self.odds(v, a.location), a) for a in acts)

    def on_castle(self, v, acts):
        loc = v["pending_combat"]
        st = v["stacks"].get(loc, {})
        mine, theirs = st.get(self.side, 0), st.get(self.enemy, 0)
        inside = theirs >= mine
        if self.battle_odds is not None:
            inside = self.castle_value(v, loc, True) >= self.castle_value(v, loc, False)
        return next(a for a in acts if a.inside == inside)

    # -- hard: combats weighed by their odds (ai_odds) ----------------------------------------
    def stake(self, v, loc) -> float:
        """What a combat at loc decides besides blocks: the location itself (2.2)."""
        worth = 2.0 if self.map.attr(loc, "castle") else 1.0 if self.map.attr(loc, "resource") else 0.0
        return 1.0 + worth

    def attack_value(self, v, own, a, dest) -> float:
        """Moving `a.blocks` into an enemy stack (or disks) at dest: the battle all our blocks
        there will fight (8.9.6), or the siege if the enemy holds a castle there with at most
        two blocks and would stay inside (8.9.1: the holder chooses, so we take his best)."""
        odds = self.battle_odds
        faces = [own[b]["face"] for b in a.blocks]
        faces += [b["face"] for b in own.values() if b["location"] == dest and b["id"] not in a.blocks]
        key = any(f in (IEYASU, MITSUNARI) for f in faces)
        hold = [f for f in faces if f in (IEYASU, MITSUNARI)]
        enemy = v["stacks"].get(dest, {}).get(self.enemy, 0)
        disks = sum(1 for where in v["disks"].values() if where == dest) if self.side == "tokugawa" else 0
        stake = self.stake(v, dest)
        castle = self.map.attr(dest, "castle") and v["castles"].get(dest) == self.enemy
        options = []
        if enemy:
            options.append(odds.battle(v, dest, faces, True, hold).value(key, stake))
        if castle and enemy <= 2:
            siege = odds.siege_attack(v, [f for f in faces if f not in hold], enemy + disks)
            options.append(siege.value(False, stake) - (0 if siege.win else 0.5))
        return 2.0 * min(options)

    def castle_value(self, v, loc, inside: bool) -> float:
        """8.9.1: our blocks at our castle stay inside (a siege: 8.9.3) or fight outside."""
        odds = self.battle_odds
        faces = [b["face"] for b in v["stacks"][loc]["blocks"] if b["side"] == self.side and "face" in b]
        key = any(f in (IEYASU, MITSUNARI) for f in faces)
        hold = [f for f in faces if f in (IEYASU, MITSUNARI)]
        attacking = v["active"] == self.side
        if inside:
            if attacking:
                return 0.0                                   # no combat here this phase
            disks = sum(1 for where in v["disks"].values() if where == loc)
            siege = odds.siege_defence(v, loc, len(faces) + disks)
            return siege.value(key, self.stake(v, loc)) - 0.3   # besieged: stuck (8.9.6)
        return odds.battle(v, loc, faces, attacking, hold).value(key, self.stake(v, loc))

    def on_battle(self, v, acts):
        b = v["battle"]
        own = self.own_blocks(v)
        mine, theirs = b["impact"][self.side], b["impact"][self.enemy]
        deploys = [a for a in acts if isinstance(a, A.Deploy)]
        passing = next(a for a in acts if isinstance(a, A.PassBattle))
        if not deploys:
            return passing

        def gain(a):
            earlier = list(b["deployed"][self.side])
            total = 0
            for bid in a.blocks:
                f = own[bid]["face"]
                total += impact_of(f, a.card, earlier, b["siege"])
                earlier.append(f)
            cost = 0 if a.card is None else self.keep_value(v, a.card) * 0.5
            shield = 4 if self.level != "easy" and any(own[x]["face"] in (IEYASU, MITSUNARI) for x in a.blocks) else 0
            return total - cost - shield, total

        if self.level != "easy":
            # 8.7 losses come from deployed blocks first: keep the key leader out of the line
            safe = [a for a in deploys if not any(own[x]["face"] in (IEYASU, MITSUNARI) for x in a.blocks)]
            if not safe:
                return passing
            deploys = safe
        free = [a for a in deploys if a.card is None and own[a.blocks[0]]["face"] not in (IEYASU, MITSUNARI)]
        if free and not b["siege"]:
            return free[0]        # 8.2.4: free leaders are lost as an option after the first card
        scored = [(gain(a), a) for a in deploys]
        (value, total), pick = max(scored, key=lambda t: t[0][0])
        enemy_out = b["passed"][self.enemy]
        if b["siege"]:
            # deploy only while it buys another full 7 against the garrison
            reach = mine + sum(t for (_, t), _ in scored)
            return pick if reach >= 7 * (mine // 7 + 1) else passing
        if enemy_out and mine > theirs:
            return pick if (mine + total) // 7 > mine // 7 else passing
        if self.level == "hard" and self.side == "ishida":
            # a lost cause: spend cards only where they buy the enemy another loss (8.7)
            cards = sum(1 for c in v["hand"] if c != LOYALTY)
            best_gains = sorted((t for (_, t), _ in scored), reverse=True)[:cards + 1]
            if mine + sum(best_gains) <= theirs and (mine + total) // 7 == mine // 7:
                return passing
        if self.level == "easy" and mine > theirs and self.dice.choice_index(3) == 0:
            return passing
        return pick

    def on_challenge(self, v, acts):
        b = v["battle"]
        gain = b["impact"][self.enemy] if self.level == "easy" else 3
        play = any(a.play for a in acts) and (gain >= 3 or v["hands"][self.enemy] <= 2)
        return next(a for a in acts if a.play == play)

    def on_refute(self, v, acts):
        return min(acts, key=lambda a: (self.keep_value(v, a.card), a.card))

    def on_loss(self, v, acts):
        own = self.own_blocks(v)

        def worth(piece):
            if piece == "sanada":
                return -1
            if piece == "hideyori":
                return 1000
            f = face(own[piece]["face"])
            return f.mon + (3 if f.leader else 0) + (100 if f.name in (IEYASU, MITSUNARI) else 0)
        return min(acts, key=lambda a: (worth(a.piece), a.piece))

    def on_retreat(self, v, acts):
        def value(a):
            st = v["stacks"].get(a.to, {})
            threat = sum(v["stacks"].get(n, {}).get(self.enemy, 0) for n in self.map.neighbours(a.to))
            return 2 * len(a.blocks) + st.get(self.side, 0) - 0.5 * threat + (1 if self.map.attr(a.to, "castle") else 0)
        return self.best((value(a), a) for a in acts)

    # -- evaluation --------------------------------------------------------------------------
    def objective_value(self, v, loc) -> float:
        """What holding `loc` is worth to us now (castles 2, resources 1, if not already ours)."""
        if self.map.attr(loc, "castle"):
            return 2.0 if v["castles"].get(loc) != self.side else 0.0
        if self.map.attr(loc, "resource"):
            return 1.0 if v["control"].get(loc) != self.side else 0.0
        return 0.0

    def site_value(self, v, loc) -> float:
        threat = sum(v["stacks"].get(n, {}).get(self.enemy, 0) for n in self.map.neighbours(loc))
        return threat + (1 if self.map.attr(loc, "castle") else 0)

    def stack_promise(self, v, loc) -> float:
        best = 0.0
        for target, d in self.dist[loc].items():
            if 0 < d <= 3:
                value = self.objective_value(v, target)
                enemy = v["stacks"].get(target, {}).get(self.enemy, 0)
                mine = v["stacks"].get(loc, {}).get(self.side, 0)
                if enemy:
                    value += 1.5 if mine > enemy else -1
                best = max(best, value / d)
        return best

    def odds(self, v, loc) -> float:
        st = v["stacks"].get(loc, {})
        return st.get(self.side, 0) - st.get(self.enemy, 0)

    def move_value(self, v, own, a: A.Move, goals: list[str]) -> float:
        dest, start = a.path[-1], a.path[0]
        n = len(a.blocks)
        here = v["stacks"].get(start, {})
        score = 0.0
        for loc in a.path[1:]:
            if not v["stacks"].get(loc, {}).get(self.enemy, 0) or loc == dest:
                score += self.objective_value(v, loc)
        enemy = v["stacks"].get(dest, {}).get(self.enemy, 0)
        if self.battle_odds is not None and (enemy or dest in v["disks"].values() and self.side == "tokugawa"):
            score += self.attack_value(v, own, a, dest)
        elif enemy or dest in v["disks"].values() and self.side == "tokugawa":
            cards = sum(1 for c in v["hand"] if c != LOYALTY)
            power = n + min(cards, n) * 0.7
            score += 2.0 * (power - enemy - 0.5) if power > enemy else -3.0
        # stepping onto objectives an enemy stack can reach next
        threat = sum(v["stacks"].get(x, {}).get(self.enemy, 0) for x in self.map.neighbours(dest))
        if threat > n + 1:
            score -= 0.5 * (threat - n)
        # keep castles we hold garrisoned, and never march the key leader into danger
        if self.map.attr(start, "castle") and n == here.get(self.side, 0):
            align = self.map.attr(start, "castle_alignment")
            if align != self.side:
                score -= 2.0
        # Osaka holds Hideyori (9.1): an empty castle there invites an instant loss
        if "hideyori" in v["disks"] and v["disks"]["hideyori"] == start and self.level != "easy":
            if here.get(self.side, 0) - n < 2:
                score -= 15.0
        if self.side == "ishida" and v["disks"].get("hideyori") == dest and self.level != "easy":
            if v["stacks"].get(dest, {}).get(self.side, 0) < 3:
                score += 3.0 + (3.0 if enemy else 0.0)      # 9.1: relieve or reinforce Osaka
        key = any(own[b]["face"] in (IEYASU, MITSUNARI) for b in a.blocks)
        if self.level != "easy":
            # 2.1: the key leader must never be left where a 4:1 overrun can catch him
            left = [b for b in own.values() if b["location"] == start and b["id"] not in a.blocks]
            if key and n < (4 if self.level == "hard" else 3):
                score -= 3.0
            at_dest = n + v["stacks"].get(dest, {}).get(self.side, 0)
            if key and threat >= 4 * at_dest:
                score -= 10.0                           # 7.4 an overrun would end the game
            if any(b["face"] in (IEYASU, MITSUNARI) for b in left) and len(left) < (4 if self.level == "hard" else 3):
                score -= 3.0
        if key and (enemy or threat) and self.level != "easy":
            score -= 4.0 + (n < 4) * 4.0
        # drift toward the nearest objective we do not yet hold
        if goals:
            before = min(self.dist[start][g] for g in goals)
            after = min(self.dist[dest][g] for g in goals)
            score += 0.3 * (before - after)
        if a.march:
            score -= 0.8 * self.keep_value(v, a.march)
        return score
