"""Actions and their text labels.

An action is a seat, a verb and string arguments. Its label, ``"P2 play 7"``, is stable
across versions and is what replays store; ``parse_label`` reads a label back.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .words import short

_SEAT = re.compile(r"^p(\d{1,2})$", re.IGNORECASE)


def seat_name(seat: int) -> str:
    """Seats are 0-based inside the engine and 1-based for people: seat 0 is ``P1``."""
    return f"P{seat + 1}"


@dataclass(frozen=True, order=True)
class Action:
    seat: int
    verb: str
    args: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return " ".join([seat_name(self.seat), self.verb, *self.args])

    def __str__(self) -> str:
        return self.label


def seat_option(value: object, players: int, what: str) -> int:
    """A seat given as an option ("P2", "p2" or the index 1), checked against the table size."""
    if type(value) is int and 0 <= value < players:
        return value
    if isinstance(value, str) and re.fullmatch(r"[pP][1-9][0-9]?", value) \
            and 1 <= int(value[1:]) <= players:
        return int(value[1:]) - 1
    raise ValueError(f"{what} must name a seat from P1 to P{players}, not {short(value)}")


def parse_label(text: str) -> Action | None:
    """Read ``"P2 play 7"`` (any case, any spacing) into an Action, or None if malformed."""
    if not isinstance(text, str) or len(text) > 200:
        return None
    parts = text.strip().split()
    if len(parts) < 2:
        return None
    m = _SEAT.match(parts[0])
    if not m or int(m.group(1)) < 1:
        return None
    return Action(int(m.group(1)) - 1, parts[1].lower(), tuple(p.lower() for p in parts[2:]))
