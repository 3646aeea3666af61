"""Seeded randomness owned by a game state.

A state never touches the global ``random`` or NumPy generators. It owns an :class:`Rng`, a tiny
value (seed and a draw counter) that is copied with the state; each draw builds a fresh
``random.Random`` from both numbers, so cloning a state is cheap and the same seed and the same
actions always give the same draws.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Rng", "fresh_seed"]

T = TypeVar("T")

_SEED_BITS = 63


def fresh_seed() -> int:
    """Return a new random seed from the operating system (used when the caller gives none)."""
    return secrets.randbits(_SEED_BITS)


class Rng:
    """A deterministic random stream: ``(seed, counter)`` fully describes it."""

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed}, counter={self.counter})"

    def copy(self) -> Rng:
        """Return an independent copy at the same position of the stream."""
        return Rng(self.seed, self.counter)

    def stream(self) -> random.Random:
        """Return a generator for one chance event and advance the counter."""
        self.counter += 1
        return random.Random((self.seed << 20) ^ self.counter)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place."""
        self.stream().shuffle(items)

    def randint(self, low: int, high: int) -> int:
        """Return an integer in ``[low, high]``, both ends included (a die is ``randint(1, 6)``)."""
        return self.stream().randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return self.stream().choice(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """Return ``k`` distinct elements in random order."""
        return self.stream().sample(list(items), k)
