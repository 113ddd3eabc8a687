"""bonekit: the rules of four bone-themed tabletop games, as a pure-Python engine.

>>> import bonekit
>>> game = bonekit.load("bone_to_pick")
>>> state = game.new(players=4, seed=7)
"""
from .core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Outcome,
    RandomBot,
    Replay,
    ReplayError,
    Results,
    available,
    load,
    play_out,
    simulate,
)

__version__ = "0.1.0"
__all__ = ["Action", "Event", "Game", "IllegalAction", "Outcome", "RandomBot", "Replay",
           "ReplayError", "Results", "available", "load", "play_out", "simulate"]
