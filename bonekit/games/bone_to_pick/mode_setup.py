"""Setup steps the solo and co-operative games share: their option checks, the coloured
weapon decks, the undead stack built deck by deck, and the shuffled upgrade deck."""
from __future__ import annotations

from functools import cache
from typing import Any

from ...core.events import Event
from ...core.options import names_option, unknown_options
from ...core.words import short
from .data import components, upgrades
from .shared_rules import R


def check_options(options: dict[str, Any], known: set[str]) -> None:
    unknown_options(options, known)


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


def shuffled_weapon_decks(state: Any, sets_per_deck: int, events: list[Event] | None,
                          rule: str) -> list[list[str]]:
    """Shuffle each colour's set alone, then stack ``sets_per_deck`` sets into each deck."""
    sets = []
    for colour, cards in _weapon_sets().items():
        cards = state.rng.shuffled(cards)
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


def undead_stack(state: Any, compositions: list[dict], events: list[Event] | None,
                 rule: str) -> tuple[list[str], list[str]]:
    """Build the four undead decks by level, shuffle each, stack deck 1 on top. Returns
    (stack top first, box)."""
    piles = {lvl: state.rng.shuffled(ids) for lvl, ids in _undead_by_level().items()}
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
        deck = state.rng.shuffled(deck)
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


def shuffled_upgrades(state: Any, events: list[Event] | None, rule: str) -> list[str]:
    deck = state.rng.shuffled(_upgrade_ids())
    if events is not None:
        events.append(Event("shuffle_upgrades", rule, "The 32 upgrade cards are shuffled face down.",
                            {"order": tuple(deck)}, visible_to=()))
    return deck
