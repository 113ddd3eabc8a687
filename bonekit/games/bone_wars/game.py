"""Bone Wars: the rival paleontologists Marsh and Cope, four rounds of digs, papers and awards.

The Game object is stateless; ``BoneWarsState`` holds everything. A decision owed in the middle
of a turn (a bonus's choice, a full crate, the steps of passing) comes first (``pending``);
otherwise the seat whose turn it is acts (setup bundles, then the turns of each round).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.actions import Action, seat_name
from ...core.bots import RandomBot
from ...core.events import Event
from ...core.game import Game, Outcome
from ...core.options import names_option, unknown_options, variant_option
from ...core.rules import RuleCatalog
from ...core.words import short
from . import effects, rounds, solo, turn
from .bots import ScholarBot
from .data import components
from .planner import PlannerBot
from .state import THEODORE, BoneWarsState, share_unchanged
from .text import button_words, outcome_words, refusal, render_text

R = "bone_wars."
PASS_DECISIONS = rounds.ROUND_DECISIONS  # asked and answered in rounds.py
REWARD_ORDERS = ("choose", "fixed")  # option reward_order: the rulebook's way first (the default)


def _heads_option(given: Any, players: int) -> tuple[int, ...] | None:
    """The basic game's ``head_cm``: every player's head circumference in whole centimetres,
    in seat order (the rulebook's last tie-break), or None when the table does not say."""
    if given is None:
        return None
    if (
        not isinstance(given, (list, tuple))
        or len(given) != players
        or not all(type(h) is int and 30 <= h <= 80 for h in given)
    ):
        raise ValueError(
            f"head_cm is a list of {players} head circumferences in whole centimetres (30-80), "
            f"in seat order, not {short(given)}"
        )
    return tuple(given)


class BoneWars(Game[BoneWarsState]):
    id = "bone_wars"
    title = "Bone Wars"
    variants = ("basic", "solo")
    player_counts = {"basic": (2, 3, 4), "solo": (1,)}

    def __init__(self) -> None:
        self.rules = RuleCatalog.from_markdown(Path(__file__).with_name("rules.md"))
        self.data = components()
        self.bots = {"planner": PlannerBot, "scholar": ScholarBot, "random": RandomBot}

    # ---- setup ------------------------------------------------------------------------------
    def new(self, players: int, variant: str | None = None, seed: int = 0, **options: Any) -> BoneWarsState:
        variant = variant_option(variant, self.variants, "basic", self.title)
        if type(players) is not int or players not in self.player_counts[variant]:
            counts = "1 player (you against Theodore)" if variant == "solo" else "2 to 4 players"
            raise ValueError(f"{self.title} ({variant}) is for {counts}, not {short(players)}")
        known = {"names", "head_cm", "reward_order"} | ({"level"} if variant == "solo" else set())
        unknown_options(options, known, f" for {self.title} ({variant})")
        names = names_option(options.get("names"), players)
        order = options.get("reward_order", "choose")
        if order not in REWARD_ORDERS:
            raise ValueError(
                f"reward_order is 'choose' (the player orders a publication's rewards, the rulebook's "
                f"way) or 'fixed' (the kit's order), not {short(order)}"
            )
        kept = {"reward_order": order} if order != "choose" else {}  # the default is not stored
        if variant != "solo":
            heads = _heads_option(options.get("head_cm"), players)
            opts = {**({"head_cm": heads} if heads else {}), **kept}
            return rounds.new_state(players, variant, seed, tuple(names), opts)
        level = options.get("level", "advanced")
        if level not in solo.LEVELS:
            raise ValueError(
                f"level must be one of {', '.join(solo.LEVELS)} (Theodore's upgrades), not {short(level)}"
            )
        head = options.get("head_cm")
        if head is not None and (type(head) is not int or not 30 <= head <= 80):
            raise ValueError(
                f"head_cm is your head's circumference in whole centimetres (30-80), not {short(head)}"
            )
        opts = {"level": level, **({"head_cm": head} if head is not None else {}), **kept}
        state = rounds.new_state(2, variant, seed, (*names, "Theodore"), opts)
        solo.setup(state, level)
        self._drive(state, None)
        return state

    def setup_events(self, state: BoneWarsState) -> tuple[Event, ...]:
        first = state.bundle_queue[0] if state.bundle_queue else state.current
        if state.variant == "solo":
            taken = [c for c in state.boards[THEODORE].hand if c in self.data.species]
            name = self.data.species[taken[0]].name if taken else "a species card"
            return (
                Event(
                    "setup",
                    R + "solo.setup",
                    f"The board is set for you and Theodore. Theodore has taken "
                    f"{name} and its bones; you choose a species bundle, then a career.",
                ),
            )
        return (
            Event(
                "setup",
                R + "setup",
                f"The board is set for {state.players} players; {seat_name(first)} "
                "chooses a setup bundle first.",
            ),
        )

    # ---- who acts and what they may do --------------------------------------------------------
    def to_move(self, state: BoneWarsState) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.pending:
            return (state.pending[0].seat,)
        if state.phase == "bundles":
            return (state.bundle_queue[0],)
        return (state.current,)

    def legal_actions(self, state: BoneWarsState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        if state.pending:
            p = state.pending[0]
            return rounds.pass_answers(state, p) if p.kind in PASS_DECISIONS else effects.answers(state, p)
        if state.phase == "bundles":
            return rounds.bundle_actions(state, seat)
        return turn.legal(state, seat)

    def current_rule(self, state: BoneWarsState) -> str:
        if state.over:
            return R + "scoring.end"
        if state.pending:
            return R + {
                "depart": "team.start", "profession": "pass.profession", "university": "pass.team",
                "overflow": "crates", "reward": "ruling.publish_batch",
            }.get(
                state.pending[0].kind, "bonus"
            )
        if state.phase == "bundles":
            return R + "setup.bundles"
        t = state.turn
        if t is None:
            return R + "turn"
        return R + ("team" if t.mode == "team" else "paleo" if t.mode == "paleo" else "turn.slots")

    def stage(self, state: BoneWarsState) -> tuple[str, str]:
        if state.phase == "bundles":
            return "setup", "setup bundles"
        if state.over:
            return "the end", "final scoring"
        return f"round {state.round} of 4", f"{seat_name(state.current)}'s turn"

    def why_illegal(self, state: BoneWarsState, action: Action) -> tuple[str, str]:
        rule = self.current_rule(state)
        who = seat_name(action.seat)
        if not 0 <= action.seat < state.players:
            return f"there is no {who} at a {state.players}-player table", R + "setup"
        owing = self.to_move(state)
        if action.seat not in owing:
            return f"it is {', '.join(seat_name(s) for s in owing)}'s decision now, not {who}'s", rule
        b = state.boards[action.seat]
        if state.pending and state.pending[0].kind == "depart":
            sites = " or ".join(self.data.dig_sites[x].name for x in rounds.depart_sites(state, action.seat))
            return (
                f"round {state.round} begins with {who}'s team stepping off university space "
                f"{b.university} onto a dig site its arrows lead to: {sites}",
                R + "team.start",
            )
        if action.verb == "play" and state.turn is None and state.phase == "turn" and not state.pending:
            card = action.args[0] if action.args else "?"
            if card not in b.hand:
                return f"{who} has no card {short(card)} in hand", R + "turn"
            slot = turn.open_slot(state, action.seat)
            if slot is None:
                return f"all of {who}'s action slots are used this round: pass", R + "turn.slots"
            cost = turn.slot_spec(state, action.seat, slot).cost + turn.card_cost(card)
            return (
                f"playing it into slot {slot + 1} costs ${cost} (slot and card); {who} has ${b.money}",
                R + "turn.cost",
            )
        t = state.turn
        if t is not None and t.mode == "team" and not state.pending:
            if action.verb == "dig" and action.args and action.args[0] in turn.DEPTHS:
                if turn.DEPTHS.index(action.args[0]) >= t.depth:
                    return (
                        f"this turn digs only down to the {turn.DEPTHS[t.depth - 1]} slot",
                        R + "team.dig",
                    )
                return (
                    f"there is no bone in the {action.args[0]} slot here, or no action point left",
                    R + "team.dig",
                )
            if action.verb == "move":
                return (
                    "the team moves only along the arrows from its dig site, with a free move or an "
                    "action point",
                    R + "team.move",
                )
            if action.verb == "discover":
                return (
                    "discovering costs 2 action points and needs a species card at the site",
                    R + "team.discover",
                )
        if t is not None and t.mode == "paleo" and action.verb == "go" and action.args:
            return (
                f"the paleontologist must move to another action: {who}'s is already at {b.paleo}",
                R + "paleo.move",
            )
        specific = refusal(state, action, turn.debunk_targets)  # a debunk the table cannot pay
        if specific:
            return specific
        options = self.legal_actions(state, action.seat)
        shown = ", ".join(f"'{a.label}'" for a in options[:4]) + (" ..." if len(options) > 4 else "")
        return f"{who} cannot do that now; for example {shown}", rule

    # ---- applying ------------------------------------------------------------------------------
    def apply(self, state: BoneWarsState, action: Action | str) -> tuple[BoneWarsState, tuple[Event, ...]]:
        """The checked path (see ``Game.apply``); the new state shares what did not change."""
        new, events = super().apply(state, action)
        share_unchanged(state, new)
        return new, events

    def copy_state(self, state: BoneWarsState) -> BoneWarsState:
        return state.copy()

    def successor(self, state: BoneWarsState) -> BoneWarsState:
        return state.copy()

    def playout(
        self, state: BoneWarsState, bots: Any, max_actions: int = 100_000, actions: list[Action] | None = None
    ) -> tuple[BoneWarsState, int]:
        """Let ``bots`` (seat -> bot) play from ``state`` to the end on one private copy, stepped
        in place without events (the simulation path; the same states as the ``apply`` loop).
        ``actions``, if given, receives every action taken."""
        s, n = state.copy(), 0
        while not s.over:
            if n >= max_actions:
                raise RuntimeError(f"no end after {max_actions} actions")
            seat = self.to_move(s)[0]
            action = bots[seat].choose(self, s, seat)
            if actions is not None:
                actions.append(action)
            self._apply(s, action, None)
            n += 1
        return s, n

    def button_text(self, action: Action, state: BoneWarsState | None = None) -> str:
        """The words on a Table's button for ``action`` in ``state`` (``text.button_words``)."""
        return button_words(state, action)

    def step_fast(self, state: BoneWarsState, action: Action, events: list[Event] | None = None) -> None:
        """Apply a legal ``action`` in place (the simulation path), without events unless an
        ``events`` list is given to receive them (measurements read them)."""
        self._apply(state, action, events)

    def _apply(self, state: BoneWarsState, action: Action, events: list[Event] | None) -> None:
        if state.pending:
            if state.pending[0].kind in PASS_DECISIONS:
                rounds.answer_pass(state, action, events)
            else:
                effects.answer(state, action, events)
        elif state.phase == "bundles":
            rounds.apply_bundle(state, action, events)
        elif action.verb == "pass":
            rounds.apply_pass(state, action.seat, events)
        else:
            turn.apply(state, action, events)
            effects.run(state, events)
        self._advance(state, events)
        self._drive(state, events)

    def _drive(self, state: BoneWarsState, events: list[Event] | None) -> None:
        """In the solo game, play Theodore (his setup choices, his turns, his answers) until the
        player owes a decision again or the game is over."""
        if state.variant != "solo":
            return
        while not state.over:
            if state.pending:
                if state.pending[0].seat != THEODORE:
                    return
                solo.settle(state, events)
            elif state.phase == "bundles":
                if not state.bundle_queue or state.bundle_queue[0] != THEODORE:
                    return
                solo.bundle(state, events)
                solo.settle(state, events)
            elif state.current == THEODORE:
                solo.play_turn(state, events)
                solo.settle(state, events)
            else:
                return
            self._advance(state, events)

    def _advance(self, state: BoneWarsState, events: list[Event] | None) -> None:
        """Move on once nothing is owed: the next bundle, the next turn, the next round."""
        if state.pending or state.effects:
            return
        if state.phase == "bundles":
            if not state.bundle_queue:
                rounds.start_play(state, events)
            return
        if state.turn is not None and not turn.finish(state, events):
            return
        if state.turn is None:  # the current seat has ended its turn or passed
            if all(state.passed):
                rounds.end_round(state, events)
            elif not any(state.passed) and not any(c for b in state.boards for c in b.played):
                state.current = state.order[0]  # only the steps off the universities so far
            else:
                state.current = self._next(state, state.current)

    def _next(self, state: BoneWarsState, seat: int) -> int:
        """The next seat in this round's order that has not passed."""
        order = state.order
        i = order.index(seat)
        for step in range(1, len(order) + 1):
            nxt = order[(i + step) % len(order)]
            if not state.passed[nxt]:
                return nxt
        return seat

    # ---- the end -------------------------------------------------------------------------------
    def score(self, state: BoneWarsState, seat: int) -> int:
        return state.boards[seat].rp

    def outcome(self, state: BoneWarsState) -> Outcome | None:
        if not state.over:
            return None
        scores = tuple(b.rp for b in state.boards)
        if state.variant == "solo":
            winners = solo.who_wins(state, state.options.get("head_cm"))
            return Outcome(
                "win" if 0 in winners else "defeat", winners, scores,
                summary=outcome_words(state, winners), rule=R + "solo.end"
            )
        # most RP, then most archived cards, then the largest head if the table gave them
        # (option head_cm; without it a tie still standing is shared: bone_wars.ruling.ties)
        ranks = [rounds.standing(state, s) for s in range(state.players)]
        best = max(ranks)
        winners = tuple(s for s, r in enumerate(ranks) if r == best)
        return Outcome(
            "win", winners, scores, summary=outcome_words(state, winners), rule=R + "scoring.end"
        )

    # ---- views -----------------------------------------------------------------------------------
    def view(self, state: BoneWarsState, seat: int | None) -> BoneWarsState:
        """``state`` as ``seat`` sees it: the other players' hands hidden, the decks unordered."""
        v = state.copy()
        v.viewer = seat
        for s, b in enumerate(v.boards):
            if seat is not None and s != seat:
                b.hand = ["hidden"] * len(b.hand)
        v.species_deck = sorted(v.species_deck)
        v.paleo_deck = sorted(v.paleo_deck)
        v.bag = sorted(v.bag)
        return v

    def text(self, state: BoneWarsState, seat: int | None = None) -> str:
        return render_text(self, self.view(state, seat) if seat is not None else state, seat)
