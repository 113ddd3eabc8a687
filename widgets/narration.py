"""Narrate engine calls in a notebook: events as lines, labels applied in turn, refusals shown.

Plain ``print`` output on purpose: it is what nbval compares, and it reads the same on GitHub,
in a static view and in a live kernel.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bonekit.core.actions import seat_name
from bonekit.core.errors import IllegalAction
from bonekit.core.events import Event
from bonekit.core.game import Game
from bonekit.core.words import and_list

from .panels import refusal


def show(events: Iterable[Event], kinds: Iterable[str] | None = None, skip: Iterable[str] = ()) -> None:
    """Print each event as ``rule id | text``; ``kinds`` keeps only those kinds, ``skip`` drops some.

    An event only some seats may see ends with who sees it (``[seen by P1 only]``), so a
    notebook never shows a secret as if it were public.
    """
    keep = set(kinds) if kinds is not None else None
    drop = set(skip)
    for e in events:
        if (keep is None or e.kind in keep) and e.kind not in drop:
            secret = "" if e.visible_to is None else \
                (f" [seen by {and_list(seat_name(s) for s in e.visible_to)} only]" if e.visible_to
                 else " [hidden from every player]")
            print(e.rule, "|", e.text + secret)


def play(game: Game, state: Any, *labels: str, quiet: bool = False,
         kinds: Iterable[str] | None = None, skip: Iterable[str] = ()) -> Any:
    """Apply ``labels`` one after another and return the final state, printing their events.

    A refused label stops there with the engine's reason (no traceback) and returns the state
    reached before it, so a typo in a learner's cell explains itself.
    """
    for label in labels:
        try:
            state, events = game.apply(state, label)
        except IllegalAction as e:
            print(f"✗ {label}: refused: {refusal(game, e)}")
            return state
        if not quiet:
            show(events, kinds, skip)
    return state


def refuse(game: Game, state: Any, label: str) -> bool:
    """Show that the engine refuses ``label`` here, with its reason and rule; True if refused.

    The state is untouched either way (``apply`` never mutates), so a demonstration of a wrong
    move costs nothing.
    """
    try:
        game.apply(state, label)
    except IllegalAction as e:
        print(f"✗ {label}: {refusal(game, e)}")
        return True
    print(f"✓ {label}: allowed here")
    return False

