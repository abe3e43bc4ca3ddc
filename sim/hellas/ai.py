"""Scripted opponent for Athens or Sparta (reference §18), scoring each legal action from the
side's own view only: its blocks in full, the enemy as block counts per location. Levels and
seeded noise come from sim.ai.scored.ScoredPlayer, so a game is deterministic given the seeds."""
from __future__ import annotations

from sim.hellas.mapdata import load_hellas_map
from sim.hellas.odds import Unit, forecast
from sim.hellas.query import area_of
from sim.hellas.state import other

EST_STEPS = 2.5                        # what one unseen enemy block is guessed to be worth
CAPITAL_AREA = {"athens": "Attica", "sparta": "Laconia"}
CAPITAL_CITY = {"athens": "Athens", "sparta": "Sparta"}
CAPITAL_SEA = {"athens": "Saronic Gulf", "sparta": ""}   # Sparta is no port
HOME_GUARD = 6                         # own steps the AI keeps in its capital's area
HOME_FLEETS = 2                        # Athenian fleets kept at Athens against a grain blockade
GULF_GUARD = 6                         # Athenian fleet steps kept in the Saronic Gulf (8.2.1, H-63)
APPEAL_VALUE = {"Ares": 2.0, "Athena": 1.8, "Zeus": 1.5, "Demeter": 1.4, "Apollo": 1.2,
                "Poseidon": 1.0, "Hermes": 0.5}
INVOKE_VALUE = {"Ares": 2.5, "Apollo": 3.0, "Demeter": 2.0, "Poseidon": 0.1, "Hermes": 0.1}
EVENT_VALUE = {"Plague": 2.6, "Civil War": 2.2, "Treachery": 2.4, "Storm": 1.3, "Revolt": 2.3,
               "Periplous": 2.0, "Barbarian Allies": 1.5, "Forced March": 1.0, "Fortify Pylos": 1.8,
               "Helot Revolt": 2.0, "Persian Gold": 2.5, "Brasidas": 2.2, "Lysander": 2.0,
               "Cleon": 1.2, "Demosthenes": 1.2, "Nicias": 0.8, "Agis": 0.3}


# hard's guess at an unseen enemy block (the view shows counts only): its usual rating
GUESS = {("sparta", "sea"): "F2", ("athens", "sea"): "E2", ("sparta", "land"): "C2", ("athens", "land"): "C2"}


