"""Bone to Pick, solo game: one player fights with two weapon decks and up to three upgrades'
worth of help. The Game object (game.py) hands every contract call for variant "solo" here.

Labels (the grammar of every mode, see ``labels``): ``P1 play a3 b7`` (value 3 from row A,
value 7 from row B), ``P1 play u28 b7`` (kept upgrade U28 instead of row A's card),
``P1 play u18 u28`` (two upgrades, in id order), ``P1 play none b7`` (row A is empty), and
``P1 keep u07`` (keep upgrade U07 of the three offered).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...core.actions import Action, seat_name
from ...core.events import Event
from ...core.game import Outcome
from ...core.rng import Rng
from .data import card_value, title_for, upgrades
from .labels import NOTHING, held, is_upgrade, is_upgrade_arg, match, upgrade_arg
from .modes_state import HIDDEN_CARD, ModeTurn, SoloState
from .text import card_names, last_line, modes_header
from ...core.options import names_option, unknown_options
from ...core.words import short

if TYPE_CHECKING:
    from .game import BoneToPick

R = "bone_to_pick."
S = R + "solo."
ROWS = "ab"


# ---- helpers shared with the co-operative game -------------------------------------------------

def weapon_set(colour: str, values) -> list[str]:
    return [f"{colour}:{v}" for v in values]


def shuffled_weapon_decks(game: "BoneToPick", state, sets_per_deck: int,
                          events: list[Event], rule: str) -> list[list[str]]:
    """Shuffle each colour's set alone, then stack ``sets_per_deck`` sets into each deck."""
    d = game.data
    sets = []
    for colour in d.colour_names:
        cards = state.rng.shuffled(weapon_set(colour, d.weapon_values))
        events.append(Event("shuffle_weapons", rule, f"The {colour} weapons are shuffled face down.",
                            {"colour": colour, "order": tuple(cards)}, visible_to=()))
        sets.append(cards)
    decks = [sum(sets[i:i + sets_per_deck], []) for i in range(0, len(sets), sets_per_deck)]
    events.append(Event("stack_weapons", rule,
                        f"The six sets are stacked into {len(decks)} decks of "
                        f"{len(decks[0])} weapons each.", {"sizes": tuple(map(len, decks))}))
    return decks


def undead_stack(game: "BoneToPick", state, compositions: list[dict], events: list[Event],
                 rule: str) -> tuple[list[str], list[str]]:
    """Build the four undead decks by level, shuffle each, stack deck 1 on top. Returns
    (stack top first, box)."""
    piles = {lvl: state.rng.shuffled(game.data.by_level(lvl)) for lvl in ("easy", "medium", "hard")}
    events.append(Event("shuffle_undead", rule, "The undead are sorted by level and each level "
                        "is shuffled face down.", {k: tuple(v) for k, v in piles.items()},
                        visible_to=()))
    stack: list[str] = []
    for i, comp in enumerate(compositions):
        deck = []
        for lvl in ("easy", "medium", "hard"):
            deck += piles[lvl][:comp[lvl]]
            piles[lvl] = piles[lvl][comp[lvl]:]
        deck = state.rng.shuffled(deck)
        events.append(Event("undead_deck", rule,
                            f"Undead deck {i + 1}: {comp['easy']} easy, {comp['medium']} medium and "
                            f"{comp['hard']} hard, shuffled.", {"deck": i + 1, "order": tuple(deck)},
                            visible_to=()))
        stack += deck
    box = sorted(sum(piles.values(), []))
    events.append(Event("stack_undead", rule,
                        f"The four decks are stacked, deck 1 on top: {len(stack)} undead"
                        + (f"; {len(box)} go back to the box unseen." if box else ".")))
    return stack, box


def shuffled_upgrades(state, events: list[Event], rule: str) -> list[str]:
    deck = state.rng.shuffled(sorted(upgrades()))
    events.append(Event("shuffle_upgrades", rule, "The 32 upgrade cards are shuffled face down.",
                        {"order": tuple(deck)}, visible_to=()))
    return deck


def draw_upgrades(state, n: int, events: list[Event], rule: str,
                  reshuffle_rule: str = R + "modes.ruling.upgrades_run_out") -> list[str]:
    """Draw up to ``n`` upgrades; an empty deck is refilled from the upgrade discards (the
    campaign's rule; a ruling in the solo and co-op games)."""
    out: list[str] = []
    while len(out) < n:
        if not state.upgrade_deck:
            if not state.upgrade_discard:
                break
            state.upgrade_deck = state.rng.shuffled(state.upgrade_discard)
            state.upgrade_discard = []
            events.append(Event("reshuffle_upgrades", reshuffle_rule,
                                "The upgrade deck is empty: its discards are shuffled into a new "
                                "deck.", {"order": tuple(state.upgrade_deck)}, visible_to=()))
        out.append(state.upgrade_deck.pop(0))
    return out


