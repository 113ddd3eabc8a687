"""Bad Bones geometry and component data: squares, directions, forests, arrows, traps.

Squares are named like a chessboard seen from the player: columns a-e from left to right,
rows 1-5 from the top (forest) edge to the bottom (village) edge. Forest spots lie just off
the board: ``top-a`` .. ``top-e`` above row 1, ``left-1`` .. ``left-5`` and ``right-1`` ..
``right-5`` beside the rows. Below row 5 lies the village.

The co-op game plays on the boards' other side: four one-floor towers, the top forest's
skeletons entering from ``bottom-a`` .. ``bottom-e`` below row 5 (pointing up), and the shared
capital beyond the top edge (``coop`` in data.json).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SIZE = 5
COLS = "abcde"
DIRS: dict[str, tuple[int, int]] = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
DIR_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
KING_STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
# A wall is a diagonal: "/" runs from bottom-left to top-right, "\" from top-left to bottom-right.
REFLECT = {"/": {"e": "n", "n": "e", "w": "s", "s": "w"},
           "\\": {"e": "s", "s": "e", "w": "n", "n": "w"}}
FOREST_FACING = {"top": "s", "left": "e", "right": "w"}
TRAP_KINDS = ("wall", "catapult", "dragon", "treasure")
"""The basic game's traps (its starting supply)."""
NEW_TRAP_KINDS = ("barricade", "bomb", "hearse", "labyrinth", "portal", "spring")
"""The advanced version's six new traps (bought at its market; handed out by the trap lab)."""
ALL_TRAP_KINDS = TRAP_KINDS + NEW_TRAP_KINDS
COLOURED = ("labyrinth",)
"""Traps placed with a colour (``Trap.orientation`` holds "white" or "black")."""
SIDES = ("white", "black")
CHIEF_KINDS = ("artificer", "necromancer", "nice", "instructor", "spectral", "saboteur", "emperor")
"""The Skeleton Chiefs' seven kinds (data.json "chiefs")."""


def item_words(item: str) -> str:
    """A trap's or weapon's name in words: ``ice_wand`` -> "ice wand", "two-handed sword"."""
    return item.replace("_", " ").replace("two handed", "two-handed")


def other_side(side: str) -> str:
    return "black" if side == "white" else "white"


def _name(r: int, c: int) -> str:
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return f"{COLS[c]}{r + 1}"
    if r == -1 and 0 <= c < SIZE:
        return f"top-{COLS[c]}"
    if c == -1 and 0 <= r < SIZE:
        return f"left-{r + 1}"
    if c == SIZE and 0 <= r < SIZE:
        return f"right-{r + 1}"
    if r == SIZE and 0 <= c < SIZE:   # the co-op side's bottom forest (the basic side's village)
        return f"bottom-{COLS[c]}"
    return ""


# The geometry as lookup tables, built once: the move code looks squares up instead of
# formatting and parsing their names.
NAMES: dict[tuple[int, int], str] = {(r, c): _name(r, c) for r in range(-1, SIZE + 1)
                                     for c in range(-1, SIZE + 1) if _name(r, c)}
"""(r, c) -> name of every board square and forest spot."""
COORDS: dict[str, tuple[int, int]] = {name: rc for rc, name in NAMES.items()}
"""name -> (r, c) of every board square and forest spot."""
SQUARES: tuple[str, ...] = tuple(NAMES[r, c] for r in range(SIZE) for c in range(SIZE))
"""The 25 board squares, row by row."""
ON_BOARD: frozenset[str] = frozenset(SQUARES)


def square(r: int, c: int) -> str:
    """Name of board square (r, c), 0-based; forest spots too; '' for the village."""
    return NAMES.get((r, c), "")


def coords(name: str) -> tuple[int, int] | None:
    """(r, c) of a square or forest spot name, None if it names neither."""
    return COORDS.get(name) if isinstance(name, str) else None


