"""Bone to Pick, solo game: one player fights with two weapon decks and up to three upgrades'
worth of help. The Game object (game.py) hands every contract call for variant "solo" here.

Labels (the grammar of every mode, see ``labels``): ``P1 play a3 b7`` (value 3 from row A,
value 7 from row B), ``P1 play u28 b7`` (kept upgrade U28 instead of row A's card),
``P1 play u18 u28`` (two upgrades, in id order), ``P1 play none b7`` (row A is empty), and
``P1 keep u07`` (keep upgrade U07 of the three offered).
"""
from __future__ import annotations

import re
from typing import Any

from ...core.actions import Action, seat_name
from ...core.events import Event
from ...core.game import Outcome
from ...core.rng import Rng
from ...core.words import short
from .data import card_value, components, title_for
from .labels import NOTHING, action, held, is_upgrade, is_upgrade_arg, match, plain_number, upgrade_arg
from .mode_setup import (
    check_common,
    check_deal,
    check_options,
    setup_draws,
    shuffled_upgrades,
    shuffled_weapon_decks,
    undead_stack,
)
from .modes_state import HIDDEN_CARD, ModeTurn, SoloState
from .shared_rules import NO_RNG, R, damage, draw_upgrades, let_through, reveal_next
from .text import card_names, last_line, modes_header

S = R + "solo."
ROWS = "ab"
_PLAYS: dict[tuple, list[Action]] = {}  # (row A's choices, row B's, upgrades) -> the plays
_ROW_ARGS = [{v: f"{row}{v}" for v in range(100)} for row in ROWS]  # row, value -> "a7"


# ---- the solo engine ----------------------------------------------------------------------------

