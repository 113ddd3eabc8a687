"""The state of a Bad Bones game: one board per player plus the shared bag and phase."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...core.rng import Rng


@dataclass(frozen=True)
class Skeleton:
    """A skeleton token on a board square or waiting in a forest spot."""

    id: int
    model: str
    r: int
    c: int
    facing: str   # n, e, s, w
    side: str     # white or black


@dataclass(frozen=True)
class Trap:
    kind: str
    damaged: bool = False
    orientation: str | None = None   # walls only: "/" or "\"


@dataclass(frozen=True)
class Pending:
    """A choice a player owes in the middle of a phase.

    ``send``: where a skeleton leaving by the top forest, or thrown by a catapult, goes;
    ``repel``: which square next to a dragon a fleeing skeleton runs to.
    """

    kind: str
    skeleton: int
    model: str
    reason: str      # "top", "catapult", "dragon" or "landing"
    square: str      # the trap's square, or the forest spot left through


@dataclass
class Board:
    hero: str | None
    floors: int
    houses: int
    traps: dict[str, Trap] = field(default_factory=dict)
    supply: list[str] = field(default_factory=list)
    skeletons: dict[int, Skeleton] = field(default_factory=dict)
    cemetery: list[int] = field(default_factory=list)
    triggered: list[str] = field(default_factory=list)          # trap squares used this phase
    catapult_targets: dict[str, int] = field(default_factory=dict)
    removed_traps: list[str] = field(default_factory=list)     # destroyed or stolen, in the box
    landed: list[str] = field(default_factory=list)            # where the dragon landed this round
    tower_size: int = 4       # floors and houses at setup (the solo game has fewer)
    village_size: int = 5


@dataclass
class BadBonesState:
    players: int
    variant: str
    seed: int
    names: tuple[str, ...]
    rng: Rng
    boards: list[Board]
    bag: list[int]
    token: str = "white"            # the tracking token: the side everything shows after moving
    round: int = 1
    phase: str = "hero"             # hero, traps, move, over
    done: list[bool] = field(default_factory=list)
    pending: list[list[Pending]] = field(default_factory=list)
    eliminated: list[bool] = field(default_factory=list)
    over: bool = False
    ended: str = ""                 # why the game ended
    options: dict = field(default_factory=dict)
    viewer: int | None = None
