"""The state of a Bad Bones game: one board per player plus the shared bag and phase.

States are cheap to copy and to keep. Skeletons, traps and pending choices are immutable
values, shared freely. A state that ``apply`` returns shares every board it did not change
with its predecessor (copy-on-write per board): ``own(state, seat)`` hands the engine a board
it may change, copying it first if another state shares it. Inside a board only the
skeletons dict is changed in place; the engine replaces its other lists and dicts, and the
state's bag, rng, ``done``, ``pending`` and ``eliminated`` lists, instead of editing them, so
copies share those too. The timeline of a six-player game of ~900 actions takes about 1.2 MB
this way (a tenth of what whole copies took).

To change a state by hand (tests, staged lessons), start from ``game.new`` or
``game.copy_state``: both give a state that shares nothing with any other.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core.rng import Rng
from .board import components

_DATA = components()

if TYPE_CHECKING:
    from ...core.actions import Action
    from .market import Market

ALL = -1
"""An ownership mask: every board is this state's own."""


@dataclass(frozen=True, slots=True)
class Skeleton:
    """A skeleton token on a board square or waiting in a forest spot."""

    id: int
    model: str
    r: int
    c: int
    facing: str   # n, e, s, w
    side: str     # white or black


@dataclass(frozen=True, slots=True)
class Trap:
    """A trap tile on a board. ``orientation``: a wall's diagonal ("/" or "\\"), a
    labyrinth's colour ("white" or "black"); None for the others. A bomb that went off stays
    as ``Trap("bomb", damaged=True)``: its blast area."""

    kind: str
    damaged: bool = False
    orientation: str | None = None

    @property
    def blast(self) -> bool:
        """Whether this is a bomb's blast area (an empty square that takes no trap)."""
        return self.kind == "bomb" and self.damaged


@dataclass(frozen=True, slots=True)
class Pending:
    """A choice a player owes in the middle of a phase.

    ``send``: where a skeleton leaving by the top forest, thrown by a catapult, or carried
    off by the hearse (with it) goes;
    ``repel``: which square next to a dragon a fleeing skeleton runs to.
    """

    kind: str
    skeleton: int
    model: str
    reason: str      # "top", "catapult", "hearse", "dragon" or "landing"
    square: str      # the trap's square, or the forest spot left through
    unit: tuple[int, ...] = ()   # a Chief Instructor's followers: the answer moves them too


@dataclass(slots=True)
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
    weapon: str | None = None  # the advanced game's weapon card, bought at the market
    # the weapons' bookkeeping (weapons.py), replaced never edited: frozen skeleton -> movement
    # phases it still sits out; hero kills this movement phase per starting stack (square, facing)
    frozen: dict[int, int] = field(default_factory=dict)
    struck: dict[tuple, tuple[int, ...]] = field(default_factory=dict)
    # the Skeleton Chiefs' bookkeeping (units.py, moves.py), replaced never edited: each Chief
    # Instructor leading a unit -> its followers; (saboteur, trap square) pairs this movement
    # phase; whether the emperor reached this tower or village; tokens out of the game
    units: dict[int, tuple[int, ...]] = field(default_factory=dict)
    sabotage: tuple[tuple[int, str], ...] = ()
    overrun: bool = False
    exiled: tuple[int, ...] = ()
    # the board's geometry: where towers stand (the basic side: one tower of ``floors`` floors;
    # the co-op side: one floor each, removed as they fall) and the arrows that act (the co-op
    # side adds each fallen tower's ruins); both replaced, never edited, and shared by default
    towers: tuple[str, ...] = (_DATA.tower,)
    arrows: dict = field(default_factory=lambda: _DATA.arrows)

    def copy(self) -> Board:
        """A copy sharing nothing mutable with this board."""
        return Board(self.hero, self.floors, self.houses, dict(self.traps), list(self.supply),
                     dict(self.skeletons), list(self.cemetery), list(self.triggered),
                     dict(self.catapult_targets), list(self.removed_traps), list(self.landed),
                     self.tower_size, self.village_size, self.weapon, dict(self.frozen), dict(self.struck),
                     dict(self.units), self.sabotage, self.overrun, self.exiled, self.towers, self.arrows)

    def fork(self) -> Board:
        """A copy for the engine to change: its own skeletons dict, every other container
        shared (the engine replaces those rather than editing them)."""
        return Board(self.hero, self.floors, self.houses, self.traps, self.supply,
                     dict(self.skeletons), self.cemetery, self.triggered, self.catapult_targets,
                     self.removed_traps, self.landed, self.tower_size, self.village_size, self.weapon,
                     self.frozen, self.struck, self.units, self.sabotage, self.overrun, self.exiled,
                     self.towers, self.arrows)


@dataclass(slots=True)
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
    market: Market | None = None    # the advanced game's market (immutable; replaced, never edited)
    # the co-op game's shared pieces: the capital's houses (left, at setup), the team's supply
    # and the traps retrieved this round (back in the supply next round); lists replaced
    capital: int = 0
    capital_size: int = 0
    shared: list[str] = field(default_factory=list)
    held: tuple[str, ...] = ()
    # the co-op game's table talk this trap phase: (by seat, to seat, the suggested action);
    # it binds nobody and changes nothing on the boards (choices.talk_actions, game._talk)
    talk: tuple[tuple[int, int, Action], ...] = ()
    # Bookkeeping, not part of the game: bit i set = boards[i] is shared with no other state.
    mine: int = field(default=ALL, compare=False, repr=False)

    def copy(self) -> BadBonesState:
        """A copy sharing nothing mutable with this state (safe to change by hand)."""
        return BadBonesState(self.players, self.variant, self.seed, self.names,
                             Rng(self.rng.seed, self.rng.counter), [b.copy() for b in self.boards],
                             list(self.bag), self.token, self.round, self.phase, list(self.done),
                             [list(p) for p in self.pending], list(self.eliminated), self.over,
                             self.ended, dict(self.options), self.viewer, self.market, self.capital,
                             self.capital_size, list(self.shared), self.held, self.talk, ALL)

    def successor(self) -> BadBonesState:
        """A copy for the engine to change that shares every board with this state until
        ``own`` copies one. Neither state owns the shared boards any more."""
        self.mine = 0
        return BadBonesState(self.players, self.variant, self.seed, self.names, self.rng,
                             list(self.boards), self.bag, self.token, self.round, self.phase,
                             self.done, self.pending, self.eliminated, self.over,
                             self.ended, self.options, self.viewer, self.market, self.capital,
                             self.capital_size, self.shared, self.held, self.talk, 0)


def set_done(state: BadBonesState, seat: int, done: bool) -> None:
    """Mark whether ``seat`` has finished the phase (the list is replaced, never edited)."""
    if state.done[seat] != done:
        flags = list(state.done)
        flags[seat] = done
        state.done = flags


def own(state: BadBonesState, seat: int) -> Board:
    """``seat``'s board, safe for the engine to change: copied first if shared."""
    if state.mine >> seat & 1:
        return state.boards[seat]
    board = state.boards[seat] = state.boards[seat].fork()
    state.mine |= 1 << seat
    return board

