"""The A Most Dangerous Time game: turn sequence (4.0), chit pull, activations, and the rule
helpers the rule modules share. Rule modules do the work; this file sequences them."""
from __future__ import annotations

import itertools
import math

from sim.amdt import battle, cards, endturn, stats, victory
from sim.amdt import actions as A
from sim.amdt.control import (ALLIANCES, activated, active_units, chit_player, enemy_units, enforce_spheres,
                              faction, hand_of,
                              holds_kyoto, is_closed_neutral, on_map, player_of, players,
                              sector_faction, soldiers, sphere)
from sim.amdt.data import data
from sim.amdt.events import (AmdtCardDrawn, Captured, ChitDrawn, ClanEliminated, EndTurnChit, EntryAdvanced,
                             Marched, MovementPoints, NeutralEntered, Placed, TurnStarted,
                             UnitLost)
from sim.amdt.movement import (capturing_clan, discard_on_entry, group_for, legal_marches,
                               link_cost, march_problem, mark_led, owner_after_move)
from sim.amdt.rulings import ruling
from sim.amdt.scenario import Scenario
from sim.amdt.setup import build_state, new_soldier
from sim.amdt.state import Activation, AmdtState, Decision, touch
from sim.amdt.supply import oos_units
from sim.board import events_for
from sim.core.errors import RuleError, ScenarioError
from sim.core.protocol import Game, Result
from sim.core.scenario import validate_model

HIEI = "Mt. Hiei"
RAIN = "rain"


