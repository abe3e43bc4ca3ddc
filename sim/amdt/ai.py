"""Scripted opponent for any seat of A Most Dangerous Time (amdt.md §20 heuristics).

It scores every legal action from the seat's view only (counters are open, hands other than
its own are counts) plus the public map, and plays through the generic ScoredPlayer, whose
levels (easy/normal/hard) and seeded noise make it deterministic given its seed."""
from __future__ import annotations

from collections import defaultdict

from sim.ai.scored import LEVELS, ScoredPlayer
from sim.amdt import actions as A
from sim.amdt.ai_odds import Odds
from sim.amdt.data import data
from sim.amdt.movement import link_cost
from sim.amdt.rulings import ruling
from sim.amdt.victory import counts_for_oda

ANTI_TARGETS = {"Gifu": 40, "Kiyosu": 40, "Kannon-ji": 25}
ALLIANCES = ("hideyoshi", "katsuie", "tokugawa")


def public_sphere(v: dict, sector: str) -> str:
    """16.2.2(3), 16.2.5(3): the 4p sphere of a sector from the printed map and the open board
    (Kyoto and, once the Azai are gone or Azuchi stands, Omi are Nobunaga's own)."""
    if sector == "Kyoto":
        return "oda"
    prov = data().province(sector)
    if prov == "Omi" and ("Azai" in v["gone"] or v["azuchi"]):
        return "oda"
    name = data().provinces[prov].get("sphere", "none")
    return name.lower() if name != "none" else ruling("spheres").get(prov, "")   # ruling A-39
ALLIANCE_TARGET = {"hideyoshi": "Takamatsu", "katsuie": "Uozu", "tokugawa": "Tottori"}