class HellasScorer:
    def __init__(self, hard: bool = False):
        self.m = load_hellas_map()
        self.hard = hard           # hard weighs battles by their forecast (sim/hellas/odds.py)

    def prepare(self, game, side: str) -> None:
        v = game.view(side)          # the only game information used
        self.v, self.side, self.enemy = v, side, other(side)
        self.mine: dict[str, int] = {}
        self.land: dict[str, int] = {}
        self.blocks = {b["id"]: b for b in v["blocks"]}
        for b in v["blocks"]:
            self.mine[b["location"]] = self.mine.get(b["location"], 0) + b["steps"]
            if b["kind"] != "fleet":
                area = self.m.cities[b["location"][5:]].area if b["location"].startswith("city:") else b["location"]
                self.land[area] = self.land.get(area, 0) + b["steps"]
        self.fleets_home = sum(1 for b in v["blocks"] if b["kind"] == "fleet"
                               and area_of(self.m, b["location"]) == CAPITAL_AREA[side])
        self.gulf_guard = sum(b["steps"] for b in v["blocks"] if b["kind"] == "fleet"
                              and b["location"] == CAPITAL_SEA[side] and not b["aboard"])
        self.theirs = {loc: c.get(self.enemy, 0) * EST_STEPS for loc, c in v["enemy_blocks"].items()}
        self.hand_cards = v["cards"]

    # -- helpers ------------------------------------------------------------------------------
    def enemy_cities(self, area: str) -> list[str]:
        return [c.name for c in self.m.cities_in(area)
                if self.v["cities"][c.name]["controller"] == self.enemy]

    def score(self, a) -> float:
        fn = getattr(self, "_" + type(a).__name__, None)
        return fn(a) if fn else 0.0

    def _steps(self, block: str) -> int:
        return self.blocks[block]["steps"] if block else 0

    # -- per action ---------------------------------------------------------------------------
    def _Commit(self, a) -> float:
        card = self.hand_cards[a.card]
        if a.use == "action":
            return 1.0 + card["value"]
        if a.use == "sacrifice":
            return 0.5 - card["value"] * 0.1     # sacrifice the weakest card at the New Year
        if card["event"] == "Peace Faction Ascendant":
            lead = self.v["prestige"] * (1 if self.side == "athens" else -1)
            return 5.0 if lead > 4 else -1.0
        return EVENT_VALUE.get(card["event"], 0.0) + (1.0 if self.v["phase"] == "newyear" else 0.0)

    def _Fortify(self, a) -> float:
        return 2.0          # a walled base in Messenia opens the Helot Revolt

    def _ChooseTarget(self, a) -> float:
        if a.target in self.m.cities:
            return 1.0 + self.m.cities[a.target].tribute
        return 1.0 + self.theirs.get(a.target, 0)

    def _MoveBlock(self, a) -> float:
        b = self.blocks[a.block]
        dest, start = a.path[-1], a.path[0]
        fleet = b["kind"] == "fleet"
        score = -0.3
        here = self.mine.get(dest, 0) + b["steps"]
        enemy = self.theirs.get(dest, 0)
        odds = self._attack_value(dest, [self._unit(b, dest)]) if enemy and self.hard else 0.0
        if enemy and self.hard:
            score += odds
        elif enemy:
            score += 3.0 if here >= 1.3 * enemy else -2.5
        if not self.m.is_sea(dest):
            for c in self.m.cities_in(dest):
                info = self.v["cities"][c.name]
                if (info["controller"] == self.side and info["besieged_by"] == self.enemy and not fleet
                        and not (self.hard and odds <= 0)):   # hard: no relief doomed by its forecast
                    # relieve our own besieged city, the capital above all
                    score += 2.0 + (3.0 if dest == CAPITAL_AREA[self.side] else 0.0)
            targets = self.enemy_cities(dest)
            if targets and not fleet:
                score += 2.0 + 0.5 * max(self.m.cities[c].tribute for c in targets)
            if self.side == "sparta" and dest == "Attica" and not fleet:
                score += 2.0
        else:
            for c in self.m.ports_on(dest):
                info = self.v["cities"][c.name]
                if info["controller"] == self.enemy and info["besieged_by"] == self.side:
                    score += 3.0      # 8.2.1: blockade a port we besiege
            if self.side == "sparta" and dest in self.m.grain_seas:
                score += 2.0          # 8.2.2: cut the Black Sea grain
            if self.side == "athens" and dest in self.m.grain_seas and enemy and here >= 0.8 * enemy:
                score += 5.0          # 8.2.2: reopen the grain route
            if fleet and dest == CAPITAL_SEA[self.side] and enemy and here >= 0.8 * enemy:
                score += 6.0          # 8.2.1: lift the blockade of our capital (ruling H-63)
            if fleet and dest == CAPITAL_SEA[self.side] and start != dest and self.gulf_guard < GULF_GUARD:
                score += 3.5          # hold the sea before the capital: the Long Walls need it
        if any(self.v["cities"][c.name]["besieged_by"] == self.side for c in self.m.cities_in(start)) and not fleet:
            score -= 2.5              # do not lift our own siege
        if start == CAPITAL_AREA[self.side] and (not fleet or a.carry) and self.land.get(start, 0) - (0 if fleet else b["steps"]) - self._steps(a.carry) < HOME_GUARD:
            score -= 8.0              # keep an army at home: losing the capital loses the war
        if (fleet and self.side == "athens" and area_of(self.m, start) == "Attica"
                and self.fleets_home - 1 < HOME_FLEETS and dest not in self.m.grain_seas):
            score -= 3.0              # keep a home fleet to guard the Saronic Gulf (8.2.2)
        if fleet and self.side == "athens":
            score += self._athenian_fleet(b, start, dest, enemy)
        if fleet and self.hard and self.side == "sparta" and dest == CAPITAL_SEA["athens"] \
                and self.v["cities"]["Athens"]["besieged_by"] == "sparta":
            # hard: a fleet holding the Saronic Gulf opens Athens to an Assault (ruling H-63)
            score += 4.0 if not enemy else 2.0 if self._attack_value(dest, [self._unit(b, dest)]) > 1.0 else 0.0
        if a.carry:
            score += 0.8
        return score

    # -- hard: battle forecasts -------------------------------------------------------------
    def _unit(self, b: dict, where: str) -> Unit:
        """One of our blocks as it would fight at `where` (fleets on land as C1, ruling H-18)."""
        r = "C1" if b["kind"] == "fleet" and not self.m.is_sea(where) else b["rating"]
        return Unit(r[0], int(r[1:]), b["steps"])

    def _guess(self, loc: str) -> list[Unit]:
        r = GUESS[(self.enemy, "sea" if self.m.is_sea(loc) else "land")]
        n = self.v["enemy_blocks"].get(loc, {}).get(self.enemy, 0)
        return [Unit(r[0], int(r[1:]), EST_STEPS) for _ in range(n)]

    def _guess_city(self, city: str) -> list[Unit]:
        """The besieged: the blocks counted inside and the garrison (7.3), all A2 (8.1)."""
        garrison = [Unit("A", 2, 1)] if self.v["cities"][city]["garrison"] else []
        return self._guess("city:" + city) + garrison

    def _attack_value(self, dest: str, moving: list[Unit]) -> float:
        """What attacking the enemy at `dest` with our blocks there and `moving` is worth."""
        mine = [self._unit(b, dest) for b in self.v["blocks"] if b["location"] == dest and not b["aboard"]]
        return max(-4.0, min(4.0, forecast(mine + moving, self._guess(dest)).value()))

    def _athenian_fleet(self, b: dict, start: str, dest: str, enemy: float) -> float:
        """Athens lives by its fleet: while the Saronic Gulf holds an Athenian fleet no Spartan
        fleet blockades Athens unopposed, so it cannot be Assaulted (8.2.1, ruling H-63)."""
        score = 0.0
        gulf = CAPITAL_SEA["athens"]
        if start == gulf and self.gulf_guard - b["steps"] < GULF_GUARD and not (dest in self.m.grain_seas and enemy):
            score -= 6.0              # do not strip the Gulf's guard
        if self.v["season"] == "Winter" and self.m.is_sea(start) and start != gulf and not self.m.is_sea(dest):
            score += 2.0              # ruling H-32: a fleet left at sea loses a step each Winter
        return score

    def _Appeal(self, a) -> float:
        bonus = 0.6 if (self.side, a.olympian) in (("athens", "Demeter"), ("athens", "Apollo")) else 0.0
        return APPEAL_VALUE[a.olympian] + bonus

    def _Invoke(self, a) -> float:
        if a.olympian == "Zeus":
            return 1.0 if a.target == "first" else 0.4
        return INVOKE_VALUE.get(a.olympian, 0.5)

    def _Pass(self, a) -> float:
        return 0.8

    def _Fight(self, a) -> float:
        return 1.0 + (0.5 if a.athena else 0.0)

    def _Pillage(self, a) -> float:
        return 4.0

    def _Reinforce(self, a) -> float:
        return 1.5

    def _Levy(self, a) -> float:
        return 2.0

    def _Organise(self, a) -> float:
        return 1.8

    def _EndActions(self, a) -> float:
        return 0.2

    def _Sortie(self, a) -> float:
        city = self.blocks[a.block]["location"][5:]
        area = self.m.cities[city].area
        if self.hard:
            out = [self._unit(b, area) for b in self.v["blocks"] if b["location"] == "city:" + city]
            return 2.0 if forecast(out, self._guess(area)).attacker_wins else -2.0
        return 2.0 if self.mine.get("city:" + city, 0) >= 1.5 * self.theirs.get(area, 1) else -2.0

    def _Withdraw(self, a) -> float:
        area = self.m.cities[a.city].area
        if self.hard and not (self.blocks[a.block]["kind"] == "fleet" and a.city == "Athens"):
            mine = [self._unit(b, area) for b in self.v["blocks"] if b["location"] == area and not b["aboard"]]
            fc = forecast(self._guess(area), mine)
            return 3.0 if fc.attacker_wins else -1.0   # shelter only from a battle we would lose
        if self.blocks[a.block]["kind"] == "fleet" and a.city == "Athens":
            return -1.0               # Athens' fleets hold the Saronic Gulf, not the docks (ruling H-63)
        if area == CAPITAL_AREA[self.side]:
            # shelter behind the capital's walls only from a stronger army
            return 3.0 if self.theirs.get(area, 0) > self.land.get(area, 0) else -1.0
        return 2.0 if self.theirs.get(area, 0) > 1.2 * self.mine.get(area, 0) else -1.0

    def _Assault(self, a) -> float:
        area = self.m.cities[a.city].area
        if self.hard:
            mine = [self._unit(b, area) for b in self.v["blocks"] if b["location"] == area and not b["aboard"]]
            fc = forecast(mine, self._guess_city(a.city), assault=True)
            athena = 0.3 if a.athena else 0.0
            if a.city == CAPITAL_CITY[self.enemy]:
                # taking the capital ends the war, and the assaulters stay as besiegers (8.1.2):
                # storm it while the forecast leaves them more than it costs the defenders
                return athena + (8.0 if fc.attacker_wins else 3.0 + fc.value() if fc.defender_lost > 0.5 else -1.0)
            return athena + (3.0 if fc.attacker_wins else 1.0 if fc.value() > 0.5 else -1.0)
        defenders = 2 * (1 + self.theirs.get("city:" + a.city, 0))   # double defense
        return (3.0 if self.mine.get(area, 0) >= 2 * defenders else -1.0) + (0.3 if a.athena else 0.0)

    def _Attrition(self, a) -> float:
        return 2.0

    def _Surrender(self, a) -> float:
        if a.city in ("Athens", "Sparta"):
            return -10.0 if a.accept else 0.0
        own = self.mine.get("city:" + a.city, 0)
        area = self.m.cities[a.city].area
        hopeless = own <= 1 and self.theirs.get(area, 0) >= 2 * EST_STEPS
        return (1.0 if hopeless else -1.0) if a.accept else 0.0

    def _Escape(self, a) -> float:
        area = self.m.cities[self.v["turn"]["assault"]].area
        own = self.mine.get("city:" + self.v["turn"]["assault"], 0)
        return 1.0 if self.theirs.get(area, 0) >= 2 * max(own, 1) else -1.0
