"""What every game shares: the contract, actions, events, chance, rules, replays and bots."""
from .actions import Action, parse_label, seat_name
from .bots import Bot, RandomBot, play_out
from .errors import BonekitError, IllegalAction, ReplayError, UnknownGame
from .events import Event, events_for
from .game import Game, Outcome
from .registry import available, load
from .replay import Replay
from .rng import Rng
from .rules import RuleCatalog, RuleSection
from .simulate import Results, simulate

__all__ = ["Action", "Bot", "BonekitError", "Event", "Game", "IllegalAction", "Outcome",
           "RandomBot", "Replay", "ReplayError", "Results", "Rng", "RuleCatalog", "RuleSection",
           "UnknownGame", "available", "events_for", "load", "parse_label", "play_out", "seat_name",
           "simulate"]
