"""Scripted games for the notebooks and tests, above all the rulebook's own two-round example,
and a way to stage any situation by hand (``empty_table``, ``place``, ``script``).

The rulebook tells its example in words; this script gives the engine the same draws, faces and
Bones rolls, so the example plays out exactly as written: A's goblin (4, +1 contortion) beats
B's front door 7 to 5; B's archer (3, +2 contortion) hits A's goblin 4 to 3 and wins 10 to 9.
Player A is P1 (the kit's "keep" bag), player B is P2 (the "raid" bag).
"""
from __future__ import annotations

from typing import Any

from ...core.actions import seat_name
from ...core.replay import Replay
from .data import die_type
from .dice import kind
from .game import RolledBones
from .setup import _script
from .state import RolledBonesState, flags, numbers

# Everything chance does in the example, seat by seat, in the order the game asks for it.
EXAMPLE_SCRIPT: dict[str, dict[str, list]] = {
    "P1": {
        # roll-off, turn 1, turn 2, the goblin's attack, the archer's hit roll, its damage roll
        "bones": [2, 3, 5, 2, 3, 4],
        # the first rack, the refill of turn 1, the refill of turn 2
        "draws": ["B0001", "B0003", "C0003", "I0002", "C0001", "M0002", "C0005", "B0002", "M0001", "C0002"],
        "faces": [1, 3, 2, 1, 3, 2, 2, 2, 1, 3],
    },
    "P2": {
        "bones": [5, 1, 1, 2, 4, 5],
        "draws": ["B0001", "B0003", "B0002", "C0002", "C0001", "I0001", "C0004", "M0003", "C0003", "M0001"],
        "faces": [3, 1, 2, 2, 1, 1, 1, 1, 2, 3],
    },
}

# The dice of the example, by the numbers the setup gives them.
GOBLIN, A_CONTORTION = "d10", "d18"
FRONT_DOOR, ARCHER, B_CONTORTION = "d21", "d31", "d38"

# (who tells it, what the rulebook says happens, the labels that do it)
EXAMPLE_STEPS: list[tuple[str, list[str]]] = [
    ("A puts the base dice of his rack into his base.", ["P1 build r1", "P1 build r1"]),
    ("A refills his rack, rolls the Bones (3): the third die is a Goblin showing 4; it goes into the arena.",
     ["P1 draw", "P1 roll", "P1 enter arena"]),
    ("A has nothing left to do.", ["P1 next"]),
    ("B puts his base dice into his base.", ["P2 build r1", "P2 build r1", "P2 build r1"]),
    ("B refills and rolls a 1: an Archer showing 3, which he stands on his front door.",
     ["P2 draw", "P2 roll", f"P2 enter {FRONT_DOOR}"]),
    ("B has nothing left to do.", ["P2 next"]),
    ("A builds, refills and rolls a 5: a +1 contortion, which he puts on his goblin.",
     ["P1 build r5", "P1 draw", "P1 roll", f"P1 enter {GOBLIN}"]),
    ("The goblin attacks B's base, that is its front door; B does not intercept with the archer. "
     "A rolls 2 (2 + 4 + 1 = 7), B rolls 1 (1 + 4 + 0 = 5): the front door is destroyed.",
     [f"P1 attack {GOBLIN} {FRONT_DOOR}", "P2 hold"]),
    ("The archer spills into the arena and B rearranges his base.", ["P2 spill arena", "P2 swap d27 d25"]),
    ("A is done.", ["P1 next"]),
    ("B refills, places the new die second, rolls a 2: a +2 contortion, which goes on the archer.",
     ["P2 draw", "P2 swap r2 r6", "P2 roll", f"P2 enter {ARCHER}"]),
    ("The archer shoots the goblin: hit roll 4 against 3, a hit; damage 5 + 3 + 2 = 10 against "
     "4 + 4 + 1 = 9: the goblin goes back to A's bag.", [f"P2 shoot {ARCHER} {GOBLIN}"]),
    ("B is done.", ["P2 next"]),
]


