"""Chance kept inside the state: a seed plus a counter.

Each call seeds a generator from ``(seed, counter)`` and advances the counter, so the same seed
and the same actions give the same draws in any process (string seeding is stable across runs,
unlike ``hash``), and a state copies its chance as two integers.

The draws are exactly those of ``random.Random(f"bonekit:{seed}:{counter}")`` with its
``shuffle``, ``sample`` and ``randint``; for speed the seeding and the shuffle are done here
without the Python-level wrapper, and ``stream`` lets a setup seed once for many shuffles.
tests/test_rng.py holds them to the standard library's.
"""
from __future__ import annotations

import _random
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from hashlib import sha512
from typing import TypeVar

T = TypeVar("T")


def seeded_generator(key: str) -> _random.Random:
    """A C generator in the state ``random.Random(key)`` starts in (string seeds, version 2:
    the key's bytes followed by their SHA-512, read as one big integer), without the Python
    wrapper around it."""
    data = key.encode()
    return _random.Random(int.from_bytes(data + sha512(data).digest(), "big"))


def _shuffled(bits: Callable[[int], int], items: Sequence[T]) -> list[T]:
    """``random.shuffle``'s Fisher-Yates walk with its rejection sampling, inlined, on a copy."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        out[i], out[j] = out[j], out[i]
    return out


class Draws:
    """Several shuffles from one key, one after another (see ``Rng.stream``)."""

    __slots__ = ("_bits",)

    def __init__(self, key: str) -> None:
        self._bits = seeded_generator(key).getrandbits

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``: the next shuffle of this stream."""
        return _shuffled(self._bits, items)


@dataclass
class Rng:
    seed: int
    counter: int = 0

    def _key(self) -> str:
        key = f"bonekit:{self.seed}:{self.counter}"
        self.counter += 1
        return key

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        return _shuffled(seeded_generator(self._key()).getrandbits, items)

    def stream(self) -> Draws:
        """One key for a run of shuffles made together (a setup's many decks): seeding a
        generator costs more than a short shuffle, so a setup seeds once. It takes one step of
        the counter; the stream's shuffles are those of ``random.Random`` from that key."""
        return Draws(self._key())

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items drawn without replacement, in draw order."""
        return random.Random(self._key()).sample(list(items), k)

    def roll(self, sides: int) -> int:
        """A die roll from 1 to ``sides``."""
        return random.Random(self._key()).randint(1, sides)
