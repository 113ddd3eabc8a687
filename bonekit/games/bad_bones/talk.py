"""Table talk in the co-op game: a player suggests a trap decision to a teammate.

The co-op trap phase is played together, so players tell each other what to do. A suggestion
is an action of its own, ``P2 suggest p1 place wall b3 /`` (by P2, to P1, then P1's action as
P1 would write it without the seat), that binds nobody: it is kept in ``state.talk`` for the
rest of the trap phase, shown on the pictures and the text board, and the receiver may follow
it or not. It changes nothing on the boards and no seat finishes the phase by talking.

Suggestions are not among ``legal_actions`` (a seat could suggest any of ~65 placements to
each teammate, which would swamp the bots and the move lists); ``talk_actions`` lists them,
and ``apply`` accepts them from any seat, even one that has finished the phase.
"""
from __future__ import annotations

from ...core.actions import Action, seat_name
from ...core.events import Event
from .choices import is_legal as legal
from .choices import legal_actions
from .choices import why_illegal as why
from .moves import R

VERB = "suggest"
RULE = R + "coop.talk"
TRAP_VERBS = ("place", "retrieve", "pass")
"""The decisions a suggestion may carry: those of the trap phase."""


def suggested(action: Action) -> Action | None:
    """The receiver's action a suggestion carries (``P1 place wall b3 /`` for ``P2 suggest p1
    place wall b3 /``), or None if the suggestion is malformed."""
    args = action.args
    if action.verb != VERB or len(args) < 2:
        return None
    to = args[0]
    if len(to) < 2 or to[0] != "p" or not to[1:].isdigit() or int(to[1:]) < 1:
        return None
    return Action(int(to[1:]) - 1, args[1], tuple(args[2:]))


def suggestion(by: int, action: Action) -> Action:
    """``by``'s suggestion that ``action``'s seat take ``action``."""
    return Action(by, VERB, (seat_name(action.seat).lower(), action.verb, *action.args))


def talk_actions(state, seat: int, to: int | None = None) -> list[Action]:
    """Every suggestion ``seat`` may make now (to ``to`` only, if given): each teammate still
    choosing in the co-op trap phase, each of their legal trap decisions."""
    if not state.capital_size or state.phase != "traps" or state.over \
            or not 0 <= seat < state.players:
        return []
    targets = range(state.players) if to is None else (to,)
    return [suggestion(seat, a) for t in targets if t != seat and 0 <= t < state.players
            and not state.done[t] and not state.pending[t] for a in legal_actions(state, t)]


def is_legal(state, action: Action) -> bool:
    """Whether the suggestion ``action`` may be made now (see ``talk_actions``)."""
    inner = suggested(action)
    return (inner is not None and bool(state.capital_size) and state.phase == "traps"
            and not state.over and 0 <= action.seat < state.players
            and inner.seat != action.seat and inner.seat < state.players
            and inner.verb in TRAP_VERBS and not state.pending[inner.seat] and legal(state, inner))


def why_illegal(game, state, action: Action) -> tuple[str, str]:
    """Why the suggestion ``action`` is refused, and the rule it breaks."""
    who = seat_name(action.seat)
    inner = suggested(action)
    if not state.capital_size:
        return ("suggestions are table talk of the co-op game; in this game every player decides "
                "alone", RULE)
    if state.phase != "traps":
        return f"suggestions are made in the trap phase; this is the {state.phase} phase", RULE
    if inner is None or inner.verb not in TRAP_VERBS:
        mate = (seat_name((action.seat + 1) % state.players).lower()
                if 0 <= action.seat < state.players else "p2")
        return (f"a suggestion names a teammate and a trap decision: '{who} suggest {mate} place wall b3 /', "
                f"'{who} suggest {mate} retrieve c4' or '{who} suggest {mate} pass'", RULE)
    if not 0 <= inner.seat < state.players:
        return f"there is no {seat_name(inner.seat)} at this {state.players}-player table", RULE
    if inner.seat == action.seat:
        return f"{who} decides for themselves: no need to suggest, just do it ('{inner.label}')", RULE
    if state.done[inner.seat]:
        return f"{seat_name(inner.seat)} has already made this phase's decision", RULE
    message, rule = why(game, state, inner)
    return f"{seat_name(inner.seat)} could not do that: {message}", rule


def words(state, inner: Action) -> str:
    """A suggested decision in words: "put the wall on b3 (/)", "pass"."""
    if inner.verb == "pass":
        return "pass"
    if inner.verb == "retrieve":
        trap = state.boards[inner.seat].traps.get(inner.args[0])
        return f"take back the {trap.kind if trap else 'trap'} on {inner.args[0]}"
    turn = f" ({inner.args[2]})" if len(inner.args) > 2 else ""
    return f"put the {inner.args[0]} on {inner.args[1]}{turn}"


def short_words(inner: Action) -> str:
    """A suggested decision in a few words, for a status line: "wall b3 /", "take back c2"."""
    if inner.verb == "pass":
        return "pass"
    if inner.verb == "retrieve":
        return f"take back {inner.args[0]}"
    return " ".join(inner.args)


def apply(state, action: Action, events: list[Event] | None) -> None:
    """Record the suggestion ``action`` (replacing ``action.seat``'s earlier one to the same
    teammate); nothing else changes."""
    inner = suggested(action)
    by, to = action.seat, inner.seat
    state.talk = (*(t for t in state.talk if (t[0], t[1]) != (by, to)), (by, to, inner))
    if events is not None:
        events.append(Event("talk", RULE,
                            f"{seat_name(by)} suggests that {seat_name(to)} {words(state, inner)} "
                            "(a suggestion: nobody is bound by it).",
                            {"seat": by, "to": to, "action": inner.label}))


def heard(state, seat: int) -> list[tuple[int, Action]]:
    """The suggestions made to ``seat`` that it could still follow: (by, action), oldest first."""
    return [(by, a) for by, to, a in state.talk if to == seat and legal(state, a)]


def settle(state, seat: int) -> None:
    """``seat`` has made its trap decision: the suggestions to it are spent."""
    if state.talk:
        state.talk = tuple(t for t in state.talk if t[1] != seat)
