"""Seams for combat (issue 3): charges, reactions, shooting, melee, morale, rout, pursuit,
rally, frenzy, duels, weather and events. Until they are built the game runs movement and
the turn sequence only; each function below says which rules it will implement."""
from __future__ import annotations

from sim.core.errors import RuleError
from sim.daimyo.state import DaimyoState, Decision


def before_battle(game) -> None:          # 6.2 season
    pass


def start_of_turn(game) -> None:          # 6.2 weather, 5.3 event in force
    pass


def start_of_activation(game) -> None:    # 4.1 step 1: rally from rout (4.2.2.1) and frenzy (4.2.2.2)
    pass


def charge_candidates(st: DaimyoState, unit) -> list:   # 4.4
    return []


def shoot_candidates(st: DaimyoState) -> list:          # 4.5
    return []


def handles(action) -> bool:
    return False


def validate(game, action) -> None:
    raise RuleError("2", f"unknown order {action.kind}", "daimyo")


def execute(game, action) -> None:
    raise RuleError("2", f"unknown order {action.kind}", "daimyo")


def decision_actions(game, decision: Decision) -> list:
    return []


def validate_decision(game, decision: Decision, action) -> None:
    raise RuleError("4.4", f"a {decision.kind} decision is awaited", "daimyo")


def execute_decision(game, decision: Decision, action) -> None:
    pass


def melee_step(game) -> None:             # 4.6
    pass


def end_of_turn_morale(game) -> None:     # 5.1
    pass


def random_events(game) -> None:          # 5.3
    pass


def victory(st: DaimyoState):             # 5.2
    return None


def scores(st: DaimyoState) -> dict[str, float]:
    return {}
