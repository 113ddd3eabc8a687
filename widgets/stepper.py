"""Stepper: walk through a recorded game one action at a time."""
from __future__ import annotations

import ipywidgets as w

from bonekit.core.actions import seat_name
from bonekit.core.events import events_for
from bonekit.core.replay import Replay

from .base import StaticFallback, digest
from .canvas import SceneCanvas
from .panels import board_html, log_html, rules_html
from .scene import Scene
from .views import render

ALL_SEEING = -1
SPEEDS = {"slow": 1500, "normal": 800, "fast": 300}
KEYS = {"ArrowRight": "next", "ArrowLeft": "back", "Home": "first", "End": "last",
        "n": "next", "p": "back"}


class Stepper(StaticFallback, w.VBox):
    """First / back / next / last, play at a chosen speed, a slider and keyboard keys over the
    steps of a replay; shows the picture, the event log with rule citations, the rules of the
    current step and the text board, from the all-seeing view or one player's view.

    Keys (click the picture first): → next, ← back, Home first, End last.
    """

    def __init__(self, replay: Replay, step: int = 0, seat: int | None = None):
        self.replay = replay
        self.game = replay.game
        last = len(replay) - 1
        state0 = replay.states[0]
        names = state0.names if hasattr(state0, "names") else [seat_name(s) for s in range(replay.players)]
        button = dict(layout=w.Layout(width="44px"))
        self.first_button = w.Button(icon="fast-backward", tooltip="first step (Home)", **button)
        self.back_button = w.Button(icon="step-backward", tooltip="back one step (←)", **button)
        self.next_button = w.Button(icon="step-forward", tooltip="next step (→)", **button)
        self.last_button = w.Button(icon="fast-forward", tooltip="last step (End)", **button)
        # Play has four buttons (play, pause, stop, repeat): at 90px the browser clipped two.
        self.player = w.Play(min=0, max=last, value=step, interval=SPEEDS["normal"],
                             description="play", layout=w.Layout(width="auto"))
        # Labels as wide as their words: the default 80px label left "normal" cut to "norma".
        label = dict(style={"description_width": "initial"})
        self.speed = w.Dropdown(options=list(SPEEDS), value="normal", description="speed",
                                layout=w.Layout(width="150px"), **label)
        self.slider = w.IntSlider(min=0, max=last, value=step, description="step",
                                  layout=w.Layout(width="340px"), **label)
        # Linked in the kernel (not jslink) so that Python-side changes move both.
        w.link((self.player, "value"), (self.slider, "value"))
        options = [("all-seeing", ALL_SEEING)] + [
            (f"{seat_name(s)} {names[s]}" if names[s] != seat_name(s) else seat_name(s), s)
            for s in range(replay.players)]
        self.view_choice = w.Dropdown(options=options, value=ALL_SEEING if seat is None else seat,
                                      description="view", layout=w.Layout(width="200px"), **label)
        self.picture = SceneCanvas(self._scene(step), on_key=self.key)
        self.rules = w.HTML()
        self.event_log = w.HTML()
        self.board = w.HTML()

        self.first_button.on_click(lambda _: self.first())
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.last_button.on_click(lambda _: self.last())
        self.speed.observe(lambda c: setattr(self.player, "interval", SPEEDS[c["new"]]), "value")
        self.slider.observe(lambda _: self._refresh(), "value")
        self.view_choice.observe(lambda _: self._refresh(), "value")

        controls = w.HBox([self.first_button, self.back_button, self.next_button, self.last_button,
                           self.player, self.speed, self.slider, self.view_choice],
                          layout=w.Layout(flex_flow="row wrap"))
        text_board = w.Accordion([self.board], titles=("Text board (accessible view)",))
        text_board.selected_index = None
        super().__init__([controls, self.picture.canvas, self.rules, self.event_log, text_board])
        self._refresh()

    # ---- navigation ---------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.slider.value

    @property
    def seat(self) -> int | None:
        return None if self.view_choice.value == ALL_SEEING else self.view_choice.value

    @property
    def state(self):
        return self.replay.states[self.step]

    def go(self, step: int) -> None:
        self.slider.value = max(0, min(self.slider.max, step))

    def first(self) -> None:
        self.go(0)

    def back(self) -> None:
        self.go(self.step - 1)

    def next(self) -> None:
        self.go(self.step + 1)

    def last(self) -> None:
        self.go(self.slider.max)

    def show_seat(self, seat: int | None) -> None:
        self.view_choice.value = ALL_SEEING if seat is None else seat

    def key(self, key: str) -> None:
        if key in KEYS:
            getattr(self, KEYS[key])()

    # ---- drawing ------------------------------------------------------------------------------
    def _scene(self, step: int) -> Scene:
        seat = None if not hasattr(self, "view_choice") else self.seat
        return render(self.game, self.replay.states[step], seat)

    def current_scene(self) -> Scene:
        return self.picture.scene

    def _refresh(self) -> None:
        step, seat = self.step, self.seat
        self.picture.show(self._scene(step))
        steps = [(i, events_for(self.replay.events[i], seat)) for i in range(step + 1)]
        self.event_log.value = log_html(self.game, steps, current=step)
        self.rules.value = rules_html(self.game, (e.rule for e in steps[-1][1]))
        self.board.value = board_html(self.game.text(self.state, seat))
        self.back_button.disabled = self.first_button.disabled = step == 0
        self.next_button.disabled = self.last_button.disabled = step == self.slider.max

    def summary(self) -> str:
        who = "all-seeing" if self.seat is None else seat_name(self.seat)
        action = self.replay.actions[self.step - 1] if self.step else "setup"
        return (f"Stepper({self.game.id}, step {self.step} of {self.slider.max}: {action}, "
                f"view {who}, digest {digest(self.game.text(self.state, self.seat))})")
