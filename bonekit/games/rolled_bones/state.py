"""The Rolled Bones state: plain data, one entry per die in flat lists indexed by die number.

Die ``i`` (written ``d<i+1>`` in labels) has a fixed D'Code and owner, and changes where it is
(``area``: bag, rack, base or arena), which face is up (``face``, 0 in the bag), what it stands
or sits on (``on``: a base die it guards, the creature carrying it, the die a magic die
modifies; -1 for none), its band, and what it did this turn. Racks and bases are ordered lists
of die numbers (rack position 1 first; a base's front door first).

Decisions owed outside the turn player's main flow (an interception, a flash, a spill, a
rearrangement, an alliance answer) wait in ``queue``, first one first.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any

from ...core.rng import Rng

# acted[i]: what die i has done this turn
FRESH, MAY_ATTACK, DONE = 0, 1, 2
# band_changed[i]: how die i's band changed this turn (it holds until the owner's next turn)
BANDED, UNBANDED = 1, 2


def flags(n: int) -> bytearray:
    """One small number (0-255, often a yes/no) per die: a byte each, cheap to copy and keep."""
    return bytearray(n)


def numbers(n: int, fill: int) -> array:
    """One signed number per die (a die number or -1, a change of value): two bytes each."""
    return array("h", [fill]) * n


@dataclass(frozen=True)
class Battle:
    """An attack in progress: the attacking unit, the target unit, and its kind."""

    seat: int  # who attacks
    attackers: tuple[int, ...]  # the attacking unit (one die or a band)
    target: tuple[int, ...]  # the unit attacked (after any interception)
    projectile: bool
    named: int  # the die the attacker named
    stage: str = "intercept"  # intercept (the defender's guard may step in), flash, roll


@dataclass(slots=True)
class RolledBonesState:
    players: int
    variant: str  # "base" or "arena"
    seed: int
    names: tuple[str, ...]
    options: dict[str, Any]
    rng: Rng
    base_size: int
    codes: tuple[str, ...]  # die -> D'Code (fixed)
    owners: tuple[int, ...]  # die -> seat (a magic die changes hands going into another bag)
    # Per die: ``area`` a list of words; the rest compact (``flags``: bytes, ``numbers``: signed
    # shorts), so a Stepper's hundreds of states stay small. Read them like lists.
    area: list[str]
    face: bytearray  # the face up, 1-6 (0 in the bag)
    on: array  # the die it stands or sits on, -1 for none
    amount: array  # magic dice: the change applied to their target so far
    band: array  # band number (its lowest member) or -1
    acted: bytearray  # FRESH, MAY_ATTACK or DONE
    door_at_roll: bytearray  # 1: stood on a door when the Bones roll was made this turn
    stepped: bytearray  # 1: repositioned within its area this turn (free, once)
    band_changed: bytearray  # BANDED or UNBANDED this turn (fixed until the owner's next turn)
    bags: list[list[int]]
    racks: list[list[int]]
    bases: list[list[int]]
    script: dict[str, dict[str, list]]  # seat name -> scripted "bones", "draws", "faces" still to use
    turn_seat: int = 0
    round: int = 1
    turns: int = 0  # turns begun so far
    first: int = 0
    phase: str = "build"  # build, arrange, enter, act, over
    entering: int = -1  # the die coming into play
    resume: str = "act"  # where play goes once it has entered
    swaps: int = 0  # rack swaps made this turn
    attacked: bool = False  # an attack was declared this turn
    proposed: bool = False  # an alliance was proposed this turn (one a turn)
    queue: list[tuple] = field(default_factory=list)
    battle: Battle | None = None
    declared: list[int] = field(default_factory=list)  # turn number of the claim, -1 none
    completed: list[int] = field(default_factory=list)  # turn number the base was completed in, -1
    kills: list[int] = field(default_factory=list)
    allies: list[tuple[int, int]] = field(default_factory=list)
    grants: list[tuple[int, int]] = field(default_factory=list)  # (owner, ally): his dice may hit him
    winner: int = -1
    ended: str = ""  # why the game ended (a rule id), "" while it goes on
    last_rolls: dict[str, Any] = field(default_factory=dict)  # the latest battle, for pictures
    viewer: int | None = None
    # Bookkeeping, not part of the game: the per-die fields this state may edit in place
    # (None: all of them); see ``copy`` and ``w``.
    owned: set[str] | None = field(default=None, compare=False, repr=False)

    def w(self, name: str) -> Any:
        """Per-die field ``name``, ready to change in place: copied first if this state shares
        it with another (an ``apply`` successor shares every per-die field until it writes)."""
        value = getattr(self, name)
        owned = self.owned
        if owned is None or name in owned:
            return value
        value = value[:]
        setattr(self, name, value)
        owned.add(name)
        return value

    def copy(self, share_lists: bool = False) -> RolledBonesState:
        """A copy sharing nothing mutable (the fixed tuples and frozen values are shared).

        With ``share_lists`` (``apply``'s successor) the copy shares with this state each seat's
        bag, rack and base lists, which the engine never edits in place (it puts changed
        copies in their place), and the per-die fields, which the engine edits only through
        ``w`` (copy-on-write): a game's timeline keeps one copy of whatever did not change.
        Staging by hand edits fields in place: start from a full ``copy()``."""
        new = object.__new__(RolledBonesState)
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        for name in _LISTS:
            value = getattr(self, name)
            # a list, bytearray or array of its kind; per-die fields shared until ``w``
            setattr(new, name, value if share_lists and name in _PER_DIE else value[:])
        new.owned = set() if share_lists else None
        for name in _NESTED:
            outer = getattr(self, name)
            setattr(new, name, list(outer) if share_lists else [list(x) for x in outer])
        new.rng = Rng(self.rng.seed, self.rng.counter)
        new.options = self.options  # never changed after setup
        new.script = {k: {kind: list(v) for kind, v in q.items()} for k, q in self.script.items()}
        new.last_rolls = self.last_rolls  # replaced by each battle, never changed in place
        return new


_PER_DIE = frozenset(("area", "face", "on", "amount", "band", "acted", "door_at_roll", "stepped",
                      "band_changed"))
_SCALARS = (
    "players",
    "variant",
    "seed",
    "names",
    "base_size",
    "codes",
    "owners",
    "turn_seat",
    "round",
    "turns",
    "first",
    "phase",
    "entering",
    "resume",
    "swaps",
    "attacked",
    "proposed",
    "battle",
    "winner",
    "ended",
    "viewer",
)
_LISTS = (
    "area",
    "face",
    "on",
    "amount",
    "band",
    "acted",
    "door_at_roll",
    "stepped",
    "band_changed",
    "queue",
    "declared",
    "completed",
    "kills",
    "allies",
    "grants",
)
_NESTED = ("bags", "racks", "bases")


def die_label(i: int) -> str:
    """The label argument for die number ``i``: ``d1`` for die 0."""
    return f"d{i + 1}"


def die_index(arg: str) -> int | None:
    """The die number a label argument names (``d7`` -> 6), or None."""
    if len(arg) > 1 and arg[0] == "d" and arg[1:].isdigit() and arg[1] != "0":
        return int(arg[1:]) - 1
    return None
