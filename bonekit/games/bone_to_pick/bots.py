"""Bone to Pick bots. Each decides from its own seat's view only (``game.bot_view``: the view
without copies, read and let go within the decision)."""
from __future__ import annotations

import math
import random

from ...core.actions import Action
from .data import card_value, components
from .labels import NOTHING, arg_value, is_upgrade_arg
from .state import BoneToPickState


def remaining_cards(state: BoneToPickState, seat: int) -> list[int]:
    """The weapon values ``seat`` can still hold, known to everyone from the public reveals.

    In a campaign an upgrade replaced one weapon each; the kit's bots guess the swapped-out
    weapon was a 0 and count each hidden upgrade at its average value.
    """
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
    cards = {(v, str(v)) for v in view.hands[seat]}
    cards |= {(card_value(u), u.lower()) for u in view.upgrades[seat]}
    return sorted(cards)


class CarefulBot:
    """Pays about its fair share of each attack, with a temperament of its own.

    Its *fair share* of the undead's power is in proportion to the weapons it has left among
    all the weapons the table has left (public knowledge from the reveals). It aims at that
    share times its generosity plus ``margin`` (margin -0.4: 40% of the share less), and a
    quarter more when a loss would end the game. Each bot draws a temperament from its seed:
    its generosity (0.6 to 1.0), how keen it is on trophies, how often it expects the others
    to reach for one, how much its mood settles close calls, and, for about one bot in three,
    one strong weapon (7 to 10) it hoards for the final count and gives up only when a loss
    would end the game. Each turn it weighs every card in hand:

    * every point above its aim costs a point, every point below a little (much more when a
      loss would end the game);
    * it predicts what the others will play from their fair shares and the cards they still
      hold (everyone's used pile is public), and counts what the fight would cost if the
      total fell short (its damage for the Haven's hit points left; a greedy bot, with a
      negative margin, cares less, except when the game is at stake);
    * it values each card by its chance to be the highest value played by one player alone,
      times the trophy (in an epic game, the second highest takes the other undead). So it
      reaches a step or two above the value the fair share points everyone to when the trophy
      is worth it, and plays a low card or a 0 when the others are likely to carry the fight;
    * an undead the whole table cannot beat, even with everyone's best card, gets its lowest
      card.

    Close calls are settled by a die seeded from the bot's seed and the turn (not by earlier
    calls), so the bot is deterministic for a given seed and decides from its own seat's view
    only. Different seeds make different players, and they stop playing in lockstep.
    """

    name = "careful"

    def __init__(self, seed: int = 0, margin: float = 0.0):
        self.seed = seed
        self.margin = margin
        mood = random.Random(f"careful-bot:{seed}")
        self.generosity = mood.uniform(0.6, 1.0)   # scales the fair share it aims at
        self.ambition = mood.uniform(0.4, 1.2)     # weight of a trophy's expected points
        self.suspicion = mood.uniform(0.1, 0.6)    # how often it expects others to reach
        self.whim = mood.uniform(0.5, 1.2)         # how much chance settles close choices
        # A hoarder keeps one strong weapon back for the final count, unless a loss would end
        # the game.
        self.keepsake = mood.choice((7, 8, 9, 10)) if mood.random() < 0.35 else None

    def choose(self, game, state, seat: int) -> Action:
        view = game.bot_view(state, seat)
        other = campaign_choice(game, view, seat)
        if other is not None:
            return other
        hand = _hand(view, seat)
        foes = [game.data.undead[u] for u in (view.current, view.second) if u is not None]
        power = game.power(view)
        left = [remaining_cards(view, s) for s in range(view.players)]
        totals = [sum(cards) for cards in left]
        shares = [power * t / max(1, sum(totals)) for t in totals]
        if sum(max(cards, default=0) for cards in left) < power:
            return Action(seat, "play", (hand[0][1],))    # hopeless: keep the strong cards
        fatal = min(u.damage for u in foes) >= view.hit_points - game.damage(view)
        need = shares[seat] * (self.generosity + self.margin + (0.25 if fatal else 0))
        others = [_guess(left[s], shares[s], self.suspicion)
                  for s in range(view.players) if s != seat]
        mean = sum(sum(v * p for v, p in d.items()) for d in others)
        spread = sum(sum(v * v * p for v, p in d.items()) - sum(v * p for v, p in d.items()) ** 2
                     for d in others)
        trophies = sorted((u.trophy for u in foes), reverse=True)
        under = 1.0 if fatal else 0.25                    # per point short of the aim
        over = 1.0                                        # per point above it
        harm = max(u.damage for u in foes) * 3 / max(1, view.hit_points - game.damage(view))
        # What a lost fight costs: the game when it is fatal, else the damage (a greedy bot, with
        # a negative margin, cares less).
        risk = 16.0 if fatal else 2.0 * harm * max(0.0, 1 + self.margin)
        dice = random.Random(f"careful-bot:{self.seed}:{seat}:{view.wave}:{view.turn}:"
                             f"{view.current}:{view.second}")

        def worth(card):
            value = card[0]
            gap = value - need
            cost = gap * over if gap >= 0 else -gap * under
            beaten = _chance_at_least(power - value, mean, spread)
            first, second = _unique_chances(value, others)
            gain = beaten * (first * trophies[0] + (second * trophies[-1] if len(trophies) > 1
                                                    else 0))
            return (self.ambition * gain - cost - risk * (1 - beaten)
                    + self.whim * dice.gauss(0, 1))
        choices = [c for c in hand if fatal or c[1] != str(self.keepsake)] or hand
        card = max(choices, key=worth)
        return Action(seat, "play", (card[1],))


