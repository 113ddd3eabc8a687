"""Bone to Pick bots. Each decides from its own seat's view only."""
from __future__ import annotations

import random

from ...core.actions import Action
from .data import components
from .state import BoneToPickState


def remaining_cards(state: BoneToPickState, seat: int) -> list[int]:
    """The weapon values ``seat`` can still hold, known to everyone from the public reveals.

    In a campaign an upgrade replaced one weapon each; the kit's bots guess the swapped-out
    weapon was a 0 and count each hidden upgrade at its average value.
    """
    from .standard import card_value
    left = list(components().weapon_values)
    for _ in state.kept[seat] if state.kept else ():
        left.remove(0) if 0 in left else None
        left.append(AVERAGE_UPGRADE)
    for card in state.used(seat):
        value = card_value(card)
        if value in left:
            left.remove(value)
        elif left:
            left.remove(max(left))
    return left


AVERAGE_UPGRADE = 8  # the kit's 32 upgrades average 8.5


def campaign_choice(game, view, seat: int) -> Action | None:
    """The decisions outside the prepare step, the same for every Bone to Pick bot: pick the
    richer trophy (epic); keep the upgrade with most value plus victory points, in place of
    the lowest weapon."""
    from .data import upgrades
    actions = game.legal_actions(view, seat)
    if not actions or actions[0].verb == "play":
        return None
    if actions[0].verb == "take":
        foes = {u.lower(): game.data.undead[u] for u in (view.current, view.second)}
        return max(actions, key=lambda a: (foes[a.args[0]].trophy, -actions.index(a)))
    offered = {u.lower(): upgrades()[u] for u in view.offers[seat]}

    def worth(a: Action):
        u = offered[a.args[0]]
        return (u.value + u.victory_points, -int(a.args[2]), a.args[0])
    return max(actions, key=worth)


def _hand(view, seat: int) -> list[tuple[int, str]]:
    """(value, label argument) of every distinct card in hand, weakest first."""
    from .standard import card_value
    cards = {(v, str(v)) for v in view.hands[seat]}
    cards |= {(card_value(u), u.lower()) for u in view.upgrades[seat]}
    return sorted(cards)


class CarefulBot:
    """Pays its fair share of each attack, and a little more when a loss would end the game.

    Its share of the undead's power is in proportion to the weapons it has left among all the
    weapons the table has left (public knowledge from the reveals). It lays the smallest
    card that covers the share (a quarter more when a loss would end the game, and now and
    then a step higher to grab a valuable trophy), or its best card if none does.
    """

    name = "careful"

    def __init__(self, seed: int = 0, margin: float = 0.0):
        self.margin = margin
        self._random = random.Random(f"careful-bot:{seed}")

    def choose(self, game, state, seat: int) -> Action:
        view = game.view(state, seat)
        other = campaign_choice(game, view, seat)
        if other is not None:
            return other
        hand = _hand(view, seat)
        foes = [game.data.undead[u] for u in (view.current, view.second) if u is not None]
        # Everyone's fair share of the power is in proportion to the weapons they have left.
        left = [sum(remaining_cards(view, s)) for s in range(view.players)]
        share = game.power(view) * left[seat] / max(1, sum(left))
        fatal = min(u.damage for u in foes) >= view.hit_points - game.damage(view)
        need = share * (1 + self.margin + (0.25 if fatal else 0))
        enough = [c for c in hand if c[0] >= need]
        if enough:
            # Now and then reach one or two cards higher to win the trophy outright: the more
            # it is worth, the more tempting (and the less likely to tie with the others).
            trophy = max(u.trophy for u in foes)
            reach = sum(self._random.random() < trophy / 12 for _ in range(2))
            card = enough[min(reach, len(enough) - 1)]
        else:
            card = hand[-1]
        return Action(seat, "play", (card[1],))


class GreedyBot:
    """Always keeps its best weapons: plays its lowest card. A foil for the strategy lab."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        pass

    def choose(self, game, state, seat: int) -> Action:
        other = campaign_choice(game, state, seat)
        if other is not None:
            return other
        return Action(seat, "play", (_hand(state, seat)[0][1],))


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
