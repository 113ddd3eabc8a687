"""Table: play a game in the notebook against bots, by clicking cards or buttons."""
from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from bonekit.core.actions import Action, seat_name
from bonekit.core.bots import Bot, RandomBot
from bonekit.core.errors import IllegalAction
from bonekit.core.events import Event, events_for
from bonekit.core.game import Game, well_formed
from bonekit.core.registry import load
from bonekit.core.replay import Replay

from .base import WIDGET_CLASS, StaticFallback, digest
from .canvas import SceneCanvas
from .keyboard import ACTIONS_CLASS, Keyboard, board_toggle, follow_theme
from .panels import board_html, log_html, refusal, status_html
from .scene import Hit, Scene
from .views import render

HUMAN = "human"
SELECT = "select:"  # hit targets that pick part of an action instead of acting
MAX_BUTTONS = 24    # more legal actions than this are offered as a list instead
PROBE_LIMIT = 64    # most actions the optional-decision probe plays on its private copy


Stage = Callable[[Any], Any]
"""A lesson's staged position: a function from the state after setup to the state to play from."""


def stage_name(stage: Stage) -> str:
    """``module:function``, the name a summary records so that a staged Table can be rebuilt."""
    return f"{stage.__module__}:{stage.__qualname__}"


def resolve_stage(stage: Stage | str) -> Stage:
    """A stage function, given itself or its ``module:function`` name (only under ``bonekit``)."""
    if callable(stage):
        return stage
    module, _, name = str(stage).partition(":")
    if not module.startswith("bonekit.") or not name:
        raise ValueError(f"a stage is a function or 'bonekit.module:function', not {stage!r}")
    return getattr(importlib.import_module(module), name)


def make_bot(game: Game, kind: str | Bot, seed: int) -> Bot:
    """A bot from a name in ``game.bots`` (e.g. "careful", "random") or a Bot object."""
    if not isinstance(kind, str):
        return kind
    bots = getattr(game, "bots", {"random": RandomBot})
    if kind not in bots:
        raise ValueError(f"unknown bot {kind!r}; {game.title} has {', '.join(bots)} (or 'human')")
    return bots[kind](seed)