def _guess(cards: list[int], share: float, reaching: float) -> dict[int, float]:
    """How likely another player is to play each value: the card just below or just above
    their fair share (closer is likelier), now and then one card higher for a trophy."""
    values = sorted(set(cards))
    if not values:
        return {0: 1.0}
    need = share * 1.05
    above = [v for v in values if v >= need]
    below = [v for v in values if v < need]
    if not above:
        return {values[-1]: 1.0}
    high = above[0]
    if not below:
        guess = {high: 1 - reaching}
    else:
        low = below[-1]
        up = min(0.85, max(0.15, (need - low) / (high - low)))
        guess = {low: (1 - reaching) * (1 - up), high: (1 - reaching) * up}
    reach = above[1] if len(above) > 1 else high
    guess[reach] = guess.get(reach, 0) + reaching
    return guess


def _chance_at_least(target: float, mean: float, variance: float) -> float:
    """Chance that the others' cards add up to ``target`` or more (a normal approximation)."""
    if variance <= 1e-9:
        return 1.0 if mean >= target else 0.0
    return 0.5 * math.erfc((target - 0.5 - mean) / math.sqrt(2 * variance))


def _unique_chances(value: int, others: list[dict[int, float]]) -> tuple[float, float]:
    """Chances that ``value`` is the highest, and the second highest, value played by one
    player alone, if the others play independently by their guessed odds."""
    if value <= 0:
        return 0.0, 0.0
    alone = 1.0
    for d in others:
        alone *= 1 - d.get(value, 0)
    higher = {v for d in others for v in d if v > value}
    none = 1.0
    one = 0.0
    for w in higher:
        unique = 0.0
        for i, d in enumerate(others):
            p = d.get(w, 0)
            if p:
                rest = 1.0
                for j, e in enumerate(others):
                    if j != i:
                        rest *= 1 - e.get(w, 0)
                unique += p * rest
        one = one * (1 - unique) + none * unique
        none *= 1 - unique
    return alone * none, alone * one


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


class _ModeBot:
    """Solo and co-op bots: decide from the seat's view; keep the biggest upgrade offered."""

    name = ""

    def __init__(self, seed: int = 0):
        pass

    def choose(self, game, state, seat: int) -> Action:
        view = game.bot_view(state, seat)
        actions = game.legal_actions(view, seat)
        if view.offer:
            return max(actions, key=lambda a: (card_value(a.args[0].upper()), a.args[0]))
        return self.play(game, view, seat, actions)

    def play(self, game, view, seat: int, actions: list[Action]) -> Action:
        raise NotImplementedError


class SoloBot(_ModeBot):
    """Solo game: beats the undead with the cheapest pair that is enough, keeping upgrades for
    when the rows cannot do it; if nothing is enough, throws away the weakest pair. Keeps the
    highest upgrade offered."""

    name = "solo"

    def play(self, game, view, seat: int, actions: list[Action]) -> Action:
        power = game.power(view)

        def cost(a: Action):
            ups = sum(is_upgrade_arg(x) for x in a.args)
            return ups, sum(map(arg_value, a.args)), a.args

        enough = [a for a in actions if cost(a)[1] >= power]
        return min(enough or actions, key=cost)


class CoopBot(_ModeBot):
    """Co-op game: knows its own hand, the cards already played face up this turn and what the
    others told the table (from its view only). The last player to act plays the smallest card
    that completes the attack (or its best card); earlier players play about their share of
    what is still missing. Keeps the highest upgrade offered; never talks."""

    name = "coop"

    def play(self, game, view, seat: int, actions: list[Action]) -> Action:
        plays = [a for a in actions if a.verb == "play"]
        if plays and plays[0].args == (NOTHING,):
            return plays[0]
        value_of = {a: arg_value(a.args[0]) for a in plays}
        values = sorted(value_of.values())
        missing = game.power(view) - sum(card_value(c) for c in view.played if c is not None)
        waiting = sum(c is None for c in view.played)
        need = missing / max(1, waiting)
        enough = [v for v in values if v >= need]
        value = enough[0] if enough else values[-1]
        # Of the cards of that value, a weapon before an upgrade (upgrades count only by value).
        return min((a for a in plays if value_of[a] == value),
                   key=lambda a: (is_upgrade_arg(a.args[0]), a.args[0]))
