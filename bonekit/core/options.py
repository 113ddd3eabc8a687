"""Reading the options of ``Game.new``: one place for the checks every game shares.

Each reader returns the clean value or raises ValueError with a short message that never echoes
more than a few dozen characters of what it was given.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import seat_name
from .words import short

MAX_NAME = 40


def variant_option(variant: Any, variants: Sequence[str], default: str, title: str) -> str:
    """``variant`` if it is one of ``variants``; None alone means ``default`` (never "" or 0)."""
    if variant is None:
        return default
    if not isinstance(variant, str) or variant not in variants:
        raise ValueError(f"unknown variant {short(variant)}; {title} has {', '.join(variants)} "
                         f"(or None for {default})")
    return variant


def names_option(given: Any, players: int) -> tuple[str, ...]:
    """Seat names: a list or tuple of ``players`` printable strings of 1 to 40 characters.

    A string, a set (whose order depends on the hash seed) or a dict are refused: the names
    must come in seat order and survive a replay's JSON.
    """
    if given is None:
        return tuple(seat_name(s) for s in range(players))
    if not isinstance(given, (list, tuple)):
        raise ValueError(f"names must be a list of {players} names in seat order, not {short(given)}")
    if len(given) != players or not all(isinstance(n, str) and n.strip() and n.isprintable()
                                        and len(n) <= MAX_NAME for n in given):
        raise ValueError(f"names must be {players} printable strings of 1 to {MAX_NAME} characters, "
                         f"not {short(given)}")
    return tuple(given)


def unknown_options(options: dict[str, Any], known: set[str], where: str = "") -> None:
    """Refuse option names the game does not know (each name shortened in the message)."""
    unknown = sorted(short(k, 30) if not isinstance(k, str) or len(k) > 30 else k
                     for k in set(options) - known)
    if unknown:
        noun = "options" if len(unknown) > 1 else "option"
        raise ValueError(f"unknown {noun} {', '.join(unknown)}{where}; known: {', '.join(sorted(known))}")