class SoloMode:
    OPTIONS = {"names", "deal"}

    def __init__(self) -> None:
        self.conf = components().raw["solo"]

    # setup
    def new(self, players: int, seed: int = 0, **options: Any) -> SoloState:
        check_options(options, self.OPTIONS)
        check_deal(options)
        names = check_common(players, seed, options.get("names"), (1,), "solo")
        state = self._blank(seed, names, options)
        self._setup(state, None)
        return state

    def _blank(self, seed, names, options) -> SoloState:
        state = SoloState(players=1, variant="solo", seed=seed, names=names,
                          hit_points=self.conf["hit_points"], rng=Rng(seed), decks=[[], []],
                          rows=[[], []], stack=[], upgrade_deck=[],
                          options={k: (list(v) if isinstance(v, (list, tuple)) else v)
                                   for k, v in options.items()})
        state.owns_all()  # all new: setup changes it in place
        return state

    def _setup(self, state: SoloState, events: list[Event] | None) -> None:
        c = self.conf
        draws = setup_draws(state)
        state.decks = shuffled_weapon_decks(draws, c["sets_per_deck"], events, S + "setup")
        for i in range(2):
            state.rows[i] = state.decks[i][:c["face_up"]]
            state.decks[i] = state.decks[i][c["face_up"]:]
            if events is not None:
                events.append(Event("face_up", S + "setup",
                                    f"Row {ROWS[i].upper()}: {self._cards(state.rows[i])} face up.",
                                    {"row": ROWS[i], "cards": tuple(state.rows[i])}))
        state.stack, _ = undead_stack(draws, c["undead_decks"], events, S + "setup")
        state.upgrade_deck = shuffled_upgrades(draws, events, S + "setup")
        if events is not None:
            events.append(Event("haven", S + "setup", f"The Haven has {state.hit_points} hit points."))
        self._reveal(state, events)

    def setup_events(self, state: SoloState) -> tuple[Event, ...]:
        fresh = self._blank(state.seed, state.names, state.options)
        events: list[Event] = []
        self._setup(fresh, events)
        return tuple(events)

    # decisions
    def to_move(self, state: SoloState) -> tuple[int, ...]:
        return () if state.over else (0,)

    def current_rule(self, state: SoloState) -> str:
        if state.over:
            return S + "end"
        return S + ("upgrade" if state.offer else "turn.choose")

    @staticmethod
    def _slot_options(state: SoloState, i: int) -> tuple[str, ...]:
        """Row ``i``'s choices: one per face-up value in order (``a3``), or ``none`` if empty."""
        row = state.rows[i]
        if not row:
            return (NOTHING,)
        args = _ROW_ARGS[i]
        return tuple(args[v] for v in sorted({card_value(c) for c in row}))

    def legal_actions(self, state: SoloState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        if state.offer:
            return [action(0, "keep", (u.lower(),)) for u in sorted(state.offer)]
        ups = tuple(sorted(upgrade_arg(u) for u in state.upgrades)) if state.upgrades else ()
        key = (self._slot_options(state, 0), self._slot_options(state, 1), ups)
        plays = _PLAYS.get(key)
        if plays is None:  # the same rows and upgrades come back often: list their plays once
            if len(_PLAYS) > 50_000:
                _PLAYS.clear()
            plays = _PLAYS[key] = []
            for a in key[0] + ups:
                for b in key[1] + ups:
                    if a in ups and b in ups and a >= b:
                        continue  # one card fills one place; a pair of upgrades is written once
                    plays.append(action(0, "play", (a, b)))
        return list(plays)

    def is_legal(self, state: SoloState, act: Action) -> bool:
        """Whether ``act`` (well formed) is one of ``legal_actions``, decided directly."""
        args = act.args
        if act.seat != 0 or state.over:
            return False
        if state.offer:
            return (act.verb == "keep" and len(args) == 1
                    and any(u.lower() == args[0] for u in state.offer))
        if act.verb != "play" or len(args) != 2:
            return False
        ups = [upgrade_arg(u) for u in state.upgrades]
        a, b = args
        if a in ups and b in ups:
            return a < b
        return (a in ups or self._from_row(state, 0, a)) and (b in ups or self._from_row(state, 1, b))

    @staticmethod
    def _from_row(state: SoloState, pos: int, arg: str) -> bool:
        """Whether ``arg`` takes a face-up card of row ``pos`` (``none`` for an empty row)."""
        if arg == NOTHING:
            return not state.rows[pos]
        return (arg[:1] == ROWS[pos] and
                plain_number(arg[1:]) in [card_value(c) for c in state.rows[pos]])

    def why_illegal(self, state: SoloState, action: Action) -> tuple[str, str]:
        who = seat_name(action.seat)
        if action.seat != 0:
            return f"the solo game has one player, P1; there is no {who}", S + "setup"
        if state.offer:
            offered = self._upgrades(sorted(state.offer))
            if action.verb != "keep":
                return (f"first keep one of the upgrades offered ({offered}), e.g. "
                        f"'P1 keep {sorted(state.offer)[0].lower()}'", S + "upgrade")
            return f"keep takes one of the offered upgrades: {offered}", S + "upgrade"
        choose = S + "turn.choose"
        if action.verb == "keep":
            return "no upgrades are on offer now; they come after every fourth trophy", S + "upgrade"
        if action.verb != "play":
            return (f"{who} cannot '{action.verb}': choose one card for each row, e.g. "
                    f"'P1 play a3 b7'", choose)
        if len(action.args) != 2:
            return "'play' takes two choices, one per deck, e.g. 'P1 play a3 b7' or 'P1 play u07 b7'", choose
        refusal = self._why_not_upgrades(state, action.args)
        if refusal:
            return refusal
        slots = []
        for arg in action.args:
            m = re.fullmatch(r"([ab])(0|[1-9][0-9]?)|none", arg)
            if is_upgrade_arg(arg):
                slots.append(("u", None))
            elif m:
                slots.append((m.group(1), int(m.group(2))) if m.group(1) else ("none", None))
            else:
                return (f"{short(arg)} is not a choice: write a<value>, b<value>, an upgrade's id "
                        f"(u07) or none for an empty row", choose)
        for pos, (kind, value) in enumerate(slots):
            row = ROWS[pos]
            if kind in "ab" and kind != row:
                if slots[1 - pos][0] == kind:
                    return (f"both cards come from deck {kind.upper()}: take one face-up card from "
                            f"each deck, never two from the same one", S + "turn.choose")
                return (f"the {'first' if pos == 0 else 'second'} choice is for deck {row.upper()} "
                        f"(write {row}<value>)", choose)
            if kind == row and value not in [card_value(c) for c in state.rows[pos]]:
                shown = self._cards(state.rows[pos]) or "none"
                return (f"no face-up card of value {value} in row {row.upper()} (face up: {shown})",
                        choose)
            if kind == "none" and state.rows[pos]:
                return (f"row {row.upper()} still has face-up cards; 'none' is only for an empty "
                        f"row", S + "turn.empty_decks")
        return f"{action.label} is not a legal action now", choose

    def _why_not_upgrades(self, state: SoloState, args) -> tuple[str, str] | None:
        """Why the upgrades a play names cannot be played (None if they can)."""
        have = self._upgrades(sorted(state.upgrades)) or "none"
        for arg in args:
            if re.fullmatch(r"u[0-9]", arg):  # how labels named an upgrade of that value once
                return (f"'{arg}' names no card: an upgrade is named by its id, such as u07 "
                        f"(kept upgrades: {have})", R + "upgrade.labels")
            if is_upgrade_arg(arg) and not held(arg, state.upgrades):
                return (f"no kept upgrade {arg.upper()} to play (kept upgrades: {have})",
                        S + "upgrade")
        ups = [a for a in args if is_upgrade_arg(a)]
        if len(ups) == 2 and ups[0] == ups[1]:
            return (f"one upgrade card, {ups[0].upper()}, cannot stand in for both rows",
                    S + "turn.choose")
        if len(ups) == 2 and ups[0] > ups[1]:
            return (f"write two upgrades in id order: 'P1 play {ups[1]} {ups[0]}'",
                    R + "upgrade.labels")
        return None

    # applying
    def apply(self, state: SoloState, action: Action, events: list[Event] | None) -> None:
        if action.verb == "keep":
            self._keep(state, action.args[0].upper(), events)
            return
        taken: list[str | None] = []
        for pos, arg in enumerate(action.args):  # legal here: "none", "u07" or a row's "a7"
            if arg == NOTHING:
                taken.append(None)
            elif arg[0] == "u":
                card = match(arg, state.upgrades)
                state.own("upgrades").remove(card)
                taken.append(card)
            else:
                value = int(arg[1:])
                for card in state.rows[pos]:
                    if card_value(card) == value:
                        break
                state.own_seat("rows", pos).remove(card)
                taken.append(card)
        self._resolve(state, taken, events)

    def _resolve(self, state: SoloState, taken: list[str | None], events: list[Event] | None) -> None:
        undead = components().undead[state.current]
        power = undead.power_for(self.conf["players_for_power"])
        values = (0 if taken[0] is None else card_value(taken[0]),
                  0 if taken[1] is None else card_value(taken[1]))
        total = sum(values)
        defeated = total >= power
        if events is not None:
            shown = " and ".join("nothing" if c is None else
                                 f"upgrade {c} ({card_value(c)})" if is_upgrade(c) else
                                 c.replace(':', ' ') for c in taken)
            events.append(Event("attack", S + "turn.attack",
                                f"P1 plays {shown}: {total} against power {power}, "
                                f"{'the ' + undead.name + ' is beaten' if defeated else 'not enough'}.",
                                {"cards": tuple(taken), "total": total, "power": power,
                                 "defeated": defeated}))
        if defeated:
            state.own("trophies").append(undead.id)
            if events is not None:
                events.append(Event("trophy", S + "turn.attack", f"The {undead.name} is a trophy.",
                                    {"undead": undead.id}))
        else:
            let_through(state, undead, S + "turn.attack", events)
        state.own("history").append(ModeTurn(state.turn, undead.id, power, tuple(taken), values,
                                             total, defeated, 0 if defeated else None))
        state.own("discard").extend(c for c in taken if c is not None)
        state.current = None
        if damage(state) >= state.hit_points or not state.stack:
            state.over = True
            if events is not None:
                self._end_event(state, events)
            return
        for pos, card in enumerate(taken):
            if card is not None and not is_upgrade(card):
                if state.decks[pos]:
                    state.own_seat("rows", pos).append(state.own_seat("decks", pos).pop(0))
                    if events is not None:
                        events.append(Event("refill", S + "turn.refill",
                                            f"Row {ROWS[pos].upper()} gets "
                                            f"{state.rows[pos][-1].replace(':', ' ')} from its deck.",
                                            {"row": ROWS[pos], "card": state.rows[pos][-1]}))
                elif events is not None:
                    events.append(Event("refill_none", S + "turn.empty_decks",
                                        f"Deck {ROWS[pos].upper()} is empty: row "
                                        f"{ROWS[pos].upper()} is not refilled.", {"row": ROWS[pos]}))
        if len(state.trophies) >= self.conf["trophies_per_reward"]:
            n = self.conf["trophies_per_reward"]
            state.own("set_aside").extend(state.trophies[:n])
            state.trophies = state.trophies[n:]
            state.offer = draw_upgrades(state, self.conf["upgrades_offered"], events, S + "upgrade")
            if events is not None:
                events.append(Event("offer", S + "upgrade",
                                    f"Four trophies are set aside; upgrades offered: "
                                    f"{self._upgrade_cards(state.offer) or 'none left'}.",
                                    {"offer": tuple(state.offer)}))
            if state.offer:
                return
        self._reveal(state, events)

    def _keep(self, state: SoloState, card: str, events: list[Event] | None) -> None:
        state.own("upgrades").append(card)
        offer = state.own("offer")
        offer.remove(card)
        state.own("upgrade_discard").extend(offer)
        if events is not None:
            events.append(Event("keep", S + "upgrade",
                                f"P1 keeps {self._upgrade_cards([card])}; "
                                f"{self._upgrade_cards(state.offer) or 'nothing'} discarded.",
                                {"kept": card, "discarded": tuple(state.offer)}))
        state.offer = []
        self._reveal(state, events)

    def _reveal(self, state: SoloState, events: list[Event] | None) -> None:
        reveal_next(state, self.conf["players_for_power"], S + "turn.reveal", events)

    def _end_event(self, state: SoloState, events: list[Event]) -> None:
        out = self.outcome(state)
        assert out is not None
        events.append(Event("end", out.rule, out.summary,
                            {"result": out.result, "title": out.titles[0], "left": len(state.stack)}))

    # results and views
    def title(self, state: SoloState) -> str:
        return title_for(self.conf["titles"], len(state.stack))

    def outcome(self, state: SoloState) -> Outcome | None:
        if not state.over:
            return None
        left, title = len(state.stack), self.title(state)
        beaten = len(state.trophies) + len(state.set_aside)
        if damage(state) >= state.hit_points:
            return Outcome("defeat", (), (beaten,), {0: title},
                           f"The Haven falls in turn {state.turn} with {left} undead left: "
                           f"title {title}.", S + "titles")
        return Outcome("victory", (0,), (beaten,), {0: title},
                       f"The Haven outlives the whole stack: title {title}.", S + "titles")

    def view(self, state: SoloState, seat: int | None) -> SoloState:
        """What ``seat`` may know of ``state``; it shares the rest with ``state`` (see
        ``StandardMode.view``)."""
        if seat is None:
            return state
        return self.hide(state.shallow(), seat, Rng(0, 0))

    def bot_view(self, state: SoloState, seat: int) -> SoloState:
        """``view`` for a bot's decision, never to be changed (see ``StandardMode.bot_view``)."""
        return self.hide(state.shallow(), seat, NO_RNG)

    @staticmethod
    def hide(v: SoloState, seat: int, rng: Rng) -> SoloState:
        v.viewer = seat
        v.decks = [[HIDDEN_CARD] * len(d) for d in v.decks]
        v.stack = [HIDDEN_CARD] * len(v.stack)
        v.upgrade_deck = [HIDDEN_CARD] * len(v.upgrade_deck)
        v.rng, v.seed = rng, 0
        return v

    _cards = staticmethod(card_names)

    @staticmethod
    def _upgrades(cards) -> str:
        """Upgrades for the board, as labels name them, with the value that counts here:
        ``u28 (12)``."""
        return ", ".join(f"{upgrade_arg(u)} ({card_value(u)})" for u in cards)

    @staticmethod
    def _upgrade_cards(cards) -> str:
        """Upgrades for the events, by their printed id: ``U28 (12)``."""
        return ", ".join(f"{u} ({card_value(u)})" for u in cards)

    def text(self, state: SoloState, seat: int | None = None) -> str:
        s = self.view(state, seat)
        lines = modes_header(s, "solo", "1 player", self.conf["players_for_power"])
        for i in range(2):
            deck = " ".join(s.decks[i]) if s.viewer is None else f"{len(s.decks[i])} face down"
            lines.append(f"Row {ROWS[i].upper()}: {self._cards(s.rows[i]) or '-'} · deck: {deck or 'empty'}")
        lines.append(f"Upgrades: {self._upgrades(s.upgrades) or '-'}"
                     + (f" · offered: {self._upgrades(s.offer)}" if s.offer else ""))
        lines.append(f"Trophies: {len(s.trophies)} · set aside: {len(s.set_aside)} · "
                     f"damage row: {', '.join(s.damage_row) or 'none'} · discards: {len(s.discard)}")
        lines.append(last_line(self.outcome(s), lambda: "P1 (" + ("keep an upgrade" if s.offer
                                                                   else "play two cards") + ")"))
        return "\n".join(lines)
