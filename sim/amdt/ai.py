"""Scripted opponent for any seat of A Most Dangerous Time (amdt.md §20 heuristics).

It scores every legal action from the seat's view only (counters are open, hands other than
its own are counts) plus the public map, and plays through the generic ScoredPlayer, whose
levels (easy/normal/hard) and seeded noise make it deterministic given its seed."""
from __future__ import annotations

from collections import defaultdict

from sim.ai.scored import LEVELS, ScoredPlayer
from sim.amdt import actions as A
from sim.amdt.data import data
from sim.amdt.movement import link_cost
from sim.amdt.rulings import ruling

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
    def prepare(self, game, side: str) -> None:
        v = game.view(side)
        self.side = side
        self.fac = "anti" if side in ("anti", "north", "west") else "oda"
        self.v = v
        self.strength: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.castle_men: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.nobu = None
        for u in v["units"]:
            if u["status"] != "map":
                continue
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
            if enemy:
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
            if self.fac == "oda" and a.to in self.sudden:
                s += 4.0 * min(a.soldiers, max(0, self.keep(a.to) - self.strength[a.to]["oda"]))
            s -= 8.0 * self.discarded(a)
            return s
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


def make(side: str, level: str, seed: int):
    if level not in LEVELS:
        raise KeyError(level)
    return ScoredPlayer(AmdtScorer(), level, seed)
