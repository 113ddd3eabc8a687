"""Events: what happened, in words, with the rule section that made it happen."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened while applying an action.

    ``visible_to`` is None for public events; otherwise only those seats may see the event
    (a card chosen face down, the order of a shuffled deck).
    """

    kind: str
    rule: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: the all-seeing observer) may see this event."""
        return seat is None or self.visible_to is None or seat in self.visible_to


def events_for(events: tuple[Event, ...] | list[Event], seat: int | None) -> list[Event]:
    """The events a seat may see."""
    return [e for e in events if e.seen_by(seat)]