class Table(StaticFallback, w.VBox):
    """A game in progress. ``seats`` lists who sits where: ``"human"`` or a bot name/object.

    Humans act by clicking their cards, pressing a button, or typing a label; bots answer at
    once. Refused actions show their reason and rule in the status line, never a traceback.
    ``stage`` (a function, or its ``module:function`` name) turns the state after setup into a
    lesson's position to play from (a drill); the first line of its docstring is shown as the
    opening event.
    """

    def __init__(self, game: Game | str, seats: Sequence[str | Bot], seed: int = 0,
                 variant: str | None = None, stage: Stage | str | None = None, **options: Any):
        self.game = load(game) if isinstance(game, str) else game
        self.seats = list(seats)
        self.humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        self.bots = {i: make_bot(self.game, s, seed * 100 + i) for i, s in enumerate(self.seats)
                     if s != HUMAN}
        self.seed, self.variant, self.options = seed, variant, options
        self.state = self.game.new(len(self.seats), variant=variant, seed=seed, **options)
        opening = self.game.setup_events(self.state)
        self.stage = None if stage is None else resolve_stage(stage)
        if self.stage is not None:
            self.state = self.stage(self.game.copy_state(self.state))
            words = (self.stage.__doc__ or "A staged position.").strip().splitlines()[0]
            opening = (*opening, Event("staged", self.game.current_rule(self.state), words))
        self.actions: list[str] = []
        self.selection: str | None = None  # an action being built over several clicks
        # The state before the human's last action: the picture marks what changed since.
        self.previous: Any = None
        self._optional_cache: tuple[Any, dict[int, bool]] = (None, {})  # (state, seat -> optional)
        self.history: list[tuple[int, tuple[Event, ...]]] = [(0, tuple(opening))]

        self.status = w.HTML()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class(ACTIONS_CLASS)
        self.typed = w.Text(placeholder="or type an action label, then Enter",
                            continuous_update=False, layout=w.Layout(width="360px"))
        self.typed.observe(self._typed, "value")
        self.event_log = w.HTML()
        self.board = w.HTML()
        self.picture = SceneCanvas(self._scene(), on_hit=self._clicked)
        self.board_toggle = board_toggle(self.board)
        self.keyboard = Keyboard(widget_label=f"{self.game.title} table: play the game",
                                 roledescription=f"{self.game.title} picture")
        follow_theme(self.keyboard, self.picture)
        self.size_toggle = self.picture.size_toggle()
        toggles = w.HBox([self.board_toggle, self.size_toggle], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self.status, self.picture.canvas, self.buttons, self.typed, self.event_log,
                          toggles, self.board, self.keyboard])
        self.add_class(WIDGET_CLASS)
        self.add_class("bonekit-table")
        self._run_bots()
        self._refresh("Your move." if self.humans else "Bots only: watch them play.")

    # ---- who is acting ----------------------------------------------------------------------
    @property
    def active(self) -> int | None:
        """The human seat that owes a decision now (hot-seat order), if any: first a human the
        game is waiting for, else one who may still take an optional action (a co-op share)."""
        owing = [s for s in self.humans if s in self.game.to_move(self.state)]
        return next((s for s in owing if not self.optional(s)), owing[0] if owing else None)

    def optional(self, seat: int, state: Any = None) -> bool:
        """Whether everything ``seat`` owes now is optional: the game can go on without it.

        A game may say so itself with a hook ``optional_actions(state, seat)`` (the actions of
        ``seat`` that may be left untaken). Without the hook the Table asks the engine by
        probing: on a private copy, the other owing seats act (each its first legal action)
        until either the game has moved past ``seat`` (it no longer owes, or is offered other
        actions than now: the decision was skipped, so it was optional) or only ``seat`` is
        left owing with the same choice (the game waits for it: required). In a simultaneous
        step every seat is required; in the co-op game a seat that may only share is optional.
        Nothing of the probe is shown and no bot is asked, so no secret and no bot's dice leak.
        """
        state = self.state if state is None else state
        known, answers = self._optional_cache
        if known is not state:
            answers = {}
            self._optional_cache = (state, answers)
        if seat not in answers:
            answers[seat] = self._probe_optional(state, seat)
        return answers[seat]

    def _probe_optional(self, state: Any, seat: int) -> bool:
        game = self.game
        mine = game.legal_actions(state, seat)
        if seat not in game.to_move(state) or not mine:
            return False
        hook = getattr(game, "optional_actions", None)
        if callable(hook):
            free = set(hook(state, seat))
            return all(a in free for a in mine)
        probe = state
        for _ in range(PROBE_LIMIT):
            if game.is_over(probe):
                return True
            owing = game.to_move(probe)
            if seat not in owing or game.legal_actions(probe, seat) != mine:
                return True
            others = [s for s in owing if s != seat and game.legal_actions(probe, s)]
            if not others:
                return False
            probe, _ = game.apply(probe, game.legal_actions(probe, others[0])[0])
        return False  # undecided: wait for the human rather than play past them

    @property
    def viewer(self) -> int | None:
        """Whose eyes the picture uses: the acting human, the only human, or all-seeing."""
        if self.active is not None:
            return self.active
        return self.humans[0] if len(self.humans) == 1 else None

    @property
    def replay(self) -> Replay:
        """The game so far as a Replay (a staged Table has none: its start is not a setup)."""
        if self.stage is not None:
            raise ValueError("a staged Table starts from a lesson's position, not a setup: no Replay")
        return Replay(self.game.id, len(self.seats), self.seed, self.variant, dict(self.options),
                      list(self.actions))

    # ---- acting -----------------------------------------------------------------------------
    def act(self, label: str | Action) -> bool:
        """Try an action for a human seat; returns whether it was taken."""
        try:
            action = label if isinstance(label, Action) else self.game.parse_action(self.state, label)
            if not well_formed(action):
                self.game.check(self.state, action)  # raises the engine's refusal of a malformed action
            if action.seat not in self.humans:
                owner = self.seats[action.seat] if 0 <= action.seat < len(self.seats) else None
                who = f"the {getattr(owner, 'name', owner)} bot" if owner else "nobody"
                raise IllegalAction(f"you play {', '.join(map(seat_name, self.humans)) or 'no seat'}; "
                                    f"{seat_name(action.seat)} is played by {who}",
                                    self.game.current_rule(self.state), action)
            since, before = len(self.history), self.state
            self._take(action)
            self.selection = None
            self.previous = before
        except IllegalAction as e:
            self._refresh(f"✗ {refusal(self.game, e)}", ok=False)
            return False
        self._run_bots()
        self._refresh(self._after_message(since))
        return True

    def advisers(self) -> list[int]:
        """The bot seats that could suggest something to the acting human now: a game with
        table talk (hook ``talk_actions``, the co-op game's suggestions) and a bot that
        gives advice (method ``suggest``)."""
        hook, seat = getattr(self.game, "talk_actions", None), self.active
        if not callable(hook) or seat is None or self.game.is_over(self.state):
            return []
        return [b for b, bot in self.bots.items()
                if callable(getattr(bot, "suggest", None)) and hook(self.state, b, seat)]

    def ask(self) -> list[str]:
        """Ask every bot teammate for a suggestion to the acting human (``advisers``); each
        one it makes is taken as an action (it binds nobody). Returns their labels."""
        seat, said = self.active, []
        for b in self.advisers():
            advice = self.bots[b].suggest(self.game, self.state, b, seat)
            if advice is None:
                continue
            try:
                self.game.check(self.state, advice)
            except IllegalAction:   # a bot's slip must not stop the table: skip its advice
                continue
            self._take(advice)
            said.append(advice.label)
        since = len(self.history) - len(said)
        self._refresh(self._after_message(since) if said else "Your teammates have nothing to suggest.")
        return said

    def click(self, x: float, y: float) -> None:
        """A click at canvas coordinates, as the browser would send it."""
        self.picture.click(x, y)

    def _clicked(self, hit: Hit | None, x: float, y: float) -> None:
        if hit is not None and hit.target.startswith(SELECT):
            picked = hit.target[len(SELECT):] or None
            self.selection = None if picked == self.selection else picked
            self._refresh(f"Selected: {self.selection}. {hit.tip}" if self.selection
                          else "Selection cleared.")
            return
        if hit is None:
            self._refresh(self.nothing_there(), ok=True)
            return
        self.act(hit.target)

    def nothing_there(self) -> str:
        """What a click on an empty part of the picture is told: what can be clicked now."""
        if self.game.is_over(self.state):
            return "Nothing to click there: the game is over."
        if self.active is None:
            return "Nothing to click there: no move is yours now."
        legal = {a.label for a in self.game.legal_actions(self.state, self.active)}
        names: list[str] = []
        for h in self.picture.scene.hits:
            name = (h.tip or h.target).split(":")[0].strip()
            if (h.target in legal or h.target.startswith(SELECT)) and name and name not in names:
                names.append(name)
        if not names:
            return "Nothing to click there: your moves now are the buttons below (or type one)."
        if len(names) == 1:
            return f"Nothing to click there. The one thing to click now: {names[0]} (outlined)."
        examples = "; ".join(names[:3]) + ("; ..." if len(names) > 3 else "")
        return (f"Nothing to click there. {len(names)} things can be clicked now, outlined in the "
                f"picture ({examples}), or use the buttons below.")

    def _typed(self, change: dict) -> None:
        text = change["new"].strip()
        if text:
            self.typed.value = ""
            self.act(text)

    def _take(self, action: Action) -> None:
        self.state, events = self.game.apply(self.state, action)
        self.actions.append(action.label)
        self.history.append((len(self.actions), events))

    def _run_bots(self) -> None:
        """Bots act once every human who owes something owes only optional actions (see
        ``optional``), so in a simultaneous step a human never sees what the bots chose before
        choosing too, while in the co-op game the bot whose turn it is plays without waiting for
        a human who could still share. A bot that owes only optional actions is not asked."""
        while not self.game.is_over(self.state):
            owing = self.game.to_move(self.state)
            if any(s in self.humans and not self.optional(s) for s in owing):
                break
            seat = next((s for s in owing if s in self.bots and not self.optional(s)), None)
            if seat is None:
                break
            self._take(self.bots[seat].choose(self.game, self.state, seat))

    def _after_message(self, since: int) -> str:
        """What the human's action set off, in words (reveals, outcomes, the next attacker)."""
        public = [e.text for _, events in self.history[since:] for e in events
                  if e.visible_to is None and e.kind not in ("commit",)]
        out = self.game.outcome(self.state)
        tail = "" if out or self.active is None else " Your move."
        return " ".join(public[-6:]) + tail

    # ---- drawing ----------------------------------------------------------------------------
    def _scene(self) -> Scene:
        return render(self.game, self.state, self.viewer, self.active, self.selection, self.previous)

    def current_scene(self) -> Scene:
        return self.picture.scene

    def _refresh(self, message: str, ok: bool = True) -> None:
        self.picture.show(self._scene())
        self.keyboard.label = self.picture.scene.alt_text
        self.status.value = status_html(message, ok)
        seat = self.viewer
        self.event_log.value = log_html(self.game, [(i, events_for(e, seat)) for i, e in self.history],
                                  current=len(self.actions))
        self.board.value = board_html(self.game.text(self.state, seat))
        legal = self.game.legal_actions(self.state, self.active) if self.active is not None else []
        for old in self.buttons.children:
            old.close()  # otherwise every refresh leaks widgets into the kernel's registry
        buttons: list[w.Widget] = []
        if len(legal) <= MAX_BUTTONS:
            for a in legal:
                b = w.Button(description=self._button_text(a), tooltip=a.label,
                             layout=w.Layout(width="auto", min_width="40px"))
                b.on_click(lambda _, a=a: self.act(a))
                buttons.append(b)
        elif legal:  # too many for a row of buttons: a list to pick from, still keyboard-friendly
            # each entry in words, the label after it (what the box below accepts too)
            choice = w.Dropdown(options=[(f"{self._button_text(a)} · {a.label}", a.label) for a in legal],
                                description="action",
                                layout=w.Layout(width="320px"))
            go = w.Button(description="do it", tooltip="take the action chosen in the list",
                          layout=w.Layout(width="auto"))
            go.on_click(lambda _: self.act(choice.value))
            buttons = [choice, go]
        if legal and self.advisers():   # table talk: the bots say what they would do in your place
            ask = w.Button(description="ask your teammates", tooltip="each bot teammate suggests a move "
                           "for you (you need not follow it)", layout=w.Layout(width="auto"))
            ask.on_click(lambda _: self.ask())
            buttons.append(ask)
        self.buttons.children = buttons
        self.typed.disabled = not legal
        if legal:
            self.typed.placeholder = f"or type an action, e.g. {legal[-1].label}, then Enter"

    def _button_text(self, action: Action) -> str:
        """A button's words: the game's own (hook ``button_text(action, state)``), else the
        label's arguments."""
        hook = getattr(self.game, "button_text", None)
        return hook(action, self.state) if callable(hook) else " ".join(action.args) or action.verb

    def summary(self) -> str:
        who = "all-seeing" if self.viewer is None else seat_name(self.viewer)
        variant = f", variant {self.variant}" if self.variant else ""
        return (f"Table({self.game.id}, {len(self.seats)} seats, {len(self.actions)} actions, "
                f"view {who}{variant}, digest {digest(self.game.text(self.state, self.viewer))}, "
                f"setup {json.dumps(self.setup(), sort_keys=True, separators=(',', ':'))})")

    def setup(self) -> dict:
        """How to build this Table again: seats (by bot name), seed, variant, options and the
        stage's name (staged Tables only)."""
        seats = [s if isinstance(s, str) else getattr(s, "name", type(s).__name__) for s in self.seats]
        out = {"seats": seats, "seed": self.seed, "variant": self.variant, "options": self.options}
        if self.stage is not None:
            out["stage"] = stage_name(self.stage)
        return out
