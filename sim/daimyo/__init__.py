"""Daimyo (Ian Duncan, 2004): tabletop miniatures rules on a continuous table."""
from sim.ai.scored import LEVELS
from sim.core.registry import Stat, System
from sim.daimyo.game import DaimyoGame

GAME = DaimyoGame


RASH = (2.0, 0.4)    # easy's aggression and caution, times the personality's (issue 19)


def make_player(side: str, level: str, seed: int, **personality):
    """A scripted opponent for `side` at `level` (easy, normal, hard; "random" is generic)."""
    from dataclasses import fields

    from sim.ai.scored import Personality, ScoredPlayer
    from sim.daimyo.ai.scorer import DaimyoScorer
    # levels differ in judgment (issue 19): easy scores orders alone, normal follows an army
    # plan and clan plans, hard also checks every charge a pose promises with the rules and
    # lets the enemy wade a stream it holds the far bank of (clan_plan: receive, `patient`);
    # easy is also rash (RASH: twice the aggression, 0.4 of the caution of the personality
    # given): without a plan, a careful scorer stood in the stream (docs/ai.md)
    taken = [f.name for f in fields(Personality)]
    if set(personality) - set(taken):
        raise ValueError(f"the weights it takes: {', '.join(taken)}")
    p = Personality(**personality)
    if level == "easy":
        p = Personality(aggression=RASH[0] * p.aggression, caution=RASH[1] * p.caution)
    scorer = DaimyoScorer(p, planning=level in ("normal", "hard"), exact=level == "hard")
    return ScoredPlayer(scorer, level, seed)


SYSTEM = System(
    "daimyo", DaimyoGame, make_player, LEVELS, sides=None,   # each scenario names its two armies
    stats=(Stat("stands_lost", "stands lost"), Stat("units_lost", "units lost"),
           Stat("leaders_killed", "leaders killed")),
    plots=("outcomes", "win_rate", "length", "reasons", "casualties", "heatmap"), personality=True)