class AmdtScorer:
    def __init__(self, level: str = "normal"):
        # hard weighs battles, assaults, retreats and garrisons by their exact odds (ai_odds)
        self.odds = Odds() if level == "hard" else None

    def prepare(self, game, side: str) -> None:
        v = game.view(side)
        self.side = side
        self.fac = "anti" if side in ("anti", "north", "west") else "oda"
        self.v = v
        # 16.2.4(2): in 4p an Oda alliance wins by holding its own sector; there is no six-castle
        # victory (R-VICTORY is the 2p/3p rule), so the hard stakes follow these sectors instead
        self.alliance_goals = data().modes[4]["victory"] if v["mode"] == 4 else {}
        self.strength: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.castle_men: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.nobu = None
        self.boss: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for u in v["units"]:
            if u["status"] != "map":
                continue
            if u["kind"] == "leader":        # R-BATTLE 10.1: the best commander's battle value
                value = data().leaders[u["id"]].get("battle") or 0
                here = self.boss[u["sector"]]
                here[u["faction"]] = max(here[u["faction"]], value)
            if u["kind"] == "soldier":
                self.strength[u["sector"]][u["faction"]] += 1
                if u["in_castle"]:
                    self.castle_men[u["sector"]][u["faction"]] += 1
            if u["id"] == "nobunaga":
                self.nobu = u["sector"]
        self.sudden = {s for s in ANTI_TARGETS if s != "Kannon-ji" or v["azuchi"]}   # 16.2.4(3)
        self.near: dict[str, dict[str, int]] = {}
        self.targets = self._targets()
        self.dist = {t: data().board.distances(t) for t in self.targets}
        self.battle = v["battle"]

    def _targets(self) -> dict[str, float]:
        v = self.v
        out = {}
        for s, clan in v["control"].items():
            fac = v["factions"].get(clan, "") if clan else ""
            if fac in ("", self.fac) or v["castle"].get(s, 0) < 1:
                continue
            if fac == "neutral" and clan in v["entry"]:
                continue
            out[s] = 2.0 * v["castle"][s]
            if self.odds is not None and not self.alliance_goals and counts_for_oda(s, v["castle"][s]):
                out[s] += 8.0          # hard: the castles of Oda's six decide the game (R-VICTORY)
        if self.fac == "anti":
            for s, w in ANTI_TARGETS.items():
                if s != "Kannon-ji" or v["azuchi"]:
                    out[s] = out.get(s, 0) + w
        else:
            if self.side in ALLIANCE_TARGET:
                t = ALLIANCE_TARGET[self.side]
                out[t] = out.get(t, 0) + 30
        return out

    def keep(self, sector: str) -> int:
        """Soldiers a sudden-death castle keeps: a full castle (A-9), more if enemies are near."""
        return max(ruling("castle_capacity") * self.v["castle"].get(sector, 0), self.threat(sector))

    def threat(self, sector: str) -> int:
        """Enemy soldiers within three links of a sector (one activation's march)."""
        near = self.dist_all(sector)
        return sum(self.enemy_at(s) for s, d in near.items() if d <= 3)

    def dist_all(self, sector: str) -> dict[str, int]:
        if sector not in self.near:
            self.near[sector] = data().board.distances(sector)
        return self.near[sector]

    def discarded(self, a) -> int:
        """Soldiers a 4p alliance would lose leading them into another sphere (16.2.7(3))."""
        if self.v["mode"] != 4 or self.side not in ALLIANCES or a.leader in ("", "nobunaga"):
            return 0
        dest, here = public_sphere(self.v, a.to), public_sphere(self.v, a.frm)
        return a.soldiers if dest not in ("", self.side, here) else 0

    def enemy_at(self, s: str) -> int:
        return sum(n for f, n in self.strength[s].items() if f != self.fac)

    def closeness(self, s: str) -> float:
        best = 0.0
        for t, w in self.targets.items():
            d = self.dist[t].get(s, 99)
            best = max(best, w / (1 + d))
        return best

    def score(self, a) -> float:
        v = self.v
        if isinstance(a, A.EndActivation):
            return 0.0
        if isinstance(a, A.March):
            men = a.soldiers + (3 if a.leader == "nobunaga" else 0)
            enemy = self.enemy_at(a.to)
            gain = self.closeness(a.to) - self.closeness(a.frm)
            s = gain * (1 + men / 4) - 0.05 * link_cost(a.frm, a.to)
            if not a.leader:
                s -= 0.2
            if enemy and self.odds is not None:
                s += self.attack_value(a)
            elif enemy:
                s += (men - 1.3 * enemy) * 1.5 + self.targets.get(a.to, 0) * (men > enemy)
            elif a.to in self.targets:
                s += self.targets[a.to] * (1.0 if men or a.leader else 0.5)
            if a.leader == "nobunaga" and enemy:
                s -= 20                      # §20(5): keep Nobunaga out of harm's way
            if a.frm == self.nobu and a.leader != "nobunaga" and self.fac == "oda":
                s -= 0.5 * a.soldiers        # do not strip his escort
            if self.fac == "oda" and a.frm in self.sudden:
                left = self.strength[a.frm]["oda"] - a.soldiers
                s -= 6.0 * max(0, self.keep(a.frm) - left)   # §20: the sudden-death castles keep a garrison
            if self.odds is not None and self.fac == "anti" and self.counted(a.frm):
                left = self.strength[a.frm]["anti"] - a.soldiers
                s -= 3.0 * max(0, self.hold_men(a.frm) - left)   # hard: keep Oda from the castles he needs
            if self.fac == "oda" and a.to in self.sudden:
                s += 4.0 * min(a.soldiers, max(0, self.keep(a.to) - self.strength[a.to]["oda"]))
            s -= 8.0 * self.discarded(a)
            return s
        if isinstance(a, A.Assault) and self.odds is not None:
            return self.assault_value(a.sector, self.strength[a.sector][self.fac])
        if isinstance(a, A.AssaultChoice) and self.odds is not None:
            sector = self.battle["sector"]
            return self.assault_value(sector, self.field_men(sector, self.fac)) if a.go else 0.0
        if isinstance(a, A.Retreat) and self.odds is not None and not a.to:
            return self.stay_value()
        if isinstance(a, A.Garrison) and self.odds is not None:
            return self.garrison_value(a.soldiers)
        if isinstance(a, A.Assault):
            inside = self.enemy_at(a.sector)
            mine = self.strength[a.sector][self.fac]
            return (mine - 2.5 * inside) + self.targets.get(a.sector, 0) * 0.2
        if isinstance(a, A.AssaultChoice):
            b = self.battle
            inside = sum(n for f, n in self.castle_men[b["sector"]].items() if f != self.fac)
            mine = self.strength[b["sector"]][self.fac]
            level = v["castle"].get(b["sector"], 0)
            edge = mine - inside * (1 + level)
            return edge if a.go else 0.0
        if isinstance(a, A.Retreat):
            b = self.battle
            mine = self.strength[b["sector"]][self.fac]
            enemy = self.enemy_at(b["sector"])
            if not a.to:
                # leaving a sudden-death sector with no garrison inside loses the game (16.2.4(3))
                held = self.fac == "oda" and b["sector"] in self.sudden \
                    and not self.castle_men[b["sector"]]["oda"]
                return mine - 1.2 * enemy + (50 if held else 0)
            return 0.5 - (0.1 if a.to in self.targets else 0)
        if isinstance(a, A.Garrison):
            b = self.battle
            if self.fac == "oda" and b["sector"] in self.sudden:
                return 2.0 * a.soldiers              # fill the castle: its fall ends the game
            return a.soldiers * (1 if self.enemy_at(b["sector"]) > self.strength[b["sector"]][self.fac] else -0.2)
        if isinstance(a, A.BattleCard):
            return 1.0 if a.card else 0.0
        if isinstance(a, A.PlayCard):
            info = data().cards[a.card]
            return 3.0 if info["kind"] == "negotiation" else (1.5 if info.get("soldiers") else 0.8)
        if isinstance(a, A.Allocate):
            return -a.order.index(self.side) if self.side in a.order else 0.0
        if isinstance(a, A.Convert):
            return 0.7
        if isinstance(a, A.Reroll):
            return 1.0 if (v["active"] or {}).get("mp", 6) <= 2 else -1.0
        if isinstance(a, A.Luck):               # 15.6: save the leader; reroll a poor volley
            dec = v["decision"] or {}
            if dec.get("kind") == "fate":
                return 1.0 if a.use else 0.0
            poor = dec.get("dice", 0) >= 3 and dec.get("hits", 0) * 6 < dec.get("dice", 0)
            return (1.0 if poor else -1.0) if a.use else 0.0
        if isinstance(a, A.Rain):               # spoil a good enemy movement roll
            return (1.0 if (v["active"] or {}).get("mp", 0) >= 6 else -1.0) if a.play else 0.0
        if isinstance(a, A.Disband):
            return -5.0
        return 0.0


    # -- hard: exact odds (ai_odds) ------------------------------------------------------------
    def field_men(self, sector: str, fac: str) -> int:
        return self.strength[sector][fac] - self.castle_men[sector][fac]

    def enemy_field(self, sector: str) -> int:
        return sum(self.field_men(sector, f) for f in self.strength[sector] if f != self.fac)

    def enemy_inside(self, sector: str) -> int:
        return sum(n for f, n in self.castle_men[sector].items() if f != self.fac)

    def enemy_boss(self, sector: str) -> int:
        return max((b for f, b in self.boss[sector].items() if f != self.fac), default=0)

    def counted(self, sector: str) -> bool:
        """An anti-Oda castle whose loss brings Oda nearer victory: one of Oda's six (2p/3p,
        ruling A-25) or, in 4p, an alliance's victory sector (16.2.4(2))."""
        clan = self.v["control"].get(sector, "")
        if not clan or self.v["factions"].get(clan) != "anti":
            return False
        if self.alliance_goals:
            return sector in self.alliance_goals.values()
        return counts_for_oda(sector, self.v["castle"].get(sector, 0))

    def hold_men(self, sector: str) -> int:
        """Soldiers an anti-Oda castle Oda needs (counted) keeps: enough to fill it against the Oda
        soldiers within three links, at most a full castle (A-9)."""
        return min(ruling("castle_capacity") * self.v["castle"].get(sector, 0), self.threat(sector))

    def attack_stake(self, sector: str) -> float:
        """Taking a sector: its castle (targets: 2 a level, the sudden-death sectors far more).
        In 4p another alliance's victory sector taken by this one wins the game for that
        alliance (16.2.4(2), ruling A-40), so this seat loses by taking it."""
        if self.fac == "oda" and any(goal == sector and a != self.side
                                     for a, goal in self.alliance_goals.items()):
            return -20.0
        return self.targets.get(sector, 0.0) + 2.0

    def defend_stake(self, sector: str) -> float:
        """Keeping a sector: a sudden-death castle is the game for Oda (16.2.4(3)); a larger
        castle Oda did not start with counts toward his six (R-VICTORY, ruling A-25)."""
        level = self.v["castle"].get(sector, 0)
        if self.fac == "oda" and sector in self.sudden:
            return 100.0
        if self.fac == "anti" and sector in self.alliance_goals.values():
            return 100.0                 # 16.2.4(2): its loss ends the 4p game for Oda
        if self.fac == "anti" and not self.alliance_goals and counts_for_oda(sector, level):
            return 2.0 * level + 8.0
        return 2.0 * level + 1.0

    def attack_value(self, a) -> float:
        """A march into enemy units: the field battle against those outside the castle, then
        the assault on those inside, fought to the end (R-BATTLE 10.3-10.5)."""
        men = a.soldiers + self.field_men(a.to, self.fac)
        mod = max(self.boss[a.to][self.fac], data().leaders.get(a.leader, {}).get("battle") or 0 if a.leader else 0)
        out, inside, dmod = self.enemy_field(a.to), self.enemy_inside(a.to), self.enemy_boss(a.to)
        level = self.v["castle"].get(a.to, 0)
        hold = self.odds.hold_chance(men, out, inside, level, mod, dmod)
        if out:
            f = self.odds.field(men, out, mod, dmod)
            trade = (out - f.def_left) - (men - f.att_left)
        else:
            f = self.odds.assault(men, inside, level, dmod)
            trade = 0.5 * ((inside - f.def_left) - (men - f.att_left))
        return (1 - hold) * self.attack_stake(a.to) + 0.7 * trade - 1.0

    def assault_value(self, sector: str, men: int) -> float:
        """Storming the castle to the end (10.5): its capture against the soldiers it costs."""
        inside = self.enemy_inside(sector)
        level = self.v["castle"].get(sector, 0)
        f = self.odds.assault(men, inside, level, self.enemy_boss(sector))
        return f.win * self.attack_stake(sector) + 0.7 * ((inside - f.def_left) - (men - f.att_left)) - 0.5

    def stay_value(self) -> float:
        """Staying in a field battle (10.4) against leaving it now: staying fights on to the
        end; leaving gives up the sector (or the attack) and takes the pursuit's 6s (A-12)."""
        b = self.battle
        sector = b["sector"]
        attacking = b["attacker"] == self.fac
        mine, theirs = self.field_men(sector, self.fac), self.enemy_field(sector)
        mod, dmod = self.boss[sector][self.fac], self.enemy_boss(sector)
        if attacking:
            f = self.odds.field(mine, theirs, mod, dmod)
            win, kept, left = f.win, f.att_left, f.def_left
            stake = self.attack_stake(sector)
        else:
            f = self.odds.field(theirs, mine, dmod, mod)
            win, kept, left = 1 - f.win, f.def_left, f.att_left
            stake = self.defend_stake(sector) * (0.3 if self.castle_men[sector][self.fac] else 1.0)
        stay = win * stake + 0.7 * ((theirs - left) - (mine - kept))
        leave = -(0 if attacking else stake) - 0.7 * (theirs // ruling("pursuit")) / 6
        held = self.fac == "oda" and sector in self.sudden and not self.castle_men[sector]["oda"]
        return stay - leave + 0.5 + (50 if held else 0)

    def garrison_value(self, n: int) -> float:
        """Soldiers into the castle (10.2): the chance the sector holds if the attacker fights
        the field battle and the assault to the end."""
        sector = self.battle["sector"]
        men = self.strength[sector][self.fac]
        enemy = self.enemy_at(sector)
        level = self.v["castle"].get(sector, 0)
        hold = self.odds.hold_chance(enemy, men - n, n, level, self.enemy_boss(sector), self.boss[sector][self.fac])
        return hold * self.defend_stake(sector) + 0.01 * n


def make(side: str, level: str, seed: int):
    if level not in LEVELS:
        raise KeyError(level)
    return ScoredPlayer(AmdtScorer(level), level, seed)
