"""Chance kept inside the state: a seed plus a counter.

Each call derives a fresh ``random.Random`` from ``(seed, counter)`` and advances the counter,
so the same seed and the same actions give the same draws in any process (string seeding is
stable across runs, unlike ``hash``).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass
class Rng:
    seed: int
    counter: int = 0

    def _next(self) -> random.Random:
        r = random.Random(f"bonekit:{self.seed}:{self.counter}")
        self.counter += 1
        return r

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        out = list(items)
        self._next().shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items drawn without replacement, in draw order."""
        return self._next().sample(list(items), k)

    def roll(self, sides: int) -> int:
        """A die roll from 1 to ``sides``."""
        return self._next().randint(1, sides)
