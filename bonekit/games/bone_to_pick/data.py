"""Bone to Pick component data, loaded once from data.json (values marked rulebook or kit)."""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

DATA_FILE = Path(__file__).with_name("data.json")
SECOND_BOX = "b"  # epic games use two boxes: a second-box copy of "E07" is "E07b"


class _Box(dict):
    """Cards of one box by id; a second-box copy ("E07b") is looked up as its original.

    Iterating, ``len`` and ``in`` see one box only, so code that lists the cards of the game
    still sees 40 undead and 32 upgrades.
    """

    def __missing__(self, key):
        if isinstance(key, str) and key.endswith(SECOND_BOX) and key[:-1] in self:
            copies = self.__dict__.setdefault("_copies", {})  # made once, not on every lookup
            if key not in copies:
                copies[key] = replace(self[key[:-1]], id=key)
            return copies[key]
        raise KeyError(key)


def second_box(ids) -> list[str]:
    """The second-box copies of ``ids``."""
    return [i + SECOND_BOX for i in ids]


@dataclass(frozen=True)
class Undead:
    id: str
    name: str
    level: str
    trophy: int
    damage: int
    power: dict[int, int]
    source: str

    def power_for(self, players: int) -> int:
        return self.power[players]


@dataclass(frozen=True)
class Components:
    undead: dict[str, Undead]
    weapon_values: tuple[int, ...]
    hit_points: int
    easier_hit_points: int
    turns: int
    colour_names: tuple[str, ...]
    colour_hex: tuple[str, ...]
    raw: dict

    def weapon_type(self, value: int) -> str:
        return weapon_type(value)

    def by_level(self, level: str) -> list[str]:
        return [u.id for u in self.undead.values() if u.level == level]


@cache
def components() -> Components:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    undead = _Box({c["id"]: Undead(c["id"], c["name"], c["level"], c["trophy"], c["damage"],
                              {int(k): v for k, v in c["power"].items()}, c["source"])
              for c in raw["undead"]})
    weapons = tuple(c["value"] for c in raw["weapons"]["cards"] for _ in range(c["copies"]))
    return Components(undead, weapons, raw["haven"]["hit_points"],
                      raw["haven"]["easier_hit_points"], raw["turns"],
                      tuple(raw["colours"]["names"]), tuple(raw["colours"]["hex"]), raw)


@dataclass(frozen=True)
class Upgrade:
    """An upgrade card. Solo and co-op games use only its value (and the type that follows);
    the campaign uses its victory points and ability too."""

    id: str
    value: int
    type: str
    victory_points: int
    ability: str | None
    source: str


@cache
def upgrades() -> dict[str, Upgrade]:
    """The 32 upgrade cards by id (values and victory points designed by the kit)."""
    return _Box({c["id"]: Upgrade(c["id"], c["value"], c["type"], c["victory_points"],
                                  c["ability"], c["source"])
                 for c in components().raw["upgrades"]["cards"]})


@dataclass(frozen=True)
class Ability:
    """What an upgrade card does on the turn it is played (kit design)."""

    id: str
    name: str
    timing: str  # "attack" (adds to the total), "outcome" (after the outcome), "rest"
    text: str


@cache
def abilities() -> dict[str, Ability]:
    return {k: Ability(k, v["name"], v["timing"], v["text"])
            for k, v in components().raw["upgrades"]["abilities"].items()}


def title_for(table: list, left: int) -> str:
    """The title a solo or co-op table earns with ``left`` undead still in the stack."""
    for low, high, title in table:
        if left >= low and (high is None or left <= high):
            return title
    raise ValueError(f"no title for {left} undead left")


def weapon_type(value: int) -> str:
    """The type icon a weapon of this value carries (rulebook: melee 1-4, ranged 5-8, siege 9+)."""
    if value == 0:
        return "none"
    return "melee" if value <= 4 else "ranged" if value <= 8 else "siege"


_CARD_VALUES: dict[str, int] = {}  # card name -> value, filled as cards are met


def card_value(card: int | str) -> int:
    """The value of any Bone to Pick card as the engines write it: a weapon value (``7``), a
    coloured weapon (``"red:7"``), an upgrade id (``"U07"``), or ``"none"`` (no card, 0)."""
    if isinstance(card, int):
        return card
    value = _CARD_VALUES.get(card)
    if value is None:
        if ":" in card:
            value = int(card.split(":")[1])
        elif card == "none":
            value = 0
        else:
            value = upgrades()[card].value
        _CARD_VALUES[card] = value
    return value


def card_type(card: int | str) -> str:
    """The weapon type of any card (an upgrade's type is printed on it)."""
    if isinstance(card, str) and ":" not in card and card != "none":
        return upgrades()[card].type
    return weapon_type(card_value(card))
