"""Bone to Pick bots. Each decides from its own seat's view only."""
from __future__ import annotations

import random

from ...core.actions import Action
from .data import components
from .state import BoneToPickState


def remaining_cards(state: BoneToPickState, seat: int) -> list[int]:
    """The weapons ``seat`` can still hold, known to everyone from the public reveals."""
    left = list(components().weapon_values)
    for v in state.used(seat):
        left.remove(v)
    return left


class CarefulBot:
    """Pays its fair share of each attack, and a little more when a loss would end the game.

    Its share of the undead's power is in proportion to the weapons it has left among all the
    weapons the table has left (public knowledge from the reveals). It lays the smallest
    weapon that covers the share (a quarter more when a loss would end the game, and now and
    then a step higher to grab a valuable trophy), or its best weapon if none does.
    """

    name = "careful"

    def __init__(self, seed: int = 0, margin: float = 0.0):
        self.margin = margin
        self._random = random.Random(f"careful-bot:{seed}")

    def choose(self, game, state, seat: int) -> Action:
        view = game.view(state, seat)
        hand = sorted(set(view.hands[seat]))
        undead = game.data.undead[view.current]
        # Everyone's fair share of the power is in proportion to the weapons they have left.
        left = [sum(remaining_cards(view, s)) for s in range(view.players)]
        share = game.power(view) * left[seat] / max(1, sum(left))
        fatal = undead.damage >= view.hit_points - game.damage(view)
        need = share * (1 + self.margin + (0.25 if fatal else 0))
        enough = [v for v in hand if v >= need]
        if enough:
            # Now and then reach one or two cards higher to win the trophy outright: the more
            # it is worth, the more tempting (and the less likely to tie with the others).
            reach = sum(self._random.random() < undead.trophy / 12 for _ in range(2))
            value = enough[min(reach, len(enough) - 1)]
        else:
            value = hand[-1]
        return Action(seat, "play", (str(value),))


class GreedyBot:
    """Always keeps its best weapons: plays its lowest card. A foil for the strategy lab."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        pass

    def choose(self, game, state, seat: int) -> Action:
        return Action(seat, "play", (str(min(state.hands[seat])),))
