"""Seeded randomness owned by a game state.

A state never touches the global ``random`` or NumPy generators. It owns an :class:`Rng`, a tiny
value (seed and a draw counter) that is copied with the state; each draw builds a fresh
``random.Random`` from both numbers, so cloning a state is cheap and the same seed and the same
actions always give the same draws.

:meth:`Rng.shuffle` runs CPython's own Fisher–Yates shuffle (``random.shuffle``: from the last
position down, ``_randbelow`` by rejection from ``getrandbits``) written out with its loop
inlined, so it gives exactly ``random.Random(...).shuffle``'s order, faster.
:meth:`Rng.top_of_shuffled` runs only the first ``k`` steps of the same shuffle: the last ``k``
positions are final after them, so it returns exactly the ``k`` items a full shuffle would leave
on top, without the rest of the work. ``tests/core/test_rng.py`` checks both against
``random.Random`` for many seeds.
"""

from __future__ import annotations

import random
import secrets
from _random import Random as _CRandom
from collections.abc import Callable, MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Rng", "fresh_seed"]

T = TypeVar("T")

_SEED_BITS = 63
_BITS = tuple(n.bit_length() for n in range(257))
"""``n.bit_length()`` for small ``n``: the bits ``_randbelow(n)`` draws."""


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

    def _bits(self) -> Callable[[int], int]:
        """``getrandbits`` of the next stream (the same draws as :meth:`stream`'s generator)."""
        self.counter += 1
        return _CRandom((self.seed << 20) ^ self.counter).getrandbits

    def _fisher_yates(self, items: MutableSequence[T], steps: int) -> None:
        """The first ``steps`` steps of ``random.shuffle`` on the next stream, inlined."""
        getrandbits = self._bits()
        bits = _BITS
        for i in range(len(items) - 1, max(len(items) - 1 - steps, 0), -1):
            n = i + 1
            k = bits[n] if n < 257 else n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (exactly as ``random.Random.shuffle`` on the next stream)."""
        self._fisher_yates(items, len(items))

    def top_of_shuffled(self, items: Sequence[T], k: int) -> list[T]:
        """The ``k`` items that shuffling a copy of ``items`` would leave last, last first.

        The same as ``pile = list(items); rng.shuffle(pile); [pile.pop() for _ in range(k)]``
        (one stream, the same draws) without shuffling the rest of the pile.
        """
        pile = list(items)
        self._fisher_yates(pile, k)
        return pile[: -k - 1 : -1] if k > 0 else []

    def randint(self, low: int, high: int) -> int:
        """Return an integer in ``[low, high]``, both ends included (a die is ``randint(1, 6)``)."""
        return self.stream().randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return self.stream().choice(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """Return ``k`` distinct elements in random order."""
        return self.stream().sample(list(items), k)