def check_options(options, known: set[str]) -> None:
    unknown_options(options, known)


def check_common(players, seed, names, counts, variant) -> tuple[str, ...]:
    if type(players) is not int or players not in counts:
        raise ValueError(f"the {variant} game is for {counts[0]} to {counts[-1]} players, "
                         f"not {short(players)} [rule {R}{variant}.setup]")
    if type(seed) is not int:
        raise ValueError(f"seed must be an integer, not {short(seed)}")
    return names_option(names, players)


def reveal_next(game: "BoneToPick", state, power_players: int, rule: str, events: list[Event]) -> None:
    """Turn over the next undead of the stack (the solo and co-op games share this step)."""
    state.current = state.stack.pop(0)
    state.turn += 1
    u = game.data.undead[state.current]
    events.append(Event("reveal", rule, f"Turn {state.turn}: the {u.name} attacks ({u.level}, power "
                        f"{u.power_for(power_players)}, damage {u.damage}).",
                        {"turn": state.turn, "undead": u.id}))


def let_through(game: "BoneToPick", state, undead, rule: str, events: list[Event]) -> None:
    """An unbeaten undead joins the damage row (the solo and co-op games share this step)."""
    state.damage_row.append(undead.id)
    events.append(Event("damage", rule, f"The {undead.name} gets through: {undead.damage} damage "
                        f"({game.damage(state)} of {state.hit_points}).",
                        {"undead": undead.id, "damage": undead.damage}))


def hide(cards: list[str]) -> list[str]:
    return [HIDDEN_CARD] * len(cards)


# ---- the solo engine ----------------------------------------------------------------------------

