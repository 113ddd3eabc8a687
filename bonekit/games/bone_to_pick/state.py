"""The state of a Bone to Pick game: plain data, shared copy-on-write between the states of a
game (see ``sharing``)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...core.rng import Rng
from .sharing import CopyOnWrite, copy_functions

# In a seat's view, a card that seat may not see is shown as this value.
HIDDEN = -1
HIDDEN_ID = "?"


@dataclass(frozen=True)
class TurnRecord:
    """What the whole table saw in one finished turn."""

    turn: int
    undead: str
    power: int
    plays: tuple[int | str, ...]    # weapon values, or upgrade ids in a campaign
    total: int                      # including bonuses from upgrade abilities
    defeated: bool
    trophy_to: int | None           # who took ``undead``
    second: str | None = None       # epic: the second undead of the turn
    second_to: int | None = None    # epic: who took it
    wave: int = 1
    bonus: int = 0                  # added to the total by upgrade abilities


@dataclass(frozen=True)
class WaveResult:
    """How one wave of a campaign (or the whole base game) ended, and its titles."""

    wave: int
    result: str                     # "victory" or "defeat"
    scores: tuple[int, ...]         # per seat: hand + trophies (victory) or hand (defeat)
    titled: tuple[int, ...]         # seats holding the title, or treated as holding it
    card_to: tuple[int, ...]        # seats given this wave's Legend or Scapegoat card


@dataclass(frozen=True)
class TitleCard:
    """A Legend or Scapegoat card a player gained in a campaign."""

    kind: str                       # "Legend" or "Scapegoat"
    wave: int
    victory_points: int


@dataclass(frozen=True)
class PendingTurn:
    """An epic turn waiting for the best unique value's player to choose a trophy."""

    plays: tuple[int | str, ...]
    power: int
    total: int
    bonus: int
    chooser: int
    other: int                      # the second-highest unique value's seat


@dataclass(slots=True)
class BoneToPickState(CopyOnWrite):
    players: int
    variant: str
    seed: int
    names: tuple[str, ...]
    hit_points: int
    turns: int
    rng: Rng
    deck: list[str]                 # face down, top first
    box: list[str]                  # put back unseen at setup
    hands: list[list[int]]          # sorted weapon values per seat
    chosen: list                    # face-down card this turn (value or upgrade id), None until chosen
    trophies: list[list[str]] = field(default_factory=list)
    unclaimed: list[str] = field(default_factory=list)    # beaten, nobody took the trophy
    damage_row: list[str] = field(default_factory=list)   # not beaten: their damage counts
    current: str | None = None      # the revealed undead
    turn: int = 0
    history: list[TurnRecord] = field(default_factory=list)
    over: bool = False
    options: dict = field(default_factory=dict)
    viewer: int | None = None       # None: the all-seeing state; a seat: that seat's view
    # --- epic, team and campaign (empty or default in a base game) ---
    second: str | None = None       # epic: the second revealed undead
    pending: PendingTurn | None = None
    used_piles: list[list] = field(default_factory=list)
    upgrades: list[list[str]] = field(default_factory=list)       # upgrade cards in hand
    teams: tuple[tuple[int, ...], ...] = ()
    youngest: int = 0
    epic: bool = False
    campaign: bool = False
    wave: int = 1
    waves: int = 1
    wave_decks: list[list[str]] = field(default_factory=list)     # later waves, face down
    wave_hit_points: tuple[int, ...] = ()
    prevented: int = 0              # damage the Haven was spared this wave (Bulwark)
    set_aside: list[list[str]] = field(default_factory=list)      # trophies of earlier waves
    results: list[WaveResult] = field(default_factory=list)
    cards: list[list[TitleCard]] = field(default_factory=list)
    kept: list[list[str]] = field(default_factory=list)          # every upgrade gained
    exchanged: list[list[int]] = field(default_factory=list)     # weapons put back in the box
    offers: list[list[str]] = field(default_factory=list)        # upgrade draws awaiting a choice
    upgrade_deck: list[str] = field(default_factory=list)
    upgrade_discard: list[str] = field(default_factory=list)

    def used(self, seat: int) -> list:
        """The seat's used pile this wave (face down; the plays were public at reveal)."""
        return self.used_piles[seat]


# How deep each mutable field is (the rest are immutable values, shared by every copy).
STATE_SHAPES = {
    "rng": "rng", "deck": "list", "box": "list", "hands": "lists", "chosen": "list",
    "trophies": "lists", "unclaimed": "list", "damage_row": "list", "history": "list",
    "options": "data", "used_piles": "lists", "upgrades": "lists", "wave_decks": "lists",
    "set_aside": "lists", "results": "list", "cards": "lists", "kept": "lists",
    "exchanged": "lists", "offers": "lists", "upgrade_deck": "list", "upgrade_discard": "list"}
BoneToPickState.shallow, BoneToPickState.copy = copy_functions(BoneToPickState, STATE_SHAPES)
