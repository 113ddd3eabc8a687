"""The state of a Bone to Pick game: plain data, copied by the engine before every change."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...core.rng import Rng

# In a seat's view, a card that seat may not see is shown as this value.
HIDDEN = -1
HIDDEN_ID = "?"


@dataclass(frozen=True)
class TurnRecord:
    """What the whole table saw in one finished turn."""

    turn: int
    undead: str
    power: int
    plays: tuple[int, ...]
    total: int
    defeated: bool
    trophy_to: int | None


@dataclass
class BoneToPickState:
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
    chosen: list[int | None]        # face-down choice this turn, None until chosen
    trophies: list[list[str]] = field(default_factory=list)
    unclaimed: list[str] = field(default_factory=list)    # beaten, nobody took the trophy
    damage_row: list[str] = field(default_factory=list)   # not beaten: their damage counts
    current: str | None = None      # the revealed undead
    turn: int = 0
    history: list[TurnRecord] = field(default_factory=list)
    over: bool = False
    options: dict = field(default_factory=dict)
    viewer: int | None = None       # None: the all-seeing state; a seat: that seat's view

    def used(self, seat: int) -> list[int]:
        """The seat's used pile (face down at the table; the plays were public at reveal)."""
        return [record.plays[seat] for record in self.history]
