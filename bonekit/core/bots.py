"""Bots choose an action for one seat from what that seat may see."""
from __future__ import annotations

from typing import Any, Protocol

from .actions import Action
from .game import Game
from .rng import seeded_generator


class Bot(Protocol):
    name: str

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        """Pick a legal action for ``seat``. Bots read only ``game.bot_view(state, seat)`` (or
        ``game.view``) and never change it."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        # random.Random(f"random-bot:{seed}").choice, without its Python wrappers: a playout
        # makes a bot per seat per game and asks it every few microseconds
        self._bits = seeded_generator(f"random-bot:{seed}").getrandbits

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        actions = game.legal_actions(game.bot_view(state, seat), seat)
        n = len(actions)
        if not n:
            raise IndexError("RandomBot: no legal action to choose from")
        k = n.bit_length()  # random's _randbelow: rejection sampling on k random bits
        i = self._bits(k)
        while i >= n:
            i = self._bits(k)
        return actions[i]


def play_out(game: Game, state: Any, bots: dict[int, Bot] | Bot,
             max_actions: int = 100_000) -> tuple[Any, list[Action]]:
    """Let bots play from ``state`` to the end; returns (final state, list of actions)."""
    actions: list[Action] = []
    while not game.is_over(state):
        if len(actions) >= max_actions:
            raise RuntimeError(f"no end after {max_actions} actions")
        seat = game.to_move(state)[0]
        bot = bots if not isinstance(bots, dict) else bots[seat]
        action = bot.choose(game, state, seat)
        state, _ = game.apply(state, action)
        actions.append(action)
    return state, actions
