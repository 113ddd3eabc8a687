"""Small words helpers for the text the engine writes: counts with the right plural form."""
from __future__ import annotations

from collections.abc import Iterable

IRREGULAR = {"undead": "undead", "trophy": "trophies", "damage": "damage", "hero": "heroes",
             "cemetery": "cemeteries", "house": "houses"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 floor``, ``2 floors``, ``0 trophies``: the count and the word in its right form."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {many or IRREGULAR.get(word, word + 's')}"


def and_list(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def short(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters: error messages never echo unbounded input."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
