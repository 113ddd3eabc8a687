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


def _value(card: str) -> int:
    from .solo import card_value
    return card_value(card)


class SoloBot:
    """Solo game: beats the undead with the cheapest pair that is enough, keeping upgrades for
    when the rows cannot do it; if nothing is enough, throws away the weakest pair. Keeps the
    highest upgrade offered."""

    name = "solo"

    def __init__(self, seed: int = 0):
        pass

    def choose(self, game, state, seat: int) -> Action:
        view = game.view(state, seat)
        actions = game.legal_actions(view, seat)
        if view.offer:
            return max(actions, key=lambda a: (_value(a.args[0].upper()), a.args[0]))
        power = game.power(view)

        def cost(a: Action):
            values = [0 if x == "none" else int(x[1:]) for x in a.args]
            ups = sum(x.startswith("u") for x in a.args)
            return sum(values), ups, a.args

        enough = [a for a in actions if cost(a)[0] >= power]
        if enough:
            return min(enough, key=lambda a: (cost(a)[1], cost(a)[0], a.args))
        return min(actions, key=lambda a: (cost(a)[1], cost(a)[0], a.args))


class CoopBot:
    """Co-op game: knows its own hand, the cards already played face up this turn and what the
    others told the table (from its view only). The last player to act plays the smallest card
    that completes the attack (or its best card); earlier players play about their share of
    what is still missing. Keeps the highest upgrade offered; never talks."""

    name = "coop"

    def __init__(self, seed: int = 0):
        pass

    def choose(self, game, state, seat: int) -> Action:
        view = game.view(state, seat)
        actions = game.legal_actions(view, seat)
        if view.offer:
            return max(actions, key=lambda a: (_value(a.args[0].upper()), a.args[0]))
        plays = [a for a in actions if a.verb == "play"]
        if plays and plays[0].args == ("none",):
            return plays[0]
        values = sorted(int(a.args[0]) for a in plays)
        missing = game.power(view) - sum(_value(c) for c in view.played if c is not None)
        waiting = sum(c is None for c in view.played)
        need = missing / max(1, waiting)
        enough = [v for v in values if v >= need]
        value = enough[0] if enough else values[-1]
        return Action(seat, "play", (str(value),))
