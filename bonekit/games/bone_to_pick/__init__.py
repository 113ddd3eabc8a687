"""Bone to Pick: a semi-cooperative card game against a horde of undead."""
from .bots import CarefulBot, GreedyBot
from .data import components
from .game import BoneToPick
from .rules_logic import legend, scapegoat, trophy_winner
from .state import HIDDEN, BoneToPickState, TurnRecord

__all__ = ["BoneToPick", "BoneToPickState", "CarefulBot", "GreedyBot", "HIDDEN", "TurnRecord",
           "components", "legend", "scapegoat", "trophy_winner"]
