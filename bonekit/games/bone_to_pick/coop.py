"""Bone to Pick, co-operative game for 2 or 3 players. The Game object (game.py) hands every
contract call for variant "coop" here.

Labels (the grammar of every mode, see ``labels``): ``P2 play 7`` (a weapon of value 7, face
up, in turn order), ``P2 play u07`` (kept upgrade U07), ``P1 play none`` (an empty hand),
``P1 share values`` / ``P1 share types`` (the talk rules), ``P1 keep u07`` (keep an upgrade).
Options: ``names``, ``start`` ("P1".."P3", the starting player), ``hard`` (no talking at all),
``free_talk`` ("turn": values may be told in the first turn only (default); "wave": during
the whole first undead deck of the stack).
"""
from __future__ import annotations

import re
from typing import Any

from ...core.actions import Action, seat_name, seat_option
from ...core.events import Event
from ...core.game import Outcome
from ...core.rng import Rng
from ...core.words import plural, short
from .data import card_type, card_value, components, title_for
from .labels import NOTHING, action, is_upgrade, is_upgrade_arg, match, plain_number, upgrade_arg, value_plays
from .mode_setup import (
    check_common,
    check_deal,
    check_options,
    setup_draws,
    shuffled_upgrades,
    shuffled_weapon_decks,
    undead_stack,
)
from .modes_state import HIDDEN_CARD, CoopState, ModeTurn, Shared
from .rules_logic import trophy_winner
from .shared_rules import NO_RNG, R, damage, draw_upgrades, let_through, reveal_next
from .text import card_names, last_line, modes_header

C = R + "coop."


TALK = ("types", "values")  # what a player may tell the table, in the order labels list it


_SORT_KEYS: dict[str, tuple] = {}


def _sort_key(card: str) -> tuple:
    """How a co-op hand is sorted: by value, weapons before upgrades, then by name."""
    key = _SORT_KEYS.get(card)
    if key is None:
        key = _SORT_KEYS[card] = (card_value(card), ":" not in card, card)
    return key


# Every printed weapon card by name ("red:7") with its value: the hot paths read this table
# instead of parsing names.
WEAPON_VALUES = {f"{colour}:{v}": v for colour in components().colour_names
                 for v in components().weapon_values}
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def _weapon_of_value(hand: list[str], value: int) -> str:
    """The first weapon (not upgrade) card of ``value`` in ``hand``."""
    for card in hand:
        found = WEAPON_VALUES.get(card)
        if found is None:
            if is_upgrade(card):
                continue
            found = card_value(card)
        if found == value:
            return card
    raise ValueError(f"no weapon of value {value} in hand")


def _order(start: int, players: int) -> tuple[int, ...]:
    """The seats from ``start`` clockwise (made once per table)."""
    found = _ORDERS.get((start, players))
    if found is None:
        found = _ORDERS[(start, players)] = tuple((start + i) % players for i in range(players))
    return found


