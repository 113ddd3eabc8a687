"""How Bone to Pick action labels name cards, in every mode, and how older labels are read.

One grammar for every mode:

* a weapon is named by its value: ``P2 play 7``; in the solo game by its row and value,
  ``P1 play a3 b7``; ``none`` is an empty row or hand;
* an upgrade is named by its card id, written lower case like every label word: ``u07``
  (``u07b`` for the second box's copy in an epic game). ``P2 play u07`` in the campaign and
  in the co-op game, ``P1 play u07 b7`` in the solo game, ``keep u07`` everywhere.

Replays saved before this grammar (replay format 1) named solo and co-op upgrades by value:
``P1 play u12 b7`` was *an* upgrade of value 12 and a co-op ``P2 play 8`` could be an
upgrade of value 8. ``from_old_label`` turns such an action into today's, choosing the card
the engine of the time chose. Only replays need it: ``u12`` is a card id today, so an old
label cannot be told from a new one by its spelling.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from ...core.actions import Action
from .data import card_value

UPGRADE_ARG = re.compile(r"u[0-9]{2}b?")
NOTHING = "none"        # the argument for an empty row (solo) or an empty hand (co-op)
OLD_UPGRADE_VALUE = re.compile(r"u(0|[1-9][0-9]?)")  # format 1: solo upgrades by value


def is_upgrade(card) -> bool:
    """Whether ``card`` (a state's card: 7, "red:7", "U07", "none") is an upgrade card."""
    return isinstance(card, str) and ":" not in card and card not in (NOTHING, "?")


def upgrade_arg(card: str) -> str:
    """The label argument naming upgrade ``card``: "U07" -> "u07"."""
    return card.lower()


def card_arg(card, row: str = "") -> str:
    """The label argument that plays ``card``: an upgrade by id (``u07``), a weapon by value
    (``7``; ``a7`` with the solo game's ``row``), ``none`` for no card. Views that draw a
    clickable card build its label with this, so a click always matches a legal action."""
    if card is None or card == NOTHING:
        return NOTHING
    if is_upgrade(card):
        return upgrade_arg(card)
    return f"{row}{card_value(card)}"


def is_upgrade_arg(arg: str) -> bool:
    """Whether a label argument names an upgrade card (``u07``, ``u07b``)."""
    return UPGRADE_ARG.fullmatch(arg) is not None


def upgrade_id(arg: str) -> str:
    """The card an upgrade argument names: "u07" -> "U07", "u07b" -> "U07b"."""
    return "U" + arg[1:]


def arg_value(arg: str) -> int:
    """The value a ``play`` argument adds: ``7``, ``a7`` or ``b7`` a weapon's value, ``u07``
    upgrade U07's value, ``none`` 0."""
    if arg == NOTHING:
        return 0
    if is_upgrade_arg(arg):
        return card_value(upgrade_id(arg))
    return int(arg.lstrip("ab"))


def match(arg: str, cards: Iterable[str]) -> str:
    """The card id a label argument names (labels are lower case: "e07b" is "E07b")."""
    return next(c for c in cards if c.lower() == arg)


def held(arg: str, cards: Iterable[str]) -> bool:
    """Whether ``cards`` hold the card that label argument ``arg`` names."""
    return any(c.lower() == arg for c in cards)


def plain_number(arg: str) -> int | None:
    """The value a label argument writes as a plain number (``7``, ``10``; never ``07`` or
    ``+7``), or None: a label names each value one way only."""
    if arg.isdigit() and arg.isascii() and (arg[0] != "0" or arg == "0"):
        return int(arg)
    return None


# ---- actions, made once ----------------------------------------------------------------------------
# Actions are frozen, and building one costs several times more than looking it up: the legal
# actions of every mode come from these tables, which only ever hold actions of real games.
_ACTIONS: dict[tuple, Action] = {}
_PLAY_VALUES: dict[int, list[Action]] = {}
VALUES = 11  # weapon values 0 to 10 get a table of their own


def action(seat: int, verb: str, args: tuple[str, ...]) -> Action:
    """``Action(seat, verb, args)``, shared."""
    key = (seat, verb, args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(seat, verb, args)
    return found


def value_plays(seat: int, values: list[int]) -> list[Action]:
    """``P<seat> play <v>`` for each of ``values`` (sorted, distinct), shared."""
    row = _PLAY_VALUES.get(seat)
    if row is None:
        row = _PLAY_VALUES[seat] = [Action(seat, "play", (str(v),)) for v in range(VALUES)]
    if values and (values[0] < 0 or values[-1] >= VALUES):  # a staged or hidden hand
        return [action(seat, "play", (str(v),)) for v in values]
    return [row[v] for v in values]


# ---- replays saved in format 1 -------------------------------------------------------------------

def from_old_label(state, action: Action, version: int) -> Action:
    """Today's action for ``action`` as a format-``version`` replay meant it (see the module
    docstring). Anything that was not an upgrade named by value is returned unchanged."""
    if version >= 2 or action.verb != "play":
        return action
    if state.variant == "solo":
        return _old_solo(state, action)
    if state.variant == "coop":
        return _old_coop(state, action)
    return action


def _old_solo(state, action: Action) -> Action:
    # The old engine played the first kept upgrade (in id order) of each value named, the
    # second slot taking the next one when both named the same value.
    left = sorted(state.upgrades)
    args = []
    for arg in action.args:
        m = OLD_UPGRADE_VALUE.fullmatch(arg)
        card = m and next((u for u in left if card_value(u) == int(m.group(1))), None)
        if card:
            left.remove(card)
            arg = upgrade_arg(card)
        args.append(arg)
    if all(is_upgrade_arg(a) for a in args):
        args.sort()  # two upgrades are written in id order
    return Action(action.seat, action.verb, tuple(args))


def _old_coop(state, action: Action) -> Action:
    # "play 8" played a weapon of value 8 if the hand held one, else a kept upgrade of value 8.
    if len(action.args) != 1 or not re.fullmatch(r"[0-9]{1,2}", action.args[0]):
        return action
    value = int(action.args[0])
    hand = state.hands[action.seat] if 0 <= action.seat < state.players else []
    if any(not is_upgrade(c) and card_value(c) == value for c in hand):
        return action
    card = next((c for c in hand if is_upgrade(c) and card_value(c) == value), None)
    return Action(action.seat, "play", (upgrade_arg(card),)) if card else action