class AmdtGame(Game):
    system = "amdt"
    undo_barriers = (ChitDrawn, AmdtCardDrawn)    # a chit or a card drawn (core undo)
    state: AmdtState

    # -- set-up ----------------------------------------------------------------------------
    @classmethod
    def check(cls, scenario: dict, where: str, **options) -> Scenario:
        """The scenario (sim/amdt/scenario.py schema) with `options` laid over its [options]."""
        if options and isinstance(scenario, dict):
            table = scenario.get("options", {})
            scenario = {**scenario, "options": {**(table if isinstance(table, dict) else {}), **options}}
        sc = validate_model(Scenario, scenario, where)
        if sc.options.short and sc.players == 4:
            raise ScenarioError(where, "options.short", "the short scenario is for 2 or 3 players (ruling A-67)")
        if ruling("alternative_rule"):                       # ruling A-17
            raise ScenarioError(where, "alternative_rule",
                                "rule 11.5 has no public content, so the simulator has none (ruling A-17)")
        data()
        return sc

    @classmethod
    def new(cls, scenario: dict, seed: int, **options) -> "AmdtGame":
        opts = cls.check(scenario, "scenario", **options).options.model_dump()
        scenario = {**scenario, "options": opts}          # so that replay sees the same options
        game = cls(build_state(int(scenario["players"]), seed, opts), scenario, seed)
        game.run_step(game._begin)
        return game

    def _begin(self) -> None:
        self.dice.shuffle(self.state.deck, "shuffle the cards", "R-CARDS")
        self._start_turn()
        self._advance()

    # -- protocol --------------------------------------------------------------------------
    def sides(self) -> tuple[str, ...]:
        return players(self.state)

    def to_act(self) -> str | None:
        st = self.state
        if st.phase == "over":
            return None
        if st.decision is not None:
            return st.decision.side
        return st.active.player if st.active else None

    def is_over(self) -> bool:
        return self.state.phase == "over"

    def result(self) -> Result | None:
        st = self.state
        if not self.is_over():
            return None
        return Result(st.winner or None, st.reason, {"turn": float(st.turn)})

    def stats(self) -> dict:
        """Per-game numbers for batch runs (sim/amdt/stats.py)."""
        return stats.game_stats(self)
    def length(self) -> str:
        return f"{victory.last_turn(self)} turns"

    def summary(self) -> str:
        return f"amdt {self.state.mode}-player game, seats {', '.join(self.sides())}, turn {self.state.turn}"

    def legal_actions(self, side: str) -> list:
        st = self.state
        if side != self.to_act():
            return []
        dec = st.decision
        if dec is not None:
            return self._decision_options(side)
        act = st.active
        out: list = [A.March(side, f, t, l, n) for f, t, l, n in legal_marches(st)]
        out += [A.Assault(side, s) for s in self._assault_sectors()]
        if act.chit == "ikko" and not act.converted:
            out += [A.Convert(side, s) for s in self.conversion_targets()]
        out += [A.PlayCard(side, c, t) for c, t in cards.activation_plays(self, side)]
        out += [A.Disband(side, s) for s in self._disband_sectors()]
        if self._may_reroll_mp(side):
            out.append(A.Reroll(side))
        out.append(A.EndActivation(side))
        return out

    def _decision_options(self, side: str) -> list:
        st = self.state
        dec = st.decision
        b = st.battle
        if dec.kind == "garrison":
            return [A.Garrison(side, n) for n in battle.garrison_options(self)]
        if dec.kind == "battle_card":
            return [A.BattleCard(side, "")] + [A.BattleCard(side, c) for c in cards.playable_in_battle(self, side)]
        if dec.kind == "retreat":
            fac = b.queue[0][3]
            dests = battle.retreat_options(self, fac, dec.scope)
            forced = battle.forced_retreat(self, fac) and dec.scope == "all" \
                and ruling("guard_forced_retreat") == "if_possible"          # ruling A-45
            return ([] if forced and dests else [A.Retreat(side, "")]) + [A.Retreat(side, d) for d in dests]
        if dec.kind == "allocate":
            return [A.Allocate(side, p) for p in itertools.permutations(battle.allocation_groups(self))]
        if dec.kind == "assault":
            return [A.AssaultChoice(side, True), A.AssaultChoice(side, False)]
        if dec.kind in ("luck", "fate"):
            return [A.Luck(side, False), A.Luck(side, True)]
        if dec.kind == "rain":
            return [A.Rain(side, False)] + ([A.Rain(side, True)] if RAIN in st.hands[hand_of(st, side)] else [])
        return []

    def _may_reroll_mp(self, side: str) -> bool:
        act = self.state.active
        return self.state.good_luck.get(side, 0) > 0 and not act.marched and not act.rerolled \
            and "mp" in ruling("good_luck_uses")                      # ruling A-62

    SECTION = {"Assault": "R-BATTLE", "Convert": "11.3", "PlayCard": "R-CARDS", "Disband": "12.0",
               "Reroll": "15.6", "Luck": "15.6", "Rain": "R-CARDS", "EndActivation": "4.0", "Garrison": "R-BATTLE",
               "BattleCard": "R-CARDS", "Retreat": "R-BATTLE", "Allocate": "16.2.7b",
               "AssaultChoice": "R-BATTLE"}

    def validate(self, action) -> None:
        st = self.state
        if isinstance(action, A.March):
            if st.decision is not None:
                raise RuleError("R-BATTLE", "a battle decision is pending", self.system)
            problem = march_problem(st, action.frm, action.to, action.leader, action.soldiers)
            if problem:
                raise RuleError(problem[0], problem[1], self.system)
            return
        if action not in self.legal_actions(action.side):
            rule = self.SECTION.get(action.kind, "4.0")
            if isinstance(action, A.PlayCard) and action.card in data().cards:
                info = data().cards[action.card]
                if info["kind"] == "negotiation" and st.mode == 4 and action.side in ALLIANCES \
                        and st.clan_faction.get(info["target"]) == "oda":
                    rule = "16.2.8"
            raise RuleError(rule, f"{action} is not allowed now", self.system)

    def _execute(self, action) -> None:
        getattr(self, f"_do_{action.kind}")(action)
        self._advance()
        enforce_spheres(self.state)                 # 16.2.6(4), ruling A-38

    # -- activation actions -----------------------------------------------------------------
    def _do_March(self, a: A.March) -> None:
        st = self.state
        act = st.active
        group = group_for(st, a.frm, a.leader, a.soldiers)
        cost = link_cost(a.frm, a.to)
        act.mp -= cost
        act.marched = True
        fac = faction(st, group[0])
        lost = discard_on_entry(st, group, a.frm, a.to)
        mark_led(st, group, a.frm)
        for u in group:
            u.sector, u.in_castle = a.to, False
            act.moved[u.id] = act.moved.get(u.id, 0) + 1
            owner_after_move(st, u)
        self.emit(Marched(act.player, tuple(u.id for u in group), a.frm, a.to, cost, len(lost)))
        for u in lost:
            self.lose_soldier(u, "discarded", "16.2.7(3)")
        group = [u for u in group if u.status == "map" and u.id in st.units]
        if enemy_units(st, a.to, fac):
            battle.start(self, a.to, fac, a.frm)
        elif sector_faction(st, a.to) != fac and not self._hiei_open(a.to):
            self.capture(a.to, group)

    def _hiei_open(self, sector: str) -> bool:
        st = self.state
        return sector == HIEI and st.clan_faction.get("Enryaku-ji") == "neutral" \
            and st.control.get(HIEI) == "Enryaku-ji"          # ruling A-47

    def _assault_sectors(self) -> list[str]:
        st = self.state
        out = set()
        for u in active_units(st):
            if u.kind == "soldier" and not u.in_castle \
                    and u.sector not in st.active.assaulted \
                    and any(e.in_castle for e in enemy_units(st, u.sector, faction(st, u))):
                out.add(u.sector)
        return sorted(out)

    def _do_Assault(self, a: A.Assault) -> None:
        st = self.state
        st.active.assaulted.append(a.sector)
        fac = faction(st, next(u for u in on_map(st, a.sector) if activated(st, u)))
        battle.start(self, a.sector, fac, "", assault=True)

    def conversion_targets(self) -> list[str]:
        st = self.state
        rules = ruling("ikko")
        d = data()
        out = []
        for s in d.board.locations:
            if d.province(s) not in rules["provinces"] or st.control.get(s) == "Ikko-Ikki":
                continue
            if on_map(st, s) or is_closed_neutral(st, s) or d.is_sea(s):
                continue
            if any(st.control.get(n) == "Ikko-Ikki" for n in d.board.neighbours(s)):
                out.append(s)
        return sorted(out)

    def _do_Convert(self, a: A.Convert) -> None:
        self.state.active.converted = True
        self.convert(a.sector, 0)

    def convert(self, sector: str, bonus: int) -> None:
        rules = ruling("ikko")                                  # ruling A-15
        need = rules["convert_on_home"] if data().province(sector) in rules["home"] else rules["convert_on"]
        roll = self.dice.d6(f"conversion of {sector}", "11.3")
        if roll + bonus >= need and self.headroom("Ikko-Ikki") > 0:
            placed = self.place("Ikko-Ikki", sector, 1, "11.3 conversion")
            self.capture(sector, placed, stop=False)

    def _do_PlayCard(self, a: A.PlayCard) -> None:
        cards.play_activation(self, a.side, a.card, a.target)

    def _disband_sectors(self) -> list[str]:
        st = self.state
        return sorted({u.sector for u in active_units(st) if u.kind == "soldier" and not u.guard
                       and u.id not in st.active.stopped})

    def _do_Disband(self, a: A.Disband) -> None:
        st = self.state
        u = min((u for u in on_map(st, a.sector) if u.kind == "soldier" and not u.guard
                 and activated(st, u)), key=lambda u: u.id)
        self.lose_soldier(u, "disbanded", "12.0")

    def _do_Reroll(self, a: A.Reroll) -> None:
        st = self.state
        st.good_luck[a.side] -= 1
        st.active.rerolled = True
        st.active.mp = self._mp_roll(st.active.player)

    def _do_Rain(self, a: A.Rain) -> None:
        st = self.state
        st.decision = None
        if not a.play:
            self._offer_rain(st.active.player, after=a.side)
            return
        cards.spend(self, a.side, RAIN)                          # ruling A-65
        st.active.rerolled = True                                # a reroll is never rerolled
        st.active.mp = self._mp_roll(st.active.player)

    def _do_Luck(self, a: A.Luck) -> None:
        st = self.state
        dec, st.decision = st.decision, None
        if a.use:
            st.good_luck[a.side] -= 1
        if dec.kind == "luck":
            if a.use:
                battle.reroll_volley(self, int(dec.scope))
            return
        u = st.units[dec.scope]                                 # "fate": a leader's death roll
        u.status = "map"
        roll = self.dice.d6(f"fate of {data().leaders[u.id]['name']} (Good Luck)", "15.6") if a.use else 1
        self._leader_fate(u, roll, "R-BATTLE")

    def _do_EndActivation(self, a: A.EndActivation) -> None:
        self._end_activation()

    # -- battle decisions ---------------------------------------------------------------------
    def _do_Garrison(self, a: A.Garrison) -> None:
        self.state.decision = None
        battle.put_in_castle(self, a.soldiers)

    def _do_BattleCard(self, a: A.BattleCard) -> None:
        self.state.decision = None
        if a.card:
            cards.play_in_battle(self, a.side, a.card)

    def _do_Retreat(self, a: A.Retreat) -> None:
        scope = self.state.decision.scope
        self.state.decision = None
        battle.do_retreat(self, a.side, scope, a.to)

    def _do_Allocate(self, a: A.Allocate) -> None:
        self.state.decision = None
        battle.resolve_allocation(self, a.order)

    def _do_AssaultChoice(self, a: A.AssaultChoice) -> None:
        self.state.decision = None
        self.state.battle.stage = "assault" if a.go else "done"

    # -- the sequence ---------------------------------------------------------------------------
    def _advance(self) -> None:
        st = self.state
        for _ in range(10_000):
            victory.check_sudden(self)
            if st.phase == "over" or st.decision is not None:
                return
            if st.battle is not None:
                battle.step(self)
                continue
            if st.active is None:
                self._draw_chit()
                continue
            if not self._can_do_something():                    # nothing to do but end it
                self._end_activation()
                continue
            return
        raise RuntimeError("the turn sequence did not settle")

    def _can_do_something(self) -> bool:
        st = self.state
        side = st.active.player
        return bool(legal_marches(st, first_only=True) or self._assault_sectors()
                    or (st.active.chit == "ikko" and not st.active.converted and self.conversion_targets())
                    or cards.activation_plays(self, side)
                    or self._may_reroll_mp(side))

    def _start_turn(self) -> None:
        st = self.state
        touch(st)                  # allegiances change below: refresh the activation memo
        self.emit(TurnStarted(st.turn))
        clans = data().clans
        if st.turn == clans["Enryaku-ji"]["rises"] and st.clan_faction["Enryaku-ji"] == "neutral":
            st.clan_faction["Enryaku-ji"] = "anti"                      # 15.4, ruling A-21
            monks = ruling("enryakuji")["monks"]
            st.start_soldiers["Enryaku-ji"] = monks
            for u in self.place("Enryaku-ji", HIEI, monks, "15.4 monks rise", capped=False):
                u.in_castle = True
            st.control[HIEI] = "Enryaku-ji"
        if st.turn == ruling("ashikaga_turns") and st.clan_faction["Ashikaga"] == "oda" \
                and "Ashikaga" not in st.gone_clans:                     # ruling A-24
            st.clan_faction["Ashikaga"] = "anti"
            self.settle_turncoats("Ashikaga")
        for clan in sorted(st.entry, key=lambda c: (st.entry[c], c)):
            if st.entry[clan] <= st.turn:
                del st.entry[clan]
                st.clan_faction[clan] = "anti"
                self.emit(NeutralEntered(clan))
                seats = {c for cs in data().modes[st.mode]["chits"].values() for c in cs}
                starts = data().modes[st.mode].get("chit_from", {})
                for chit, info in data().chits.items():
                    if chit in seats and starts.get(chit, info["from"]) == f"entry:{clan}" \
                            and chit not in st.chits and not self._chit_dead(chit):
                        st.chits.append(chit)
        st.pool = list(st.chits) + (["end_turn"] if st.end_turn_in_pool else [])
        if st.turn == 1 and "nobunaga" in st.pool:
            st.pool.remove("nobunaga")                                  # 16.2.3(5), §7 step 2
            self._begin_activation("nobunaga")

    def _chit_dead(self, chit: str) -> bool:
        lid = data().chits[chit].get("leader")
        return bool(lid) and self.state.units[lid].status == "dead"

    def _draw_chit(self) -> None:
        st = self.state
        if not st.pool:
            self._end_turn()
            return
        chit = st.pool.pop(self.dice.choice_index(len(st.pool), "chit pull", "4.0"))
        if chit == "end_turn":
            self.emit(ChitDrawn("end_turn", "", "4.0"))
            self._end_turn()
            return
        self._begin_activation(chit)

    def _begin_activation(self, chit: str) -> None:
        st = self.state
        player = chit_player(st, chit)
        st.active = Activation(chit, player)
        if player in ALLIANCES:
            st.last_alliance = player
        self.emit(ChitDrawn(chit, player))
        st.active.oos = oos_units(st, [u for u in on_map(st) if activated(st, u)])
        st.active.mp = self._mp_roll(player)
        self._offer_rain(player)

    def _offer_rain(self, player: str, after: str = "") -> None:
        """Rain (ruling A-65): each seat of another faction may answer the MP roll. Every seat
        holding any card is asked, so that the offer itself shows nothing of the hand."""
        st = self.state
        fac = cards.seat_faction(st, player)
        seats = list(self.sides())
        if st.mode == 4:                                   # the shared Oda hand: one offer
            seats = [s for s in seats if s not in ALLIANCES or s == (st.last_alliance or "katsuie")]
        for seat in seats[seats.index(after) + 1:] if after in seats else seats:
            if cards.seat_faction(st, seat) != fac and st.hands[hand_of(st, seat)]:
                st.decision = Decision("rain", seat)
                return

    def _mp_roll(self, player: str) -> int:
        roll = self.dice.roll(1, f"{player} movement points", "9.0", sides=ruling("mp_die"))[0]  # ruling A-1
        bonus = ruling("kyoto_mp_bonus") if self._kyoto_bonus(player) else 0               # ruling A-2
        self.emit(MovementPoints(player, roll + bonus, bonus))
        return roll + bonus

    def _kyoto_bonus(self, player: str) -> bool:
        st = self.state
        clan = st.control.get("Kyoto", "")
        if not clan:
            return False
        fac = st.clan_faction[clan]
        if st.mode == 4:
            return player in ALLIANCES and fac == "oda"            # 16.2.7(2)
        if st.mode == 3:
            return self.seat_of_clan(clan) == player
        return fac == player

    def _end_activation(self) -> None:
        victory.check_activation_end(self)
        self.state.active = None

    def _end_turn(self) -> None:
        st = self.state
        st.active = None
        endturn.run(self)
        if st.phase != "over":
            self._start_turn()

    # -- shared rule helpers --------------------------------------------------------------------
    def seat_of_clan(self, clan: str) -> str:
        st = self.state
        fac = st.clan_faction.get(clan, "")
        if fac == "oda":
            return "oda"
        if fac != "anti":
            return ""
        if st.mode == 3:
            return "north" if clan in data().modes[3]["clans"]["north"] else "west"
        return "anti"

    def draw_for_clan(self, clan: str, why: str) -> None:
        seat = self.seat_of_clan(clan)
        if seat:
            cards.draw(self, hand_of(self.state, seat), 1, why)

    def set_control(self, sector: str, clan: str) -> None:
        st = self.state
        st.control[sector] = clan
        if sector == "Kyoto" and ruling("end_turn_on_kyoto")[str(st.mode)]:   # 16.2.7(1), ruling A-31
            fac = sector_faction(st, "Kyoto")
            if fac != "oda" and not st.end_turn_in_pool:
                st.end_turn_in_pool = True
                st.pool.append("end_turn")
                self.emit(EndTurnChit("pool"))
            elif fac == "oda" and st.end_turn_in_pool:
                st.end_turn_in_pool = False
                if "end_turn" in st.pool:
                    st.pool.remove("end_turn")
                self.emit(EndTurnChit("Kyoto"))

    def capture(self, sector: str, units, stop: bool = True) -> None:
        st = self.state
        if not units:
            return
        fac = faction(st, units[0])
        before = sector_faction(st, sector)
        clan = capturing_clan(units)
        self.set_control(sector, clan)
        self.emit(Captured(sector, clan))
        seat = player_of(st, units[0])
        if seat == "oda" and st.active:
            seat = st.active.player
        st.credit = seat
        if st.mode == 4 and fac == "oda" and sphere(st, sector) == "":
            st.sphere_extra[sector] = seat if seat in ALLIANCES else st.last_alliance   # ruling A-39
        if stop and st.active:
            st.active.stopped.extend(u.id for u in units)
        if st.castle.get(sector, 0) >= 1 and before not in ("", fac) and ruling("cards")["capture_draw"] \
                and not holds_kyoto(st, fac):                      # ruling A-28
            self.draw_for_clan(clan, f"captured {sector}")
        if sector == HIEI and fac == "oda" and ruling("enryakuji")["burn"]:
            st.castle[HIEI] = 0                                     # 15.4: Enryaku-ji burnt
            if "Enryaku-ji" not in st.gone_clans:
                self._eliminate("Enryaku-ji")
        self.check_clans()

    def headroom(self, clan: str) -> int:
        """Countermix (ruling A-27)."""
        st = self.state
        cm = ruling("countermix_cap")
        count = {}
        for u in st.units.values():
            if u.kind == "soldier":
                count[u.clan] = count.get(u.clan, 0) + 1
        room = math.ceil(st.start_soldiers.get(clan, 0) * cm["factor"]) - count.get(clan, 0)
        if data().clans.get(clan, {}).get("faction") == "oda":
            aligned = [c for c, info in data().clans.items() if info["faction"] == "oda"]
            group = sum(count.get(c, 0) for c in aligned)
            # the §18 deployment already has 66 > 60, so the group also gets the factor
            start = sum(st.start_soldiers.get(c, 0) for c in aligned)
            cap = max(cm["oda_group"], math.ceil(start * cm["factor"]))
            room = min(room, cap - group)
        return max(0, room)

    def place(self, clan: str, sector: str, n: int, why: str, from_pool: bool = False,
              capped: bool = True) -> list:
        st = self.state
        if capped:
            n = min(n, self.headroom(clan))
        if from_pool:
            n = min(n, st.eliminated.get(clan, 0))
            st.eliminated[clan] = st.eliminated.get(clan, 0) - max(n, 0)
        out = [new_soldier(st, clan, sector) for _ in range(max(0, n))]
        if out:
            self.emit(Placed(clan, sector, len(out), why))
        return out

    def lose_soldier(self, u, fate: str, rule: str = "R-BATTLE") -> None:
        st = self.state
        del st.units[u.id]
        u.status = "gone"          # (also bumps the on-map index)
        if u.clan not in st.gone_clans:
            st.eliminated[u.clan] = st.eliminated.get(u.clan, 0) + 1
        self.emit(UnitLost(u.id, u.clan, u.sector, fate, rule, player_of(st, u)))

    def leader_hit(self, u, rule: str) -> None:
        st = self.state
        roll = self.dice.d6(f"fate of {data().leaders[u.id]['name']}", rule)
        if u.id == "nobunaga" and st.battle is not None:           # ruling A-51
            b = st.battle
            other = b.defender if faction(st, u) == b.attacker else b.attacker
            seats = [player_of(st, e) for e in soldiers(battle.side_units(self, other))]
            if seats:
                st.credit = max(sorted(set(seats)), key=seats.count)
        if roll <= ruling("leader_hit") and "leader_hit" in ruling("good_luck_uses"):   # ruling A-62
            seat = battle.decider(self, player_of(st, u), [u]) if st.battle else player_of(st, u)
            if st.good_luck.get(seat, 0) > 0 and st.decision is None:
                u.status = "fate"                               # waits for the Good Luck answer
                st.decision = Decision("fate", seat, u.id)
                return
        self._leader_fate(u, roll, rule)

    def _leader_fate(self, u, roll: int, rule: str) -> None:
        st = self.state
        if roll <= ruling("leader_hit"):                            # ruling A-11
            self.kill_leader(u, "killed", rule)
            return
        u.status, u.back_turn, u.in_castle = "wounded", st.turn + ruling("wounded_return"), False
        self.emit(UnitLost(u.id, u.clan, u.sector, "wounded", rule, player_of(st, u)))
        if u.id == "nobunaga":
            for g in st.units.values():
                g.guard = False
            cards.draw(self, hand_of(st, "anti" if st.mode != 3 else (st.credit or "west")), 1,
                       "Nobunaga wounded")                         # ruling A-13

    def kill_leader(self, u, fate: str, rule: str) -> None:
        st = self.state
        u.status = "dead"
        self.emit(UnitLost(u.id, u.clan, u.sector, fate, rule, player_of(st, u)))
        for chit, info in data().chits.items():
            if info.get("leader") == u.id:
                if chit in st.chits:
                    st.chits.remove(chit)
                if chit in st.pool:
                    st.pool.remove(chit)
        for lid, info in data().leaders.items():
            if info.get("heir_of") == u.id and st.units[lid].status != "dead":
                st.units[lid].rank = "daimyo"                       # new daimyo marker
        if u.id == "nobunaga":
            victory.check_sudden(self)

    def clan_castles(self, clan: str) -> list[str]:
        st = self.state
        cap = data().clans.get(clan, {}).get("capital", "")
        own = [s for s, c in st.control.items() if c == clan and st.castle.get(s, 0) >= 1]
        return sorted(own, key=lambda s: (s != cap, -st.castle[s], s))

    def check_clans(self) -> None:
        """R-CONTROL (ruling A-46)."""
        st = self.state
        for clan in sorted(st.clan_faction):
            if clan in st.gone_clans or clan == "Oda":
                continue
            if st.clan_faction[clan] == "neutral" and (clan in st.entry or clan == "Enryaku-ji"):
                continue
            units = [u for u in on_map(st) if u.clan == clan]
            castles = self.clan_castles(clan)
            cap = data().clans.get(clan, {}).get("capital")
            if cap == "":
                gone = not units and not castles
            else:
                daimyo = any(u.kind == "leader" and u.rank == "daimyo" for u in units)
                gone = not castles or (bool(cap) and st.control.get(cap) != clan and not daimyo)
            if gone:
                self._eliminate(clan)

    def _eliminate(self, clan: str) -> None:
        st = self.state
        st.gone_clans.append(clan)
        self.emit(ClanEliminated(clan))
        for u in [u for u in st.units.values() if u.clan == clan]:
            if u.kind == "soldier":
                self.lose_soldier(u, "clan eliminated", "R-CONTROL")
            elif u.status != "dead":
                u.status = "dead"
        for s in self.clan_castles(clan):
            self.set_control(s, "")
        for chit in list(st.chits):
            clans = data().chits[chit]["clans"]
            if all(not c.startswith("*") for c in clans) and all(c in st.gone_clans for c in clans):
                st.chits.remove(chit)
                if chit in st.pool:
                    st.pool.remove(chit)

    def settle_turncoats(self, clan: str) -> None:
        """Units that changed sides: into the castle where enemies share the sector (and it
        becomes theirs), dispersed where there is no castle (ruling A-24, A-29)."""
        st = self.state
        fac = st.clan_faction[clan]
        for s in sorted({u.sector for u in on_map(st) if u.clan == clan}):
            mine = [u for u in on_map(st, s) if u.clan == clan]
            if enemy_units(st, s, fac):
                if st.castle.get(s, 0) >= 1:
                    room = ruling("castle_capacity") * st.castle[s]
                    for u in mine:
                        if u.kind == "soldier" and room <= 0:
                            self.lose_soldier(u, "dispersed", "R-CARDS")
                            continue
                        u.in_castle = True
                        room -= u.kind == "soldier"
                    for e in enemy_units(st, s, fac):
                        e.in_castle = False
                    self.set_control(s, clan)
                else:
                    for u in soldiers(mine):
                        self.lose_soldier(u, "dispersed", "R-CARDS")
            elif sector_faction(st, s) != fac:
                self.set_control(s, clan)
        self.check_clans()

    def advance_entries(self) -> None:
        """15.4 (ruling A-19): fighting Enryaku-ji brings the neutral powers closer."""
        st = self.state
        for clan in sorted(st.entry):
            t = st.entry[clan]
            if t <= st.turn + 1:
                continue
            roll = sum(self.dice.roll(ruling("neutral_entry")["dice"], f"{clan} entry", "15.4"))
            st.entry[clan] = max(st.turn + 1, t - roll)
            self.emit(EntryAdvanced(clan, st.entry[clan]))

    # -- views ----------------------------------------------------------------------------------
    def _decision_view(self) -> dict:
        """The pending decision; for a Good Luck offer the (public) dice it would reroll."""
        dec = self.state.decision
        out = {"kind": dec.kind, "side": dec.side}
        if dec.kind == "luck":
            entry = self.state.battle.queue[int(dec.scope)]
            out.update(hits=int(entry[2]), dice=len(soldiers(battle.firing_units(self, entry[4], entry[5]))))
        elif dec.kind == "fate":
            out["leader"] = dec.scope
        return out

    def visible_events(self, side: str | None) -> list:
        return events_for(self.events, None if side is None else hand_of(self.state, side))

    def view(self, side: str | None) -> dict:
        """Counters are open; hands, the deck order and the cup's draw order are hidden."""
        st = self.state
        own = None if side is None else hand_of(st, side)
        units = [{"id": u.id, "kind": u.kind, "clan": u.clan, "sector": u.sector,
                  "in_castle": u.in_castle, "guard": u.guard, "rank": u.rank,
                  "status": u.status, "player": player_of(st, u), "faction": faction(st, u)}
                 for u in st.units.values() if u.status in ("map", "wounded")]
        hands = {h: (list(cs) if own is None or h == own else len(cs)) for h, cs in st.hands.items()}
        act = st.active
        return {
            "mode": st.mode, "turn": st.turn, "phase": st.phase, "to_act": self.to_act(),
            "active": None if act is None else {"chit": act.chit, "player": act.player, "mp": act.mp},
            "pool": sorted(st.pool), "end_turn": "pool" if st.end_turn_in_pool else "Kyoto",
            "units": units, "control": dict(st.control), "castle": dict(st.castle),
            "factions": dict(st.clan_faction), "gone": list(st.gone_clans),
            "entry": dict(st.entry), "capital": st.capital, "azuchi": st.azuchi,
            "hands": hands, "deck": len(st.deck), "discard": list(st.discard),
            "decision": None if st.decision is None else self._decision_view(),
            "battle": None if st.battle is None else {"sector": st.battle.sector,
                                                       "attacker": st.battle.attacker,
                                                       "defender": st.battle.defender},
            "good_luck": dict(st.good_luck), "winner": st.winner, "reason": st.reason,
        }
