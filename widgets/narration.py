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



class Recap:
    """Catalog sections gathered at a notebook's end: the ones already shown above named in a
    line each (so no rule is shown twice), the others in full. Displays as Markdown."""

    def __init__(self, sections: Iterable[Any], met: Iterable[str]):
        self.sections, met = list(sections), list(met)
        known = {s.id for s in self.sections}
        self.met = [i for i in met if i in known]
        unknown = sorted(set(met) - known)
        if unknown:
            raise ValueError(f"recap: {unknown} are not among the sections gathered")

    def _repr_markdown_(self) -> str:
        old = [s for s in self.sections if s.id in self.met]
        new = [s for s in self.sections if s.id not in self.met]
        parts = []
        if old:
            parts.append(f"Met above ({len(old)}):\n\n" + "\n".join(f"- {s.title} (`{s.id}`)" for s in old))
        if new:
            parts.append(f"New here ({len(new)}):\n\n" + "\n\n".join(s._repr_markdown_() for s in new))
        return "\n\n".join(parts)

    def __repr__(self) -> str:
        return self._repr_markdown_()


def recap(sections: Iterable[Any], met: Iterable[str]) -> Recap:
    """``sections`` (catalog sections) as a recap: those whose ids are in ``met`` (shown earlier in
    the notebook) named in a line each, the rest in full."""
    return Recap(sections, met)
