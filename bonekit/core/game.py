"""The engine contract every game implements.

A game is a stateless object; states are plain dataclasses owned by the caller. ``apply``
validates an action, copies the state, applies the action to the copy and returns the copy
with the events, so a refused or failed action never leaves anything half-applied.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action, parse_label, seat_name
from .clone import clone
from .errors import IllegalAction
from .events import Event
from .rules import RuleCatalog
from .words import short

S = TypeVar("S")


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``result`` is a short word ("victory", "defeat", ...); ``winners`` the seats that won (or,
    in a lost co-operative game, hold the title the game gives); ``titles`` names each seat's
    title, if any; ``scores`` one number per seat.
    """

    result: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    titles: dict[int, str] = field(default_factory=dict)
    summary: str = ""
    rule: str = ""


class Game(Generic[S]):
    """Base class of every game. Subclasses fill in the hooks marked below."""

    id: ClassVar[str]
    title: ClassVar[str]
    variants: ClassVar[tuple[str, ...]]
    player_counts: ClassVar[dict[str, tuple[int, ...]]]
    rules: RuleCatalog
    # The bots a study can name (``simulate(game, ["careful", ...])``): name -> class(seed).
    bots: dict[str, Any]

    # ---- hooks a game implements -------------------------------------------------------
    def new(self, players: int, variant: str | None = None, seed: int = 0, **options: Any) -> S:
        raise NotImplementedError

    def to_move(self, state: S) -> tuple[int, ...]:
        """Seats that owe a decision now (several in simultaneous steps; none when over)."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """What ``seat`` may do now. A seat in ``to_move`` always has at least one; a seat that
        owes nothing may still have optional actions (none in most games), which bots and
        playouts, driven by ``to_move``, never need to take."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def text(self, state: S, seat: int | None = None) -> str:
        """A deterministic text board, from ``seat``'s view (None: everything)."""
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> S:
        """A copy of ``state`` with what ``seat`` may not know removed (None: all-seeing)."""
        raise NotImplementedError

    def current_rule(self, state: S) -> str:
        """The rule section that governs the decision owed now."""
        raise NotImplementedError

    def why_illegal(self, state: S, action: Action) -> tuple[str, str]:
        """Explain why ``action`` is refused: (message, rule id). Games refine this."""
        owing = self.to_move(state)
        if action.seat not in owing:
            return (f"{seat_name(action.seat)} does not owe a decision now (waiting for "
                    f"{seat_list(owing)})", self.current_rule(state))
        return (f"{action.label} is not a legal action now", self.current_rule(state))

    def stage(self, state: S) -> tuple[str, str]:
        """Where the game stands, as (round, phase) words, e.g. ("round 2", "movement phase").

        Steppers jump to the next step where either part changes; games refine this.
        """
        return ("", "")

    def setup_events(self, state: S) -> tuple[Event, ...]:
        """The events of setup (shuffles, deals) that led to ``state`` when it was new."""
        return ()

    def _apply(self, state: S, action: Action, events: list[Event]) -> None:
        """Apply a legal action to ``state`` (a private copy) in place, appending events."""
        raise NotImplementedError

    def copy_state(self, state: S) -> S:
        """A copy sharing nothing mutable with ``state``: safe to change by hand."""
        return clone(state)

    def successor(self, state: S) -> S:
        """The copy ``apply`` changes into the next state. By default a full copy; a game may
        share the parts an action will not touch (copy-on-write), keeping timelines small."""
        return self.copy_state(state)

    def bot_view(self, state: S, seat: int) -> S:
        """What a bot deciding for ``seat`` may read: ``view`` by default. A game may return a
        cheaper view sharing ``state``'s parts; bots must never change what they are given."""
        return self.view(state, seat)

    # ---- the shared contract -------------------------------------------------------------
    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    def check(self, state: S, action: Action) -> None:
        """Raise IllegalAction if ``action`` may not be applied to ``state``."""
        if not well_formed(action):
            raise IllegalAction("an action is a seat number, a verb and a tuple of text arguments, "
                                f"not {short(action)}; build it from a label such as 'P1 play 7'",
                                self.current_rule(state), action)
        over = self.outcome(state)
        if over is not None:
            raise IllegalAction("the game is over; no more actions are taken",
                                over.rule or self.current_rule(state), action)
        # legal_actions is the authority: a seat that owes nothing (not in to_move) may still
        # have an optional action, e.g. taking back a face-down card before the reveal.
        if action not in self.legal_actions(state, action.seat):
            message, rule = self.why_illegal(state, action)
            raise IllegalAction(message, rule, action)

    def apply(self, state: S, action: Action | str) -> tuple[S, tuple[Event, ...]]:
        """Return the state after ``action`` and the events it caused; ``state`` is untouched."""
        if not isinstance(action, Action):
            action = self.parse_action(state, action)
        self.check(state, action)
        new = self.successor(state)
        events: list[Event] = []
        self._apply(new, action, events)
        return new, tuple(events)

    def playout(self, state: S, bots: Any, max_actions: int = 100_000) -> tuple[S, int]:
        """Let ``bots`` (one per seat: a dict seat -> bot) play from ``state`` to the end;
        returns the final state and the number of actions taken.

        This is the simulation path that labs, benchmarks and ``simulate`` use. Here it is the
        checked ``apply`` loop; a game may override it with a faster path (no copies, no
        events, no re-validation) as long as it reaches exactly the same states, which its
        tests prove by playing many games both ways.
        """
        actions = 0
        while True:
            owing = self.to_move(state)
            if not owing:
                return state, actions
            if actions >= max_actions:
                raise RuntimeError(f"no end after {max_actions} actions")
            seat = owing[0]
            state, _ = self.apply(state, bots[seat].choose(self, state, seat))
            actions += 1

    def parse_action(self, state: S, text: str) -> Action:
        """Read a label such as ``"P2 play 7"`` back into an Action (any case and spacing).

        Raises IllegalAction for text that is not an action label at all; whether the
        action is legal is checked by ``apply``.
        """
        action = parse_label(text)
        if action is None:
            shown = text if isinstance(text, str) else type(text).__name__
            raise IllegalAction(f"could not read {shown[:60]!r} as an action; labels look like "
                                f"'P1 <verb> <arguments>'", self.current_rule(state))
        return action

    def from_old_options(self, variant: str | None, options: dict[str, Any],
                         version: int) -> dict[str, Any]:
        """The options that set up a game as a replay saved in the older format ``version``
        was dealt. Games whose setup changed its draws override this; by default they are kept."""
        return options

    def from_old_label(self, state: S, action: Action, version: int) -> Action:
        """Today's action for ``action``, read from a replay saved in the older format
        ``version``. Games whose label grammar changed override this; by default it is kept."""
        return action

    def seats(self, state: S) -> range:
        return range(self.players(state))

    def players(self, state: S) -> int:
        return state.players  # type: ignore[attr-defined]

    def all_legal_actions(self, state: S) -> list[Action]:
        """The legal actions of the seats that owe a decision (``to_move``)."""
        return [a for seat in self.to_move(state) for a in self.legal_actions(state, seat)]

    def rule_text(self, rule_id: str) -> str:
        return self.rules[rule_id].text if rule_id in self.rules else ""

    def __repr__(self) -> str:
        return f"<bonekit game {self.id!r}: {self.title}>"


def well_formed(action: object) -> bool:
    """Whether ``action`` is an Action whose fields have the right types (an int seat, a text
    verb, a tuple of text arguments): anything else is refused before the rules look at it."""
    return (isinstance(action, Action) and type(action.seat) is int and isinstance(action.verb, str)
            and type(action.args) is tuple and all(isinstance(a, str) for a in action.args))


def seat_list(seats: Sequence[int]) -> str:
    return ", ".join(seat_name(s) for s in seats)
