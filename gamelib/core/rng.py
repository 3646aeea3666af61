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

import functools
import random
import secrets
import struct
from _random import Random as _CRandom
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Rng", "fresh_seed"]

T = TypeVar("T")

_SEED_BITS = 63


_new_random = random.Random.__new__
_seed_random = _CRandom.seed


def fresh_seed() -> int:
    """Return a new random seed from the operating system (used when the caller gives none)."""
    return secrets.randbits(_SEED_BITS)


def _words(value: int, m: int) -> tuple[int, ...]:
    """The ``m`` 32-bit words of ``value``, least significant first."""
    return _struct(m).unpack(value.to_bytes(4 * m, "little"))


@functools.lru_cache(maxsize=64)
def _struct(m: int) -> struct.Struct:
    return struct.Struct(f"<{m}I")


def _bulk(seed: int, m: int, small: bool) -> Sequence[int]:
    """The next ``m`` 32-bit words of the stream seeded with ``seed`` (``small``: only the top
    byte of each, made without an int per word)."""
    bits = _CRandom(seed).getrandbits(32 * m)
    return bits.to_bytes(4 * m, "little")[3::4] if small else _words(bits, m)


@functools.lru_cache(maxsize=256)
def _plan(size: int, last: int, bits: int = 32) -> tuple[tuple[int, int, int], ...]:
    """The steps of a Fisher–Yates shuffle of ``size`` items down to position ``last``:
    (position, ``n`` of ``_randbelow(n)``, shift of a ``bits``-bit number to the top bits of
    ``n``'s size: a 32-bit word, or its top byte when no ``n`` is over 255)."""
    return tuple((i, i + 1, bits - (i + 1).bit_length()) for i in range(size - 1, last, -1))


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
        """Return a generator for one chance event and advance the counter.

        It is ``random.Random((seed << 20) ^ counter)`` seeded once: ``random.Random(x)``
        seeds in ``__new__`` and again in ``__init__`` (CPython 3.11), twice the work.
        """
        self.counter += 1
        generator = _new_random(random.Random)
        _seed_random(generator, (self.seed << 20) ^ self.counter)
        generator.gauss_next = None  # type: ignore[attr-defined]  # (as Random.seed leaves it)
        return generator

    def _fisher_yates(self, items: MutableSequence[T], steps: int) -> None:
        """The first ``steps`` steps of ``random.shuffle`` on the next stream, inlined.

        ``getrandbits(k)`` for ``k <= 32`` is the top ``k`` bits of the generator's next 32-bit
        word, and ``getrandbits(32 * m)`` is its next ``m`` words, the first the least
        significant: the words are drawn in bulk and each ``_randbelow`` try takes one (for piles of
        at most 255 items, only its top byte: no ``n`` needs more bits). In the rare case that
        the retries use up the words drawn, the shuffle is done again one ``getrandbits`` call at
        a time, from the start of the same stream.
        """
        self.counter += 1
        size = len(items)
        last = max(size - 1 - steps, 0)
        seed = (self.seed << 20) ^ self.counter
        small = size <= 255  # each try needs 8 bits at most: the top byte of its word
        plan = _plan(size, last, 8 if small else 32)
        if not plan:
            return
        # (~1.4 tries a draw on average, up to 2 for n just over a power of two: spare words
        # are cheap, the fallback below is not)
        words = _bulk(seed, 2 * len(plan) + 16, small)
        pile = list(items)
        try:
            w = 0
            for i, n, shift in plan:
                j = words[w] >> shift
                w += 1
                while j >= n:
                    j = words[w] >> shift
                    w += 1
                pile[i], pile[j] = pile[j], pile[i]
        except IndexError:
            pile = list(items)
            getrandbits = _CRandom(seed).getrandbits
            for i, n, _shift in plan:
                k = n.bit_length()
                j = getrandbits(k)
                while j >= n:
                    j = getrandbits(k)
                pile[i], pile[j] = pile[j], pile[i]
        if type(items) is list:
            items[:] = pile
        else:  # any mutable sequence, as random.shuffle takes (a deque has no slices)
            for i, item in enumerate(pile):
                items[i] = item

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
