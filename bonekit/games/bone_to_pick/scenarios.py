"""Staged base games for the learn-to-play notebook: the rulebook's worked examples as real games.

The rulebook tells its examples as stories ("Jeanette keeps a 10 and a 9 and one trophy worth
3 ..."). To replay such a story with real engine actions, the undead deck must hold, turn by
turn, a card that gives the wanted result for the plays of that turn. ``stack_deck`` searches
the game's own card data for such a deck, and the game's ``deck=`` option stacks it (the setup
then reports rule ``bone_to_pick.kit.scenario``, so a stacked game never passes for a shuffled
one). Because the search reads the data, a teacher who edits the card values still gets the
examples, as long as their cards can tell the story at all.

A turn of a story is ``(plays, want)``: the weapon values played, seat by seat, and what must
happen: ``"win"`` (beaten, whoever takes it), a trophy value (beaten, and the trophy taken is
worth that much) or ``("damage", d)`` (the undead gets through and deals ``d``).

    from bonekit.games.bone_to_pick import scenarios
    story = scenarios.legend_example(game)
    print(story.table)            # one line per turn
    story.state                   # the final state, ready for game.outcome or render

Nothing here imports Jupyter.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.actions import seat_name
from ...core.errors import IllegalAction
from ...core.events import Event
from .data import Components, Undead
from .state import BoneToPickState

Want = str | int | tuple[str, int]
Turn = tuple[tuple[int, ...], Want]


@dataclass(frozen=True)
class Story:
    """A story played out: its final ``state``, the ``events`` of its last action, the stacked
    ``deck`` and a ``table`` of text with one line per turn (undead, power, plays, result)."""

    state: BoneToPickState
    events: tuple[Event, ...]
    deck: tuple[str, ...]
    table: str


@dataclass(frozen=True)
class Example:
    """A worked example of the rulebook told as turns: who sits where, and what each turn plays."""

    names: tuple[str, ...]
    turns: tuple[Turn, ...]


# Example 2 (End of Game, the Legend): Jeanette ends holding 10 and 9 with one trophy worth 3,
# Kim holding 0 and 5 with trophies worth 2, 5 and 8. Each spends the other ten weapons, paired
# up so that every other beaten undead ends in a tie with no taker; the Haven is hit twice and
# survives on its last hit point. (The pairing was found by a small search, then written down.)
LEGEND_EXAMPLE = Example(("Jeanette", "Kim"), (
    ((3, 3), "win"),
    ((6, 2), 3),            # Jeanette's 6 is the higher value: her trophy is worth 3
    ((1, 6), 2),
    ((0, 1), ("damage", 1)),
    ((0, 9), 5),
    ((4, 4), "win"),
    ((5, 0), ("damage", 1)),
    ((2, 10), 8),
    ((7, 7), "win"),
    ((8, 8), "win"),
))

# Example 3 (End of Game, the Scapegoat): the Haven takes its third damage in turn 9, when
# Sanchez holds 0, 2, 7, Adam 1, 2, 3 and Pjotr 0, 0, 9. The nine turns spend exactly the
# other nine weapons of each: a slip in turn 3, big fights won, then a gamble on tiny cards.
SCAPEGOAT_EXAMPLE = Example(("Sanchez", "Adam", "Pjotr"), (
    ((5, 6, 4), "win"),
    ((8, 7, 6), "win"),
    ((1, 0, 2), ("damage", 1)),
    ((10, 10, 10), "win"),
    ((4, 5, 5), "win"),
    ((6, 4, 8), "win"),
    ((3, 8, 3), "win"),
    ((9, 9, 7), "win"),
    ((0, 0, 1), ("damage", 2)),
))

# Example 1 (Attack and Outcome): four players against an undead of power 33.
ATTACK_NAMES = ("Jeanette", "Adam", "Pjotr", "Kim")

# The table on the notebook's first screen: three CarefulBots (bonekit.games.bone_to_pick.bots)
# played seed 19 for four turns; their moves are written down so the picture never drifts.
FIRST_LOOK_SEED = 19
FIRST_LOOK = ("P1 play 7", "P2 play 2", "P3 play 5", "P1 play 3", "P2 play 8", "P3 play 6",
              "P1 play 10", "P2 play 5", "P3 play 9", "P1 play 1", "P2 play 1", "P3 play 2")


def fits(undead: Undead, players: int, total: int, want: Want) -> bool:
    """Whether ``undead`` gives the result ``want`` against a table of ``players`` whose
    weapons add up to ``total``."""
    power = undead.power_for(players)
    if isinstance(want, tuple):                       # ("damage", d): must get through
        return power > total and undead.damage == want[1]
    return power <= total and want in ("win", undead.trophy)


def stack_deck(data: Components, players: int, turns: Sequence[Turn]) -> list[str]:
    """A full deck (``data.turns`` undead ids, top first) whose first cards give each turn its
    wanted result, found by a depth-first search over ``data``; ``ValueError`` if none can.

    For each turn the search tries the fitting undead with a power closest to the total first
    (then by id), so the story reads naturally and the same data always gives the same deck.
    The cards after the story are the lowest unused ids.
    """
    def search(i: int, chosen: list[str]) -> list[str] | None:
        if i == len(turns):
            return chosen
        plays, want = turns[i]
        total = sum(plays)
        options = sorted((u for u in data.undead.values()
                          if u.id not in chosen and fits(u, players, total, want)),
                         key=lambda u: (abs(u.power_for(players) - total), u.id))
        for u in options:
            found = search(i + 1, chosen + [u.id])
            if found:
                return found
        return None

    deck = search(0, [])
    if not deck:
        raise ValueError("no undead in the card data fit this story")
    spare = [uid for uid in sorted(data.undead) if uid not in deck]
    return deck + spare[:data.turns - len(deck)]      # a deck always has ten cards


def deck_with_top(data: Components, top: str) -> list[str]:
    """A full deck with ``top`` first and the lowest other ids after it (for a one-turn example)."""
    return [top] + [uid for uid in sorted(data.undead) if uid != top][:data.turns - 1]


def play_story(game, example: Example) -> Story:
    """Play ``example`` on a stacked deck and return the final state, last events and a table."""
    names, players = list(example.names), len(example.names)
    deck = stack_deck(game.data, players, example.turns)
    state = game.new(players, deck=deck, names=names)
    lines = [f"{'turn':>4}  {'undead':18} {'power':>5}  plays{'':8} result"]
    events: tuple[Event, ...] = ()
    for plays, _ in example.turns:
        for seat, value in enumerate(plays):
            state, events = game.apply(state, f"P{seat + 1} play {value}")
        r = state.history[-1]
        if r.defeated:
            result = "beaten, " + (f"trophy to {names[r.trophy_to]}" if r.trophy_to is not None
                                   else "no taker")
        else:
            result = f"got through, damage {game.damage(state)} of {state.hit_points}"
        lines.append(f"{r.turn:>4}  {game.data.undead[r.undead].name:18} {r.power:>5}  "
                     f"{' + '.join(map(str, plays)):12} = {r.total:<3} {result}")
    return Story(state, tuple(events), tuple(deck), "\n".join(lines))


def legend_example(game) -> Story:
    """The rulebook's Legend example (Jeanette 22, Kim 20) as a real two-player game."""
    return play_story(game, LEGEND_EXAMPLE)


