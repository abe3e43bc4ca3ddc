"""The Hellas game: the sequence of play (New Year, four Seasons and Winter, each with
initiative and two Player Turns of an Action or Event phase and a Combat phase) driving the
rule modules through the protocol. This file only sequences; the rules live in the modules."""
from __future__ import annotations

from sim.board import Block, CardPile
from sim.core.errors import RuleError, ScenarioError, shorten
from sim.core.events import Note
from sim.core.protocol import Game, Result
from sim.hellas import actions as A
from sim.hellas import battles, building, cards, movement, olympians, seasons, siege
from sim.hellas import events as E
from sim.hellas.mapdata import load_hellas_map
from sim.hellas.query import (area_of, cargo, fleets_at, inside, is_fleet, upright,
                              used_capacity, controller)
from sim.hellas.rulings import RULINGS
from sim.hellas.setup import build_state, parse
from sim.hellas.stats import game_stats
from sim.hellas.state import BOX, POOL, SEASONS, SIDES, WINTER, HellasState, Turn, in_city, other
from sim.hellas.view import build_view


class HellasGame(Game):
    system = "hellas"
    # Cards dealt or shown, blocks turned face up, Hermes' intelligence (core undo).
    undo_barriers = (E.CardsDealt, E.CardsRevealed, E.BlockRevealed, E.IntelGathered)
    state: HellasState

    def __init__(self, state, scenario, seed):
        super().__init__(state, scenario, seed)
        self.map = load_hellas_map().fortified(state.forts)   # ruling H-50

    # -- set-up ----------------------------------------------------------------------------
    @classmethod
    def check(cls, scenario: dict, where: str, **options) -> None:
        if options:
            raise ScenarioError(where, "options", f"Hellas has no optional rules to switch "
                                                  f"(got {shorten(sorted(options))})")
        parse(scenario, where, load_hellas_map())

    @classmethod
    def new(cls, scenario: dict, seed: int, **options) -> "HellasGame":
        if options:
            raise RuleError("options", f"unknown options {sorted(options)}", cls.system)
        sc = parse(scenario, "scenario", load_hellas_map())
        game = cls(build_state(sc, load_hellas_map(), seed), scenario, seed)
        game.run_step(game._new_year_deal)   # the first deal happens before the first action
        return game

    def set_state(self, state) -> None:
        super().set_state(state)
        self.map = load_hellas_map().fortified(state.forts)   # ruling H-50

    # -- protocol --------------------------------------------------------------------------
    def sides(self):
        return SIDES

    def stats(self) -> dict:
        """Per-game numbers for batch runs (sim/hellas/stats.py)."""
        return game_stats(self)

    def is_over(self) -> bool:
        return self.state.over

    def result(self):
        if not self.state.over:
            return None
        return Result(self.state.winner, self.state.end_reason, {"prestige": float(self.state.prestige)})

    def length(self) -> str:
        st = self.state                                 # years are BC: they count down
        return f"{st.first_year - st.last_year + 1} years"

    def summary(self) -> str:
        st = self.state
        return (f"hellas {st.first_year}-{st.last_year} BC, {len(st.blocks)} blocks, "
                f"{len(self.map.cities)} cities, Prestige {st.prestige:+d}")

    def view(self, side):
        return build_view(self, side)

    def to_act(self):
        st = self.state
        if st.over:
            return None
        if st.phase in ("newyear", "initiative"):
            return next(s for s in SIDES if s not in st.committed)
        if st.phase == "newyear_event":
            return st.newyear_events[0]
        if st.phase == "appeal":
            return st.appeals[0]
        if st.phase == "window":
            return st.window[0]
        if st.phase == "apollo":
            return other(st.pending_event[0])
        if st.phase in ("withdraw", "surrender", "escape"):
            return other(st.turn.active)
        return st.turn.active

    # -- legal actions -----------------------------------------------------------------------
    def legal_actions(self, side):
        st = self.state
        if st.over or side != self.to_act():
            return []
        ph = st.phase
        if ph in ("newyear", "initiative"):
            uses = ("event", "sacrifice") if ph == "newyear" else ("event", "action")
            out = []
            for card in sorted(st.piles[side].hand):
                for use in uses:
                    if use != "event" or self._event_ok(side, card, ph == "newyear"):
                        out.append(A.Commit(side, card, use))
            return out
        if ph == "appeal":
            return [A.Appeal(side, n) for n in olympians.appeal_options(st)]
        if ph == "window":
            return [A.Invoke(side, n, t) for n, t in olympians.season_options(self, side)] + [A.Pass(side)]
        if ph == "apollo":
            return [A.Invoke(side, "Apollo", st.pending_event[1]), A.Pass(side)]
        if ph in ("event", "newyear_event"):
            event = self._current_event(side)
            return [A.ChooseTarget(side, t) for t in cards.targets(self, side, event, ph == "newyear_event")]
        if ph == "actions":
            return self._action_phase_options(side)
        if ph == "sortie":
            return [A.Sortie(side, b.id) for b in self._sortie_candidates()] + [A.EndSorties(side)]
        if ph == "withdraw":
            return [A.Withdraw(side, b, c) for b, c in self._withdraw_options()] + [A.EndWithdraw(side)]
        if ph == "combat":
            return self._combat_options(side)
        if ph == "surrender":
            return [A.Surrender(side, st.turn.assault, True), A.Surrender(side, st.turn.assault, False)]
        if ph == "escape":
            return [A.Escape(side, f, c) for f, c in siege.escape_options(self, st.turn.assault)] + [A.EndEscape(side)]
        return []

    def _event_ok(self, side, card, newyear) -> bool:
        info = self.state.cards[card]
        if info["side"] not in ("any", side):
            return False
        return not RULINGS["event_needs_prerequisite"] or bool(cards.targets(self, side, info["event"], newyear))  # ruling H-3

    def _current_event(self, side) -> str:
        return self.state.cards[self.state.committed[side][0]]["event"]

    def _action_phase_options(self, side):
        st = self.state
        out: list = []
        for b in sorted(st.blocks.values(), key=lambda b: b.id):
            if b.side != side or (st.turn.periplous and (not is_fleet(b) or st.turn.moved)):
                continue
            for path, carry in movement.legal_moves(self, b):
                out.append(A.MoveBlock(side, b.id, path, carry))
        if st.turn.periplous and st.turn.actions_left >= 1:
            out += [A.Pillage(side, a) for a in sorted({st.blocks[b].location for b in st.turn.moved})
                    if not self.map.is_sea(a) and building.pillage_ok(self, a)]
        elif st.turn.actions_left >= 1 and not st.turn.forced_march:
            areas = sorted({area_of(self.map, b.location) for b in st.blocks.values()
                            if b.side == side and b.location not in (POOL, BOX) and not self.map.is_sea(b.location)})
            out += [A.Pillage(side, a) for a in areas if building.pillage_ok(self, a)]
            out += self._build_options(side)
            if RULINGS["organise_cost"] <= st.turn.actions_left:
                out += [A.Organise(side, c) for c in sorted(st.holder) if building.organise_ok(self, c)]
            if (cards.leader(st, side) == "Demosthenes" and cards.fortify_ok(self, side)
                    and RULINGS["demosthenes_fortify_cost"] <= st.turn.actions_left):  # ruling H-54
                out.append(A.Fortify(side, RULINGS["fortify_pylos"]["site"]))
        elif st.turn.build_actions >= 1:
            out += self._build_options(side)   # ruling H-57: Persian Aid's Actions build only
        if not (st.turn.forced_march or st.turn.periplous):
            out += [A.Invoke(side, n, t) for n, t in olympians.action_options(self, side)]
        out.append(A.EndActions(side))
        return out

    def _build_options(self, side):
        out: list = []
        for b in sorted(self.state.blocks.values(), key=lambda b: b.id):
            if b.side != side:
                continue
            if building.reinforce_ok(self, b):
                out.append(A.Reinforce(side, b.id))
            out += [A.Levy(side, b.id, c) for c in building.levy_cities(self, b)]
        return out

    def _combat_options(self, side):
        st = self.state
        if st.turn.battles:
            fields = set(b for b in st.turn.battles if not b.startswith(battles.SORTIE))
            # ruling H-13: relief battles before the sortie from the same city
            athena = (False, True) if olympians.held(st, side, "Athena") else (False,)
            return [A.Fight(side, loc, fav) for loc in st.turn.battles for fav in athena
                    if not (loc.startswith(battles.SORTIE)
                            and self.map.cities[loc[len(battles.SORTIE):]].area in fields)]
        out: list = []
        for city in sorted(st.sieges):
            if siege.eligible(self, city, "assault") and not st.turn.treachery:
                out.append(A.Assault(side, city))
                if olympians.held(st, side, "Athena"):
                    out.append(A.Assault(side, city, True))
            if siege.eligible(self, city, "attrition"):
                out.append(A.Attrition(side, city))
        out.append(A.EndCombat(side))
        return out

    def _sortie_candidates(self) -> list[Block]:
        """8.3: besieged blocks of the active side (garrisons never sortie), declared one by one
        (ruling H-41)."""
        st = self.state
        out = []
        for city, s in sorted(st.sieges.items()):
            if s.besieger == other(st.turn.active):
                out += [b for b in inside(st, city) if b.id not in st.turn.sorties]
        return out

    def _withdraw_options(self) -> list[tuple[str, str]]:
        """ruling H-23: the defender may shelter blocks in its walled city before the battle."""
        st, m = self.state, self.map
        side = other(st.turn.active)
        out = []
        for area in st.turn.withdraw_areas:
            for c in m.cities_in(area):
                if not c.walled or controller(st, m, c.name) != side or c.name in st.sieges:
                    continue
                if used_capacity(st, c.name) >= c.capacity:
                    continue
                out += [(b.id, c.name) for b in upright(st, area, side) if c.port or not is_fleet(b)]
        return out

    # -- validation ------------------------------------------------------------------------
    PHASE_RULE = {"newyear": "10.4", "initiative": "3.3", "event": "3.0", "newyear_event": "10.4",
                  "actions": "4.0", "sortie": "8.3", "withdraw": "7.0", "combat": "8.0",
                  "surrender": "8.1.3", "escape": "8.1.2", "appeal": "10.41", "window": "11.0",
                  "apollo": "11.0"}
    KIND_PHASE = {A.Commit: ("newyear", "initiative"), A.ChooseTarget: ("event", "newyear_event"),
                  A.MoveBlock: ("actions",), A.Pillage: ("actions",), A.Reinforce: ("actions",),
                  A.Levy: ("actions",), A.Organise: ("actions",), A.Fortify: ("actions",),
                  A.EndActions: ("actions",),
                  A.Sortie: ("sortie",), A.EndSorties: ("sortie",), A.Withdraw: ("withdraw",),
                  A.EndWithdraw: ("withdraw",), A.Fight: ("combat",), A.Assault: ("combat",),
                  A.Attrition: ("combat",), A.EndCombat: ("combat",), A.Surrender: ("surrender",),
                  A.Escape: ("escape",), A.EndEscape: ("escape",), A.Appeal: ("appeal",),
                  A.Invoke: ("window", "apollo", "actions"), A.Pass: ("window", "apollo")}

    def validate(self, action) -> None:
        st = self.state
        phases = self.KIND_PHASE.get(type(action))
        if phases is None:
            raise RuleError("2.0", f"{action!r} is not a Hellas action", self.system)
        if st.phase not in phases:
            raise RuleError(self.PHASE_RULE.get(st.phase, "2.0"),
                            f"{action.kind} is not possible in the {st.phase} phase", self.system)
        if action.side == self.to_act() and action in self._candidates(action):
            return
        rule, msg = self._why(action)
        raise RuleError(rule, msg, self.system)

    def _candidates(self, a) -> list:
        """The legal actions an action must be one of (a single block's moves for a move)."""
        if isinstance(a, A.MoveBlock):
            b = self.state.blocks.get(a.block)
            if b is None or b.side != a.side:
                return []
            return [A.MoveBlock(a.side, b.id, p, c) for p, c in movement.legal_moves(self, b)]
        return self.legal_actions(a.side)

    def _why(self, a) -> tuple[str, str]:
        st, m = self.state, self.map
        if isinstance(a, A.Commit):
            if a.card not in st.piles[a.side].hand:
                return "3.3", f"{a.card} is not in {a.side}'s hand"
            return "3.3", f"{a.card} cannot be committed for {a.use!r} (prerequisite or use not allowed)"
        if isinstance(a, A.MoveBlock):
            b = st.blocks.get(a.block)
            if b is None or b.side != a.side:
                return "5.1", f"{a.block} is not a block of {a.side}"
            if b.location.startswith("city:") and not is_fleet(b):
                return "7.4", "besieged land blocks cannot move; they may only sortie"
            if b.id in st.turn.moved:
                return "5.1", "a block moves once per Player Turn"
            if self.activation_cost(b) > st.turn.actions_left:
                return "4.0", "no Action left to activate this area"
            if b.location.startswith("city:") and len(a.path) > 1 and a.path[1] != m.cities[b.location[5:]].offshore_sea:
                return "7.4", "a besieged fleet may leave only into its port's offshore sea"
            if a.carry:
                return "5.21", "a fleet carries one unmoved Greek land block with fewer steps, landing it the same move"
            if is_fleet(b):
                return "5.2", f"no legal fleet move along {a.path}"
            return "5.1", f"no legal land move along {a.path}"
        if isinstance(a, A.Pillage):
            return "5.5", f"{a.area} cannot be pillaged now"
        if isinstance(a, (A.Reinforce, A.Levy)):
            return ("8.2.1" if self._blockaded_build(a) else "4.2"), "this block cannot be built here now"
        if isinstance(a, A.Organise):
            return "4.2.3", f"no garrison can be organised in {a.city}"
        if isinstance(a, A.Fortify):
            return "3.0", "only Demosthenes' Athens may fortify Pylos, with a block or fleet nearby (ruling H-54)"
        if isinstance(a, A.Sortie):
            return "8.3", "only besieged non-garrison blocks of the active side may sortie"
        if isinstance(a, A.Withdraw):
            return "7.0", "that block cannot withdraw into that city (capacity, control or type)"
        if isinstance(a, A.Fight):
            return "6.0", f"no battle to fight at {a.location} now"
        if isinstance(a, A.Assault):
            if st.turn.use != "action":
                return "8.1", "Assaults are possible only in Action turns"
            return "8.0", f"{a.city} is not eligible for an Assault (siege not from a previous Season)"
        if isinstance(a, A.Attrition):
            c = m.cities.get(a.city)
            if c is not None and c.port and a.city in st.sieges:
                return "8.2.1", f"{a.city} must be blockaded and besieged since the previous Season"
            return "8.0", f"{a.city} is not eligible for Siege Attrition"
        if isinstance(a, A.EndCombat):
            return "6.0", "every battle must be fought before the Combat phase ends"
        if isinstance(a, A.Escape):
            return "8.1.2", "besieged fleets escape only into a free offshore sea with one smaller land block"
        if isinstance(a, A.ChooseTarget):
            return "3.0", f"{a.target!r} is not a legal target"
        if isinstance(a, (A.Appeal, A.Invoke)):
            return "11.0", f"{a.olympian} is not available to {a.side} now (held, used, or not its moment)"
        return "2.0", f"{a!r} is not legal now"

    def _blockaded_build(self, a) -> bool:
        b = self.state.blocks.get(a.block)
        c = b.location[5:] if b and b.location.startswith("city:") else getattr(a, "city", "")
        return bool(c) and c in self.state.sieges and not building.can_build_in(self, c)

    # -- execution ---------------------------------------------------------------------------
    def _execute(self, a) -> None:
        st = self.state
        if isinstance(a, A.Commit):
            return self._commit(a)
        if isinstance(a, A.ChooseTarget):
            return self._target(a)
        if isinstance(a, A.MoveBlock):
            return movement.move(self, st.blocks[a.block], a.path, a.carry)
        if isinstance(a, A.Pillage):
            st.turn.actions_left -= 1
            return building.pillage(self, a.area)
        if isinstance(a, A.Reinforce):
            self._spend_build_action()
            return building.reinforce(self, st.blocks[a.block])
        if isinstance(a, A.Levy):
            self._spend_build_action()
            return building.levy(self, st.blocks[a.block], a.city)
        if isinstance(a, A.Fortify):
            st.turn.actions_left -= RULINGS["demosthenes_fortify_cost"]  # ruling H-54
            cards.fortify(self, a.side)
            return
        if isinstance(a, A.Organise):
            st.turn.actions_left -= RULINGS["organise_cost"]  # ruling H-7
            return building.organise(self, a.city)
        if isinstance(a, A.EndActions):
            return self._end_action_phase()
        if isinstance(a, A.Sortie):
            st.turn.sorties.append(a.block)
            return
        if isinstance(a, A.EndSorties):
            return self._open_battles()
        if isinstance(a, A.Withdraw):
            b = st.blocks[a.block]
            b.location = in_city(a.city)
            self.emit(E.Withdrew(a.side, b.id, a.city))
            return
        if isinstance(a, A.EndWithdraw):
            st.turn.withdraw_areas = []
            st.turn.battles = battles.pending_battles(self)
            return self._after_battle()
        if isinstance(a, A.Appeal):
            st.olympians[a.olympian] = a.side
            st.appeals.pop(0)
            self.emit(E.OlympianChosen(a.side, a.olympian))
            return self._next_appeal()
        if isinstance(a, A.Invoke):
            return self._invoke(a)
        if isinstance(a, A.Pass):
            return self._pass(a)
        if isinstance(a, A.Fight):
            if a.athena:
                olympians.spend(self, a.side, "Athena", a.location)
                st.turn.athena = True
            st.turn.battles.remove(a.location)
            battles.fight_location(self, a.location)
            return self._after_battle()
        if isinstance(a, A.Attrition):
            return siege.attrition(self, a.city)
        if isinstance(a, A.Assault):
            if a.athena:
                olympians.spend(self, a.side, "Athena", a.city)
                st.turn.athena = True
            st.turn.sieges_done.append(a.city)
            st.turn.assault = a.city
            self.emit(E.SiegeCombatDeclared(a.city, a.side, "assault"))
            st.phase = "surrender"
            return
        if isinstance(a, A.Surrender):
            return self._surrender(a)
        if isinstance(a, A.Escape):
            return siege.escape(self, st.turn.assault, a.fleet, a.carry)
        if isinstance(a, A.EndEscape):
            return self._fight_assault()
        if isinstance(a, A.EndCombat):
            return self._end_player_turn()
        raise AssertionError(a)

    def _spend_build_action(self) -> None:
        """Persian Aid's build-only Actions are spent first (ruling H-57)."""
        turn = self.state.turn
        if turn.build_actions:
            turn.build_actions -= 1
        else:
            turn.actions_left -= 1

    # -- New Year and cards ------------------------------------------------------------------
    def _new_year_deal(self) -> None:
        """10.0: collect every card not in play (leaders stay, ruling H-52), shuffle, deal 6
        each; then the New Year commitment."""
        st = self.state
        if st.year <= RULINGS["persian_aid"]["from_year"]:
            cards.persian_aid(self, f"New Year {st.year} BC")   # ruling H-57
        st.cards = cards.deck_table(st.year <= cards.LATE_WAR_YEAR)   # ruling H-58
        in_play = {l[2] for l in st.leaders.values() if len(l) > 2}
        deck = sorted(c for c in st.cards if c not in in_play)
        self.dice.shuffle(deck, "shuffle the deck", "10.0")
        st.piles = {s: CardPile(hand=sorted(deck[i * 6:(i + 1) * 6])) for i, s in enumerate(SIDES)}
        st.committed = {}
        st.olympians, st.olympians_used, st.intel, st.demeter = {}, [], {}, {}   # tokens return
        st.phase = "newyear"
        self.emit(E.CardsDealt(st.year, 6))

    def _commit(self, a) -> None:
        st = self.state
        st.piles[a.side].play(a.card)
        st.committed[a.side] = [a.card, a.use]
        self.emit(E.CardCommitted(a.side, a.card, a.use))
        if len(st.committed) < 2:
            return
        plays = {s: (st.cards[c], u) for s, (c, u) in st.committed.items()}
        if st.phase == "newyear":
            self.emit(E.CardsRevealed(self._plays(), "sparta", "10.4"))
            # ruling H-4: Sparta's Event first; ruling H-37: a Sacrifice only discards
            st.newyear_events = [s for s in SIDES if st.committed[s][1] == "event"]
            return self._next_newyear_event()
        first = cards.first_player(plays)
        st.order = [first, other(first)]
        self.emit(E.CardsRevealed(self._plays(), first))
        st.window = [s for s in SIDES if olympians.season_options(self, s)]
        self._next_window()

    def _next_window(self) -> None:
        """§13: Zeus and Demeter are invoked once the Season's cards are revealed."""
        st = self.state
        st.window = [s for s in st.window if olympians.season_options(self, s)]
        if st.window:
            st.phase = "window"
            return
        self._start_player_turn(0)

    def _next_appeal(self) -> None:
        st = self.state
        st.appeals = [s for s in st.appeals if olympians.appeal_options(st)]
        if st.appeals and RULINGS["olympians"]:  # ruling H-37
            st.phase = "appeal"
            return
        st.appeals = []
        self._start_season()

    def _invoke(self, a) -> None:
        st = self.state
        if st.phase == "apollo":
            side, event, target, where = st.pending_event
            st.pending_event = []
            olympians.spend(self, a.side, "Apollo", event)
            self.emit(E.EventResolved(side, event, target, "cancelled by Apollo"))
            return self._after_event(where)
        olympians.invoke(self, a.side, a.olympian, a.target)
        if st.phase == "window":
            st.window.pop(0)
            self._next_window()

    def _pass(self, a) -> None:
        st = self.state
        if st.phase == "apollo":
            side, event, target, where = st.pending_event
            st.pending_event = []
            cards.resolve(self, side, event, target)
            return self._after_event(where)
        st.window.pop(0)
        self._next_window()

    def _event(self, side: str, event: str, target: str, where: str) -> None:
        """Resolve an Event, first letting the enemy's Apollo cancel a Plague or Storm (§13)."""
        st = self.state
        if event == "Periplous":
            # reference §7.6: one fleet (with a carried block) moves, then may Pillage unbesieged
            st.turn.actions_left, st.turn.periplous = 2, True
            st.phase = "actions"
            self.emit(E.EventResolved(side, event, "", "naval raid"))
            return
        if event == "Forced March":
            # reference §7.6: an Event turn with one Move at +1 movement allowance
            st.turn.actions_left, st.turn.forced_march = 1, True
            st.phase = "actions"
            self.emit(E.EventResolved(side, event, "", "one forced move"))
            return
        if event in ("Plague", "Storm") and olympians.held(st, other(side), "Apollo"):
            st.pending_event = [side, event, target, where]
            st.phase = "apollo"
            return
        cards.resolve(self, side, event, target)
        self._after_event(where)

    def _after_event(self, where: str) -> None:
        if self.state.over:
            return
        if where == "turn":
            return self._begin_combat()
        self._next_newyear_event()

    def _plays(self) -> tuple:
        st = self.state
        return tuple((s, c, st.cards[c]["value"], st.cards[c]["event"], u) for s, (c, u) in sorted(st.committed.items()))

    def _next_newyear_event(self) -> None:
        st = self.state
        while st.newyear_events and not st.over:
            side = st.newyear_events[0]
            event = self._current_event(side)
            tg = cards.targets(self, side, event, True)
            if not tg:
                self.emit(Note(f"{event} has no effect now", "10.4"))
                st.newyear_events.pop(0)
                continue
            if tg == [""]:
                st.newyear_events.pop(0)
                return self._event(side, event, "", "newyear")
            st.phase = "newyear_event"
            return
        if not st.over:
            # ruling H-4: Sparta chooses its Olympian first
            st.appeals = [s for s in SIDES if st.committed[s][1] == "sacrifice"]
            self._next_appeal()

    def _target(self, a) -> None:
        st = self.state
        event = self._current_event(a.side)
        if st.phase == "newyear_event":
            st.newyear_events.pop(0)
            return self._event(a.side, event, a.target, "newyear")
        if event == "Treachery":
            st.turn.treachery = True
            st.turn.sieges_done.append(a.target)
            st.turn.assault = a.target
            self.emit(E.SiegeCombatDeclared(a.target, a.side, "treachery"))
            st.phase = "surrender"
            return
        self._event(a.side, event, a.target, "turn")

    # -- Seasons and Player Turns ------------------------------------------------------------
    def _start_season(self) -> None:
        st = self.state
        st.committed = {}
        st.phase = "initiative"
        self.emit(E.SeasonStarted(st.year, SEASONS[st.season]))

    def _start_player_turn(self, index: int) -> None:
        st = self.state
        st.turn_index = index
        side = st.order[index]
        card, use = st.committed[side]
        st.turn = Turn(active=side, card=card, use=use)
        if use == "action":
            mod = st.leaders.get(side, ["", 0])[1] if RULINGS["leader_adds_actions"] else 0  # ruling H-2
            st.turn.actions_left = max(1, st.cards[card]["value"] + mod)
            if side == "sparta" and st.persian_aid:
                st.turn.build_actions = RULINGS["persian_aid"]["build_actions"]   # ruling H-57
            st.phase = "actions"
            self.emit(E.PlayerTurnStarted(side, use, st.turn.actions_left))
            return
        self.emit(E.PlayerTurnStarted(side, use, 0))
        event = st.cards[card]["event"]
        tg = cards.targets(self, side, event)
        if not tg:
            self.emit(Note(f"{event} has no effect now", "3.0"))
            return self._begin_combat()
        if tg == [""]:
            return self._event(side, event, "", "turn")
        st.phase = "event"

    def _end_action_phase(self) -> None:
        siege.check_sieges(self)
        siege.control_check(self)
        self._begin_combat()

    def _begin_combat(self) -> None:
        st = self.state
        if st.turn.use == "action" and self._sortie_candidates():
            st.phase = "sortie"
            return
        self._open_battles()

    def _open_battles(self) -> None:
        st = self.state
        st.turn.battles = battles.pending_battles(self)
        st.turn.withdraw_areas = [loc for loc in st.turn.battles
                                  if not loc.startswith(battles.SORTIE) and not self.map.is_sea(loc)]
        st.phase = "withdraw"
        if not self._withdraw_options():
            st.turn.withdraw_areas = []
            st.phase = "combat"
            self._after_battle()

    def _after_battle(self) -> None:
        """When the last battle is fought, sieges are established (7.0); then Siege Combat."""
        st = self.state
        st.phase = "combat"
        st.turn.battles = [b for b in st.turn.battles if b in battles.pending_battles(self)]
        if not st.turn.battles and not st.over:
            siege.establish_sieges(self)

    def _surrender(self, a) -> None:
        st = self.state
        city = st.turn.assault
        if a.accept:
            siege.surrender(self, city)
            return self._assault_done()
        if st.turn.treachery:
            if cards.treachery_roll(self, city):
                siege.assault(self, city, treachery=True)
            return self._assault_done()
        if siege.escape_options(self, city):
            st.phase = "escape"
            return
        self._fight_assault()

    def _fight_assault(self) -> None:
        """8.1.2 / ruling H-42: fight the Assault's next rounds; the besieged side is asked
        again (phase escape) between rounds while its fleets may still retreat."""
        if siege.fight_assault(self):
            return self._assault_done()
        self.state.phase = "escape"

    def _assault_done(self) -> None:
        st = self.state
        st.turn.assault = ""
        if st.over:
            return
        if st.turn.treachery and st.turn.use == "event" and st.phase in ("surrender", "escape"):
            # the Treachery Assault came in the Event phase; now the Combat phase opens
            return self._open_battles()
        st.phase = "combat"

    def _end_player_turn(self) -> None:
        st = self.state
        siege.capture_unwalled(self)
        siege.check_sieges(self)
        siege.control_check(self)
        battles.winter_sea_losses(self, st.turn.active)
        if st.over:
            return
        if st.turn_index == 0:
            return self._start_player_turn(1)
        self._end_season()

    def _end_season(self) -> None:
        st = self.state
        st.turn = None
        if st.season == WINTER:
            seasons.winter_supply(self)
            return self._new_year()
        st.season += 1
        st.season_count += 1
        self._start_season()

    def _new_year(self) -> None:
        """10.0: Tribute, Victory Check, advance the Year, deal (the first Year skips the first
        three); after the scenario's last Year, the final check (ruling H-35)."""
        st = self.state
        final = st.year <= st.last_year
        seasons.tribute(self)
        seasons.victory_check(self, final)
        if st.over:
            return
        st.year -= 1
        st.season = 0
        st.season_count += 1
        st.pillaged = []
        st.leader_left = False
        self._new_year_deal()

    # -- helpers used by the rule modules ----------------------------------------------------
    def enterable(self, loc: str) -> bool:
        return RULINGS["sicily_in_play"] or not self.map.is_inset(loc)  # ruling H-45

    def activation_cost(self, b: Block) -> int:
        return 0 if area_of(self.map, b.location) in self.state.turn.activated else 1  # ruling H-5

    def border_open(self, a: str, b: str, side: str, uses=None) -> bool:
        """ruling H-9: pass limits per Player Turn; straits barred by an enemy fleet in a sea
        touching both shores."""
        kind = self.map.board.kind(a, b)
        if kind == "pass":
            return self.state.turn.pass_use.get(movement.pass_key(a, b), 0) < RULINGS["pass_limit"]
        if kind == "strait":
            seas = set(self.map.seas_of(a)) & set(self.map.seas_of(b))
            return not any(fleets_at(self.state, s, other(side)) for s in seas)
        return True

    def note_border(self, a: str, b: str, side: str) -> None:
        if self.map.board.kind(a, b) == "pass" and self.state.turn is not None:
            key = movement.pass_key(a, b)
            self.state.turn.pass_use[key] = self.state.turn.pass_use.get(key, 0) + 1

    def eliminate(self, b: Block, rule: str) -> None:
        """Eliminated Greek blocks go to the recruitment pool, barbarians to their box; a
        fleet's cargo shares its fate (ruling H-12)."""
        where = b.location
        for c in cargo(self.state, b):
            self.eliminate(c, rule)
        b.location = BOX if b.marks.get("cls") == "barbarian" else POOL
        b.steps = 0
        b.marks.pop("aboard", None)
        self.emit(E.BlockEliminated(b.side, b.id, where, rule))

    def secret_step_loss(self, b: Block, n: int, rule: str) -> None:
        where = b.location
        b.steps -= n
        self.emit(E.SecretStepLoss(b.side, b.id, max(0, b.steps), where, rule))
        if b.steps <= 0:
            self.eliminate(b, rule)

    def add_prestige(self, side: str, amount: int, reason: str, rule: str) -> None:
        st = self.state
        st.prestige += amount if side == "athens" else -amount
        self.emit(E.PrestigeChanged(side, amount, st.prestige, reason, rule))

    def finish(self, winner: str | None, reason: str) -> None:
        st = self.state
        if st.over:
            return
        st.over, st.winner, st.end_reason, st.phase = True, winner, reason, "over"
        self.emit(E.GameOver(winner, reason))
