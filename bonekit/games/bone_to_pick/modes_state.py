"""States of the solo and co-operative Bone to Pick games: plain data, shared copy-on-write
between the states of a game (see ``sharing``).

Weapon cards are named by colour and value (``"red:7"``; a set holds two ``"red:0"``), upgrade
cards by id (``"U07"``). In a seat's view a card it may not see is ``"?"``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...core.rng import Rng
from .sharing import CopyOnWrite, copy_functions

HIDDEN_CARD = "?"


@dataclass(frozen=True)
class ModeTurn:
    """What the table saw in one finished solo or co-op turn."""

    turn: int
    undead: str
    power: int
    plays: tuple[str | None, ...]   # solo: (slot A, slot B); co-op: one card per seat
    values: tuple[int, ...]
    total: int
    defeated: bool
    trophy_to: int | None


@dataclass(frozen=True)
class Shared:
    """Something a player told the table (co-op talk rules): ``kind`` is values or types."""

    turn: int
    seat: int
    kind: str
    told: tuple[str, ...]


@dataclass(slots=True)
class ModeState(CopyOnWrite):
    """What the solo and co-op states share: the table, the Haven and the turn. Its defaulted
    fields are keyword-only, so each mode's own required fields can follow."""

    players: int
    variant: str
    seed: int
    names: tuple[str, ...]
    hit_points: int
    rng: Rng
    discard: list[str] = field(default_factory=list, kw_only=True)   # played weapons, upgrades
    offer: list[str] = field(default_factory=list, kw_only=True)     # revealed, one to keep
    upgrade_discard: list[str] = field(default_factory=list, kw_only=True)  # offered, not kept
    unclaimed: list[str] = field(default_factory=list, kw_only=True)
    damage_row: list[str] = field(default_factory=list, kw_only=True)
    current: str | None = field(default=None, kw_only=True)
    turn: int = field(default=0, kw_only=True)
    history: list[ModeTurn] = field(default_factory=list, kw_only=True)
    over: bool = field(default=False, kw_only=True)
    options: dict = field(default_factory=dict, kw_only=True)
    viewer: int | None = field(default=None, kw_only=True)


@dataclass(slots=True)
class SoloState(ModeState):
    decks: list[list[str]]            # the two weapon decks A and B, face down, top first
    rows: list[list[str]]             # their face-up cards (up to 3 each)
    stack: list[str]                  # the undead stack, face down, top first
    upgrade_deck: list[str]           # face down, top first
    upgrades: list[str] = field(default_factory=list)          # kept, ready to play
    trophies: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)         # trophies exchanged for upgrades


@dataclass(slots=True)
class CoopState(ModeState):
    start: int                        # the starting player's seat
    decks: list[list[str]]            # one weapon deck per seat, face down, top first
    hands: list[list[str]]            # weapons and kept upgrades, sorted
    stack: list[str]
    box: list[str]                    # undead not used at this player count, unseen
    upgrade_deck: list[str]
    played: list[str | None]          # this turn's face-up cards, None until played
    offer_to: int | None = None
    trophies: list[list[str]] = field(default_factory=list)
    set_aside: list[list[str]] = field(default_factory=list)
    shared: list[Shared] = field(default_factory=list)


# How deep each mutable field is (the rest are immutable values, shared by every copy).
MODE_SHAPES = {"rng": "rng", "discard": "list", "offer": "list", "upgrade_discard": "list",
               "unclaimed": "list", "damage_row": "list", "history": "list", "options": "data"}
SOLO_SHAPES = {**MODE_SHAPES, "decks": "lists", "rows": "lists", "stack": "list",
               "upgrade_deck": "list", "upgrades": "list", "trophies": "list", "set_aside": "list"}
COOP_SHAPES = {**MODE_SHAPES, "decks": "lists", "hands": "lists", "stack": "list", "box": "list",
               "upgrade_deck": "list", "played": "list", "trophies": "lists", "set_aside": "lists",
               "shared": "list"}
SoloState.shallow, SoloState.copy = copy_functions(SoloState, SOLO_SHAPES)
CoopState.shallow, CoopState.copy = copy_functions(CoopState, COOP_SHAPES)
