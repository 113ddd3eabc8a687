"""The small pure rules of Bone to Pick, usable on their own (the notebooks show them)."""
from __future__ import annotations

from collections import Counter
from typing import Sequence


def trophy_winner(plays: Sequence[int]) -> int | None:
    """Seat that played the highest value nobody else played (0 never wins), or None."""
    counts = Counter(plays)
    unique = [v for v, n in counts.items() if n == 1 and v > 0]
    if not unique:
        return None
    return list(plays).index(max(unique))


def legend(hands: Sequence[Sequence[int]], trophies: Sequence[Sequence[int]]
           ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(scores, Legend seats): hand plus trophy values, ties to more trophies, then shared."""
    scores = tuple(sum(h) + sum(t) for h, t in zip(hands, trophies))
    keys = [(s, len(t)) for s, t in zip(scores, trophies)]
    best = max(keys)
    return scores, tuple(i for i, k in enumerate(keys) if k == best)


def scapegoat(hands: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(scores, Scapegoat seats): hand values only, ties to the highest single card, then shared."""
    scores = tuple(sum(h) for h in hands)
    keys = [(s, max(h, default=0)) for s, h in zip(scores, hands)]
    worst = max(keys)
    return scores, tuple(i for i, k in enumerate(keys) if k == worst)