class CoopMode:
    OPTIONS = {"names", "start", "hard", "free_talk", "deal"}

    def __init__(self) -> None:
        self.conf = components().raw["coop"]

    def by_players(self, players: int) -> dict:
        return self.conf["by_players"][str(players)]

    # setup
    def new(self, players: int, seed: int = 0, **options: Any) -> CoopState:
        check_options(options, self.OPTIONS)
        check_deal(options)
        names = check_common(players, seed, options.get("names"), (2, 3), "coop")
        seat_option(options.get("start", "P1"), players, "start")
        if type(options.get("hard", False)) is not bool:
            raise ValueError(f"hard must be True or False, not {short(options['hard'])}")
        if options.get("free_talk", "turn") not in ("turn", "wave"):
            raise ValueError(f"free_talk must be 'turn' or 'wave', not {short(options['free_talk'])}")
        state = self._blank(players, seed, names, options)
        self._setup(state, None)
        return state

    def _blank(self, players, seed, names, options) -> CoopState:
        state = CoopState(players=players, variant="coop", seed=seed, names=names,
                          hit_points=self.conf["hit_points"], rng=Rng(seed),
                          start=seat_option(options.get("start", "P1"), players, "start"),
                          decks=[], hands=[[] for _ in range(players)], stack=[], box=[],
                          upgrade_deck=[], played=[None] * players,
                          trophies=[[] for _ in range(players)],
                          set_aside=[[] for _ in range(players)],
                          options={k: (list(v) if isinstance(v, (list, tuple)) else v)
                                   for k, v in options.items()})
        state.owns_all()  # all new: setup changes it in place
        return state

    def _setup(self, state: CoopState, events: list[Event] | None) -> None:
        conf = self.by_players(state.players)
        draws = setup_draws(state)
        state.decks = shuffled_weapon_decks(draws, conf["sets_per_deck"], events,
                                            C + "setup")
        for seat in range(state.players):
            state.hands[seat] = sorted(state.decks[seat][:self.conf["hand"]], key=_sort_key)
            state.decks[seat] = state.decks[seat][self.conf["hand"]:]
            if events is not None:
                events.append(Event("draw", C + "setup", f"{seat_name(seat)} draws "
                                    f"{self.conf['hand']} weapons.", {"seat": seat}))
                events.append(Event("hand", C + "setup",
                                    f"{seat_name(seat)}'s hand: {self._cards(state.hands[seat])}.",
                                    {"seat": seat, "cards": tuple(state.hands[seat])},
                                    visible_to=(seat,)))
        state.stack, state.box = undead_stack(draws, conf["undead_decks"], events,
                                              C + "setup")
        state.upgrade_deck = shuffled_upgrades(draws, events, C + "setup")
        if events is not None:
            events.append(Event("start", C + "setup",
                                f"The Haven has {state.hit_points} hit points; "
                                f"{seat_name(state.start)} is the starting player.",
                                {"start": state.start}))
        if state.options.get("hard"):
            if events is not None:
                events.append(Event("hard", C + "talk.hard", "Hard mode: nobody may tell anything "
                                    "about their cards."))
        self._reveal(state, events)

    def setup_events(self, state: CoopState) -> tuple[Event, ...]:
        fresh = self._blank(state.players, state.seed, state.names, state.options)
        events: list[Event] = []
        self._setup(fresh, events)
        return tuple(events)

    # turn order and talk
    def order(self, state: CoopState) -> list[int]:
        """Play order: the starting player, then clockwise."""
        return list(_order(state.start, state.players))

    def next_player(self, state: CoopState) -> int | None:
        played = state.played
        for seat in _order(state.start, state.players):
            if played[seat] is None:
                return seat
        return None

    def free_turns(self, state: CoopState) -> int:
        if state.options.get("free_talk", "turn") == "wave":
            return sum(self.by_players(state.players)["undead_decks"][0].values())
        return 1

    def _may_share(self, state: CoopState, seat: int, kind: str) -> bool:
        if state.over or state.offer or state.options.get("hard") or not state.hands[seat]:
            return False
        if kind == "values" and state.turn > self.free_turns(state):
            return False
        turn = state.turn
        for told in reversed(state.shared):  # told in turn order: this turn's talk comes last
            if told.turn != turn:
                return True
            if told.seat == seat and told.kind == kind:
                return False
        return True

    def share_actions(self, state: CoopState, seat: int) -> list[Action]:
        return [action(seat, "share", (k,)) for k in TALK if self._may_share(state, seat, k)]

    def _may_talk(self, state: CoopState, seat: int) -> bool:
        return self._may_share(state, seat, "types") or self._may_share(state, seat, "values")

    # decisions
    def to_move(self, state: CoopState) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.offer:
            return (state.offer_to,)
        first = self.next_player(state)
        others = [s for s in _order(state.start, state.players) if s != first and self._may_talk(state, s)]
        return (first, *others)

    def current_rule(self, state: CoopState) -> str:
        if state.over:
            return C + "end"
        return C + ("upgrade" if state.offer else "turn.play")

    def legal_actions(self, state: CoopState, seat: int) -> list[Action]:
        # Owing a decision (``to_move``) is playing next, or being free to talk.
        if state.over or seat not in range(state.players):
            return []
        if state.offer:
            return ([action(seat, "keep", (u.lower(),)) for u in sorted(state.offer)]
                    if seat == state.offer_to else [])
        out = []
        if seat == self.next_player(state):
            hand = state.hands[seat]
            if not hand:
                out = [action(seat, "play", (NOTHING,))]
            else:
                weapons, ups = set(), []
                for card in hand:
                    value = WEAPON_VALUES.get(card)
                    if value is not None:
                        weapons.add(value)
                    elif is_upgrade(card):
                        ups.append(card)
                    else:  # a card this table does not print (a staged hand): by its value
                        weapons.add(card_value(card))
                out = value_plays(seat, sorted(weapons))
                if ups:
                    out += [action(seat, "play", (upgrade_arg(u),)) for u in sorted(ups)]
        return out + self.share_actions(state, seat)

    def is_legal(self, state: CoopState, act: Action) -> bool:
        """Whether ``act`` (well formed) is one of ``legal_actions``, decided directly."""
        seat, args = act.seat, act.args
        if state.over or not 0 <= seat < state.players or len(args) != 1:
            return False
        if state.offer:
            return (seat == state.offer_to and act.verb == "keep"
                    and any(u.lower() == args[0] for u in state.offer))
        if act.verb == "share":
            return args[0] in ("types", "values") and self._may_share(state, seat, args[0])
        if act.verb != "play" or seat != self.next_player(state):
            return False
        hand = state.hands[seat]
        if not hand:
            return args[0] == NOTHING
        value = plain_number(args[0])
        if value is not None:
            return any(not is_upgrade(c) and card_value(c) == value for c in hand)
        return any(is_upgrade(c) and upgrade_arg(c) == args[0] for c in hand)

    def why_illegal(self, state: CoopState, action: Action) -> tuple[str, str]:
        who, seat = seat_name(action.seat), action.seat
        if not 0 <= seat < state.players:
            return f"there is no {who} at a {state.players}-player table", C + "setup"
        if state.offer:
            offered = ", ".join(map(upgrade_arg, sorted(state.offer)))
            if seat != state.offer_to:  # the offer is that player's secret
                return (f"{seat_name(state.offer_to)} is choosing an upgrade of the "
                        f"{len(state.offer)} drawn; wait for the next turn", C + "upgrade")
            return f"{who} keeps one of the offered upgrades: {offered}", C + "upgrade"
        if action.verb == "keep":
            return f"{who} has no upgrades on offer; they come with every third trophy", C + "upgrade"
        if action.verb == "share":
            kind = action.args[0] if len(action.args) == 1 else ""
            if kind not in ("values", "types"):
                return "'share' takes 'values' or 'types', e.g. 'P1 share types'", C + "talk"
            if state.options.get("hard"):
                return "hard mode: nobody may tell anything about their cards", C + "talk.hard"
            if not state.hands[seat]:
                return f"{who} has no cards in hand to tell about", C + "talk"
            if kind == "values" and state.turn > self.free_turns(state):
                return (f"values may be told only in the first "
                        f"{'turn' if self.free_turns(state) == 1 else 'wave'}; from then on only "
                        f"the weapon types ('{who} share types')", C + "talk")
            return f"{who} has already told the table their {kind} this turn", C + "talk"
        if action.verb != "play":
            return f"{who} cannot '{action.verb}': play a card, or share", C + "turn.play"
        first = self.next_player(state)
        if seat != first:
            if state.played[seat] is not None:
                return f"{who} has already played this turn (waiting for {seat_name(first)})", C + "turn.play"
            return (f"it is {seat_name(first)}'s turn to play; the cards are played one by one "
                    f"from the starting player, {seat_name(state.start)}, clockwise", C + "turn.play")
        if action.args == (NOTHING,):
            return (f"{who} still has cards in hand; 'play none' is only for an empty hand",
                    C + "turn.empty_decks")
        hand = self._hand(state.hands[seat])
        if len(action.args) == 1 and is_upgrade_arg(action.args[0]):
            return (f"{who} holds no upgrade {action.args[0].upper()} (hand: {hand})",
                    C + "turn.play")
        if len(action.args) != 1 or not re.fullmatch(r"0|[1-9][0-9]?", action.args[0]):
            return (f"'play' takes one weapon value or upgrade id, e.g. '{who} play 7' or "
                    f"'{who} play u07'", C + "turn.play")
        value = int(action.args[0])
        ups = [upgrade_arg(u) for u in state.hands[seat] if is_upgrade(u) and card_value(u) == value]
        if ups:
            return (f"{who} has no weapon of value {value}; an upgrade is played by its id: "
                    f"'{who} play {ups[0]}'", R + "upgrade.labels")
        return f"{who} has no card of value {value} in hand (hand: {hand})", C + "turn.play"

    # applying
    def apply(self, state: CoopState, action: Action, events: list[Event] | None) -> None:
        seat = action.seat
        if action.verb == "keep":
            card = action.args[0].upper()
            state.own("offer").remove(card)
            state.own("hands")[seat] = sorted(state.hands[seat] + [card], key=_sort_key)
            state.own("upgrade_discard").extend(state.offer)
            if events is not None:
                events.append(Event("keep", C + "upgrade",
                                    f"{seat_name(seat)} keeps an upgrade; "
                                    f"{', '.join(f'{u} ({card_value(u)})' for u in state.offer)} "
                                    f"discarded face up.",
                                    {"seat": seat, "discarded": tuple(state.offer)}))
                events.append(Event("kept", C + "upgrade", f"{seat_name(seat)} keeps {card} "
                                    f"({card_value(card)}).", {"seat": seat, "kept": card},
                                    visible_to=(seat,)))
            state.offer, state.offer_to = [], None
            self._reveal(state, events)
            return
        if action.verb == "share":
            kind = action.args[0]
            hand = state.hands[seat]
            told = tuple(str(card_value(c)) for c in hand) if kind == "values" \
                else tuple(sorted(card_type(c) for c in hand))
            state.own("shared").append(Shared(state.turn, seat, kind, told))
            if events is not None:
                events.append(Event("share", C + "talk", f"{seat_name(seat)} tells the table the "
                                    f"{kind} in hand: {' '.join(told)}.",
                                    {"seat": seat, "kind": kind, "told": told}))
            return
        arg = action.args[0]
        if arg == NOTHING:
            state.own("played")[seat] = NOTHING
            if events is not None:
                events.append(Event("play_nothing", C + "turn.empty_decks", f"{seat_name(seat)} has "
                                    f"no cards left and adds nothing.", {"seat": seat, "value": 0}))
        else:
            hand = state.own_seat("hands", seat)
            card = match(arg, hand) if is_upgrade_arg(arg) else _weapon_of_value(hand, int(arg))
            hand.remove(card)
            state.own("played")[seat] = card
            if events is not None:
                value = card_value(card)
                shown = f"upgrade {card} ({value})" if is_upgrade(card) else str(value)
                events.append(Event("play", C + "turn.play", f"{seat_name(seat)} plays {shown} face up.",
                                    {"seat": seat, "card": card, "value": value}))
        if None not in state.played:
            self._resolve(state, events)

    def _resolve(self, state: CoopState, events: list[Event] | None) -> None:
        undead = components().undead[state.current]
        power = undead.power_for(state.players)
        plays = tuple(state.played)
        values = tuple(card_value(c) for c in plays)  # type: ignore[arg-type]
        total = sum(values)
        defeated = total >= power
        if events is not None:
            events.append(Event("attack", C + "turn.attack",
                                f"Total {total} against power {power}: "
                                f"{'the ' + undead.name + ' is beaten' if defeated else 'not enough'}.",
                                {"total": total, "power": power, "defeated": defeated}))
        winner = None
        if defeated:
            winner = trophy_winner(values)
            if winner is None:
                state.own("unclaimed").append(undead.id)
                if events is not None:
                    events.append(Event("no_trophy", C + "turn.attack", "Nobody takes the trophy: no "
                                        "value above 0 was played only once.", {"undead": undead.id}))
            else:
                state.own_seat("trophies", winner).append(undead.id)
                if events is not None:
                    events.append(Event("trophy", C + "turn.attack", f"{seat_name(winner)} takes the "
                                        f"{undead.name} as a trophy.", {"seat": winner, "undead": undead.id}))
        else:
            let_through(state, undead, C + "turn.attack", events)
        state.own("history").append(ModeTurn(state.turn, undead.id, power, plays, values, total,
                                             defeated, winner))
        state.own("discard").extend(c for c in plays if c != NOTHING)  # type: ignore[misc]
        state.played = [None] * state.players
        state.current = None
        if damage(state) >= state.hit_points or not state.stack:
            state.over = True
            if events is not None:
                out = self.outcome(state)
                events.append(Event("end", out.rule, out.summary,
                                    {"result": out.result, "title": out.titles[0],
                                     "left": len(state.stack)}))
            return
        for seat in self.order(state):
            if state.decks[seat]:
                card = state.own_seat("decks", seat).pop(0)
                state.own("hands")[seat] = sorted(state.hands[seat] + [card], key=_sort_key)
                if events is not None:
                    events.append(Event("draw", C + "turn.draw", f"{seat_name(seat)} draws a card.",
                                        {"seat": seat}))
                    events.append(Event("drawn", C + "turn.draw", f"{seat_name(seat)} draws "
                                        f"{card.replace(':', ' ')}.", {"seat": seat, "card": card},
                                        visible_to=(seat,)))
            elif events is not None:
                events.append(Event("draw_none", C + "turn.draw", f"{seat_name(seat)}'s deck is "
                                    f"empty: no card drawn.", {"seat": seat}))
        n = self.conf["trophies_per_reward"]
        if winner is not None and len(state.trophies[winner]) >= n:
            state.own_seat("set_aside", winner).extend(state.trophies[winner][:n])
            state.own("trophies")[winner] = state.trophies[winner][n:]
            offer = draw_upgrades(state, self.conf["upgrades_offered"], events, C + "upgrade")
            if events is not None:
                drawn = f"{len(offer)} upgrade{'' if len(offer) == 1 else 's'}" if offer else "no upgrade"
                events.append(Event("reward", C + "upgrade", f"{seat_name(winner)} sets "
                                    f"{plural(n, 'trophy')} aside and draws {drawn}.", {"seat": winner}))
            if offer:
                state.offer, state.offer_to = offer, winner
                if events is not None:
                    events.append(Event("offer", C + "upgrade", f"{seat_name(winner)} draws "
                                        f"{', '.join(f'{u} ({card_value(u)})' for u in offer)}.",
                                        {"seat": winner, "offer": tuple(offer)}, visible_to=(winner,)))
                return
        self._reveal(state, events)

    def _reveal(self, state: CoopState, events: list[Event] | None) -> None:
        reveal_next(state, state.players, C + "turn.reveal", events)

    # results and views
    def title(self, state: CoopState) -> str:
        return title_for(self.by_players(state.players)["titles"], len(state.stack))

    def outcome(self, state: CoopState) -> Outcome | None:
        if not state.over:
            return None
        left, title = len(state.stack), self.title(state)
        everyone = tuple(range(state.players))
        scores = tuple(len(t) + len(a) for t, a in zip(state.trophies, state.set_aside))
        titles = {s: title for s in everyone}
        if damage(state) >= state.hit_points:
            return Outcome("defeat", (), scores, titles,
                           f"The Haven falls in turn {state.turn} with {left} undead left: "
                           f"the table's title is {title}.", C + "titles")
        return Outcome("victory", everyone, scores, titles,
                       f"The Haven outlives the whole stack: the table's title is {title}.",
                       C + "titles")

    def view(self, state: CoopState, seat: int | None) -> CoopState:
        """What ``seat`` may know of ``state``; it shares the rest with ``state`` (see
        ``StandardMode.view``)."""
        if seat is None:
            return state
        return self.hide(state.shallow(), seat, Rng(0, 0))

    def bot_view(self, state: CoopState, seat: int) -> CoopState:
        """``view`` for a bot's decision, never to be changed (see ``StandardMode.bot_view``)."""
        return self.hide(state.shallow(), seat, NO_RNG)

    @staticmethod
    def hide(v: CoopState, seat: int, rng: Rng) -> CoopState:
        v.viewer = seat
        v.decks = [[HIDDEN_CARD] * len(d) for d in v.decks]
        hands = v.hands
        v.hands = [[HIDDEN_CARD] * len(h) for h in hands]
        if seat in range(len(hands)):
            v.hands[seat] = hands[seat]
        v.stack, v.box = [HIDDEN_CARD] * len(v.stack), [HIDDEN_CARD] * len(v.box)
        v.upgrade_deck = [HIDDEN_CARD] * len(v.upgrade_deck)
        if v.offer_to != seat:
            v.offer = [HIDDEN_CARD] * len(v.offer)
        v.rng, v.seed = rng, 0
        return v

    def told(self, state: CoopState, seat: int) -> list[Shared]:
        """What ``seat`` has told the table this turn (public: the talk is out loud)."""
        return [x for x in state.shared if x.seat == seat and x.turn == state.turn]

    _cards = staticmethod(card_names)

    @staticmethod
    def _hand(cards) -> str:
        """A hand for the board and refusals: weapons by value, upgrades as labels name them
        with their value (``0 6 u14 (8)``)."""
        return " ".join(f"{upgrade_arg(c)} ({card_value(c)})" if is_upgrade(c) else
                        str(card_value(c)) for c in cards) or "none"

    def text(self, state: CoopState, seat: int | None = None) -> str:
        s = self.view(state, seat)
        lines = modes_header(s, "co-op", f"{s.players} players", s.players,
                             " · hard mode" if s.options.get("hard") else "",
                             f" · starting player {seat_name(s.start)}")
        for p in range(s.players):
            hand = self._hand(s.hands[p]) if (s.viewer in (None, p)) else \
                f"{len(s.hands[p])} card{'' if len(s.hands[p]) == 1 else 's'} (hidden)"
            played = "-" if s.played[p] is None else self._hand([s.played[p]])
            told = "; ".join(f"told {x.kind}: {' '.join(x.told)}" for x in self.told(s, p))
            lines.append(f"{seat_name(p)} · hand: {hand} · played: {played} · deck: "
                         f"{len(s.decks[p])} · trophies: {len(s.trophies[p])} (+{len(s.set_aside[p])} "
                         f"set aside)" + (f" · {told}" if told else ""))
        if s.offer:
            shown = (", ".join(f"{upgrade_arg(u)} ({card_value(u)})" for u in s.offer)
                     if HIDDEN_CARD not in s.offer else f"{len(s.offer)} hidden")
            lines.append(f"Upgrades offered to {seat_name(s.offer_to)}: {shown}")
        lines.append(f"Damage row: {', '.join(s.damage_row) or 'none'} · upgrade discards: "
                     f"{', '.join(map(upgrade_arg, s.upgrade_discard)) or 'none'}")
        lines.append(last_line(self.outcome(s), lambda: seat_name(self.to_move(s)[0])))
        return "\n".join(lines)