def example_options() -> dict[str, Any]:
    return {"script": {k: {kind: list(v) for kind, v in q.items()} for k, q in EXAMPLE_SCRIPT.items()},
            "names": ["A", "B"]}


def example_labels() -> list[str]:
    return [label for _, labels in EXAMPLE_STEPS for label in labels]


def rulebook_example(steps: int | None = None) -> Replay:
    """The rulebook's example as a replay (the first ``steps`` actions, or all of them)."""
    labels = example_labels()
    return Replay("rolled_bones", 2, seed=0, variant="base", options=example_options(),
                  actions=labels if steps is None else labels[:steps])


# ---- staging a situation by hand (lessons and tests) ---------------------------------------------


def empty_table(players: int = 2, variant: str = "base", seat: int = 0, phase: str = "act",
                **options: Any) -> RolledBonesState:
    """A table to stage a situation on: every die back in its owner's bag, face down and on
    nothing; no claims, kills, alliances or pending questions; ``seat``'s turn at ``phase``
    ("build", "arrange" or "act"). Options are the game's (``bags``, ``base``, ``alliances``...).
    Put dice out with ``place`` and fix the coming rolls with ``script``. (In the arena game the
    dice wait in the bag list until placed: place all six of a seat in its rack.)"""
    s = RolledBones().new(players, variant, seed=0, first=seat, **options).copy()
    n = len(s.codes)
    s.area, s.face, s.on = ["bag"] * n, flags(n), numbers(n, -1)
    s.amount, s.band = numbers(n, 0), numbers(n, -1)
    s.acted, s.door_at_roll, s.stepped, s.band_changed = flags(n), flags(n), flags(n), flags(n)
    s.bags = [[i for i in range(n) if s.owners[i] == p] for p in range(players)]
    s.racks, s.bases = [[] for _ in range(players)], [[] for _ in range(players)]
    s.declared, s.completed, s.kills = [-1] * players, [-1] * players, [0] * players
    s.turn_seat, s.round, s.turns, s.phase = seat, 1, 1, phase
    s.queue, s.battle, s.entering, s.allies, s.script = [], None, -1, [], {}
    s.grants = []
    return s


def place(s: RolledBonesState, seat: int, code: str, face: int, where: str | int) -> int:
    """Take one of ``seat``'s ``code`` dice out of the bag and put it ``where`` with face
    ``face`` (1-6) up: "rack" (at its right end), "base" (a base die joins the base's right
    end; a creature or item stands in the base off the base dice), "arena", or a die number to
    go on (a guard on a base die, an item carried by a creature, magic on its target, its
    change applied). Returns the die's number (its label is ``d<number + 1>``)."""
    die = next((i for i in s.bags[seat] if s.codes[i] == code), None)
    if die is None:
        raise ValueError(f"{seat_name(seat)}'s bag holds no more {code} dice")
    if not (type(face) is int and 1 <= face <= 6):
        raise ValueError(f"a face is 1 to 6, not {face!r}")
    s.bags[seat].remove(die)
    s.face[die] = face
    if where == "rack":
        s.area[die] = "rack"
        s.racks[seat].append(die)
    elif isinstance(where, int):
        s.area[die], s.on[die] = s.area[where], where
        if kind(s, die) == "magic":
            s.amount[die] = die_type(code).face(face).value
    elif where == "base" and kind(s, die) == "base":
        s.area[die] = "base"
        s.bases[seat].append(die)
    elif where in ("base", "arena"):
        s.area[die] = where
    else:
        raise ValueError(f"place a die in the rack, base or arena or on a die number, not {where!r}")
    return die


def script(s: RolledBonesState, **seats: dict[str, list]) -> None:
    """Script the chance still to come, seat by seat (``P1={"bones": [3, 1]}``; kinds "bones",
    "draws", "faces", as in the ``script`` option), after whatever is scripted already."""
    for who, parts in _script(seats, s.players).items():
        mine = s.script.setdefault(who, {})
        for kind_, items in parts.items():
            mine[kind_] = mine.get(kind_, []) + items
