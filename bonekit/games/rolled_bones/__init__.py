"""Rolled Bones: a dice game of bags, racks, bases and an arena; build a base of six and hold it."""

from .bots import BuilderBot
from .data import components
from .game import RolledBones
from .state import RolledBonesState

__all__ = ["BuilderBot", "RolledBones", "RolledBonesState", "components"]
