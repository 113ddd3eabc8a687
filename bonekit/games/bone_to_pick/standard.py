"""Bone to Pick with one shared Haven: the base game and the modes built on it.

One engine plays them all, because they differ only in a few switches kept in the state:

* ``epic`` (7-12 players, two boxes): two undead a turn, two trophies, the gentler of the two
  hurts the Haven on a failure;
* ``teams``: titles and the campaign's final scoring go to teams;
* ``campaign``: four waves, Legend and Scapegoat cards, upgrade phases between waves and
  upgrade abilities.

The rules live in modules named after the rulebook's parts: ``standard_setup`` (setup),
``standard_turn`` (a turn), ``standard_campaign`` (the end of a wave and the campaign between
waves) and ``standard_scoring`` (titles and the end), on top of ``shared_rules``. This module
holds the decisions: who owes one, which actions are legal, why one is refused, and the views.

Labels (the grammar of every mode, see ``labels``): ``P2 play 7`` (a weapon), ``P2 play u07``
(upgrade U07 in hand), ``P3 take e05b``
(epic: the best unique value picks one of the two undead), ``P1 keep u07 for 3`` (campaign
upgrade phase: keep upgrade U07 and put the weapon 3 back in the box).
"""
from __future__ import annotations

import re
from typing import Any

from ...core.actions import Action, seat_name
from ...core.events import Event
from ...core.game import Outcome
from ...core.rng import Rng
from . import shared_rules, standard_scoring, standard_setup
from .labels import action, is_upgrade_arg, match, plain_number, value_plays
from .shared_rules import NO_RNG, E, R
from .standard_campaign import keep
from .standard_setup import PLAYERS
from .standard_turn import play, take
from .state import HIDDEN, HIDDEN_ID, BoneToPickState, WaveResult
from .text import render_text

C = R + "campaign."

__all__ = ["PLAYERS", "StandardMode"]