def on_board(r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE


def direction_between(a: tuple[int, int], b: tuple[int, int]) -> str:
    """The direction of an orthogonal step from a to b."""
    d = (b[0] - a[0], b[1] - a[1])
    return next(k for k, v in DIRS.items() if v == d)


def neighbours4(r: int, c: int) -> list[tuple[int, int]]:
    return [(r + dr, c + dc) for dr, dc in DIRS.values()]


KING: dict[str, tuple[str, ...]] = {
    NAMES[r, c]: tuple(NAMES[r + dr, c + dc] for dr, dc in KING_STEPS if on_board(r + dr, c + dc))
    for r in range(SIZE) for c in range(SIZE)}
"""Board square -> the squares a hero may step to from it, in ``KING_STEPS`` order."""
FLEE: dict[str, tuple[str, ...]] = {
    NAMES[r, c]: tuple(NAMES[n] for n in neighbours4(r, c) if n[0] < SIZE and n in NAMES)
    for r in range(SIZE) for c in range(SIZE)}
"""Board square -> where a skeleton fleeing a dragon there may go: its orthogonal neighbours
and forest spots, never the village (in n, e, s, w order)."""
FLEE_COOP: dict[str, tuple[str, ...]] = {
    NAMES[r, c]: tuple(NAMES[n] for n in neighbours4(r, c) if n[0] >= 0 and n in NAMES)
    for r in range(SIZE) for c in range(SIZE)}
"""The same on the co-op side: the bottom forest is a forest, and the top edge leads to the
capital, where no skeleton flees."""
TOWARD: dict[str, dict[tuple[int, int], str]] = {
    NAMES[r, c]: {n: direction_between(n, (r, c)) for n in neighbours4(r, c) if on_board(*n)}
    for r in range(SIZE) for c in range(SIZE)}
"""Board square -> {(r, c) of each orthogonal neighbour on the board: the direction from it
toward the square} (how a treasure turns the skeletons next to it)."""


@dataclass(frozen=True)
class Model:
    """A skeleton model: a symbol that belongs to one forest spot."""

    name: str
    symbol: str
    forest: str
    r: int
    c: int
    facing: str

    @property
    def spot(self) -> str:
        return square(self.r, self.c)


@dataclass(frozen=True)
class Chief:
    """A Skeleton Chief token: its power (``kind``), its own name (``instructor-2``: the label
    that tells it from an ordinary skeleton of its model) and its model (symbol and forest)."""

    token: int
    kind: str
    name: str
    model: Model

    @property
    def title(self) -> str:
        return components().raw["chiefs"]["kinds"][self.kind]["title"]


@dataclass(frozen=True)
class Components:
    raw: dict
    models: tuple[Model, ...]
    copies: int
    symbols: tuple[str, ...]
    setup_symbols: tuple[str, ...]
    symbol_hex: dict[str, str]
    arrows: dict[tuple[str, str], str]   # (square, moving direction) -> new direction
    tower: str
    hero_start: str
    chiefs: tuple[Chief, ...]
    """The 19 chief tokens, numbered on from the ordinary ones (``tokens`` .. ``all_tokens - 1``)."""
    coop_towers: tuple[str, ...]
    coop_arrows: dict[tuple[str, str], str]
    ruins: dict[str, dict[tuple[str, str], str]]   # a fallen co-op tower's square -> its arrows

    def coop_spot(self, token: int) -> tuple[int, int, str]:
        """(r, c, facing) of a token's forest spot on the co-op side: the top forest's models
        wait below the board, pointing up; the side forests are where they always are."""
        m = self.model_of(token)
        return (SIZE, m.c, "n") if m.forest == "top" else (m.r, m.c, m.facing)

    def model_of(self, token: int) -> Model:
        if token < self.tokens:
            return self.models[token // self.copies]
        return self.chiefs[token - self.tokens].model

    @property
    def tokens(self) -> int:
        """How many ordinary skeletons the bag holds (the chiefs are numbered after them)."""
        return len(self.models) * self.copies

    @property
    def all_tokens(self) -> int:
        """Ordinary skeletons and chiefs: the bag of a game played with the chiefs."""
        return self.tokens + len(self.chiefs)

    def chief(self, token: int) -> Chief | None:
        """The chief a token is, None for an ordinary skeleton."""
        return self.chiefs[token - self.tokens] if token >= self.tokens else None

    def token_name(self, token: int) -> str:
        """The name a label uses for a token: its model (``red-top``), or a chief's own name."""
        return self.model_of(token).name if token < self.tokens else self.chiefs[token - self.tokens].name

    def trap(self, kind: str) -> dict:
        return self.raw["traps"][kind]

    def stars(self, kind: str, damaged: bool) -> int:
        return self.raw["traps"][kind]["stars"]["damaged" if damaged else "intact"]

    def cost(self, kind: str) -> int:
        """What a trap costs at the advanced game's market (kit data)."""
        return self.raw["traps"][kind]["cost"]

    def starting_supply(self) -> list[str]:
        return sorted(k for k in TRAP_KINDS for _ in range(self.raw["traps"][k]["count"]))


@cache
def components() -> Components:
    raw = json.loads(Path(__file__).with_name("data.json").read_text(encoding="utf-8"))
    models = []
    for forest in ("top", "left", "right"):
        for i, symbol in enumerate(raw["forests"][forest]):
            r, c = {"top": (-1, i), "left": (i, -1), "right": (i, SIZE)}[forest]
            models.append(Model(f"{symbol}-{forest}", symbol, forest, r, c, FOREST_FACING[forest]))
    arrows = {(a["square"], a["moving"]): a["turn"] for a in raw["arrows"]}
    symbols = tuple(s["name"] for s in raw["symbols"])
    by_name = {m.name: m for m in models}
    first = len(models) * raw["copies_per_model"]
    chiefs = tuple(Chief(first + i, c["kind"], c["name"], by_name[c["model"]])
                   for i, c in enumerate(raw["chiefs"]["tokens"]))
    coop = raw["coop"]
    coop_arrows = {(a["square"], a["moving"]): a["turn"] for a in coop["arrows"]}
    ruins = {sq: {(a["square"], a["moving"]): a["turn"] for a in rows} for sq, rows in coop["ruins"].items()}
    return Components(raw, tuple(models), raw["copies_per_model"], symbols,
                      tuple(s["name"] for s in raw["symbols"] if s["setup"]),
                      {s["name"]: s["hex"] for s in raw["symbols"]}, arrows,
                      raw["board"]["tower"], raw["board"]["hero_start"], chiefs, tuple(coop["towers"]),
                      coop_arrows, ruins)
