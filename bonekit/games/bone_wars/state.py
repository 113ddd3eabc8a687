"""The state of a Bone Wars game: the shared board, one player board per seat, the turn in
progress and the decisions still owed.

Everything is a plain dataclass with lists and dicts of strings and numbers, so a state copies
itself by shape (``copy``) at a small cost and a Stepper's timeline stays small. Decisions owed
in the middle of a turn (a bonus's choice, a full crate) wait in ``pending``, first owed first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.rng import Rng

PATRONS = ("marsh", "cope")
THEODORE = 1
"""Theodore's seat in the solo game (the player is seat 0)."""


def rival(patron: str) -> str:
    """The other patron."""
    return "cope" if patron == "marsh" else "marsh"


@dataclass(slots=True)
class Site:
    """A dig site: its species card (or None), its bone slots top to bottom (None: empty), its
    dig-site action tile and the seats with a base camp there (-1: a virtual opponent's)."""

    id: str
    card: str | None
    bones: list[str | None]
    action: str
    camps: list[int] = field(default_factory=list)

    def copy(self) -> Site:
        return Site(self.id, self.card, list(self.bones), self.action, list(self.camps))


@dataclass(slots=True)
class PlayerBoard:
    """One seat's pieces."""

    money: int
    rp: int = 0
    patron: str = "marsh"
    loyalty: dict[str, int] = field(default_factory=lambda: {"marsh": 0, "cope": 0})
    hand: list[str] = field(default_factory=list)  # team card, species and paleontologist ids
    played: list[str | None] = field(default_factory=list)  # the card in each action slot this round
    slots: list[int] = field(default_factory=list)  # each slot: -1 printed, else upgraded tile index
    crates: list[str] = field(default_factory=list)  # bone kinds stored
    covers: int = 3
    archive: dict[str, list[str]] = field(default_factory=dict)  # envelope id -> species ids
    camps_left: list[str] = field(
        default_factory=list
    )  # the base camps still on the board ("move"/"archive")
    team: str | None = None  # a dig site id, or None while at a university
    university: int | None = None  # the university space (1-4) while the team is there
    paleo: str | None = None  # the paleontologist action location, None: free to go anywhere
    profession: tuple[int, int] | None = None
    grant: str | None = None
    awards: list[str] = field(default_factory=list)  # award tile ids this seat has claimed
    specialists: list[str] = field(default_factory=list)  # hired, in play
    specialists_used: list[str] = field(default_factory=list)  # attached to a team card this round
    reserve: list[str] = field(default_factory=list)  # advanced team cards and specialists not yet taken

    def copy(self) -> PlayerBoard:
        return PlayerBoard(
            self.money,
            self.rp,
            self.patron,
            dict(self.loyalty),
            list(self.hand),
            list(self.played),
            list(self.slots),
            list(self.crates),
            self.covers,
            {k: list(v) for k, v in self.archive.items()},
            list(self.camps_left),
            self.team,
            self.university,
            self.paleo,
            self.profession,
            self.grant,
            list(self.awards),
            list(self.specialists),
            list(self.specialists_used),
            list(self.reserve),
        )


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision owed: ``kind`` (what is asked), by ``seat``, with its ``context`` (what it
    is about: the effect being resolved, the cards offered, how many are left ...)."""

    kind: str
    seat: int
    context: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.context:
            if k == key:
                return v
        return default


def decision(kind: str, seat: int, **context: Any) -> Decision:
    return Decision(kind, seat, tuple(sorted(context.items())))


@dataclass(slots=True)
class Turn:
    """The turn in progress: the card played into which slot, the mode (``team`` or
    ``paleo``), the team's action points, dig depth and free moves left, the paleontologist
    action chosen, whether the prize is still to take, and the papers being prepared."""

    seat: int
    card: str
    slot: int
    mode: str | None = None
    ap: int = 0
    depth: int = 1
    free: int = 0
    action: str | None = None
    prize_later: bool = False
    papers: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # (species, bones paid)
    building: tuple[str, tuple[str, ...], tuple[str, ...]] | None = None  # species, bones, parts
    done_once: bool = False  # the once-a-turn paleontologist actions (award, find) are done
    perk_used: bool = False  # a once-an-action card bonus (a wild bone, Reed's loyalty) is spent
    traded: bool = False  # the debunking grant's trade was offered this action
    solo_done: tuple[str, ...] = ()  # Theodore's once-a-turn dig-site actions already taken

    def copy(self) -> Turn:
        return Turn(
            self.seat,
            self.card,
            self.slot,
            self.mode,
            self.ap,
            self.depth,
            self.free,
            self.action,
            self.prize_later,
            list(self.papers),
            self.building,
            self.done_once,
            self.perk_used,
            self.traded,
            self.solo_done,
        )


@dataclass(slots=True)
class BoneWarsState:
    players: int
    variant: str
    seed: int
    names: tuple[str, ...]
    rng: Rng
    boards: list[PlayerBoard]
    sites: list[Site]
    bag: list[str]
    rare: dict[str, int]
    species_deck: list[str]
    species_discard: list[str]
    paleo_deck: list[str]
    paleo_display: list[str]
    paleo_discard: list[str]
    slot_stack: list[int]  # the upgraded action slot tiles not yet taken
    awards: list[str]  # the three award tiles in play (A, B, C)
    award_marks: dict[str, list[int | None]]  # award tile -> the seat on each space (-1 virtual)
    shelves: dict[str, list[list[int | None]]]  # patron -> shelves, bottom first -> paper values
    # (None: a free spot; 0: a neutral tile)
    overflow: dict[str, list[int]]  # patron -> papers on the portrait shelf
    grants: dict[int, str]  # university space -> grant id
    universities: dict[int, int | None]  # university space -> seat there (-1: the neutral team
    # alone; with two players it first shares a player's space, which then holds the seat: see neutral)
    professions: dict[tuple[int, int], int]  # (row, col) -> seat
    finds: list[list[str | None]]  # minor finds area: rows x columns (None: taken or closed)
    find_bonus: list[str]  # the bonus tile of each column
    round_bonus: list[str]  # the bonus tile of rounds 1-3 (round 4: printed)
    round: int = 1
    phase: str = "bundles"  # bundles, turn, over
    order: list[int] = field(default_factory=list)  # this round's seat order
    current: int = 0  # the seat whose turn it is
    passed: list[bool] = field(default_factory=list)
    turn: Turn | None = None
    pending: list[Decision] = field(default_factory=list)
    effects: list[tuple[int, dict]] = field(default_factory=list)  # bonuses still to resolve, in order
    offer: list[tuple[str, list[str]]] = field(default_factory=list)  # setup: (species, its 2 bones)
    bundles: dict[int, list[str]] = field(default_factory=dict)  # seat -> bundles taken at setup
    bundle_queue: list[int] = field(default_factory=list)
    neutral: int | None = None  # the neutral team's university space (2-3 players), always set
    # once the bundles are taken, also while it shares the first team's space
    first_career: int | None = None  # the university space of the first career chosen
    solo_deck: list[str] = field(default_factory=list)  # Theodore's solo cards, top last
    solo_discard: list[str] = field(default_factory=list)
    solo_upgrades: list[str] = field(default_factory=list)  # his advanced (or expert) cards to come
    first_to_pass: bool = True
    over: bool = False
    scored: dict[str, list[int]] = field(default_factory=dict)  # "mid"/"final" -> RP per seat
    options: dict[str, Any] = field(default_factory=dict)
    viewer: int | None = None

    def copy(self) -> BoneWarsState:
        """A copy sharing nothing mutable with this state."""
        return BoneWarsState(
            self.players,
            self.variant,
            self.seed,
            self.names,
            Rng(self.rng.seed, self.rng.counter),
            [b.copy() for b in self.boards],
            [s.copy() for s in self.sites],
            list(self.bag),
            dict(self.rare),
            list(self.species_deck),
            list(self.species_discard),
            list(self.paleo_deck),
            list(self.paleo_display),
            list(self.paleo_discard),
            list(self.slot_stack),
            list(self.awards),
            {k: list(v) for k, v in self.award_marks.items()},
            {k: [list(s) for s in v] for k, v in self.shelves.items()},
            {k: list(v) for k, v in self.overflow.items()},
            dict(self.grants),
            dict(self.universities),
            dict(self.professions),
            [list(r) for r in self.finds],
            list(self.find_bonus),
            list(self.round_bonus),
            self.round,
            self.phase,
            list(self.order),
            self.current,
            list(self.passed),
            self.turn.copy() if self.turn else None,
            list(self.pending),
            list(self.effects),
            [(c, list(b)) for c, b in self.offer],
            {k: list(v) for k, v in self.bundles.items()},
            list(self.bundle_queue),
            self.neutral,
            self.first_career,
            list(self.solo_deck),
            list(self.solo_discard),
            list(self.solo_upgrades),
            self.first_to_pass,
            self.over,
            {k: list(v) for k, v in self.scored.items()},
            dict(self.options),
            self.viewer,
        )


# the containers ``share_unchanged`` may take from the state before (lists of boards and sites
# are compared item by item)
SHARED = (
    "solo_deck",
    "solo_discard",
    "solo_upgrades",
    "bag",
    "rare",
    "species_deck",
    "species_discard",
    "paleo_deck",
    "paleo_display",
    "paleo_discard",
    "slot_stack",
    "awards",
    "award_marks",
    "shelves",
    "overflow",
    "grants",
    "universities",
    "professions",
    "finds",
    "find_bonus",
    "round_bonus",
    "order",
    "passed",
    "offer",
    "bundles",
    "bundle_queue",
    "scored",
    "options",
    "turn",
    "pending",
    "effects",
)


def share_unchanged(before: BoneWarsState, after: BoneWarsState) -> None:
    """Let ``after`` (a fresh copy the engine has finished changing) reuse every part of
    ``before`` it did not change, so a Stepper's timeline keeps one copy of each unchanged
    board, site and deck. Neither state may be changed in place afterwards: to change a state
    by hand, start from ``game.copy_state`` (it shares nothing)."""
    for name in ("boards", "sites"):
        old, new = getattr(before, name), getattr(after, name)
        if len(old) == len(new):
            for i, (o, n) in enumerate(zip(old, new)):
                if o == n:
                    new[i] = o
    for name in SHARED:
        if getattr(before, name) == getattr(after, name):
            setattr(after, name, getattr(before, name))