class SoloMode:
    OPTIONS = {"names"}

    def __init__(self, game: "BoneToPick"):
        self.game = game
        self.conf = game.data.raw["solo"]

    # setup
    def new(self, players: int, seed: int = 0, **options: Any) -> SoloState:
        check_options(options, self.OPTIONS)
        names = check_common(players, seed, options.get("names"), (1,), "solo")
        state = self._blank(seed, names, options)
        self._setup(state, [])
        return state

    def _blank(self, seed, names, options) -> SoloState:
        return SoloState(players=1, variant="solo", seed=seed, names=names,
                         hit_points=self.conf["hit_points"], rng=Rng(seed), decks=[[], []],
                         rows=[[], []], stack=[], upgrade_deck=[],
                         options={k: (list(v) if isinstance(v, (list, tuple)) else v)
                                  for k, v in options.items()})

    def _setup(self, state: SoloState, events: list[Event]) -> None:
        c = self.conf
        state.decks = shuffled_weapon_decks(self.game, state, c["sets_per_deck"], events, S + "setup")
        for i in range(2):
            state.rows[i] = state.decks[i][:c["face_up"]]
            state.decks[i] = state.decks[i][c["face_up"]:]
            events.append(Event("face_up", S + "setup",
                                f"Row {ROWS[i].upper()}: {self._cards(state.rows[i])} face up.",
                                {"row": ROWS[i], "cards": tuple(state.rows[i])}))
        state.stack, _ = undead_stack(self.game, state, c["undead_decks"], events, S + "setup")
        state.upgrade_deck = shuffled_upgrades(state, events, S + "setup")
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

    def _slot_options(self, state: SoloState, i: int) -> list[str]:
        opts = [f"{ROWS[i]}{v}" for v in sorted({card_value(c) for c in state.rows[i]})]
        if not state.rows[i]:
            opts.append(NOTHING)
        return opts

    def legal_actions(self, state: SoloState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        if state.offer:
            return [Action(0, "keep", (u.lower(),)) for u in sorted(state.offer)]
        ups = sorted(upgrade_arg(u) for u in state.upgrades)
        out = []
        for a in self._slot_options(state, 0) + ups:
            for b in self._slot_options(state, 1) + ups:
                if a in ups and b in ups and a >= b:
                    continue  # one card fills one place; a pair of upgrades is written once
                out.append(Action(0, "play", (a, b)))
        return out

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
        for pos, arg in enumerate(action.args):
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
    def apply(self, state: SoloState, action: Action, events: list[Event]) -> None:
        if action.verb == "keep":
            self._keep(state, action.args[0].upper(), events)
            return
        taken: list[str | None] = []
        for pos, arg in enumerate(action.args):
            if arg == NOTHING:
                taken.append(None)
            elif is_upgrade_arg(arg):
                card = match(arg, state.upgrades)
                state.upgrades.remove(card)
                taken.append(card)
            else:
                card = next(c for c in state.rows[pos] if card_value(c) == int(arg[1:]))
                state.rows[pos].remove(card)
                taken.append(card)
        self._resolve(state, taken, events)

    def _resolve(self, state: SoloState, taken: list[str | None], events: list[Event]) -> None:
        game = self.game
        undead = game.data.undead[state.current]
        power = undead.power_for(self.conf["players_for_power"])
        values = tuple(0 if c is None else card_value(c) for c in taken)
        total = sum(values)
        shown = " and ".join("nothing" if c is None else
                             f"upgrade {c} ({card_value(c)})" if is_upgrade(c) else
                             c.replace(':', ' ') for c in taken)
        defeated = total >= power
        events.append(Event("attack", S + "turn.attack",
                            f"P1 plays {shown}: {total} against power {power}, "
                            f"{'the ' + undead.name + ' is beaten' if defeated else 'not enough'}.",
                            {"cards": tuple(taken), "total": total, "power": power,
                             "defeated": defeated}))
        if defeated:
            state.trophies.append(undead.id)
            events.append(Event("trophy", S + "turn.attack", f"The {undead.name} is a trophy.",
                                {"undead": undead.id}))
        else:
            let_through(game, state, undead, S + "turn.attack", events)
        state.history.append(ModeTurn(state.turn, undead.id, power, tuple(taken), values, total,
                                      defeated, 0 if defeated else None))
        state.discard += [c for c in taken if c is not None]
        state.current = None
        if game.damage(state) >= state.hit_points or not state.stack:
            state.over = True
            self._end_event(state, events)
            return
        for pos, card in enumerate(taken):
            if card is not None and not is_upgrade(card):
                if state.decks[pos]:
                    state.rows[pos].append(state.decks[pos].pop(0))
                    events.append(Event("refill", S + "turn.refill",
                                        f"Row {ROWS[pos].upper()} gets "
                                        f"{state.rows[pos][-1].replace(':', ' ')} from its deck.",
                                        {"row": ROWS[pos], "card": state.rows[pos][-1]}))
                else:
                    events.append(Event("refill_none", S + "turn.empty_decks",
                                        f"Deck {ROWS[pos].upper()} is empty: row "
                                        f"{ROWS[pos].upper()} is not refilled.", {"row": ROWS[pos]}))
        if len(state.trophies) >= self.conf["trophies_per_reward"]:
            n = self.conf["trophies_per_reward"]
            state.set_aside += state.trophies[:n]
            state.trophies = state.trophies[n:]
            state.offer = draw_upgrades(state, self.conf["upgrades_offered"], events, S + "upgrade")
            events.append(Event("offer", S + "upgrade",
                                f"Four trophies are set aside; upgrades offered: "
                                f"{self._upgrade_cards(state.offer) or 'none left'}.",
                                {"offer": tuple(state.offer)}))
            if state.offer:
                return
        self._reveal(state, events)

    def _keep(self, state: SoloState, card: str, events: list[Event]) -> None:
        state.upgrades.append(card)
        state.offer.remove(card)
        state.upgrade_discard += state.offer
        events.append(Event("keep", S + "upgrade",
                            f"P1 keeps {self._upgrade_cards([card])}; "
                            f"{self._upgrade_cards(state.offer) or 'nothing'} discarded.",
                            {"kept": card, "discarded": tuple(state.offer)}))
        state.offer = []
        self._reveal(state, events)

    def _reveal(self, state: SoloState, events: list[Event]) -> None:
        reveal_next(self.game, state, self.conf["players_for_power"], S + "turn.reveal", events)

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
        if self.game.damage(state) >= state.hit_points:
            return Outcome("defeat", (), (beaten,), {0: title},
                           f"The Haven falls in turn {state.turn} with {left} undead left: "
                           f"title {title}.", S + "titles")
        return Outcome("victory", (0,), (beaten,), {0: title},
                       f"The Haven outlives the whole stack: title {title}.", S + "titles")

    def view(self, state: SoloState, seat: int | None) -> SoloState:
        if seat is None:
            return state
        v = self.game.copy_state(state)
        v.viewer = seat
        v.decks = [hide(d) for d in v.decks]
        v.stack = hide(v.stack)
        v.upgrade_deck = hide(v.upgrade_deck)
        v.rng, v.seed = Rng(0, 0), 0
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
        lines = modes_header(self.game, s, "solo", "1 player", self.conf["players_for_power"])
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
