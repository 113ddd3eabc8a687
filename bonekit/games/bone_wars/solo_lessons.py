"""Staged positions, tables and a small lab for the Bone Wars solo lesson
(notebooks/bone_wars/02_solo.ipynb): you against Theodore (bone_wars.solo.*).

Every position is a live engine state. Theodore's turns are staged the way the engine's tests
stage them (tests/test_bone_wars_solo.py): a solo table at the player's first turn, handed to
Theodore with the few pieces the lesson names set by hand (his hand, his crates, the top of his
deck), then his turn played by ``solo.play_turn`` and told by its events. Stacking his deck is
the documented way to script his chance here; the lesson says so where it does it.

Pure engine code: no Jupyter imports.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core.events import Event
from ...core.rules import RuleCatalog
from . import effects, solo
from .bots import ScholarBot
from .data import SoloCard, components
from .game import BoneWars
from .lessons import and_list, card_name, facts
from .state import THEODORE, BoneWarsState
from .text import a_bone

S = BoneWarsState

TABLE_SEED = 1
"""The solo table of the opening picture, the setup walk-through and the Stepper (seed 1)."""
STOP_AT = 44
"""The opening picture stops the seed-1 game after this many of the player's actions (round 2,
after three of Theodore's cards and two of the player's; re-measured when the profession spaces
began to pay a paleontologist card)."""
PLAY_SEED = 7
"""The table the learner plays against Theodore."""
LAB_GAMES = 20
"""Games per level in the lab."""
LEVEL_SEED = 32
"""A ScholarBot game against Theodore (advanced) that ends level on RP and archived cards, so
the head sizes decide it (re-found whenever the rules change the games: the first such seed from
20 on was 460 on the economy reviewed for issue 21, and is 32 since his solo cards were
calibrated against the planning bot, issue 21)."""

TEAM_WORDS = {
    "excavate": "discover",
    "dig": "dig",
    "camp": "base camp",
    "move": "move",
    "site": "site action",
}
"""How the lesson names his team actions (the data's ids on the left)."""


SETUP_STEPS: tuple[dict[str, Any], ...] = (
    {
        "move": "P1 bundle trachodon",
        "say": "Theodore has already taken Eryops. Take the species bundle of Trachodon and the two "
        "bones lying on it.",
        "done": "Trachodon is in your hand, with a carnivore skull and a wing in your crates.",
        "hints": {
            "P1 bundle merycoidodon": "Merycoidodon is a fine card too, but this lesson takes Trachodon.",
        },
    },
    {
        "move": "P1 career 1 1",
        "say": "Now your career: profession row 1 (it pays $4 and a paleontologist card, and puts "
        "you first in the order) and university space 1, so Marsh is your patron.",
        "done": "Row 1 has paid its $4 (you have $9); its paleontologist card comes next.",
        "hints": {
            "P1 career 1 2": "Space 2 works too, but the lesson starts you on space 1.",
            **dict.fromkeys([f"P1 career {row} {space}" for row in (2, 3) for space in (1, 2)],
                            "That row would leave row 1 to Theodore; the lesson takes row 1."),
            **dict.fromkeys([f"P1 career {row} {space}" for row in (1, 2, 3) for space in (3, 4)],
                            "Spaces 3 and 4 are Cope's universities; the lesson makes Marsh your "
                            "patron, on space 1, with row 1."),
        },
    },
    {
        "move": "P1 keep foulke-2",
        "say": "Keep one of the three face-up paleontologist cards: take William Parker Foulke's (for a "
        "minor find: any tile still on the board will do, whatever its icon). Then watch where "
        "Theodore goes.",
        "done": "Theodore answered at once: the best profession left (row 2) and the highest space "
        "of the other patron's university.",
        "hints": {
            **dict.fromkeys(["P1 keep sternberg-1", "P1 keep sternberg-2"],
                            "Sternberg's card is for debunking, and nobody has published a paper to "
                            "debunk yet; the lesson takes Foulke's."),
            "P1 stop": "Stopping leaves the card on the table; a free paleontologist card is worth "
            "taking.",
        },
    },
)
"""The guided setup at the seed-1 table: ``Step(**step)`` for each (bonekit.widgets.teaching)."""


@cache
def _game() -> BoneWars:
    """The engine the staging plays on (one per session)."""
    return BoneWars()


# ---- whole games -------------------------------------------------------------------------------------
def bot_game(
    seed: int = TABLE_SEED, level: str = "advanced", head_cm: int | None = None
) -> tuple[S, list[str]]:
    """A whole solo game, a ScholarBot (seat 0) against Theodore: the final state and the
    player's action labels (Theodore's turns need none: they follow from the labels)."""
    g = _game()
    actions: list = []
    options = {"level": level} if head_cm is None else {"level": level, "head_cm": head_cm}
    final, _ = g.playout(g.new(1, "solo", seed=seed, **options), {0: ScholarBot(0)}, actions=actions)
    return final, [a.label for a in actions]


def opening(seed: int = TABLE_SEED, stop: int = STOP_AT) -> S:
    """The seed's solo game after ``stop`` of the player's actions: a table in play."""
    g = _game()
    state = g.new(1, "solo", seed=seed)
    for label in bot_game(seed)[1][:stop]:
        state, _ = g.apply(state, label)
    return state


@dataclass(frozen=True)
class Match:
    """One lab game: the RP of the ScholarBot and of Theodore, and the winners."""

    seed: int
    level: str
    bot_rp: int
    theodore_rp: int
    winners: tuple[int, ...]

    @property
    def bot_won(self) -> bool:
        """Whether the ScholarBot won outright (a shared win is not counted)."""
        return self.winners == (0,)


def match(seed: int, level: str) -> Match:
    """A lab game on the fast path (``playout``): ScholarBot against Theodore at ``level``."""
    final, _ = bot_game(seed, level)
    outcome = _game().outcome(final)
    assert outcome is not None  # a playout runs to the end
    return Match(seed, level, final.boards[0].rp, final.boards[THEODORE].rp, outcome.winners)


def lab_summary(matches: Iterable[Match]) -> dict[str, float | int]:
    """Mean RP of both sides, outright wins of each, shared wins and the number of games."""
    ms = list(matches)
    n = len(ms)
    return {
        "games": n,
        "bot_rp": round(sum(m.bot_rp for m in ms) / n, 1),
        "theodore_rp": round(sum(m.theodore_rp for m in ms) / n, 1),
        "bot_wins": sum(m.bot_won for m in ms),
        "theodore_wins": sum(m.winners == (THEODORE,) for m in ms),
        "shared": sum(len(m.winners) == 2 for m in ms),
    }


# ---- setup -----------------------------------------------------------------------------------------------
def offered(state: S) -> list[str]:
    """The species cards of the setup offer, Theodore's (already taken) first."""
    d = components()
    his = [c for c in state.boards[THEODORE].hand if c in d.species]
    return his + [c for c, _ in state.offer]


def award_lines(state: S) -> list[str]:
    """The award tiles in play, in order A, B, C, with what each asks for."""
    d = components()
    out = []
    for tile_id in state.awards:
        tile = d.award(tile_id)
        asks = {"A": "described by", "B": "of the class", "C": "archived in envelope"}[tile.kind]
        target = tile.target.title() if tile.kind == "A" else tile.target
        out.append(f"award {tile.kind} ({tile_id}): a species {asks} {target}")
    return out


def species_facts(sp: str) -> str:
    """A species card in one line: name, who described it, class, envelope and find icon."""
    s = components().species[sp]
    return (f"{s.name}: described by {s.by.title()}, {s.category}, envelope {effects.envelope_of(sp)}, "
            f"icon {s.find}")


def his_species_order(state: S) -> str:
    """The species cards of the setup offer in the order Theodore ranks them, in words."""
    return and_list([card_name(c) for c in solo.species_order(state, offered(state))])


def his_facts(state: S, *what: str) -> str:
    """Some of Theodore's pieces in words (``lessons.facts`` for his seat)."""
    return facts(state, THEODORE, *what)


def upgrade_pile(level: str, seed: int = TABLE_SEED) -> str:
    """His pile of upgraded cards at ``level`` on a new table, the next one to come first."""
    state = _game().new(1, "solo", seed=seed, level=level)
    return ", ".join(reversed(state.solo_upgrades))


# ---- his cards -------------------------------------------------------------------------------------------
def _card(card_id: str) -> SoloCard:
    return next(c for c in components().solo_cards if c.id == card_id)


def back_text(card: SoloCard) -> str:
    """What a card's back tells about the turn before it."""
    b = card.back
    if b["kind"] == "paleo":
        words = "paleontologist"
    else:
        words = f"team {b['ap']} AP, digs to {('top', 'middle', 'bottom')[b['depth'] - 1]}"
    extras = ["recall first"] if b.get("recall") else []
    if b.get("rival_loyalty"):
        extras.append(f"{b['rival_loyalty']} rival loyalty")
    return words + (" + " + ", ".join(extras) if extras else "")


def card_line(card: SoloCard) -> str:
    """A solo card in one line: its back, its paleontologist loop, its team list and arrow."""
    front = " > ".join(card.paleo)
    team = " > ".join(TEAM_WORDS[a] for a in card.team)
    arrow = "first arrow" if card.direction == 0 else "last arrow"
    extra = []
    if card.twice:
        extra.append("paleontologist loop twice")
    extra += [f"first: {x.replace('_', ' ')}" for x in card.before]
    tail = f" · {'; '.join(extra)}" if extra else ""
    return f"{card.id:<11} back: {back_text(card):<44} paleo: {front:<27} team: {team} ({arrow}){tail}"


def card_lines(level: str = "basic") -> list[str]:
    """Every solo card of ``level`` (basic, advanced or expert), one line each."""
    return [card_line(c) for c in components().solo_cards if c.level == level]


# ---- his turn, staged ------------------------------------------------------------------------------------
def first_turn(seed: int = 0, **options: Any) -> S:
    """A solo table at the player's first turn (the player takes the first bundles offered)."""
    g = _game()
    state = g.new(1, "solo", seed=seed, **options)
    while g.to_move(state) and (state.phase == "bundles" or state.pending):
        state, _ = g.apply(state, g.legal_actions(state, 0)[0])
    return state


def staged_turn(card: str, next_card: str, hand: Sequence[str] = (), crates: Sequence[str] = (),
                money: int = 10, seed: int = 0) -> S:
    """Theodore about to play ``card`` into his first slot with ``next_card`` under it (his deck
    stacked), holding ``hand`` and ``crates`` and ``money``, no grant and his paleontologist
    at home."""
    state = _game().copy_state(first_turn(seed))
    state.current = THEODORE
    b = state.boards[THEODORE]
    b.hand, b.crates, b.money, b.paleo, b.grant = list(hand), list(crates), money, None, None
    rest = [c for c in state.solo_deck if c not in (card, next_card)]
    state.solo_deck = [*rest, next_card, card]  # the deck's top is its end
    return state


def theodore_turn(state: S) -> tuple[S, list[Event]]:
    """Theodore's whole turn from ``state`` (a copy) and the events that tell it."""
    s = _game().copy_state(state)
    events: list[Event] = []
    solo.play_turn(s, events)
    solo.settle(s, events)
    return s, events


def team_ap(slot: int, next_card: str, hand: Sequence[str]) -> int:
    """The action points of a team turn in ``slot`` (1 to 5): the slot's own when he holds a
    species of the slot's icon (he cashes its prize), else the next card's back."""
    d = components()
    spec = d.action_slots[slot - 1]
    if any(d.species[c].find == spec.find for c in hand if c in d.species):
        return spec.ap
    back = _card(next_card).back
    if back["kind"] != "team":
        raise ValueError(f"{next_card} shows a paleontologist back: no team turn")
    return int(back["ap"])


def species_of_icon(icon: str) -> str:
    """The first species card by id that shows the minor find ``icon``."""
    d = components()
    return next(s for s in sorted(d.species) if d.species[s].find == icon)


# ---- his habits --------------------------------------------------------------------------------------------
def habits(rules: RuleCatalog) -> list[tuple[str, str]]:
    """The rows of ``bone_wars.solo.changes``: (topic, habit), one per bullet of the section."""
    text = rules["bone_wars.solo.changes"].text
    items = [" ".join(x.split()) for x in re.split(r"^- ", text, flags=re.M) if x.strip()]
    return [tuple(x.split(": ", 1)) if ": " in x else ("", x) for x in items]  # type: ignore[misc]


def rare_pick(display: dict[str, int]) -> str:
    """Theodore's answer when a bonus gives him a rare bone and the display holds ``display``
    (kinds not named hold 2), in words: ``he takes a claw``."""
    state = _game().copy_state(first_turn(1))
    state.rare = {k: 2 for k in components().bones} | dict(display)
    p = effects.decision("rare", THEODORE, left=1)
    state.pending = [p]
    move = solo.answer(state, p)
    return f"he takes {a_bone(move.args[0])}" if move.verb == "take" else f"he answers {move.label}"


def cover_pick(money: int) -> str:
    """Theodore's answer when a bonus lets him take a cover off with ``money`` dollars, in
    words: ``he takes $2`` or ``he takes 1 RP``."""
    state = _game().copy_state(first_turn(1))
    state.boards[THEODORE].money = money
    move = solo.answer(state, effects.decision("cover", THEODORE))
    return {"money": "he takes $2", "rp": "he takes 1 RP"}.get(move.args[0] if move.args else "",
                                                              f"he answers {move.label}")


def full_crates(crates: Sequence[str], covers: int, bone: str) -> tuple[S, list[Event]]:
    """Theodore, with ``crates`` stored and ``covers`` covers left, gains ``bone``: the state and
    events after (a cover comes off for nothing, or with no cover he may swap a doubled part)."""
    state = _game().copy_state(first_turn(1))
    b = state.boards[THEODORE]
    b.crates, b.covers = list(crates), covers
    if bone in state.bag:  # the bone comes out of the bag, so the census stays whole
        state.bag.remove(bone)
    events: list[Event] = []
    effects.gain_bone(state, THEODORE, bone, events, "draws")
    return state, events


# ---- passing and the end --------------------------------------------------------------------------------
def passing(seed: int = 0) -> S:
    """Theodore after one card in round 1 with no money: his next slot costs $1, so he passes."""
    state = staged_turn("basic-3", "basic-2", money=0, seed=seed)
    b = state.boards[THEODORE]
    b.played = ["basic-1"] + [None] * (len(b.played) - 1)
    return state


def tie(rp: int = 9, archived: tuple[int, int] = (0, 0)) -> S:
    """A finished-looking solo table where both sides have ``rp`` RP; ``archived`` gives how
    many species cards you and Theodore hold archived (in envelope A)."""
    state = _game().copy_state(first_turn(0))
    species = list(components().species)
    for b, n in zip(state.boards, archived):
        b.rp, b.archive = rp, ({"A": species[:n]} if n else {})
        species = species[n:]
    return state


def tie_winner(head_cm: int | None, archived: tuple[int, int] = (0, 0)) -> str:
    """Who wins a tie on RP when your head measures ``head_cm`` (None: not given) and you and
    Theodore hold ``archived`` species cards archived: "you", "Theodore" or "shared"."""
    winners = solo.who_wins(tie(archived=archived), head_cm)
    return "shared" if len(winners) > 1 else "you" if winners == (0,) else "Theodore"


def tie_words(head_cm: int | None) -> str:
    """Who wins a tie on RP and archived cards, in words, for your head size ``head_cm``."""
    head = "not given" if head_cm is None else f"{head_cm} cm"
    winner = {"you": "you win", "Theodore": "Theodore wins", "shared": "a shared win"}[tie_winner(head_cm)]
    return f"your head {head} → {winner}"


def game_events(
    seed: int, labels: Sequence[str], kinds: Iterable[str] = (), level: str = "advanced"
) -> list[Event]:
    """The events of a solo game replayed from the player's ``labels`` (only ``kinds`` if given)."""
    g = _game()
    keep = set(kinds)
    state, out = g.new(1, "solo", seed=seed, level=level), []
    for label in labels:
        state, events = g.apply(state, label)
        out += [e for e in events if not keep or e.kind in keep]
    return out


__all__ = [
    "SETUP_STEPS", "game_events", "his_facts", "his_species_order", "tie_winner", "tie_words",
    "upgrade_pile",
    "LAB_GAMES", "PLAY_SEED", "STOP_AT", "TABLE_SEED", "Match", "award_lines", "back_text", "bot_game",
    "card_line", "card_lines", "cover_pick", "first_turn", "full_crates", "habits", "lab_summary", "match",
    "offered", "opening", "passing", "rare_pick", "species_facts", "species_of_icon", "staged_turn",
    "team_ap", "theodore_turn", "tie",
]
