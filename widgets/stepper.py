"""Stepper: walk through a recorded game one action at a time."""
from __future__ import annotations

from html import escape

import ipywidgets as w

from bonekit.core.actions import seat_name
from bonekit.core.events import events_for
from bonekit.core.replay import Replay
from bonekit.core.words import short

from .base import WIDGET_CLASS, StaticFallback, digest
from .canvas import SceneCanvas
from .keyboard import Keyboard, board_toggle, follow_theme
from .panels import MUTED, board_html, log_html, rules_html
from .scene import Scene
from .views import render

ALL_SEEING = -1
SPEEDS = {"slow": 1500, "normal": 800, "fast": 300}
KEYS = {"ArrowRight": "next", "ArrowLeft": "back", "Home": "first", "End": "last",
        "n": "next", "p": "back",
        "PageDown": "next_phase", "PageUp": "previous_phase",
        "Shift+PageDown": "next_round", "Shift+PageUp": "previous_round",
        "]": "next_round", "[": "previous_round"}
PHASE, ROUND = "phase", "round"


class Stepper(StaticFallback, w.VBox):
    """First / back / next / last, play at a chosen speed, a slider and keyboard keys over the
    steps of a replay; jumps to the next or previous phase and round (``game.stage``); shows
    the picture (marking what the last step changed), the event log with rule citations, the
    rules of the current step and the text board, from the all-seeing view or one player's view.

    Keys (click the picture first, or Tab to it): → or n next step, ← or p back, Home first,
    End last; PageDown / PageUp next / previous phase; Shift+PageDown / Shift+PageUp, or ] / [,
    next / previous round. Tab and Shift+Tab move on from the picture; Escape leaves it.

    A phase is a stretch of steps with the same ``game.stage(state)``; a round one with the
    same round part. "Next" lands on the first step of the next one; "previous" on the first
    step of the current one, or of the one before when already there.
    """

    def __init__(self, replay: Replay, step: int = 0, seat: int | None = None):
        self.replay = replay
        self.game = replay.game
        last = len(replay) - 1
        if type(step) is not int or not 0 <= step <= last:
            raise ValueError(f"step must be a whole number from 0 to {last} (this replay has "
                             f"{last} actions), not {short(step)}")
        if seat is not None and (type(seat) is not int or not 0 <= seat < replay.players):
            raise ValueError(f"seat must be None (all-seeing) or 0 to {replay.players - 1}, "
                             f"not {short(seat)}")
        state0 = replay.states[0]
        names = state0.names if hasattr(state0, "names") else [seat_name(s) for s in range(replay.players)]
        button = dict(layout=w.Layout(width="44px"))
        self.first_button = w.Button(icon="fast-backward", tooltip="first step (Home)", **button)
        self.back_button = w.Button(icon="step-backward", tooltip="back one step (←)", **button)
        self.next_button = w.Button(icon="step-forward", tooltip="next step (→)", **button)
        self.last_button = w.Button(icon="fast-forward", tooltip="last step (End)", **button)
        jump = dict(layout=w.Layout(width="auto"))
        self.previous_round_button = w.Button(description="« round", tooltip="start of this round, "
                                              "or of the previous one (Shift+PageUp or [)", **jump)
        self.previous_phase_button = w.Button(description="‹ phase", tooltip="start of this phase, "
                                              "or of the previous one (PageUp)", **jump)
        self.next_phase_button = w.Button(description="phase ›", tooltip="start of the next phase (PageDown)",
                                          **jump)
        self.next_round_button = w.Button(description="round »", tooltip="start of the next round "
                                          "(Shift+PageDown or ])", **jump)
        self.stage_label = w.HTML(layout=w.Layout(margin="0 0 0 8px"))
        self.stage_label.add_class("bonekit-stage")
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
        self.board_toggle = board_toggle(self.board)
        self.keyboard = Keyboard(widget_label=f"{self.game.title} replay: step through the game",
                                 roledescription=f"{self.game.title} picture")
        follow_theme(self.keyboard, self.picture)

        self.first_button.on_click(lambda _: self.first())
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.last_button.on_click(lambda _: self.last())
        self.previous_round_button.on_click(lambda _: self.previous_round())
        self.previous_phase_button.on_click(lambda _: self.previous_phase())
        self.next_phase_button.on_click(lambda _: self.next_phase())
        self.next_round_button.on_click(lambda _: self.next_round())
        self.speed.observe(lambda c: setattr(self.player, "interval", SPEEDS[c["new"]]), "value")
        self.slider.observe(lambda _: self._refresh(), "value")
        self.view_choice.observe(lambda _: self._refresh(), "value")

        controls = w.HBox([self.first_button, self.back_button, self.next_button, self.last_button,
                           self.player, self.speed, self.slider, self.view_choice],
                          layout=w.Layout(flex_flow="row wrap"))
        jumps = w.HBox([self.previous_round_button, self.previous_phase_button, self.next_phase_button,
                        self.next_round_button, self.stage_label],
                       layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.size_toggle = self.picture.size_toggle()
        toggles = w.HBox([self.board_toggle, self.size_toggle], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([controls, jumps, self.picture.canvas, self.rules, self.event_log,
                          toggles, self.board, self.keyboard])
        self.add_class(WIDGET_CLASS)
        self.add_class("bonekit-stepper")
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
        """Act on a key as ``SceneCanvas`` names it (see ``KEYS``); a shifted key without a
        meaning of its own acts as the key alone, others are ignored."""
        if key not in KEYS and key.startswith("Shift+"):
            key = key[len("Shift+"):]
        if key in KEYS:
            getattr(self, KEYS[key])()

    # ---- phases and rounds --------------------------------------------------------------------
    @property
    def stages(self) -> list[tuple[str, str]]:
        """``game.stage`` of every step, computed once."""
        if not hasattr(self, "_stages"):
            self._stages = [self.game.stage(s) for s in self.replay.states]
        return self._stages

    def stage_starts(self, kind: str = PHASE) -> list[int]:
        """The steps where a phase (``"phase"``: the stage changes) or a round (``"round"``:
        its round part changes) begins, step 0 included."""
        if kind not in (PHASE, ROUND):
            raise ValueError(f"kind is 'phase' or 'round', not {kind!r}")
        cache = self.__dict__.setdefault("_starts", {})
        if kind not in cache:
            stages = self.stages
            part = (lambda s: s) if kind == PHASE else (lambda s: s[0])
            cache[kind] = [0] + [i for i in range(1, len(stages)) if part(stages[i]) != part(stages[i - 1])]
        return cache[kind]

    def _later(self, kind: str) -> int | None:
        return next((i for i in self.stage_starts(kind) if i > self.step), None)

    def _earlier(self, kind: str) -> int | None:
        return next((i for i in reversed(self.stage_starts(kind)) if i < self.step), None)

    def next_phase(self) -> None:
        """Go to the first step of the next phase (nothing if there is none)."""
        self._jump(self._later(PHASE))

    def previous_phase(self) -> None:
        """Go to the first step of this phase, or of the previous one if already there."""
        self._jump(self._earlier(PHASE))

    def next_round(self) -> None:
        self._jump(self._later(ROUND))

    def previous_round(self) -> None:
        self._jump(self._earlier(ROUND))

    def _jump(self, step: int | None) -> None:
        if step is not None:
            self.go(step)

    # ---- drawing ------------------------------------------------------------------------------
    def _scene(self, step: int) -> Scene:
        seat = None if not hasattr(self, "view_choice") else self.seat
        previous = self.replay.states[step - 1] if step else None
        return render(self.game, self.replay.states[step], seat, previous=previous)

    def current_scene(self) -> Scene:
        return self.picture.scene

    def _refresh(self) -> None:
        step, seat = self.step, self.seat
        self.picture.show(self._scene(step))
        steps = [(i, events_for(self.replay.events[i], seat)) for i in range(step + 1)]
        self.event_log.value = log_html(self.game, steps, current=step)
        self.rules.value = rules_html(self.game, (e.rule for e in steps[-1][1]))
        self.board.value = board_html(self.game.text(self.state, seat))
        self.keyboard.label = self.picture.scene.alt_text
        self.back_button.disabled = self.first_button.disabled = step == 0
        self.next_button.disabled = self.last_button.disabled = step == self.slider.max
        self.previous_phase_button.disabled = self._earlier(PHASE) is None
        self.next_phase_button.disabled = self._later(PHASE) is None
        self.previous_round_button.disabled = self._earlier(ROUND) is None
        self.next_round_button.disabled = self._later(ROUND) is None
        round_words, phase_words = self.stages[step]
        words = " · ".join(dict.fromkeys(p for p in (round_words, phase_words) if p))
        self.stage_label.value = (f'<span style="color:{MUTED};font-size:13px">{escape(words)}</span>'
                                  if words else "")

    def summary(self) -> str:
        who = "all-seeing" if self.seat is None else seat_name(self.seat)
        action = self.replay.actions[self.step - 1] if self.step else "setup"
        return (f"Stepper({self.game.id}, step {self.step} of {self.slider.max}: {action}, "
                f"view {who}, digest {digest(self.game.text(self.state, self.seat))})")
