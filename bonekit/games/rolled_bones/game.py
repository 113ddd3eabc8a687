"""Rolled Bones: build a base of dice and hold it, while creatures, items and magic fight it out.

Variants: ``base`` (the base game, 2-6 players; alliances are an option from 3 players) and
``arena`` (first to six kills). The steps of a turn live in ``turn``, battles in ``battle``,
the legal actions and refusals in ``choices``; this module is the engine contract on top.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...core.actions import Action, seat_name
from ...core.errors import IllegalAction
from ...core.events import Event
from ...core.game import Game, Outcome, well_formed
from ...core.options import variant_option
from ...core.rng import Rng
from ...core.rules import RuleCatalog
from . import battle, choices, turn
from .bots import BuilderBot
from .dice import kind
from .setup import PLAYERS, new_state
from .state import RolledBonesState, die_index
from .text import board_text

R = "rolled_bones."
NO_RNG = Rng(0, 0)  # what views show in place of the generator (it would tell the future)


class RolledBones(Game[RolledBonesState]):
    id = "rolled_bones"
    title = "Rolled Bones"
    variants = ("base", "arena")
    player_counts = {"base": PLAYERS, "arena": PLAYERS}

    def __init__(self) -> None:
        self.rules = RuleCatalog.from_markdown(Path(__file__).with_name("rules.md"))
        self.bots = {"builder": BuilderBot}

    # ---- setup -----------------------------------------------------------------------------
    def new(
        self, players: int, variant: str | None = None, seed: int = 0, **options: Any
    ) -> RolledBonesState:
        variant = variant_option(variant, self.variants, "base", self.title)
        state = new_state(players, variant, seed, options, None)
        turn.start_turn(state, state.first, None)
        return state

    def setup_events(self, state: RolledBonesState) -> tuple[Event, ...]:
        events: list[Event] = []
        fresh = new_state(state.players, state.variant, state.seed, state.options, events)
        turn.start_turn(fresh, fresh.first, events)
        return tuple(events)

    # ---- decisions ---------------------------------------------------------------------------
    def to_move(self, state: RolledBonesState) -> tuple[int, ...]:
        return choices.owing(state)

    def legal_actions(self, state: RolledBonesState, seat: int) -> list[Action]:
        return choices.legal(state, seat)

    def current_rule(self, state: RolledBonesState) -> str:
        return choices.current_rule(state)

    def why_illegal(self, state: RolledBonesState, action: Action) -> tuple[str, str]:
        return choices.why_not(state, action)

    def stage(self, state: RolledBonesState) -> tuple[str, str]:
        if state.phase == "over":
            return ("the end", "")
        step = state.queue[0][0] if state.queue else state.phase
        return (f"round {state.round}", f"{seat_name(state.turn_seat)}'s turn: {step}")

    # ---- applying ------------------------------------------------------------------------------
    def copy_state(self, state: RolledBonesState) -> RolledBonesState:
        return state.copy()

    def successor(self, state: RolledBonesState) -> RolledBonesState:
        """The copy ``apply`` changes: each seat's bag, rack and base lists are shared with
        ``state`` until the engine replaces them (see ``RolledBonesState.copy``)."""
        return state.copy(share_lists=True)

    def step_fast(self, state: RolledBonesState, action: Action) -> None:
        """Apply a legal ``action`` in place with no events (the simulation path)."""
        self._apply(state, action, None)

    def playout(
        self, state: RolledBonesState, bots: Any, max_actions: int = 100_000
    ) -> tuple[RolledBonesState, int]:
        """Bots (a dict seat -> bot) play a private copy of ``state`` to the end, in place and
        without events; returns the final state and the number of actions. It reaches the
        states the checked ``apply`` loop reaches (tests/test_rolled_bones_fast.py)."""
        state = state.copy()
        actions = 0
        while True:
            owing = choices.owing(state)
            if not owing:
                return state, actions
            if actions >= max_actions:
                raise RuntimeError(f"no end after {max_actions} actions")
            seat = owing[0]
            self._apply(state, bots[seat].choose(self, state, seat), None)
            actions += 1

    def _apply(self, state: RolledBonesState, action: Action, events: list[Event] | None) -> None:  # type: ignore[override]
        s, seat, verb, args = state, action.seat, action.verb, action.args
        if verb == "break":  # at any time, the turn's step or question stays as it was
            turn.break_alliance(s, seat, int(args[0][1:]) - 1, events)
            return
        if verb == "grant":
            turn.grant(s, seat, int(args[0][1:]) - 1, events)
            return
        if s.queue and verb == "flash":  # at any moment one may act: the question waits
            turn.flash(s, seat, int(args[0][1:]), events)
            turn.check_arena_win(s, events)
            return
        if s.queue:
            what = s.queue[0][0]
            if what == "claim":
                s.queue.pop(0)
                if verb == "declare":
                    turn.declare(s, seat, events)
                battle.proceed(s, events)
            elif what == "intercept":
                s.queue.pop(0)
                battle.intercept(s, verb == "intercept", events)
                battle.proceed(s, events)
            elif what == "flash":  # "pass" (a flash was handled above)
                s.queue.pop(0)
                assert s.battle is not None
                s.battle = replace(s.battle, stage="roll")
                battle.proceed(s, events)
            elif what == "enter":
                self._enter(s, seat, args[0], events)
            elif what == "spill":
                turn.spill(s, seat, args[0], events)
            elif what == "rearrange":
                if verb == "done":
                    turn.rearrange_done(s, seat, events)
                else:
                    turn.rearrange(s, seat, _die(args[0]), _die(args[1]), events)
            elif what == "alliance":
                turn.answer_alliance(s, seat, verb == "accept", events)
            turn.check_arena_win(s, events)
            return
        if verb == "build":
            turn.build(s, seat, int(args[0][1:]), events)
        elif verb == "declare":
            turn.declare(s, seat, events)
        elif verb == "draw":
            turn.draw(s, seat, events)
        elif verb == "swap":
            turn.swap_rack(s, seat, int(args[0][1:]), int(args[1][1:]), events)
        elif verb == "roll":
            turn.bones_roll(s, seat, events)
        elif verb == "move":
            turn.move(s, seat, _die(args[0]), args[1], events)
        elif verb == "step":
            turn.step(s, seat, _die(args[0]), -1 if args[1] == "yard" else _die(args[1]), events)
        elif verb in ("attack", "shoot"):
            battle.begin(s, seat, _die(args[0]), _die(args[1]), verb == "shoot", events)
            battle.proceed(s, events)
        elif verb == "band":
            turn.band(s, seat, _die(args[0]), _die(args[1]), events)
        elif verb == "unband":
            turn.unband(s, seat, _die(args[0]), events)
        elif verb == "flash":
            turn.flash(s, seat, int(args[0][1:]), events)
        elif verb == "propose":
            turn.propose(s, seat, int(args[0][1:]) - 1, events)
        elif verb == "next":
            turn.end_turn(s, events)
        turn.check_arena_win(s, events)

    @staticmethod
    def _enter(s: RolledBonesState, seat: int, where: str, events: list[Event] | None) -> None:
        if where in ("arena", "base", "bag"):
            turn.enter(s, seat, where, -1, events)
        else:
            turn.enter(s, seat, "on", _die(where), events)

    def check(self, state: RolledBonesState, action: Action) -> None:
        if well_formed(action) and state.phase != "over" and action in self.legal_actions(state, action.seat):
            return
        super().check(state, action)

    # ---- results and views ----------------------------------------------------------------------
    def outcome(self, state: RolledBonesState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(state.kills) if state.variant == "arena" else tuple(len(b) for b in state.bases)
        if state.winner < 0:
            return Outcome("unfinished", (), scores, {}, "The game stopped before anyone won.", state.ended)
        title = "Champion of the Arena" if state.variant == "arena" else "Base Complete"
        return Outcome(
            "victory",
            (state.winner,),
            scores,
            {state.winner: title},
            f"{seat_name(state.winner)} wins: {title}.",
            state.ended,
        )

    def view(self, state: RolledBonesState, seat: int | None) -> RolledBonesState:
        """What ``seat`` may know: every die in play and in the racks is face up; the other
        players' bags are hidden (their dice read ``?``), and so is chance to come."""
        if seat is None:
            return state
        v = state.copy()
        v.viewer = seat
        v.rng = Rng(0, 0)
        v.script = {}
        v.codes = hidden_codes(state, seat)
        return v

    def bot_view(self, state: RolledBonesState, seat: int) -> RolledBonesState:
        """``view`` for a bot's decision, cheaply: a shallow copy sharing the state's lists,
        with chance to come and the other bags' contents hidden. Bots must not change it."""
        v = copy.copy(state)
        v.viewer = seat
        v.rng = NO_RNG
        v.script = {}
        v.codes = hidden_codes(state, seat)
        return v

    def text(self, state: RolledBonesState, seat: int | None = None) -> str:
        return board_text(self, state if seat is None else self.view(state, seat), seat)

    def button_text(self, action: Action, state: Any = None) -> str:
        """The words on a Table's button for ``action``: its verb and arguments (``build r2``),
        since a bare ``r2`` or ``d7`` would not say what the button does."""
        return " ".join((action.verb, *action.args))

    # ---- helpers for views, bots and lessons ------------------------------------------------------------
    def kind(self, state: RolledBonesState, die: int) -> str:
        return kind(state, die)


def hidden_codes(state: RolledBonesState, seat: int) -> tuple[str, ...]:
    """The D'Codes as ``seat`` may know them: the dice in other players' bags read ``?``."""
    codes = list(state.codes)
    for p, bag in enumerate(state.bags):
        if p != seat:
            for i in bag:
                codes[i] = "?"
    return tuple(codes)


def _die(arg: str) -> int:
    i = die_index(arg)
    if i is None:
        raise IllegalAction(f"no die {arg[:12]}", R + "turn.actions")
    return i
