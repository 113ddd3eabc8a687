"""Bone Wars: Marsh and Cope's rivalry as a game of digs, papers and awards over four rounds."""

from .bots import ScholarBot
from .data import components
from .game import BoneWars
from .state import BoneWarsState

__all__ = ["BoneWars", "BoneWarsState", "ScholarBot", "components"]
