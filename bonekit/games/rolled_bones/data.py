"""Rolled Bones component data (data.json): the dice the kit designed, their faces and powers,
the bag rules and the starter bags. The rulebook describes kinds of dice but lists none, so
every die is marked ``source: "kit"`` with a reason in the file."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("data.json")
KINDS = ("base", "creature", "magic", "item")
SYMBOLS = ("flash", "band", "first_strike", "flying")
POWER_FACE = 5


@dataclass(frozen=True)
class Face:
    """One face of a die: its value, its symbols, and a power (base and creature dice, face 5)
    or a magic effect (``contort`` or ``drain``, the value being the change), or an item's
    ``recurring`` power (``change`` each time it works, up to the face value in all)."""

    value: int
    symbols: frozenset[str]
    power: str | None = None
    effect: str | None = None
    change: int = 0


@dataclass(frozen=True)
class DieType:
    code: str  # the D'Code, e.g. "C0002"
    name: str  # e.g. "Archer"
    kind: str  # base, creature, magic or item
    faces: tuple[Face, ...]  # faces 1 to 6 (index 0 is face 1)
    projectile: bool = False  # fights at range (the archer)
    item: str | None = None  # weapon or armour
    suits: str | None = None  # the creature a weapon or armour suits

    def face(self, n: int) -> Face:
        return self.faces[n - 1]

    @property
    def title(self) -> str:
        """``C0002-Archer``: the D'Code with the die's name, as printed on the die."""
        return f"{self.code}-{self.name}"


@dataclass(frozen=True)
class Components:
    dice: dict[str, DieType]
    powers: dict[str, dict[str, Any]]
    bag_rules: dict[str, Any]
    starter_bags: dict[str, dict[str, int]]
    arena_dice: tuple[str, ...]
    rack_size: int
    base_size: int
    arena_kills: int
    raw: dict[str, Any]


def _face(raw: dict[str, Any]) -> Face:
    return Face(
        raw["value"],
        frozenset(raw.get("symbols", ())),
        raw.get("power"),
        raw.get("effect"),
        raw.get("change", 0),
    )


@cache
def components() -> Components:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    dice = {
        d["code"]: DieType(
            d["code"],
            d["name"],
            d["kind"],
            tuple(_face(f) for f in d["faces"]),
            d.get("projectile", False),
            d.get("item"),
            d.get("suits"),
        )
        for d in raw["dice"]
    }
    return Components(
        dice,
        raw["powers"],
        raw["bag_rules"],
        {k: dict(v["dice"]) for k, v in raw["starter_bags"].items()},
        tuple(raw["arena_dice"]["dice"]),
        raw["rack_size"]["value"],
        raw["base_size"]["value"],
        raw["arena_kills"]["value"],
        raw,
    )


def die_type(code: str) -> DieType:
    return components().dice[code]
