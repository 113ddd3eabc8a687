"""GuidedTable: a first game in which the notebook names each move and the Table waits for it.

In the spirit of guided first plays of board-game apps: each ``Step`` says which move to make and
why; the learner makes it by clicking, pressing a button or typing its label. A different move
is not played: a legal one is answered with what the lesson asks instead and why (the step's
own hint for that move, or a general reason), an illegal one with the engine's reason and rule,
each in the one feedback line under the step. Once the steps are done, the table plays on
freely.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as w

from bonekit.core.actions import Action, parse_label
from bonekit.core.bots import Bot
from bonekit.core.errors import IllegalAction
from bonekit.core.game import Game

from .table import Table


@dataclass(frozen=True)
class Step:
    """One guided move: the label to play, what to tell the learner, and what it achieved.

    ``hints`` maps particular wrong labels to a sentence on why they are not the lesson's move.
    """

    move: str
    say: str
    done: str = ""
    hints: dict[str, str] = field(default_factory=dict)


class GuidedTable(Table):
    """A Table with a script of ``steps`` for its (single) human seat; see the module docstring."""

    def __init__(self, game: Game | str, seats: Sequence[str | Bot], steps: Sequence[Step], seed: int = 0,
                 variant: str | None = None, **options: Any):
        self.steps = list(steps)
        self.done_steps = 0
        self.guide = w.HTML()
        super().__init__(game, seats, seed=seed, variant=variant, **options)
        self.children = (self.guide, *self.children)
        self._show_guide("")

    @property
    def finished(self) -> bool:
        """Whether every guided step has been played."""
        return self.done_steps >= len(self.steps)

    @property
    def expected(self) -> Action | None:
        """The move the lesson waits for now (None once the script is done)."""
        return None if self.finished else self.game.parse_action(self.state, self.steps[self.done_steps].move)

    def act(self, label: str | Action) -> bool:
        if self.finished:
            return super().act(label)
        step = self.steps[self.done_steps]
        try:
            action = label if isinstance(label, Action) else self.game.parse_action(self.state, label)
        except IllegalAction:
            return super().act(label)  # the Table explains unreadable labels
        if action != self.expected:
            if action.seat in self.humans and self._legal(action):
                # One feedback line, said once: the status line, right under the step, gives
                # the reason (the step's own hint, or why the lesson holds to its move); the
                # guide box keeps showing the step alone.
                hint = _hint(step, action) or (
                    "The lesson needs its move to show what comes next; you can play freely "
                    "once the guided moves are done.")
                self._refresh(f"✗ {action.label} is allowed, but this lesson asks for "
                              f"{step.move} now. {hint}", ok=False)
                self._show_guide("")
                return False
            return super().act(action)  # illegal: the engine's reason and rule
        taken = super().act(action)
        if taken:
            self.done_steps += 1
            self._show_guide(step.done)
        return taken

    def nothing_there(self) -> str:
        if self.finished:
            return super().nothing_there()
        self._show_guide("")
        return f"Nothing to click there. The lesson's move now: {self.steps[self.done_steps].move}."

    def _legal(self, action: Action) -> bool:
        return action.seat in self.game.to_move(self.state) and \
            action in self.game.legal_actions(self.state, action.seat)

    def _show_guide(self, feedback: str) -> None:
        total = len(self.steps)
        if self.finished:
            body = (f"<b>✓ Guided moves done ({total} of {total}).</b> {escape(feedback)} "
                    "The table is yours now: play on as you like.")
        else:
            step = self.steps[self.done_steps]
            before = f"✓ {escape(feedback)}<br>" if feedback else ""
            body = (f"{before}<b>Move {self.done_steps + 1} of {total}:</b> {escape(step.say)} "
                    f"<code>{escape(step.move)}</code>")
        self.guide.value = (
            '<div role="status" aria-live="polite" style="font-size:14px;line-height:1.5;padding:6px 10px;'
            'border-left:4px solid var(--jp-brand-color1, #1565c0);'
            'background:var(--jp-layout-color2, #eef3fa);color:var(--jp-ui-font-color1, #1b1b1b)">'
            f"{body}</div>")

    def summary(self) -> str:
        where = "guided moves done" if self.finished else \
            f"guided move {self.done_steps + 1} of {len(self.steps)}: {self.steps[self.done_steps].move}"
        return f"Guided{super().summary()} [{where}]"


def _hint(step: Step, action: Action) -> str:
    """The step's own hint for ``action``; hint labels are read like any label (case, spacing)."""
    return next((text for label, text in step.hints.items() if parse_label(label) == action), "")