def scapegoat_example(game) -> Story:
    """The rulebook's Scapegoat example (Pjotr blamed after a tie on 9) as a real game."""
    return play_story(game, SCAPEGOAT_EXAMPLE)


def attack_example(game, top: str = "H10") -> BoneToPickState:
    """The start of the rulebook's attack example: four named players, ``top`` (the kit's
    undead of power 33 at four players) about to attack."""
    return game.new(4, deck=deck_with_top(game.data, top), names=list(ATTACK_NAMES))


def first_look(game) -> BoneToPickState:
    """A three-player table in turn 5 (trophies taken, one undead in the damage row), for the
    notebook's first picture."""
    state = game.new(3, seed=FIRST_LOOK_SEED)
    for label in FIRST_LOOK:
        state, _ = game.apply(state, label)
    return state


def card_table(data: Components, ids: Sequence[str]) -> str:
    """The undead ``ids`` as a text table: id, name, level, trophy, damage, power at 2-6 players."""
    lines = [f"{'id':4} {'name':18} {'level':7} {'trophy':>6} {'damage':>6}   power at 2 3 4 5 6 players"]
    for uid in ids:
        u = data.undead[uid]
        powers = " ".join(f"{u.power_for(n):>2}" for n in range(2, 7))
        lines.append(f"{u.id:4} {u.name:18} {u.level:7} {u.trophy:>6} {u.damage:>6}   {powers}")
    return "\n".join(lines)


def judge_plays(game, state: BoneToPickState, plays: Sequence[int], trophy_to: int) -> tuple[bool, str]:
    """Whether ``plays`` (one weapon value per seat, P1 first) beat the undead of ``state`` and
    give its trophy to seat ``trophy_to``, with a sentence on what happened: the judge of the
    notebook's "stage the story yourself" exercise. ``state`` is untouched."""
    if len(plays) != state.players:
        return False, f"Give {state.players} values, one per player (you gave {len(plays)})."
    after = state
    try:
        for seat, value in enumerate(plays):
            after, _ = game.apply(after, f"{seat_name(seat)} play {value}")
    except IllegalAction as e:
        return False, f"The engine refuses that: {e.reason}."
    r = after.history[-1]
    total = f"{' + '.join(map(str, plays))} = {r.total} against power {r.power}"
    if not r.defeated:
        return False, f"{total}: not enough, the undead gets through."
    if r.trophy_to != trophy_to:
        taker = "nobody" if r.trophy_to is None else state.names[r.trophy_to]
        return False, f"{total}: beaten, but {taker} takes the trophy."
    return True, f"{total}: beaten, and {state.names[trophy_to]} takes the trophy."