class StandardMode:
    """The engine of variants base, campaign, epic and team (see the module docstring)."""

    # ---- setup ------------------------------------------------------------------------------
    def new(self, players: int, variant: str, seed: int = 0, **options: Any) -> BoneToPickState:
        return standard_setup.new_game(players, variant, seed, **options)

    def setup_events(self, state: BoneToPickState) -> tuple[Event, ...]:
        return standard_setup.setup_events(state)

    # ---- decisions --------------------------------------------------------------------------
    def phase(self, state: BoneToPickState) -> str:
        """"play", "take" (epic trophy choice), "upgrade" or "over"."""
        if state.over:
            return "over"
        if state.pending is not None:
            return "take"
        if any(state.offers):
            return "upgrade"
        return "play"

    def to_move(self, state: BoneToPickState) -> tuple[int, ...]:
        phase = self.phase(state)
        if phase == "over":
            return ()
        if phase == "take":
            return (state.pending.chooser,)
        if phase == "upgrade":
            return tuple([s for s, offer in enumerate(state.offers) if offer])
        return tuple([s for s, card in enumerate(state.chosen) if card is None])

    def current_rule(self, state: BoneToPickState) -> str:
        return {"over": R + "end", "take": E + "trophies", "upgrade": C + "upgrade",
                "play": R + "turn.prepare"}[self.phase(state)]

    def legal_actions(self, state: BoneToPickState, seat: int) -> list[Action]:
        phase = self.phase(state)
        if phase == "play":  # the common case, without building to_move; a seat that has
            # laid its card may still exchange it until the reveal (ruling.changing_your_mind)
            if seat not in range(state.players):
                return []
        elif seat not in self.to_move(state):
            return []
        if phase == "take":
            return [action(seat, "take", (u.lower(),)) for u in (state.current, state.second)]
        if phase == "upgrade":
            return [action(seat, "keep", (u.lower(), "for", str(v)))
                    for u in state.offers[seat] for v in sorted(set(state.hands[seat]))]
        out = value_plays(seat, sorted(set(state.hands[seat])))
        ups = state.upgrades[seat]
        return out + [action(seat, "play", (u.lower(),)) for u in sorted(set(ups))] if ups else out

    def is_legal(self, state: BoneToPickState, act: Action) -> bool:
        """Whether ``act`` (well formed) is one of ``legal_actions``, decided directly."""
        seat, args = act.seat, act.args
        if state.over or not 0 <= seat < state.players:
            return False
        if state.pending is not None:
            return (seat == state.pending.chooser and act.verb == "take" and len(args) == 1
                    and args[0] in (state.current.lower(), state.second.lower()))
        if any(state.offers):
            return (act.verb == "keep" and len(args) == 3 and args[1] == "for"
                    and any(u.lower() == args[0] for u in state.offers[seat])
                    and plain_number(args[2]) in state.hands[seat])
        if act.verb != "play" or len(args) != 1:
            return False
        value = plain_number(args[0])
        if value is not None:
            return value in state.hands[seat]
        return any(u.lower() == args[0] for u in state.upgrades[seat])

    def why_illegal(self, state: BoneToPickState, action: Action) -> tuple[str, str]:
        who = seat_name(action.seat)
        if not 0 <= action.seat < state.players:
            return f"there is no {who} at a {state.players}-player table", R + "setup"
        phase = self.phase(state)
        owing = self.to_move(state)
        waiting = ", ".join(seat_name(s) for s in owing)
        if phase == "take":
            if action.seat != state.pending.chooser:
                return (f"{seat_name(state.pending.chooser)} played the highest unique value and "
                        f"picks a trophy first (waiting for {waiting})", E + "trophies")
            return (f"{who} picks one of the two beaten undead: 'take {state.current.lower()}' or "
                    f"'take {state.second.lower()}'", E + "trophies")
        if phase == "upgrade":
            if action.seat not in owing:
                return (f"{who} has no upgrade to choose in this upgrade phase (waiting for "
                        f"{waiting})", C + "upgrade")
            offered = " or ".join(u.lower() for u in state.offers[action.seat])
            if action.verb != "keep" or len(action.args) != 3 or action.args[1] != "for":
                return (f"in the upgrade phase {who} keeps one drawn upgrade and puts one weapon "
                        f"back in the box, e.g. '{who} keep {state.offers[action.seat][0].lower()} "
                        f"for 0'", C + "upgrade")
            if action.args[0] not in [u.lower() for u in state.offers[action.seat]]:
                return f"{who} drew {offered}; '{action.args[0]}' is not among them", C + "upgrade"
            hand = " ".join(map(str, state.hands[action.seat]))
            return (f"only a weapon card in hand can make room for an upgrade, and {who} has no "
                    f"weapon '{action.args[2]}' (weapons: {hand})", C + "ruling.exchange")
        if action.verb == "reuse":
            return (f"{who}'s used weapons stay face down on the used pile for the rest of the "
                    f"{'wave' if state.campaign else 'game'}; only cards in hand can be played",
                    R + "turn.rest")
        if action.verb != "play":
            return (f"{who} cannot '{action.verb}': in the prepare step the only action is "
                    f"'play <{'card' if state.campaign else 'value'}>'", R + "turn.prepare")
        number = r"0|[1-9][0-9]{0,2}"
        if len(action.args) != 1 or not re.fullmatch(number + (r"|u[0-9]{2}b?" if state.campaign
                                                               else ""), action.args[0]):
            if state.campaign:
                return (f"'play' takes one weapon value or upgrade id, e.g. '{who} play 7' or "
                        f"'{who} play u07'", R + "turn.prepare")
            return (f"'play' takes one weapon value written as a plain number, e.g. "
                    f"'{who} play 7'", R + "turn.prepare")
        hand = " ".join([*map(str, state.hands[action.seat]),
                         *(u.lower() for u in state.upgrades[action.seat])])
        if is_upgrade_arg(action.args[0]):
            return (f"{who} has no upgrade {action.args[0]} in hand (hand: {hand})",
                    R + "turn.prepare")
        return (f"{who} has no weapon of value {int(action.args[0])} in hand (hand: {hand})",
                R + "turn.prepare")

    # ---- applying ---------------------------------------------------------------------------
    def apply(self, state: BoneToPickState, action: Action, events: list[Event]) -> None:
        if action.verb == "take":
            take(state, action.seat, match(action.args[0], shared_rules.foes(state)), events)
        elif action.verb == "keep":
            keep(state, action.seat, match(action.args[0], state.offers[action.seat]),
                 int(action.args[2]), events)
        else:
            play(state, action.seat, action.args[0], events)

    # ---- numbers, titles and the end ------------------------------------------------------------
    foes = staticmethod(shared_rules.foes)
    columns = staticmethod(shared_rules.columns)
    power = staticmethod(shared_rules.power)
    order = staticmethod(shared_rules.order)
    name = staticmethod(shared_rules.name)
    card_name = staticmethod(shared_rules.card_name)
    hand_cards = staticmethod(standard_scoring.hand_cards)
    victory_points = staticmethod(standard_scoring.victory_points)

    def wave_result(self, state: BoneToPickState) -> WaveResult:
        """The title of the current wave (or base game) from the cards and trophies now."""
        return standard_scoring.wave_result(state)

    def outcome(self, state: BoneToPickState) -> Outcome | None:
        return standard_scoring.outcome(state)

    # ---- views --------------------------------------------------------------------------------
    def view(self, state: BoneToPickState, seat: int | None) -> BoneToPickState:
        """What ``seat`` may know of ``state`` (None: everything). The view shares the parts
        the seat may see with ``state`` instead of copying them (see ``sharing``): it stays as
        it is while ``state`` is only passed to ``apply``, which never changes a state; a
        state changed in place (``step_fast``, or by hand) changes its views with it."""
        if seat is None:
            return state
        return self.hide(state.shallow(), seat, Rng(0, 0))

    def bot_view(self, state: BoneToPickState, seat: int) -> BoneToPickState:
        """``view`` for a bot's decision, read within the decision and never changed: it even
        shares the placeholder generator of every bot view."""
        return self.hide(state.shallow(), seat, NO_RNG)

    @staticmethod
    def hide(v: BoneToPickState, seat: int, rng: Rng) -> BoneToPickState:
        """Replace in ``v`` (a state sharing its parts) everything ``seat`` may not see; the
        seed and ``rng`` would reveal the deck. Parts that are empty stay shared: hiding
        nothing changes nothing."""
        v.viewer = seat
        v.seed, v.rng = 0, rng
        if "deck" in v.options:  # a stacked deck's order is the teacher's secret too
            v.options = {k: x for k, x in v.options.items() if k != "deck"}
        v.deck = [HIDDEN_ID] * len(v.deck)
        v.box = [HIDDEN_ID] * len(v.box)
        if v.wave_decks:
            v.wave_decks = [[HIDDEN_ID] * len(d) for d in v.wave_decks]
        if v.upgrade_deck:
            v.upgrade_deck = [HIDDEN_ID] * len(v.upgrade_deck)
        if v.upgrade_discard:
            v.upgrade_discard = [HIDDEN_ID] * len(v.upgrade_discard)
        if not v.over:  # at the end everyone counts their hand in the open
            v.hands = _hidden(v.hands, seat, HIDDEN)
            if any(v.upgrades):
                v.upgrades = _hidden(v.upgrades, seat, HIDDEN_ID)
            if any(v.kept):
                v.kept = _hidden(v.kept, seat, HIDDEN_ID)
            if any(v.exchanged):
                v.exchanged = _hidden(v.exchanged, seat, HIDDEN)
        # Used piles are face down, but everyone saw each card when it was revealed.
        if any(v.offers):
            v.offers = _hidden(v.offers, seat, HIDDEN_ID)
        chosen = v.chosen
        v.chosen = [None if card is None else HIDDEN for card in chosen]
        if seat in range(len(chosen)):
            v.chosen[seat] = chosen[seat]
        return v

    def text(self, state: BoneToPickState, seat: int | None = None) -> str:
        s = self.view(state, seat)
        return render_text(s, self.outcome(s), self.to_move(s))



def _hidden(per_seat: list[list], seat: int, mark: object) -> list[list]:
    """``per_seat`` with every seat's list but ``seat``'s turned into as many ``mark``;
    ``seat``'s own list is shared."""
    out = [[mark] * len(cards) for cards in per_seat]
    if seat in range(len(per_seat)):
        out[seat] = per_seat[seat]
    return out

