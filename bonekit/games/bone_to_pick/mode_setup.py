"""Setup steps the solo and co-operative games share: their option checks, the coloured
weapon decks, the undead stack built deck by deck, and the shuffled upgrade deck.

A setup makes 14 shuffles; it draws them all from one stream (``Rng.stream``), seeded once,
because a fresh generator per shuffle cost more than the rest of a short solo game."""
from __future__ import annotations

from functools import cache
from typing import Any

from ...core.events import Event
from ...core.options import names_option, unknown_options
from ...core.rng import Draws, Rng
from ...core.words import short
from .data import components, upgrades
from .shared_rules import R

Shuffler = Rng | Draws  # the setups pass one stream of draws (``Rng.stream``) through every step


def check_options(options: dict[str, Any], known: set[str]) -> None:
    unknown_options(options, known)


DEALS = ("stream", "each")  # how a setup draws its shuffles; "each" is how replays before format 3 dealt


def check_deal(options: dict[str, Any]) -> None:
    if options.get("deal", "stream") not in DEALS:
        raise ValueError(f"deal must be 'stream' or 'each', not {short(options['deal'])}")


def setup_draws(state: Any) -> Shuffler:
    """Where a setup takes its shuffles from: one stream seeded once (today), or one seeding
    per shuffle (``deal="each"``, set by ``Replay`` for files saved before format 3 so that
    they deal the cards they were played with)."""
    return state.rng if state.options.get("deal") == "each" else state.rng.stream()


def check_common(players: Any, seed: Any, names: Any, counts: tuple[int, ...],
                 variant: str) -> tuple[str, ...]:
    """Check the table size and seed of a solo or co-op game; returns the seat names."""
    if type(players) is not int or players not in counts:
        raise ValueError(f"the {variant} game is for {counts[0]} to {counts[-1]} players, "
                         f"not {short(players)} [rule {R}{variant}.setup]")
    if type(seed) is not int:
        raise ValueError(f"seed must be an integer, not {short(seed)}")
    return names_option(names, players)


def weapon_set(colour: str, values) -> list[str]:
    return [f"{colour}:{v}" for v in values]


@cache
def _weapon_sets() -> dict[str, tuple[str, ...]]:
    """Each colour's set of weapon cards, named once (setup shuffles copies of them)."""
    d = components()
    return {colour: tuple(weapon_set(colour, d.weapon_values)) for colour in d.colour_names}


@cache
def _undead_by_level() -> dict[str, tuple[str, ...]]:
    return {lvl: tuple(components().by_level(lvl)) for lvl in ("easy", "medium", "hard")}


@cache
def _upgrade_ids() -> tuple[str, ...]:
    return tuple(sorted(upgrades()))


def shuffled_weapon_decks(draws: Shuffler, sets_per_deck: int, events: list[Event] | None,
                          rule: str) -> list[list[str]]:
    """Shuffle each colour's set alone, then stack ``sets_per_deck`` sets into each deck."""
    sets = []
    for colour, cards in _weapon_sets().items():
        cards = draws.shuffled(cards)
        if events is not None:
            events.append(Event("shuffle_weapons", rule, f"The {colour} weapons are shuffled face down.",
                                {"colour": colour, "order": tuple(cards)}, visible_to=()))
        sets.append(cards)
    decks = [sum(sets[i:i + sets_per_deck], []) for i in range(0, len(sets), sets_per_deck)]
    if events is not None:
        events.append(Event("stack_weapons", rule,
                            f"The six sets are stacked into {len(decks)} decks of "
                            f"{len(decks[0])} weapons each.", {"sizes": tuple(map(len, decks))}))
    return decks


def undead_stack(draws: Shuffler, compositions: list[dict], events: list[Event] | None,
                 rule: str) -> tuple[list[str], list[str]]:
    """Build the four undead decks by level, shuffle each, stack deck 1 on top. Returns
    (stack top first, box)."""
    piles = {lvl: draws.shuffled(ids) for lvl, ids in _undead_by_level().items()}
    if events is not None:
        events.append(Event("shuffle_undead", rule, "The undead are sorted by level and each level "
                            "is shuffled face down.", {k: tuple(v) for k, v in piles.items()},
                            visible_to=()))
    stack: list[str] = []
    for i, comp in enumerate(compositions):
        deck = []
        for lvl in ("easy", "medium", "hard"):
            deck += piles[lvl][:comp[lvl]]
            piles[lvl] = piles[lvl][comp[lvl]:]
        deck = draws.shuffled(deck)
        if events is not None:
            events.append(Event("undead_deck", rule,
                                f"Undead deck {i + 1}: {comp['easy']} easy, {comp['medium']} medium and "
                                f"{comp['hard']} hard, shuffled.", {"deck": i + 1, "order": tuple(deck)},
                                visible_to=()))
        stack += deck
    box = sorted(sum(piles.values(), []))
    if events is not None:
        events.append(Event("stack_undead", rule,
                            f"The four decks are stacked, deck 1 on top: {len(stack)} undead"
                            + (f"; {len(box)} go back to the box unseen." if box else ".")))
    return stack, box


def shuffled_upgrades(draws: Shuffler, events: list[Event] | None, rule: str) -> list[str]:
    deck = draws.shuffled(_upgrade_ids())
    if events is not None:
        events.append(Event("shuffle_upgrades", rule, "The 32 upgrade cards are shuffled face down.",
                            {"order": tuple(deck)}, visible_to=()))
    return deck
