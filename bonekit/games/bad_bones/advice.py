"""Bots at the co-op table: giving a suggestion and weighing one (see ``talk``).

A bot suggests to a teammate what it would do in their place. A bot that is given a
suggestion follows it unless its own forecast finds it clearly worse than its best move:
worse by more than ``HEED`` (a third of a tower in the forecast's weights), so that a
human's reasonable idea is taken even where the bot would have chosen a little differently.
"""
from __future__ import annotations

from typing import Any

from ...core.actions import Action
from . import talk

HEED = 2.0
"""How much worse than its own best (in the forecast's cost: a tower 6, a capital house 9) a
suggestion may look for a bot to follow it anyway."""


def suggest(bot: Any, game: Any, state: Any, seat: int, to: int) -> Action | None:
    """``seat``'s suggestion to ``to``: what ``bot`` would decide in ``to``'s place now, or
    None if ``to`` has nothing to be told (not choosing in the co-op trap phase)."""
    if not talk.talk_actions(state, seat, to):
        return None
    return talk.suggestion(seat, bot.choose(game, state, to))


def heed(bot: Any, game: Any, view: Any, seat: int, best: Action) -> Action:
    """``best`` (the bot's own choice), or the newest suggestion to ``seat`` that its forecast
    finds no more than ``HEED`` worse. ``bot._scored(game, view, seat, actions)`` gives each
    action's cost, lower is better."""
    heard = talk.heard(view, seat)
    if not heard:
        return best
    offered = [a for _, a in reversed(heard) if a != best]
    if not offered:
        return best
    scored = bot._scored(game, view, seat, [best, *offered])
    own = scored[0][0]
    for cost, _, a in scored[1:]:
        if cost <= own + HEED:
            return a
    return best
