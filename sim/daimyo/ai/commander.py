"""What the Daimyo scripted opponent remembers across decisions (issue 19): the army plan of
the turn, each clan's plan, the ways across the table, the matchups worked out, and the log of
plan changes the play view shows.

It lives in the player, outside the game: plans never enter the game's state, its events or
its replays (`seed + actions` replays a game whatever the AI thought). It reads only the
side's view and rolls no dice, so it is deterministic given the table.
"""
from __future__ import annotations

from sim.daimyo.ai import clan_plan, planner
from sim.daimyo.ai.clan_plan import ClanPlan, PlanChanged
from sim.daimyo.ai.matchups import Matchups
from sim.daimyo.ai.reach import Ground
from sim.daimyo.ai.routes import RouteBook


class Commander:
    def __init__(self, patient: bool = False, routes: RouteBook | None = None):
        """routes: the player's RouteBook, if it has one (the scorer's: the terrain's ways are
        worked out once for both)."""
        self.patient = patient                # hard: receives the enemy at a stream (clan_plan.py)
        self.routes = routes if routes is not None else RouteBook()
        self.army: planner.ArmyPlan | None = None
        self.matchups: Matchups | None = None
        self.clans: dict[str, ClanPlan] = {}
        self.aims: dict[str, str] = {}        # unit -> the enemy it goes for once engaged
        self.log: list[PlanChanged] = []
        self._stepped: dict[str, tuple] = {}  # clan -> (turn, activation) its plan was last stepped at
        self._key: tuple = ()
        self._ground: Ground | None = None    # the terrain's answers, kept a game (reach.py)

    def update(self, st, side: str, ground: Ground | None = None) -> None:
        """Once a turn the army plan; each clan's plan once at the turn's start and again when
        the clan is activated (the enemy may have moved in between). ground: the scorer's
        Ground of this table, over the same routes (its answers, kept under all they read,
        are shared: reach.py)."""
        if ground is not None:
            self._ground = ground
        key = (id(st), st.turn)
        if key != self._key:
            self._key = key
            self.matchups = Matchups(st, side, self.matchups)
            self.army = planner.plan_army(st, side, self.matchups, self.army)
            for clan in sorted({u.clan for u in st.living(side)}):
                self._step(st, side, clan, "turn")
        active = st.active_clan if st.to_move == side else ""
        if active and self._stepped.get(active) != (st.turn, "active"):
            # hard weighs again only the active clan's pairs (the others as at their last
            # build, at the latest the turn's start): the activation's decisions read its own
            self.matchups = Matchups(st, side, self.matchups,
                                     {u.id for u in st.clan_units(active)} if self.patient else None)
            self._step(st, side, active, "active")

    def _step(self, st, side: str, clan: str, when: str) -> None:
        self._stepped[clan] = (st.turn, when)
        prev = self.clans.get(clan)
        now = clan_plan.step(prev, st, side, clan, self.army, self.matchups, self.routes,
                              self.patient)
        if now is None:
            self.clans.pop(clan, None)
            return
        self.clans[clan] = now
        if self._ground is None or self._ground.st is not st:
            self._ground = Ground(st, self.routes)
        self.aims.update(clan_plan.aims(st, side, clan, self.matchups, self._ground))
        if prev is None or (prev.state, prev.posture, prev.target) != (now.state, now.posture, now.target):
            self.log.append(PlanChanged(st.turn, side, clan, now.posture, now.state, now.objective, now.target, now.why))
