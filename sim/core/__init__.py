"""The game protocol shared by all four rule systems (DESIGN.md, "The seams that matter")."""
from sim.core.dice import Dice
from sim.core.errors import KassenError, RuleError, SaveError, ScenarioError
from sim.core.events import DiceRolled, Event
from sim.core.protocol import Action, Game

__all__ = ["Action", "Dice", "DiceRolled", "Event", "Game", "KassenError", "RuleError",
           "SaveError", "ScenarioError"]
